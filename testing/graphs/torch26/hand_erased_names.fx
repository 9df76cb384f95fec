graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%relu, 2), kwargs = {})
    %relu_1 : [num_users=2] = call_function[target=torch.relu](args = (%add_1,), kwargs = {})
    %relu_2 : [num_users=1] = call_function[target=operator.mul](args = (%relu_1, %relu_1), kwargs = {})
    return (relu_1, relu_2)
