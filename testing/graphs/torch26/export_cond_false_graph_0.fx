graph():
    %x : [num_users=1] = placeholder[target=x]
    %p_lin_bias : [num_users=0] = placeholder[target=p_lin_bias]
    %p_lin_weight : [num_users=0] = placeholder[target=p_lin_weight]
    %cos : [num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%x,), kwargs = {})
    %sub : [num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%cos, 1.0), kwargs = {})
    return (sub,)
