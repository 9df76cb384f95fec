output 0 updates input 0 (user_input)
output 1 updates input 1 (user_input)
outputs 3, inputs 2
