graph():
    %x : [#users=3] = placeholder[target=x]
    %y : [#users=3] = placeholder[target=y]
    %view : [#users=1] = call_method[target=view](args = (%x, 10, 10), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %view), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%mul,), kwargs = {})
    %view_1 : [#users=1] = call_method[target=view](args = (%y, 10, 10), kwargs = {})
    %add__1 : [#users=0] = call_method[target=add_](args = (%y, 1), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%y, %view_1), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%mul_1,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    return add
