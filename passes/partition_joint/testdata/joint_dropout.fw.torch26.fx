graph():
    %primals_1 : [num_users=1] = placeholder[target=primals_1]
    %primals_2 : [num_users=2] = placeholder[target=primals_2]
    %primals_3 : [num_users=2] = placeholder[target=primals_3]
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%primals_2, %primals_1), kwargs = {})
    %tanh : [num_users=2] = call_function[target=torch.ops.aten.tanh.default](args = (%mm,), kwargs = {})
    %native_dropout : [num_users=2] = call_function[target=torch.ops.aten.native_dropout.default](args = (%tanh, 0.5, True), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%native_dropout, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%native_dropout, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%getitem, %primals_3), kwargs = {})
    %sum_1 : [num_users=1] = call_function[target=torch.ops.aten.sum.default](args = (%mul,), kwargs = {})
    return (sum_1, primals_2, primals_3, tanh, getitem_1)
