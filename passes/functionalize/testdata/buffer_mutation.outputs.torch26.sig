output 0 updates input 2 (buffer)
output 1 updates input 3 (buffer)
outputs 3, inputs 5
