#!/usr/bin/env bash
# End-to-end checks of //tools:split: the bundled example, every tag source,
# outputs, and that bad input or flags fail cleanly without output.
source tools/testlib.sh
split=tools/split
fmt=tools/fmt
cases=passes/split_by_tags/testdata/torch26

# Bundled example: a GPT exported by PyTorch 2.6, split per transformer block.
check "no input runs the example" bash -c "$split 2>$tmp/stderr.txt > $tmp/example.txt"
check "example prints the split module" grep -q 'class h_1(torch.nn.Module)' $tmp/example.txt
check "example says what it ran" grep -q 'bundled example' $tmp/stderr.txt

# Tags from a file, explicit order, fxg output that parses, FQN mapping.
check "tags file" $split $cases/gpt2_export.fx --tags_file=$cases/gpt2_export.tags \
  --tags=wte,wpe,embed,h_0,h_1,ln_f,lm_head -o $tmp/gpt.fxg --fqn_map=$tmp/fqn.json
check "output parses" $fmt $tmp/gpt.fxg -o $tmp/gpt.json
check "submodules in tag order" bash -c "grep '^module ' $tmp/gpt.fxg | tr '\n' ' ' | grep -q 'module wte: GraphModule module wpe: GraphModule module embed: GraphModule module h_0: GraphModule module h_1'"
check "fqn map json" $python -c "import json; m = json.load(open('$tmp/fqn.json')); assert m['h.1.mlp.fc2.weight'] == 'h_1.h.1.mlp.fc2.weight', m"

# Regex rules over names, targets and module paths; default tag; order found.
check "regex" bash -c "$split $cases/gpt2_symbolic.fx --tag_by=regex \
  --tag_regex='embed=^(wte|wpe|add)\$;head=^(ln_f|lm_head)' --default_tag=blocks -o $tmp/re.fxg"
check "regex submodules in dependency order" bash -c "grep '^module ' $tmp/re.fxg | tr '\n' ' ' | grep -q 'module embed: GraphModule module blocks: GraphModule module head: GraphModule'"

# nn_module_stack and meta_key need metadata: a small fxg.
cat > $tmp/meta.fxg <<'FXG'
fxg 1
module: GraphModule
graph():  # typed
    %x : torch.Tensor [num_users=1] = placeholder[target=x]
    %linear : [num_users=2] = call_function[target=torch.ops.aten.linear.default](args = (%x, %x), kwargs = {})
        # val: f32[2] cpu
        # nn_module_stack: 'L__self___enc': ('enc', 'Enc')
        # nn_module_stack: 'L__self___enc_fc': ('enc.fc', 'Linear')
        # extra partition: "first"
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%linear,), kwargs = {})
        # val: f32[2] cpu
        # nn_module_stack: 'L__self___dec': ('dec', 'Dec')
        # extra partition: 2
    %sym_size_int : [num_users=1] = call_function[target=torch.ops.aten.sym_size.int](args = (%linear, 0), kwargs = {})
        # val: SymInt('s0')
        # nn_module_stack: 'L__self___enc': ('enc', 'Enc')
        # extra partition: "first"
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%relu, [%sym_size_int]), kwargs = {})
        # val: f32[s0] cpu
        # nn_module_stack: 'L__self___dec': ('dec', 'Dec')
        # extra partition: 2
    return view
FXG
check "nn_module_stack" bash -c "$split $tmp/meta.fxg --tag_by=nn_module_stack -o $tmp/ms.fxg && grep -q '^module enc: GraphModule' $tmp/ms.fxg && grep -q '^module dec: GraphModule' $tmp/ms.fxg"
check "nn_module_stack depth 2" bash -c "$split $tmp/meta.fxg --tag_by=nn_module_stack --module_depth=2 --tags=enc_fc,enc,dec -o $tmp/ms2.fxg && grep -q '^module enc_fc: GraphModule' $tmp/ms2.fxg"
check "meta_key" bash -c "$split $tmp/meta.fxg --tag_by=meta_key --tag_key=partition --format=fxg | grep -q '^module 2: GraphModule'"
check "move non-tensor nodes" bash -c "$split $tmp/meta.fxg --tag_by=nn_module_stack --move_non_tensor -o $tmp/mv.fxg >$tmp/mv.txt && grep -q 'moved sym_size_int from enc to dec' $tmp/mv.txt"

# The tool is its passes: the same split as a pipeline, and --help from them.
check "split = tag_nodes,split_by_tags in fxopt" bash -c "$split $cases/gpt2_symbolic.fx --tag_by=regex \
  --tag_regex='embed=^(wte|wpe|add)\$;head=^(ln_f|lm_head)' --default_tag=blocks --return_tuple --to=fxg >$tmp/tool.fxg &&
  tools/fxopt $cases/gpt2_symbolic.fx --passes='tag_nodes{tag_by=regex,tag_regex=embed=^(wte|wpe|add)\$;head=^(ln_f|lm_head),default_tag=blocks},split_by_tags{return_tuple=true,require_attributes=false}' --to=fxg >$tmp/pipeline.fxg &&
  cmp -s $tmp/tool.fxg $tmp/pipeline.fxg"
check "--return_tuple comes from the pass" bash -c "$split --help | grep -q -- '--return_tuple=<bool>  submodules always return a tuple'"
check "--tag_by comes from the pass" bash -c "$split --help | grep -q -- '--tag_by=<string>'"

# Errors: non-zero exit, a message naming the problem, and no output file.
expect_error "unknown tag source" "unknown tag source 'colour'" $split $cases/gpt2_export.fx --tag_by=colour -o $tmp/never.fxg
expect_error "untagged node" "node does not have a tag: 'relu'" $split $tmp/meta.fxg --tag_by=regex --tag_regex='a=linear' --tags=a -o $tmp/never.fxg
expect_error "no tags at all" "no tags" $split $cases/gpt2_export.fx -o $tmp/never.fxg
expect_error "bad regex" "bad pattern" $split $cases/gpt2_export.fx --tag_by=regex --tag_regex='a=(' -o $tmp/never.fxg
expect_error "wrong order" "comes before component 'wte'" $split $cases/gpt2_export.fx --tags_file=$cases/gpt2_export.tags --tags=embed,wte,wpe,h_0,h_1,ln_f,lm_head -o $tmp/never.fxg
expect_error "tag not in order" "which is not in the tag order" $split $cases/gpt2_export.fx --tags_file=$cases/gpt2_export.tags --tags=wte -o $tmp/never.fxg
expect_error "missing tags file" "cannot open" $split $cases/gpt2_export.fx --tags_file=$tmp/none.tags -o $tmp/never.fxg
check "fx output holds the submodules' graphs" bash -c "$split $cases/gpt2_export.fx --tags_file=$cases/gpt2_export.tags --format=fx >$tmp/split.fx && grep -q '^graph [a-z_0-9.]*():' $tmp/split.fx && $fmt $tmp/split.fx --to=fx | cmp -s - $tmp/split.fx"
expect_error "two inputs" "expected one input file" $split a.fx b.fx
# Issue 21: -o was written before --fqn_map failed; outputs commit together.
expect_error "unwritable --fqn_map: nothing written" "cannot write $tmp/no/such/dir/fqn.json" \
  $split $cases/gpt2_export.fx --tags_file=$cases/gpt2_export.tags \
  --tags=wte,wpe,embed,h_0,h_1,ln_f,lm_head -o $tmp/never.fxg --fqn_map=$tmp/no/such/dir/fqn.json
check "no partial outputs" bash -c "! ls $tmp/never.fxg $tmp/*.tmp.* >$tmp/ls.txt 2>&1"

finish
