graph():
    %x : [#users=1] = placeholder[target=x]
    %y : [#users=4] = placeholder[target=y]
    %sin : [#users=4] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sin, 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%y, 1), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%sin, %add), kwargs = {})
    %add__1 : [#users=0] = call_method[target=add_](args = (%y, %add_1), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%sin,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%y,), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %clone : [#users=3] = call_method[target=clone](args = (%sin,), kwargs = {})
    %clone_1 : [#users=3] = call_method[target=clone](args = (%y,), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%clone, 1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%clone_1, 1), kwargs = {})
    %add__2 : [#users=0] = call_method[target=add_](args = (%clone, %add_3), kwargs = {})
    %add__3 : [#users=0] = call_method[target=add_](args = (%clone_1, %add_4), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%clone,), kwargs = {})
    %sum_4 : [#users=1] = call_method[target=sum](args = (%clone_1,), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%sum_3, %sum_4), kwargs = {})
    %add_6 : [#users=1] = call_function[target=operator.add](args = (%add_2, %add_5), kwargs = {})
    return add_6
