Ó
GraphModuleè<

xx"torch.Tensor

nn"int*
'
relu
torch.relu"torch.Tensor*:x
'
mulmul"torch.Tensor*:relu*:n
 
weightweight"torch.Tensor
O
add	torch.add"typing.Optional[torch.Tensor]*:mul*:weight2
alpha
)
sub_linsub.lin"torch.Tensor*:add
&
outputoutput*J
	:sub_lin
:n