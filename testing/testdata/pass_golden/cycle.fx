graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=operator.add](args = (%x, %b), kwargs = {})
    %b : [num_users=2] = call_function[target=torch.relu](args = (%a,), kwargs = {})
    return b
