graph():
    %x : [#users=2] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    return (add, mul)
