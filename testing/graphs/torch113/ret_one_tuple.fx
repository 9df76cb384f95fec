graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=1] = call_method[target=relu](args = (%x,), kwargs = {})
    return (relu,)
