graph():
    %x : [#users=2] = placeholder[target=x]
    %view : [#users=2] = call_method[target=view](args = (%x, -1), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%view,), kwargs = {})
    %view_1 : [#users=2] = call_method[target=view](args = (%x, -1), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%view_1,), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%view, 2), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%view_1, %sum_1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, %sum_2), kwargs = {})
    return add_1
