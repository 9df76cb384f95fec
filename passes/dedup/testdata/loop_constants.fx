graph():
    %x : [#users=6] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %sin : [#users=1] = call_function[target=torch.sin](args = (%add,), kwargs = {})
    %cos : [#users=1] = call_function[target=torch.cos](args = (%x,), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%sin, %cos), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (0, %mul), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %sin_1 : [#users=1] = call_function[target=torch.sin](args = (%add_2,), kwargs = {})
    %cos_1 : [#users=1] = call_function[target=torch.cos](args = (%x,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%sin_1, %cos_1), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_1, %mul_1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%x, 2), kwargs = {})
    %sin_2 : [#users=1] = call_function[target=torch.sin](args = (%add_4,), kwargs = {})
    %cos_2 : [#users=1] = call_function[target=torch.cos](args = (%x,), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%sin_2, %cos_2), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_3, %mul_2), kwargs = {})
    return add_5
