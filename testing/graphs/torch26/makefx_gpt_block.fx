graph():
    %x_1 : [num_users=2] = placeholder[target=x_1]
    %_param_constant0 : [num_users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [num_users=1] = get_attr[target=_param_constant1]
    %native_layer_norm : [num_users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%x_1, [32], %_param_constant0, %_param_constant1, 1e-05), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%native_layer_norm, 0), kwargs = {})
    %getitem_1 : [num_users=0] = call_function[target=operator.getitem](args = (%native_layer_norm, 1), kwargs = {})
    %getitem_2 : [num_users=0] = call_function[target=operator.getitem](args = (%native_layer_norm, 2), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem, [16, 32]), kwargs = {})
    %_param_constant2 : [num_users=1] = get_attr[target=_param_constant2]
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant2,), kwargs = {})
    %_param_constant3 : [num_users=1] = get_attr[target=_param_constant3]
    %addmm : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant3, %view, %t), kwargs = {})
    %view_1 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm, [2, 8, 96]), kwargs = {})
    %split : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_1, 32, 2), kwargs = {})
    %getitem_3 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_4 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %getitem_5 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 2), kwargs = {})
    %view_2 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_4, [2, 8, 4, 8]), kwargs = {})
    %transpose : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_2, 1, 2), kwargs = {})
    %view_3 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_3, [2, 8, 4, 8]), kwargs = {})
    %transpose_1 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_3, 1, 2), kwargs = {})
    %view_4 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_5, [2, 8, 4, 8]), kwargs = {})
    %transpose_2 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_4, 1, 2), kwargs = {})
    %transpose_3 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose, -2, -1), kwargs = {})
    %expand : [num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%transpose_1, [2, 4, 8, 8]), kwargs = {})
    %clone : [num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand,), kwargs = {memory_format: torch.contiguous_format})
    %_unsafe_view : [num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%clone, [8, 8, 8]), kwargs = {})
    %expand_1 : [num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%transpose_3, [2, 4, 8, 8]), kwargs = {})
    %clone_1 : [num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_1,), kwargs = {memory_format: torch.contiguous_format})
    %_unsafe_view_1 : [num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%clone_1, [8, 8, 8]), kwargs = {})
    %bmm : [num_users=1] = call_function[target=torch.ops.aten.bmm.default](args = (%_unsafe_view, %_unsafe_view_1), kwargs = {})
    %_unsafe_view_2 : [num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%bmm, [2, 4, 8, 8]), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%_unsafe_view_2, 0.35355339059327373), kwargs = {})
    %_tensor_constant0 : [num_users=1] = get_attr[target=_tensor_constant0]
    %slice_1 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%_tensor_constant0, 0, 0, 9223372036854775807), kwargs = {})
    %slice_2 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_1, 1, 0, 9223372036854775807), kwargs = {})
    %slice_3 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_2, 2, 0, 8), kwargs = {})
    %slice_4 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_3, 3, 0, 8), kwargs = {})
    %eq : [num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%slice_4, 0), kwargs = {})
    %masked_fill : [num_users=1] = call_function[target=torch.ops.aten.masked_fill.Scalar](args = (%mul, %eq, -inf), kwargs = {})
    %_softmax : [num_users=2] = call_function[target=torch.ops.aten._softmax.default](args = (%masked_fill, -1, False), kwargs = {})
    %detach : [num_users=0] = call_function[target=torch.ops.aten.detach.default](args = (%_softmax,), kwargs = {})
    %expand_2 : [num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%_softmax, [2, 4, 8, 8]), kwargs = {})
    %view_5 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%expand_2, [8, 8, 8]), kwargs = {})
    %expand_3 : [num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%transpose_2, [2, 4, 8, 8]), kwargs = {})
    %clone_2 : [num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_3,), kwargs = {memory_format: torch.contiguous_format})
    %_unsafe_view_3 : [num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%clone_2, [8, 8, 8]), kwargs = {})
    %bmm_1 : [num_users=1] = call_function[target=torch.ops.aten.bmm.default](args = (%view_5, %_unsafe_view_3), kwargs = {})
    %_unsafe_view_4 : [num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%bmm_1, [2, 4, 8, 8]), kwargs = {})
    %transpose_4 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%_unsafe_view_4, 1, 2), kwargs = {})
    %clone_3 : [num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_4,), kwargs = {memory_format: torch.contiguous_format})
    %view_6 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_3, [2, 8, 32]), kwargs = {})
    %view_7 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_6, [16, 32]), kwargs = {})
    %_param_constant4 : [num_users=1] = get_attr[target=_param_constant4]
    %t_1 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant4,), kwargs = {})
    %_param_constant5 : [num_users=1] = get_attr[target=_param_constant5]
    %addmm_1 : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant5, %view_7, %t_1), kwargs = {})
    %view_8 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_1, [2, 8, 32]), kwargs = {})
    %add : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%x_1, %view_8), kwargs = {})
    %_param_constant6 : [num_users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [num_users=1] = get_attr[target=_param_constant7]
    %native_layer_norm_1 : [num_users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add, [32], %_param_constant6, %_param_constant7, 1e-05), kwargs = {})
    %getitem_6 : [num_users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_1, 0), kwargs = {})
    %getitem_7 : [num_users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_1, 1), kwargs = {})
    %getitem_8 : [num_users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_1, 2), kwargs = {})
    %view_9 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_6, [16, 32]), kwargs = {})
    %_param_constant8 : [num_users=1] = get_attr[target=_param_constant8]
    %t_2 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant8,), kwargs = {})
    %_param_constant9 : [num_users=1] = get_attr[target=_param_constant9]
    %addmm_2 : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant9, %view_9, %t_2), kwargs = {})
    %view_10 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_2, [2, 8, 128]), kwargs = {})
    %gelu : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_10,), kwargs = {approximate: tanh})
    %view_11 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu, [16, 128]), kwargs = {})
    %_param_constant10 : [num_users=1] = get_attr[target=_param_constant10]
    %t_3 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant10,), kwargs = {})
    %_param_constant11 : [num_users=1] = get_attr[target=_param_constant11]
    %addmm_3 : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant11, %view_11, %t_3), kwargs = {})
    %view_12 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_3, [2, 8, 32]), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %view_12), kwargs = {})
    return add_1
