graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    return relu
