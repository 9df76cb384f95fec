graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%relu, 2), kwargs = {})
    %relu_1 : [#users=2] = call_function[target=torch.relu](args = (%add_1,), kwargs = {})
    %relu_2 : [#users=1] = call_function[target=operator.mul](args = (%relu_1, %relu_1), kwargs = {})
    return (relu_1, relu_2)
