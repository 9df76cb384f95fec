graph():  # typed
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=torch.div](args = (%x, 2), kwargs = {'rounding_mode': 'floor})
    return y
