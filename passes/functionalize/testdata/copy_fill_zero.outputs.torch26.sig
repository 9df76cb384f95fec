output 0 updates input 0 (user_input)
outputs 3, inputs 2
