graph():
    %x : [num_users=2] = placeholder[target=x]
    %alpha : [num_users=1] = placeholder[target=alpha](default=2)
    %beta : [num_users=1] = placeholder[target=beta](default=0.5)
    %mode : [num_users=1] = placeholder[target=mode](default=mean)
    %flag : [num_users=1] = placeholder[target=flag](default=True)
    %shape : [num_users=1] = placeholder[target=shape](default=(2, 4))
    %none_default : [num_users=1] = placeholder[target=none_default](default=None)
    %linear : [num_users=1] = call_module[target=linear](args = (%x,), kwargs = {})
    %weight : [num_users=1] = get_attr[target=weight]
    %matmul : [num_users=1] = call_function[target=operator.matmul](args = (%linear, %weight), kwargs = {})
    %scale : [num_users=1] = get_attr[target=scale]
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%matmul, %scale), kwargs = {})
    %sub_bias : [num_users=1] = get_attr[target=sub.bias]
    %add : [num_users=1] = call_function[target=operator.add](args = (%mul, %sub_bias), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%add,), kwargs = {})
    %mean : [num_users=1] = call_method[target=mean](args = (%relu,), kwargs = {dim: -1, keepdim: True})
    %mul_1 : [num_users=1] = call_function[target=operator.mul](args = (%mean, %alpha), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%mul_1, %beta), kwargs = {})
    %_tensor_constant0 : [num_users=1] = get_attr[target=_tensor_constant0]
    %add_2 : [num_users=1] = call_function[target=operator.add](args = (%x, %_tensor_constant0), kwargs = {})
    return (add_1, add_2, mode, flag, shape, none_default)
