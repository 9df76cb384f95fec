graph():
    %x : [num_users=2] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %sigmoid : [num_users=2] = call_function[target=torch.sigmoid](args = (%x,), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%relu, %sigmoid), kwargs = {})
    return (add, sigmoid)
