graph():
    %x : [num_users=1] = placeholder[target=x]
    %o : [num_users=0] = output[target=output](args = (%x,), kwargs = {})
