graph():
    %x : [#users=2] = placeholder[target=x]
    %sigmoid : [#users=1] = call_method[target=sigmoid](args = (%x,), kwargs = {})
    %tanh : [#users=1] = call_method[target=tanh](args = (%x,), kwargs = {})
    return {'out': sigmoid, 'aux': tanh, 'n': 3}
