graph():
    %x : [num_users=2] = placeholder[target=x]
    return x
