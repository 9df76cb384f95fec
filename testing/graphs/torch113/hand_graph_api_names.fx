graph():
    %x_5 : [#users=1] = placeholder[target=x_5]
    %x : [#users=1] = placeholder[target=x]
    %x_1 : [#users=2] = placeholder[target=x]
    %my_node_out : [#users=1] = call_function[target=operator.add](args = (%x_1, 1), kwargs = {})
    %_3d : [#users=1] = call_function[target=operator.add](args = (%my_node_out, 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%_3d, 1), kwargs = {})
    %class_1 : [#users=1] = call_function[target=operator.add](args = (%add_1, 1), kwargs = {})
    %print_1 : [#users=1] = call_function[target=operator.add](args = (%class_1, 1), kwargs = {})
    %torch_1 : [#users=1] = call_function[target=operator.add](args = (%print_1, 1), kwargs = {})
    %inf_1 : [#users=1] = call_function[target=operator.add](args = (%torch_1, 1), kwargs = {})
    %device_1 : [#users=1] = call_function[target=operator.add](args = (%inf_1, 1), kwargs = {})
    %NoneType_1 : [#users=1] = call_function[target=operator.add](args = (%device_1, 1), kwargs = {})
    %a_b : [#users=1] = call_function[target=operator.add](args = (%NoneType_1, 1), kwargs = {})
    %caf_ : [#users=1] = call_function[target=operator.add](args = (%a_b, 1), kwargs = {})
    %x_0 : [#users=1] = call_function[target=operator.add](args = (%caf_, 1), kwargs = {})
    %x_2 : [#users=1] = call_function[target=operator.add](args = (%x_0, 1), kwargs = {})
    %add : [#users=1] = call_method[target=__add__](args = (%x_2, %x_5), kwargs = {})
    %my_method : [#users=1] = call_method[target=MyMethod](args = (%add,), kwargs = {})
    %httpserver : [#users=0] = call_method[target=HTTPServer](args = (%my_method,), kwargs = {})
    %layer_0_weight_matrix : [#users=1] = get_attr[target=layer.0.weightMatrix]
    %encoder_block_3 : [#users=1] = call_module[target=Encoder.Block_3](args = (%x,), kwargs = {})
    %point : [#users=1] = call_function[target=__main__.Point](args = (%layer_0_weight_matrix, %encoder_block_3), kwargs = {})
    return (point, x_1)
