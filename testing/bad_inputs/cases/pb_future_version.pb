cM
GraphModule>

xx

neg	torch.neg*:x

outputoutput*:neg