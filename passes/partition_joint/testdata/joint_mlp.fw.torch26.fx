graph():
    %primals_1 : [num_users=1] = placeholder[target=primals_1]
    %primals_2 : [num_users=1] = placeholder[target=primals_2]
    %primals_3 : [num_users=2] = placeholder[target=primals_3]
    %primals_4 : [num_users=2] = placeholder[target=primals_4]
    %primals_5 : [num_users=2] = placeholder[target=primals_5]
    %primals_6 : [num_users=1] = placeholder[target=primals_6]
    %primals_7 : [num_users=1] = placeholder[target=primals_7]
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%primals_1,), kwargs = {})
    %addmm : [num_users=2] = call_function[target=torch.ops.aten.addmm.default](args = (%primals_2, %primals_3, %t), kwargs = {})
    %native_layer_norm : [num_users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%addmm, [16], %primals_4, %primals_5, 1e-05), kwargs = {})
    %getitem : [num_users=2] = call_function[target=operator.getitem](args = (%native_layer_norm, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%native_layer_norm, 1), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%native_layer_norm, 2), kwargs = {})
    %gelu : [num_users=2] = call_function[target=torch.ops.aten.gelu.default](args = (%getitem,), kwargs = {})
    %t_1 : [num_users=2] = call_function[target=torch.ops.aten.t.default](args = (%primals_6,), kwargs = {})
    %addmm_1 : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%primals_7, %gelu, %t_1), kwargs = {})
    %sum_1 : [num_users=1] = call_function[target=torch.ops.aten.sum.default](args = (%addmm_1,), kwargs = {})
    return (sum_1, primals_3, primals_4, primals_5, addmm, getitem, getitem_1, getitem_2, gelu, t_1)
