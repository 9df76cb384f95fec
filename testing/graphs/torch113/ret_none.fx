graph():
    %x : [#users=1] = placeholder[target=x]
    %add_ : [#users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
    return None
