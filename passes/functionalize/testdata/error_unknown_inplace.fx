graph():
    %x_1 : [num_users=1] = placeholder[target=x_1]
    %scale_ : [num_users=1] = call_function[target=torch.ops.mylib.scale_.default](args = (%x_1, 2.0), kwargs = {})
    return (scale_,)
