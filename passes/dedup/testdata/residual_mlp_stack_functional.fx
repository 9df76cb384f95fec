graph():
    %x : [#users=2] = placeholder[target=x]
    %layers_0_w1 : [#users=1] = get_attr[target=layers.0.w1]
    %layers_0_b1 : [#users=1] = get_attr[target=layers.0.b1]
    %linear : [#users=1] = call_function[target=torch._C._nn.linear](args = (%x, %layers_0_w1, %layers_0_b1), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%linear,), kwargs = {})
    %layers_0_w2 : [#users=1] = get_attr[target=layers.0.w2]
    %layers_0_b2 : [#users=1] = get_attr[target=layers.0.b2]
    %linear_1 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu, %layers_0_w2, %layers_0_b2), kwargs = {})
    %add : [#users=2] = call_function[target=operator.add](args = (%x, %linear_1), kwargs = {})
    %layers_1_w1 : [#users=1] = get_attr[target=layers.1.w1]
    %layers_1_b1 : [#users=1] = get_attr[target=layers.1.b1]
    %linear_2 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add, %layers_1_w1, %layers_1_b1), kwargs = {})
    %relu_1 : [#users=1] = call_function[target=torch.relu](args = (%linear_2,), kwargs = {})
    %layers_1_w2 : [#users=1] = get_attr[target=layers.1.w2]
    %layers_1_b2 : [#users=1] = get_attr[target=layers.1.b2]
    %linear_3 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_1, %layers_1_w2, %layers_1_b2), kwargs = {})
    %add_1 : [#users=2] = call_function[target=operator.add](args = (%add, %linear_3), kwargs = {})
    %layers_2_w1 : [#users=1] = get_attr[target=layers.2.w1]
    %layers_2_b1 : [#users=1] = get_attr[target=layers.2.b1]
    %linear_4 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_1, %layers_2_w1, %layers_2_b1), kwargs = {})
    %relu_2 : [#users=1] = call_function[target=torch.relu](args = (%linear_4,), kwargs = {})
    %layers_2_w2 : [#users=1] = get_attr[target=layers.2.w2]
    %layers_2_b2 : [#users=1] = get_attr[target=layers.2.b2]
    %linear_5 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_2, %layers_2_w2, %layers_2_b2), kwargs = {})
    %add_2 : [#users=2] = call_function[target=operator.add](args = (%add_1, %linear_5), kwargs = {})
    %layers_3_w1 : [#users=1] = get_attr[target=layers.3.w1]
    %layers_3_b1 : [#users=1] = get_attr[target=layers.3.b1]
    %linear_6 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_2, %layers_3_w1, %layers_3_b1), kwargs = {})
    %relu_3 : [#users=1] = call_function[target=torch.relu](args = (%linear_6,), kwargs = {})
    %layers_3_w2 : [#users=1] = get_attr[target=layers.3.w2]
    %layers_3_b2 : [#users=1] = get_attr[target=layers.3.b2]
    %linear_7 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_3, %layers_3_w2, %layers_3_b2), kwargs = {})
    %add_3 : [#users=2] = call_function[target=operator.add](args = (%add_2, %linear_7), kwargs = {})
    %layers_4_w1 : [#users=1] = get_attr[target=layers.4.w1]
    %layers_4_b1 : [#users=1] = get_attr[target=layers.4.b1]
    %linear_8 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_3, %layers_4_w1, %layers_4_b1), kwargs = {})
    %relu_4 : [#users=1] = call_function[target=torch.relu](args = (%linear_8,), kwargs = {})
    %layers_4_w2 : [#users=1] = get_attr[target=layers.4.w2]
    %layers_4_b2 : [#users=1] = get_attr[target=layers.4.b2]
    %linear_9 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_4, %layers_4_w2, %layers_4_b2), kwargs = {})
    %add_4 : [#users=2] = call_function[target=operator.add](args = (%add_3, %linear_9), kwargs = {})
    %layers_5_w1 : [#users=1] = get_attr[target=layers.5.w1]
    %layers_5_b1 : [#users=1] = get_attr[target=layers.5.b1]
    %linear_10 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_4, %layers_5_w1, %layers_5_b1), kwargs = {})
    %relu_5 : [#users=1] = call_function[target=torch.relu](args = (%linear_10,), kwargs = {})
    %layers_5_w2 : [#users=1] = get_attr[target=layers.5.w2]
    %layers_5_b2 : [#users=1] = get_attr[target=layers.5.b2]
    %linear_11 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_5, %layers_5_w2, %layers_5_b2), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_4, %linear_11), kwargs = {})
    return add_5
