graph():
    %x : [num_users=2] = placeholder[target=x]
    %subgraph_0 : [num_users=1] = get_attr[target=subgraph_0]
    %invoke_subgraph : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_0, subgraph_0, %x), kwargs = {})
    %subgraph_1 : [num_users=1] = get_attr[target=subgraph_1]
    %invoke_subgraph_1 : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_1, subgraph_1, %x), kwargs = {})
    %blocks_0 : [num_users=1] = call_module[target=blocks.0](args = (%invoke_subgraph,), kwargs = {})
    return (blocks_0, invoke_subgraph_1)

graph subgraph_0():
    %a : [num_users=1] = placeholder[target=a]
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%a,), kwargs = {})
    return (relu,)

graph subgraph_1():
    %a : [num_users=1] = placeholder[target=a]
    %inner : [num_users=1] = call_module[target=inner](args = (%a,), kwargs = {})
    return (inner,)

graph subgraph_1.inner():
    %b : [num_users=1] = placeholder[target=b]
    %neg : [num_users=1] = call_function[target=torch.neg](args = (%b,), kwargs = {})
    return neg

graph blocks.0():
    %c : [num_users=1] = placeholder[target=c]
    return c
