graph():
    %x : [num_users=1] = placeholder[target=x]
    %subgraph_1 : [num_users=1] = get_attr[target=subgraph_1]
    %invoke_subgraph : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_1, subgraph_1, %x), kwargs = {})
    return (invoke_subgraph,)

graph subgraph_0():
    %a : [num_users=1] = placeholder[target=a]
    return (a,)
