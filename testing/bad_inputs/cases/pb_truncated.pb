M
GraphModule>

xx

neg	