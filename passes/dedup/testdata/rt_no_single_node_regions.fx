graph():
    %x : [#users=3] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add, %add_1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %add_2), kwargs = {})
    return add_4
