graph()
    %x : [num_users=1] = placeholder[target=x]
    return x
