graph():
    %x : [#users=2] = placeholder[target=x]
    %w1_0 : [#users=1] = placeholder[target=w1_0]
    %b1_0 : [#users=1] = placeholder[target=b1_0]
    %w2_0 : [#users=1] = placeholder[target=w2_0]
    %b2_0 : [#users=1] = placeholder[target=b2_0]
    %w1_1 : [#users=1] = placeholder[target=w1_1]
    %b1_1 : [#users=1] = placeholder[target=b1_1]
    %w2_1 : [#users=1] = placeholder[target=w2_1]
    %b2_1 : [#users=1] = placeholder[target=b2_1]
    %w1_2 : [#users=1] = placeholder[target=w1_2]
    %b1_2 : [#users=1] = placeholder[target=b1_2]
    %w2_2 : [#users=1] = placeholder[target=w2_2]
    %b2_2 : [#users=1] = placeholder[target=b2_2]
    %w1_3 : [#users=1] = placeholder[target=w1_3]
    %b1_3 : [#users=1] = placeholder[target=b1_3]
    %w2_3 : [#users=1] = placeholder[target=w2_3]
    %b2_3 : [#users=1] = placeholder[target=b2_3]
    %w1_4 : [#users=1] = placeholder[target=w1_4]
    %b1_4 : [#users=1] = placeholder[target=b1_4]
    %w2_4 : [#users=1] = placeholder[target=w2_4]
    %b2_4 : [#users=1] = placeholder[target=b2_4]
    %w1_5 : [#users=1] = placeholder[target=w1_5]
    %b1_5 : [#users=1] = placeholder[target=b1_5]
    %w2_5 : [#users=1] = placeholder[target=w2_5]
    %b2_5 : [#users=1] = placeholder[target=b2_5]
    %linear : [#users=1] = call_function[target=torch._C._nn.linear](args = (%x, %w1_0, %b1_0), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%linear,), kwargs = {})
    %linear_1 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu, %w2_0, %b2_0), kwargs = {})
    %add : [#users=2] = call_function[target=operator.add](args = (%x, %linear_1), kwargs = {})
    %linear_2 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add, %w1_1, %b1_1), kwargs = {})
    %relu_1 : [#users=1] = call_function[target=torch.relu](args = (%linear_2,), kwargs = {})
    %linear_3 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_1, %w2_1, %b2_1), kwargs = {})
    %add_1 : [#users=2] = call_function[target=operator.add](args = (%add, %linear_3), kwargs = {})
    %linear_4 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_1, %w1_2, %b1_2), kwargs = {})
    %relu_2 : [#users=1] = call_function[target=torch.relu](args = (%linear_4,), kwargs = {})
    %linear_5 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_2, %w2_2, %b2_2), kwargs = {})
    %add_2 : [#users=2] = call_function[target=operator.add](args = (%add_1, %linear_5), kwargs = {})
    %linear_6 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_2, %w1_3, %b1_3), kwargs = {})
    %relu_3 : [#users=1] = call_function[target=torch.relu](args = (%linear_6,), kwargs = {})
    %linear_7 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_3, %w2_3, %b2_3), kwargs = {})
    %add_3 : [#users=2] = call_function[target=operator.add](args = (%add_2, %linear_7), kwargs = {})
    %linear_8 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_3, %w1_4, %b1_4), kwargs = {})
    %relu_4 : [#users=1] = call_function[target=torch.relu](args = (%linear_8,), kwargs = {})
    %linear_9 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_4, %w2_4, %b2_4), kwargs = {})
    %add_4 : [#users=2] = call_function[target=operator.add](args = (%add_3, %linear_9), kwargs = {})
    %linear_10 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%add_4, %w1_5, %b1_5), kwargs = {})
    %relu_5 : [#users=1] = call_function[target=torch.relu](args = (%linear_10,), kwargs = {})
    %linear_11 : [#users=1] = call_function[target=torch._C._nn.linear](args = (%relu_5, %w2_5, %b2_5), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_4, %linear_11), kwargs = {})
    return add_5
