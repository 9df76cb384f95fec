graph():
    %x_5 : [num_users=1] = placeholder[target=x_5]
    %x : [num_users=1] = placeholder[target=x]
    %x_6 : [num_users=2] = placeholder[target=x]
    %my_node_out : [num_users=1] = call_function[target=operator.add](args = (%x_6, 1), kwargs = {})
    %_3d : [num_users=1] = call_function[target=operator.add](args = (%my_node_out, 1), kwargs = {})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%_3d, 1), kwargs = {})
    %class_1 : [num_users=1] = call_function[target=operator.add](args = (%add_1, 1), kwargs = {})
    %print_1 : [num_users=1] = call_function[target=operator.add](args = (%class_1, 1), kwargs = {})
    %torch_1 : [num_users=1] = call_function[target=operator.add](args = (%print_1, 1), kwargs = {})
    %inf_1 : [num_users=1] = call_function[target=operator.add](args = (%torch_1, 1), kwargs = {})
    %device_1 : [num_users=1] = call_function[target=operator.add](args = (%inf_1, 1), kwargs = {})
    %NoneType_1 : [num_users=1] = call_function[target=operator.add](args = (%device_1, 1), kwargs = {})
    %a_b : [num_users=1] = call_function[target=operator.add](args = (%NoneType_1, 1), kwargs = {})
    %caf_ : [num_users=1] = call_function[target=operator.add](args = (%a_b, 1), kwargs = {})
    %x_0 : [num_users=1] = call_function[target=operator.add](args = (%caf_, 1), kwargs = {})
    %x_7 : [num_users=1] = call_function[target=operator.add](args = (%x_0, 1), kwargs = {})
    %_unnamed : [num_users=1] = call_function[target=operator.add](args = (%x_7, 1), kwargs = {})
    %add : [num_users=1] = call_method[target=__add__](args = (%_unnamed, %x_5), kwargs = {})
    %my_method : [num_users=1] = call_method[target=MyMethod](args = (%add,), kwargs = {})
    %httpserver : [num_users=0] = call_method[target=HTTPServer](args = (%my_method,), kwargs = {})
    %layer_0_weight_matrix : [num_users=1] = get_attr[target=layer.0.weightMatrix]
    %encoder_block_3 : [num_users=1] = call_module[target=Encoder.Block_3](args = (%x,), kwargs = {})
    %point : [num_users=1] = call_function[target=__main__.Point](args = (%layer_0_weight_matrix, %encoder_block_3), kwargs = {})
    return (point, x_6)
