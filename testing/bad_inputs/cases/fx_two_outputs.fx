graph():
    %x : [num_users=1] = placeholder[target=x]
    %neg : [num_users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})
    return neg
    return neg
