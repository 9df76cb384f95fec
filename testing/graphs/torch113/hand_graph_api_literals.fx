graph():
    %x : [#users=1] = placeholder[target=x]
    %s : [#users=1] = placeholder[target=s](default=a b, c)
    %t : [#users=1] = placeholder[target=t](default=(1, 'two', None))
    %f : [#users=1] = placeholder[target=f](default=nan)
    %add : [#users=2] = call_function[target=operator.add](args = (%x, %f), kwargs = {})
    %view : [#users=2] = call_method[target=view](args = (%add, -1), kwargs = {})
    %fx_config : [#users=1] = call_function[target=__main__.fx_config](args = (%view, tensor([1.0000, 2.5000]), slice('a', view, None), Ellipsis), kwargs = {a b: 1, d: {(1, 2): 3, None: cpu}})
    return (Point(x=add, y=view), slice(None, add, 2), [s, t], {'k': 'v w'}, 'quote"s', "it's", fx_config, device(type='cpu'), torch.float16, torch.channels_last, torch.strided, Ellipsis, 1e-05, -inf, (1,), ())
