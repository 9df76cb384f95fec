graph():
    %x : [#users=3] = placeholder[target=x]
    %y : [#users=3] = placeholder[target=y]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%x, 3), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %mul_1), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %mul_3 : [#users=1] = call_function[target=operator.mul](args = (%y, 3), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%mul_2, %mul_3), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add_1,), kwargs = {})
    %mul_4 : [#users=1] = call_function[target=operator.mul](args = (%y, 2), kwargs = {})
    %mul_5 : [#users=1] = call_function[target=operator.mul](args = (%y, 3), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%mul_4, %mul_5), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%add_2,), kwargs = {})
    %mul_6 : [#users=1] = call_function[target=operator.mul](args = (%sum_2, 10), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %mul_6), kwargs = {})
    %mul_7 : [#users=1] = call_function[target=operator.mul](args = (%sum_3, 100), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %mul_7), kwargs = {})
    return add_4
