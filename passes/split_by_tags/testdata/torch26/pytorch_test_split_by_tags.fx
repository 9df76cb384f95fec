graph():
    %x1 : torch.Tensor [num_users=1] = placeholder[target=x1]
    %x2 : torch.Tensor [num_users=1] = placeholder[target=x2]
    %x3 : torch.Tensor [num_users=1] = placeholder[target=x3]
    %linear1 : [num_users=1] = call_module[target=linear1](args = (%x1,), kwargs = {})
    %linear2 : [num_users=1] = call_module[target=linear2](args = (%x2,), kwargs = {})
    %linear3 : [num_users=1] = call_module[target=linear3](args = (%x3,), kwargs = {})
    %cat : [num_users=1] = call_function[target=torch.cat](args = ([%linear1, %linear2, %linear3],), kwargs = {})
    %linear4 : [num_users=1] = call_module[target=linear4](args = (%cat,), kwargs = {})
    return linear4
