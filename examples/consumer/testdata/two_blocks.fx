graph():
    %x : [num_users=1] = placeholder[target=x]
    %w : [num_users=2] = placeholder[target=w]
    %matmul : [num_users=1] = call_function[target=torch.matmul](args = (%x, %w), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%matmul,), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%relu, 2), kwargs = {})
    %matmul_1 : [num_users=1] = call_function[target=torch.matmul](args = (%mul, %w), kwargs = {})
    %relu_1 : [num_users=1] = call_function[target=torch.relu](args = (%matmul_1,), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=operator.mul](args = (%relu_1, 2), kwargs = {})
    return mul_1
