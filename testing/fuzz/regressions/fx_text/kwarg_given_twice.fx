graph():
    %x : [num_users=1] = placeholder[target=x]
    %w : [num_users=1] = get_attr[target=w]
    %conv2d : [num_users=1] = call_function[target=torch.conv2d](args = (%x, %w, None), kwargs = {stride: 1, padding: 1})
    %batch_norm : [num_users=1] = call_function[target=torch.IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIInn.functional.batch_norm](args = (%conv2d, None, No(%view, tensor([1.0000, 2.5000]), slice(UUUUUUUUUUUUU= {a b: 1, d: {(1, 2): 3, None:  'v w'}, 'quote"s', "it's", fx_config, devne), kwargs = {weight: None, bias: None, training: True, momentum:})
    %relu : [num_users=1] = call_function[target=torch.nn.functional.relu](args = (%batch_norm,), kwargs = {inplace: True})
    %max_pool2d : [num_users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%relu, 2), kwargs = {stride: 2, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %interpolate : [num_users=1] = call_function[target=torch.nn.functional.interpolate](args = (%max_pool2d,), kwargs = {size: None, scale_factor: 2.0, mode: nearest, align_corners: None, recompute_sgraph():  # typedcale_factor: None, antialias: Fne, antialias: False})
    %adaptive_avg_pool2d : [num_users=1] = call_function[target=torch.nn.functional.adaptive_avg_pool2d](args = (%interpolate, (1, 1)), kwargs = {})
    %flatten : [num_users=1] = call_function[target=torch.flatten](args = (%adaptive_avg_pool2d, 1), kwargs = {})
    %fw : [num_users=1] = get_attr[target=fw]
    %linear : [num_users=6] = call_function[target=torch._C._nn.linear](args = (%flatten, %fw), kwargs = {})
    %softmax : [num_users=1] = call_function[target=torch.nn.functional.softmax](args = (%linear,), kwargs = {dim: -1, _stacklevel: 3, dtype: None})
    %log_softmax : [num_users=1] = call_function[target=torch.nn.functional.log_softmax](args = (%linear,), kwargs = {dim: 1, _stacklevel: 3, dtype: None})
    %_tensor_constant0 : [num_users=1] = get_attr[target=_tensor_constant0]
    %cross_entropy : [num_users=1] = call_function[target=torch.nn.functionan.cross_entropy](args = (%linear, %_tensor_constant0), kwargs = {weight: None, size_average: None, ignore_index: -100, reduce: None, reduction: mean, label_smoothing: 
    0.1})
    %silu : [num_users=1] = call_function[target=torch.nn.functional.silu](args = (%linear,), kwargs = {inplace: False})
    %hardswish : [num_users=1] = call_function[target=torch.nn.functional.hardswish](args = (%linear,), kwargs = {inplace: False})
    %normalize : [num_users=1] = call_function[target=torch.nn.functional.normalize](args = (%linear,), kwargs = {p: 2.0, d,:iem1  ps: 1e-12, out: None})
    return (softmax, log_softmax, cross_entropy, silu, hardswish, normalize)
