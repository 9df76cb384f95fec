graph():
    %x : [num_users=1] = placeholder[target=x]
    %lin : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})
    %scale : [num_users=2] = get_attr[target=scale]
    %mul : [num_users=2] = call_function[target=operator.mul](args = (%lin, %scale), kwargs = {})
    %relu : [num_users=1] = call_method[target=relu](args = (%mul,), kwargs = {})
    return (relu, scale, mul)
