graph():
    %x : [num_users=1] = placeholder[target=x]
    %f : [num_users=1] = call_function[target=f](args = (%x, (1+2j), 2j, True, False, None), kwargs = {a: 1, b: 2, c: 3})
    return f
