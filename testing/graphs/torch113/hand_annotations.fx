graph():
    %x : torch.Tensor [#users=1] = placeholder[target=x]
    %n : int [#users=1] = placeholder[target=n]
    %o : typing.Optional[torch.Tensor] [#users=0] = placeholder[target=o]
    %l : typing.List[int] [#users=0] = placeholder[target=l]
    %g : list [#users=0] = placeholder[target=g]
    %t : typing.Tuple[int, ...] [#users=0] = placeholder[target=t]
    %u : __main__.Foo [#users=0] = placeholder[target=u]
    %s : str [#users=0] = placeholder[target=s](default=abc)
    %f : float [#users=1] = placeholder[target=f](default=1.5)
    %d : 'torch.Tensor' [#users=0] = placeholder[target=d](default=None)
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %n), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %f), kwargs = {})
    return add
