graph():
    %x : [num_users=2] = placeholder[target=x]
    %w : [num_users=2] = placeholder[target=w]
    %sin : [num_users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %mm : [num_users=1] = call_function[target=torch.mm](args = (%sin, %w), kwargs = {})
    %_enter_autocast : [num_users=1] = call_function[target=torch.amp.autocast_mode._enter_autocast](args = (cpu, torch.bfloat16, True, None), kwargs = {})
    %sin_1 : [num_users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %mm_1 : [num_users=1] = call_function[target=torch.mm](args = (%sin_1, %w), kwargs = {})
    %_exit_autocast : [num_users=0] = call_function[target=torch.amp.autocast_mode._exit_autocast](args = (%_enter_autocast,), kwargs = {})
    %float_1 : [num_users=1] = call_method[target=float](args = (%mm_1,), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%mm, %float_1), kwargs = {})
    return add
