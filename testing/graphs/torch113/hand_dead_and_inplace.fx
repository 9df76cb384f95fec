graph():
    %x : [#users=2] = placeholder[target=x]
    %unused : [#users=0] = placeholder[target=unused]
    %relu : [#users=3] = call_method[target=relu](args = (%x,), kwargs = {})
    %mul : [#users=0] = call_function[target=operator.mul](args = (%x, 3), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%relu, 1), kwargs = {})
    %clamp_ : [#users=0] = call_method[target=clamp_](args = (%relu,), kwargs = {min: 0.0})
    return relu
