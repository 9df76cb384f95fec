graph():
    %x : [#users=12] = placeholder[target=x]
    %idx : [#users=1] = placeholder[target=idx]
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%x, slice(1, 3, None)), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%x, (slice(None, None, None), None, slice(None, None, 2))), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%x, (Ellipsis, -1)), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%x, (slice(-2, None, None), 0)), kwargs = {})
    %getitem_4 : [#users=1] = call_function[target=operator.getitem](args = (%x, %idx), kwargs = {})
    %size : [#users=1] = call_method[target=size](args = (%x, 1), kwargs = {})
    %sub : [#users=1] = call_function[target=operator.sub](args = (%size, 1), kwargs = {})
    %getitem_5 : [#users=1] = call_function[target=operator.getitem](args = (%x, (slice(None, None, None), slice(None, sub, None))), kwargs = {})
    %getitem_6 : [#users=1] = call_function[target=operator.getitem](args = (%x, None), kwargs = {})
    %getitem_7 : [#users=1] = call_function[target=operator.getitem](args = (%x, (Ellipsis, None, slice(1, -1, 2))), kwargs = {})
    %getitem_8 : [#users=1] = call_function[target=operator.getitem](args = (%x, (0, 1)), kwargs = {})
    %getitem_9 : [#users=1] = call_function[target=operator.getitem](args = (%x, slice(None, None, None)), kwargs = {})
    %getitem_10 : [#users=1] = call_function[target=operator.getitem](args = (%x, (0,)), kwargs = {})
    return (getitem, getitem_1, getitem_2, getitem_3, getitem_4, getitem_5, getitem_6, getitem_7, getitem_8, getitem_9, getitem_10)
