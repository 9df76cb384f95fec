graph():
    %x : [#users=1] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %z : [#users=2] = placeholder[target=z]
    %sin : [#users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %cos : [#users=2] = call_function[target=torch.cos](args = (%y,), kwargs = {})
    %sin_ : [#users=0] = call_method[target=sin_](args = (%z,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%cos, %z), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%sin,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%cos,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    return add
