graph():
    %primals_2 : [num_users=1] = placeholder[target=primals_2]
    %primals_3 : [num_users=1] = placeholder[target=primals_3]
    %tanh : [num_users=1] = placeholder[target=tanh]
    %getitem_1 : [num_users=1] = placeholder[target=getitem_1]
    %tangents_1 : [num_users=1] = placeholder[target=tangents_1]
    %detach : [num_users=1] = call_function[target=torch.ops.aten.detach.default](args = (%tanh,), kwargs = {})
    %detach_1 : [num_users=1] = call_function[target=torch.ops.aten.detach.default](args = (%detach,), kwargs = {})
    %expand : [num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%tangents_1, [2, 4]), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%expand, %primals_3), kwargs = {})
    %native_dropout_backward : [num_users=1] = call_function[target=torch.ops.aten.native_dropout_backward.default](args = (%mul_1, %getitem_1, 2.0), kwargs = {})
    %detach_2 : [num_users=1] = call_function[target=torch.ops.aten.detach.default](args = (%detach_1,), kwargs = {})
    %detach_3 : [num_users=1] = call_function[target=torch.ops.aten.detach.default](args = (%detach_2,), kwargs = {})
    %tanh_backward : [num_users=1] = call_function[target=torch.ops.aten.tanh_backward.default](args = (%native_dropout_backward, %detach_3), kwargs = {})
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%primals_2,), kwargs = {})
    %mm_1 : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%t, %tanh_backward), kwargs = {})
    return (mm_1, None, None)
