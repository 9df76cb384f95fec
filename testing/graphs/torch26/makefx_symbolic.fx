graph():
    %x_1 : [num_users=3] = placeholder[target=x_1]
    %y_1 : [num_users=1] = placeholder[target=y_1]
    %cat : [num_users=3] = call_function[target=torch.ops.aten.cat.default](args = ([%x_1, %y_1],), kwargs = {})
    %sym_size_int : [num_users=1] = call_function[target=torch.ops.aten.sym_size.int](args = (%x_1, 1), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat, [-1, %sym_size_int]), kwargs = {})
    %sym_size_int_1 : [num_users=2] = call_function[target=torch.ops.aten.sym_size.int](args = (%x_1, 0), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view, %sym_size_int_1), kwargs = {})
    %sum_1 : [num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%cat, [0], True), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%sym_size_int_1, 1), kwargs = {})
    %new_zeros : [num_users=1] = call_function[target=torch.ops.aten.new_zeros.default](args = (%cat, [%add]), kwargs = {pin_memory: False})
    return (mul, sum_1, new_zeros)
