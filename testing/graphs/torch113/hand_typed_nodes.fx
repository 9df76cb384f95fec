graph():
    %x : torch.Tensor [#users=1] = placeholder[target=x]
    %n : int [#users=2] = placeholder[target=n](default=4)
    %relu : torch.Tensor [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %mul : torch.Tensor [#users=1] = call_method[target=mul](args = (%relu, %n), kwargs = {})
    %weight : torch.Tensor [#users=1] = get_attr[target=weight]
    %add : typing.Optional[torch.Tensor] [#users=1] = call_function[target=torch.add](args = (%mul, %weight), kwargs = {alpha: 2})
    %sub_lin : torch.Tensor [#users=1] = call_module[target=sub.lin](args = (%add,), kwargs = {})
    return (sub_lin, n)
