graph():
    %arg0_1 : [num_users=2] = placeholder[target=arg0_1]
    %arg1_1 : [num_users=2] = placeholder[target=arg1_1]
    %slice_1 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%arg0_1, 0, 1, 3), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%slice_1, 2), kwargs = {})
    %slice_scatter : [num_users=2] = call_function[target=torch.ops.aten.slice_scatter.default](args = (%arg0_1, %mul, 0, 1, 3), kwargs = {})
    %select_1 : [num_users=1] = call_function[target=torch.ops.aten.select.int](args = (%arg1_1, 0, 0), kwargs = {})
    %t_1 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%slice_scatter,), kwargs = {})
    %select_2 : [num_users=1] = call_function[target=torch.ops.aten.select.int](args = (%t_1, 0, 0), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%select_2, %select_1), kwargs = {})
    %t_2 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%slice_scatter,), kwargs = {})
    %select_scatter : [num_users=1] = call_function[target=torch.ops.aten.select_scatter.default](args = (%t_2, %add, 0, 0), kwargs = {})
    %t_3 : [num_users=2] = call_function[target=torch.ops.aten.t.default](args = (%select_scatter,), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%t_3, %arg1_1), kwargs = {})
    %sum_1 : [num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_1, [0]), kwargs = {})
    return (t_3, sum_1)
