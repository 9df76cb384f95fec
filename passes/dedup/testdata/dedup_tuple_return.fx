graph():
    %x0 : [#users=1] = placeholder[target=x0]
    %x1 : [#users=1] = placeholder[target=x1]
    %x2 : [#users=1] = placeholder[target=x2]
    %y0 : [#users=1] = placeholder[target=y0]
    %y1 : [#users=1] = placeholder[target=y1]
    %y2 : [#users=1] = placeholder[target=y2]
    %add : [#users=1] = call_function[target=operator.add](args = (%x0, %x0), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, 1), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%y0, %y0), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_2, 1), kwargs = {})
    %tuple_return : [#users=1] = call_function[target=__main__.tuple_return](args = (%add_1, %add_3), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%x1, %x1), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_4, 1), kwargs = {})
    %add_6 : [#users=1] = call_function[target=operator.add](args = (%y1, %y1), kwargs = {})
    %add_7 : [#users=1] = call_function[target=operator.add](args = (%add_6, 1), kwargs = {})
    %tuple_return_1 : [#users=1] = call_function[target=__main__.tuple_return](args = (%add_5, %add_7), kwargs = {})
    %add_8 : [#users=1] = call_function[target=operator.add](args = (%x2, %x2), kwargs = {})
    %add_9 : [#users=1] = call_function[target=operator.add](args = (%add_8, 1), kwargs = {})
    %add_10 : [#users=1] = call_function[target=operator.add](args = (%y2, %y2), kwargs = {})
    %add_11 : [#users=1] = call_function[target=operator.add](args = (%add_10, 1), kwargs = {})
    %tuple_return_2 : [#users=1] = call_function[target=__main__.tuple_return](args = (%add_9, %add_11), kwargs = {})
    return (tuple_return, tuple_return_1, tuple_return_2)
