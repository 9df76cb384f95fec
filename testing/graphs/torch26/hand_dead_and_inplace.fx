graph():
    %x : [num_users=2] = placeholder[target=x]
    %unused : [num_users=0] = placeholder[target=unused]
    %relu : [num_users=3] = call_method[target=relu](args = (%x,), kwargs = {})
    %mul : [num_users=0] = call_function[target=operator.mul](args = (%x, 3), kwargs = {})
    %add_ : [num_users=0] = call_method[target=add_](args = (%relu, 1), kwargs = {})
    %clamp_ : [num_users=0] = call_method[target=clamp_](args = (%relu,), kwargs = {min: 0.0})
    return relu
