graph():
    %arg1_1 : [num_users=1] = placeholder[target=arg1_1]
    %_make_token_default : [num_users=1] = call_function[target=torch.ops.prims._make_token.default](args = (), kwargs = {})
    %with_effects : [num_users=1] = call_function[target=torch.ops.higher_order.with_effects](args = (%_make_token_default, aten._print.default, hello), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%with_effects, 0), kwargs = {})
    %sin : [num_users=1] = call_function[target=torch.ops.aten.sin.default](args = (%arg1_1,), kwargs = {})
    %with_effects_1 : [num_users=1] = call_function[target=torch.ops.higher_order.with_effects](args = (%getitem, aten._print.default, bye), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%with_effects_1, 0), kwargs = {})
    %_sink_tokens_default : [num_users=0] = call_function[target=torch.ops.prims._sink_tokens.default](args = ([%getitem_2],), kwargs = {})
    return [sin]
