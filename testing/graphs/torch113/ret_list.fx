graph():
    %x : [#users=2] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %sub : [#users=1] = call_function[target=operator.sub](args = (%x, 1), kwargs = {})
    return [add, sub]
