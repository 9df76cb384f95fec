graph():
    %x : [#users=4] = placeholder[target=x]
    %y : [#users=2] = placeholder[target=y]
    %sin : [#users=2] = call_method[target=sin](args = (%x,), kwargs = {})
    %cos : [#users=1] = call_method[target=cos](args = (%y,), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%sin, 2), kwargs = {})
    %nested_combine : [#users=1] = call_function[target=__main__.nested_combine](args = ({a: [%sin, (%cos, [%mul])], b: (%cos,)},), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%nested_combine,), kwargs = {})
    %sin_1 : [#users=2] = call_method[target=sin](args = (%y,), kwargs = {})
    %cos_1 : [#users=1] = call_method[target=cos](args = (%x,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%sin_1, 2), kwargs = {})
    %nested_combine_1 : [#users=1] = call_function[target=__main__.nested_combine](args = ({a: [%sin_1, (%cos_1, [%mul_1])], b: (%cos_1,)},), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%nested_combine_1,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sum_1, %sum_2), kwargs = {})
    %sin_2 : [#users=2] = call_method[target=sin](args = (%x,), kwargs = {})
    %cos_2 : [#users=1] = call_method[target=cos](args = (%x,), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%sin_2, 2), kwargs = {})
    %nested_combine_2 : [#users=1] = call_function[target=__main__.nested_combine](args = ({a: [%sin_2, (%cos_2, [%mul_2])], b: (%cos_2,)},), kwargs = {})
    %sum_3 : [#users=1] = call_method[target=sum](args = (%nested_combine_2,), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, %sum_3), kwargs = {})
    return add_1
