graph():
    %x : [num_users=1] = placeholder[target=x]
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%x, 0, 1), kwargs = {})
    return getitem
