graph():
    %x : [#users=4] = placeholder[target=x]
    %y : [#users=4] = placeholder[target=y]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %x), kwargs = {})
    %conv2d : [#users=1] = call_function[target=torch.conv2d](args = (%add, %y, None, (1, 1), (0, 0), (1, 1), 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%x, %x), kwargs = {})
    %conv2d_1 : [#users=1] = call_function[target=torch.conv2d](args = (%add_1, %y, None, (1, 1), (0, 0), (1, 1), 1), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%x, %x), kwargs = {})
    %conv2d_2 : [#users=1] = call_function[target=torch.conv2d](args = (%add_2, %y, None, (1, 1), (0, 0), (1, 1), 1), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%x, %x), kwargs = {})
    %conv2d_3 : [#users=1] = call_function[target=torch.conv2d](args = (%add_3, %y, None, (2, 2), (0, 0), (1, 1), 1), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%conv2d,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%conv2d_1,), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%conv2d_2,), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_4, %sum_3), kwargs = {})
    %sum_4 : [#users=1] = call_method[target=sum](args = (%conv2d_3,), kwargs = {})
    %add_6 : [#users=1] = call_function[target=operator.add](args = (%add_5, %sum_4), kwargs = {})
    return add_6
