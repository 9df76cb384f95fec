graph():
    %x : torch.Tensor [num_users=1] = placeholder[target=x]
    %n : int [num_users=1] = placeholder[target=n]
    %o : typing.Optional[torch.Tensor] [num_users=0] = placeholder[target=o]
    %l : typing.List[int] [num_users=0] = placeholder[target=l]
    %g : list [num_users=0] = placeholder[target=g]
    %t : typing.Tuple[int, ...] [num_users=0] = placeholder[target=t]
    %u : __main__.Foo [num_users=0] = placeholder[target=u]
    %s : str [num_users=0] = placeholder[target=s](default=abc)
    %f : float [num_users=1] = placeholder[target=f](default=1.5)
    %d : 'torch.Tensor' [num_users=0] = placeholder[target=d](default=None)
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%x, %n), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%mul, %f), kwargs = {})
    return add
