outputs 5, inputs 1
