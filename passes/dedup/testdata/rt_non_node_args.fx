graph():
    %x : [#users=8] = placeholder[target=x]
    %y : [#users=2] = placeholder[target=y]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %add : [#users=1] = call_function[target=torch.add](args = (%mul, %x), kwargs = {alpha: 1})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {dim: 1})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%y, 2), kwargs = {})
    %add_1 : [#users=1] = call_function[target=torch.add](args = (%mul_1, %y), kwargs = {alpha: 1})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add_1,), kwargs = {dim: 1})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%x, 3), kwargs = {})
    %add_2 : [#users=1] = call_function[target=torch.add](args = (%mul_2, %x), kwargs = {alpha: 1})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%add_2,), kwargs = {dim: 1})
    %mul_3 : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %add_3 : [#users=1] = call_function[target=torch.add](args = (%mul_3, %x), kwargs = {alpha: 0.5})
    %sum_4 : [#users=1] = call_method[target=sum](args = (%add_3,), kwargs = {dim: 1})
    %mul_4 : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %add_4 : [#users=1] = call_function[target=torch.add](args = (%mul_4, %x), kwargs = {alpha: 1})
    %sum_5 : [#users=1] = call_method[target=sum](args = (%add_4,), kwargs = {dim: 0})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %add_6 : [#users=1] = call_function[target=operator.add](args = (%add_5, %sum_3), kwargs = {})
    %add_7 : [#users=1] = call_function[target=operator.add](args = (%add_6, %sum_4), kwargs = {})
    %add_8 : [#users=1] = call_function[target=operator.add](args = (%add_7, %sum_5), kwargs = {})
    return add_8
