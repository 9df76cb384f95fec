graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=torch.add](args = (%x, {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: 1}}}}}}}}}}}}}}}}}), kwargs = {})
    return y
