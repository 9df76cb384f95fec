graph():
    %x : [num_users=1] = placeholder[target=p](args = (bias]
    return x
