graph():
    %x : [#users=1] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %sin : [#users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %mul : [#users=2] = call_function[target=operator.mul](args = (%sin, 2), kwargs = {})
    %cos : [#users=1] = call_function[target=torch.cos](args = (%mul,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %cos), kwargs = {})
    %sin_1 : [#users=1] = call_function[target=torch.sin](args = (%y,), kwargs = {})
    %mul_1 : [#users=2] = call_function[target=operator.mul](args = (%sin_1, 2), kwargs = {})
    %tan : [#users=1] = call_function[target=torch.tan](args = (%mul_1,), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%mul_1, %tan), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%add, %add_1), kwargs = {})
    return add_2
