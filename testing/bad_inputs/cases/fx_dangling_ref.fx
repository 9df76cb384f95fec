graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=operator.add](args = (%x, %z), kwargs = {})
    return y
