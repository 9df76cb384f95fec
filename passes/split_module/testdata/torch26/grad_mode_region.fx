graph():
    %x : [num_users=1] = placeholder[target=x]
    %_set_grad_enabled : [num_users=0] = call_function[target=torch._C._set_grad_enabled](args = (False,), kwargs = {})
    %sin : [num_users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %cos : [num_users=1] = call_function[target=torch.cos](args = (%sin,), kwargs = {})
    %_set_grad_enabled_1 : [num_users=0] = call_function[target=torch._C._set_grad_enabled](args = (True,), kwargs = {})
    %neg : [num_users=1] = call_function[target=torch.neg](args = (%cos,), kwargs = {})
    return neg
