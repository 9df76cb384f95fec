#!/usr/bin/env bash
# End-to-end checks of //tools:unflatten and of the Python bridge
# (tools/python/fxpp) that writes its input: the bundled example, every real
# exported program in every output format, stdin, clean failures on bad
# input, and GraphModules dumped by PyTorch 1.13 (/usr/bin/python3) read back
# by //tools:fmt.
source tools/testlib.sh
unflatten=tools/unflatten
fmt=tools/fmt
programs=testing/exported

# The bundled transformer: the module tree, then print_readable's classes.
check "no input shows the example" bash -c "$unflatten >$tmp/example.txt 2>$tmp/stderr.txt"
check "example notice" grep -q "ran on the bundled example" $tmp/example.txt $tmp/stderr.txt
check "example tree" grep -q "^layers.2.attn.q: InterpreterModule" $tmp/example.txt
check "example state" grep -q "^  buffer mask: b8\[8, 8\]" $tmp/example.txt
check "example readable" grep -q "^class UnflattenedModule(torch.nn.Module):" $tmp/example.txt
check "example nested class" grep -q "^ *class attn(torch.nn.Module):" $tmp/example.txt

# Every real program, in every format; json and pb read back to the same fxg.
for program in $programs/*.json; do
  case $program in *.unflatten.json|*/pytorch_unflatten_times.json) continue ;; esac
  name=$(basename $program .json)
  check "$name -> fxg" $unflatten $program -o $tmp/$name.fxg
  check "$name -> json" $unflatten $program -o $tmp/$name.json
  check "$name -> pb" $unflatten $program -o $tmp/$name.pb
  check "$name -> readable" $unflatten $program -o $tmp/$name.py
  check "$name json reads back" bash -c "$fmt $tmp/$name.json --to=fxg | cmp -s - $tmp/$name.fxg"
  check "$name pb reads back" bash -c "$fmt $tmp/$name.pb --to=fxg | cmp -s - $tmp/$name.fxg"
  check "$name readable" grep -q "^class UnflattenedModule(torch.nn.Module):" $tmp/$name.py
done
check "stdin" bash -c "$unflatten - --format=fxg < $programs/calls_twice.json | grep -q '^module sub: InterpreterModule'"
check "shared module printed once" bash -c "$unflatten $programs/shared.json | grep -q '^b: same module as a'"
$unflatten $programs/preserved_calls.json > $tmp/dispatcher.txt
check "dispatcher" grep -q '^sub: InterpreterModuleDispatcher$' $tmp/dispatcher.txt
check "dispatcher's merged call" grep -q '^sub.@1: same module as sub.@0$' $tmp/dispatcher.txt
check "dispatcher's own call" grep -q '^sub.@2: InterpreterModule, 15 nodes$' $tmp/dispatcher.txt

# Errors: non-zero exit, a message naming the problem, and no output file.
$python - $programs/calls_twice.json $tmp/bad_signature.json <<'PY'
import json, sys
program = json.load(open(sys.argv[1]))
program["graph_signature"]["input_specs"].pop(0)  # one placeholder left undescribed
json.dump(program, open(sys.argv[2], "w"))
PY
$python - $programs/buffers.json $tmp/missing_state.json <<'PY'
import json, sys
program = json.load(open(sys.argv[1]))
program["state"]["module"]["state"] = []  # the root buffer `steps` is gone
json.dump(program, open(sys.argv[2], "w"))
PY
sed 's/INPUT_KIND_PARAMETER/INPUT_KIND_WEIGHT/' $programs/calls_twice.json > $tmp/unknown_kind.json
$python - $programs/calls_twice.json $tmp/no_stack.json <<'PY'
import json, sys
program = json.load(open(sys.argv[1]))
for node in program["graph_module"]["module"]["graph"]["nodes"]:
    if node["name"] == "relu":
        del node["meta"]["nn_module_stack"]
json.dump(program, open(sys.argv[2], "w"))
PY
for call in x 7; do
  $python - $programs/preserved_calls.json $tmp/bad_call_$call.json $call <<'PY'
import json, sys
program = json.load(open(sys.argv[1]))
for entry in program["module_call_graph"]:
    if entry["fqn"] == "sub@1":
        entry["fqn"] = "sub@" + sys.argv[3]
json.dump(program, open(sys.argv[2], "w"))
PY
done
expect_error "missing file" "cannot open" $unflatten $tmp/missing.json -o $tmp/never.fxg
echo '{"graph": []}' > $tmp/not_a_program.json
expect_error "not an exported program" "not an fxpp exported program" $unflatten $tmp/not_a_program.json -o $tmp/never.fxg
expect_error "signature mismatch" "placeholders but the signature lists" $unflatten $tmp/bad_signature.json -o $tmp/never.fxg
expect_error "missing state" "'steps' is not in the program's state" $unflatten $tmp/missing_state.json -o $tmp/never.fxg
expect_error "unknown kind" "INPUT_KIND_WEIGHT" $unflatten $tmp/unknown_kind.json -o $tmp/never.fxg
expect_error "no nn_module_stack" "node 'relu' has no nn_module_stack" $unflatten $tmp/no_stack.json -o $tmp/never.fxg
expect_error "bad call index" "module call 'sub@x': 'x' is not a call index" $unflatten $tmp/bad_call_x.json -o $tmp/never.fxg
expect_error "call without nodes" "module call 'sub@7' has a preserved signature, but no node's nn_module_stack records that call" $unflatten $tmp/bad_call_7.json -o $tmp/never.fxg
check "fx output: one section per module's graph" bash -c "$unflatten $programs/calls_twice.json --format=fx >$tmp/unflat.fx && grep -q '^graph sub():' $tmp/unflat.fx && $fmt $tmp/unflat.fx --to=fx | cmp -s - $tmp/unflat.fx"
expect_error "unknown flag" "Unknown command line flag" $unflatten --bogus
expect_error "unwritable output" "cannot" $unflatten $programs/calls_twice.json -o $tmp/no/such/dir/out.fxg
check "no partial outputs" bash -c "! ls $tmp/never.fxg $tmp/*.tmp.* >$tmp/ls.txt 2>&1"

# The Python bridge under PyTorch 1.13: symbolic_trace GraphModules with every
# kind of literal argument, read back by //tools:fmt.
$python - $tmp <<'PY'
import operator, sys
sys.path.insert(0, "tools/python")
import torch, torch.fx, torch.nn as nn
import fxpp

out = sys.argv[1]

def leaf(x, cfg):
    return x
torch.fx.wrap("leaf")

class Literals(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("scale", torch.ones(4), persistent=False)
    def forward(self, x, n: int = 3):
        y = self.lin(x) * self.scale
        y = leaf(y, {"none": None, "flag": True, "int": -7, "float": 0.25, "nan": float("nan"),
                     "neg_zero": -0.0, "str": "a, b", "list": [1, 2], "tuple": (1, "x"),
                     "slice": slice(1, None, 2), "dtype": torch.float16, "device": torch.device("cpu"),
                     "format": torch.channels_last, "layout": torch.strided, "ellipsis": ...,
                     "size": torch.Size([2, 3])})
        z = y[:, 1:3]
        return operator.add(z.sum(dim=-1, keepdim=True), n)

gm = torch.fx.symbolic_trace(Literals())
fxpp.dump(gm, out + "/literals.json")
with open(out + "/literals.expected.fx", "w") as f:
    f.write(str(gm.graph) + "\n")
try:
    fxpp.dump(object(), out + "/never.json")
    sys.exit("fxpp.dump accepted an object")
except TypeError as e:
    assert "ExportedProgram or a torch.fx.GraphModule" in str(e), e
PY
check "bridge under torch 1.13" test -s $tmp/literals.json
check "bridge output reads as FX" bash -c "$fmt $tmp/literals.json --to=fx -o $tmp/literals.fx"
check "bridge output prints like PyTorch 1.13 ignoring the users tag" bash -c \
  "sed 's/#users=/num_users=/' $tmp/literals.expected.fx | cmp -s - $tmp/literals.fx"
check "bridge keeps module state" bash -c "$fmt $tmp/literals.json --to=fxg | grep -q '^  parameter weight: f32\[4, 4\] stride=(4, 1) cpu requires_grad'"
check "bridge refuses no file" bash -c "! ls $tmp/never.json >$tmp/ls.txt 2>&1"

finish
