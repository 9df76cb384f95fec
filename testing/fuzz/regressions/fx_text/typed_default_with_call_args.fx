graph():
    %x : [num_users=1] = placeholder[target=x](default=](args = )
    return x
