graph():
    %x : [num_users=1] = placeholder[target=x]
    %subgraph_0 : [num_users=1] = get_attr[target=subgraph_0]
    %invoke : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%subgraph_0, %x), kwargs = {})
    return invoke
