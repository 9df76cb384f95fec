#!/usr/bin/env bash
# End-to-end checks of //tools:fxopt: pass listing, pipelines with options,
# dumps, timing reports, the bundled example, and clean failures.
source tools/testlib.sh
fxopt=tools/fxopt
fmt=tools/fmt
fixture=testing/graphs/torch26/dynamo_gpt.fx

check "list passes" bash -c "$fxopt --list-passes | grep -q '^dedup' && $fxopt --list-passes | grep -q 'min_regions=<int>'"
check "example runs and times" bash -c "$fxopt >$tmp/o.txt 2>$tmp/e.txt && grep -q 'class GraphModule' $tmp/o.txt && grep -q 'Pass execution timing report' $tmp/e.txt"
check "example names the pipeline it ran" bash -c "$fxopt --passes=topo_sort >$tmp/o.txt 2>$tmp/e.txt && grep -q '(pipeline topo_sort)' $tmp/e.txt"

# A pipeline with options; the result parses and matches //tools:dedup's.
# A pass that grows the top graph says so on stderr (functionalize adds scatters).
$fxopt passes/functionalize/testdata/view_mutations.fxg --passes=functionalize -o $tmp/grown.fxg 2>$tmp/grown.err
check "growth is reported" grep -q "pass 'functionalize' made the top graph larger: " $tmp/grown.err
$fxopt $fixture --passes=dedup -o $tmp/shrunk.fxg 2>$tmp/shrunk.err
check "no growth, no note" bash -c "! grep -q 'made the top graph larger' $tmp/shrunk.err"
check "pipeline" $fxopt $fixture --passes='dedup{min_regions=2,min_region_size=2},topo_sort' -o $tmp/p.fxg
check "result parses" $fmt $tmp/p.fxg -o $tmp/p.json
check "same as the dedup tool" bash -c "tools/dedup $fixture -o $tmp/d.fxg >/$tmp/report.txt && cmp -s $tmp/d.fxg $tmp/p.fxg"
check "stdin to stdout" bash -c "$fxopt - --from=fx --passes=dce --to=fx < $fixture | cmp -s - $fixture"
check "- after a boolean flag is stdin" bash -c "$fxopt --verify-each - --from=fx --passes=dce --to=fx -o - < $fixture | cmp -s - $fixture"
check "dashed and underscored flags" bash -c "$fxopt $fixture --passes=dce --verify_each=false --to=fx -o $tmp/a.fx && $fxopt $fixture --passes=dce --verify-each=false --to=fx -o $tmp/b.fx && cmp -s $tmp/a.fx $tmp/b.fx"

# Passes with list options; a split module pictured with its components.
tagged=ir/dot/testdata/tags_and_chain.fxg
check "split_by_tags in a pipeline" bash -c "$fxopt $tagged --passes='split_by_tags{tags=front,back},dce' -o $tmp/s.fxg && grep -q '^module front:' $tmp/s.fxg && grep -q '^module back:' $tmp/s.fxg"
check "split module as dot" bash -c "$fxopt $tagged --passes='split_by_tags{tags=front,back}' --to=dot -o $tmp/s.dot && grep -q 'subgraph \"cluster_front\"' $tmp/s.dot"
check "split_by_tags orders the tags it finds" bash -c "$fxopt $tagged --passes=split_by_tags -o $tmp/found.fxg && grep -q '^module front:' $tmp/found.fxg"
expect_error "no tags to split by" "no tags: the graph's call nodes carry none" $fxopt testing/graphs/torch26/hand_gpt.fx --passes=split_by_tags -o $tmp/none.fxg
expect_error "tag order against dependencies" "back" $fxopt $tagged --passes='split_by_tags{tags=back,front}' -o $tmp/none.fxg

# Dumps and timing.
check "print after change" bash -c "$fxopt $fixture --passes=dce,dedup --print-after-change -o $tmp/x.fxg 2>$tmp/e.txt && grep -c 'IR Dump After' $tmp/e.txt | grep -qx 1 && grep -q 'IR Dump After dedup //' $tmp/e.txt"
check "print after all" bash -c "$fxopt $fixture --passes=dce,topo_sort --print-after-all -o $tmp/x.fxg 2>$tmp/e.txt && grep -q 'IR Dump After dce (no change)' $tmp/e.txt && grep -q 'IR Dump After topo_sort (no change)' $tmp/e.txt"
check "print before" bash -c "$fxopt $fixture --passes=dce,dedup --print-before=dedup -o $tmp/x.fxg 2>$tmp/e.txt && grep -q 'IR Dump Before dedup' $tmp/e.txt"
check "time passes text" bash -c "$fxopt $fixture --passes=dedup,dce --time-passes -o $tmp/x.fxg 2>$tmp/e.txt && grep -q 'dedup' $tmp/e.txt && grep -q 'nodes after' $tmp/e.txt"
check "time passes json" bash -c "$fxopt $fixture --passes=dedup,dce --time-passes=json -o $tmp/x.fxg 2>$tmp/e.json && $python -c 'import json,sys; t=json.load(open(sys.argv[1])); assert [p[\"name\"] for p in t[\"passes\"]]==[\"dedup\",\"dce\"]; assert t[\"passes\"][0][\"changed\"] and t[\"passes\"][0][\"nodes_after\"] < t[\"nodes_before\"]' $tmp/e.json"

# Errors: message, non-zero exit, no output file.
expect_error "unknown pass" "unknown pass 'bogus' (passes: " $fxopt $fixture --passes=bogus -o $tmp/none.fxg
expect_error "unknown option" "pass 'dedup': unknown option 'size'" $fxopt $fixture --passes='dedup{size=3}' -o $tmp/none.fxg
expect_error "bad option value" "option 'min_regions': expected an integer, got 'x'" $fxopt $fixture --passes='dedup{min_regions=x}' -o $tmp/none.fxg
expect_error "option out of range" "option 'min_regions': must be >= 2" $fxopt $fixture --passes='dedup{min_regions=1}' -o $tmp/none.fxg
expect_error "unbalanced braces" "'{' without '}'" $fxopt $fixture --passes='dedup{min_regions=3' -o $tmp/none.fxg
expect_error "missing passes" "--passes is required" $fxopt $fixture -o $tmp/none.fxg
expect_error "print-before typo" "--print-ir-before names 'dedupe'" $fxopt $fixture --passes=dedup --print-before=dedupe -o $tmp/none.fxg
expect_error "bad timing format" "--time-passes must be text or json" $fxopt $fixture --passes=dce --time-passes=csv -o $tmp/none.fxg
expect_error "missing input" "no/such.fx" $fxopt no/such.fx --passes=dce -o $tmp/none.fxg
check "fx holds dedup's subgraphs" bash -c "$fxopt $fixture --passes=dedup --to=fx -o $tmp/deduped.fx && grep -q '^graph subgraph_0():' $tmp/deduped.fx && $fxopt $tmp/deduped.fx --passes=dce --to=fx | cmp -s - $tmp/deduped.fx"
# The framework: statistics, a checked pipeline, mlir-opt spellings.
check "pass statistics json has dedup's report" bash -c "$fxopt $fixture --passes=dedup,dce --pass-statistics=json -o $tmp/x.fxg 2>$tmp/st.json && $python -c 'import json,sys; s=json.load(open(sys.argv[1]))[\"passes\"]; d=s[0]; st={x[\"name\"]: int(x[\"value\"]) for x in d[\"statistics\"]}; assert d[\"name\"]==\"dedup\" and st[\"regions_replaced\"] > 0 and st[\"nodes_after\"] < st[\"nodes_before\"], d; assert d[\"details\"][\"groups\"]; assert s[1][\"statistics\"][0][\"name\"]==\"nodes_erased\"' $tmp/st.json"
check "pass statistics text to --report, module alone on stdout" bash -c "$fxopt $fixture --passes=dedup --pass-statistics --report=$tmp/r.txt --to=fxg > $tmp/m.fxg && grep -q 'regions_replaced' $tmp/r.txt && $fmt $tmp/m.fxg -o $tmp/m2.fxg"
# fxopt's --report is its statistics (each pass's report among them), as
# --pass-statistics would print them.
check "--report=json: the statistics as JSON on stderr" bash -c "$fxopt $fixture --passes=dedup,dce --report=json -o $tmp/x.fxg 2>$tmp/rj.json && $python -c 'import json,sys; s=json.load(open(sys.argv[1]))[\"passes\"]; assert [p[\"name\"] for p in s] == [\"dedup\", \"dce\"] and s[0][\"details\"][\"groups\"], s' $tmp/rj.json"
check "--report=FILE.json: the same JSON in FILE" bash -c "$fxopt $fixture --passes=dedup,dce --report=$tmp/r.json -o $tmp/x.fxg 2>$tmp/r.err && $python -c 'import json,sys; assert json.load(open(sys.argv[1])) == json.load(open(sys.argv[2]))' $tmp/r.json $tmp/rj.json && ! test -s $tmp/r.err"
check "no --report: fxopt prints no statistics" bash -c "$fxopt $fixture --passes=dedup -o $tmp/x.fxg 2>$tmp/quiet.err && ! grep -q regions_replaced $tmp/quiet.err"
printf 'graph():\n    %%x : [num_users=1] = placeholder[target=x]\n    return x\n    return x\n' > $tmp/two_outputs.fx
expect_error "broken input blamed on the input, at its line" "two_outputs.fx:4:5: error: node 'output_1': second output node" $fxopt $tmp/two_outputs.fx --passes=topo_sort -o $tmp/none.fxg
printf '%s\n' 'graph():' \
  '    %x : [num_users=1] = placeholder[target=x]' \
  '    %b : [num_users=1] = call_function[target=torch.relu](args = (%a,), kwargs = {})' \
  '    %a : [num_users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})' \
  '    return (b,)' > $tmp/unsorted.fx
check "an unsorted input goes through a pipeline that sorts first" bash -c "$fxopt $tmp/unsorted.fx --passes=topo_sort,dce --to=fx -o $tmp/sorted.fx && grep -m1 'torch\.\(neg\|relu\)' $tmp/sorted.fx | grep -q neg"
expect_error "an unsorted input is refused by other passes" "uses 'a' before it is defined" $fxopt $tmp/unsorted.fx --passes=dce -o $tmp/none.fxg
printf 'fxg 1\nopaque: torch.nn.modules.linear.Linear\n' > $tmp/opaque.fxg
expect_error "graphless root: an error, not a crash" "has no graph" $fxopt $tmp/opaque.fxg --passes='move_non_tensor_nodes_on_boundary{tags=a}' -o $tmp/none.fxg
check "mlir-opt spellings" bash -c "$fxopt $fixture --pass-pipeline=dce --print-ir-after-all --mlir-timing -o $tmp/x.fxg 2>$tmp/e.txt && grep -q 'IR Dump After dce' $tmp/e.txt && grep -q 'Pass execution timing report' $tmp/e.txt"
check "print ir after failure" bash -c "! $fxopt $tagged --passes='split_by_tags{tags=back,front}' --print-ir-after-failure -o $tmp/none.fxg 2>$tmp/e.txt && grep -q 'IR Dump After split_by_tags Failed' $tmp/e.txt"
check "check changed" $fxopt $fixture --passes=dedup,dce,topo_sort --check-changed -o $tmp/x.fxg
check "help exits 0" bash -c "$fxopt --help | grep -q -- '--pass-statistics'"
check "version" bash -c "$fxopt --version | grep -q '^fxpp [0-9.]*, .* build'"
expect_error "did you mean" "did you mean --print-after-all?" $fxopt $fixture --passes=dce --print-after-al -o $tmp/none.fxg
expect_error "a misspelt mlir-opt alias gets a suggestion" "did you mean --pass-pipeline?" $fxopt $fixture --pass-pipelin=dce -o $tmp/none.fxg
expect_error "... for the driver's flags too" "did you mean --mlir-timing?" $fxopt $fixture --passes=dce --mlir-timin -o $tmp/none.fxg
expect_error "... on every tool" "did you mean --print-ir-after-all?" tools/dedup $fixture --print-ir-after-al -o $tmp/none.fxg
check "no --pass-pipeline suggested to a tool without --passes" bash -c "! tools/dedup $fixture --pass-pipelin=dce -o $tmp/none.fxg 2>&1 | grep -q -- --pass-pipeline"
check "dedup tool flags come from the pass" bash -c "tools/dedup --help | grep -q -- '--min_region_size=<int>' && tools/dedup $fixture --min-region-size 3 -o $tmp/d3.fxg >$tmp/d3.txt && $fxopt $fixture --passes='dedup{min_region_size=3}' -o $tmp/f3.fxg && cmp -s $tmp/d3.fxg $tmp/f3.fxg"
expect_error "dedup tool validates like the pass" "option 'min_regions': must be >= 2" tools/dedup $fixture --min_regions=1 -o $tmp/none.fxg
check "no partial outputs" bash -c "! ls $tmp/none.* 2>/dev/null | grep -q ."

finish
