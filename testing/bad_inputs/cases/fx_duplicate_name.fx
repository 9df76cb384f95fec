graph():
    %x : [num_users=1] = placeholder[target=x]
    %x : [num_users=0] = placeholder[target=y]
    return x
