graph():
    %x0 : [#users=2] = placeholder[target=x0]
    %x1 : [#users=2] = placeholder[target=x1]
    %x2 : [#users=2] = placeholder[target=x2]
    %y0 : [#users=2] = placeholder[target=y0]
    %y1 : [#users=2] = placeholder[target=y1]
    %y2 : [#users=2] = placeholder[target=y2]
    %add : [#users=1] = call_function[target=operator.add](args = (%x0, %y0), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, %y0), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%add_1, %x0), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%x1, %y1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %y1), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_4, %x1), kwargs = {})
    %add_6 : [#users=1] = call_function[target=operator.add](args = (%x2, %y2), kwargs = {})
    %add_7 : [#users=1] = call_function[target=operator.add](args = (%add_6, %y2), kwargs = {})
    %add_8 : [#users=1] = call_function[target=operator.add](args = (%add_7, %x2), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add_2,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add_5,), kwargs = {})
    %add_9 : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%add_8,), kwargs = {})
    %add_10 : [#users=1] = call_function[target=operator.add](args = (%add_9, %sum_3), kwargs = {})
    return add_10
