graph():
    %x : [#users=9] = placeholder[target=x]
    %y : [#users=6] = placeholder[target=y]
    %cat : [#users=3] = call_function[target=torch.cat](args = ([%x, %y],), kwargs = {dim: 1})
    %stack : [#users=1] = call_function[target=torch.stack](args = ((%x, %y), 0), kwargs = {})
    %permute : [#users=1] = call_method[target=permute](args = (%cat, 1, 0), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%x,), kwargs = {dim: (1,)})
    %fx_config : [#users=1] = call_function[target=__main__.fx_config](args = (%x, ()), kwargs = {})
    %fx_config_1 : [#users=1] = call_function[target=__main__.fx_config](args = (%x, []), kwargs = {})
    %fx_config_2 : [#users=1] = call_function[target=__main__.fx_config](args = (%x, [[1, 2], (3, (4,)), [%x, [%y, ()]]]), kwargs = {})
    %fx_config_3 : [#users=1] = call_function[target=__main__.fx_config](args = (%x,), kwargs = {cfg: {mode: fast, scale: 2.0, ids: [1, 2], ref: %y, none: None}})
    %fx_config_4 : [#users=1] = call_function[target=__main__.fx_config](args = (%x, {1: %x, has space: [%y], nested: {k: (%x, 1)}}), kwargs = {})
    %fx_config_5 : [#users=1] = call_function[target=__main__.fx_config](args = (%x, None, (%x,), [%y]), kwargs = {k: {}, t: (), l: [], s: {a: []}})
    %split : [#users=2] = call_function[target=torch.functional.split](args = (%cat, [2, 3]), kwargs = {dim: 0})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    return (cat, stack, permute, sum_1, fx_config, fx_config_1, fx_config_2, fx_config_3, fx_config_4, fx_config_5, getitem, getitem_1)
