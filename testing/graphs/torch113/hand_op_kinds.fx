graph():
    %x : [#users=2] = placeholder[target=x]
    %alpha : [#users=1] = placeholder[target=alpha](default=2)
    %beta : [#users=1] = placeholder[target=beta](default=0.5)
    %mode : [#users=1] = placeholder[target=mode](default=mean)
    %flag : [#users=1] = placeholder[target=flag](default=True)
    %shape : [#users=1] = placeholder[target=shape](default=(2, 4))
    %none_default : [#users=1] = placeholder[target=none_default](default=None)
    %linear : [#users=1] = call_module[target=linear](args = (%x,), kwargs = {})
    %weight : [#users=1] = get_attr[target=weight]
    %matmul : [#users=1] = call_function[target=operator.matmul](args = (%linear, %weight), kwargs = {})
    %scale : [#users=1] = get_attr[target=scale]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%matmul, %scale), kwargs = {})
    %sub_bias : [#users=1] = get_attr[target=sub.bias]
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %sub_bias), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%add,), kwargs = {})
    %mean : [#users=1] = call_method[target=mean](args = (%relu,), kwargs = {dim: -1, keepdim: True})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%mean, %alpha), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%mul_1, %beta), kwargs = {})
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%x, %_tensor_constant0), kwargs = {})
    return (add_1, add_2, mode, flag, shape, none_default)
