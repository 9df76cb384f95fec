graph():
    %x_1 : [num_users=2] = placeholder[target=x_1]
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%x_1, [-1]), kwargs = {})
    %mul_ : [num_users=0] = call_function[target=torch.ops.aten.mul_.Tensor](args = (%view, 2), kwargs = {})
    return (x_1,)
