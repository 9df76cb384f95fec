#!/usr/bin/env bash
# End-to-end checks of //tools:functionalize: the bundled example, both
# modes, buffers and assignments, output formats, and that bad input or
# flags fail cleanly without writing output.
source tools/testlib.sh
tool=tools/functionalize
fmt=tools/fmt
data=passes/functionalize/testdata

# No input: the bundled make_fx graph before and after, and the report.
$tool >$tmp/example.txt 2>$tmp/example.err
check "example runs" test -s $tmp/example.txt
check "example shows before" grep -q "^== before" $tmp/example.txt
check "example before has add_" grep -q "torch.ops.aten.add_.Tensor" $tmp/example.txt
check "example shows after" grep -q "^== after" $tmp/example.txt
check "example reports mutated inputs" grep -q "user input x_1 (input 0) mutated -> output 0" $tmp/example.err
check "example is functional" grep -q "functional: yes (0 copy_ into inputs" $tmp/example.err
check "example says it used the bundled graph" grep -q "bundled example" $tmp/example.err

# After: no in-place op is left.
$tool $data/view_mutations.fxg -o $tmp/out.fx >$tmp/report.txt
check "output written" test -s $tmp/out.fx
check "no in-place op left" bash -c "! grep -q 'add_\.\|mul_\.' $tmp/out.fx"
check "scatter replayed" grep -q "select_scatter" $tmp/out.fx
check "output parses" $fmt $tmp/out.fx -o $tmp/out.fxg
check "report lists both inputs" bash -c "grep -q 'arg0_1 (input 0) mutated -> output 0' $tmp/report.txt && grep -q 'arg1_1 (input 1) mutated -> output 1' $tmp/report.txt"

# keep_input_mutations: copy_ at the end, stack traces propagated.
$tool $data/input_mutation.fxg --keep_input_mutations -o $tmp/keep.fxg >$tmp/keep.txt
check "keep adds copy_" grep -q "torch.ops.aten.copy_.default" $tmp/keep.fxg
check "keep reports copies" grep -q "functional: yes (2 copy_ into inputs" $tmp/keep.txt

# Buffers and buffer assignment (non-strict export's self.buf = ...).
$tool $data/buffer_assign.fxg --assign=buf_1=add >$tmp/assign.txt 2>&1
check "assignment becomes an output" grep -q "buffer buf_1 (input 0) assigned -> output 0 = add" $tmp/assign.txt
$tool testing/graphs/torch26/export_buffer_mutation.fx --buffers=b_counter,b_bn_running_mean,b_bn_running_var,b_bn_num_batches_tracked >$tmp/buffers.txt 2>&1
check "buffers reported as buffers" grep -q "buffer b_bn_running_mean (input 3) mutated" $tmp/buffers.txt
check "batch norm made functional" grep -q "_native_batch_norm_legit_functional" $tmp/buffers.txt

# A module with subgraphs (a dedup result): no FX text "before" copy is
# rendered; the result goes to the file's format, or fxg on stdout.
tools/dedup testing/graphs/torch113/hand_gpt.fx -o $tmp/deduped.json >$tmp/dedup_report.txt
check "dedup made subgraphs" grep -q '"subgraph_0"' $tmp/deduped.json
check "module with subgraphs functionalized" $tool $tmp/deduped.json -o $tmp/deduped_functional.json
check "its subgraphs are kept" grep -q '"subgraph_0"' $tmp/deduped_functional.json
$tool $tmp/deduped.json >$tmp/deduped_stdout.txt
check "stdout gets fxg for a module with subgraphs" grep -q "^fxg 1" $tmp/deduped_stdout.txt
check "FX text asked for a module with subgraphs" bash -c "$tool $tmp/deduped.json --format=fx | grep -q '^graph subgraph_0():'"
check "the tool's passes as a pipeline" bash -c "tools/fxopt $data/input_mutation.fxg --passes='functionalize{keep_input_mutations=true},assert_functional_graph' --to=fxg | grep -q 'torch.ops.aten.copy_.default'"
check "--assign in a pipeline" bash -c "tools/fxopt $data/buffer_assign.fxg --passes='functionalize{assign=buf_1=add}' --to=fxg --pass-statistics 2>&1 >/dev/null | grep -q 'buffer buf_1 (input 0) assigned -> output 0 = add'"
# The tool is its passes: fxopt with the same pipeline writes the same
# module, byte for byte, the copy_ stack-trace fix-up included (without it,
# the copy_ into x has no stack trace).
cat >$tmp/traced.fxg <<'EOF'
fxg 1
module: GraphModule
graph():
    %x : [num_users=1] = placeholder[target=x]
        # val: f32[4] stride=(1,) cpu
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%x, 1), kwargs = {})
        # val: f32[4] stride=(1,) cpu
        # stack_trace: |
        #   |   File "m.py", line 3, in f
        #   |     x.add_(1)
    return (add_,)
EOF
pipeline='functionalize{keep_input_mutations=true},assert_functional_graph,propagate_input_mutation_stack_traces'
$tool $tmp/traced.fxg --keep_input_mutations -o $tmp/traced_tool.fxg >$tmp/traced_tool.txt
tools/fxopt $tmp/traced.fxg --passes="$pipeline" -o $tmp/traced_fxopt.fxg
tools/fxopt $tmp/traced.fxg --passes='functionalize{keep_input_mutations=true}' -o $tmp/untraced.fxg
check "tool = fxopt pipeline, byte for byte" cmp $tmp/traced_tool.fxg $tmp/traced_fxopt.fxg
check "the fix-up gave copy_ a stack trace" bash -c "grep -A4 'copy_.default' $tmp/traced_tool.fxg | grep -q 'x.add_(1)' && ! grep -A4 'copy_.default' $tmp/untraced.fxg | grep -q 'x.add_(1)'"
check "the tool reports the fix-up" grep -q "1 copy_ into inputs given their source's stack trace" $tmp/traced_tool.txt

# Other formats; module on stdout as json keeps the report on stderr.
check "json output parses" bash -c "$tool $data/intermediate_inplace.fxg --format=json 2>$tmp/json.err | $python -c 'import json,sys; json.load(sys.stdin)'"
check "json report on stderr" grep -q "mutating ops replaced: 2" $tmp/json.err

# Errors: a message naming the problem, non-zero exit, no output file.
expect_error "unsupported write" "writes through 'expand'" $tool $data/error_expand_write.fx -o $tmp/never.fx
expect_error "missing meta" "no meta val" $tool $data/error_view_without_meta.fx -o $tmp/never.fx
expect_error "bad assign flag" "option 'assign': takes KEY=VALUE pairs, not 'buf_1'" $tool $data/buffer_assign.fxg --assign=buf_1 -o $tmp/never.fx
expect_error "unknown assigned node" "'nope') is not a node" $tool $data/buffer_assign.fxg --assign=buf_1=nope -o $tmp/never.fx
expect_error "missing file" "cannot open" $tool $tmp/missing.fx -o $tmp/never.fx
expect_error "two inputs" "expected one input file" $tool $data/input_mutation.fxg $data/input_mutation.fxg
check "no partial outputs" bash -c "! ls $tmp/never.fx $tmp/*.tmp.* >$tmp/ls.txt 2>&1"

finish
