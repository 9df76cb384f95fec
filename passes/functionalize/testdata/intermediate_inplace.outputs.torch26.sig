outputs 1, inputs 1
