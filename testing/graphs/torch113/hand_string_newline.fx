graph():
    %x : [#users=1] = placeholder[target=x]
    %fx_tag : [#users=1] = call_function[target=__main__.fx_tag](args = (%x, line one
line two), kwargs = {})
    return fx_tag
