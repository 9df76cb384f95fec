graph():
    %x : [#users=6] = placeholder[target=x]
    %y : [#users=2] = placeholder[target=y]
    %a : [#users=1] = placeholder[target=a]
    %b : [#users=1] = placeholder[target=b]
    %mse_loss : [#users=1] = call_function[target=torch.nn.functional.mse_loss](args = (%x, %y), kwargs = {size_average: None, reduce: None, reduction: mean})
    %l1_loss : [#users=1] = call_function[target=torch.nn.functional.l1_loss](args = (%x, %y), kwargs = {size_average: None, reduce: None, reduction: sum})
    %einsum : [#users=1] = call_function[target=torch.functional.einsum](args = (bij,bjk->bik, %a, %b), kwargs = {})
    %gelu : [#users=1] = call_function[target=torch._C._nn.gelu](args = (%x,), kwargs = {approximate: tanh})
    %pad : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%x, (1, 1)), kwargs = {mode: constant, value: 0.0})
    %fx_tag : [#users=1] = call_function[target=__main__.fx_tag](args = (%x, hello world), kwargs = {})
    %fx_tag_1 : [#users=1] = call_function[target=__main__.fx_tag](args = (%fx_tag, a, (b) = [c]), kwargs = {})
    %fx_tag_2 : [#users=1] = call_function[target=__main__.fx_tag](args = (%fx_tag_1, ), kwargs = {})
    %fx_tag_3 : [#users=1] = call_function[target=__main__.fx_tag](args = (%fx_tag_2, it's %x), kwargs = {})
    %fx_tag_4 : [#users=1] = call_function[target=__main__.fx_tag](args = (%fx_tag_3, None), kwargs = {})
    %fx_tag_5 : [#users=1] = call_function[target=__main__.fx_tag](args = (%fx_tag_4, key: value}), kwargs = {})
    %dim : [#users=1] = call_method[target=dim](args = (%x,), kwargs = {})
    %eq : [#users=1] = call_function[target=operator.eq](args = (%dim, 3), kwargs = {})
    %_assert : [#users=0] = call_function[target=torch._assert](args = (%eq, expected a 3-D input, got something else), kwargs = {})
    return (mse_loss, l1_loss, einsum, gelu, pad, fx_tag_5, 'result', 'two words')
