graph():
    %x : [num_users=2] = placeholder[target=x]
    %w : [num_users=2] = placeholder[target=w]
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%w, 0), kwargs = {})
    %_enter_autocast : [num_users=1] = call_function[target=torch.amp.autocast_mode._enter_autocast](args = (cpu, torch.bfloat16, True, None), kwargs = {})
    %mm : [num_users=1] = call_function[target=torch.mm](args = (%x, %getitem), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%mm,), kwargs = {})
    %_exit_autocast : [num_users=0] = call_function[target=torch.amp.autocast_mode._exit_autocast](args = (%_enter_autocast,), kwargs = {})
    %float_1 : [num_users=1] = call_method[target=float](args = (%relu,), kwargs = {})
    %sum_1 : [num_users=1] = call_method[target=sum](args = (%float_1,), kwargs = {dim: 0})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%w, 1), kwargs = {})
    %_enter_autocast_1 : [num_users=1] = call_function[target=torch.amp.autocast_mode._enter_autocast](args = (cpu, torch.bfloat16, True, None), kwargs = {})
    %mm_1 : [num_users=1] = call_function[target=torch.mm](args = (%x, %getitem_1), kwargs = {})
    %relu_1 : [num_users=1] = call_function[target=torch.relu](args = (%mm_1,), kwargs = {})
    %_exit_autocast_1 : [num_users=0] = call_function[target=torch.amp.autocast_mode._exit_autocast](args = (%_enter_autocast_1,), kwargs = {})
    %float_2 : [num_users=1] = call_method[target=float](args = (%relu_1,), kwargs = {})
    %sum_2 : [num_users=1] = call_method[target=sum](args = (%float_2,), kwargs = {dim: 0})
    %add : [num_users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    return add
