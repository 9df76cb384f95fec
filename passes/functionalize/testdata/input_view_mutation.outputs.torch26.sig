output 0 updates input 0 (user_input)
outputs 2, inputs 2
