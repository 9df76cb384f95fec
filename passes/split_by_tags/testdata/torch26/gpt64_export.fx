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
    %h_2_ln1_weight : [num_users=1] = get_attr[target=h.2.ln1.weight]
    %h_2_ln1_bias : [num_users=1] = get_attr[target=h.2.ln1.bias]
    %h_2_attn_qkv_weight : [num_users=1] = get_attr[target=h.2.attn.qkv.weight]
    %h_2_attn_qkv_bias : [num_users=1] = get_attr[target=h.2.attn.qkv.bias]
    %h_2_attn_proj_weight : [num_users=1] = get_attr[target=h.2.attn.proj.weight]
    %h_2_attn_proj_bias : [num_users=1] = get_attr[target=h.2.attn.proj.bias]
    %h_2_ln2_weight : [num_users=1] = get_attr[target=h.2.ln2.weight]
    %h_2_ln2_bias : [num_users=1] = get_attr[target=h.2.ln2.bias]
    %h_2_mlp_fc1_weight : [num_users=1] = get_attr[target=h.2.mlp.fc1.weight]
    %h_2_mlp_fc1_bias : [num_users=1] = get_attr[target=h.2.mlp.fc1.bias]
    %h_2_mlp_fc2_weight : [num_users=1] = get_attr[target=h.2.mlp.fc2.weight]
    %h_2_mlp_fc2_bias : [num_users=1] = get_attr[target=h.2.mlp.fc2.bias]
    %h_3_ln1_weight : [num_users=1] = get_attr[target=h.3.ln1.weight]
    %h_3_ln1_bias : [num_users=1] = get_attr[target=h.3.ln1.bias]
    %h_3_attn_qkv_weight : [num_users=1] = get_attr[target=h.3.attn.qkv.weight]
    %h_3_attn_qkv_bias : [num_users=1] = get_attr[target=h.3.attn.qkv.bias]
    %h_3_attn_proj_weight : [num_users=1] = get_attr[target=h.3.attn.proj.weight]
    %h_3_attn_proj_bias : [num_users=1] = get_attr[target=h.3.attn.proj.bias]
    %h_3_ln2_weight : [num_users=1] = get_attr[target=h.3.ln2.weight]
    %h_3_ln2_bias : [num_users=1] = get_attr[target=h.3.ln2.bias]
    %h_3_mlp_fc1_weight : [num_users=1] = get_attr[target=h.3.mlp.fc1.weight]
    %h_3_mlp_fc1_bias : [num_users=1] = get_attr[target=h.3.mlp.fc1.bias]
    %h_3_mlp_fc2_weight : [num_users=1] = get_attr[target=h.3.mlp.fc2.weight]
    %h_3_mlp_fc2_bias : [num_users=1] = get_attr[target=h.3.mlp.fc2.bias]
    %h_4_ln1_weight : [num_users=1] = get_attr[target=h.4.ln1.weight]
    %h_4_ln1_bias : [num_users=1] = get_attr[target=h.4.ln1.bias]
    %h_4_attn_qkv_weight : [num_users=1] = get_attr[target=h.4.attn.qkv.weight]
    %h_4_attn_qkv_bias : [num_users=1] = get_attr[target=h.4.attn.qkv.bias]
    %h_4_attn_proj_weight : [num_users=1] = get_attr[target=h.4.attn.proj.weight]
    %h_4_attn_proj_bias : [num_users=1] = get_attr[target=h.4.attn.proj.bias]
    %h_4_ln2_weight : [num_users=1] = get_attr[target=h.4.ln2.weight]
    %h_4_ln2_bias : [num_users=1] = get_attr[target=h.4.ln2.bias]
    %h_4_mlp_fc1_weight : [num_users=1] = get_attr[target=h.4.mlp.fc1.weight]
    %h_4_mlp_fc1_bias : [num_users=1] = get_attr[target=h.4.mlp.fc1.bias]
    %h_4_mlp_fc2_weight : [num_users=1] = get_attr[target=h.4.mlp.fc2.weight]
    %h_4_mlp_fc2_bias : [num_users=1] = get_attr[target=h.4.mlp.fc2.bias]
    %h_5_ln1_weight : [num_users=1] = get_attr[target=h.5.ln1.weight]
    %h_5_ln1_bias : [num_users=1] = get_attr[target=h.5.ln1.bias]
    %h_5_attn_qkv_weight : [num_users=1] = get_attr[target=h.5.attn.qkv.weight]
    %h_5_attn_qkv_bias : [num_users=1] = get_attr[target=h.5.attn.qkv.bias]
    %h_5_attn_proj_weight : [num_users=1] = get_attr[target=h.5.attn.proj.weight]
    %h_5_attn_proj_bias : [num_users=1] = get_attr[target=h.5.attn.proj.bias]
    %h_5_ln2_weight : [num_users=1] = get_attr[target=h.5.ln2.weight]
    %h_5_ln2_bias : [num_users=1] = get_attr[target=h.5.ln2.bias]
    %h_5_mlp_fc1_weight : [num_users=1] = get_attr[target=h.5.mlp.fc1.weight]
    %h_5_mlp_fc1_bias : [num_users=1] = get_attr[target=h.5.mlp.fc1.bias]
    %h_5_mlp_fc2_weight : [num_users=1] = get_attr[target=h.5.mlp.fc2.weight]
    %h_5_mlp_fc2_bias : [num_users=1] = get_attr[target=h.5.mlp.fc2.bias]
    %h_6_ln1_weight : [num_users=1] = get_attr[target=h.6.ln1.weight]
    %h_6_ln1_bias : [num_users=1] = get_attr[target=h.6.ln1.bias]
    %h_6_attn_qkv_weight : [num_users=1] = get_attr[target=h.6.attn.qkv.weight]
    %h_6_attn_qkv_bias : [num_users=1] = get_attr[target=h.6.attn.qkv.bias]
    %h_6_attn_proj_weight : [num_users=1] = get_attr[target=h.6.attn.proj.weight]
    %h_6_attn_proj_bias : [num_users=1] = get_attr[target=h.6.attn.proj.bias]
    %h_6_ln2_weight : [num_users=1] = get_attr[target=h.6.ln2.weight]
    %h_6_ln2_bias : [num_users=1] = get_attr[target=h.6.ln2.bias]
    %h_6_mlp_fc1_weight : [num_users=1] = get_attr[target=h.6.mlp.fc1.weight]
    %h_6_mlp_fc1_bias : [num_users=1] = get_attr[target=h.6.mlp.fc1.bias]
    %h_6_mlp_fc2_weight : [num_users=1] = get_attr[target=h.6.mlp.fc2.weight]
    %h_6_mlp_fc2_bias : [num_users=1] = get_attr[target=h.6.mlp.fc2.bias]
    %h_7_ln1_weight : [num_users=1] = get_attr[target=h.7.ln1.weight]
    %h_7_ln1_bias : [num_users=1] = get_attr[target=h.7.ln1.bias]
    %h_7_attn_qkv_weight : [num_users=1] = get_attr[target=h.7.attn.qkv.weight]
    %h_7_attn_qkv_bias : [num_users=1] = get_attr[target=h.7.attn.qkv.bias]
    %h_7_attn_proj_weight : [num_users=1] = get_attr[target=h.7.attn.proj.weight]
    %h_7_attn_proj_bias : [num_users=1] = get_attr[target=h.7.attn.proj.bias]
    %h_7_ln2_weight : [num_users=1] = get_attr[target=h.7.ln2.weight]
    %h_7_ln2_bias : [num_users=1] = get_attr[target=h.7.ln2.bias]
    %h_7_mlp_fc1_weight : [num_users=1] = get_attr[target=h.7.mlp.fc1.weight]
    %h_7_mlp_fc1_bias : [num_users=1] = get_attr[target=h.7.mlp.fc1.bias]
    %h_7_mlp_fc2_weight : [num_users=1] = get_attr[target=h.7.mlp.fc2.weight]
    %h_7_mlp_fc2_bias : [num_users=1] = get_attr[target=h.7.mlp.fc2.bias]
    %h_8_ln1_weight : [num_users=1] = get_attr[target=h.8.ln1.weight]
    %h_8_ln1_bias : [num_users=1] = get_attr[target=h.8.ln1.bias]
    %h_8_attn_qkv_weight : [num_users=1] = get_attr[target=h.8.attn.qkv.weight]
    %h_8_attn_qkv_bias : [num_users=1] = get_attr[target=h.8.attn.qkv.bias]
    %h_8_attn_proj_weight : [num_users=1] = get_attr[target=h.8.attn.proj.weight]
    %h_8_attn_proj_bias : [num_users=1] = get_attr[target=h.8.attn.proj.bias]
    %h_8_ln2_weight : [num_users=1] = get_attr[target=h.8.ln2.weight]
    %h_8_ln2_bias : [num_users=1] = get_attr[target=h.8.ln2.bias]
    %h_8_mlp_fc1_weight : [num_users=1] = get_attr[target=h.8.mlp.fc1.weight]
    %h_8_mlp_fc1_bias : [num_users=1] = get_attr[target=h.8.mlp.fc1.bias]
    %h_8_mlp_fc2_weight : [num_users=1] = get_attr[target=h.8.mlp.fc2.weight]
    %h_8_mlp_fc2_bias : [num_users=1] = get_attr[target=h.8.mlp.fc2.bias]
    %h_9_ln1_weight : [num_users=1] = get_attr[target=h.9.ln1.weight]
    %h_9_ln1_bias : [num_users=1] = get_attr[target=h.9.ln1.bias]
    %h_9_attn_qkv_weight : [num_users=1] = get_attr[target=h.9.attn.qkv.weight]
    %h_9_attn_qkv_bias : [num_users=1] = get_attr[target=h.9.attn.qkv.bias]
    %h_9_attn_proj_weight : [num_users=1] = get_attr[target=h.9.attn.proj.weight]
    %h_9_attn_proj_bias : [num_users=1] = get_attr[target=h.9.attn.proj.bias]
    %h_9_ln2_weight : [num_users=1] = get_attr[target=h.9.ln2.weight]
    %h_9_ln2_bias : [num_users=1] = get_attr[target=h.9.ln2.bias]
    %h_9_mlp_fc1_weight : [num_users=1] = get_attr[target=h.9.mlp.fc1.weight]
    %h_9_mlp_fc1_bias : [num_users=1] = get_attr[target=h.9.mlp.fc1.bias]
    %h_9_mlp_fc2_weight : [num_users=1] = get_attr[target=h.9.mlp.fc2.weight]
    %h_9_mlp_fc2_bias : [num_users=1] = get_attr[target=h.9.mlp.fc2.bias]
    %h_10_ln1_weight : [num_users=1] = get_attr[target=h.10.ln1.weight]
    %h_10_ln1_bias : [num_users=1] = get_attr[target=h.10.ln1.bias]
    %h_10_attn_qkv_weight : [num_users=1] = get_attr[target=h.10.attn.qkv.weight]
    %h_10_attn_qkv_bias : [num_users=1] = get_attr[target=h.10.attn.qkv.bias]
    %h_10_attn_proj_weight : [num_users=1] = get_attr[target=h.10.attn.proj.weight]
    %h_10_attn_proj_bias : [num_users=1] = get_attr[target=h.10.attn.proj.bias]
    %h_10_ln2_weight : [num_users=1] = get_attr[target=h.10.ln2.weight]
    %h_10_ln2_bias : [num_users=1] = get_attr[target=h.10.ln2.bias]
    %h_10_mlp_fc1_weight : [num_users=1] = get_attr[target=h.10.mlp.fc1.weight]
    %h_10_mlp_fc1_bias : [num_users=1] = get_attr[target=h.10.mlp.fc1.bias]
    %h_10_mlp_fc2_weight : [num_users=1] = get_attr[target=h.10.mlp.fc2.weight]
    %h_10_mlp_fc2_bias : [num_users=1] = get_attr[target=h.10.mlp.fc2.bias]
    %h_11_ln1_weight : [num_users=1] = get_attr[target=h.11.ln1.weight]
    %h_11_ln1_bias : [num_users=1] = get_attr[target=h.11.ln1.bias]
    %h_11_attn_qkv_weight : [num_users=1] = get_attr[target=h.11.attn.qkv.weight]
    %h_11_attn_qkv_bias : [num_users=1] = get_attr[target=h.11.attn.qkv.bias]
    %h_11_attn_proj_weight : [num_users=1] = get_attr[target=h.11.attn.proj.weight]
    %h_11_attn_proj_bias : [num_users=1] = get_attr[target=h.11.attn.proj.bias]
    %h_11_ln2_weight : [num_users=1] = get_attr[target=h.11.ln2.weight]
    %h_11_ln2_bias : [num_users=1] = get_attr[target=h.11.ln2.bias]
    %h_11_mlp_fc1_weight : [num_users=1] = get_attr[target=h.11.mlp.fc1.weight]
    %h_11_mlp_fc1_bias : [num_users=1] = get_attr[target=h.11.mlp.fc1.bias]
    %h_11_mlp_fc2_weight : [num_users=1] = get_attr[target=h.11.mlp.fc2.weight]
    %h_11_mlp_fc2_bias : [num_users=1] = get_attr[target=h.11.mlp.fc2.bias]
    %h_12_ln1_weight : [num_users=1] = get_attr[target=h.12.ln1.weight]
    %h_12_ln1_bias : [num_users=1] = get_attr[target=h.12.ln1.bias]
    %h_12_attn_qkv_weight : [num_users=1] = get_attr[target=h.12.attn.qkv.weight]
    %h_12_attn_qkv_bias : [num_users=1] = get_attr[target=h.12.attn.qkv.bias]
    %h_12_attn_proj_weight : [num_users=1] = get_attr[target=h.12.attn.proj.weight]
    %h_12_attn_proj_bias : [num_users=1] = get_attr[target=h.12.attn.proj.bias]
    %h_12_ln2_weight : [num_users=1] = get_attr[target=h.12.ln2.weight]
    %h_12_ln2_bias : [num_users=1] = get_attr[target=h.12.ln2.bias]
    %h_12_mlp_fc1_weight : [num_users=1] = get_attr[target=h.12.mlp.fc1.weight]
    %h_12_mlp_fc1_bias : [num_users=1] = get_attr[target=h.12.mlp.fc1.bias]
    %h_12_mlp_fc2_weight : [num_users=1] = get_attr[target=h.12.mlp.fc2.weight]
    %h_12_mlp_fc2_bias : [num_users=1] = get_attr[target=h.12.mlp.fc2.bias]
    %h_13_ln1_weight : [num_users=1] = get_attr[target=h.13.ln1.weight]
    %h_13_ln1_bias : [num_users=1] = get_attr[target=h.13.ln1.bias]
    %h_13_attn_qkv_weight : [num_users=1] = get_attr[target=h.13.attn.qkv.weight]
    %h_13_attn_qkv_bias : [num_users=1] = get_attr[target=h.13.attn.qkv.bias]
    %h_13_attn_proj_weight : [num_users=1] = get_attr[target=h.13.attn.proj.weight]
    %h_13_attn_proj_bias : [num_users=1] = get_attr[target=h.13.attn.proj.bias]
    %h_13_ln2_weight : [num_users=1] = get_attr[target=h.13.ln2.weight]
    %h_13_ln2_bias : [num_users=1] = get_attr[target=h.13.ln2.bias]
    %h_13_mlp_fc1_weight : [num_users=1] = get_attr[target=h.13.mlp.fc1.weight]
    %h_13_mlp_fc1_bias : [num_users=1] = get_attr[target=h.13.mlp.fc1.bias]
    %h_13_mlp_fc2_weight : [num_users=1] = get_attr[target=h.13.mlp.fc2.weight]
    %h_13_mlp_fc2_bias : [num_users=1] = get_attr[target=h.13.mlp.fc2.bias]
    %h_14_ln1_weight : [num_users=1] = get_attr[target=h.14.ln1.weight]
    %h_14_ln1_bias : [num_users=1] = get_attr[target=h.14.ln1.bias]
    %h_14_attn_qkv_weight : [num_users=1] = get_attr[target=h.14.attn.qkv.weight]
    %h_14_attn_qkv_bias : [num_users=1] = get_attr[target=h.14.attn.qkv.bias]
    %h_14_attn_proj_weight : [num_users=1] = get_attr[target=h.14.attn.proj.weight]
    %h_14_attn_proj_bias : [num_users=1] = get_attr[target=h.14.attn.proj.bias]
    %h_14_ln2_weight : [num_users=1] = get_attr[target=h.14.ln2.weight]
    %h_14_ln2_bias : [num_users=1] = get_attr[target=h.14.ln2.bias]
    %h_14_mlp_fc1_weight : [num_users=1] = get_attr[target=h.14.mlp.fc1.weight]
    %h_14_mlp_fc1_bias : [num_users=1] = get_attr[target=h.14.mlp.fc1.bias]
    %h_14_mlp_fc2_weight : [num_users=1] = get_attr[target=h.14.mlp.fc2.weight]
    %h_14_mlp_fc2_bias : [num_users=1] = get_attr[target=h.14.mlp.fc2.bias]
    %h_15_ln1_weight : [num_users=1] = get_attr[target=h.15.ln1.weight]
    %h_15_ln1_bias : [num_users=1] = get_attr[target=h.15.ln1.bias]
    %h_15_attn_qkv_weight : [num_users=1] = get_attr[target=h.15.attn.qkv.weight]
    %h_15_attn_qkv_bias : [num_users=1] = get_attr[target=h.15.attn.qkv.bias]
    %h_15_attn_proj_weight : [num_users=1] = get_attr[target=h.15.attn.proj.weight]
    %h_15_attn_proj_bias : [num_users=1] = get_attr[target=h.15.attn.proj.bias]
    %h_15_ln2_weight : [num_users=1] = get_attr[target=h.15.ln2.weight]
    %h_15_ln2_bias : [num_users=1] = get_attr[target=h.15.ln2.bias]
    %h_15_mlp_fc1_weight : [num_users=1] = get_attr[target=h.15.mlp.fc1.weight]
    %h_15_mlp_fc1_bias : [num_users=1] = get_attr[target=h.15.mlp.fc1.bias]
    %h_15_mlp_fc2_weight : [num_users=1] = get_attr[target=h.15.mlp.fc2.weight]
    %h_15_mlp_fc2_bias : [num_users=1] = get_attr[target=h.15.mlp.fc2.bias]
    %h_16_ln1_weight : [num_users=1] = get_attr[target=h.16.ln1.weight]
    %h_16_ln1_bias : [num_users=1] = get_attr[target=h.16.ln1.bias]
    %h_16_attn_qkv_weight : [num_users=1] = get_attr[target=h.16.attn.qkv.weight]
    %h_16_attn_qkv_bias : [num_users=1] = get_attr[target=h.16.attn.qkv.bias]
    %h_16_attn_proj_weight : [num_users=1] = get_attr[target=h.16.attn.proj.weight]
    %h_16_attn_proj_bias : [num_users=1] = get_attr[target=h.16.attn.proj.bias]
    %h_16_ln2_weight : [num_users=1] = get_attr[target=h.16.ln2.weight]
    %h_16_ln2_bias : [num_users=1] = get_attr[target=h.16.ln2.bias]
    %h_16_mlp_fc1_weight : [num_users=1] = get_attr[target=h.16.mlp.fc1.weight]
    %h_16_mlp_fc1_bias : [num_users=1] = get_attr[target=h.16.mlp.fc1.bias]
    %h_16_mlp_fc2_weight : [num_users=1] = get_attr[target=h.16.mlp.fc2.weight]
    %h_16_mlp_fc2_bias : [num_users=1] = get_attr[target=h.16.mlp.fc2.bias]
    %h_17_ln1_weight : [num_users=1] = get_attr[target=h.17.ln1.weight]
    %h_17_ln1_bias : [num_users=1] = get_attr[target=h.17.ln1.bias]
    %h_17_attn_qkv_weight : [num_users=1] = get_attr[target=h.17.attn.qkv.weight]
    %h_17_attn_qkv_bias : [num_users=1] = get_attr[target=h.17.attn.qkv.bias]
    %h_17_attn_proj_weight : [num_users=1] = get_attr[target=h.17.attn.proj.weight]
    %h_17_attn_proj_bias : [num_users=1] = get_attr[target=h.17.attn.proj.bias]
    %h_17_ln2_weight : [num_users=1] = get_attr[target=h.17.ln2.weight]
    %h_17_ln2_bias : [num_users=1] = get_attr[target=h.17.ln2.bias]
    %h_17_mlp_fc1_weight : [num_users=1] = get_attr[target=h.17.mlp.fc1.weight]
    %h_17_mlp_fc1_bias : [num_users=1] = get_attr[target=h.17.mlp.fc1.bias]
    %h_17_mlp_fc2_weight : [num_users=1] = get_attr[target=h.17.mlp.fc2.weight]
    %h_17_mlp_fc2_bias : [num_users=1] = get_attr[target=h.17.mlp.fc2.bias]
    %h_18_ln1_weight : [num_users=1] = get_attr[target=h.18.ln1.weight]
    %h_18_ln1_bias : [num_users=1] = get_attr[target=h.18.ln1.bias]
    %h_18_attn_qkv_weight : [num_users=1] = get_attr[target=h.18.attn.qkv.weight]
    %h_18_attn_qkv_bias : [num_users=1] = get_attr[target=h.18.attn.qkv.bias]
    %h_18_attn_proj_weight : [num_users=1] = get_attr[target=h.18.attn.proj.weight]
    %h_18_attn_proj_bias : [num_users=1] = get_attr[target=h.18.attn.proj.bias]
    %h_18_ln2_weight : [num_users=1] = get_attr[target=h.18.ln2.weight]
    %h_18_ln2_bias : [num_users=1] = get_attr[target=h.18.ln2.bias]
    %h_18_mlp_fc1_weight : [num_users=1] = get_attr[target=h.18.mlp.fc1.weight]
    %h_18_mlp_fc1_bias : [num_users=1] = get_attr[target=h.18.mlp.fc1.bias]
    %h_18_mlp_fc2_weight : [num_users=1] = get_attr[target=h.18.mlp.fc2.weight]
    %h_18_mlp_fc2_bias : [num_users=1] = get_attr[target=h.18.mlp.fc2.bias]
    %h_19_ln1_weight : [num_users=1] = get_attr[target=h.19.ln1.weight]
    %h_19_ln1_bias : [num_users=1] = get_attr[target=h.19.ln1.bias]
    %h_19_attn_qkv_weight : [num_users=1] = get_attr[target=h.19.attn.qkv.weight]
    %h_19_attn_qkv_bias : [num_users=1] = get_attr[target=h.19.attn.qkv.bias]
    %h_19_attn_proj_weight : [num_users=1] = get_attr[target=h.19.attn.proj.weight]
    %h_19_attn_proj_bias : [num_users=1] = get_attr[target=h.19.attn.proj.bias]
    %h_19_ln2_weight : [num_users=1] = get_attr[target=h.19.ln2.weight]
    %h_19_ln2_bias : [num_users=1] = get_attr[target=h.19.ln2.bias]
    %h_19_mlp_fc1_weight : [num_users=1] = get_attr[target=h.19.mlp.fc1.weight]
    %h_19_mlp_fc1_bias : [num_users=1] = get_attr[target=h.19.mlp.fc1.bias]
    %h_19_mlp_fc2_weight : [num_users=1] = get_attr[target=h.19.mlp.fc2.weight]
    %h_19_mlp_fc2_bias : [num_users=1] = get_attr[target=h.19.mlp.fc2.bias]
    %h_20_ln1_weight : [num_users=1] = get_attr[target=h.20.ln1.weight]
    %h_20_ln1_bias : [num_users=1] = get_attr[target=h.20.ln1.bias]
    %h_20_attn_qkv_weight : [num_users=1] = get_attr[target=h.20.attn.qkv.weight]
    %h_20_attn_qkv_bias : [num_users=1] = get_attr[target=h.20.attn.qkv.bias]
    %h_20_attn_proj_weight : [num_users=1] = get_attr[target=h.20.attn.proj.weight]
    %h_20_attn_proj_bias : [num_users=1] = get_attr[target=h.20.attn.proj.bias]
    %h_20_ln2_weight : [num_users=1] = get_attr[target=h.20.ln2.weight]
    %h_20_ln2_bias : [num_users=1] = get_attr[target=h.20.ln2.bias]
    %h_20_mlp_fc1_weight : [num_users=1] = get_attr[target=h.20.mlp.fc1.weight]
    %h_20_mlp_fc1_bias : [num_users=1] = get_attr[target=h.20.mlp.fc1.bias]
    %h_20_mlp_fc2_weight : [num_users=1] = get_attr[target=h.20.mlp.fc2.weight]
    %h_20_mlp_fc2_bias : [num_users=1] = get_attr[target=h.20.mlp.fc2.bias]
    %h_21_ln1_weight : [num_users=1] = get_attr[target=h.21.ln1.weight]
    %h_21_ln1_bias : [num_users=1] = get_attr[target=h.21.ln1.bias]
    %h_21_attn_qkv_weight : [num_users=1] = get_attr[target=h.21.attn.qkv.weight]
    %h_21_attn_qkv_bias : [num_users=1] = get_attr[target=h.21.attn.qkv.bias]
    %h_21_attn_proj_weight : [num_users=1] = get_attr[target=h.21.attn.proj.weight]
    %h_21_attn_proj_bias : [num_users=1] = get_attr[target=h.21.attn.proj.bias]
    %h_21_ln2_weight : [num_users=1] = get_attr[target=h.21.ln2.weight]
    %h_21_ln2_bias : [num_users=1] = get_attr[target=h.21.ln2.bias]
    %h_21_mlp_fc1_weight : [num_users=1] = get_attr[target=h.21.mlp.fc1.weight]
    %h_21_mlp_fc1_bias : [num_users=1] = get_attr[target=h.21.mlp.fc1.bias]
    %h_21_mlp_fc2_weight : [num_users=1] = get_attr[target=h.21.mlp.fc2.weight]
    %h_21_mlp_fc2_bias : [num_users=1] = get_attr[target=h.21.mlp.fc2.bias]
    %h_22_ln1_weight : [num_users=1] = get_attr[target=h.22.ln1.weight]
    %h_22_ln1_bias : [num_users=1] = get_attr[target=h.22.ln1.bias]
    %h_22_attn_qkv_weight : [num_users=1] = get_attr[target=h.22.attn.qkv.weight]
    %h_22_attn_qkv_bias : [num_users=1] = get_attr[target=h.22.attn.qkv.bias]
    %h_22_attn_proj_weight : [num_users=1] = get_attr[target=h.22.attn.proj.weight]
    %h_22_attn_proj_bias : [num_users=1] = get_attr[target=h.22.attn.proj.bias]
    %h_22_ln2_weight : [num_users=1] = get_attr[target=h.22.ln2.weight]
    %h_22_ln2_bias : [num_users=1] = get_attr[target=h.22.ln2.bias]
    %h_22_mlp_fc1_weight : [num_users=1] = get_attr[target=h.22.mlp.fc1.weight]
    %h_22_mlp_fc1_bias : [num_users=1] = get_attr[target=h.22.mlp.fc1.bias]
    %h_22_mlp_fc2_weight : [num_users=1] = get_attr[target=h.22.mlp.fc2.weight]
    %h_22_mlp_fc2_bias : [num_users=1] = get_attr[target=h.22.mlp.fc2.bias]
    %h_23_ln1_weight : [num_users=1] = get_attr[target=h.23.ln1.weight]
    %h_23_ln1_bias : [num_users=1] = get_attr[target=h.23.ln1.bias]
    %h_23_attn_qkv_weight : [num_users=1] = get_attr[target=h.23.attn.qkv.weight]
    %h_23_attn_qkv_bias : [num_users=1] = get_attr[target=h.23.attn.qkv.bias]
    %h_23_attn_proj_weight : [num_users=1] = get_attr[target=h.23.attn.proj.weight]
    %h_23_attn_proj_bias : [num_users=1] = get_attr[target=h.23.attn.proj.bias]
    %h_23_ln2_weight : [num_users=1] = get_attr[target=h.23.ln2.weight]
    %h_23_ln2_bias : [num_users=1] = get_attr[target=h.23.ln2.bias]
    %h_23_mlp_fc1_weight : [num_users=1] = get_attr[target=h.23.mlp.fc1.weight]
    %h_23_mlp_fc1_bias : [num_users=1] = get_attr[target=h.23.mlp.fc1.bias]
    %h_23_mlp_fc2_weight : [num_users=1] = get_attr[target=h.23.mlp.fc2.weight]
    %h_23_mlp_fc2_bias : [num_users=1] = get_attr[target=h.23.mlp.fc2.bias]
    %h_24_ln1_weight : [num_users=1] = get_attr[target=h.24.ln1.weight]
    %h_24_ln1_bias : [num_users=1] = get_attr[target=h.24.ln1.bias]
    %h_24_attn_qkv_weight : [num_users=1] = get_attr[target=h.24.attn.qkv.weight]
    %h_24_attn_qkv_bias : [num_users=1] = get_attr[target=h.24.attn.qkv.bias]
    %h_24_attn_proj_weight : [num_users=1] = get_attr[target=h.24.attn.proj.weight]
    %h_24_attn_proj_bias : [num_users=1] = get_attr[target=h.24.attn.proj.bias]
    %h_24_ln2_weight : [num_users=1] = get_attr[target=h.24.ln2.weight]
    %h_24_ln2_bias : [num_users=1] = get_attr[target=h.24.ln2.bias]
    %h_24_mlp_fc1_weight : [num_users=1] = get_attr[target=h.24.mlp.fc1.weight]
    %h_24_mlp_fc1_bias : [num_users=1] = get_attr[target=h.24.mlp.fc1.bias]
    %h_24_mlp_fc2_weight : [num_users=1] = get_attr[target=h.24.mlp.fc2.weight]
    %h_24_mlp_fc2_bias : [num_users=1] = get_attr[target=h.24.mlp.fc2.bias]
    %h_25_ln1_weight : [num_users=1] = get_attr[target=h.25.ln1.weight]
    %h_25_ln1_bias : [num_users=1] = get_attr[target=h.25.ln1.bias]
    %h_25_attn_qkv_weight : [num_users=1] = get_attr[target=h.25.attn.qkv.weight]
    %h_25_attn_qkv_bias : [num_users=1] = get_attr[target=h.25.attn.qkv.bias]
    %h_25_attn_proj_weight : [num_users=1] = get_attr[target=h.25.attn.proj.weight]
    %h_25_attn_proj_bias : [num_users=1] = get_attr[target=h.25.attn.proj.bias]
    %h_25_ln2_weight : [num_users=1] = get_attr[target=h.25.ln2.weight]
    %h_25_ln2_bias : [num_users=1] = get_attr[target=h.25.ln2.bias]
    %h_25_mlp_fc1_weight : [num_users=1] = get_attr[target=h.25.mlp.fc1.weight]
    %h_25_mlp_fc1_bias : [num_users=1] = get_attr[target=h.25.mlp.fc1.bias]
    %h_25_mlp_fc2_weight : [num_users=1] = get_attr[target=h.25.mlp.fc2.weight]
    %h_25_mlp_fc2_bias : [num_users=1] = get_attr[target=h.25.mlp.fc2.bias]
    %h_26_ln1_weight : [num_users=1] = get_attr[target=h.26.ln1.weight]
    %h_26_ln1_bias : [num_users=1] = get_attr[target=h.26.ln1.bias]
    %h_26_attn_qkv_weight : [num_users=1] = get_attr[target=h.26.attn.qkv.weight]
    %h_26_attn_qkv_bias : [num_users=1] = get_attr[target=h.26.attn.qkv.bias]
    %h_26_attn_proj_weight : [num_users=1] = get_attr[target=h.26.attn.proj.weight]
    %h_26_attn_proj_bias : [num_users=1] = get_attr[target=h.26.attn.proj.bias]
    %h_26_ln2_weight : [num_users=1] = get_attr[target=h.26.ln2.weight]
    %h_26_ln2_bias : [num_users=1] = get_attr[target=h.26.ln2.bias]
    %h_26_mlp_fc1_weight : [num_users=1] = get_attr[target=h.26.mlp.fc1.weight]
    %h_26_mlp_fc1_bias : [num_users=1] = get_attr[target=h.26.mlp.fc1.bias]
    %h_26_mlp_fc2_weight : [num_users=1] = get_attr[target=h.26.mlp.fc2.weight]
    %h_26_mlp_fc2_bias : [num_users=1] = get_attr[target=h.26.mlp.fc2.bias]
    %h_27_ln1_weight : [num_users=1] = get_attr[target=h.27.ln1.weight]
    %h_27_ln1_bias : [num_users=1] = get_attr[target=h.27.ln1.bias]
    %h_27_attn_qkv_weight : [num_users=1] = get_attr[target=h.27.attn.qkv.weight]
    %h_27_attn_qkv_bias : [num_users=1] = get_attr[target=h.27.attn.qkv.bias]
    %h_27_attn_proj_weight : [num_users=1] = get_attr[target=h.27.attn.proj.weight]
    %h_27_attn_proj_bias : [num_users=1] = get_attr[target=h.27.attn.proj.bias]
    %h_27_ln2_weight : [num_users=1] = get_attr[target=h.27.ln2.weight]
    %h_27_ln2_bias : [num_users=1] = get_attr[target=h.27.ln2.bias]
    %h_27_mlp_fc1_weight : [num_users=1] = get_attr[target=h.27.mlp.fc1.weight]
    %h_27_mlp_fc1_bias : [num_users=1] = get_attr[target=h.27.mlp.fc1.bias]
    %h_27_mlp_fc2_weight : [num_users=1] = get_attr[target=h.27.mlp.fc2.weight]
    %h_27_mlp_fc2_bias : [num_users=1] = get_attr[target=h.27.mlp.fc2.bias]
    %h_28_ln1_weight : [num_users=1] = get_attr[target=h.28.ln1.weight]
    %h_28_ln1_bias : [num_users=1] = get_attr[target=h.28.ln1.bias]
    %h_28_attn_qkv_weight : [num_users=1] = get_attr[target=h.28.attn.qkv.weight]
    %h_28_attn_qkv_bias : [num_users=1] = get_attr[target=h.28.attn.qkv.bias]
    %h_28_attn_proj_weight : [num_users=1] = get_attr[target=h.28.attn.proj.weight]
    %h_28_attn_proj_bias : [num_users=1] = get_attr[target=h.28.attn.proj.bias]
    %h_28_ln2_weight : [num_users=1] = get_attr[target=h.28.ln2.weight]
    %h_28_ln2_bias : [num_users=1] = get_attr[target=h.28.ln2.bias]
    %h_28_mlp_fc1_weight : [num_users=1] = get_attr[target=h.28.mlp.fc1.weight]
    %h_28_mlp_fc1_bias : [num_users=1] = get_attr[target=h.28.mlp.fc1.bias]
    %h_28_mlp_fc2_weight : [num_users=1] = get_attr[target=h.28.mlp.fc2.weight]
    %h_28_mlp_fc2_bias : [num_users=1] = get_attr[target=h.28.mlp.fc2.bias]
    %h_29_ln1_weight : [num_users=1] = get_attr[target=h.29.ln1.weight]
    %h_29_ln1_bias : [num_users=1] = get_attr[target=h.29.ln1.bias]
    %h_29_attn_qkv_weight : [num_users=1] = get_attr[target=h.29.attn.qkv.weight]
    %h_29_attn_qkv_bias : [num_users=1] = get_attr[target=h.29.attn.qkv.bias]
    %h_29_attn_proj_weight : [num_users=1] = get_attr[target=h.29.attn.proj.weight]
    %h_29_attn_proj_bias : [num_users=1] = get_attr[target=h.29.attn.proj.bias]
    %h_29_ln2_weight : [num_users=1] = get_attr[target=h.29.ln2.weight]
    %h_29_ln2_bias : [num_users=1] = get_attr[target=h.29.ln2.bias]
    %h_29_mlp_fc1_weight : [num_users=1] = get_attr[target=h.29.mlp.fc1.weight]
    %h_29_mlp_fc1_bias : [num_users=1] = get_attr[target=h.29.mlp.fc1.bias]
    %h_29_mlp_fc2_weight : [num_users=1] = get_attr[target=h.29.mlp.fc2.weight]
    %h_29_mlp_fc2_bias : [num_users=1] = get_attr[target=h.29.mlp.fc2.bias]
    %h_30_ln1_weight : [num_users=1] = get_attr[target=h.30.ln1.weight]
    %h_30_ln1_bias : [num_users=1] = get_attr[target=h.30.ln1.bias]
    %h_30_attn_qkv_weight : [num_users=1] = get_attr[target=h.30.attn.qkv.weight]
    %h_30_attn_qkv_bias : [num_users=1] = get_attr[target=h.30.attn.qkv.bias]
    %h_30_attn_proj_weight : [num_users=1] = get_attr[target=h.30.attn.proj.weight]
    %h_30_attn_proj_bias : [num_users=1] = get_attr[target=h.30.attn.proj.bias]
    %h_30_ln2_weight : [num_users=1] = get_attr[target=h.30.ln2.weight]
    %h_30_ln2_bias : [num_users=1] = get_attr[target=h.30.ln2.bias]
    %h_30_mlp_fc1_weight : [num_users=1] = get_attr[target=h.30.mlp.fc1.weight]
    %h_30_mlp_fc1_bias : [num_users=1] = get_attr[target=h.30.mlp.fc1.bias]
    %h_30_mlp_fc2_weight : [num_users=1] = get_attr[target=h.30.mlp.fc2.weight]
    %h_30_mlp_fc2_bias : [num_users=1] = get_attr[target=h.30.mlp.fc2.bias]
    %h_31_ln1_weight : [num_users=1] = get_attr[target=h.31.ln1.weight]
    %h_31_ln1_bias : [num_users=1] = get_attr[target=h.31.ln1.bias]
    %h_31_attn_qkv_weight : [num_users=1] = get_attr[target=h.31.attn.qkv.weight]
    %h_31_attn_qkv_bias : [num_users=1] = get_attr[target=h.31.attn.qkv.bias]
    %h_31_attn_proj_weight : [num_users=1] = get_attr[target=h.31.attn.proj.weight]
    %h_31_attn_proj_bias : [num_users=1] = get_attr[target=h.31.attn.proj.bias]
    %h_31_ln2_weight : [num_users=1] = get_attr[target=h.31.ln2.weight]
    %h_31_ln2_bias : [num_users=1] = get_attr[target=h.31.ln2.bias]
    %h_31_mlp_fc1_weight : [num_users=1] = get_attr[target=h.31.mlp.fc1.weight]
    %h_31_mlp_fc1_bias : [num_users=1] = get_attr[target=h.31.mlp.fc1.bias]
    %h_31_mlp_fc2_weight : [num_users=1] = get_attr[target=h.31.mlp.fc2.weight]
    %h_31_mlp_fc2_bias : [num_users=1] = get_attr[target=h.31.mlp.fc2.bias]
    %h_32_ln1_weight : [num_users=1] = get_attr[target=h.32.ln1.weight]
    %h_32_ln1_bias : [num_users=1] = get_attr[target=h.32.ln1.bias]
    %h_32_attn_qkv_weight : [num_users=1] = get_attr[target=h.32.attn.qkv.weight]
    %h_32_attn_qkv_bias : [num_users=1] = get_attr[target=h.32.attn.qkv.bias]
    %h_32_attn_proj_weight : [num_users=1] = get_attr[target=h.32.attn.proj.weight]
    %h_32_attn_proj_bias : [num_users=1] = get_attr[target=h.32.attn.proj.bias]
    %h_32_ln2_weight : [num_users=1] = get_attr[target=h.32.ln2.weight]
    %h_32_ln2_bias : [num_users=1] = get_attr[target=h.32.ln2.bias]
    %h_32_mlp_fc1_weight : [num_users=1] = get_attr[target=h.32.mlp.fc1.weight]
    %h_32_mlp_fc1_bias : [num_users=1] = get_attr[target=h.32.mlp.fc1.bias]
    %h_32_mlp_fc2_weight : [num_users=1] = get_attr[target=h.32.mlp.fc2.weight]
    %h_32_mlp_fc2_bias : [num_users=1] = get_attr[target=h.32.mlp.fc2.bias]
    %h_33_ln1_weight : [num_users=1] = get_attr[target=h.33.ln1.weight]
    %h_33_ln1_bias : [num_users=1] = get_attr[target=h.33.ln1.bias]
    %h_33_attn_qkv_weight : [num_users=1] = get_attr[target=h.33.attn.qkv.weight]
    %h_33_attn_qkv_bias : [num_users=1] = get_attr[target=h.33.attn.qkv.bias]
    %h_33_attn_proj_weight : [num_users=1] = get_attr[target=h.33.attn.proj.weight]
    %h_33_attn_proj_bias : [num_users=1] = get_attr[target=h.33.attn.proj.bias]
    %h_33_ln2_weight : [num_users=1] = get_attr[target=h.33.ln2.weight]
    %h_33_ln2_bias : [num_users=1] = get_attr[target=h.33.ln2.bias]
    %h_33_mlp_fc1_weight : [num_users=1] = get_attr[target=h.33.mlp.fc1.weight]
    %h_33_mlp_fc1_bias : [num_users=1] = get_attr[target=h.33.mlp.fc1.bias]
    %h_33_mlp_fc2_weight : [num_users=1] = get_attr[target=h.33.mlp.fc2.weight]
    %h_33_mlp_fc2_bias : [num_users=1] = get_attr[target=h.33.mlp.fc2.bias]
    %h_34_ln1_weight : [num_users=1] = get_attr[target=h.34.ln1.weight]
    %h_34_ln1_bias : [num_users=1] = get_attr[target=h.34.ln1.bias]
    %h_34_attn_qkv_weight : [num_users=1] = get_attr[target=h.34.attn.qkv.weight]
    %h_34_attn_qkv_bias : [num_users=1] = get_attr[target=h.34.attn.qkv.bias]
    %h_34_attn_proj_weight : [num_users=1] = get_attr[target=h.34.attn.proj.weight]
    %h_34_attn_proj_bias : [num_users=1] = get_attr[target=h.34.attn.proj.bias]
    %h_34_ln2_weight : [num_users=1] = get_attr[target=h.34.ln2.weight]
    %h_34_ln2_bias : [num_users=1] = get_attr[target=h.34.ln2.bias]
    %h_34_mlp_fc1_weight : [num_users=1] = get_attr[target=h.34.mlp.fc1.weight]
    %h_34_mlp_fc1_bias : [num_users=1] = get_attr[target=h.34.mlp.fc1.bias]
    %h_34_mlp_fc2_weight : [num_users=1] = get_attr[target=h.34.mlp.fc2.weight]
    %h_34_mlp_fc2_bias : [num_users=1] = get_attr[target=h.34.mlp.fc2.bias]
    %h_35_ln1_weight : [num_users=1] = get_attr[target=h.35.ln1.weight]
    %h_35_ln1_bias : [num_users=1] = get_attr[target=h.35.ln1.bias]
    %h_35_attn_qkv_weight : [num_users=1] = get_attr[target=h.35.attn.qkv.weight]
    %h_35_attn_qkv_bias : [num_users=1] = get_attr[target=h.35.attn.qkv.bias]
    %h_35_attn_proj_weight : [num_users=1] = get_attr[target=h.35.attn.proj.weight]
    %h_35_attn_proj_bias : [num_users=1] = get_attr[target=h.35.attn.proj.bias]
    %h_35_ln2_weight : [num_users=1] = get_attr[target=h.35.ln2.weight]
    %h_35_ln2_bias : [num_users=1] = get_attr[target=h.35.ln2.bias]
    %h_35_mlp_fc1_weight : [num_users=1] = get_attr[target=h.35.mlp.fc1.weight]
    %h_35_mlp_fc1_bias : [num_users=1] = get_attr[target=h.35.mlp.fc1.bias]
    %h_35_mlp_fc2_weight : [num_users=1] = get_attr[target=h.35.mlp.fc2.weight]
    %h_35_mlp_fc2_bias : [num_users=1] = get_attr[target=h.35.mlp.fc2.bias]
    %h_36_ln1_weight : [num_users=1] = get_attr[target=h.36.ln1.weight]
    %h_36_ln1_bias : [num_users=1] = get_attr[target=h.36.ln1.bias]
    %h_36_attn_qkv_weight : [num_users=1] = get_attr[target=h.36.attn.qkv.weight]
    %h_36_attn_qkv_bias : [num_users=1] = get_attr[target=h.36.attn.qkv.bias]
    %h_36_attn_proj_weight : [num_users=1] = get_attr[target=h.36.attn.proj.weight]
    %h_36_attn_proj_bias : [num_users=1] = get_attr[target=h.36.attn.proj.bias]
    %h_36_ln2_weight : [num_users=1] = get_attr[target=h.36.ln2.weight]
    %h_36_ln2_bias : [num_users=1] = get_attr[target=h.36.ln2.bias]
    %h_36_mlp_fc1_weight : [num_users=1] = get_attr[target=h.36.mlp.fc1.weight]
    %h_36_mlp_fc1_bias : [num_users=1] = get_attr[target=h.36.mlp.fc1.bias]
    %h_36_mlp_fc2_weight : [num_users=1] = get_attr[target=h.36.mlp.fc2.weight]
    %h_36_mlp_fc2_bias : [num_users=1] = get_attr[target=h.36.mlp.fc2.bias]
    %h_37_ln1_weight : [num_users=1] = get_attr[target=h.37.ln1.weight]
    %h_37_ln1_bias : [num_users=1] = get_attr[target=h.37.ln1.bias]
    %h_37_attn_qkv_weight : [num_users=1] = get_attr[target=h.37.attn.qkv.weight]
    %h_37_attn_qkv_bias : [num_users=1] = get_attr[target=h.37.attn.qkv.bias]
    %h_37_attn_proj_weight : [num_users=1] = get_attr[target=h.37.attn.proj.weight]
    %h_37_attn_proj_bias : [num_users=1] = get_attr[target=h.37.attn.proj.bias]
    %h_37_ln2_weight : [num_users=1] = get_attr[target=h.37.ln2.weight]
    %h_37_ln2_bias : [num_users=1] = get_attr[target=h.37.ln2.bias]
    %h_37_mlp_fc1_weight : [num_users=1] = get_attr[target=h.37.mlp.fc1.weight]
    %h_37_mlp_fc1_bias : [num_users=1] = get_attr[target=h.37.mlp.fc1.bias]
    %h_37_mlp_fc2_weight : [num_users=1] = get_attr[target=h.37.mlp.fc2.weight]
    %h_37_mlp_fc2_bias : [num_users=1] = get_attr[target=h.37.mlp.fc2.bias]
    %h_38_ln1_weight : [num_users=1] = get_attr[target=h.38.ln1.weight]
    %h_38_ln1_bias : [num_users=1] = get_attr[target=h.38.ln1.bias]
    %h_38_attn_qkv_weight : [num_users=1] = get_attr[target=h.38.attn.qkv.weight]
    %h_38_attn_qkv_bias : [num_users=1] = get_attr[target=h.38.attn.qkv.bias]
    %h_38_attn_proj_weight : [num_users=1] = get_attr[target=h.38.attn.proj.weight]
    %h_38_attn_proj_bias : [num_users=1] = get_attr[target=h.38.attn.proj.bias]
    %h_38_ln2_weight : [num_users=1] = get_attr[target=h.38.ln2.weight]
    %h_38_ln2_bias : [num_users=1] = get_attr[target=h.38.ln2.bias]
    %h_38_mlp_fc1_weight : [num_users=1] = get_attr[target=h.38.mlp.fc1.weight]
    %h_38_mlp_fc1_bias : [num_users=1] = get_attr[target=h.38.mlp.fc1.bias]
    %h_38_mlp_fc2_weight : [num_users=1] = get_attr[target=h.38.mlp.fc2.weight]
    %h_38_mlp_fc2_bias : [num_users=1] = get_attr[target=h.38.mlp.fc2.bias]
    %h_39_ln1_weight : [num_users=1] = get_attr[target=h.39.ln1.weight]
    %h_39_ln1_bias : [num_users=1] = get_attr[target=h.39.ln1.bias]
    %h_39_attn_qkv_weight : [num_users=1] = get_attr[target=h.39.attn.qkv.weight]
    %h_39_attn_qkv_bias : [num_users=1] = get_attr[target=h.39.attn.qkv.bias]
    %h_39_attn_proj_weight : [num_users=1] = get_attr[target=h.39.attn.proj.weight]
    %h_39_attn_proj_bias : [num_users=1] = get_attr[target=h.39.attn.proj.bias]
    %h_39_ln2_weight : [num_users=1] = get_attr[target=h.39.ln2.weight]
    %h_39_ln2_bias : [num_users=1] = get_attr[target=h.39.ln2.bias]
    %h_39_mlp_fc1_weight : [num_users=1] = get_attr[target=h.39.mlp.fc1.weight]
    %h_39_mlp_fc1_bias : [num_users=1] = get_attr[target=h.39.mlp.fc1.bias]
    %h_39_mlp_fc2_weight : [num_users=1] = get_attr[target=h.39.mlp.fc2.weight]
    %h_39_mlp_fc2_bias : [num_users=1] = get_attr[target=h.39.mlp.fc2.bias]
    %h_40_ln1_weight : [num_users=1] = get_attr[target=h.40.ln1.weight]
    %h_40_ln1_bias : [num_users=1] = get_attr[target=h.40.ln1.bias]
    %h_40_attn_qkv_weight : [num_users=1] = get_attr[target=h.40.attn.qkv.weight]
    %h_40_attn_qkv_bias : [num_users=1] = get_attr[target=h.40.attn.qkv.bias]
    %h_40_attn_proj_weight : [num_users=1] = get_attr[target=h.40.attn.proj.weight]
    %h_40_attn_proj_bias : [num_users=1] = get_attr[target=h.40.attn.proj.bias]
    %h_40_ln2_weight : [num_users=1] = get_attr[target=h.40.ln2.weight]
    %h_40_ln2_bias : [num_users=1] = get_attr[target=h.40.ln2.bias]
    %h_40_mlp_fc1_weight : [num_users=1] = get_attr[target=h.40.mlp.fc1.weight]
    %h_40_mlp_fc1_bias : [num_users=1] = get_attr[target=h.40.mlp.fc1.bias]
    %h_40_mlp_fc2_weight : [num_users=1] = get_attr[target=h.40.mlp.fc2.weight]
    %h_40_mlp_fc2_bias : [num_users=1] = get_attr[target=h.40.mlp.fc2.bias]
    %h_41_ln1_weight : [num_users=1] = get_attr[target=h.41.ln1.weight]
    %h_41_ln1_bias : [num_users=1] = get_attr[target=h.41.ln1.bias]
    %h_41_attn_qkv_weight : [num_users=1] = get_attr[target=h.41.attn.qkv.weight]
    %h_41_attn_qkv_bias : [num_users=1] = get_attr[target=h.41.attn.qkv.bias]
    %h_41_attn_proj_weight : [num_users=1] = get_attr[target=h.41.attn.proj.weight]
    %h_41_attn_proj_bias : [num_users=1] = get_attr[target=h.41.attn.proj.bias]
    %h_41_ln2_weight : [num_users=1] = get_attr[target=h.41.ln2.weight]
    %h_41_ln2_bias : [num_users=1] = get_attr[target=h.41.ln2.bias]
    %h_41_mlp_fc1_weight : [num_users=1] = get_attr[target=h.41.mlp.fc1.weight]
    %h_41_mlp_fc1_bias : [num_users=1] = get_attr[target=h.41.mlp.fc1.bias]
    %h_41_mlp_fc2_weight : [num_users=1] = get_attr[target=h.41.mlp.fc2.weight]
    %h_41_mlp_fc2_bias : [num_users=1] = get_attr[target=h.41.mlp.fc2.bias]
    %h_42_ln1_weight : [num_users=1] = get_attr[target=h.42.ln1.weight]
    %h_42_ln1_bias : [num_users=1] = get_attr[target=h.42.ln1.bias]
    %h_42_attn_qkv_weight : [num_users=1] = get_attr[target=h.42.attn.qkv.weight]
    %h_42_attn_qkv_bias : [num_users=1] = get_attr[target=h.42.attn.qkv.bias]
    %h_42_attn_proj_weight : [num_users=1] = get_attr[target=h.42.attn.proj.weight]
    %h_42_attn_proj_bias : [num_users=1] = get_attr[target=h.42.attn.proj.bias]
    %h_42_ln2_weight : [num_users=1] = get_attr[target=h.42.ln2.weight]
    %h_42_ln2_bias : [num_users=1] = get_attr[target=h.42.ln2.bias]
    %h_42_mlp_fc1_weight : [num_users=1] = get_attr[target=h.42.mlp.fc1.weight]
    %h_42_mlp_fc1_bias : [num_users=1] = get_attr[target=h.42.mlp.fc1.bias]
    %h_42_mlp_fc2_weight : [num_users=1] = get_attr[target=h.42.mlp.fc2.weight]
    %h_42_mlp_fc2_bias : [num_users=1] = get_attr[target=h.42.mlp.fc2.bias]
    %h_43_ln1_weight : [num_users=1] = get_attr[target=h.43.ln1.weight]
    %h_43_ln1_bias : [num_users=1] = get_attr[target=h.43.ln1.bias]
    %h_43_attn_qkv_weight : [num_users=1] = get_attr[target=h.43.attn.qkv.weight]
    %h_43_attn_qkv_bias : [num_users=1] = get_attr[target=h.43.attn.qkv.bias]
    %h_43_attn_proj_weight : [num_users=1] = get_attr[target=h.43.attn.proj.weight]
    %h_43_attn_proj_bias : [num_users=1] = get_attr[target=h.43.attn.proj.bias]
    %h_43_ln2_weight : [num_users=1] = get_attr[target=h.43.ln2.weight]
    %h_43_ln2_bias : [num_users=1] = get_attr[target=h.43.ln2.bias]
    %h_43_mlp_fc1_weight : [num_users=1] = get_attr[target=h.43.mlp.fc1.weight]
    %h_43_mlp_fc1_bias : [num_users=1] = get_attr[target=h.43.mlp.fc1.bias]
    %h_43_mlp_fc2_weight : [num_users=1] = get_attr[target=h.43.mlp.fc2.weight]
    %h_43_mlp_fc2_bias : [num_users=1] = get_attr[target=h.43.mlp.fc2.bias]
    %h_44_ln1_weight : [num_users=1] = get_attr[target=h.44.ln1.weight]
    %h_44_ln1_bias : [num_users=1] = get_attr[target=h.44.ln1.bias]
    %h_44_attn_qkv_weight : [num_users=1] = get_attr[target=h.44.attn.qkv.weight]
    %h_44_attn_qkv_bias : [num_users=1] = get_attr[target=h.44.attn.qkv.bias]
    %h_44_attn_proj_weight : [num_users=1] = get_attr[target=h.44.attn.proj.weight]
    %h_44_attn_proj_bias : [num_users=1] = get_attr[target=h.44.attn.proj.bias]
    %h_44_ln2_weight : [num_users=1] = get_attr[target=h.44.ln2.weight]
    %h_44_ln2_bias : [num_users=1] = get_attr[target=h.44.ln2.bias]
    %h_44_mlp_fc1_weight : [num_users=1] = get_attr[target=h.44.mlp.fc1.weight]
    %h_44_mlp_fc1_bias : [num_users=1] = get_attr[target=h.44.mlp.fc1.bias]
    %h_44_mlp_fc2_weight : [num_users=1] = get_attr[target=h.44.mlp.fc2.weight]
    %h_44_mlp_fc2_bias : [num_users=1] = get_attr[target=h.44.mlp.fc2.bias]
    %h_45_ln1_weight : [num_users=1] = get_attr[target=h.45.ln1.weight]
    %h_45_ln1_bias : [num_users=1] = get_attr[target=h.45.ln1.bias]
    %h_45_attn_qkv_weight : [num_users=1] = get_attr[target=h.45.attn.qkv.weight]
    %h_45_attn_qkv_bias : [num_users=1] = get_attr[target=h.45.attn.qkv.bias]
    %h_45_attn_proj_weight : [num_users=1] = get_attr[target=h.45.attn.proj.weight]
    %h_45_attn_proj_bias : [num_users=1] = get_attr[target=h.45.attn.proj.bias]
    %h_45_ln2_weight : [num_users=1] = get_attr[target=h.45.ln2.weight]
    %h_45_ln2_bias : [num_users=1] = get_attr[target=h.45.ln2.bias]
    %h_45_mlp_fc1_weight : [num_users=1] = get_attr[target=h.45.mlp.fc1.weight]
    %h_45_mlp_fc1_bias : [num_users=1] = get_attr[target=h.45.mlp.fc1.bias]
    %h_45_mlp_fc2_weight : [num_users=1] = get_attr[target=h.45.mlp.fc2.weight]
    %h_45_mlp_fc2_bias : [num_users=1] = get_attr[target=h.45.mlp.fc2.bias]
    %h_46_ln1_weight : [num_users=1] = get_attr[target=h.46.ln1.weight]
    %h_46_ln1_bias : [num_users=1] = get_attr[target=h.46.ln1.bias]
    %h_46_attn_qkv_weight : [num_users=1] = get_attr[target=h.46.attn.qkv.weight]
    %h_46_attn_qkv_bias : [num_users=1] = get_attr[target=h.46.attn.qkv.bias]
    %h_46_attn_proj_weight : [num_users=1] = get_attr[target=h.46.attn.proj.weight]
    %h_46_attn_proj_bias : [num_users=1] = get_attr[target=h.46.attn.proj.bias]
    %h_46_ln2_weight : [num_users=1] = get_attr[target=h.46.ln2.weight]
    %h_46_ln2_bias : [num_users=1] = get_attr[target=h.46.ln2.bias]
    %h_46_mlp_fc1_weight : [num_users=1] = get_attr[target=h.46.mlp.fc1.weight]
    %h_46_mlp_fc1_bias : [num_users=1] = get_attr[target=h.46.mlp.fc1.bias]
    %h_46_mlp_fc2_weight : [num_users=1] = get_attr[target=h.46.mlp.fc2.weight]
    %h_46_mlp_fc2_bias : [num_users=1] = get_attr[target=h.46.mlp.fc2.bias]
    %h_47_ln1_weight : [num_users=1] = get_attr[target=h.47.ln1.weight]
    %h_47_ln1_bias : [num_users=1] = get_attr[target=h.47.ln1.bias]
    %h_47_attn_qkv_weight : [num_users=1] = get_attr[target=h.47.attn.qkv.weight]
    %h_47_attn_qkv_bias : [num_users=1] = get_attr[target=h.47.attn.qkv.bias]
    %h_47_attn_proj_weight : [num_users=1] = get_attr[target=h.47.attn.proj.weight]
    %h_47_attn_proj_bias : [num_users=1] = get_attr[target=h.47.attn.proj.bias]
    %h_47_ln2_weight : [num_users=1] = get_attr[target=h.47.ln2.weight]
    %h_47_ln2_bias : [num_users=1] = get_attr[target=h.47.ln2.bias]
    %h_47_mlp_fc1_weight : [num_users=1] = get_attr[target=h.47.mlp.fc1.weight]
    %h_47_mlp_fc1_bias : [num_users=1] = get_attr[target=h.47.mlp.fc1.bias]
    %h_47_mlp_fc2_weight : [num_users=1] = get_attr[target=h.47.mlp.fc2.weight]
    %h_47_mlp_fc2_bias : [num_users=1] = get_attr[target=h.47.mlp.fc2.bias]
    %h_48_ln1_weight : [num_users=1] = get_attr[target=h.48.ln1.weight]
    %h_48_ln1_bias : [num_users=1] = get_attr[target=h.48.ln1.bias]
    %h_48_attn_qkv_weight : [num_users=1] = get_attr[target=h.48.attn.qkv.weight]
    %h_48_attn_qkv_bias : [num_users=1] = get_attr[target=h.48.attn.qkv.bias]
    %h_48_attn_proj_weight : [num_users=1] = get_attr[target=h.48.attn.proj.weight]
    %h_48_attn_proj_bias : [num_users=1] = get_attr[target=h.48.attn.proj.bias]
    %h_48_ln2_weight : [num_users=1] = get_attr[target=h.48.ln2.weight]
    %h_48_ln2_bias : [num_users=1] = get_attr[target=h.48.ln2.bias]
    %h_48_mlp_fc1_weight : [num_users=1] = get_attr[target=h.48.mlp.fc1.weight]
    %h_48_mlp_fc1_bias : [num_users=1] = get_attr[target=h.48.mlp.fc1.bias]
    %h_48_mlp_fc2_weight : [num_users=1] = get_attr[target=h.48.mlp.fc2.weight]
    %h_48_mlp_fc2_bias : [num_users=1] = get_attr[target=h.48.mlp.fc2.bias]
    %h_49_ln1_weight : [num_users=1] = get_attr[target=h.49.ln1.weight]
    %h_49_ln1_bias : [num_users=1] = get_attr[target=h.49.ln1.bias]
    %h_49_attn_qkv_weight : [num_users=1] = get_attr[target=h.49.attn.qkv.weight]
    %h_49_attn_qkv_bias : [num_users=1] = get_attr[target=h.49.attn.qkv.bias]
    %h_49_attn_proj_weight : [num_users=1] = get_attr[target=h.49.attn.proj.weight]
    %h_49_attn_proj_bias : [num_users=1] = get_attr[target=h.49.attn.proj.bias]
    %h_49_ln2_weight : [num_users=1] = get_attr[target=h.49.ln2.weight]
    %h_49_ln2_bias : [num_users=1] = get_attr[target=h.49.ln2.bias]
    %h_49_mlp_fc1_weight : [num_users=1] = get_attr[target=h.49.mlp.fc1.weight]
    %h_49_mlp_fc1_bias : [num_users=1] = get_attr[target=h.49.mlp.fc1.bias]
    %h_49_mlp_fc2_weight : [num_users=1] = get_attr[target=h.49.mlp.fc2.weight]
    %h_49_mlp_fc2_bias : [num_users=1] = get_attr[target=h.49.mlp.fc2.bias]
    %h_50_ln1_weight : [num_users=1] = get_attr[target=h.50.ln1.weight]
    %h_50_ln1_bias : [num_users=1] = get_attr[target=h.50.ln1.bias]
    %h_50_attn_qkv_weight : [num_users=1] = get_attr[target=h.50.attn.qkv.weight]
    %h_50_attn_qkv_bias : [num_users=1] = get_attr[target=h.50.attn.qkv.bias]
    %h_50_attn_proj_weight : [num_users=1] = get_attr[target=h.50.attn.proj.weight]
    %h_50_attn_proj_bias : [num_users=1] = get_attr[target=h.50.attn.proj.bias]
    %h_50_ln2_weight : [num_users=1] = get_attr[target=h.50.ln2.weight]
    %h_50_ln2_bias : [num_users=1] = get_attr[target=h.50.ln2.bias]
    %h_50_mlp_fc1_weight : [num_users=1] = get_attr[target=h.50.mlp.fc1.weight]
    %h_50_mlp_fc1_bias : [num_users=1] = get_attr[target=h.50.mlp.fc1.bias]
    %h_50_mlp_fc2_weight : [num_users=1] = get_attr[target=h.50.mlp.fc2.weight]
    %h_50_mlp_fc2_bias : [num_users=1] = get_attr[target=h.50.mlp.fc2.bias]
    %h_51_ln1_weight : [num_users=1] = get_attr[target=h.51.ln1.weight]
    %h_51_ln1_bias : [num_users=1] = get_attr[target=h.51.ln1.bias]
    %h_51_attn_qkv_weight : [num_users=1] = get_attr[target=h.51.attn.qkv.weight]
    %h_51_attn_qkv_bias : [num_users=1] = get_attr[target=h.51.attn.qkv.bias]
    %h_51_attn_proj_weight : [num_users=1] = get_attr[target=h.51.attn.proj.weight]
    %h_51_attn_proj_bias : [num_users=1] = get_attr[target=h.51.attn.proj.bias]
    %h_51_ln2_weight : [num_users=1] = get_attr[target=h.51.ln2.weight]
    %h_51_ln2_bias : [num_users=1] = get_attr[target=h.51.ln2.bias]
    %h_51_mlp_fc1_weight : [num_users=1] = get_attr[target=h.51.mlp.fc1.weight]
    %h_51_mlp_fc1_bias : [num_users=1] = get_attr[target=h.51.mlp.fc1.bias]
    %h_51_mlp_fc2_weight : [num_users=1] = get_attr[target=h.51.mlp.fc2.weight]
    %h_51_mlp_fc2_bias : [num_users=1] = get_attr[target=h.51.mlp.fc2.bias]
    %h_52_ln1_weight : [num_users=1] = get_attr[target=h.52.ln1.weight]
    %h_52_ln1_bias : [num_users=1] = get_attr[target=h.52.ln1.bias]
    %h_52_attn_qkv_weight : [num_users=1] = get_attr[target=h.52.attn.qkv.weight]
    %h_52_attn_qkv_bias : [num_users=1] = get_attr[target=h.52.attn.qkv.bias]
    %h_52_attn_proj_weight : [num_users=1] = get_attr[target=h.52.attn.proj.weight]
    %h_52_attn_proj_bias : [num_users=1] = get_attr[target=h.52.attn.proj.bias]
    %h_52_ln2_weight : [num_users=1] = get_attr[target=h.52.ln2.weight]
    %h_52_ln2_bias : [num_users=1] = get_attr[target=h.52.ln2.bias]
    %h_52_mlp_fc1_weight : [num_users=1] = get_attr[target=h.52.mlp.fc1.weight]
    %h_52_mlp_fc1_bias : [num_users=1] = get_attr[target=h.52.mlp.fc1.bias]
    %h_52_mlp_fc2_weight : [num_users=1] = get_attr[target=h.52.mlp.fc2.weight]
    %h_52_mlp_fc2_bias : [num_users=1] = get_attr[target=h.52.mlp.fc2.bias]
    %h_53_ln1_weight : [num_users=1] = get_attr[target=h.53.ln1.weight]
    %h_53_ln1_bias : [num_users=1] = get_attr[target=h.53.ln1.bias]
    %h_53_attn_qkv_weight : [num_users=1] = get_attr[target=h.53.attn.qkv.weight]
    %h_53_attn_qkv_bias : [num_users=1] = get_attr[target=h.53.attn.qkv.bias]
    %h_53_attn_proj_weight : [num_users=1] = get_attr[target=h.53.attn.proj.weight]
    %h_53_attn_proj_bias : [num_users=1] = get_attr[target=h.53.attn.proj.bias]
    %h_53_ln2_weight : [num_users=1] = get_attr[target=h.53.ln2.weight]
    %h_53_ln2_bias : [num_users=1] = get_attr[target=h.53.ln2.bias]
    %h_53_mlp_fc1_weight : [num_users=1] = get_attr[target=h.53.mlp.fc1.weight]
    %h_53_mlp_fc1_bias : [num_users=1] = get_attr[target=h.53.mlp.fc1.bias]
    %h_53_mlp_fc2_weight : [num_users=1] = get_attr[target=h.53.mlp.fc2.weight]
    %h_53_mlp_fc2_bias : [num_users=1] = get_attr[target=h.53.mlp.fc2.bias]
    %h_54_ln1_weight : [num_users=1] = get_attr[target=h.54.ln1.weight]
    %h_54_ln1_bias : [num_users=1] = get_attr[target=h.54.ln1.bias]
    %h_54_attn_qkv_weight : [num_users=1] = get_attr[target=h.54.attn.qkv.weight]
    %h_54_attn_qkv_bias : [num_users=1] = get_attr[target=h.54.attn.qkv.bias]
    %h_54_attn_proj_weight : [num_users=1] = get_attr[target=h.54.attn.proj.weight]
    %h_54_attn_proj_bias : [num_users=1] = get_attr[target=h.54.attn.proj.bias]
    %h_54_ln2_weight : [num_users=1] = get_attr[target=h.54.ln2.weight]
    %h_54_ln2_bias : [num_users=1] = get_attr[target=h.54.ln2.bias]
    %h_54_mlp_fc1_weight : [num_users=1] = get_attr[target=h.54.mlp.fc1.weight]
    %h_54_mlp_fc1_bias : [num_users=1] = get_attr[target=h.54.mlp.fc1.bias]
    %h_54_mlp_fc2_weight : [num_users=1] = get_attr[target=h.54.mlp.fc2.weight]
    %h_54_mlp_fc2_bias : [num_users=1] = get_attr[target=h.54.mlp.fc2.bias]
    %h_55_ln1_weight : [num_users=1] = get_attr[target=h.55.ln1.weight]
    %h_55_ln1_bias : [num_users=1] = get_attr[target=h.55.ln1.bias]
    %h_55_attn_qkv_weight : [num_users=1] = get_attr[target=h.55.attn.qkv.weight]
    %h_55_attn_qkv_bias : [num_users=1] = get_attr[target=h.55.attn.qkv.bias]
    %h_55_attn_proj_weight : [num_users=1] = get_attr[target=h.55.attn.proj.weight]
    %h_55_attn_proj_bias : [num_users=1] = get_attr[target=h.55.attn.proj.bias]
    %h_55_ln2_weight : [num_users=1] = get_attr[target=h.55.ln2.weight]
    %h_55_ln2_bias : [num_users=1] = get_attr[target=h.55.ln2.bias]
    %h_55_mlp_fc1_weight : [num_users=1] = get_attr[target=h.55.mlp.fc1.weight]
    %h_55_mlp_fc1_bias : [num_users=1] = get_attr[target=h.55.mlp.fc1.bias]
    %h_55_mlp_fc2_weight : [num_users=1] = get_attr[target=h.55.mlp.fc2.weight]
    %h_55_mlp_fc2_bias : [num_users=1] = get_attr[target=h.55.mlp.fc2.bias]
    %h_56_ln1_weight : [num_users=1] = get_attr[target=h.56.ln1.weight]
    %h_56_ln1_bias : [num_users=1] = get_attr[target=h.56.ln1.bias]
    %h_56_attn_qkv_weight : [num_users=1] = get_attr[target=h.56.attn.qkv.weight]
    %h_56_attn_qkv_bias : [num_users=1] = get_attr[target=h.56.attn.qkv.bias]
    %h_56_attn_proj_weight : [num_users=1] = get_attr[target=h.56.attn.proj.weight]
    %h_56_attn_proj_bias : [num_users=1] = get_attr[target=h.56.attn.proj.bias]
    %h_56_ln2_weight : [num_users=1] = get_attr[target=h.56.ln2.weight]
    %h_56_ln2_bias : [num_users=1] = get_attr[target=h.56.ln2.bias]
    %h_56_mlp_fc1_weight : [num_users=1] = get_attr[target=h.56.mlp.fc1.weight]
    %h_56_mlp_fc1_bias : [num_users=1] = get_attr[target=h.56.mlp.fc1.bias]
    %h_56_mlp_fc2_weight : [num_users=1] = get_attr[target=h.56.mlp.fc2.weight]
    %h_56_mlp_fc2_bias : [num_users=1] = get_attr[target=h.56.mlp.fc2.bias]
    %h_57_ln1_weight : [num_users=1] = get_attr[target=h.57.ln1.weight]
    %h_57_ln1_bias : [num_users=1] = get_attr[target=h.57.ln1.bias]
    %h_57_attn_qkv_weight : [num_users=1] = get_attr[target=h.57.attn.qkv.weight]
    %h_57_attn_qkv_bias : [num_users=1] = get_attr[target=h.57.attn.qkv.bias]
    %h_57_attn_proj_weight : [num_users=1] = get_attr[target=h.57.attn.proj.weight]
    %h_57_attn_proj_bias : [num_users=1] = get_attr[target=h.57.attn.proj.bias]
    %h_57_ln2_weight : [num_users=1] = get_attr[target=h.57.ln2.weight]
    %h_57_ln2_bias : [num_users=1] = get_attr[target=h.57.ln2.bias]
    %h_57_mlp_fc1_weight : [num_users=1] = get_attr[target=h.57.mlp.fc1.weight]
    %h_57_mlp_fc1_bias : [num_users=1] = get_attr[target=h.57.mlp.fc1.bias]
    %h_57_mlp_fc2_weight : [num_users=1] = get_attr[target=h.57.mlp.fc2.weight]
    %h_57_mlp_fc2_bias : [num_users=1] = get_attr[target=h.57.mlp.fc2.bias]
    %h_58_ln1_weight : [num_users=1] = get_attr[target=h.58.ln1.weight]
    %h_58_ln1_bias : [num_users=1] = get_attr[target=h.58.ln1.bias]
    %h_58_attn_qkv_weight : [num_users=1] = get_attr[target=h.58.attn.qkv.weight]
    %h_58_attn_qkv_bias : [num_users=1] = get_attr[target=h.58.attn.qkv.bias]
    %h_58_attn_proj_weight : [num_users=1] = get_attr[target=h.58.attn.proj.weight]
    %h_58_attn_proj_bias : [num_users=1] = get_attr[target=h.58.attn.proj.bias]
    %h_58_ln2_weight : [num_users=1] = get_attr[target=h.58.ln2.weight]
    %h_58_ln2_bias : [num_users=1] = get_attr[target=h.58.ln2.bias]
    %h_58_mlp_fc1_weight : [num_users=1] = get_attr[target=h.58.mlp.fc1.weight]
    %h_58_mlp_fc1_bias : [num_users=1] = get_attr[target=h.58.mlp.fc1.bias]
    %h_58_mlp_fc2_weight : [num_users=1] = get_attr[target=h.58.mlp.fc2.weight]
    %h_58_mlp_fc2_bias : [num_users=1] = get_attr[target=h.58.mlp.fc2.bias]
    %h_59_ln1_weight : [num_users=1] = get_attr[target=h.59.ln1.weight]
    %h_59_ln1_bias : [num_users=1] = get_attr[target=h.59.ln1.bias]
    %h_59_attn_qkv_weight : [num_users=1] = get_attr[target=h.59.attn.qkv.weight]
    %h_59_attn_qkv_bias : [num_users=1] = get_attr[target=h.59.attn.qkv.bias]
    %h_59_attn_proj_weight : [num_users=1] = get_attr[target=h.59.attn.proj.weight]
    %h_59_attn_proj_bias : [num_users=1] = get_attr[target=h.59.attn.proj.bias]
    %h_59_ln2_weight : [num_users=1] = get_attr[target=h.59.ln2.weight]
    %h_59_ln2_bias : [num_users=1] = get_attr[target=h.59.ln2.bias]
    %h_59_mlp_fc1_weight : [num_users=1] = get_attr[target=h.59.mlp.fc1.weight]
    %h_59_mlp_fc1_bias : [num_users=1] = get_attr[target=h.59.mlp.fc1.bias]
    %h_59_mlp_fc2_weight : [num_users=1] = get_attr[target=h.59.mlp.fc2.weight]
    %h_59_mlp_fc2_bias : [num_users=1] = get_attr[target=h.59.mlp.fc2.bias]
    %h_60_ln1_weight : [num_users=1] = get_attr[target=h.60.ln1.weight]
    %h_60_ln1_bias : [num_users=1] = get_attr[target=h.60.ln1.bias]
    %h_60_attn_qkv_weight : [num_users=1] = get_attr[target=h.60.attn.qkv.weight]
    %h_60_attn_qkv_bias : [num_users=1] = get_attr[target=h.60.attn.qkv.bias]
    %h_60_attn_proj_weight : [num_users=1] = get_attr[target=h.60.attn.proj.weight]
    %h_60_attn_proj_bias : [num_users=1] = get_attr[target=h.60.attn.proj.bias]
    %h_60_ln2_weight : [num_users=1] = get_attr[target=h.60.ln2.weight]
    %h_60_ln2_bias : [num_users=1] = get_attr[target=h.60.ln2.bias]
    %h_60_mlp_fc1_weight : [num_users=1] = get_attr[target=h.60.mlp.fc1.weight]
    %h_60_mlp_fc1_bias : [num_users=1] = get_attr[target=h.60.mlp.fc1.bias]
    %h_60_mlp_fc2_weight : [num_users=1] = get_attr[target=h.60.mlp.fc2.weight]
    %h_60_mlp_fc2_bias : [num_users=1] = get_attr[target=h.60.mlp.fc2.bias]
    %h_61_ln1_weight : [num_users=1] = get_attr[target=h.61.ln1.weight]
    %h_61_ln1_bias : [num_users=1] = get_attr[target=h.61.ln1.bias]
    %h_61_attn_qkv_weight : [num_users=1] = get_attr[target=h.61.attn.qkv.weight]
    %h_61_attn_qkv_bias : [num_users=1] = get_attr[target=h.61.attn.qkv.bias]
    %h_61_attn_proj_weight : [num_users=1] = get_attr[target=h.61.attn.proj.weight]
    %h_61_attn_proj_bias : [num_users=1] = get_attr[target=h.61.attn.proj.bias]
    %h_61_ln2_weight : [num_users=1] = get_attr[target=h.61.ln2.weight]
    %h_61_ln2_bias : [num_users=1] = get_attr[target=h.61.ln2.bias]
    %h_61_mlp_fc1_weight : [num_users=1] = get_attr[target=h.61.mlp.fc1.weight]
    %h_61_mlp_fc1_bias : [num_users=1] = get_attr[target=h.61.mlp.fc1.bias]
    %h_61_mlp_fc2_weight : [num_users=1] = get_attr[target=h.61.mlp.fc2.weight]
    %h_61_mlp_fc2_bias : [num_users=1] = get_attr[target=h.61.mlp.fc2.bias]
    %h_62_ln1_weight : [num_users=1] = get_attr[target=h.62.ln1.weight]
    %h_62_ln1_bias : [num_users=1] = get_attr[target=h.62.ln1.bias]
    %h_62_attn_qkv_weight : [num_users=1] = get_attr[target=h.62.attn.qkv.weight]
    %h_62_attn_qkv_bias : [num_users=1] = get_attr[target=h.62.attn.qkv.bias]
    %h_62_attn_proj_weight : [num_users=1] = get_attr[target=h.62.attn.proj.weight]
    %h_62_attn_proj_bias : [num_users=1] = get_attr[target=h.62.attn.proj.bias]
    %h_62_ln2_weight : [num_users=1] = get_attr[target=h.62.ln2.weight]
    %h_62_ln2_bias : [num_users=1] = get_attr[target=h.62.ln2.bias]
    %h_62_mlp_fc1_weight : [num_users=1] = get_attr[target=h.62.mlp.fc1.weight]
    %h_62_mlp_fc1_bias : [num_users=1] = get_attr[target=h.62.mlp.fc1.bias]
    %h_62_mlp_fc2_weight : [num_users=1] = get_attr[target=h.62.mlp.fc2.weight]
    %h_62_mlp_fc2_bias : [num_users=1] = get_attr[target=h.62.mlp.fc2.bias]
    %h_63_ln1_weight : [num_users=1] = get_attr[target=h.63.ln1.weight]
    %h_63_ln1_bias : [num_users=1] = get_attr[target=h.63.ln1.bias]
    %h_63_attn_qkv_weight : [num_users=1] = get_attr[target=h.63.attn.qkv.weight]
    %h_63_attn_qkv_bias : [num_users=1] = get_attr[target=h.63.attn.qkv.bias]
    %h_63_attn_proj_weight : [num_users=1] = get_attr[target=h.63.attn.proj.weight]
    %h_63_attn_proj_bias : [num_users=1] = get_attr[target=h.63.attn.proj.bias]
    %h_63_ln2_weight : [num_users=1] = get_attr[target=h.63.ln2.weight]
    %h_63_ln2_bias : [num_users=1] = get_attr[target=h.63.ln2.bias]
    %h_63_mlp_fc1_weight : [num_users=1] = get_attr[target=h.63.mlp.fc1.weight]
    %h_63_mlp_fc1_bias : [num_users=1] = get_attr[target=h.63.mlp.fc1.bias]
    %h_63_mlp_fc2_weight : [num_users=1] = get_attr[target=h.63.mlp.fc2.weight]
    %h_63_mlp_fc2_bias : [num_users=1] = get_attr[target=h.63.mlp.fc2.bias]
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
    %add_4 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_3, %linear_7), kwargs = {})
    %layer_norm_4 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_4, [16], %h_2_ln1_weight, %h_2_ln1_bias), kwargs = {})
    %linear_8 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_4, %h_2_attn_qkv_weight, %h_2_attn_qkv_bias), kwargs = {})
    %split_2 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_8, 16, 2), kwargs = {})
    %getitem_6 : [num_users=1] = call_function[target=operator.getitem](args = (%split_2, 0), kwargs = {})
    %getitem_7 : [num_users=1] = call_function[target=operator.getitem](args = (%split_2, 1), kwargs = {})
    %getitem_8 : [num_users=1] = call_function[target=operator.getitem](args = (%split_2, 2), kwargs = {})
    %view_6 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_6, [2, 8, 2, 8]), kwargs = {})
    %transpose_10 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_6, 1, 2), kwargs = {})
    %view_7 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_7, [2, 8, 2, 8]), kwargs = {})
    %transpose_11 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_7, 1, 2), kwargs = {})
    %view_8 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_8, [2, 8, 2, 8]), kwargs = {})
    %transpose_12 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_8, 1, 2), kwargs = {})
    %transpose_13 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_11, -2, -1), kwargs = {})
    %matmul_4 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_10, %transpose_13), kwargs = {})
    %mul_2 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_4, 0.35355339059327373), kwargs = {})
    %softmax_2 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_2, -1), kwargs = {})
    %matmul_5 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_2, %transpose_12), kwargs = {})
    %transpose_14 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_5, 1, 2), kwargs = {})
    %reshape_2 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_14, [2, 8, 16]), kwargs = {})
    %linear_9 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_2, %h_2_attn_proj_weight, %h_2_attn_proj_bias), kwargs = {})
    %add_5 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_4, %linear_9), kwargs = {})
    %layer_norm_5 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_5, [16], %h_2_ln2_weight, %h_2_ln2_bias), kwargs = {})
    %linear_10 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_5, %h_2_mlp_fc1_weight, %h_2_mlp_fc1_bias), kwargs = {})
    %gelu_2 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_10,), kwargs = {})
    %linear_11 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_2, %h_2_mlp_fc2_weight, %h_2_mlp_fc2_bias), kwargs = {})
    %add_6 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_5, %linear_11), kwargs = {})
    %layer_norm_6 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_6, [16], %h_3_ln1_weight, %h_3_ln1_bias), kwargs = {})
    %linear_12 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_6, %h_3_attn_qkv_weight, %h_3_attn_qkv_bias), kwargs = {})
    %split_3 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_12, 16, 2), kwargs = {})
    %getitem_9 : [num_users=1] = call_function[target=operator.getitem](args = (%split_3, 0), kwargs = {})
    %getitem_10 : [num_users=1] = call_function[target=operator.getitem](args = (%split_3, 1), kwargs = {})
    %getitem_11 : [num_users=1] = call_function[target=operator.getitem](args = (%split_3, 2), kwargs = {})
    %view_9 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_9, [2, 8, 2, 8]), kwargs = {})
    %transpose_15 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_9, 1, 2), kwargs = {})
    %view_10 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_10, [2, 8, 2, 8]), kwargs = {})
    %transpose_16 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_10, 1, 2), kwargs = {})
    %view_11 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_11, [2, 8, 2, 8]), kwargs = {})
    %transpose_17 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_11, 1, 2), kwargs = {})
    %transpose_18 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_16, -2, -1), kwargs = {})
    %matmul_6 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_15, %transpose_18), kwargs = {})
    %mul_3 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_6, 0.35355339059327373), kwargs = {})
    %softmax_3 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_3, -1), kwargs = {})
    %matmul_7 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_3, %transpose_17), kwargs = {})
    %transpose_19 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_7, 1, 2), kwargs = {})
    %reshape_3 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_19, [2, 8, 16]), kwargs = {})
    %linear_13 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_3, %h_3_attn_proj_weight, %h_3_attn_proj_bias), kwargs = {})
    %add_7 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_6, %linear_13), kwargs = {})
    %layer_norm_7 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_7, [16], %h_3_ln2_weight, %h_3_ln2_bias), kwargs = {})
    %linear_14 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_7, %h_3_mlp_fc1_weight, %h_3_mlp_fc1_bias), kwargs = {})
    %gelu_3 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_14,), kwargs = {})
    %linear_15 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_3, %h_3_mlp_fc2_weight, %h_3_mlp_fc2_bias), kwargs = {})
    %add_8 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_7, %linear_15), kwargs = {})
    %layer_norm_8 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_8, [16], %h_4_ln1_weight, %h_4_ln1_bias), kwargs = {})
    %linear_16 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_8, %h_4_attn_qkv_weight, %h_4_attn_qkv_bias), kwargs = {})
    %split_4 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_16, 16, 2), kwargs = {})
    %getitem_12 : [num_users=1] = call_function[target=operator.getitem](args = (%split_4, 0), kwargs = {})
    %getitem_13 : [num_users=1] = call_function[target=operator.getitem](args = (%split_4, 1), kwargs = {})
    %getitem_14 : [num_users=1] = call_function[target=operator.getitem](args = (%split_4, 2), kwargs = {})
    %view_12 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_12, [2, 8, 2, 8]), kwargs = {})
    %transpose_20 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_12, 1, 2), kwargs = {})
    %view_13 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_13, [2, 8, 2, 8]), kwargs = {})
    %transpose_21 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_13, 1, 2), kwargs = {})
    %view_14 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_14, [2, 8, 2, 8]), kwargs = {})
    %transpose_22 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_14, 1, 2), kwargs = {})
    %transpose_23 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_21, -2, -1), kwargs = {})
    %matmul_8 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_20, %transpose_23), kwargs = {})
    %mul_4 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_8, 0.35355339059327373), kwargs = {})
    %softmax_4 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_4, -1), kwargs = {})
    %matmul_9 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_4, %transpose_22), kwargs = {})
    %transpose_24 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_9, 1, 2), kwargs = {})
    %reshape_4 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_24, [2, 8, 16]), kwargs = {})
    %linear_17 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_4, %h_4_attn_proj_weight, %h_4_attn_proj_bias), kwargs = {})
    %add_9 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_8, %linear_17), kwargs = {})
    %layer_norm_9 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_9, [16], %h_4_ln2_weight, %h_4_ln2_bias), kwargs = {})
    %linear_18 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_9, %h_4_mlp_fc1_weight, %h_4_mlp_fc1_bias), kwargs = {})
    %gelu_4 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_18,), kwargs = {})
    %linear_19 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_4, %h_4_mlp_fc2_weight, %h_4_mlp_fc2_bias), kwargs = {})
    %add_10 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_9, %linear_19), kwargs = {})
    %layer_norm_10 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_10, [16], %h_5_ln1_weight, %h_5_ln1_bias), kwargs = {})
    %linear_20 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_10, %h_5_attn_qkv_weight, %h_5_attn_qkv_bias), kwargs = {})
    %split_5 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_20, 16, 2), kwargs = {})
    %getitem_15 : [num_users=1] = call_function[target=operator.getitem](args = (%split_5, 0), kwargs = {})
    %getitem_16 : [num_users=1] = call_function[target=operator.getitem](args = (%split_5, 1), kwargs = {})
    %getitem_17 : [num_users=1] = call_function[target=operator.getitem](args = (%split_5, 2), kwargs = {})
    %view_15 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_15, [2, 8, 2, 8]), kwargs = {})
    %transpose_25 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_15, 1, 2), kwargs = {})
    %view_16 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_16, [2, 8, 2, 8]), kwargs = {})
    %transpose_26 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_16, 1, 2), kwargs = {})
    %view_17 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_17, [2, 8, 2, 8]), kwargs = {})
    %transpose_27 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_17, 1, 2), kwargs = {})
    %transpose_28 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_26, -2, -1), kwargs = {})
    %matmul_10 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_25, %transpose_28), kwargs = {})
    %mul_5 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_10, 0.35355339059327373), kwargs = {})
    %softmax_5 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_5, -1), kwargs = {})
    %matmul_11 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_5, %transpose_27), kwargs = {})
    %transpose_29 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_11, 1, 2), kwargs = {})
    %reshape_5 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_29, [2, 8, 16]), kwargs = {})
    %linear_21 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_5, %h_5_attn_proj_weight, %h_5_attn_proj_bias), kwargs = {})
    %add_11 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_10, %linear_21), kwargs = {})
    %layer_norm_11 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_11, [16], %h_5_ln2_weight, %h_5_ln2_bias), kwargs = {})
    %linear_22 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_11, %h_5_mlp_fc1_weight, %h_5_mlp_fc1_bias), kwargs = {})
    %gelu_5 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_22,), kwargs = {})
    %linear_23 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_5, %h_5_mlp_fc2_weight, %h_5_mlp_fc2_bias), kwargs = {})
    %add_12 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_11, %linear_23), kwargs = {})
    %layer_norm_12 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_12, [16], %h_6_ln1_weight, %h_6_ln1_bias), kwargs = {})
    %linear_24 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_12, %h_6_attn_qkv_weight, %h_6_attn_qkv_bias), kwargs = {})
    %split_6 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_24, 16, 2), kwargs = {})
    %getitem_18 : [num_users=1] = call_function[target=operator.getitem](args = (%split_6, 0), kwargs = {})
    %getitem_19 : [num_users=1] = call_function[target=operator.getitem](args = (%split_6, 1), kwargs = {})
    %getitem_20 : [num_users=1] = call_function[target=operator.getitem](args = (%split_6, 2), kwargs = {})
    %view_18 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_18, [2, 8, 2, 8]), kwargs = {})
    %transpose_30 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_18, 1, 2), kwargs = {})
    %view_19 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_19, [2, 8, 2, 8]), kwargs = {})
    %transpose_31 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_19, 1, 2), kwargs = {})
    %view_20 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_20, [2, 8, 2, 8]), kwargs = {})
    %transpose_32 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_20, 1, 2), kwargs = {})
    %transpose_33 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_31, -2, -1), kwargs = {})
    %matmul_12 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_30, %transpose_33), kwargs = {})
    %mul_6 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_12, 0.35355339059327373), kwargs = {})
    %softmax_6 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_6, -1), kwargs = {})
    %matmul_13 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_6, %transpose_32), kwargs = {})
    %transpose_34 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_13, 1, 2), kwargs = {})
    %reshape_6 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_34, [2, 8, 16]), kwargs = {})
    %linear_25 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_6, %h_6_attn_proj_weight, %h_6_attn_proj_bias), kwargs = {})
    %add_13 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_12, %linear_25), kwargs = {})
    %layer_norm_13 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_13, [16], %h_6_ln2_weight, %h_6_ln2_bias), kwargs = {})
    %linear_26 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_13, %h_6_mlp_fc1_weight, %h_6_mlp_fc1_bias), kwargs = {})
    %gelu_6 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_26,), kwargs = {})
    %linear_27 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_6, %h_6_mlp_fc2_weight, %h_6_mlp_fc2_bias), kwargs = {})
    %add_14 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_13, %linear_27), kwargs = {})
    %layer_norm_14 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_14, [16], %h_7_ln1_weight, %h_7_ln1_bias), kwargs = {})
    %linear_28 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_14, %h_7_attn_qkv_weight, %h_7_attn_qkv_bias), kwargs = {})
    %split_7 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_28, 16, 2), kwargs = {})
    %getitem_21 : [num_users=1] = call_function[target=operator.getitem](args = (%split_7, 0), kwargs = {})
    %getitem_22 : [num_users=1] = call_function[target=operator.getitem](args = (%split_7, 1), kwargs = {})
    %getitem_23 : [num_users=1] = call_function[target=operator.getitem](args = (%split_7, 2), kwargs = {})
    %view_21 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_21, [2, 8, 2, 8]), kwargs = {})
    %transpose_35 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_21, 1, 2), kwargs = {})
    %view_22 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_22, [2, 8, 2, 8]), kwargs = {})
    %transpose_36 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_22, 1, 2), kwargs = {})
    %view_23 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_23, [2, 8, 2, 8]), kwargs = {})
    %transpose_37 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_23, 1, 2), kwargs = {})
    %transpose_38 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_36, -2, -1), kwargs = {})
    %matmul_14 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_35, %transpose_38), kwargs = {})
    %mul_7 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_14, 0.35355339059327373), kwargs = {})
    %softmax_7 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_7, -1), kwargs = {})
    %matmul_15 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_7, %transpose_37), kwargs = {})
    %transpose_39 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_15, 1, 2), kwargs = {})
    %reshape_7 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_39, [2, 8, 16]), kwargs = {})
    %linear_29 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_7, %h_7_attn_proj_weight, %h_7_attn_proj_bias), kwargs = {})
    %add_15 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_14, %linear_29), kwargs = {})
    %layer_norm_15 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_15, [16], %h_7_ln2_weight, %h_7_ln2_bias), kwargs = {})
    %linear_30 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_15, %h_7_mlp_fc1_weight, %h_7_mlp_fc1_bias), kwargs = {})
    %gelu_7 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_30,), kwargs = {})
    %linear_31 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_7, %h_7_mlp_fc2_weight, %h_7_mlp_fc2_bias), kwargs = {})
    %add_16 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_15, %linear_31), kwargs = {})
    %layer_norm_16 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_16, [16], %h_8_ln1_weight, %h_8_ln1_bias), kwargs = {})
    %linear_32 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_16, %h_8_attn_qkv_weight, %h_8_attn_qkv_bias), kwargs = {})
    %split_8 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_32, 16, 2), kwargs = {})
    %getitem_24 : [num_users=1] = call_function[target=operator.getitem](args = (%split_8, 0), kwargs = {})
    %getitem_25 : [num_users=1] = call_function[target=operator.getitem](args = (%split_8, 1), kwargs = {})
    %getitem_26 : [num_users=1] = call_function[target=operator.getitem](args = (%split_8, 2), kwargs = {})
    %view_24 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_24, [2, 8, 2, 8]), kwargs = {})
    %transpose_40 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_24, 1, 2), kwargs = {})
    %view_25 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_25, [2, 8, 2, 8]), kwargs = {})
    %transpose_41 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_25, 1, 2), kwargs = {})
    %view_26 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_26, [2, 8, 2, 8]), kwargs = {})
    %transpose_42 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_26, 1, 2), kwargs = {})
    %transpose_43 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_41, -2, -1), kwargs = {})
    %matmul_16 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_40, %transpose_43), kwargs = {})
    %mul_8 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_16, 0.35355339059327373), kwargs = {})
    %softmax_8 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_8, -1), kwargs = {})
    %matmul_17 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_8, %transpose_42), kwargs = {})
    %transpose_44 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_17, 1, 2), kwargs = {})
    %reshape_8 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_44, [2, 8, 16]), kwargs = {})
    %linear_33 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_8, %h_8_attn_proj_weight, %h_8_attn_proj_bias), kwargs = {})
    %add_17 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_16, %linear_33), kwargs = {})
    %layer_norm_17 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_17, [16], %h_8_ln2_weight, %h_8_ln2_bias), kwargs = {})
    %linear_34 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_17, %h_8_mlp_fc1_weight, %h_8_mlp_fc1_bias), kwargs = {})
    %gelu_8 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_34,), kwargs = {})
    %linear_35 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_8, %h_8_mlp_fc2_weight, %h_8_mlp_fc2_bias), kwargs = {})
    %add_18 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_17, %linear_35), kwargs = {})
    %layer_norm_18 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_18, [16], %h_9_ln1_weight, %h_9_ln1_bias), kwargs = {})
    %linear_36 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_18, %h_9_attn_qkv_weight, %h_9_attn_qkv_bias), kwargs = {})
    %split_9 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_36, 16, 2), kwargs = {})
    %getitem_27 : [num_users=1] = call_function[target=operator.getitem](args = (%split_9, 0), kwargs = {})
    %getitem_28 : [num_users=1] = call_function[target=operator.getitem](args = (%split_9, 1), kwargs = {})
    %getitem_29 : [num_users=1] = call_function[target=operator.getitem](args = (%split_9, 2), kwargs = {})
    %view_27 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_27, [2, 8, 2, 8]), kwargs = {})
    %transpose_45 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_27, 1, 2), kwargs = {})
    %view_28 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_28, [2, 8, 2, 8]), kwargs = {})
    %transpose_46 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_28, 1, 2), kwargs = {})
    %view_29 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_29, [2, 8, 2, 8]), kwargs = {})
    %transpose_47 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_29, 1, 2), kwargs = {})
    %transpose_48 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_46, -2, -1), kwargs = {})
    %matmul_18 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_45, %transpose_48), kwargs = {})
    %mul_9 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_18, 0.35355339059327373), kwargs = {})
    %softmax_9 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_9, -1), kwargs = {})
    %matmul_19 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_9, %transpose_47), kwargs = {})
    %transpose_49 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_19, 1, 2), kwargs = {})
    %reshape_9 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_49, [2, 8, 16]), kwargs = {})
    %linear_37 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_9, %h_9_attn_proj_weight, %h_9_attn_proj_bias), kwargs = {})
    %add_19 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_18, %linear_37), kwargs = {})
    %layer_norm_19 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_19, [16], %h_9_ln2_weight, %h_9_ln2_bias), kwargs = {})
    %linear_38 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_19, %h_9_mlp_fc1_weight, %h_9_mlp_fc1_bias), kwargs = {})
    %gelu_9 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_38,), kwargs = {})
    %linear_39 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_9, %h_9_mlp_fc2_weight, %h_9_mlp_fc2_bias), kwargs = {})
    %add_20 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_19, %linear_39), kwargs = {})
    %layer_norm_20 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_20, [16], %h_10_ln1_weight, %h_10_ln1_bias), kwargs = {})
    %linear_40 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_20, %h_10_attn_qkv_weight, %h_10_attn_qkv_bias), kwargs = {})
    %split_10 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_40, 16, 2), kwargs = {})
    %getitem_30 : [num_users=1] = call_function[target=operator.getitem](args = (%split_10, 0), kwargs = {})
    %getitem_31 : [num_users=1] = call_function[target=operator.getitem](args = (%split_10, 1), kwargs = {})
    %getitem_32 : [num_users=1] = call_function[target=operator.getitem](args = (%split_10, 2), kwargs = {})
    %view_30 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_30, [2, 8, 2, 8]), kwargs = {})
    %transpose_50 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_30, 1, 2), kwargs = {})
    %view_31 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_31, [2, 8, 2, 8]), kwargs = {})
    %transpose_51 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_31, 1, 2), kwargs = {})
    %view_32 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_32, [2, 8, 2, 8]), kwargs = {})
    %transpose_52 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_32, 1, 2), kwargs = {})
    %transpose_53 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_51, -2, -1), kwargs = {})
    %matmul_20 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_50, %transpose_53), kwargs = {})
    %mul_10 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_20, 0.35355339059327373), kwargs = {})
    %softmax_10 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_10, -1), kwargs = {})
    %matmul_21 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_10, %transpose_52), kwargs = {})
    %transpose_54 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_21, 1, 2), kwargs = {})
    %reshape_10 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_54, [2, 8, 16]), kwargs = {})
    %linear_41 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_10, %h_10_attn_proj_weight, %h_10_attn_proj_bias), kwargs = {})
    %add_21 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_20, %linear_41), kwargs = {})
    %layer_norm_21 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_21, [16], %h_10_ln2_weight, %h_10_ln2_bias), kwargs = {})
    %linear_42 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_21, %h_10_mlp_fc1_weight, %h_10_mlp_fc1_bias), kwargs = {})
    %gelu_10 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_42,), kwargs = {})
    %linear_43 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_10, %h_10_mlp_fc2_weight, %h_10_mlp_fc2_bias), kwargs = {})
    %add_22 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_21, %linear_43), kwargs = {})
    %layer_norm_22 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_22, [16], %h_11_ln1_weight, %h_11_ln1_bias), kwargs = {})
    %linear_44 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_22, %h_11_attn_qkv_weight, %h_11_attn_qkv_bias), kwargs = {})
    %split_11 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_44, 16, 2), kwargs = {})
    %getitem_33 : [num_users=1] = call_function[target=operator.getitem](args = (%split_11, 0), kwargs = {})
    %getitem_34 : [num_users=1] = call_function[target=operator.getitem](args = (%split_11, 1), kwargs = {})
    %getitem_35 : [num_users=1] = call_function[target=operator.getitem](args = (%split_11, 2), kwargs = {})
    %view_33 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_33, [2, 8, 2, 8]), kwargs = {})
    %transpose_55 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_33, 1, 2), kwargs = {})
    %view_34 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_34, [2, 8, 2, 8]), kwargs = {})
    %transpose_56 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_34, 1, 2), kwargs = {})
    %view_35 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_35, [2, 8, 2, 8]), kwargs = {})
    %transpose_57 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_35, 1, 2), kwargs = {})
    %transpose_58 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_56, -2, -1), kwargs = {})
    %matmul_22 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_55, %transpose_58), kwargs = {})
    %mul_11 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_22, 0.35355339059327373), kwargs = {})
    %softmax_11 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_11, -1), kwargs = {})
    %matmul_23 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_11, %transpose_57), kwargs = {})
    %transpose_59 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_23, 1, 2), kwargs = {})
    %reshape_11 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_59, [2, 8, 16]), kwargs = {})
    %linear_45 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_11, %h_11_attn_proj_weight, %h_11_attn_proj_bias), kwargs = {})
    %add_23 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_22, %linear_45), kwargs = {})
    %layer_norm_23 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_23, [16], %h_11_ln2_weight, %h_11_ln2_bias), kwargs = {})
    %linear_46 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_23, %h_11_mlp_fc1_weight, %h_11_mlp_fc1_bias), kwargs = {})
    %gelu_11 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_46,), kwargs = {})
    %linear_47 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_11, %h_11_mlp_fc2_weight, %h_11_mlp_fc2_bias), kwargs = {})
    %add_24 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_23, %linear_47), kwargs = {})
    %layer_norm_24 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_24, [16], %h_12_ln1_weight, %h_12_ln1_bias), kwargs = {})
    %linear_48 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_24, %h_12_attn_qkv_weight, %h_12_attn_qkv_bias), kwargs = {})
    %split_12 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_48, 16, 2), kwargs = {})
    %getitem_36 : [num_users=1] = call_function[target=operator.getitem](args = (%split_12, 0), kwargs = {})
    %getitem_37 : [num_users=1] = call_function[target=operator.getitem](args = (%split_12, 1), kwargs = {})
    %getitem_38 : [num_users=1] = call_function[target=operator.getitem](args = (%split_12, 2), kwargs = {})
    %view_36 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_36, [2, 8, 2, 8]), kwargs = {})
    %transpose_60 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_36, 1, 2), kwargs = {})
    %view_37 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_37, [2, 8, 2, 8]), kwargs = {})
    %transpose_61 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_37, 1, 2), kwargs = {})
    %view_38 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_38, [2, 8, 2, 8]), kwargs = {})
    %transpose_62 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_38, 1, 2), kwargs = {})
    %transpose_63 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_61, -2, -1), kwargs = {})
    %matmul_24 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_60, %transpose_63), kwargs = {})
    %mul_12 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_24, 0.35355339059327373), kwargs = {})
    %softmax_12 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_12, -1), kwargs = {})
    %matmul_25 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_12, %transpose_62), kwargs = {})
    %transpose_64 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_25, 1, 2), kwargs = {})
    %reshape_12 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_64, [2, 8, 16]), kwargs = {})
    %linear_49 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_12, %h_12_attn_proj_weight, %h_12_attn_proj_bias), kwargs = {})
    %add_25 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_24, %linear_49), kwargs = {})
    %layer_norm_25 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_25, [16], %h_12_ln2_weight, %h_12_ln2_bias), kwargs = {})
    %linear_50 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_25, %h_12_mlp_fc1_weight, %h_12_mlp_fc1_bias), kwargs = {})
    %gelu_12 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_50,), kwargs = {})
    %linear_51 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_12, %h_12_mlp_fc2_weight, %h_12_mlp_fc2_bias), kwargs = {})
    %add_26 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_25, %linear_51), kwargs = {})
    %layer_norm_26 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_26, [16], %h_13_ln1_weight, %h_13_ln1_bias), kwargs = {})
    %linear_52 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_26, %h_13_attn_qkv_weight, %h_13_attn_qkv_bias), kwargs = {})
    %split_13 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_52, 16, 2), kwargs = {})
    %getitem_39 : [num_users=1] = call_function[target=operator.getitem](args = (%split_13, 0), kwargs = {})
    %getitem_40 : [num_users=1] = call_function[target=operator.getitem](args = (%split_13, 1), kwargs = {})
    %getitem_41 : [num_users=1] = call_function[target=operator.getitem](args = (%split_13, 2), kwargs = {})
    %view_39 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_39, [2, 8, 2, 8]), kwargs = {})
    %transpose_65 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_39, 1, 2), kwargs = {})
    %view_40 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_40, [2, 8, 2, 8]), kwargs = {})
    %transpose_66 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_40, 1, 2), kwargs = {})
    %view_41 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_41, [2, 8, 2, 8]), kwargs = {})
    %transpose_67 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_41, 1, 2), kwargs = {})
    %transpose_68 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_66, -2, -1), kwargs = {})
    %matmul_26 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_65, %transpose_68), kwargs = {})
    %mul_13 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_26, 0.35355339059327373), kwargs = {})
    %softmax_13 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_13, -1), kwargs = {})
    %matmul_27 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_13, %transpose_67), kwargs = {})
    %transpose_69 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_27, 1, 2), kwargs = {})
    %reshape_13 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_69, [2, 8, 16]), kwargs = {})
    %linear_53 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_13, %h_13_attn_proj_weight, %h_13_attn_proj_bias), kwargs = {})
    %add_27 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_26, %linear_53), kwargs = {})
    %layer_norm_27 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_27, [16], %h_13_ln2_weight, %h_13_ln2_bias), kwargs = {})
    %linear_54 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_27, %h_13_mlp_fc1_weight, %h_13_mlp_fc1_bias), kwargs = {})
    %gelu_13 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_54,), kwargs = {})
    %linear_55 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_13, %h_13_mlp_fc2_weight, %h_13_mlp_fc2_bias), kwargs = {})
    %add_28 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_27, %linear_55), kwargs = {})
    %layer_norm_28 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_28, [16], %h_14_ln1_weight, %h_14_ln1_bias), kwargs = {})
    %linear_56 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_28, %h_14_attn_qkv_weight, %h_14_attn_qkv_bias), kwargs = {})
    %split_14 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_56, 16, 2), kwargs = {})
    %getitem_42 : [num_users=1] = call_function[target=operator.getitem](args = (%split_14, 0), kwargs = {})
    %getitem_43 : [num_users=1] = call_function[target=operator.getitem](args = (%split_14, 1), kwargs = {})
    %getitem_44 : [num_users=1] = call_function[target=operator.getitem](args = (%split_14, 2), kwargs = {})
    %view_42 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_42, [2, 8, 2, 8]), kwargs = {})
    %transpose_70 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_42, 1, 2), kwargs = {})
    %view_43 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_43, [2, 8, 2, 8]), kwargs = {})
    %transpose_71 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_43, 1, 2), kwargs = {})
    %view_44 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_44, [2, 8, 2, 8]), kwargs = {})
    %transpose_72 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_44, 1, 2), kwargs = {})
    %transpose_73 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_71, -2, -1), kwargs = {})
    %matmul_28 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_70, %transpose_73), kwargs = {})
    %mul_14 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_28, 0.35355339059327373), kwargs = {})
    %softmax_14 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_14, -1), kwargs = {})
    %matmul_29 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_14, %transpose_72), kwargs = {})
    %transpose_74 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_29, 1, 2), kwargs = {})
    %reshape_14 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_74, [2, 8, 16]), kwargs = {})
    %linear_57 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_14, %h_14_attn_proj_weight, %h_14_attn_proj_bias), kwargs = {})
    %add_29 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_28, %linear_57), kwargs = {})
    %layer_norm_29 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_29, [16], %h_14_ln2_weight, %h_14_ln2_bias), kwargs = {})
    %linear_58 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_29, %h_14_mlp_fc1_weight, %h_14_mlp_fc1_bias), kwargs = {})
    %gelu_14 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_58,), kwargs = {})
    %linear_59 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_14, %h_14_mlp_fc2_weight, %h_14_mlp_fc2_bias), kwargs = {})
    %add_30 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_29, %linear_59), kwargs = {})
    %layer_norm_30 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_30, [16], %h_15_ln1_weight, %h_15_ln1_bias), kwargs = {})
    %linear_60 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_30, %h_15_attn_qkv_weight, %h_15_attn_qkv_bias), kwargs = {})
    %split_15 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_60, 16, 2), kwargs = {})
    %getitem_45 : [num_users=1] = call_function[target=operator.getitem](args = (%split_15, 0), kwargs = {})
    %getitem_46 : [num_users=1] = call_function[target=operator.getitem](args = (%split_15, 1), kwargs = {})
    %getitem_47 : [num_users=1] = call_function[target=operator.getitem](args = (%split_15, 2), kwargs = {})
    %view_45 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_45, [2, 8, 2, 8]), kwargs = {})
    %transpose_75 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_45, 1, 2), kwargs = {})
    %view_46 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_46, [2, 8, 2, 8]), kwargs = {})
    %transpose_76 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_46, 1, 2), kwargs = {})
    %view_47 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_47, [2, 8, 2, 8]), kwargs = {})
    %transpose_77 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_47, 1, 2), kwargs = {})
    %transpose_78 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_76, -2, -1), kwargs = {})
    %matmul_30 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_75, %transpose_78), kwargs = {})
    %mul_15 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_30, 0.35355339059327373), kwargs = {})
    %softmax_15 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_15, -1), kwargs = {})
    %matmul_31 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_15, %transpose_77), kwargs = {})
    %transpose_79 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_31, 1, 2), kwargs = {})
    %reshape_15 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_79, [2, 8, 16]), kwargs = {})
    %linear_61 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_15, %h_15_attn_proj_weight, %h_15_attn_proj_bias), kwargs = {})
    %add_31 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_30, %linear_61), kwargs = {})
    %layer_norm_31 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_31, [16], %h_15_ln2_weight, %h_15_ln2_bias), kwargs = {})
    %linear_62 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_31, %h_15_mlp_fc1_weight, %h_15_mlp_fc1_bias), kwargs = {})
    %gelu_15 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_62,), kwargs = {})
    %linear_63 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_15, %h_15_mlp_fc2_weight, %h_15_mlp_fc2_bias), kwargs = {})
    %add_32 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_31, %linear_63), kwargs = {})
    %layer_norm_32 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_32, [16], %h_16_ln1_weight, %h_16_ln1_bias), kwargs = {})
    %linear_64 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_32, %h_16_attn_qkv_weight, %h_16_attn_qkv_bias), kwargs = {})
    %split_16 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_64, 16, 2), kwargs = {})
    %getitem_48 : [num_users=1] = call_function[target=operator.getitem](args = (%split_16, 0), kwargs = {})
    %getitem_49 : [num_users=1] = call_function[target=operator.getitem](args = (%split_16, 1), kwargs = {})
    %getitem_50 : [num_users=1] = call_function[target=operator.getitem](args = (%split_16, 2), kwargs = {})
    %view_48 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_48, [2, 8, 2, 8]), kwargs = {})
    %transpose_80 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_48, 1, 2), kwargs = {})
    %view_49 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_49, [2, 8, 2, 8]), kwargs = {})
    %transpose_81 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_49, 1, 2), kwargs = {})
    %view_50 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_50, [2, 8, 2, 8]), kwargs = {})
    %transpose_82 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_50, 1, 2), kwargs = {})
    %transpose_83 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_81, -2, -1), kwargs = {})
    %matmul_32 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_80, %transpose_83), kwargs = {})
    %mul_16 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_32, 0.35355339059327373), kwargs = {})
    %softmax_16 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_16, -1), kwargs = {})
    %matmul_33 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_16, %transpose_82), kwargs = {})
    %transpose_84 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_33, 1, 2), kwargs = {})
    %reshape_16 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_84, [2, 8, 16]), kwargs = {})
    %linear_65 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_16, %h_16_attn_proj_weight, %h_16_attn_proj_bias), kwargs = {})
    %add_33 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_32, %linear_65), kwargs = {})
    %layer_norm_33 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_33, [16], %h_16_ln2_weight, %h_16_ln2_bias), kwargs = {})
    %linear_66 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_33, %h_16_mlp_fc1_weight, %h_16_mlp_fc1_bias), kwargs = {})
    %gelu_16 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_66,), kwargs = {})
    %linear_67 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_16, %h_16_mlp_fc2_weight, %h_16_mlp_fc2_bias), kwargs = {})
    %add_34 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_33, %linear_67), kwargs = {})
    %layer_norm_34 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_34, [16], %h_17_ln1_weight, %h_17_ln1_bias), kwargs = {})
    %linear_68 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_34, %h_17_attn_qkv_weight, %h_17_attn_qkv_bias), kwargs = {})
    %split_17 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_68, 16, 2), kwargs = {})
    %getitem_51 : [num_users=1] = call_function[target=operator.getitem](args = (%split_17, 0), kwargs = {})
    %getitem_52 : [num_users=1] = call_function[target=operator.getitem](args = (%split_17, 1), kwargs = {})
    %getitem_53 : [num_users=1] = call_function[target=operator.getitem](args = (%split_17, 2), kwargs = {})
    %view_51 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_51, [2, 8, 2, 8]), kwargs = {})
    %transpose_85 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_51, 1, 2), kwargs = {})
    %view_52 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_52, [2, 8, 2, 8]), kwargs = {})
    %transpose_86 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_52, 1, 2), kwargs = {})
    %view_53 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_53, [2, 8, 2, 8]), kwargs = {})
    %transpose_87 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_53, 1, 2), kwargs = {})
    %transpose_88 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_86, -2, -1), kwargs = {})
    %matmul_34 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_85, %transpose_88), kwargs = {})
    %mul_17 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_34, 0.35355339059327373), kwargs = {})
    %softmax_17 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_17, -1), kwargs = {})
    %matmul_35 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_17, %transpose_87), kwargs = {})
    %transpose_89 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_35, 1, 2), kwargs = {})
    %reshape_17 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_89, [2, 8, 16]), kwargs = {})
    %linear_69 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_17, %h_17_attn_proj_weight, %h_17_attn_proj_bias), kwargs = {})
    %add_35 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_34, %linear_69), kwargs = {})
    %layer_norm_35 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_35, [16], %h_17_ln2_weight, %h_17_ln2_bias), kwargs = {})
    %linear_70 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_35, %h_17_mlp_fc1_weight, %h_17_mlp_fc1_bias), kwargs = {})
    %gelu_17 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_70,), kwargs = {})
    %linear_71 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_17, %h_17_mlp_fc2_weight, %h_17_mlp_fc2_bias), kwargs = {})
    %add_36 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_35, %linear_71), kwargs = {})
    %layer_norm_36 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_36, [16], %h_18_ln1_weight, %h_18_ln1_bias), kwargs = {})
    %linear_72 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_36, %h_18_attn_qkv_weight, %h_18_attn_qkv_bias), kwargs = {})
    %split_18 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_72, 16, 2), kwargs = {})
    %getitem_54 : [num_users=1] = call_function[target=operator.getitem](args = (%split_18, 0), kwargs = {})
    %getitem_55 : [num_users=1] = call_function[target=operator.getitem](args = (%split_18, 1), kwargs = {})
    %getitem_56 : [num_users=1] = call_function[target=operator.getitem](args = (%split_18, 2), kwargs = {})
    %view_54 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_54, [2, 8, 2, 8]), kwargs = {})
    %transpose_90 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_54, 1, 2), kwargs = {})
    %view_55 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_55, [2, 8, 2, 8]), kwargs = {})
    %transpose_91 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_55, 1, 2), kwargs = {})
    %view_56 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_56, [2, 8, 2, 8]), kwargs = {})
    %transpose_92 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_56, 1, 2), kwargs = {})
    %transpose_93 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_91, -2, -1), kwargs = {})
    %matmul_36 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_90, %transpose_93), kwargs = {})
    %mul_18 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_36, 0.35355339059327373), kwargs = {})
    %softmax_18 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_18, -1), kwargs = {})
    %matmul_37 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_18, %transpose_92), kwargs = {})
    %transpose_94 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_37, 1, 2), kwargs = {})
    %reshape_18 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_94, [2, 8, 16]), kwargs = {})
    %linear_73 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_18, %h_18_attn_proj_weight, %h_18_attn_proj_bias), kwargs = {})
    %add_37 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_36, %linear_73), kwargs = {})
    %layer_norm_37 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_37, [16], %h_18_ln2_weight, %h_18_ln2_bias), kwargs = {})
    %linear_74 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_37, %h_18_mlp_fc1_weight, %h_18_mlp_fc1_bias), kwargs = {})
    %gelu_18 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_74,), kwargs = {})
    %linear_75 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_18, %h_18_mlp_fc2_weight, %h_18_mlp_fc2_bias), kwargs = {})
    %add_38 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_37, %linear_75), kwargs = {})
    %layer_norm_38 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_38, [16], %h_19_ln1_weight, %h_19_ln1_bias), kwargs = {})
    %linear_76 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_38, %h_19_attn_qkv_weight, %h_19_attn_qkv_bias), kwargs = {})
    %split_19 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_76, 16, 2), kwargs = {})
    %getitem_57 : [num_users=1] = call_function[target=operator.getitem](args = (%split_19, 0), kwargs = {})
    %getitem_58 : [num_users=1] = call_function[target=operator.getitem](args = (%split_19, 1), kwargs = {})
    %getitem_59 : [num_users=1] = call_function[target=operator.getitem](args = (%split_19, 2), kwargs = {})
    %view_57 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_57, [2, 8, 2, 8]), kwargs = {})
    %transpose_95 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_57, 1, 2), kwargs = {})
    %view_58 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_58, [2, 8, 2, 8]), kwargs = {})
    %transpose_96 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_58, 1, 2), kwargs = {})
    %view_59 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_59, [2, 8, 2, 8]), kwargs = {})
    %transpose_97 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_59, 1, 2), kwargs = {})
    %transpose_98 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_96, -2, -1), kwargs = {})
    %matmul_38 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_95, %transpose_98), kwargs = {})
    %mul_19 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_38, 0.35355339059327373), kwargs = {})
    %softmax_19 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_19, -1), kwargs = {})
    %matmul_39 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_19, %transpose_97), kwargs = {})
    %transpose_99 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_39, 1, 2), kwargs = {})
    %reshape_19 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_99, [2, 8, 16]), kwargs = {})
    %linear_77 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_19, %h_19_attn_proj_weight, %h_19_attn_proj_bias), kwargs = {})
    %add_39 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_38, %linear_77), kwargs = {})
    %layer_norm_39 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_39, [16], %h_19_ln2_weight, %h_19_ln2_bias), kwargs = {})
    %linear_78 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_39, %h_19_mlp_fc1_weight, %h_19_mlp_fc1_bias), kwargs = {})
    %gelu_19 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_78,), kwargs = {})
    %linear_79 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_19, %h_19_mlp_fc2_weight, %h_19_mlp_fc2_bias), kwargs = {})
    %add_40 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_39, %linear_79), kwargs = {})
    %layer_norm_40 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_40, [16], %h_20_ln1_weight, %h_20_ln1_bias), kwargs = {})
    %linear_80 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_40, %h_20_attn_qkv_weight, %h_20_attn_qkv_bias), kwargs = {})
    %split_20 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_80, 16, 2), kwargs = {})
    %getitem_60 : [num_users=1] = call_function[target=operator.getitem](args = (%split_20, 0), kwargs = {})
    %getitem_61 : [num_users=1] = call_function[target=operator.getitem](args = (%split_20, 1), kwargs = {})
    %getitem_62 : [num_users=1] = call_function[target=operator.getitem](args = (%split_20, 2), kwargs = {})
    %view_60 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_60, [2, 8, 2, 8]), kwargs = {})
    %transpose_100 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_60, 1, 2), kwargs = {})
    %view_61 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_61, [2, 8, 2, 8]), kwargs = {})
    %transpose_101 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_61, 1, 2), kwargs = {})
    %view_62 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_62, [2, 8, 2, 8]), kwargs = {})
    %transpose_102 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_62, 1, 2), kwargs = {})
    %transpose_103 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_101, -2, -1), kwargs = {})
    %matmul_40 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_100, %transpose_103), kwargs = {})
    %mul_20 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_40, 0.35355339059327373), kwargs = {})
    %softmax_20 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_20, -1), kwargs = {})
    %matmul_41 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_20, %transpose_102), kwargs = {})
    %transpose_104 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_41, 1, 2), kwargs = {})
    %reshape_20 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_104, [2, 8, 16]), kwargs = {})
    %linear_81 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_20, %h_20_attn_proj_weight, %h_20_attn_proj_bias), kwargs = {})
    %add_41 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_40, %linear_81), kwargs = {})
    %layer_norm_41 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_41, [16], %h_20_ln2_weight, %h_20_ln2_bias), kwargs = {})
    %linear_82 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_41, %h_20_mlp_fc1_weight, %h_20_mlp_fc1_bias), kwargs = {})
    %gelu_20 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_82,), kwargs = {})
    %linear_83 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_20, %h_20_mlp_fc2_weight, %h_20_mlp_fc2_bias), kwargs = {})
    %add_42 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_41, %linear_83), kwargs = {})
    %layer_norm_42 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_42, [16], %h_21_ln1_weight, %h_21_ln1_bias), kwargs = {})
    %linear_84 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_42, %h_21_attn_qkv_weight, %h_21_attn_qkv_bias), kwargs = {})
    %split_21 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_84, 16, 2), kwargs = {})
    %getitem_63 : [num_users=1] = call_function[target=operator.getitem](args = (%split_21, 0), kwargs = {})
    %getitem_64 : [num_users=1] = call_function[target=operator.getitem](args = (%split_21, 1), kwargs = {})
    %getitem_65 : [num_users=1] = call_function[target=operator.getitem](args = (%split_21, 2), kwargs = {})
    %view_63 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_63, [2, 8, 2, 8]), kwargs = {})
    %transpose_105 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_63, 1, 2), kwargs = {})
    %view_64 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_64, [2, 8, 2, 8]), kwargs = {})
    %transpose_106 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_64, 1, 2), kwargs = {})
    %view_65 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_65, [2, 8, 2, 8]), kwargs = {})
    %transpose_107 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_65, 1, 2), kwargs = {})
    %transpose_108 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_106, -2, -1), kwargs = {})
    %matmul_42 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_105, %transpose_108), kwargs = {})
    %mul_21 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_42, 0.35355339059327373), kwargs = {})
    %softmax_21 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_21, -1), kwargs = {})
    %matmul_43 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_21, %transpose_107), kwargs = {})
    %transpose_109 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_43, 1, 2), kwargs = {})
    %reshape_21 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_109, [2, 8, 16]), kwargs = {})
    %linear_85 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_21, %h_21_attn_proj_weight, %h_21_attn_proj_bias), kwargs = {})
    %add_43 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_42, %linear_85), kwargs = {})
    %layer_norm_43 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_43, [16], %h_21_ln2_weight, %h_21_ln2_bias), kwargs = {})
    %linear_86 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_43, %h_21_mlp_fc1_weight, %h_21_mlp_fc1_bias), kwargs = {})
    %gelu_21 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_86,), kwargs = {})
    %linear_87 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_21, %h_21_mlp_fc2_weight, %h_21_mlp_fc2_bias), kwargs = {})
    %add_44 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_43, %linear_87), kwargs = {})
    %layer_norm_44 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_44, [16], %h_22_ln1_weight, %h_22_ln1_bias), kwargs = {})
    %linear_88 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_44, %h_22_attn_qkv_weight, %h_22_attn_qkv_bias), kwargs = {})
    %split_22 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_88, 16, 2), kwargs = {})
    %getitem_66 : [num_users=1] = call_function[target=operator.getitem](args = (%split_22, 0), kwargs = {})
    %getitem_67 : [num_users=1] = call_function[target=operator.getitem](args = (%split_22, 1), kwargs = {})
    %getitem_68 : [num_users=1] = call_function[target=operator.getitem](args = (%split_22, 2), kwargs = {})
    %view_66 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_66, [2, 8, 2, 8]), kwargs = {})
    %transpose_110 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_66, 1, 2), kwargs = {})
    %view_67 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_67, [2, 8, 2, 8]), kwargs = {})
    %transpose_111 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_67, 1, 2), kwargs = {})
    %view_68 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_68, [2, 8, 2, 8]), kwargs = {})
    %transpose_112 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_68, 1, 2), kwargs = {})
    %transpose_113 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_111, -2, -1), kwargs = {})
    %matmul_44 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_110, %transpose_113), kwargs = {})
    %mul_22 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_44, 0.35355339059327373), kwargs = {})
    %softmax_22 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_22, -1), kwargs = {})
    %matmul_45 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_22, %transpose_112), kwargs = {})
    %transpose_114 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_45, 1, 2), kwargs = {})
    %reshape_22 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_114, [2, 8, 16]), kwargs = {})
    %linear_89 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_22, %h_22_attn_proj_weight, %h_22_attn_proj_bias), kwargs = {})
    %add_45 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_44, %linear_89), kwargs = {})
    %layer_norm_45 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_45, [16], %h_22_ln2_weight, %h_22_ln2_bias), kwargs = {})
    %linear_90 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_45, %h_22_mlp_fc1_weight, %h_22_mlp_fc1_bias), kwargs = {})
    %gelu_22 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_90,), kwargs = {})
    %linear_91 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_22, %h_22_mlp_fc2_weight, %h_22_mlp_fc2_bias), kwargs = {})
    %add_46 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_45, %linear_91), kwargs = {})
    %layer_norm_46 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_46, [16], %h_23_ln1_weight, %h_23_ln1_bias), kwargs = {})
    %linear_92 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_46, %h_23_attn_qkv_weight, %h_23_attn_qkv_bias), kwargs = {})
    %split_23 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_92, 16, 2), kwargs = {})
    %getitem_69 : [num_users=1] = call_function[target=operator.getitem](args = (%split_23, 0), kwargs = {})
    %getitem_70 : [num_users=1] = call_function[target=operator.getitem](args = (%split_23, 1), kwargs = {})
    %getitem_71 : [num_users=1] = call_function[target=operator.getitem](args = (%split_23, 2), kwargs = {})
    %view_69 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_69, [2, 8, 2, 8]), kwargs = {})
    %transpose_115 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_69, 1, 2), kwargs = {})
    %view_70 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_70, [2, 8, 2, 8]), kwargs = {})
    %transpose_116 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_70, 1, 2), kwargs = {})
    %view_71 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_71, [2, 8, 2, 8]), kwargs = {})
    %transpose_117 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_71, 1, 2), kwargs = {})
    %transpose_118 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_116, -2, -1), kwargs = {})
    %matmul_46 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_115, %transpose_118), kwargs = {})
    %mul_23 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_46, 0.35355339059327373), kwargs = {})
    %softmax_23 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_23, -1), kwargs = {})
    %matmul_47 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_23, %transpose_117), kwargs = {})
    %transpose_119 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_47, 1, 2), kwargs = {})
    %reshape_23 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_119, [2, 8, 16]), kwargs = {})
    %linear_93 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_23, %h_23_attn_proj_weight, %h_23_attn_proj_bias), kwargs = {})
    %add_47 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_46, %linear_93), kwargs = {})
    %layer_norm_47 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_47, [16], %h_23_ln2_weight, %h_23_ln2_bias), kwargs = {})
    %linear_94 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_47, %h_23_mlp_fc1_weight, %h_23_mlp_fc1_bias), kwargs = {})
    %gelu_23 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_94,), kwargs = {})
    %linear_95 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_23, %h_23_mlp_fc2_weight, %h_23_mlp_fc2_bias), kwargs = {})
    %add_48 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_47, %linear_95), kwargs = {})
    %layer_norm_48 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_48, [16], %h_24_ln1_weight, %h_24_ln1_bias), kwargs = {})
    %linear_96 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_48, %h_24_attn_qkv_weight, %h_24_attn_qkv_bias), kwargs = {})
    %split_24 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_96, 16, 2), kwargs = {})
    %getitem_72 : [num_users=1] = call_function[target=operator.getitem](args = (%split_24, 0), kwargs = {})
    %getitem_73 : [num_users=1] = call_function[target=operator.getitem](args = (%split_24, 1), kwargs = {})
    %getitem_74 : [num_users=1] = call_function[target=operator.getitem](args = (%split_24, 2), kwargs = {})
    %view_72 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_72, [2, 8, 2, 8]), kwargs = {})
    %transpose_120 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_72, 1, 2), kwargs = {})
    %view_73 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_73, [2, 8, 2, 8]), kwargs = {})
    %transpose_121 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_73, 1, 2), kwargs = {})
    %view_74 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_74, [2, 8, 2, 8]), kwargs = {})
    %transpose_122 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_74, 1, 2), kwargs = {})
    %transpose_123 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_121, -2, -1), kwargs = {})
    %matmul_48 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_120, %transpose_123), kwargs = {})
    %mul_24 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_48, 0.35355339059327373), kwargs = {})
    %softmax_24 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_24, -1), kwargs = {})
    %matmul_49 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_24, %transpose_122), kwargs = {})
    %transpose_124 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_49, 1, 2), kwargs = {})
    %reshape_24 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_124, [2, 8, 16]), kwargs = {})
    %linear_97 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_24, %h_24_attn_proj_weight, %h_24_attn_proj_bias), kwargs = {})
    %add_49 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_48, %linear_97), kwargs = {})
    %layer_norm_49 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_49, [16], %h_24_ln2_weight, %h_24_ln2_bias), kwargs = {})
    %linear_98 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_49, %h_24_mlp_fc1_weight, %h_24_mlp_fc1_bias), kwargs = {})
    %gelu_24 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_98,), kwargs = {})
    %linear_99 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_24, %h_24_mlp_fc2_weight, %h_24_mlp_fc2_bias), kwargs = {})
    %add_50 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_49, %linear_99), kwargs = {})
    %layer_norm_50 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_50, [16], %h_25_ln1_weight, %h_25_ln1_bias), kwargs = {})
    %linear_100 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_50, %h_25_attn_qkv_weight, %h_25_attn_qkv_bias), kwargs = {})
    %split_25 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_100, 16, 2), kwargs = {})
    %getitem_75 : [num_users=1] = call_function[target=operator.getitem](args = (%split_25, 0), kwargs = {})
    %getitem_76 : [num_users=1] = call_function[target=operator.getitem](args = (%split_25, 1), kwargs = {})
    %getitem_77 : [num_users=1] = call_function[target=operator.getitem](args = (%split_25, 2), kwargs = {})
    %view_75 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_75, [2, 8, 2, 8]), kwargs = {})
    %transpose_125 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_75, 1, 2), kwargs = {})
    %view_76 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_76, [2, 8, 2, 8]), kwargs = {})
    %transpose_126 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_76, 1, 2), kwargs = {})
    %view_77 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_77, [2, 8, 2, 8]), kwargs = {})
    %transpose_127 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_77, 1, 2), kwargs = {})
    %transpose_128 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_126, -2, -1), kwargs = {})
    %matmul_50 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_125, %transpose_128), kwargs = {})
    %mul_25 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_50, 0.35355339059327373), kwargs = {})
    %softmax_25 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_25, -1), kwargs = {})
    %matmul_51 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_25, %transpose_127), kwargs = {})
    %transpose_129 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_51, 1, 2), kwargs = {})
    %reshape_25 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_129, [2, 8, 16]), kwargs = {})
    %linear_101 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_25, %h_25_attn_proj_weight, %h_25_attn_proj_bias), kwargs = {})
    %add_51 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_50, %linear_101), kwargs = {})
    %layer_norm_51 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_51, [16], %h_25_ln2_weight, %h_25_ln2_bias), kwargs = {})
    %linear_102 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_51, %h_25_mlp_fc1_weight, %h_25_mlp_fc1_bias), kwargs = {})
    %gelu_25 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_102,), kwargs = {})
    %linear_103 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_25, %h_25_mlp_fc2_weight, %h_25_mlp_fc2_bias), kwargs = {})
    %add_52 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_51, %linear_103), kwargs = {})
    %layer_norm_52 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_52, [16], %h_26_ln1_weight, %h_26_ln1_bias), kwargs = {})
    %linear_104 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_52, %h_26_attn_qkv_weight, %h_26_attn_qkv_bias), kwargs = {})
    %split_26 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_104, 16, 2), kwargs = {})
    %getitem_78 : [num_users=1] = call_function[target=operator.getitem](args = (%split_26, 0), kwargs = {})
    %getitem_79 : [num_users=1] = call_function[target=operator.getitem](args = (%split_26, 1), kwargs = {})
    %getitem_80 : [num_users=1] = call_function[target=operator.getitem](args = (%split_26, 2), kwargs = {})
    %view_78 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_78, [2, 8, 2, 8]), kwargs = {})
    %transpose_130 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_78, 1, 2), kwargs = {})
    %view_79 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_79, [2, 8, 2, 8]), kwargs = {})
    %transpose_131 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_79, 1, 2), kwargs = {})
    %view_80 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_80, [2, 8, 2, 8]), kwargs = {})
    %transpose_132 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_80, 1, 2), kwargs = {})
    %transpose_133 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_131, -2, -1), kwargs = {})
    %matmul_52 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_130, %transpose_133), kwargs = {})
    %mul_26 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_52, 0.35355339059327373), kwargs = {})
    %softmax_26 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_26, -1), kwargs = {})
    %matmul_53 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_26, %transpose_132), kwargs = {})
    %transpose_134 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_53, 1, 2), kwargs = {})
    %reshape_26 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_134, [2, 8, 16]), kwargs = {})
    %linear_105 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_26, %h_26_attn_proj_weight, %h_26_attn_proj_bias), kwargs = {})
    %add_53 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_52, %linear_105), kwargs = {})
    %layer_norm_53 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_53, [16], %h_26_ln2_weight, %h_26_ln2_bias), kwargs = {})
    %linear_106 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_53, %h_26_mlp_fc1_weight, %h_26_mlp_fc1_bias), kwargs = {})
    %gelu_26 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_106,), kwargs = {})
    %linear_107 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_26, %h_26_mlp_fc2_weight, %h_26_mlp_fc2_bias), kwargs = {})
    %add_54 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_53, %linear_107), kwargs = {})
    %layer_norm_54 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_54, [16], %h_27_ln1_weight, %h_27_ln1_bias), kwargs = {})
    %linear_108 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_54, %h_27_attn_qkv_weight, %h_27_attn_qkv_bias), kwargs = {})
    %split_27 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_108, 16, 2), kwargs = {})
    %getitem_81 : [num_users=1] = call_function[target=operator.getitem](args = (%split_27, 0), kwargs = {})
    %getitem_82 : [num_users=1] = call_function[target=operator.getitem](args = (%split_27, 1), kwargs = {})
    %getitem_83 : [num_users=1] = call_function[target=operator.getitem](args = (%split_27, 2), kwargs = {})
    %view_81 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_81, [2, 8, 2, 8]), kwargs = {})
    %transpose_135 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_81, 1, 2), kwargs = {})
    %view_82 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_82, [2, 8, 2, 8]), kwargs = {})
    %transpose_136 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_82, 1, 2), kwargs = {})
    %view_83 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_83, [2, 8, 2, 8]), kwargs = {})
    %transpose_137 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_83, 1, 2), kwargs = {})
    %transpose_138 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_136, -2, -1), kwargs = {})
    %matmul_54 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_135, %transpose_138), kwargs = {})
    %mul_27 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_54, 0.35355339059327373), kwargs = {})
    %softmax_27 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_27, -1), kwargs = {})
    %matmul_55 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_27, %transpose_137), kwargs = {})
    %transpose_139 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_55, 1, 2), kwargs = {})
    %reshape_27 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_139, [2, 8, 16]), kwargs = {})
    %linear_109 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_27, %h_27_attn_proj_weight, %h_27_attn_proj_bias), kwargs = {})
    %add_55 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_54, %linear_109), kwargs = {})
    %layer_norm_55 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_55, [16], %h_27_ln2_weight, %h_27_ln2_bias), kwargs = {})
    %linear_110 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_55, %h_27_mlp_fc1_weight, %h_27_mlp_fc1_bias), kwargs = {})
    %gelu_27 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_110,), kwargs = {})
    %linear_111 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_27, %h_27_mlp_fc2_weight, %h_27_mlp_fc2_bias), kwargs = {})
    %add_56 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_55, %linear_111), kwargs = {})
    %layer_norm_56 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_56, [16], %h_28_ln1_weight, %h_28_ln1_bias), kwargs = {})
    %linear_112 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_56, %h_28_attn_qkv_weight, %h_28_attn_qkv_bias), kwargs = {})
    %split_28 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_112, 16, 2), kwargs = {})
    %getitem_84 : [num_users=1] = call_function[target=operator.getitem](args = (%split_28, 0), kwargs = {})
    %getitem_85 : [num_users=1] = call_function[target=operator.getitem](args = (%split_28, 1), kwargs = {})
    %getitem_86 : [num_users=1] = call_function[target=operator.getitem](args = (%split_28, 2), kwargs = {})
    %view_84 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_84, [2, 8, 2, 8]), kwargs = {})
    %transpose_140 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_84, 1, 2), kwargs = {})
    %view_85 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_85, [2, 8, 2, 8]), kwargs = {})
    %transpose_141 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_85, 1, 2), kwargs = {})
    %view_86 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_86, [2, 8, 2, 8]), kwargs = {})
    %transpose_142 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_86, 1, 2), kwargs = {})
    %transpose_143 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_141, -2, -1), kwargs = {})
    %matmul_56 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_140, %transpose_143), kwargs = {})
    %mul_28 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_56, 0.35355339059327373), kwargs = {})
    %softmax_28 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_28, -1), kwargs = {})
    %matmul_57 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_28, %transpose_142), kwargs = {})
    %transpose_144 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_57, 1, 2), kwargs = {})
    %reshape_28 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_144, [2, 8, 16]), kwargs = {})
    %linear_113 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_28, %h_28_attn_proj_weight, %h_28_attn_proj_bias), kwargs = {})
    %add_57 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_56, %linear_113), kwargs = {})
    %layer_norm_57 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_57, [16], %h_28_ln2_weight, %h_28_ln2_bias), kwargs = {})
    %linear_114 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_57, %h_28_mlp_fc1_weight, %h_28_mlp_fc1_bias), kwargs = {})
    %gelu_28 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_114,), kwargs = {})
    %linear_115 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_28, %h_28_mlp_fc2_weight, %h_28_mlp_fc2_bias), kwargs = {})
    %add_58 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_57, %linear_115), kwargs = {})
    %layer_norm_58 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_58, [16], %h_29_ln1_weight, %h_29_ln1_bias), kwargs = {})
    %linear_116 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_58, %h_29_attn_qkv_weight, %h_29_attn_qkv_bias), kwargs = {})
    %split_29 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_116, 16, 2), kwargs = {})
    %getitem_87 : [num_users=1] = call_function[target=operator.getitem](args = (%split_29, 0), kwargs = {})
    %getitem_88 : [num_users=1] = call_function[target=operator.getitem](args = (%split_29, 1), kwargs = {})
    %getitem_89 : [num_users=1] = call_function[target=operator.getitem](args = (%split_29, 2), kwargs = {})
    %view_87 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_87, [2, 8, 2, 8]), kwargs = {})
    %transpose_145 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_87, 1, 2), kwargs = {})
    %view_88 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_88, [2, 8, 2, 8]), kwargs = {})
    %transpose_146 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_88, 1, 2), kwargs = {})
    %view_89 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_89, [2, 8, 2, 8]), kwargs = {})
    %transpose_147 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_89, 1, 2), kwargs = {})
    %transpose_148 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_146, -2, -1), kwargs = {})
    %matmul_58 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_145, %transpose_148), kwargs = {})
    %mul_29 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_58, 0.35355339059327373), kwargs = {})
    %softmax_29 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_29, -1), kwargs = {})
    %matmul_59 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_29, %transpose_147), kwargs = {})
    %transpose_149 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_59, 1, 2), kwargs = {})
    %reshape_29 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_149, [2, 8, 16]), kwargs = {})
    %linear_117 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_29, %h_29_attn_proj_weight, %h_29_attn_proj_bias), kwargs = {})
    %add_59 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_58, %linear_117), kwargs = {})
    %layer_norm_59 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_59, [16], %h_29_ln2_weight, %h_29_ln2_bias), kwargs = {})
    %linear_118 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_59, %h_29_mlp_fc1_weight, %h_29_mlp_fc1_bias), kwargs = {})
    %gelu_29 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_118,), kwargs = {})
    %linear_119 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_29, %h_29_mlp_fc2_weight, %h_29_mlp_fc2_bias), kwargs = {})
    %add_60 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_59, %linear_119), kwargs = {})
    %layer_norm_60 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_60, [16], %h_30_ln1_weight, %h_30_ln1_bias), kwargs = {})
    %linear_120 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_60, %h_30_attn_qkv_weight, %h_30_attn_qkv_bias), kwargs = {})
    %split_30 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_120, 16, 2), kwargs = {})
    %getitem_90 : [num_users=1] = call_function[target=operator.getitem](args = (%split_30, 0), kwargs = {})
    %getitem_91 : [num_users=1] = call_function[target=operator.getitem](args = (%split_30, 1), kwargs = {})
    %getitem_92 : [num_users=1] = call_function[target=operator.getitem](args = (%split_30, 2), kwargs = {})
    %view_90 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_90, [2, 8, 2, 8]), kwargs = {})
    %transpose_150 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_90, 1, 2), kwargs = {})
    %view_91 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_91, [2, 8, 2, 8]), kwargs = {})
    %transpose_151 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_91, 1, 2), kwargs = {})
    %view_92 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_92, [2, 8, 2, 8]), kwargs = {})
    %transpose_152 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_92, 1, 2), kwargs = {})
    %transpose_153 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_151, -2, -1), kwargs = {})
    %matmul_60 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_150, %transpose_153), kwargs = {})
    %mul_30 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_60, 0.35355339059327373), kwargs = {})
    %softmax_30 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_30, -1), kwargs = {})
    %matmul_61 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_30, %transpose_152), kwargs = {})
    %transpose_154 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_61, 1, 2), kwargs = {})
    %reshape_30 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_154, [2, 8, 16]), kwargs = {})
    %linear_121 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_30, %h_30_attn_proj_weight, %h_30_attn_proj_bias), kwargs = {})
    %add_61 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_60, %linear_121), kwargs = {})
    %layer_norm_61 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_61, [16], %h_30_ln2_weight, %h_30_ln2_bias), kwargs = {})
    %linear_122 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_61, %h_30_mlp_fc1_weight, %h_30_mlp_fc1_bias), kwargs = {})
    %gelu_30 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_122,), kwargs = {})
    %linear_123 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_30, %h_30_mlp_fc2_weight, %h_30_mlp_fc2_bias), kwargs = {})
    %add_62 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_61, %linear_123), kwargs = {})
    %layer_norm_62 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_62, [16], %h_31_ln1_weight, %h_31_ln1_bias), kwargs = {})
    %linear_124 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_62, %h_31_attn_qkv_weight, %h_31_attn_qkv_bias), kwargs = {})
    %split_31 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_124, 16, 2), kwargs = {})
    %getitem_93 : [num_users=1] = call_function[target=operator.getitem](args = (%split_31, 0), kwargs = {})
    %getitem_94 : [num_users=1] = call_function[target=operator.getitem](args = (%split_31, 1), kwargs = {})
    %getitem_95 : [num_users=1] = call_function[target=operator.getitem](args = (%split_31, 2), kwargs = {})
    %view_93 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_93, [2, 8, 2, 8]), kwargs = {})
    %transpose_155 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_93, 1, 2), kwargs = {})
    %view_94 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_94, [2, 8, 2, 8]), kwargs = {})
    %transpose_156 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_94, 1, 2), kwargs = {})
    %view_95 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_95, [2, 8, 2, 8]), kwargs = {})
    %transpose_157 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_95, 1, 2), kwargs = {})
    %transpose_158 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_156, -2, -1), kwargs = {})
    %matmul_62 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_155, %transpose_158), kwargs = {})
    %mul_31 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_62, 0.35355339059327373), kwargs = {})
    %softmax_31 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_31, -1), kwargs = {})
    %matmul_63 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_31, %transpose_157), kwargs = {})
    %transpose_159 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_63, 1, 2), kwargs = {})
    %reshape_31 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_159, [2, 8, 16]), kwargs = {})
    %linear_125 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_31, %h_31_attn_proj_weight, %h_31_attn_proj_bias), kwargs = {})
    %add_63 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_62, %linear_125), kwargs = {})
    %layer_norm_63 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_63, [16], %h_31_ln2_weight, %h_31_ln2_bias), kwargs = {})
    %linear_126 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_63, %h_31_mlp_fc1_weight, %h_31_mlp_fc1_bias), kwargs = {})
    %gelu_31 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_126,), kwargs = {})
    %linear_127 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_31, %h_31_mlp_fc2_weight, %h_31_mlp_fc2_bias), kwargs = {})
    %add_64 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_63, %linear_127), kwargs = {})
    %layer_norm_64 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_64, [16], %h_32_ln1_weight, %h_32_ln1_bias), kwargs = {})
    %linear_128 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_64, %h_32_attn_qkv_weight, %h_32_attn_qkv_bias), kwargs = {})
    %split_32 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_128, 16, 2), kwargs = {})
    %getitem_96 : [num_users=1] = call_function[target=operator.getitem](args = (%split_32, 0), kwargs = {})
    %getitem_97 : [num_users=1] = call_function[target=operator.getitem](args = (%split_32, 1), kwargs = {})
    %getitem_98 : [num_users=1] = call_function[target=operator.getitem](args = (%split_32, 2), kwargs = {})
    %view_96 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_96, [2, 8, 2, 8]), kwargs = {})
    %transpose_160 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_96, 1, 2), kwargs = {})
    %view_97 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_97, [2, 8, 2, 8]), kwargs = {})
    %transpose_161 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_97, 1, 2), kwargs = {})
    %view_98 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_98, [2, 8, 2, 8]), kwargs = {})
    %transpose_162 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_98, 1, 2), kwargs = {})
    %transpose_163 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_161, -2, -1), kwargs = {})
    %matmul_64 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_160, %transpose_163), kwargs = {})
    %mul_32 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_64, 0.35355339059327373), kwargs = {})
    %softmax_32 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_32, -1), kwargs = {})
    %matmul_65 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_32, %transpose_162), kwargs = {})
    %transpose_164 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_65, 1, 2), kwargs = {})
    %reshape_32 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_164, [2, 8, 16]), kwargs = {})
    %linear_129 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_32, %h_32_attn_proj_weight, %h_32_attn_proj_bias), kwargs = {})
    %add_65 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_64, %linear_129), kwargs = {})
    %layer_norm_65 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_65, [16], %h_32_ln2_weight, %h_32_ln2_bias), kwargs = {})
    %linear_130 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_65, %h_32_mlp_fc1_weight, %h_32_mlp_fc1_bias), kwargs = {})
    %gelu_32 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_130,), kwargs = {})
    %linear_131 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_32, %h_32_mlp_fc2_weight, %h_32_mlp_fc2_bias), kwargs = {})
    %add_66 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_65, %linear_131), kwargs = {})
    %layer_norm_66 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_66, [16], %h_33_ln1_weight, %h_33_ln1_bias), kwargs = {})
    %linear_132 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_66, %h_33_attn_qkv_weight, %h_33_attn_qkv_bias), kwargs = {})
    %split_33 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_132, 16, 2), kwargs = {})
    %getitem_99 : [num_users=1] = call_function[target=operator.getitem](args = (%split_33, 0), kwargs = {})
    %getitem_100 : [num_users=1] = call_function[target=operator.getitem](args = (%split_33, 1), kwargs = {})
    %getitem_101 : [num_users=1] = call_function[target=operator.getitem](args = (%split_33, 2), kwargs = {})
    %view_99 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_99, [2, 8, 2, 8]), kwargs = {})
    %transpose_165 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_99, 1, 2), kwargs = {})
    %view_100 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_100, [2, 8, 2, 8]), kwargs = {})
    %transpose_166 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_100, 1, 2), kwargs = {})
    %view_101 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_101, [2, 8, 2, 8]), kwargs = {})
    %transpose_167 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_101, 1, 2), kwargs = {})
    %transpose_168 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_166, -2, -1), kwargs = {})
    %matmul_66 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_165, %transpose_168), kwargs = {})
    %mul_33 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_66, 0.35355339059327373), kwargs = {})
    %softmax_33 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_33, -1), kwargs = {})
    %matmul_67 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_33, %transpose_167), kwargs = {})
    %transpose_169 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_67, 1, 2), kwargs = {})
    %reshape_33 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_169, [2, 8, 16]), kwargs = {})
    %linear_133 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_33, %h_33_attn_proj_weight, %h_33_attn_proj_bias), kwargs = {})
    %add_67 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_66, %linear_133), kwargs = {})
    %layer_norm_67 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_67, [16], %h_33_ln2_weight, %h_33_ln2_bias), kwargs = {})
    %linear_134 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_67, %h_33_mlp_fc1_weight, %h_33_mlp_fc1_bias), kwargs = {})
    %gelu_33 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_134,), kwargs = {})
    %linear_135 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_33, %h_33_mlp_fc2_weight, %h_33_mlp_fc2_bias), kwargs = {})
    %add_68 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_67, %linear_135), kwargs = {})
    %layer_norm_68 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_68, [16], %h_34_ln1_weight, %h_34_ln1_bias), kwargs = {})
    %linear_136 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_68, %h_34_attn_qkv_weight, %h_34_attn_qkv_bias), kwargs = {})
    %split_34 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_136, 16, 2), kwargs = {})
    %getitem_102 : [num_users=1] = call_function[target=operator.getitem](args = (%split_34, 0), kwargs = {})
    %getitem_103 : [num_users=1] = call_function[target=operator.getitem](args = (%split_34, 1), kwargs = {})
    %getitem_104 : [num_users=1] = call_function[target=operator.getitem](args = (%split_34, 2), kwargs = {})
    %view_102 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_102, [2, 8, 2, 8]), kwargs = {})
    %transpose_170 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_102, 1, 2), kwargs = {})
    %view_103 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_103, [2, 8, 2, 8]), kwargs = {})
    %transpose_171 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_103, 1, 2), kwargs = {})
    %view_104 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_104, [2, 8, 2, 8]), kwargs = {})
    %transpose_172 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_104, 1, 2), kwargs = {})
    %transpose_173 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_171, -2, -1), kwargs = {})
    %matmul_68 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_170, %transpose_173), kwargs = {})
    %mul_34 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_68, 0.35355339059327373), kwargs = {})
    %softmax_34 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_34, -1), kwargs = {})
    %matmul_69 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_34, %transpose_172), kwargs = {})
    %transpose_174 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_69, 1, 2), kwargs = {})
    %reshape_34 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_174, [2, 8, 16]), kwargs = {})
    %linear_137 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_34, %h_34_attn_proj_weight, %h_34_attn_proj_bias), kwargs = {})
    %add_69 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_68, %linear_137), kwargs = {})
    %layer_norm_69 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_69, [16], %h_34_ln2_weight, %h_34_ln2_bias), kwargs = {})
    %linear_138 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_69, %h_34_mlp_fc1_weight, %h_34_mlp_fc1_bias), kwargs = {})
    %gelu_34 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_138,), kwargs = {})
    %linear_139 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_34, %h_34_mlp_fc2_weight, %h_34_mlp_fc2_bias), kwargs = {})
    %add_70 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_69, %linear_139), kwargs = {})
    %layer_norm_70 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_70, [16], %h_35_ln1_weight, %h_35_ln1_bias), kwargs = {})
    %linear_140 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_70, %h_35_attn_qkv_weight, %h_35_attn_qkv_bias), kwargs = {})
    %split_35 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_140, 16, 2), kwargs = {})
    %getitem_105 : [num_users=1] = call_function[target=operator.getitem](args = (%split_35, 0), kwargs = {})
    %getitem_106 : [num_users=1] = call_function[target=operator.getitem](args = (%split_35, 1), kwargs = {})
    %getitem_107 : [num_users=1] = call_function[target=operator.getitem](args = (%split_35, 2), kwargs = {})
    %view_105 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_105, [2, 8, 2, 8]), kwargs = {})
    %transpose_175 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_105, 1, 2), kwargs = {})
    %view_106 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_106, [2, 8, 2, 8]), kwargs = {})
    %transpose_176 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_106, 1, 2), kwargs = {})
    %view_107 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_107, [2, 8, 2, 8]), kwargs = {})
    %transpose_177 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_107, 1, 2), kwargs = {})
    %transpose_178 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_176, -2, -1), kwargs = {})
    %matmul_70 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_175, %transpose_178), kwargs = {})
    %mul_35 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_70, 0.35355339059327373), kwargs = {})
    %softmax_35 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_35, -1), kwargs = {})
    %matmul_71 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_35, %transpose_177), kwargs = {})
    %transpose_179 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_71, 1, 2), kwargs = {})
    %reshape_35 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_179, [2, 8, 16]), kwargs = {})
    %linear_141 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_35, %h_35_attn_proj_weight, %h_35_attn_proj_bias), kwargs = {})
    %add_71 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_70, %linear_141), kwargs = {})
    %layer_norm_71 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_71, [16], %h_35_ln2_weight, %h_35_ln2_bias), kwargs = {})
    %linear_142 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_71, %h_35_mlp_fc1_weight, %h_35_mlp_fc1_bias), kwargs = {})
    %gelu_35 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_142,), kwargs = {})
    %linear_143 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_35, %h_35_mlp_fc2_weight, %h_35_mlp_fc2_bias), kwargs = {})
    %add_72 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_71, %linear_143), kwargs = {})
    %layer_norm_72 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_72, [16], %h_36_ln1_weight, %h_36_ln1_bias), kwargs = {})
    %linear_144 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_72, %h_36_attn_qkv_weight, %h_36_attn_qkv_bias), kwargs = {})
    %split_36 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_144, 16, 2), kwargs = {})
    %getitem_108 : [num_users=1] = call_function[target=operator.getitem](args = (%split_36, 0), kwargs = {})
    %getitem_109 : [num_users=1] = call_function[target=operator.getitem](args = (%split_36, 1), kwargs = {})
    %getitem_110 : [num_users=1] = call_function[target=operator.getitem](args = (%split_36, 2), kwargs = {})
    %view_108 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_108, [2, 8, 2, 8]), kwargs = {})
    %transpose_180 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_108, 1, 2), kwargs = {})
    %view_109 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_109, [2, 8, 2, 8]), kwargs = {})
    %transpose_181 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_109, 1, 2), kwargs = {})
    %view_110 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_110, [2, 8, 2, 8]), kwargs = {})
    %transpose_182 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_110, 1, 2), kwargs = {})
    %transpose_183 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_181, -2, -1), kwargs = {})
    %matmul_72 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_180, %transpose_183), kwargs = {})
    %mul_36 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_72, 0.35355339059327373), kwargs = {})
    %softmax_36 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_36, -1), kwargs = {})
    %matmul_73 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_36, %transpose_182), kwargs = {})
    %transpose_184 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_73, 1, 2), kwargs = {})
    %reshape_36 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_184, [2, 8, 16]), kwargs = {})
    %linear_145 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_36, %h_36_attn_proj_weight, %h_36_attn_proj_bias), kwargs = {})
    %add_73 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_72, %linear_145), kwargs = {})
    %layer_norm_73 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_73, [16], %h_36_ln2_weight, %h_36_ln2_bias), kwargs = {})
    %linear_146 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_73, %h_36_mlp_fc1_weight, %h_36_mlp_fc1_bias), kwargs = {})
    %gelu_36 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_146,), kwargs = {})
    %linear_147 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_36, %h_36_mlp_fc2_weight, %h_36_mlp_fc2_bias), kwargs = {})
    %add_74 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_73, %linear_147), kwargs = {})
    %layer_norm_74 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_74, [16], %h_37_ln1_weight, %h_37_ln1_bias), kwargs = {})
    %linear_148 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_74, %h_37_attn_qkv_weight, %h_37_attn_qkv_bias), kwargs = {})
    %split_37 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_148, 16, 2), kwargs = {})
    %getitem_111 : [num_users=1] = call_function[target=operator.getitem](args = (%split_37, 0), kwargs = {})
    %getitem_112 : [num_users=1] = call_function[target=operator.getitem](args = (%split_37, 1), kwargs = {})
    %getitem_113 : [num_users=1] = call_function[target=operator.getitem](args = (%split_37, 2), kwargs = {})
    %view_111 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_111, [2, 8, 2, 8]), kwargs = {})
    %transpose_185 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_111, 1, 2), kwargs = {})
    %view_112 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_112, [2, 8, 2, 8]), kwargs = {})
    %transpose_186 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_112, 1, 2), kwargs = {})
    %view_113 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_113, [2, 8, 2, 8]), kwargs = {})
    %transpose_187 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_113, 1, 2), kwargs = {})
    %transpose_188 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_186, -2, -1), kwargs = {})
    %matmul_74 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_185, %transpose_188), kwargs = {})
    %mul_37 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_74, 0.35355339059327373), kwargs = {})
    %softmax_37 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_37, -1), kwargs = {})
    %matmul_75 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_37, %transpose_187), kwargs = {})
    %transpose_189 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_75, 1, 2), kwargs = {})
    %reshape_37 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_189, [2, 8, 16]), kwargs = {})
    %linear_149 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_37, %h_37_attn_proj_weight, %h_37_attn_proj_bias), kwargs = {})
    %add_75 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_74, %linear_149), kwargs = {})
    %layer_norm_75 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_75, [16], %h_37_ln2_weight, %h_37_ln2_bias), kwargs = {})
    %linear_150 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_75, %h_37_mlp_fc1_weight, %h_37_mlp_fc1_bias), kwargs = {})
    %gelu_37 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_150,), kwargs = {})
    %linear_151 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_37, %h_37_mlp_fc2_weight, %h_37_mlp_fc2_bias), kwargs = {})
    %add_76 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_75, %linear_151), kwargs = {})
    %layer_norm_76 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_76, [16], %h_38_ln1_weight, %h_38_ln1_bias), kwargs = {})
    %linear_152 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_76, %h_38_attn_qkv_weight, %h_38_attn_qkv_bias), kwargs = {})
    %split_38 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_152, 16, 2), kwargs = {})
    %getitem_114 : [num_users=1] = call_function[target=operator.getitem](args = (%split_38, 0), kwargs = {})
    %getitem_115 : [num_users=1] = call_function[target=operator.getitem](args = (%split_38, 1), kwargs = {})
    %getitem_116 : [num_users=1] = call_function[target=operator.getitem](args = (%split_38, 2), kwargs = {})
    %view_114 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_114, [2, 8, 2, 8]), kwargs = {})
    %transpose_190 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_114, 1, 2), kwargs = {})
    %view_115 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_115, [2, 8, 2, 8]), kwargs = {})
    %transpose_191 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_115, 1, 2), kwargs = {})
    %view_116 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_116, [2, 8, 2, 8]), kwargs = {})
    %transpose_192 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_116, 1, 2), kwargs = {})
    %transpose_193 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_191, -2, -1), kwargs = {})
    %matmul_76 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_190, %transpose_193), kwargs = {})
    %mul_38 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_76, 0.35355339059327373), kwargs = {})
    %softmax_38 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_38, -1), kwargs = {})
    %matmul_77 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_38, %transpose_192), kwargs = {})
    %transpose_194 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_77, 1, 2), kwargs = {})
    %reshape_38 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_194, [2, 8, 16]), kwargs = {})
    %linear_153 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_38, %h_38_attn_proj_weight, %h_38_attn_proj_bias), kwargs = {})
    %add_77 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_76, %linear_153), kwargs = {})
    %layer_norm_77 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_77, [16], %h_38_ln2_weight, %h_38_ln2_bias), kwargs = {})
    %linear_154 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_77, %h_38_mlp_fc1_weight, %h_38_mlp_fc1_bias), kwargs = {})
    %gelu_38 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_154,), kwargs = {})
    %linear_155 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_38, %h_38_mlp_fc2_weight, %h_38_mlp_fc2_bias), kwargs = {})
    %add_78 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_77, %linear_155), kwargs = {})
    %layer_norm_78 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_78, [16], %h_39_ln1_weight, %h_39_ln1_bias), kwargs = {})
    %linear_156 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_78, %h_39_attn_qkv_weight, %h_39_attn_qkv_bias), kwargs = {})
    %split_39 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_156, 16, 2), kwargs = {})
    %getitem_117 : [num_users=1] = call_function[target=operator.getitem](args = (%split_39, 0), kwargs = {})
    %getitem_118 : [num_users=1] = call_function[target=operator.getitem](args = (%split_39, 1), kwargs = {})
    %getitem_119 : [num_users=1] = call_function[target=operator.getitem](args = (%split_39, 2), kwargs = {})
    %view_117 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_117, [2, 8, 2, 8]), kwargs = {})
    %transpose_195 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_117, 1, 2), kwargs = {})
    %view_118 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_118, [2, 8, 2, 8]), kwargs = {})
    %transpose_196 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_118, 1, 2), kwargs = {})
    %view_119 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_119, [2, 8, 2, 8]), kwargs = {})
    %transpose_197 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_119, 1, 2), kwargs = {})
    %transpose_198 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_196, -2, -1), kwargs = {})
    %matmul_78 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_195, %transpose_198), kwargs = {})
    %mul_39 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_78, 0.35355339059327373), kwargs = {})
    %softmax_39 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_39, -1), kwargs = {})
    %matmul_79 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_39, %transpose_197), kwargs = {})
    %transpose_199 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_79, 1, 2), kwargs = {})
    %reshape_39 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_199, [2, 8, 16]), kwargs = {})
    %linear_157 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_39, %h_39_attn_proj_weight, %h_39_attn_proj_bias), kwargs = {})
    %add_79 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_78, %linear_157), kwargs = {})
    %layer_norm_79 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_79, [16], %h_39_ln2_weight, %h_39_ln2_bias), kwargs = {})
    %linear_158 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_79, %h_39_mlp_fc1_weight, %h_39_mlp_fc1_bias), kwargs = {})
    %gelu_39 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_158,), kwargs = {})
    %linear_159 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_39, %h_39_mlp_fc2_weight, %h_39_mlp_fc2_bias), kwargs = {})
    %add_80 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_79, %linear_159), kwargs = {})
    %layer_norm_80 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_80, [16], %h_40_ln1_weight, %h_40_ln1_bias), kwargs = {})
    %linear_160 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_80, %h_40_attn_qkv_weight, %h_40_attn_qkv_bias), kwargs = {})
    %split_40 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_160, 16, 2), kwargs = {})
    %getitem_120 : [num_users=1] = call_function[target=operator.getitem](args = (%split_40, 0), kwargs = {})
    %getitem_121 : [num_users=1] = call_function[target=operator.getitem](args = (%split_40, 1), kwargs = {})
    %getitem_122 : [num_users=1] = call_function[target=operator.getitem](args = (%split_40, 2), kwargs = {})
    %view_120 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_120, [2, 8, 2, 8]), kwargs = {})
    %transpose_200 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_120, 1, 2), kwargs = {})
    %view_121 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_121, [2, 8, 2, 8]), kwargs = {})
    %transpose_201 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_121, 1, 2), kwargs = {})
    %view_122 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_122, [2, 8, 2, 8]), kwargs = {})
    %transpose_202 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_122, 1, 2), kwargs = {})
    %transpose_203 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_201, -2, -1), kwargs = {})
    %matmul_80 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_200, %transpose_203), kwargs = {})
    %mul_40 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_80, 0.35355339059327373), kwargs = {})
    %softmax_40 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_40, -1), kwargs = {})
    %matmul_81 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_40, %transpose_202), kwargs = {})
    %transpose_204 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_81, 1, 2), kwargs = {})
    %reshape_40 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_204, [2, 8, 16]), kwargs = {})
    %linear_161 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_40, %h_40_attn_proj_weight, %h_40_attn_proj_bias), kwargs = {})
    %add_81 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_80, %linear_161), kwargs = {})
    %layer_norm_81 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_81, [16], %h_40_ln2_weight, %h_40_ln2_bias), kwargs = {})
    %linear_162 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_81, %h_40_mlp_fc1_weight, %h_40_mlp_fc1_bias), kwargs = {})
    %gelu_40 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_162,), kwargs = {})
    %linear_163 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_40, %h_40_mlp_fc2_weight, %h_40_mlp_fc2_bias), kwargs = {})
    %add_82 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_81, %linear_163), kwargs = {})
    %layer_norm_82 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_82, [16], %h_41_ln1_weight, %h_41_ln1_bias), kwargs = {})
    %linear_164 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_82, %h_41_attn_qkv_weight, %h_41_attn_qkv_bias), kwargs = {})
    %split_41 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_164, 16, 2), kwargs = {})
    %getitem_123 : [num_users=1] = call_function[target=operator.getitem](args = (%split_41, 0), kwargs = {})
    %getitem_124 : [num_users=1] = call_function[target=operator.getitem](args = (%split_41, 1), kwargs = {})
    %getitem_125 : [num_users=1] = call_function[target=operator.getitem](args = (%split_41, 2), kwargs = {})
    %view_123 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_123, [2, 8, 2, 8]), kwargs = {})
    %transpose_205 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_123, 1, 2), kwargs = {})
    %view_124 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_124, [2, 8, 2, 8]), kwargs = {})
    %transpose_206 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_124, 1, 2), kwargs = {})
    %view_125 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_125, [2, 8, 2, 8]), kwargs = {})
    %transpose_207 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_125, 1, 2), kwargs = {})
    %transpose_208 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_206, -2, -1), kwargs = {})
    %matmul_82 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_205, %transpose_208), kwargs = {})
    %mul_41 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_82, 0.35355339059327373), kwargs = {})
    %softmax_41 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_41, -1), kwargs = {})
    %matmul_83 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_41, %transpose_207), kwargs = {})
    %transpose_209 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_83, 1, 2), kwargs = {})
    %reshape_41 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_209, [2, 8, 16]), kwargs = {})
    %linear_165 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_41, %h_41_attn_proj_weight, %h_41_attn_proj_bias), kwargs = {})
    %add_83 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_82, %linear_165), kwargs = {})
    %layer_norm_83 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_83, [16], %h_41_ln2_weight, %h_41_ln2_bias), kwargs = {})
    %linear_166 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_83, %h_41_mlp_fc1_weight, %h_41_mlp_fc1_bias), kwargs = {})
    %gelu_41 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_166,), kwargs = {})
    %linear_167 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_41, %h_41_mlp_fc2_weight, %h_41_mlp_fc2_bias), kwargs = {})
    %add_84 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_83, %linear_167), kwargs = {})
    %layer_norm_84 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_84, [16], %h_42_ln1_weight, %h_42_ln1_bias), kwargs = {})
    %linear_168 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_84, %h_42_attn_qkv_weight, %h_42_attn_qkv_bias), kwargs = {})
    %split_42 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_168, 16, 2), kwargs = {})
    %getitem_126 : [num_users=1] = call_function[target=operator.getitem](args = (%split_42, 0), kwargs = {})
    %getitem_127 : [num_users=1] = call_function[target=operator.getitem](args = (%split_42, 1), kwargs = {})
    %getitem_128 : [num_users=1] = call_function[target=operator.getitem](args = (%split_42, 2), kwargs = {})
    %view_126 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_126, [2, 8, 2, 8]), kwargs = {})
    %transpose_210 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_126, 1, 2), kwargs = {})
    %view_127 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_127, [2, 8, 2, 8]), kwargs = {})
    %transpose_211 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_127, 1, 2), kwargs = {})
    %view_128 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_128, [2, 8, 2, 8]), kwargs = {})
    %transpose_212 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_128, 1, 2), kwargs = {})
    %transpose_213 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_211, -2, -1), kwargs = {})
    %matmul_84 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_210, %transpose_213), kwargs = {})
    %mul_42 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_84, 0.35355339059327373), kwargs = {})
    %softmax_42 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_42, -1), kwargs = {})
    %matmul_85 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_42, %transpose_212), kwargs = {})
    %transpose_214 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_85, 1, 2), kwargs = {})
    %reshape_42 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_214, [2, 8, 16]), kwargs = {})
    %linear_169 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_42, %h_42_attn_proj_weight, %h_42_attn_proj_bias), kwargs = {})
    %add_85 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_84, %linear_169), kwargs = {})
    %layer_norm_85 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_85, [16], %h_42_ln2_weight, %h_42_ln2_bias), kwargs = {})
    %linear_170 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_85, %h_42_mlp_fc1_weight, %h_42_mlp_fc1_bias), kwargs = {})
    %gelu_42 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_170,), kwargs = {})
    %linear_171 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_42, %h_42_mlp_fc2_weight, %h_42_mlp_fc2_bias), kwargs = {})
    %add_86 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_85, %linear_171), kwargs = {})
    %layer_norm_86 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_86, [16], %h_43_ln1_weight, %h_43_ln1_bias), kwargs = {})
    %linear_172 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_86, %h_43_attn_qkv_weight, %h_43_attn_qkv_bias), kwargs = {})
    %split_43 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_172, 16, 2), kwargs = {})
    %getitem_129 : [num_users=1] = call_function[target=operator.getitem](args = (%split_43, 0), kwargs = {})
    %getitem_130 : [num_users=1] = call_function[target=operator.getitem](args = (%split_43, 1), kwargs = {})
    %getitem_131 : [num_users=1] = call_function[target=operator.getitem](args = (%split_43, 2), kwargs = {})
    %view_129 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_129, [2, 8, 2, 8]), kwargs = {})
    %transpose_215 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_129, 1, 2), kwargs = {})
    %view_130 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_130, [2, 8, 2, 8]), kwargs = {})
    %transpose_216 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_130, 1, 2), kwargs = {})
    %view_131 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_131, [2, 8, 2, 8]), kwargs = {})
    %transpose_217 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_131, 1, 2), kwargs = {})
    %transpose_218 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_216, -2, -1), kwargs = {})
    %matmul_86 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_215, %transpose_218), kwargs = {})
    %mul_43 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_86, 0.35355339059327373), kwargs = {})
    %softmax_43 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_43, -1), kwargs = {})
    %matmul_87 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_43, %transpose_217), kwargs = {})
    %transpose_219 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_87, 1, 2), kwargs = {})
    %reshape_43 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_219, [2, 8, 16]), kwargs = {})
    %linear_173 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_43, %h_43_attn_proj_weight, %h_43_attn_proj_bias), kwargs = {})
    %add_87 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_86, %linear_173), kwargs = {})
    %layer_norm_87 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_87, [16], %h_43_ln2_weight, %h_43_ln2_bias), kwargs = {})
    %linear_174 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_87, %h_43_mlp_fc1_weight, %h_43_mlp_fc1_bias), kwargs = {})
    %gelu_43 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_174,), kwargs = {})
    %linear_175 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_43, %h_43_mlp_fc2_weight, %h_43_mlp_fc2_bias), kwargs = {})
    %add_88 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_87, %linear_175), kwargs = {})
    %layer_norm_88 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_88, [16], %h_44_ln1_weight, %h_44_ln1_bias), kwargs = {})
    %linear_176 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_88, %h_44_attn_qkv_weight, %h_44_attn_qkv_bias), kwargs = {})
    %split_44 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_176, 16, 2), kwargs = {})
    %getitem_132 : [num_users=1] = call_function[target=operator.getitem](args = (%split_44, 0), kwargs = {})
    %getitem_133 : [num_users=1] = call_function[target=operator.getitem](args = (%split_44, 1), kwargs = {})
    %getitem_134 : [num_users=1] = call_function[target=operator.getitem](args = (%split_44, 2), kwargs = {})
    %view_132 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_132, [2, 8, 2, 8]), kwargs = {})
    %transpose_220 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_132, 1, 2), kwargs = {})
    %view_133 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_133, [2, 8, 2, 8]), kwargs = {})
    %transpose_221 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_133, 1, 2), kwargs = {})
    %view_134 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_134, [2, 8, 2, 8]), kwargs = {})
    %transpose_222 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_134, 1, 2), kwargs = {})
    %transpose_223 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_221, -2, -1), kwargs = {})
    %matmul_88 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_220, %transpose_223), kwargs = {})
    %mul_44 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_88, 0.35355339059327373), kwargs = {})
    %softmax_44 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_44, -1), kwargs = {})
    %matmul_89 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_44, %transpose_222), kwargs = {})
    %transpose_224 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_89, 1, 2), kwargs = {})
    %reshape_44 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_224, [2, 8, 16]), kwargs = {})
    %linear_177 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_44, %h_44_attn_proj_weight, %h_44_attn_proj_bias), kwargs = {})
    %add_89 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_88, %linear_177), kwargs = {})
    %layer_norm_89 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_89, [16], %h_44_ln2_weight, %h_44_ln2_bias), kwargs = {})
    %linear_178 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_89, %h_44_mlp_fc1_weight, %h_44_mlp_fc1_bias), kwargs = {})
    %gelu_44 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_178,), kwargs = {})
    %linear_179 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_44, %h_44_mlp_fc2_weight, %h_44_mlp_fc2_bias), kwargs = {})
    %add_90 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_89, %linear_179), kwargs = {})
    %layer_norm_90 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_90, [16], %h_45_ln1_weight, %h_45_ln1_bias), kwargs = {})
    %linear_180 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_90, %h_45_attn_qkv_weight, %h_45_attn_qkv_bias), kwargs = {})
    %split_45 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_180, 16, 2), kwargs = {})
    %getitem_135 : [num_users=1] = call_function[target=operator.getitem](args = (%split_45, 0), kwargs = {})
    %getitem_136 : [num_users=1] = call_function[target=operator.getitem](args = (%split_45, 1), kwargs = {})
    %getitem_137 : [num_users=1] = call_function[target=operator.getitem](args = (%split_45, 2), kwargs = {})
    %view_135 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_135, [2, 8, 2, 8]), kwargs = {})
    %transpose_225 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_135, 1, 2), kwargs = {})
    %view_136 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_136, [2, 8, 2, 8]), kwargs = {})
    %transpose_226 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_136, 1, 2), kwargs = {})
    %view_137 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_137, [2, 8, 2, 8]), kwargs = {})
    %transpose_227 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_137, 1, 2), kwargs = {})
    %transpose_228 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_226, -2, -1), kwargs = {})
    %matmul_90 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_225, %transpose_228), kwargs = {})
    %mul_45 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_90, 0.35355339059327373), kwargs = {})
    %softmax_45 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_45, -1), kwargs = {})
    %matmul_91 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_45, %transpose_227), kwargs = {})
    %transpose_229 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_91, 1, 2), kwargs = {})
    %reshape_45 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_229, [2, 8, 16]), kwargs = {})
    %linear_181 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_45, %h_45_attn_proj_weight, %h_45_attn_proj_bias), kwargs = {})
    %add_91 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_90, %linear_181), kwargs = {})
    %layer_norm_91 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_91, [16], %h_45_ln2_weight, %h_45_ln2_bias), kwargs = {})
    %linear_182 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_91, %h_45_mlp_fc1_weight, %h_45_mlp_fc1_bias), kwargs = {})
    %gelu_45 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_182,), kwargs = {})
    %linear_183 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_45, %h_45_mlp_fc2_weight, %h_45_mlp_fc2_bias), kwargs = {})
    %add_92 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_91, %linear_183), kwargs = {})
    %layer_norm_92 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_92, [16], %h_46_ln1_weight, %h_46_ln1_bias), kwargs = {})
    %linear_184 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_92, %h_46_attn_qkv_weight, %h_46_attn_qkv_bias), kwargs = {})
    %split_46 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_184, 16, 2), kwargs = {})
    %getitem_138 : [num_users=1] = call_function[target=operator.getitem](args = (%split_46, 0), kwargs = {})
    %getitem_139 : [num_users=1] = call_function[target=operator.getitem](args = (%split_46, 1), kwargs = {})
    %getitem_140 : [num_users=1] = call_function[target=operator.getitem](args = (%split_46, 2), kwargs = {})
    %view_138 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_138, [2, 8, 2, 8]), kwargs = {})
    %transpose_230 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_138, 1, 2), kwargs = {})
    %view_139 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_139, [2, 8, 2, 8]), kwargs = {})
    %transpose_231 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_139, 1, 2), kwargs = {})
    %view_140 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_140, [2, 8, 2, 8]), kwargs = {})
    %transpose_232 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_140, 1, 2), kwargs = {})
    %transpose_233 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_231, -2, -1), kwargs = {})
    %matmul_92 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_230, %transpose_233), kwargs = {})
    %mul_46 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_92, 0.35355339059327373), kwargs = {})
    %softmax_46 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_46, -1), kwargs = {})
    %matmul_93 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_46, %transpose_232), kwargs = {})
    %transpose_234 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_93, 1, 2), kwargs = {})
    %reshape_46 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_234, [2, 8, 16]), kwargs = {})
    %linear_185 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_46, %h_46_attn_proj_weight, %h_46_attn_proj_bias), kwargs = {})
    %add_93 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_92, %linear_185), kwargs = {})
    %layer_norm_93 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_93, [16], %h_46_ln2_weight, %h_46_ln2_bias), kwargs = {})
    %linear_186 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_93, %h_46_mlp_fc1_weight, %h_46_mlp_fc1_bias), kwargs = {})
    %gelu_46 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_186,), kwargs = {})
    %linear_187 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_46, %h_46_mlp_fc2_weight, %h_46_mlp_fc2_bias), kwargs = {})
    %add_94 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_93, %linear_187), kwargs = {})
    %layer_norm_94 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_94, [16], %h_47_ln1_weight, %h_47_ln1_bias), kwargs = {})
    %linear_188 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_94, %h_47_attn_qkv_weight, %h_47_attn_qkv_bias), kwargs = {})
    %split_47 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_188, 16, 2), kwargs = {})
    %getitem_141 : [num_users=1] = call_function[target=operator.getitem](args = (%split_47, 0), kwargs = {})
    %getitem_142 : [num_users=1] = call_function[target=operator.getitem](args = (%split_47, 1), kwargs = {})
    %getitem_143 : [num_users=1] = call_function[target=operator.getitem](args = (%split_47, 2), kwargs = {})
    %view_141 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_141, [2, 8, 2, 8]), kwargs = {})
    %transpose_235 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_141, 1, 2), kwargs = {})
    %view_142 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_142, [2, 8, 2, 8]), kwargs = {})
    %transpose_236 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_142, 1, 2), kwargs = {})
    %view_143 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_143, [2, 8, 2, 8]), kwargs = {})
    %transpose_237 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_143, 1, 2), kwargs = {})
    %transpose_238 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_236, -2, -1), kwargs = {})
    %matmul_94 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_235, %transpose_238), kwargs = {})
    %mul_47 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_94, 0.35355339059327373), kwargs = {})
    %softmax_47 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_47, -1), kwargs = {})
    %matmul_95 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_47, %transpose_237), kwargs = {})
    %transpose_239 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_95, 1, 2), kwargs = {})
    %reshape_47 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_239, [2, 8, 16]), kwargs = {})
    %linear_189 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_47, %h_47_attn_proj_weight, %h_47_attn_proj_bias), kwargs = {})
    %add_95 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_94, %linear_189), kwargs = {})
    %layer_norm_95 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_95, [16], %h_47_ln2_weight, %h_47_ln2_bias), kwargs = {})
    %linear_190 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_95, %h_47_mlp_fc1_weight, %h_47_mlp_fc1_bias), kwargs = {})
    %gelu_47 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_190,), kwargs = {})
    %linear_191 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_47, %h_47_mlp_fc2_weight, %h_47_mlp_fc2_bias), kwargs = {})
    %add_96 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_95, %linear_191), kwargs = {})
    %layer_norm_96 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_96, [16], %h_48_ln1_weight, %h_48_ln1_bias), kwargs = {})
    %linear_192 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_96, %h_48_attn_qkv_weight, %h_48_attn_qkv_bias), kwargs = {})
    %split_48 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_192, 16, 2), kwargs = {})
    %getitem_144 : [num_users=1] = call_function[target=operator.getitem](args = (%split_48, 0), kwargs = {})
    %getitem_145 : [num_users=1] = call_function[target=operator.getitem](args = (%split_48, 1), kwargs = {})
    %getitem_146 : [num_users=1] = call_function[target=operator.getitem](args = (%split_48, 2), kwargs = {})
    %view_144 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_144, [2, 8, 2, 8]), kwargs = {})
    %transpose_240 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_144, 1, 2), kwargs = {})
    %view_145 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_145, [2, 8, 2, 8]), kwargs = {})
    %transpose_241 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_145, 1, 2), kwargs = {})
    %view_146 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_146, [2, 8, 2, 8]), kwargs = {})
    %transpose_242 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_146, 1, 2), kwargs = {})
    %transpose_243 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_241, -2, -1), kwargs = {})
    %matmul_96 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_240, %transpose_243), kwargs = {})
    %mul_48 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_96, 0.35355339059327373), kwargs = {})
    %softmax_48 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_48, -1), kwargs = {})
    %matmul_97 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_48, %transpose_242), kwargs = {})
    %transpose_244 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_97, 1, 2), kwargs = {})
    %reshape_48 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_244, [2, 8, 16]), kwargs = {})
    %linear_193 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_48, %h_48_attn_proj_weight, %h_48_attn_proj_bias), kwargs = {})
    %add_97 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_96, %linear_193), kwargs = {})
    %layer_norm_97 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_97, [16], %h_48_ln2_weight, %h_48_ln2_bias), kwargs = {})
    %linear_194 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_97, %h_48_mlp_fc1_weight, %h_48_mlp_fc1_bias), kwargs = {})
    %gelu_48 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_194,), kwargs = {})
    %linear_195 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_48, %h_48_mlp_fc2_weight, %h_48_mlp_fc2_bias), kwargs = {})
    %add_98 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_97, %linear_195), kwargs = {})
    %layer_norm_98 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_98, [16], %h_49_ln1_weight, %h_49_ln1_bias), kwargs = {})
    %linear_196 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_98, %h_49_attn_qkv_weight, %h_49_attn_qkv_bias), kwargs = {})
    %split_49 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_196, 16, 2), kwargs = {})
    %getitem_147 : [num_users=1] = call_function[target=operator.getitem](args = (%split_49, 0), kwargs = {})
    %getitem_148 : [num_users=1] = call_function[target=operator.getitem](args = (%split_49, 1), kwargs = {})
    %getitem_149 : [num_users=1] = call_function[target=operator.getitem](args = (%split_49, 2), kwargs = {})
    %view_147 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_147, [2, 8, 2, 8]), kwargs = {})
    %transpose_245 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_147, 1, 2), kwargs = {})
    %view_148 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_148, [2, 8, 2, 8]), kwargs = {})
    %transpose_246 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_148, 1, 2), kwargs = {})
    %view_149 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_149, [2, 8, 2, 8]), kwargs = {})
    %transpose_247 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_149, 1, 2), kwargs = {})
    %transpose_248 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_246, -2, -1), kwargs = {})
    %matmul_98 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_245, %transpose_248), kwargs = {})
    %mul_49 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_98, 0.35355339059327373), kwargs = {})
    %softmax_49 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_49, -1), kwargs = {})
    %matmul_99 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_49, %transpose_247), kwargs = {})
    %transpose_249 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_99, 1, 2), kwargs = {})
    %reshape_49 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_249, [2, 8, 16]), kwargs = {})
    %linear_197 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_49, %h_49_attn_proj_weight, %h_49_attn_proj_bias), kwargs = {})
    %add_99 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_98, %linear_197), kwargs = {})
    %layer_norm_99 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_99, [16], %h_49_ln2_weight, %h_49_ln2_bias), kwargs = {})
    %linear_198 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_99, %h_49_mlp_fc1_weight, %h_49_mlp_fc1_bias), kwargs = {})
    %gelu_49 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_198,), kwargs = {})
    %linear_199 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_49, %h_49_mlp_fc2_weight, %h_49_mlp_fc2_bias), kwargs = {})
    %add_100 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_99, %linear_199), kwargs = {})
    %layer_norm_100 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_100, [16], %h_50_ln1_weight, %h_50_ln1_bias), kwargs = {})
    %linear_200 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_100, %h_50_attn_qkv_weight, %h_50_attn_qkv_bias), kwargs = {})
    %split_50 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_200, 16, 2), kwargs = {})
    %getitem_150 : [num_users=1] = call_function[target=operator.getitem](args = (%split_50, 0), kwargs = {})
    %getitem_151 : [num_users=1] = call_function[target=operator.getitem](args = (%split_50, 1), kwargs = {})
    %getitem_152 : [num_users=1] = call_function[target=operator.getitem](args = (%split_50, 2), kwargs = {})
    %view_150 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_150, [2, 8, 2, 8]), kwargs = {})
    %transpose_250 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_150, 1, 2), kwargs = {})
    %view_151 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_151, [2, 8, 2, 8]), kwargs = {})
    %transpose_251 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_151, 1, 2), kwargs = {})
    %view_152 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_152, [2, 8, 2, 8]), kwargs = {})
    %transpose_252 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_152, 1, 2), kwargs = {})
    %transpose_253 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_251, -2, -1), kwargs = {})
    %matmul_100 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_250, %transpose_253), kwargs = {})
    %mul_50 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_100, 0.35355339059327373), kwargs = {})
    %softmax_50 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_50, -1), kwargs = {})
    %matmul_101 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_50, %transpose_252), kwargs = {})
    %transpose_254 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_101, 1, 2), kwargs = {})
    %reshape_50 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_254, [2, 8, 16]), kwargs = {})
    %linear_201 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_50, %h_50_attn_proj_weight, %h_50_attn_proj_bias), kwargs = {})
    %add_101 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_100, %linear_201), kwargs = {})
    %layer_norm_101 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_101, [16], %h_50_ln2_weight, %h_50_ln2_bias), kwargs = {})
    %linear_202 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_101, %h_50_mlp_fc1_weight, %h_50_mlp_fc1_bias), kwargs = {})
    %gelu_50 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_202,), kwargs = {})
    %linear_203 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_50, %h_50_mlp_fc2_weight, %h_50_mlp_fc2_bias), kwargs = {})
    %add_102 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_101, %linear_203), kwargs = {})
    %layer_norm_102 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_102, [16], %h_51_ln1_weight, %h_51_ln1_bias), kwargs = {})
    %linear_204 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_102, %h_51_attn_qkv_weight, %h_51_attn_qkv_bias), kwargs = {})
    %split_51 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_204, 16, 2), kwargs = {})
    %getitem_153 : [num_users=1] = call_function[target=operator.getitem](args = (%split_51, 0), kwargs = {})
    %getitem_154 : [num_users=1] = call_function[target=operator.getitem](args = (%split_51, 1), kwargs = {})
    %getitem_155 : [num_users=1] = call_function[target=operator.getitem](args = (%split_51, 2), kwargs = {})
    %view_153 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_153, [2, 8, 2, 8]), kwargs = {})
    %transpose_255 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_153, 1, 2), kwargs = {})
    %view_154 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_154, [2, 8, 2, 8]), kwargs = {})
    %transpose_256 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_154, 1, 2), kwargs = {})
    %view_155 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_155, [2, 8, 2, 8]), kwargs = {})
    %transpose_257 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_155, 1, 2), kwargs = {})
    %transpose_258 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_256, -2, -1), kwargs = {})
    %matmul_102 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_255, %transpose_258), kwargs = {})
    %mul_51 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_102, 0.35355339059327373), kwargs = {})
    %softmax_51 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_51, -1), kwargs = {})
    %matmul_103 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_51, %transpose_257), kwargs = {})
    %transpose_259 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_103, 1, 2), kwargs = {})
    %reshape_51 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_259, [2, 8, 16]), kwargs = {})
    %linear_205 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_51, %h_51_attn_proj_weight, %h_51_attn_proj_bias), kwargs = {})
    %add_103 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_102, %linear_205), kwargs = {})
    %layer_norm_103 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_103, [16], %h_51_ln2_weight, %h_51_ln2_bias), kwargs = {})
    %linear_206 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_103, %h_51_mlp_fc1_weight, %h_51_mlp_fc1_bias), kwargs = {})
    %gelu_51 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_206,), kwargs = {})
    %linear_207 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_51, %h_51_mlp_fc2_weight, %h_51_mlp_fc2_bias), kwargs = {})
    %add_104 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_103, %linear_207), kwargs = {})
    %layer_norm_104 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_104, [16], %h_52_ln1_weight, %h_52_ln1_bias), kwargs = {})
    %linear_208 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_104, %h_52_attn_qkv_weight, %h_52_attn_qkv_bias), kwargs = {})
    %split_52 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_208, 16, 2), kwargs = {})
    %getitem_156 : [num_users=1] = call_function[target=operator.getitem](args = (%split_52, 0), kwargs = {})
    %getitem_157 : [num_users=1] = call_function[target=operator.getitem](args = (%split_52, 1), kwargs = {})
    %getitem_158 : [num_users=1] = call_function[target=operator.getitem](args = (%split_52, 2), kwargs = {})
    %view_156 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_156, [2, 8, 2, 8]), kwargs = {})
    %transpose_260 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_156, 1, 2), kwargs = {})
    %view_157 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_157, [2, 8, 2, 8]), kwargs = {})
    %transpose_261 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_157, 1, 2), kwargs = {})
    %view_158 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_158, [2, 8, 2, 8]), kwargs = {})
    %transpose_262 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_158, 1, 2), kwargs = {})
    %transpose_263 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_261, -2, -1), kwargs = {})
    %matmul_104 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_260, %transpose_263), kwargs = {})
    %mul_52 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_104, 0.35355339059327373), kwargs = {})
    %softmax_52 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_52, -1), kwargs = {})
    %matmul_105 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_52, %transpose_262), kwargs = {})
    %transpose_264 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_105, 1, 2), kwargs = {})
    %reshape_52 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_264, [2, 8, 16]), kwargs = {})
    %linear_209 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_52, %h_52_attn_proj_weight, %h_52_attn_proj_bias), kwargs = {})
    %add_105 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_104, %linear_209), kwargs = {})
    %layer_norm_105 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_105, [16], %h_52_ln2_weight, %h_52_ln2_bias), kwargs = {})
    %linear_210 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_105, %h_52_mlp_fc1_weight, %h_52_mlp_fc1_bias), kwargs = {})
    %gelu_52 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_210,), kwargs = {})
    %linear_211 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_52, %h_52_mlp_fc2_weight, %h_52_mlp_fc2_bias), kwargs = {})
    %add_106 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_105, %linear_211), kwargs = {})
    %layer_norm_106 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_106, [16], %h_53_ln1_weight, %h_53_ln1_bias), kwargs = {})
    %linear_212 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_106, %h_53_attn_qkv_weight, %h_53_attn_qkv_bias), kwargs = {})
    %split_53 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_212, 16, 2), kwargs = {})
    %getitem_159 : [num_users=1] = call_function[target=operator.getitem](args = (%split_53, 0), kwargs = {})
    %getitem_160 : [num_users=1] = call_function[target=operator.getitem](args = (%split_53, 1), kwargs = {})
    %getitem_161 : [num_users=1] = call_function[target=operator.getitem](args = (%split_53, 2), kwargs = {})
    %view_159 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_159, [2, 8, 2, 8]), kwargs = {})
    %transpose_265 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_159, 1, 2), kwargs = {})
    %view_160 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_160, [2, 8, 2, 8]), kwargs = {})
    %transpose_266 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_160, 1, 2), kwargs = {})
    %view_161 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_161, [2, 8, 2, 8]), kwargs = {})
    %transpose_267 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_161, 1, 2), kwargs = {})
    %transpose_268 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_266, -2, -1), kwargs = {})
    %matmul_106 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_265, %transpose_268), kwargs = {})
    %mul_53 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_106, 0.35355339059327373), kwargs = {})
    %softmax_53 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_53, -1), kwargs = {})
    %matmul_107 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_53, %transpose_267), kwargs = {})
    %transpose_269 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_107, 1, 2), kwargs = {})
    %reshape_53 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_269, [2, 8, 16]), kwargs = {})
    %linear_213 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_53, %h_53_attn_proj_weight, %h_53_attn_proj_bias), kwargs = {})
    %add_107 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_106, %linear_213), kwargs = {})
    %layer_norm_107 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_107, [16], %h_53_ln2_weight, %h_53_ln2_bias), kwargs = {})
    %linear_214 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_107, %h_53_mlp_fc1_weight, %h_53_mlp_fc1_bias), kwargs = {})
    %gelu_53 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_214,), kwargs = {})
    %linear_215 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_53, %h_53_mlp_fc2_weight, %h_53_mlp_fc2_bias), kwargs = {})
    %add_108 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_107, %linear_215), kwargs = {})
    %layer_norm_108 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_108, [16], %h_54_ln1_weight, %h_54_ln1_bias), kwargs = {})
    %linear_216 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_108, %h_54_attn_qkv_weight, %h_54_attn_qkv_bias), kwargs = {})
    %split_54 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_216, 16, 2), kwargs = {})
    %getitem_162 : [num_users=1] = call_function[target=operator.getitem](args = (%split_54, 0), kwargs = {})
    %getitem_163 : [num_users=1] = call_function[target=operator.getitem](args = (%split_54, 1), kwargs = {})
    %getitem_164 : [num_users=1] = call_function[target=operator.getitem](args = (%split_54, 2), kwargs = {})
    %view_162 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_162, [2, 8, 2, 8]), kwargs = {})
    %transpose_270 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_162, 1, 2), kwargs = {})
    %view_163 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_163, [2, 8, 2, 8]), kwargs = {})
    %transpose_271 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_163, 1, 2), kwargs = {})
    %view_164 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_164, [2, 8, 2, 8]), kwargs = {})
    %transpose_272 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_164, 1, 2), kwargs = {})
    %transpose_273 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_271, -2, -1), kwargs = {})
    %matmul_108 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_270, %transpose_273), kwargs = {})
    %mul_54 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_108, 0.35355339059327373), kwargs = {})
    %softmax_54 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_54, -1), kwargs = {})
    %matmul_109 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_54, %transpose_272), kwargs = {})
    %transpose_274 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_109, 1, 2), kwargs = {})
    %reshape_54 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_274, [2, 8, 16]), kwargs = {})
    %linear_217 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_54, %h_54_attn_proj_weight, %h_54_attn_proj_bias), kwargs = {})
    %add_109 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_108, %linear_217), kwargs = {})
    %layer_norm_109 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_109, [16], %h_54_ln2_weight, %h_54_ln2_bias), kwargs = {})
    %linear_218 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_109, %h_54_mlp_fc1_weight, %h_54_mlp_fc1_bias), kwargs = {})
    %gelu_54 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_218,), kwargs = {})
    %linear_219 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_54, %h_54_mlp_fc2_weight, %h_54_mlp_fc2_bias), kwargs = {})
    %add_110 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_109, %linear_219), kwargs = {})
    %layer_norm_110 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_110, [16], %h_55_ln1_weight, %h_55_ln1_bias), kwargs = {})
    %linear_220 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_110, %h_55_attn_qkv_weight, %h_55_attn_qkv_bias), kwargs = {})
    %split_55 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_220, 16, 2), kwargs = {})
    %getitem_165 : [num_users=1] = call_function[target=operator.getitem](args = (%split_55, 0), kwargs = {})
    %getitem_166 : [num_users=1] = call_function[target=operator.getitem](args = (%split_55, 1), kwargs = {})
    %getitem_167 : [num_users=1] = call_function[target=operator.getitem](args = (%split_55, 2), kwargs = {})
    %view_165 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_165, [2, 8, 2, 8]), kwargs = {})
    %transpose_275 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_165, 1, 2), kwargs = {})
    %view_166 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_166, [2, 8, 2, 8]), kwargs = {})
    %transpose_276 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_166, 1, 2), kwargs = {})
    %view_167 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_167, [2, 8, 2, 8]), kwargs = {})
    %transpose_277 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_167, 1, 2), kwargs = {})
    %transpose_278 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_276, -2, -1), kwargs = {})
    %matmul_110 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_275, %transpose_278), kwargs = {})
    %mul_55 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_110, 0.35355339059327373), kwargs = {})
    %softmax_55 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_55, -1), kwargs = {})
    %matmul_111 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_55, %transpose_277), kwargs = {})
    %transpose_279 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_111, 1, 2), kwargs = {})
    %reshape_55 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_279, [2, 8, 16]), kwargs = {})
    %linear_221 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_55, %h_55_attn_proj_weight, %h_55_attn_proj_bias), kwargs = {})
    %add_111 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_110, %linear_221), kwargs = {})
    %layer_norm_111 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_111, [16], %h_55_ln2_weight, %h_55_ln2_bias), kwargs = {})
    %linear_222 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_111, %h_55_mlp_fc1_weight, %h_55_mlp_fc1_bias), kwargs = {})
    %gelu_55 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_222,), kwargs = {})
    %linear_223 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_55, %h_55_mlp_fc2_weight, %h_55_mlp_fc2_bias), kwargs = {})
    %add_112 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_111, %linear_223), kwargs = {})
    %layer_norm_112 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_112, [16], %h_56_ln1_weight, %h_56_ln1_bias), kwargs = {})
    %linear_224 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_112, %h_56_attn_qkv_weight, %h_56_attn_qkv_bias), kwargs = {})
    %split_56 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_224, 16, 2), kwargs = {})
    %getitem_168 : [num_users=1] = call_function[target=operator.getitem](args = (%split_56, 0), kwargs = {})
    %getitem_169 : [num_users=1] = call_function[target=operator.getitem](args = (%split_56, 1), kwargs = {})
    %getitem_170 : [num_users=1] = call_function[target=operator.getitem](args = (%split_56, 2), kwargs = {})
    %view_168 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_168, [2, 8, 2, 8]), kwargs = {})
    %transpose_280 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_168, 1, 2), kwargs = {})
    %view_169 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_169, [2, 8, 2, 8]), kwargs = {})
    %transpose_281 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_169, 1, 2), kwargs = {})
    %view_170 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_170, [2, 8, 2, 8]), kwargs = {})
    %transpose_282 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_170, 1, 2), kwargs = {})
    %transpose_283 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_281, -2, -1), kwargs = {})
    %matmul_112 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_280, %transpose_283), kwargs = {})
    %mul_56 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_112, 0.35355339059327373), kwargs = {})
    %softmax_56 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_56, -1), kwargs = {})
    %matmul_113 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_56, %transpose_282), kwargs = {})
    %transpose_284 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_113, 1, 2), kwargs = {})
    %reshape_56 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_284, [2, 8, 16]), kwargs = {})
    %linear_225 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_56, %h_56_attn_proj_weight, %h_56_attn_proj_bias), kwargs = {})
    %add_113 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_112, %linear_225), kwargs = {})
    %layer_norm_113 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_113, [16], %h_56_ln2_weight, %h_56_ln2_bias), kwargs = {})
    %linear_226 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_113, %h_56_mlp_fc1_weight, %h_56_mlp_fc1_bias), kwargs = {})
    %gelu_56 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_226,), kwargs = {})
    %linear_227 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_56, %h_56_mlp_fc2_weight, %h_56_mlp_fc2_bias), kwargs = {})
    %add_114 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_113, %linear_227), kwargs = {})
    %layer_norm_114 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_114, [16], %h_57_ln1_weight, %h_57_ln1_bias), kwargs = {})
    %linear_228 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_114, %h_57_attn_qkv_weight, %h_57_attn_qkv_bias), kwargs = {})
    %split_57 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_228, 16, 2), kwargs = {})
    %getitem_171 : [num_users=1] = call_function[target=operator.getitem](args = (%split_57, 0), kwargs = {})
    %getitem_172 : [num_users=1] = call_function[target=operator.getitem](args = (%split_57, 1), kwargs = {})
    %getitem_173 : [num_users=1] = call_function[target=operator.getitem](args = (%split_57, 2), kwargs = {})
    %view_171 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_171, [2, 8, 2, 8]), kwargs = {})
    %transpose_285 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_171, 1, 2), kwargs = {})
    %view_172 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_172, [2, 8, 2, 8]), kwargs = {})
    %transpose_286 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_172, 1, 2), kwargs = {})
    %view_173 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_173, [2, 8, 2, 8]), kwargs = {})
    %transpose_287 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_173, 1, 2), kwargs = {})
    %transpose_288 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_286, -2, -1), kwargs = {})
    %matmul_114 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_285, %transpose_288), kwargs = {})
    %mul_57 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_114, 0.35355339059327373), kwargs = {})
    %softmax_57 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_57, -1), kwargs = {})
    %matmul_115 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_57, %transpose_287), kwargs = {})
    %transpose_289 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_115, 1, 2), kwargs = {})
    %reshape_57 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_289, [2, 8, 16]), kwargs = {})
    %linear_229 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_57, %h_57_attn_proj_weight, %h_57_attn_proj_bias), kwargs = {})
    %add_115 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_114, %linear_229), kwargs = {})
    %layer_norm_115 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_115, [16], %h_57_ln2_weight, %h_57_ln2_bias), kwargs = {})
    %linear_230 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_115, %h_57_mlp_fc1_weight, %h_57_mlp_fc1_bias), kwargs = {})
    %gelu_57 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_230,), kwargs = {})
    %linear_231 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_57, %h_57_mlp_fc2_weight, %h_57_mlp_fc2_bias), kwargs = {})
    %add_116 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_115, %linear_231), kwargs = {})
    %layer_norm_116 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_116, [16], %h_58_ln1_weight, %h_58_ln1_bias), kwargs = {})
    %linear_232 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_116, %h_58_attn_qkv_weight, %h_58_attn_qkv_bias), kwargs = {})
    %split_58 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_232, 16, 2), kwargs = {})
    %getitem_174 : [num_users=1] = call_function[target=operator.getitem](args = (%split_58, 0), kwargs = {})
    %getitem_175 : [num_users=1] = call_function[target=operator.getitem](args = (%split_58, 1), kwargs = {})
    %getitem_176 : [num_users=1] = call_function[target=operator.getitem](args = (%split_58, 2), kwargs = {})
    %view_174 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_174, [2, 8, 2, 8]), kwargs = {})
    %transpose_290 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_174, 1, 2), kwargs = {})
    %view_175 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_175, [2, 8, 2, 8]), kwargs = {})
    %transpose_291 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_175, 1, 2), kwargs = {})
    %view_176 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_176, [2, 8, 2, 8]), kwargs = {})
    %transpose_292 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_176, 1, 2), kwargs = {})
    %transpose_293 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_291, -2, -1), kwargs = {})
    %matmul_116 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_290, %transpose_293), kwargs = {})
    %mul_58 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_116, 0.35355339059327373), kwargs = {})
    %softmax_58 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_58, -1), kwargs = {})
    %matmul_117 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_58, %transpose_292), kwargs = {})
    %transpose_294 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_117, 1, 2), kwargs = {})
    %reshape_58 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_294, [2, 8, 16]), kwargs = {})
    %linear_233 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_58, %h_58_attn_proj_weight, %h_58_attn_proj_bias), kwargs = {})
    %add_117 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_116, %linear_233), kwargs = {})
    %layer_norm_117 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_117, [16], %h_58_ln2_weight, %h_58_ln2_bias), kwargs = {})
    %linear_234 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_117, %h_58_mlp_fc1_weight, %h_58_mlp_fc1_bias), kwargs = {})
    %gelu_58 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_234,), kwargs = {})
    %linear_235 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_58, %h_58_mlp_fc2_weight, %h_58_mlp_fc2_bias), kwargs = {})
    %add_118 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_117, %linear_235), kwargs = {})
    %layer_norm_118 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_118, [16], %h_59_ln1_weight, %h_59_ln1_bias), kwargs = {})
    %linear_236 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_118, %h_59_attn_qkv_weight, %h_59_attn_qkv_bias), kwargs = {})
    %split_59 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_236, 16, 2), kwargs = {})
    %getitem_177 : [num_users=1] = call_function[target=operator.getitem](args = (%split_59, 0), kwargs = {})
    %getitem_178 : [num_users=1] = call_function[target=operator.getitem](args = (%split_59, 1), kwargs = {})
    %getitem_179 : [num_users=1] = call_function[target=operator.getitem](args = (%split_59, 2), kwargs = {})
    %view_177 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_177, [2, 8, 2, 8]), kwargs = {})
    %transpose_295 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_177, 1, 2), kwargs = {})
    %view_178 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_178, [2, 8, 2, 8]), kwargs = {})
    %transpose_296 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_178, 1, 2), kwargs = {})
    %view_179 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_179, [2, 8, 2, 8]), kwargs = {})
    %transpose_297 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_179, 1, 2), kwargs = {})
    %transpose_298 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_296, -2, -1), kwargs = {})
    %matmul_118 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_295, %transpose_298), kwargs = {})
    %mul_59 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_118, 0.35355339059327373), kwargs = {})
    %softmax_59 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_59, -1), kwargs = {})
    %matmul_119 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_59, %transpose_297), kwargs = {})
    %transpose_299 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_119, 1, 2), kwargs = {})
    %reshape_59 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_299, [2, 8, 16]), kwargs = {})
    %linear_237 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_59, %h_59_attn_proj_weight, %h_59_attn_proj_bias), kwargs = {})
    %add_119 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_118, %linear_237), kwargs = {})
    %layer_norm_119 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_119, [16], %h_59_ln2_weight, %h_59_ln2_bias), kwargs = {})
    %linear_238 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_119, %h_59_mlp_fc1_weight, %h_59_mlp_fc1_bias), kwargs = {})
    %gelu_59 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_238,), kwargs = {})
    %linear_239 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_59, %h_59_mlp_fc2_weight, %h_59_mlp_fc2_bias), kwargs = {})
    %add_120 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_119, %linear_239), kwargs = {})
    %layer_norm_120 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_120, [16], %h_60_ln1_weight, %h_60_ln1_bias), kwargs = {})
    %linear_240 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_120, %h_60_attn_qkv_weight, %h_60_attn_qkv_bias), kwargs = {})
    %split_60 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_240, 16, 2), kwargs = {})
    %getitem_180 : [num_users=1] = call_function[target=operator.getitem](args = (%split_60, 0), kwargs = {})
    %getitem_181 : [num_users=1] = call_function[target=operator.getitem](args = (%split_60, 1), kwargs = {})
    %getitem_182 : [num_users=1] = call_function[target=operator.getitem](args = (%split_60, 2), kwargs = {})
    %view_180 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_180, [2, 8, 2, 8]), kwargs = {})
    %transpose_300 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_180, 1, 2), kwargs = {})
    %view_181 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_181, [2, 8, 2, 8]), kwargs = {})
    %transpose_301 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_181, 1, 2), kwargs = {})
    %view_182 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_182, [2, 8, 2, 8]), kwargs = {})
    %transpose_302 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_182, 1, 2), kwargs = {})
    %transpose_303 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_301, -2, -1), kwargs = {})
    %matmul_120 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_300, %transpose_303), kwargs = {})
    %mul_60 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_120, 0.35355339059327373), kwargs = {})
    %softmax_60 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_60, -1), kwargs = {})
    %matmul_121 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_60, %transpose_302), kwargs = {})
    %transpose_304 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_121, 1, 2), kwargs = {})
    %reshape_60 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_304, [2, 8, 16]), kwargs = {})
    %linear_241 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_60, %h_60_attn_proj_weight, %h_60_attn_proj_bias), kwargs = {})
    %add_121 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_120, %linear_241), kwargs = {})
    %layer_norm_121 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_121, [16], %h_60_ln2_weight, %h_60_ln2_bias), kwargs = {})
    %linear_242 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_121, %h_60_mlp_fc1_weight, %h_60_mlp_fc1_bias), kwargs = {})
    %gelu_60 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_242,), kwargs = {})
    %linear_243 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_60, %h_60_mlp_fc2_weight, %h_60_mlp_fc2_bias), kwargs = {})
    %add_122 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_121, %linear_243), kwargs = {})
    %layer_norm_122 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_122, [16], %h_61_ln1_weight, %h_61_ln1_bias), kwargs = {})
    %linear_244 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_122, %h_61_attn_qkv_weight, %h_61_attn_qkv_bias), kwargs = {})
    %split_61 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_244, 16, 2), kwargs = {})
    %getitem_183 : [num_users=1] = call_function[target=operator.getitem](args = (%split_61, 0), kwargs = {})
    %getitem_184 : [num_users=1] = call_function[target=operator.getitem](args = (%split_61, 1), kwargs = {})
    %getitem_185 : [num_users=1] = call_function[target=operator.getitem](args = (%split_61, 2), kwargs = {})
    %view_183 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_183, [2, 8, 2, 8]), kwargs = {})
    %transpose_305 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_183, 1, 2), kwargs = {})
    %view_184 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_184, [2, 8, 2, 8]), kwargs = {})
    %transpose_306 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_184, 1, 2), kwargs = {})
    %view_185 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_185, [2, 8, 2, 8]), kwargs = {})
    %transpose_307 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_185, 1, 2), kwargs = {})
    %transpose_308 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_306, -2, -1), kwargs = {})
    %matmul_122 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_305, %transpose_308), kwargs = {})
    %mul_61 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_122, 0.35355339059327373), kwargs = {})
    %softmax_61 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_61, -1), kwargs = {})
    %matmul_123 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_61, %transpose_307), kwargs = {})
    %transpose_309 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_123, 1, 2), kwargs = {})
    %reshape_61 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_309, [2, 8, 16]), kwargs = {})
    %linear_245 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_61, %h_61_attn_proj_weight, %h_61_attn_proj_bias), kwargs = {})
    %add_123 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_122, %linear_245), kwargs = {})
    %layer_norm_123 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_123, [16], %h_61_ln2_weight, %h_61_ln2_bias), kwargs = {})
    %linear_246 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_123, %h_61_mlp_fc1_weight, %h_61_mlp_fc1_bias), kwargs = {})
    %gelu_61 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_246,), kwargs = {})
    %linear_247 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_61, %h_61_mlp_fc2_weight, %h_61_mlp_fc2_bias), kwargs = {})
    %add_124 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_123, %linear_247), kwargs = {})
    %layer_norm_124 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_124, [16], %h_62_ln1_weight, %h_62_ln1_bias), kwargs = {})
    %linear_248 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_124, %h_62_attn_qkv_weight, %h_62_attn_qkv_bias), kwargs = {})
    %split_62 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_248, 16, 2), kwargs = {})
    %getitem_186 : [num_users=1] = call_function[target=operator.getitem](args = (%split_62, 0), kwargs = {})
    %getitem_187 : [num_users=1] = call_function[target=operator.getitem](args = (%split_62, 1), kwargs = {})
    %getitem_188 : [num_users=1] = call_function[target=operator.getitem](args = (%split_62, 2), kwargs = {})
    %view_186 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_186, [2, 8, 2, 8]), kwargs = {})
    %transpose_310 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_186, 1, 2), kwargs = {})
    %view_187 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_187, [2, 8, 2, 8]), kwargs = {})
    %transpose_311 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_187, 1, 2), kwargs = {})
    %view_188 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_188, [2, 8, 2, 8]), kwargs = {})
    %transpose_312 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_188, 1, 2), kwargs = {})
    %transpose_313 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_311, -2, -1), kwargs = {})
    %matmul_124 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_310, %transpose_313), kwargs = {})
    %mul_62 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_124, 0.35355339059327373), kwargs = {})
    %softmax_62 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_62, -1), kwargs = {})
    %matmul_125 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_62, %transpose_312), kwargs = {})
    %transpose_314 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_125, 1, 2), kwargs = {})
    %reshape_62 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_314, [2, 8, 16]), kwargs = {})
    %linear_249 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_62, %h_62_attn_proj_weight, %h_62_attn_proj_bias), kwargs = {})
    %add_125 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_124, %linear_249), kwargs = {})
    %layer_norm_125 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_125, [16], %h_62_ln2_weight, %h_62_ln2_bias), kwargs = {})
    %linear_250 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_125, %h_62_mlp_fc1_weight, %h_62_mlp_fc1_bias), kwargs = {})
    %gelu_62 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_250,), kwargs = {})
    %linear_251 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_62, %h_62_mlp_fc2_weight, %h_62_mlp_fc2_bias), kwargs = {})
    %add_126 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_125, %linear_251), kwargs = {})
    %layer_norm_126 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_126, [16], %h_63_ln1_weight, %h_63_ln1_bias), kwargs = {})
    %linear_252 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_126, %h_63_attn_qkv_weight, %h_63_attn_qkv_bias), kwargs = {})
    %split_63 : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%linear_252, 16, 2), kwargs = {})
    %getitem_189 : [num_users=1] = call_function[target=operator.getitem](args = (%split_63, 0), kwargs = {})
    %getitem_190 : [num_users=1] = call_function[target=operator.getitem](args = (%split_63, 1), kwargs = {})
    %getitem_191 : [num_users=1] = call_function[target=operator.getitem](args = (%split_63, 2), kwargs = {})
    %view_189 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_189, [2, 8, 2, 8]), kwargs = {})
    %transpose_315 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_189, 1, 2), kwargs = {})
    %view_190 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_190, [2, 8, 2, 8]), kwargs = {})
    %transpose_316 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_190, 1, 2), kwargs = {})
    %view_191 : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_191, [2, 8, 2, 8]), kwargs = {})
    %transpose_317 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_191, 1, 2), kwargs = {})
    %transpose_318 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%transpose_316, -2, -1), kwargs = {})
    %matmul_126 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%transpose_315, %transpose_318), kwargs = {})
    %mul_63 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%matmul_126, 0.35355339059327373), kwargs = {})
    %softmax_63 : [num_users=1] = call_function[target=torch.ops.aten.softmax.int](args = (%mul_63, -1), kwargs = {})
    %matmul_127 : [num_users=1] = call_function[target=torch.ops.aten.matmul.default](args = (%softmax_63, %transpose_317), kwargs = {})
    %transpose_319 : [num_users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%matmul_127, 1, 2), kwargs = {})
    %reshape_63 : [num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%transpose_319, [2, 8, 16]), kwargs = {})
    %linear_253 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%reshape_63, %h_63_attn_proj_weight, %h_63_attn_proj_bias), kwargs = {})
    %add_127 : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_126, %linear_253), kwargs = {})
    %layer_norm_127 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_127, [16], %h_63_ln2_weight, %h_63_ln2_bias), kwargs = {})
    %linear_254 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_127, %h_63_mlp_fc1_weight, %h_63_mlp_fc1_bias), kwargs = {})
    %gelu_63 : [num_users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%linear_254,), kwargs = {})
    %linear_255 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%gelu_63, %h_63_mlp_fc2_weight, %h_63_mlp_fc2_bias), kwargs = {})
    %add_128 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_127, %linear_255), kwargs = {})
    %layer_norm_128 : [num_users=1] = call_function[target=torch.ops.aten.layer_norm.default](args = (%add_128, [16], %ln_f_weight, %ln_f_bias), kwargs = {})
    %linear_256 : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%layer_norm_128, %lm_head_weight), kwargs = {})
    return (linear_256,)
