graph():
    %x : [num_users=1] = placeholdr[target=x]
    return x
