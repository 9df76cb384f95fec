graph():
    %x : [num_users=1] = placeholder[target=x]
    %_print : [num_users=0] = call_function[target=torch.ops.aten._print.default](args = (hello,), kwargs = {})
    %sin : [num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%x,), kwargs = {})
    %_print_1 : [num_users=0] = call_function[target=torch.ops.aten._print.default](args = (bye,), kwargs = {})
    return (sin,)
