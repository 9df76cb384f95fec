graph():
    %x : [num_users=1] = placeholder[target=x]
    %_args : [num_users=1] = placeholder[target=*args]
    %_kwargs : [num_users=1] = placeholder[target=**kwargs]
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%_args, 0), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%x, %getitem), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%_kwargs, k), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%add, %getitem_1), kwargs = {})
    return add_1
