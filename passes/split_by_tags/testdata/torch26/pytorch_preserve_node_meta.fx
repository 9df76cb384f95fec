graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %add : [num_users=1] = call_function[target=operator.add](args = (%x, %x), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%y, %y), kwargs = {})
    %sub : [num_users=1] = call_function[target=operator.sub](args = (%add, %mul), kwargs = {})
    return sub
