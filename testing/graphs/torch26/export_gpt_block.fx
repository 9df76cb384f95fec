graph():
    %p_ln_1_weight : [num_users=1] = placeholder[target=p_ln_1_weight]
    %p_ln_1_bias : [num_users=1] = placeholder[target=p_ln_1_bias]
    %p_attn_c_attn_weight : [num_users=1] = placeholder[target=p_attn_c_attn_weight]
    %p_attn_c_attn_bias : [num_users=1] = placeholder[target=p_attn_c_attn_bias]
    %p_attn_c_proj_weight : [num_users=1] = placeholder[target=p_attn_c_proj_weight]
    %p_attn_c_proj_bias : [num_users=1] = placeholder[target=p_attn_c_proj_bias]
    %p_ln_2_weight : [num_users=1] = placeholder[target=p_ln_2_weight]
    %p_ln_2_bias : [num_users=1] = placeholder[target=p_ln_2_bias]
    %p_mlp_c_fc_weight : [num_users=1] = placeholder[target=p_mlp_c_fc_weight]
    %p_mlp_c_fc_bias : [num_users=1] = placeholder[target=p_mlp_c_fc_bias]
    %p_mlp_c_proj_weight : [num_users=1] = placeholder[target=p_mlp_c_proj_weight]
    %p_mlp_c_proj_bias : [num_users=1] = placeholder[target=p_mlp_c_proj_bias]
    %b_attn_bias : [num_users=1] = placeholder[target=b_attn_bias]
    %x : [num_users=2] = placeholder[target=x]
    %layer_norm : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%x, [32], %p_ln_1_weight, %p_ln_1_bias), kwargs = {})
    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm, %p_attn_c_attn_weight, %p_attn_c_attn_bias), kwargs = {})
    %split : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear, 32, 2), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 2), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_1, [2, 8, 4, 8]), kwargs = {})
    %transpose : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view, 1, 2), kwargs = {})
    %view_1 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem, [2, 8, 4, 8]), kwargs = {})
    %transpose_1 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_1, 1, 2), kwargs = {})
    %view_2 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_2, [2, 8, 4, 8]), kwargs = {})
    %transpose_2 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_2, 1, 2), kwargs = {})
    %transpose_3 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose, -2, -1), kwargs = {})
    %matmul : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_1, %transpose_3), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul, 0.35355339059327373), kwargs = {})
    %slice_1 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%b_attn_bias, 0, 0, 9223372036854775807), kwargs = {})
    %slice_2 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_1, 1, 0, 9223372036854775807), kwargs = {})
    %slice_3 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_2, 2, 0, 8), kwargs = {})
    %slice_4 : [num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_3, 3, 0, 8), kwargs = {})
    %eq : [num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%slice_4, 0), kwargs = {})
    %masked_fill : [num_users=1] = call_function[target=torch.ops.aten.masked_fill.Scalar](args = (%mul, %eq, -inf), kwargs = {})
    %softmax : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%masked_fill, -1), kwargs = {})
    %dropout : [num_users=1] = call_function[target=torch.ops.aten.dropout.default](args = (%softmax, 0.1, False), kwargs = {})
    %matmul_1 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%dropout, %transpose_2), kwargs = {})
    %transpose_4 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_1, 1, 2), kwargs = {})
    %contiguous : [num_users=1] = call_function[target=torch.ops.aten.contiguous.default](args = (%transpose_4,), kwargs = {})
    %view_3 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%contiguous, [2, 8, 32]), kwargs = {})
    %linear_1 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%view_3, %p_attn_c_proj_weight, %p_attn_c_proj_bias), kwargs = {})
    %dropout_1 : [num_users=1] = call_function[target=torch.ops.aten.dropout.default](args = (%linear_1, 0.1, False), kwargs = {})
    %add : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, %dropout_1), kwargs = {})
    %layer_norm_1 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add, [32], %p_ln_2_weight, %p_ln_2_bias), kwargs = {})
    %linear_2 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_1, %p_mlp_c_fc_weight, %p_mlp_c_fc_bias), kwargs = {})
    %gelu : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_2,), kwargs = {approximate: tanh})
    %linear_3 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu, %p_mlp_c_proj_weight, %p_mlp_c_proj_bias), kwargs = {})
    %dropout_2 : [num_users=1] = call_function[target=torch.ops.aten.dropout.default](args = (%linear_3, 0.1, False), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %dropout_2), kwargs = {})
    return (add_1,)
