graph():
    %s0 : torch.SymInt [num_users=2] = placeholder[target=s0]
    %s1 : torch.SymInt [num_users=1] = placeholder[target=s1]
    %s2 : torch.SymInt [num_users=0] = placeholder[target=s2]
    %l_x_ : torch.Tensor [num_users=1] = placeholder[target=L_x_]
    %view : [num_users=1] = call_method[target=view](args = (%l_x_, %s0, -1), kwargs = {})
    %sum_1 : [num_users=1] = call_method[target=sum](args = (%view, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%sum_1, %s0), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%mul, %s1), kwargs = {})
    return (add,)
