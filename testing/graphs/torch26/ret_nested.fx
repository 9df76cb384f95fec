graph():
    %x : [num_users=3] = placeholder[target=x]
    %add : [num_users=2] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %mul : [num_users=2] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%x, slice(1, 2, None)), kwargs = {})
    %point : [num_users=1] = call_function[target=__main__.Point](args = (%add, %mul), kwargs = {})
    return (add, [mul, {'k': (add,), 's': 'tag', 'f': 1.5, 'n': None}], (), point, getitem)
