graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=m.’f](args = (%x,), kwargs = {})
    return y
