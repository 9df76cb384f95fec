graph():
    %x : [#users=1] = placeholder[target=x]
    %flag_1 : [#users=1] = placeholder[target=flag_1]
    %eq : [#users=1] = call_function[target=operator.eq](args = (%flag_1, True), kwargs = {})
    %_assert : [#users=0] = call_function[target=torch._assert](args = (%eq, flag has been specialized to have value True but got another value), kwargs = {})
    %n_1 : [#users=1] = placeholder[target=n_1]
    %_assert_is_none : [#users=0] = call_function[target=torch.fx._symbolic_trace._assert_is_none](args = (%n_1, n has been specialized to have value None but got another value), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, None), kwargs = {})
    return add
