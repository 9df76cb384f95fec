graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_method[target=relu](args = (%x,), kwargs = {})
    return (relu,)
