graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=1] = get_attr[target=w]
    %conv2d : [#users=1] = call_function[target=torch.conv2d](args = (%x, %w, None), kwargs = {stride: 1, padding: 1})
    %batch_norm : [#users=1] = call_function[target=torch.nn.functional.batch_norm](args = (%conv2d, None, None), kwargs = {weight: None, bias: None, training: True, momentum: 0.1, eps: 1e-05})
    %relu : [#users=1] = call_function[target=torch.nn.functional.relu](args = (%batch_norm,), kwargs = {inplace: True})
    %max_pool2d : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%relu, 2), kwargs = {stride: 2, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %interpolate : [#users=1] = call_function[target=torch.nn.functional.interpolate](args = (%max_pool2d,), kwargs = {size: None, scale_factor: 2.0, mode: nearest, align_corners: None, recompute_scale_factor: None, antialias: False})
    %adaptive_avg_pool2d : [#users=1] = call_function[target=torch.nn.functional.adaptive_avg_pool2d](args = (%interpolate, (1, 1)), kwargs = {})
    %flatten : [#users=1] = call_function[target=torch.flatten](args = (%adaptive_avg_pool2d, 1), kwargs = {})
    %fw : [#users=1] = get_attr[target=fw]
    %linear : [#users=6] = call_function[target=torch._C._nn.linear](args = (%flatten, %fw), kwargs = {})
    %softmax : [#users=1] = call_function[target=torch.nn.functional.softmax](args = (%linear,), kwargs = {dim: -1, _stacklevel: 3, dtype: None})
    %log_softmax : [#users=1] = call_function[target=torch.nn.functional.log_softmax](args = (%linear,), kwargs = {dim: 1, _stacklevel: 3, dtype: None})
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %cross_entropy : [#users=1] = call_function[target=torch.nn.functional.cross_entropy](args = (%linear, %_tensor_constant0), kwargs = {weight: None, size_average: None, ignore_index: -100, reduce: None, reduction: mean, label_smoothing: 0.1})
    %silu : [#users=1] = call_function[target=torch.nn.functional.silu](args = (%linear,), kwargs = {inplace: False})
    %hardswish : [#users=1] = call_function[target=torch.nn.functional.hardswish](args = (%linear,), kwargs = {inplace: False})
    %normalize : [#users=1] = call_function[target=torch.nn.functional.normalize](args = (%linear,), kwargs = {p: 2.0, dim: 1, eps: 1e-12, out: None})
    return (softmax, log_softmax, cross_entropy, silu, hardswish, normalize)
