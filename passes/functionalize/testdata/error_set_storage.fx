graph():
    %x_1 : [num_users=2] = placeholder[target=x_1]
    %y_1 : [num_users=1] = placeholder[target=y_1]
    %set_ : [num_users=0] = call_function[target=torch.ops.aten.set_.source_Tensor](args = (%x_1, %y_1), kwargs = {})
    return (x_1,)
