graph():
    %x_1 : [num_users=1] = placeholder[target=x_1]
    %y_1 : [num_users=2] = placeholder[target=y_1]
    %add_ : [num_users=2] = call_function[target=torch.ops.aten.add_.Tensor](args = (%x_1, %y_1), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_, 2), kwargs = {})
    %relu_ : [num_users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%mul,), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%y_1, %relu_), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_, %relu_), kwargs = {})
    return add
