graph():
    %x : [num_users=2] = placeholder[target=x]
    %reshape : [num_users=1] = call_method[target=reshape](args = (%x, -1), kwargs = {})
    %add_ : [num_users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
    %sum_1 : [num_users=1] = call_method[target=sum](args = (%reshape,), kwargs = {})
    return sum_1
