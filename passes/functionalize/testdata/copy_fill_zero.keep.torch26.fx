graph():
    %arg0_1 : [num_users=3] = placeholder[target=arg0_1]
    %arg1_1 : [num_users=2] = placeholder[target=arg1_1]
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arg0_1, 2), kwargs = {})
    %copy : [num_users=1] = call_function[target=torch.ops.aten.copy.default](args = (%mul, %arg1_1), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arg1_1, 3), kwargs = {})
    %copy_1 : [num_users=2] = call_function[target=torch.ops.aten.copy.default](args = (%arg0_1, %mul_1), kwargs = {})
    %clone : [num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%copy_1,), kwargs = {})
    %fill : [num_users=3] = call_function[target=torch.ops.aten.fill.Scalar](args = (%clone, 2.0), kwargs = {})
    %select : [num_users=0] = call_function[target=torch.ops.aten.select.int](args = (%fill, 0, 0), kwargs = {})
    %select_1 : [num_users=1] = call_function[target=torch.ops.aten.select.int](args = (%fill, 0, 0), kwargs = {})
    %zero : [num_users=1] = call_function[target=torch.ops.aten.zero.default](args = (%select_1,), kwargs = {})
    %select_scatter : [num_users=2] = call_function[target=torch.ops.aten.select_scatter.default](args = (%fill, %zero, 0, 0), kwargs = {})
    %select_2 : [num_users=0] = call_function[target=torch.ops.aten.select.int](args = (%select_scatter, 0, 0), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%arg0_1, %copy_1), kwargs = {})
    return (copy, select_scatter)
