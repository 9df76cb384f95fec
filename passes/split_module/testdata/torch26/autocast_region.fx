graph():
    %x : [num_users=1] = placeholder[target=x]
    %_enter_autocast : [num_users=1] = call_function[target=torch.amp.autocast_mode._enter_autocast](args = (cpu, torch.bfloat16, True, None), kwargs = {})
    %sin : [num_users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %cos : [num_users=1] = call_function[target=torch.cos](args = (%sin,), kwargs = {})
    %_exit_autocast : [num_users=0] = call_function[target=torch.amp.autocast_mode._exit_autocast](args = (%_enter_autocast,), kwargs = {})
    %neg : [num_users=1] = call_function[target=torch.neg](args = (%cos,), kwargs = {})
    return neg
