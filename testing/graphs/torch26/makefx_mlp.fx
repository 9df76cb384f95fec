graph():
    %x_1 : [num_users=1] = placeholder[target=x_1]
    %_param_constant0 : [num_users=1] = get_attr[target=_param_constant0]
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant0,), kwargs = {})
    %_param_constant1 : [num_users=1] = get_attr[target=_param_constant1]
    %addmm : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant1, %x_1, %t), kwargs = {})
    %relu : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%addmm,), kwargs = {})
    %detach : [num_users=0] = call_function[target=torch.ops.aten.detach.default](args = (%relu,), kwargs = {})
    %_param_constant2 : [num_users=1] = get_attr[target=_param_constant2]
    %t_1 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant2,), kwargs = {})
    %_param_constant3 : [num_users=1] = get_attr[target=_param_constant3]
    %addmm_1 : [num_users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant3, %relu, %t_1), kwargs = {})
    return addmm_1
