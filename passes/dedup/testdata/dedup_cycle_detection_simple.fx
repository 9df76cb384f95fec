graph():
    %x : [#users=1] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %add_2), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%y, 2), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add_1,), kwargs = {})
    %add_2 : [#users=2] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    return add_2
