graph():
    %l_self_modules_fc1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_fc1_parameters_weight_]
    %l_self_modules_fc1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_fc1_parameters_bias_]
    %l_x_ : torch.Tensor [num_users=1] = placeholder[target=L_x_]
    %l_self_modules_fc2_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_fc2_parameters_weight_]
    %l_self_modules_fc2_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_fc2_parameters_bias_]
    %linear : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%l_x_, %l_self_modules_fc1_parameters_weight_, %l_self_modules_fc1_parameters_bias_), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.nn.functional.relu](args = (%linear,), kwargs = {})
    %linear_1 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%relu, %l_self_modules_fc2_parameters_weight_, %l_self_modules_fc2_parameters_bias_), kwargs = {})
    return (linear_1,)
