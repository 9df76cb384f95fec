graph():
    %primals_3 : [num_users=1] = placeholder[target=primals_3]
    %primals_4 : [num_users=1] = placeholder[target=primals_4]
    %primals_5 : [num_users=1] = placeholder[target=primals_5]
    %addmm : [num_users=1] = placeholder[target=addmm]
    %getitem : [num_users=1] = placeholder[target=getitem]
    %getitem_1 : [num_users=1] = placeholder[target=getitem_1]
    %getitem_2 : [num_users=1] = placeholder[target=getitem_2]
    %gelu : [num_users=1] = placeholder[target=gelu]
    %t_1 : [num_users=1] = placeholder[target=t_1]
    %tangents_1 : [num_users=1] = placeholder[target=tangents_1]
    %expand : [num_users=3] = call_function[target=torch.ops.aten.expand.default](args = (%tangents_1, [2, 4]), kwargs = {})
    %t_2 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%t_1,), kwargs = {})
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%expand, %t_2), kwargs = {})
    %t_3 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%expand,), kwargs = {})
    %mm_1 : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%t_3, %gelu), kwargs = {})
    %t_4 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%mm_1,), kwargs = {})
    %sum_2 : [num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%expand, [0], True), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%sum_2, [4]), kwargs = {})
    %t_5 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%t_4,), kwargs = {})
    %gelu_backward : [num_users=1] = call_function[target=torch.ops.aten.gelu_backward.default](args = (%mm, %getitem), kwargs = {})
    %native_layer_norm_backward : [num_users=3] = call_function[target=torch.ops.aten.native_layer_norm_backward.default](args = (%gelu_backward, %addmm, [16], %getitem_1, %getitem_2, %primals_4, %primals_5, [True, True, True]), kwargs = {})
    %getitem_3 : [num_users=2] = call_function[target=operator.getitem](args = (%native_layer_norm_backward, 0), kwargs = {})
    %getitem_4 : [num_users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_backward, 1), kwargs = {})
    %getitem_5 : [num_users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_backward, 2), kwargs = {})
    %t_6 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%getitem_3,), kwargs = {})
    %mm_2 : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%t_6, %primals_3), kwargs = {})
    %t_7 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%mm_2,), kwargs = {})
    %sum_3 : [num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%getitem_3, [0], True), kwargs = {})
    %view_1 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%sum_3, [16]), kwargs = {})
    %t_8 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%t_7,), kwargs = {})
    return (t_8, view_1, None, getitem_4, getitem_5, t_5, view)
