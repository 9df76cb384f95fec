graph():
    %x : [#users=1] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %relu : [#users=2] = call_function[target=torch.relu](args = (%add,), kwargs = {})
    %size : [#users=1] = call_method[target=size](args = (%relu, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%relu, 2), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%y, 1), kwargs = {})
    %relu_1 : [#users=2] = call_function[target=torch.relu](args = (%add_1,), kwargs = {})
    %size_1 : [#users=1] = call_method[target=size](args = (%relu_1, 1), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%relu_1, 2), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%mul, 0), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%sum_1, %size), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%mul_1, 0), kwargs = {})
    %mul_3 : [#users=1] = call_function[target=operator.mul](args = (%sum_2, %size_1), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%mul_2, %mul_3), kwargs = {})
    return add_2
