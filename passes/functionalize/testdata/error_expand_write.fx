graph():
    %x_1 : [num_users=1] = placeholder[target=x_1]
    %expand : [num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%x_1, [4, 4]), kwargs = {})
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%expand, 1), kwargs = {})
    return (add_,)
