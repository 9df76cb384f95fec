graph():
    %p_fn_self_attn_in_proj_weight : [num_users=1] = placeholder[target=p_fn_self_attn_in_proj_weight]
    %p_fn_self_attn_in_proj_bias : [num_users=1] = placeholder[target=p_fn_self_attn_in_proj_bias]
    %p_fn_self_attn_out_proj_weight : [num_users=1] = placeholder[target=p_fn_self_attn_out_proj_weight]
    %p_fn_self_attn_out_proj_bias : [num_users=1] = placeholder[target=p_fn_self_attn_out_proj_bias]
    %p_fn_linear1_weight : [num_users=1] = placeholder[target=p_fn_linear1_weight]
    %p_fn_linear1_bias : [num_users=1] = placeholder[target=p_fn_linear1_bias]
    %p_fn_linear2_weight : [num_users=1] = placeholder[target=p_fn_linear2_weight]
    %p_fn_linear2_bias : [num_users=1] = placeholder[target=p_fn_linear2_bias]
    %p_fn_norm1_weight : [num_users=1] = placeholder[target=p_fn_norm1_weight]
    %p_fn_norm1_bias : [num_users=1] = placeholder[target=p_fn_norm1_bias]
    %p_fn_norm2_weight : [num_users=1] = placeholder[target=p_fn_norm2_weight]
    %p_fn_norm2_bias : [num_users=1] = placeholder[target=p_fn_norm2_bias]
    %src : [num_users=2] = placeholder[target=src]
    %transpose : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%src, 1, 0), kwargs = {})
    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%transpose, %p_fn_self_attn_in_proj_weight, %p_fn_self_attn_in_proj_bias), kwargs = {})
    %unflatten : [num_users=1] = call_function[target=torch.ops.aten.unflatten.int](args = (%linear, -1, [3, 32]), kwargs = {})
    %unsqueeze : [num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unflatten, 0), kwargs = {})
    %transpose_1 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%unsqueeze, 0, -2), kwargs = {})
    %squeeze : [num_users=1] = call_function[target=torch.ops.aten.squeeze.dim](args = (%transpose_1, -2), kwargs = {})
    %contiguous : [num_users=3] = call_function[target=torch.ops.aten.contiguous.default](args = (%squeeze,), kwargs = {})
    %select : [num_users=1] = call_function[target=torch.ops.aten.select.int](args = (%contiguous, 0, 0), kwargs = {})
    %select_1 : [num_users=1] = call_function[target=torch.ops.aten.select.int](args = (%contiguous, 0, 1), kwargs = {})
    %select_2 : [num_users=1] = call_function[target=torch.ops.aten.select.int](args = (%contiguous, 0, 2), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%select, [8, 8, 8]), kwargs = {})
    %transpose_2 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view, 0, 1), kwargs = {})
    %view_1 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%select_1, [8, 8, 8]), kwargs = {})
    %transpose_3 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_1, 0, 1), kwargs = {})
    %view_2 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%select_2, [8, 8, 8]), kwargs = {})
    %transpose_4 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_2, 0, 1), kwargs = {})
    %view_3 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%transpose_2, [2, 4, 8, 8]), kwargs = {})
    %view_4 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%transpose_3, [2, 4, 8, 8]), kwargs = {})
    %view_5 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%transpose_4, [2, 4, 8, 8]), kwargs = {})
    %scaled_dot_product_attention : [num_users=1] = call_function[target=torch.ops.aten.scaled_dot_product_attention.default](args = (%view_3, %view_4, %view_5), kwargs = {})
    %permute : [num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%scaled_dot_product_attention, [2, 0, 1, 3]), kwargs = {})
    %view_6 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%permute, [16, 32]), kwargs = {})
    %linear_1 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%view_6, %p_fn_self_attn_out_proj_weight, %p_fn_self_attn_out_proj_bias), kwargs = {})
    %view_7 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%linear_1, [8, 2, 32]), kwargs = {})
    %transpose_5 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_7, 1, 0), kwargs = {})
    %dropout : [num_users=1] = call_function[target=torch.ops.aten.dropout.default](args = (%transpose_5, 0.0, False), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%src, %dropout), kwargs = {})
    %layer_norm : [num_users=2] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add, [32], %p_fn_norm1_weight, %p_fn_norm1_bias), kwargs = {})
    %linear_2 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm, %p_fn_linear1_weight, %p_fn_linear1_bias), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%linear_2,), kwargs = {})
    %dropout_1 : [num_users=1] = call_function[target=torch.ops.aten.dropout.default](args = (%relu, 0.0, False), kwargs = {})
    %linear_3 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%dropout_1, %p_fn_linear2_weight, %p_fn_linear2_bias), kwargs = {})
    %dropout_2 : [num_users=1] = call_function[target=torch.ops.aten.dropout.default](args = (%linear_3, 0.0, False), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%layer_norm, %dropout_2), kwargs = {})
    %layer_norm_1 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_1, [32], %p_fn_norm2_weight, %p_fn_norm2_bias), kwargs = {})
    return (layer_norm_1,)
