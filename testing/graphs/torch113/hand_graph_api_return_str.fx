graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=0] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    return add
