graph():
    %l_idx_ : torch.Tensor [num_users=1] = placeholder[target=L_idx_]
    %l_self_buffers_pos_ids_ : torch.Tensor [num_users=1] = placeholder[target=L_self_buffers_pos_ids_]
    %l_self_modules_transformer_modules_wte_parameters_weight_ : torch.nn.parameter.Parameter [num_users=2] = placeholder[target=L_self_modules_transformer_modules_wte_parameters_weight_]
    %l_self_modules_transformer_modules_wpe_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_wpe_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_ln_1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_ln_1_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_ln_1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_ln_1_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_0_modules_attn_buffers_bias_ : torch.Tensor [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_attn_buffers_bias_]
    %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_0_modules_ln_2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_ln_2_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_ln_2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_ln_2_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_fc_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_fc_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_fc_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_fc_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_ln_1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_ln_1_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_1_modules_ln_1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_ln_1_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_attn_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_attn_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_attn_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_attn_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_attn_buffers_bias_ : torch.Tensor [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_attn_buffers_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_ln_2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_ln_2_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_1_modules_ln_2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_ln_2_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_fc_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_fc_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_fc_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_fc_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_ln_1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_ln_1_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_2_modules_ln_1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_ln_1_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_attn_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_attn_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_attn_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_attn_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_attn_buffers_bias_ : torch.Tensor [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_attn_buffers_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_ln_2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_ln_2_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_2_modules_ln_2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_ln_2_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_fc_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_fc_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_fc_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_fc_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_ln_1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_ln_1_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_3_modules_ln_1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_ln_1_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_attn_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_attn_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_attn_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_attn_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_attn_buffers_bias_ : torch.Tensor [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_attn_buffers_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_ln_2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_ln_2_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_3_modules_ln_2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_ln_2_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_fc_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_fc_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_fc_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_fc_parameters_bias_]
    %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_proj_parameters_weight_]
    %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_proj_parameters_bias_]
    %l_self_modules_transformer_modules_ln_f_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_ln_f_parameters_weight_]
    %l_self_modules_transformer_modules_ln_f_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_transformer_modules_ln_f_parameters_bias_]
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%l_self_buffers_pos_ids_, slice(None, 8, None)), kwargs = {})
    %pos : [num_users=1] = call_method[target=to](args = (%getitem,), kwargs = {device: cpu, dtype: torch.int64})
    %tok_emb : [num_users=1] = call_function[target=torch.nn.functional.embedding](args = (%l_idx_, %l_self_modules_transformer_modules_wte_parameters_weight_, None, None, 2.0, False, False), kwargs = {})
    %pos_emb : [num_users=1] = call_function[target=torch.nn.functional.embedding](args = (%pos, %l_self_modules_transformer_modules_wpe_parameters_weight_, None, None, 2.0, False, False), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%tok_emb, %pos_emb), kwargs = {})
    %x : [num_users=2] = call_function[target=torch.nn.functional.dropout](args = (%add, 0.1, False, False), kwargs = {})
    %layer_norm : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x, (32,), %l_self_modules_transformer_modules_h_modules_0_modules_ln_1_parameters_weight_, %l_self_modules_transformer_modules_h_modules_0_modules_ln_1_parameters_bias_, 1e-05), kwargs = {})
    %linear : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm, %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_weight_, %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_attn_parameters_bias_), kwargs = {})
    %split : [num_users=3] = call_method[target=split](args = (%linear, 32), kwargs = {dim: 2})
    %q : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %k : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %v : [num_users=1] = call_function[target=operator.getitem](args = (%split, 2), kwargs = {})
    %view : [num_users=1] = call_method[target=view](args = (%k, 2, 8, 4, 8), kwargs = {})
    %k_1 : [num_users=1] = call_method[target=transpose](args = (%view, 1, 2), kwargs = {})
    %view_1 : [num_users=1] = call_method[target=view](args = (%q, 2, 8, 4, 8), kwargs = {})
    %q_1 : [num_users=1] = call_method[target=transpose](args = (%view_1, 1, 2), kwargs = {})
    %view_2 : [num_users=1] = call_method[target=view](args = (%v, 2, 8, 4, 8), kwargs = {})
    %v_1 : [num_users=1] = call_method[target=transpose](args = (%view_2, 1, 2), kwargs = {})
    %transpose_3 : [num_users=1] = call_method[target=transpose](args = (%k_1, -2, -1), kwargs = {})
    %matmul : [num_users=1] = call_function[target=operator.matmul](args = (%q_1, %transpose_3), kwargs = {})
    %att : [num_users=1] = call_function[target=operator.mul](args = (%matmul, 0.35355339059327373), kwargs = {})
    %getitem_4 : [num_users=1] = call_function[target=operator.getitem](args = (%l_self_modules_transformer_modules_h_modules_0_modules_attn_buffers_bias_, (slice(None, None, None), slice(None, None, None), slice(None, 8, None), slice(None, 8, None))), kwargs = {})
    %eq : [num_users=1] = call_function[target=operator.eq](args = (%getitem_4, 0), kwargs = {})
    %att_1 : [num_users=1] = call_method[target=masked_fill](args = (%att, %eq, -inf), kwargs = {})
    %att_2 : [num_users=1] = call_function[target=torch.nn.functional.softmax](args = (%att_1,), kwargs = {dim: -1})
    %att_3 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%att_2, 0.1, False, False), kwargs = {})
    %y : [num_users=1] = call_function[target=operator.matmul](args = (%att_3, %v_1), kwargs = {})
    %transpose_4 : [num_users=1] = call_method[target=transpose](args = (%y, 1, 2), kwargs = {})
    %contiguous : [num_users=1] = call_method[target=contiguous](args = (%transpose_4,), kwargs = {})
    %y_1 : [num_users=1] = call_method[target=view](args = (%contiguous, 2, 8, 32), kwargs = {})
    %linear_1 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%y_1, %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_0_modules_attn_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_2 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_1, 0.1, False, False), kwargs = {})
    %x_1 : [num_users=2] = call_function[target=operator.add](args = (%x, %dropout_2), kwargs = {})
    %layer_norm_1 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_1, (32,), %l_self_modules_transformer_modules_h_modules_0_modules_ln_2_parameters_weight_, %l_self_modules_transformer_modules_h_modules_0_modules_ln_2_parameters_bias_, 1e-05), kwargs = {})
    %linear_2 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_1, %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_fc_parameters_weight_, %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_fc_parameters_bias_), kwargs = {})
    %gelu : [num_users=1] = call_function[target=torch._C._nn.gelu](args = (%linear_2,), kwargs = {approximate: tanh})
    %linear_3 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%gelu, %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_0_modules_mlp_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_3 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_3, 0.1, False, False), kwargs = {})
    %x_2 : [num_users=2] = call_function[target=operator.add](args = (%x_1, %dropout_3), kwargs = {})
    %layer_norm_2 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_2, (32,), %l_self_modules_transformer_modules_h_modules_1_modules_ln_1_parameters_weight_, %l_self_modules_transformer_modules_h_modules_1_modules_ln_1_parameters_bias_, 1e-05), kwargs = {})
    %linear_4 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_2, %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_attn_parameters_weight_, %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_attn_parameters_bias_), kwargs = {})
    %split_1 : [num_users=3] = call_method[target=split](args = (%linear_4, 32), kwargs = {dim: 2})
    %q_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split_1, 0), kwargs = {})
    %k_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split_1, 1), kwargs = {})
    %v_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split_1, 2), kwargs = {})
    %view_4 : [num_users=1] = call_method[target=view](args = (%k_2, 2, 8, 4, 8), kwargs = {})
    %k_3 : [num_users=1] = call_method[target=transpose](args = (%view_4, 1, 2), kwargs = {})
    %view_5 : [num_users=1] = call_method[target=view](args = (%q_2, 2, 8, 4, 8), kwargs = {})
    %q_3 : [num_users=1] = call_method[target=transpose](args = (%view_5, 1, 2), kwargs = {})
    %view_6 : [num_users=1] = call_method[target=view](args = (%v_2, 2, 8, 4, 8), kwargs = {})
    %v_3 : [num_users=1] = call_method[target=transpose](args = (%view_6, 1, 2), kwargs = {})
    %transpose_8 : [num_users=1] = call_method[target=transpose](args = (%k_3, -2, -1), kwargs = {})
    %matmul_2 : [num_users=1] = call_function[target=operator.matmul](args = (%q_3, %transpose_8), kwargs = {})
    %att_4 : [num_users=1] = call_function[target=operator.mul](args = (%matmul_2, 0.35355339059327373), kwargs = {})
    %getitem_8 : [num_users=1] = call_function[target=operator.getitem](args = (%l_self_modules_transformer_modules_h_modules_1_modules_attn_buffers_bias_, (slice(None, None, None), slice(None, None, None), slice(None, 8, None), slice(None, 8, None))), kwargs = {})
    %eq_1 : [num_users=1] = call_function[target=operator.eq](args = (%getitem_8, 0), kwargs = {})
    %att_5 : [num_users=1] = call_method[target=masked_fill](args = (%att_4, %eq_1, -inf), kwargs = {})
    %att_6 : [num_users=1] = call_function[target=torch.nn.functional.softmax](args = (%att_5,), kwargs = {dim: -1})
    %att_7 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%att_6, 0.1, False, False), kwargs = {})
    %y_2 : [num_users=1] = call_function[target=operator.matmul](args = (%att_7, %v_3), kwargs = {})
    %transpose_9 : [num_users=1] = call_method[target=transpose](args = (%y_2, 1, 2), kwargs = {})
    %contiguous_1 : [num_users=1] = call_method[target=contiguous](args = (%transpose_9,), kwargs = {})
    %y_3 : [num_users=1] = call_method[target=view](args = (%contiguous_1, 2, 8, 32), kwargs = {})
    %linear_5 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%y_3, %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_1_modules_attn_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_5 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_5, 0.1, False, False), kwargs = {})
    %x_3 : [num_users=2] = call_function[target=operator.add](args = (%x_2, %dropout_5), kwargs = {})
    %layer_norm_3 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_3, (32,), %l_self_modules_transformer_modules_h_modules_1_modules_ln_2_parameters_weight_, %l_self_modules_transformer_modules_h_modules_1_modules_ln_2_parameters_bias_, 1e-05), kwargs = {})
    %linear_6 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_3, %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_fc_parameters_weight_, %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_fc_parameters_bias_), kwargs = {})
    %gelu_1 : [num_users=1] = call_function[target=torch._C._nn.gelu](args = (%linear_6,), kwargs = {approximate: tanh})
    %linear_7 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%gelu_1, %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_1_modules_mlp_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_6 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_7, 0.1, False, False), kwargs = {})
    %x_4 : [num_users=2] = call_function[target=operator.add](args = (%x_3, %dropout_6), kwargs = {})
    %layer_norm_4 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_4, (32,), %l_self_modules_transformer_modules_h_modules_2_modules_ln_1_parameters_weight_, %l_self_modules_transformer_modules_h_modules_2_modules_ln_1_parameters_bias_, 1e-05), kwargs = {})
    %linear_8 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_4, %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_attn_parameters_weight_, %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_attn_parameters_bias_), kwargs = {})
    %split_2 : [num_users=3] = call_method[target=split](args = (%linear_8, 32), kwargs = {dim: 2})
    %q_4 : [num_users=1] = call_function[target=operator.getitem](args = (%split_2, 0), kwargs = {})
    %k_4 : [num_users=1] = call_function[target=operator.getitem](args = (%split_2, 1), kwargs = {})
    %v_4 : [num_users=1] = call_function[target=operator.getitem](args = (%split_2, 2), kwargs = {})
    %view_8 : [num_users=1] = call_method[target=view](args = (%k_4, 2, 8, 4, 8), kwargs = {})
    %k_5 : [num_users=1] = call_method[target=transpose](args = (%view_8, 1, 2), kwargs = {})
    %view_9 : [num_users=1] = call_method[target=view](args = (%q_4, 2, 8, 4, 8), kwargs = {})
    %q_5 : [num_users=1] = call_method[target=transpose](args = (%view_9, 1, 2), kwargs = {})
    %view_10 : [num_users=1] = call_method[target=view](args = (%v_4, 2, 8, 4, 8), kwargs = {})
    %v_5 : [num_users=1] = call_method[target=transpose](args = (%view_10, 1, 2), kwargs = {})
    %transpose_13 : [num_users=1] = call_method[target=transpose](args = (%k_5, -2, -1), kwargs = {})
    %matmul_4 : [num_users=1] = call_function[target=operator.matmul](args = (%q_5, %transpose_13), kwargs = {})
    %att_8 : [num_users=1] = call_function[target=operator.mul](args = (%matmul_4, 0.35355339059327373), kwargs = {})
    %getitem_12 : [num_users=1] = call_function[target=operator.getitem](args = (%l_self_modules_transformer_modules_h_modules_2_modules_attn_buffers_bias_, (slice(None, None, None), slice(None, None, None), slice(None, 8, None), slice(None, 8, None))), kwargs = {})
    %eq_2 : [num_users=1] = call_function[target=operator.eq](args = (%getitem_12, 0), kwargs = {})
    %att_9 : [num_users=1] = call_method[target=masked_fill](args = (%att_8, %eq_2, -inf), kwargs = {})
    %att_10 : [num_users=1] = call_function[target=torch.nn.functional.softmax](args = (%att_9,), kwargs = {dim: -1})
    %att_11 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%att_10, 0.1, False, False), kwargs = {})
    %y_4 : [num_users=1] = call_function[target=operator.matmul](args = (%att_11, %v_5), kwargs = {})
    %transpose_14 : [num_users=1] = call_method[target=transpose](args = (%y_4, 1, 2), kwargs = {})
    %contiguous_2 : [num_users=1] = call_method[target=contiguous](args = (%transpose_14,), kwargs = {})
    %y_5 : [num_users=1] = call_method[target=view](args = (%contiguous_2, 2, 8, 32), kwargs = {})
    %linear_9 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%y_5, %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_2_modules_attn_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_8 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_9, 0.1, False, False), kwargs = {})
    %x_5 : [num_users=2] = call_function[target=operator.add](args = (%x_4, %dropout_8), kwargs = {})
    %layer_norm_5 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_5, (32,), %l_self_modules_transformer_modules_h_modules_2_modules_ln_2_parameters_weight_, %l_self_modules_transformer_modules_h_modules_2_modules_ln_2_parameters_bias_, 1e-05), kwargs = {})
    %linear_10 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_5, %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_fc_parameters_weight_, %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_fc_parameters_bias_), kwargs = {})
    %gelu_2 : [num_users=1] = call_function[target=torch._C._nn.gelu](args = (%linear_10,), kwargs = {approximate: tanh})
    %linear_11 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%gelu_2, %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_2_modules_mlp_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_9 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_11, 0.1, False, False), kwargs = {})
    %x_6 : [num_users=2] = call_function[target=operator.add](args = (%x_5, %dropout_9), kwargs = {})
    %layer_norm_6 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_6, (32,), %l_self_modules_transformer_modules_h_modules_3_modules_ln_1_parameters_weight_, %l_self_modules_transformer_modules_h_modules_3_modules_ln_1_parameters_bias_, 1e-05), kwargs = {})
    %linear_12 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_6, %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_attn_parameters_weight_, %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_attn_parameters_bias_), kwargs = {})
    %split_3 : [num_users=3] = call_method[target=split](args = (%linear_12, 32), kwargs = {dim: 2})
    %q_6 : [num_users=1] = call_function[target=operator.getitem](args = (%split_3, 0), kwargs = {})
    %k_6 : [num_users=1] = call_function[target=operator.getitem](args = (%split_3, 1), kwargs = {})
    %v_6 : [num_users=1] = call_function[target=operator.getitem](args = (%split_3, 2), kwargs = {})
    %view_12 : [num_users=1] = call_method[target=view](args = (%k_6, 2, 8, 4, 8), kwargs = {})
    %k_7 : [num_users=1] = call_method[target=transpose](args = (%view_12, 1, 2), kwargs = {})
    %view_13 : [num_users=1] = call_method[target=view](args = (%q_6, 2, 8, 4, 8), kwargs = {})
    %q_7 : [num_users=1] = call_method[target=transpose](args = (%view_13, 1, 2), kwargs = {})
    %view_14 : [num_users=1] = call_method[target=view](args = (%v_6, 2, 8, 4, 8), kwargs = {})
    %v_7 : [num_users=1] = call_method[target=transpose](args = (%view_14, 1, 2), kwargs = {})
    %transpose_18 : [num_users=1] = call_method[target=transpose](args = (%k_7, -2, -1), kwargs = {})
    %matmul_6 : [num_users=1] = call_function[target=operator.matmul](args = (%q_7, %transpose_18), kwargs = {})
    %att_12 : [num_users=1] = call_function[target=operator.mul](args = (%matmul_6, 0.35355339059327373), kwargs = {})
    %getitem_16 : [num_users=1] = call_function[target=operator.getitem](args = (%l_self_modules_transformer_modules_h_modules_3_modules_attn_buffers_bias_, (slice(None, None, None), slice(None, None, None), slice(None, 8, None), slice(None, 8, None))), kwargs = {})
    %eq_3 : [num_users=1] = call_function[target=operator.eq](args = (%getitem_16, 0), kwargs = {})
    %att_13 : [num_users=1] = call_method[target=masked_fill](args = (%att_12, %eq_3, -inf), kwargs = {})
    %att_14 : [num_users=1] = call_function[target=torch.nn.functional.softmax](args = (%att_13,), kwargs = {dim: -1})
    %att_15 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%att_14, 0.1, False, False), kwargs = {})
    %y_6 : [num_users=1] = call_function[target=operator.matmul](args = (%att_15, %v_7), kwargs = {})
    %transpose_19 : [num_users=1] = call_method[target=transpose](args = (%y_6, 1, 2), kwargs = {})
    %contiguous_3 : [num_users=1] = call_method[target=contiguous](args = (%transpose_19,), kwargs = {})
    %y_7 : [num_users=1] = call_method[target=view](args = (%contiguous_3, 2, 8, 32), kwargs = {})
    %linear_13 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%y_7, %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_3_modules_attn_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_11 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_13, 0.1, False, False), kwargs = {})
    %x_7 : [num_users=2] = call_function[target=operator.add](args = (%x_6, %dropout_11), kwargs = {})
    %layer_norm_7 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_7, (32,), %l_self_modules_transformer_modules_h_modules_3_modules_ln_2_parameters_weight_, %l_self_modules_transformer_modules_h_modules_3_modules_ln_2_parameters_bias_, 1e-05), kwargs = {})
    %linear_14 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%layer_norm_7, %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_fc_parameters_weight_, %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_fc_parameters_bias_), kwargs = {})
    %gelu_3 : [num_users=1] = call_function[target=torch._C._nn.gelu](args = (%linear_14,), kwargs = {approximate: tanh})
    %linear_15 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%gelu_3, %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_proj_parameters_weight_, %l_self_modules_transformer_modules_h_modules_3_modules_mlp_modules_c_proj_parameters_bias_), kwargs = {})
    %dropout_12 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%linear_15, 0.1, False, False), kwargs = {})
    %x_8 : [num_users=1] = call_function[target=operator.add](args = (%x_7, %dropout_12), kwargs = {})
    %x_9 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_8, (32,), %l_self_modules_transformer_modules_ln_f_parameters_weight_, %l_self_modules_transformer_modules_ln_f_parameters_bias_, 1e-05), kwargs = {})
    %logits : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%x_9, %l_self_modules_transformer_modules_wte_parameters_weight_, None), kwargs = {})
    return (logits,)
