graph():
    %x : [num_users=1] = placeholder[target=x]
    %s : [num_users=1] = placeholder[target=s](default=a b, c)
    %t : [num_users=1] = placeholder[target=t](default=(1, 'two', None))
    %f : [num_users=1] = placeholder[target=f](default=nan)
    %add : [num_users=2] = call_function[target=operator.add](args = (%x, %f), kwargs = {})
    %view : [num_users=1] = call_method[target=view](args = (%add, -1), kwargs = {})
    return (Point(x=add, y=view), slice(None, add, 2), [s, t], {'k': 'v w'}, 'quote"s', "it's")
