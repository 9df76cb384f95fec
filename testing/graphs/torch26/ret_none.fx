graph():
    %x : [num_users=1] = placeholder[target=x]
    %add_ : [num_users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
    return None
