graph():
    %x : [#users=3] = placeholder[target=x]
    %y : [#users=3] = placeholder[target=y]
    %bounds : [#users=2] = placeholder[target=bounds]
    %getitem : [#users=3] = call_function[target=operator.getitem](args = (%bounds, 0), kwargs = {})
    %getitem_1 : [#users=3] = call_function[target=operator.getitem](args = (%bounds, 1), kwargs = {})
    %clamp : [#users=2] = call_function[target=torch.clamp](args = (%x,), kwargs = {min: %getitem, max: %getitem_1})
    %add : [#users=1] = call_function[target=torch.add](args = (%clamp, %y), kwargs = {alpha: 2})
    %sum_1 : [#users=1] = call_function[target=torch.sum](args = (%add,), kwargs = {dim: 1, keepdim: True})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%sum_1, %clamp), kwargs = {})
    %softmax : [#users=1] = call_function[target=torch.nn.functional.softmax](args = (%mul,), kwargs = {dim: -1, _stacklevel: 3, dtype: None})
    %clamp_1 : [#users=2] = call_function[target=torch.clamp](args = (%y,), kwargs = {min: %getitem, max: %getitem_1})
    %add_1 : [#users=1] = call_function[target=torch.add](args = (%clamp_1, %x), kwargs = {alpha: 2})
    %sum_2 : [#users=1] = call_function[target=torch.sum](args = (%add_1,), kwargs = {dim: 1, keepdim: True})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%sum_2, %clamp_1), kwargs = {})
    %softmax_1 : [#users=1] = call_function[target=torch.nn.functional.softmax](args = (%mul_1,), kwargs = {dim: -1, _stacklevel: 3, dtype: None})
    %clamp_2 : [#users=2] = call_function[target=torch.clamp](args = (%x,), kwargs = {max: %getitem_1, min: %getitem})
    %add_2 : [#users=1] = call_function[target=torch.add](args = (%clamp_2, %y), kwargs = {alpha: 2})
    %sum_3 : [#users=1] = call_function[target=torch.sum](args = (%add_2,), kwargs = {dim: 1, keepdim: True})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%sum_3, %clamp_2), kwargs = {})
    %softmax_2 : [#users=1] = call_function[target=torch.nn.functional.softmax](args = (%mul_2,), kwargs = {dim: -1, _stacklevel: 3, dtype: None})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%softmax, %softmax_1), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %softmax_2), kwargs = {})
    return add_4
