graph():
    %x : [#users=1] = placeholder[target=x]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %sin : [#users=1] = call_function[target=torch.sin](args = (%mul,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sin, 1), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%add, 2), kwargs = {})
    %cos : [#users=1] = call_function[target=torch.cos](args = (%mul_1,), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%cos, 1), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%add_1, 2), kwargs = {})
    %tanh : [#users=1] = call_function[target=torch.tanh](args = (%mul_2,), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%tanh, 1), kwargs = {})
    return add_2
