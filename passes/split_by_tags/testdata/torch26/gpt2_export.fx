graph():
    %wte_weight : [num_users=1] = get_attr[target=wte.weight]
    %wpe_weight : [num_users=1] = get_attr[target=wpe.weight]
    %h_0_ln1_weight : [num_users=1] = get_attr[target=h.0.ln1.weight]
    %h_0_ln1_bias : [num_users=1] = get_attr[target=h.0.ln1.bias]
    %h_0_attn_qkv_weight : [num_users=1] = get_attr[target=h.0.attn.qkv.weight]
    %h_0_attn_qkv_bias : [num_users=1] = get_attr[target=h.0.attn.qkv.bias]
    %h_0_attn_proj_weight : [num_users=1] = get_attr[target=h.0.attn.proj.weight]
    %h_0_attn_proj_bias : [num_users=1] = get_attr[target=h.0.attn.proj.bias]
    %h_0_ln2_weight : [num_users=1] = get_attr[target=h.0.ln2.weight]
    %h_0_ln2_bias : [num_users=1] = get_attr[target=h.0.ln2.bias]
    %h_0_mlp_fc1_weight : [num_users=1] = get_attr[target=h.0.mlp.fc1.weight]
    %h_0_mlp_fc1_bias : [num_users=1] = get_attr[target=h.0.mlp.fc1.bias]
    %h_0_mlp_fc2_weight : [num_users=1] = get_attr[target=h.0.mlp.fc2.weight]
    %h_0_mlp_fc2_bias : [num_users=1] = get_attr[target=h.0.mlp.fc2.bias]
    %h_1_ln1_weight : [num_users=1] = get_attr[target=h.1.ln1.weight]
    %h_1_ln1_bias : [num_users=1] = get_attr[target=h.1.ln1.bias]
    %h_1_attn_qkv_weight : [num_users=1] = get_attr[target=h.1.attn.qkv.weight]
    %h_1_attn_qkv_bias : [num_users=1] = get_attr[target=h.1.attn.qkv.bias]
    %h_1_attn_proj_weight : [num_users=1] = get_attr[target=h.1.attn.proj.weight]
    %h_1_attn_proj_bias : [num_users=1] = get_attr[target=h.1.attn.proj.bias]
    %h_1_ln2_weight : [num_users=1] = get_attr[target=h.1.ln2.weight]
    %h_1_ln2_bias : [num_users=1] = get_attr[target=h.1.ln2.bias]
    %h_1_mlp_fc1_weight : [num_users=1] = get_attr[target=h.1.mlp.fc1.weight]
    %h_1_mlp_fc1_bias : [num_users=1] = get_attr[target=h.1.mlp.fc1.bias]
    %h_1_mlp_fc2_weight : [num_users=1] = get_attr[target=h.1.mlp.fc2.weight]
    %h_1_mlp_fc2_bias : [num_users=1] = get_attr[target=h.1.mlp.fc2.bias]
    %ln_f_weight : [num_users=1] = get_attr[target=ln_f.weight]
    %ln_f_bias : [num_users=1] = get_attr[target=ln_f.bias]
    %lm_head_weight : [num_users=1] = get_attr[target=lm_head.weight]
    %pos : [num_users=1] = get_attr[target=pos]
    %idx : [num_users=1] = placeholder[target=idx]
    %embedding : [num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%wte_weight, %idx), kwargs = {})
    %embedding_1 : [num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%wpe_weight, %pos), kwargs = {})
    %add : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
    %layer_norm : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add, [16], %h_0_ln1_weight, %h_0_ln1_bias), kwargs = {})
    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm, %h_0_attn_qkv_weight, %h_0_attn_qkv_bias), kwargs = {})
    %split : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear, 16, 2), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 2), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem, [2, 8, 2, 8]), kwargs = {})
    %transpose : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view, 1, 2), kwargs = {})
    %view_1 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_1, [2, 8, 2, 8]), kwargs = {})
    %transpose_1 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_1, 1, 2), kwargs = {})
    %view_2 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_2, [2, 8, 2, 8]), kwargs = {})
    %transpose_2 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_2, 1, 2), kwargs = {})
    %transpose_3 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_1, -2, -1), kwargs = {})
    %matmul : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose, %transpose_3), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul, 0.35355339059327373), kwargs = {})
    %softmax : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul, -1), kwargs = {})
    %matmul_1 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax, %transpose_2), kwargs = {})
    %transpose_4 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_1, 1, 2), kwargs = {})
    %reshape : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_4, [2, 8, 16]), kwargs = {})
    %linear_1 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape, %h_0_attn_proj_weight, %h_0_attn_proj_bias), kwargs = {})
    %add_1 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %linear_1), kwargs = {})
    %layer_norm_1 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_1, [16], %h_0_ln2_weight, %h_0_ln2_bias), kwargs = {})
    %linear_2 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_1, %h_0_mlp_fc1_weight, %h_0_mlp_fc1_bias), kwargs = {})
    %gelu : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_2,), kwargs = {})
    %linear_3 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu, %h_0_mlp_fc2_weight, %h_0_mlp_fc2_bias), kwargs = {})
    %add_2 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_1, %linear_3), kwargs = {})
    %layer_norm_2 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_2, [16], %h_1_ln1_weight, %h_1_ln1_bias), kwargs = {})
    %linear_4 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_2, %h_1_attn_qkv_weight, %h_1_attn_qkv_bias), kwargs = {})
    %split_1 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_4, 16, 2), kwargs = {})
    %getitem_3 : [num_users=1] = call_function[target=operator.getitem](args = (%split_1, 0), kwargs = {})
    %getitem_4 : [num_users=1] = call_function[target=operator.getitem](args = (%split_1, 1), kwargs = {})
    %getitem_5 : [num_users=1] = call_function[target=operator.getitem](args = (%split_1, 2), kwargs = {})
    %view_3 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_3, [2, 8, 2, 8]), kwargs = {})
    %transpose_5 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_3, 1, 2), kwargs = {})
    %view_4 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_4, [2, 8, 2, 8]), kwargs = {})
    %transpose_6 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_4, 1, 2), kwargs = {})
    %view_5 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_5, [2, 8, 2, 8]), kwargs = {})
    %transpose_7 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_5, 1, 2), kwargs = {})
    %transpose_8 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_6, -2, -1), kwargs = {})
    %matmul_2 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_5, %transpose_8), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_2, 0.35355339059327373), kwargs = {})
    %softmax_1 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_1, -1), kwargs = {})
    %matmul_3 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_1, %transpose_7), kwargs = {})
    %transpose_9 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_3, 1, 2), kwargs = {})
    %reshape_1 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_9, [2, 8, 16]), kwargs = {})
    %linear_5 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_1, %h_1_attn_proj_weight, %h_1_attn_proj_bias), kwargs = {})
    %add_3 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_2, %linear_5), kwargs = {})
    %layer_norm_3 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_3, [16], %h_1_ln2_weight, %h_1_ln2_bias), kwargs = {})
    %linear_6 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_3, %h_1_mlp_fc1_weight, %h_1_mlp_fc1_bias), kwargs = {})
    %gelu_1 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_6,), kwargs = {})
    %linear_7 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_1, %h_1_mlp_fc2_weight, %h_1_mlp_fc2_bias), kwargs = {})
    %add_4 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_3, %linear_7), kwargs = {})
    %layer_norm_4 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_4, [16], %ln_f_weight, %ln_f_bias), kwargs = {})
    %linear_8 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_4, %lm_head_weight), kwargs = {})
    return (linear_8,)
