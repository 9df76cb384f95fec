graph():
    %x : [num_users=1] = placeholder[target=x]
    %p_lin_bias : [num_users=1] = placeholder[target=p_lin_bias]
    %p_lin_weight : [num_users=1] = placeholder[target=p_lin_weight]
    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%x, %p_lin_weight, %p_lin_bias), kwargs = {})
    %sin : [num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%linear,), kwargs = {})
    return (sin,)
