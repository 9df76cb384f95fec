graph():
    %x_1 : [num_users=2] = placeholder[target=x_1]
    %y_1 : [num_users=3] = placeholder[target=y_1]
    %add : [num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%x_1, %y_1), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add, 2), kwargs = {})
    %relu : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%mul,), kwargs = {})
    %copy : [num_users=1] = call_function[target=torch.ops.aten.copy.default](args = (%y_1, %relu), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %relu), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%x_1, %add), kwargs = {})
    %copy__1 : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%y_1, %copy), kwargs = {})
    return add_1
