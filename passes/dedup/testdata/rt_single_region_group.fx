graph():
    %x : [#users=3] = placeholder[target=x]
    %y : [#users=3] = placeholder[target=y]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%y, 2), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add_1,), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %sin : [#users=1] = call_function[target=torch.sin](args = (%y,), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%sin, 2), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%add_3,), kwargs = {})
    %sum_4 : [#users=1] = call_method[target=sum](args = (%add_4,), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%sum_3, %sum_4), kwargs = {})
    %add_6 : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %add_7 : [#users=1] = call_function[target=operator.add](args = (%y, 2), kwargs = {})
    %sum_5 : [#users=1] = call_method[target=sum](args = (%add_6,), kwargs = {})
    %sum_6 : [#users=1] = call_method[target=sum](args = (%add_7,), kwargs = {})
    %add_8 : [#users=1] = call_function[target=operator.add](args = (%sum_5, %sum_6), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add_8, %add_8), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%add_5, %mul), kwargs = {})
    %add_9 : [#users=1] = call_function[target=operator.add](args = (%mul_1, %add_2), kwargs = {})
    return add_9
