graph():
    %x : [#users=1] = placeholder[target=x]
    %s : [#users=1] = placeholder[target=s](default=a b, c)
    %t : [#users=1] = placeholder[target=t](default=(1, 'two', None))
    %f : [#users=1] = placeholder[target=f](default=nan)
    %add : [#users=2] = call_function[target=operator.add](args = (%x, %f), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%add, -1), kwargs = {})
    return (Point(x=add, y=view), slice(None, add, 2), [s, t], {'k': 'v w'}, 'quote"s', "it's")
