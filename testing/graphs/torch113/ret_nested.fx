graph():
    %x : [#users=3] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %mul : [#users=2] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%x, slice(1, 2, None)), kwargs = {})
    %point : [#users=1] = call_function[target=__main__.Point](args = (%add, %mul), kwargs = {})
    return (add, [mul, {'k': (add,), 's': 'tag', 'f': 1.5, 'n': None}], (), point, getitem)
