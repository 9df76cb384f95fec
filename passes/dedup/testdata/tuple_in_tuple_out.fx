graph():
    %x : [#users=4] = placeholder[target=x]
    %y : [#users=4] = placeholder[target=y]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %y), kwargs = {})
    %sub : [#users=1] = call_function[target=operator.sub](args = (%x, %y), kwargs = {})
    %relu : [#users=1] = call_method[target=relu](args = (%add,), kwargs = {})
    %abs_1 : [#users=1] = call_method[target=abs](args = (%sub,), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%y, %x), kwargs = {})
    %sub_1 : [#users=1] = call_function[target=operator.sub](args = (%y, %x), kwargs = {})
    %relu_1 : [#users=1] = call_method[target=relu](args = (%add_1,), kwargs = {})
    %abs_2 : [#users=1] = call_method[target=abs](args = (%sub_1,), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%relu, %abs_2), kwargs = {})
    %split : [#users=2] = call_function[target=torch.functional.split](args = (%add_2, 5), kwargs = {dim: 0})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    return (getitem, (abs_1, relu_1), split)
