graph():
    %l_x_ : torch.Tensor [num_users=2] = placeholder[target=L_x_]
    %l_self_modules_layers_modules_0_modules_self_attn_parameters_in_proj_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_self_attn_parameters_in_proj_bias_]
    %l_self_modules_layers_modules_0_modules_self_attn_parameters_in_proj_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_self_attn_parameters_in_proj_weight_]
    %l_self_modules_layers_modules_0_modules_self_attn_modules_out_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_self_attn_modules_out_proj_parameters_weight_]
    %l_self_modules_layers_modules_0_modules_self_attn_modules_out_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_self_attn_modules_out_proj_parameters_bias_]
    %l_self_modules_layers_modules_0_modules_norm1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_norm1_parameters_weight_]
    %l_self_modules_layers_modules_0_modules_norm1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_norm1_parameters_bias_]
    %l_self_modules_layers_modules_0_modules_norm2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_norm2_parameters_weight_]
    %l_self_modules_layers_modules_0_modules_norm2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_norm2_parameters_bias_]
    %l_self_modules_layers_modules_0_modules_linear1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_linear1_parameters_weight_]
    %l_self_modules_layers_modules_0_modules_linear1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_linear1_parameters_bias_]
    %l_self_modules_layers_modules_0_modules_linear2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_linear2_parameters_weight_]
    %l_self_modules_layers_modules_0_modules_linear2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_0_modules_linear2_parameters_bias_]
    %l_self_modules_layers_modules_1_modules_self_attn_parameters_in_proj_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_self_attn_parameters_in_proj_bias_]
    %l_self_modules_layers_modules_1_modules_self_attn_parameters_in_proj_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_self_attn_parameters_in_proj_weight_]
    %l_self_modules_layers_modules_1_modules_self_attn_modules_out_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_self_attn_modules_out_proj_parameters_weight_]
    %l_self_modules_layers_modules_1_modules_self_attn_modules_out_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_self_attn_modules_out_proj_parameters_bias_]
    %l_self_modules_layers_modules_1_modules_norm1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_norm1_parameters_weight_]
    %l_self_modules_layers_modules_1_modules_norm1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_norm1_parameters_bias_]
    %l_self_modules_layers_modules_1_modules_norm2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_norm2_parameters_weight_]
    %l_self_modules_layers_modules_1_modules_norm2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_norm2_parameters_bias_]
    %l_self_modules_layers_modules_1_modules_linear1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_linear1_parameters_weight_]
    %l_self_modules_layers_modules_1_modules_linear1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_linear1_parameters_bias_]
    %l_self_modules_layers_modules_1_modules_linear2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_linear2_parameters_weight_]
    %l_self_modules_layers_modules_1_modules_linear2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_1_modules_linear2_parameters_bias_]
    %l_self_modules_layers_modules_2_modules_self_attn_parameters_in_proj_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_self_attn_parameters_in_proj_bias_]
    %l_self_modules_layers_modules_2_modules_self_attn_parameters_in_proj_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_self_attn_parameters_in_proj_weight_]
    %l_self_modules_layers_modules_2_modules_self_attn_modules_out_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_self_attn_modules_out_proj_parameters_weight_]
    %l_self_modules_layers_modules_2_modules_self_attn_modules_out_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_self_attn_modules_out_proj_parameters_bias_]
    %l_self_modules_layers_modules_2_modules_norm1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_norm1_parameters_weight_]
    %l_self_modules_layers_modules_2_modules_norm1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_norm1_parameters_bias_]
    %l_self_modules_layers_modules_2_modules_norm2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_norm2_parameters_weight_]
    %l_self_modules_layers_modules_2_modules_norm2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_norm2_parameters_bias_]
    %l_self_modules_layers_modules_2_modules_linear1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_linear1_parameters_weight_]
    %l_self_modules_layers_modules_2_modules_linear1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_linear1_parameters_bias_]
    %l_self_modules_layers_modules_2_modules_linear2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_linear2_parameters_weight_]
    %l_self_modules_layers_modules_2_modules_linear2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_2_modules_linear2_parameters_bias_]
    %l_self_modules_layers_modules_3_modules_self_attn_parameters_in_proj_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_self_attn_parameters_in_proj_bias_]
    %l_self_modules_layers_modules_3_modules_self_attn_parameters_in_proj_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_self_attn_parameters_in_proj_weight_]
    %l_self_modules_layers_modules_3_modules_self_attn_modules_out_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_self_attn_modules_out_proj_parameters_weight_]
    %l_self_modules_layers_modules_3_modules_self_attn_modules_out_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_self_attn_modules_out_proj_parameters_bias_]
    %l_self_modules_layers_modules_3_modules_norm1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_norm1_parameters_weight_]
    %l_self_modules_layers_modules_3_modules_norm1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_norm1_parameters_bias_]
    %l_self_modules_layers_modules_3_modules_norm2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_norm2_parameters_weight_]
    %l_self_modules_layers_modules_3_modules_norm2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_norm2_parameters_bias_]
    %l_self_modules_layers_modules_3_modules_linear1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_linear1_parameters_weight_]
    %l_self_modules_layers_modules_3_modules_linear1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_linear1_parameters_bias_]
    %l_self_modules_layers_modules_3_modules_linear2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_linear2_parameters_weight_]
    %l_self_modules_layers_modules_3_modules_linear2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_layers_modules_3_modules_linear2_parameters_bias_]
    %l_self_modules_norm_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_norm_parameters_weight_]
    %l_self_modules_norm_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_norm_parameters_bias_]
    %query : [num_users=1] = call_method[target=transpose](args = (%l_x_, 1, 0), kwargs = {})
    %multi_head_attention_forward : [num_users=1] = call_function[target=torch.nn.functional.multi_head_attention_forward](args = (%query, %query, %query, 32, 4, %l_self_modules_layers_modules_0_modules_self_attn_parameters_in_proj_weight_, %l_self_modules_layers_modules_0_modules_self_attn_parameters_in_proj_bias_, None, None, False, 0.0, %l_self_modules_layers_modules_0_modules_self_attn_modules_out_proj_parameters_weight_, %l_self_modules_layers_modules_0_modules_self_attn_modules_out_proj_parameters_bias_), kwargs = {training: False, key_padding_mask: None, need_weights: False, attn_mask: None, average_attn_weights: True, is_causal: False})
    %attn_output : [num_users=1] = call_function[target=operator.getitem](args = (%multi_head_attention_forward, 0), kwargs = {})
    %x : [num_users=1] = call_method[target=transpose](args = (%attn_output, 1, 0), kwargs = {})
    %dropout : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x, 0.0, False, False), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%l_x_, %dropout), kwargs = {})
    %x_1 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add, (32,), %l_self_modules_layers_modules_0_modules_norm1_parameters_weight_, %l_self_modules_layers_modules_0_modules_norm1_parameters_bias_, 1e-05), kwargs = {})
    %linear : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%x_1, %l_self_modules_layers_modules_0_modules_linear1_parameters_weight_, %l_self_modules_layers_modules_0_modules_linear1_parameters_bias_), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.nn.functional.relu](args = (%linear,), kwargs = {})
    %dropout_1 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%relu, 0.0, False, False), kwargs = {})
    %x_2 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%dropout_1, %l_self_modules_layers_modules_0_modules_linear2_parameters_weight_, %l_self_modules_layers_modules_0_modules_linear2_parameters_bias_), kwargs = {})
    %dropout_2 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_2, 0.0, False, False), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%x_1, %dropout_2), kwargs = {})
    %x_3 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add_1, (32,), %l_self_modules_layers_modules_0_modules_norm2_parameters_weight_, %l_self_modules_layers_modules_0_modules_norm2_parameters_bias_, 1e-05), kwargs = {})
    %query_1 : [num_users=1] = call_method[target=transpose](args = (%x_3, 1, 0), kwargs = {})
    %multi_head_attention_forward_1 : [num_users=1] = call_function[target=torch.nn.functional.multi_head_attention_forward](args = (%query_1, %query_1, %query_1, 32, 4, %l_self_modules_layers_modules_1_modules_self_attn_parameters_in_proj_weight_, %l_self_modules_layers_modules_1_modules_self_attn_parameters_in_proj_bias_, None, None, False, 0.0, %l_self_modules_layers_modules_1_modules_self_attn_modules_out_proj_parameters_weight_, %l_self_modules_layers_modules_1_modules_self_attn_modules_out_proj_parameters_bias_), kwargs = {training: False, key_padding_mask: None, need_weights: False, attn_mask: None, average_attn_weights: True, is_causal: False})
    %attn_output_1 : [num_users=1] = call_function[target=operator.getitem](args = (%multi_head_attention_forward_1, 0), kwargs = {})
    %x_4 : [num_users=1] = call_method[target=transpose](args = (%attn_output_1, 1, 0), kwargs = {})
    %dropout_3 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_4, 0.0, False, False), kwargs = {})
    %add_2 : [num_users=1] = call_function[target=operator.add](args = (%x_3, %dropout_3), kwargs = {})
    %x_5 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add_2, (32,), %l_self_modules_layers_modules_1_modules_norm1_parameters_weight_, %l_self_modules_layers_modules_1_modules_norm1_parameters_bias_, 1e-05), kwargs = {})
    %linear_2 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%x_5, %l_self_modules_layers_modules_1_modules_linear1_parameters_weight_, %l_self_modules_layers_modules_1_modules_linear1_parameters_bias_), kwargs = {})
    %relu_1 : [num_users=1] = call_function[target=torch.nn.functional.relu](args = (%linear_2,), kwargs = {})
    %dropout_4 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%relu_1, 0.0, False, False), kwargs = {})
    %x_6 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%dropout_4, %l_self_modules_layers_modules_1_modules_linear2_parameters_weight_, %l_self_modules_layers_modules_1_modules_linear2_parameters_bias_), kwargs = {})
    %dropout_5 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_6, 0.0, False, False), kwargs = {})
    %add_3 : [num_users=1] = call_function[target=operator.add](args = (%x_5, %dropout_5), kwargs = {})
    %x_7 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add_3, (32,), %l_self_modules_layers_modules_1_modules_norm2_parameters_weight_, %l_self_modules_layers_modules_1_modules_norm2_parameters_bias_, 1e-05), kwargs = {})
    %query_2 : [num_users=1] = call_method[target=transpose](args = (%x_7, 1, 0), kwargs = {})
    %multi_head_attention_forward_2 : [num_users=1] = call_function[target=torch.nn.functional.multi_head_attention_forward](args = (%query_2, %query_2, %query_2, 32, 4, %l_self_modules_layers_modules_2_modules_self_attn_parameters_in_proj_weight_, %l_self_modules_layers_modules_2_modules_self_attn_parameters_in_proj_bias_, None, None, False, 0.0, %l_self_modules_layers_modules_2_modules_self_attn_modules_out_proj_parameters_weight_, %l_self_modules_layers_modules_2_modules_self_attn_modules_out_proj_parameters_bias_), kwargs = {training: False, key_padding_mask: None, need_weights: False, attn_mask: None, average_attn_weights: True, is_causal: False})
    %attn_output_2 : [num_users=1] = call_function[target=operator.getitem](args = (%multi_head_attention_forward_2, 0), kwargs = {})
    %x_8 : [num_users=1] = call_method[target=transpose](args = (%attn_output_2, 1, 0), kwargs = {})
    %dropout_6 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_8, 0.0, False, False), kwargs = {})
    %add_4 : [num_users=1] = call_function[target=operator.add](args = (%x_7, %dropout_6), kwargs = {})
    %x_9 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add_4, (32,), %l_self_modules_layers_modules_2_modules_norm1_parameters_weight_, %l_self_modules_layers_modules_2_modules_norm1_parameters_bias_, 1e-05), kwargs = {})
    %linear_4 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%x_9, %l_self_modules_layers_modules_2_modules_linear1_parameters_weight_, %l_self_modules_layers_modules_2_modules_linear1_parameters_bias_), kwargs = {})
    %relu_2 : [num_users=1] = call_function[target=torch.nn.functional.relu](args = (%linear_4,), kwargs = {})
    %dropout_7 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%relu_2, 0.0, False, False), kwargs = {})
    %x_10 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%dropout_7, %l_self_modules_layers_modules_2_modules_linear2_parameters_weight_, %l_self_modules_layers_modules_2_modules_linear2_parameters_bias_), kwargs = {})
    %dropout_8 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_10, 0.0, False, False), kwargs = {})
    %add_5 : [num_users=1] = call_function[target=operator.add](args = (%x_9, %dropout_8), kwargs = {})
    %x_11 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add_5, (32,), %l_self_modules_layers_modules_2_modules_norm2_parameters_weight_, %l_self_modules_layers_modules_2_modules_norm2_parameters_bias_, 1e-05), kwargs = {})
    %query_3 : [num_users=1] = call_method[target=transpose](args = (%x_11, 1, 0), kwargs = {})
    %multi_head_attention_forward_3 : [num_users=1] = call_function[target=torch.nn.functional.multi_head_attention_forward](args = (%query_3, %query_3, %query_3, 32, 4, %l_self_modules_layers_modules_3_modules_self_attn_parameters_in_proj_weight_, %l_self_modules_layers_modules_3_modules_self_attn_parameters_in_proj_bias_, None, None, False, 0.0, %l_self_modules_layers_modules_3_modules_self_attn_modules_out_proj_parameters_weight_, %l_self_modules_layers_modules_3_modules_self_attn_modules_out_proj_parameters_bias_), kwargs = {training: False, key_padding_mask: None, need_weights: False, attn_mask: None, average_attn_weights: True, is_causal: False})
    %attn_output_3 : [num_users=1] = call_function[target=operator.getitem](args = (%multi_head_attention_forward_3, 0), kwargs = {})
    %x_12 : [num_users=1] = call_method[target=transpose](args = (%attn_output_3, 1, 0), kwargs = {})
    %dropout_9 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_12, 0.0, False, False), kwargs = {})
    %add_6 : [num_users=1] = call_function[target=operator.add](args = (%x_11, %dropout_9), kwargs = {})
    %x_13 : [num_users=2] = call_function[target=torch.nn.functional.layer_norm](args = (%add_6, (32,), %l_self_modules_layers_modules_3_modules_norm1_parameters_weight_, %l_self_modules_layers_modules_3_modules_norm1_parameters_bias_, 1e-05), kwargs = {})
    %linear_6 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%x_13, %l_self_modules_layers_modules_3_modules_linear1_parameters_weight_, %l_self_modules_layers_modules_3_modules_linear1_parameters_bias_), kwargs = {})
    %relu_3 : [num_users=1] = call_function[target=torch.nn.functional.relu](args = (%linear_6,), kwargs = {})
    %dropout_10 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%relu_3, 0.0, False, False), kwargs = {})
    %x_14 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%dropout_10, %l_self_modules_layers_modules_3_modules_linear2_parameters_weight_, %l_self_modules_layers_modules_3_modules_linear2_parameters_bias_), kwargs = {})
    %dropout_11 : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%x_14, 0.0, False, False), kwargs = {})
    %add_7 : [num_users=1] = call_function[target=operator.add](args = (%x_13, %dropout_11), kwargs = {})
    %x_15 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%add_7, (32,), %l_self_modules_layers_modules_3_modules_norm2_parameters_weight_, %l_self_modules_layers_modules_3_modules_norm2_parameters_bias_, 1e-05), kwargs = {})
    %layer_norm_8 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x_15, (32,), %l_self_modules_norm_parameters_weight_, %l_self_modules_norm_parameters_bias_, 1e-05), kwargs = {})
    return (layer_norm_8,)
