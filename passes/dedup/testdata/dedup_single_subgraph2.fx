graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 2), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add, 7), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%mul, 1), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%add_1, 2), kwargs = {})
    %cos : [#users=1] = call_function[target=torch.cos](args = (%add_2,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%cos, 7), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%mul_1, 1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, 2), kwargs = {})
    %sin : [#users=1] = call_function[target=torch.sin](args = (%add_4,), kwargs = {})
    return sin
