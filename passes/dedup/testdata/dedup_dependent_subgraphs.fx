graph():
    %x : [#users=2] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%y, 2), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add_1,), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_2, 2), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%add_3,), kwargs = {})
    %sum_4 : [#users=1] = call_method[target=sum](args = (%add_4,), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%sum_3, %sum_4), kwargs = {})
    return add_5
