graph():
    %x : [#users=2] = placeholder[target=x]
    %y : [#users=2] = placeholder[target=y]
    %z : [#users=2] = placeholder[target=z]
    %add_ : [#users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %y), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%mul,), kwargs = {})
    %add__1 : [#users=0] = call_method[target=add_](args = (%z, 1), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%z, %y), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%mul_1,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    return add
