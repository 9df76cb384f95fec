output 0 updates input 0 (buffer)
outputs 2, inputs 2
