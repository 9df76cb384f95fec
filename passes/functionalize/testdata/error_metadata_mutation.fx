graph():
    %x_1 : [num_users=1] = placeholder[target=x_1]
    %t_ : [num_users=1] = call_function[target=torch.ops.aten.t_.default](args = (%x_1,), kwargs = {})
    return (t_,)
