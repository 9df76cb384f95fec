#!/usr/bin/env bash
# End-to-end checks of the command-line tools: conversions, bundled examples,
# stdin/stdout, and that bad input or flags fail cleanly without output.
source tools/testlib.sh
fmt=tools/fmt
dedup=tools/dedup
unflatten=tools/unflatten
fixture=testing/graphs/torch26/dynamo_gpt.fx

# fmt: FX text survives fx -> fxg -> json -> pb -> fx byte for byte.
check "fmt fx->fxg" $fmt $fixture -o $tmp/a.fxg
check "fmt fxg->json" $fmt $tmp/a.fxg -o $tmp/a.json
check "fmt json->pb" $fmt $tmp/a.json -o $tmp/a.pb
check "fmt pb->fx" $fmt $tmp/a.pb --to=fx -o $tmp/a.fx
check "round trip identical" cmp -s $fixture $tmp/a.fx
check "fmt stdin->stdout" bash -c "$fmt - --from=fx --to=fx < $fixture | cmp -s - $fixture"
check "fmt tells FX text on stdin by its contents" bash -c "$fmt - --to=fx < $fixture | cmp -s - $fixture"
check "fmt tells JSON on stdin by its contents" bash -c "$fmt - --to=fx < $tmp/a.json | cmp -s - $fixture"
# "-o -" is stdout, without absl asking whether "-" was meant as a value
# (fxopt_test: after a boolean flag, "-" stays the stdin input).
check "fmt -o - is stdout, quietly" bash -c "$fmt $fixture --to=fx -o - 2>$tmp/o_stderr.txt | cmp -s - $fixture && ! test -s $tmp/o_stderr.txt"
check "fmt --o - is stdout too" bash -c "$fmt $fixture --to=fx --o - 2>$tmp/o_stderr.txt | cmp -s - $fixture"
check "fmt readable" bash -c "$fmt $fixture --to=readable | grep -q 'class GraphModule(torch.nn.Module)'"
check "fmt without input shows the example" bash -c "$fmt 2>$tmp/stderr.txt | grep -q 'def forward'"

# dedup: bundled example, report formats, outputs.
check "dedup without input: the report on stderr, stdout only the module" bash -c "$dedup 2>$tmp/stderr.txt >$tmp/stdout.txt; grep -q 'regions replaced' $tmp/stderr.txt && ! grep -q 'regions replaced' $tmp/stdout.txt"
check "dedup json report" bash -c "$dedup $fixture -o $tmp/d.fxg --report=json | $python -c 'import json,sys; r=json.load(sys.stdin); assert int(r[\"regions_replaced\"]) > 0'"
check "dedup output parses" $fmt $tmp/d.fxg -o $tmp/d.json
check "dedup json to stdout keeps it clean" bash -c "$dedup $fixture --format=json 2>$tmp/stderr.txt | $python -c 'import json,sys; json.load(sys.stdin)'"

# Errors: non-zero exit, a message naming the problem, and no output file.
printf 'graph():\n    %%x : [num_users=1] = placeholder[target=x]\n    %%y : [num_users=1] = call_function[target=torch.relu](args = (%%nope,), kwargs = {})\n    return y\n' > $tmp/dangling.fx
expect_error "dangling reference" "dangling.fx:3:" $fmt $tmp/dangling.fx -o $tmp/never.fxg
expect_error "missing file" "cannot open" $fmt $tmp/missing.fx -o $tmp/never.fxg
# Every positioned error is "file:line:col: error: msg", the source line and a
# caret (ir/diagnostic.h), whatever the format; pb has no lines.
expect_stderr() {  # expect_stderr NAME EXPECTED_FILE COMMAND...: fails, and stderr is exactly that
  local name=$1 expected=$2; shift 2
  if "$@" >$tmp/stdout.txt 2>$tmp/stderr.txt; then
    echo "FAIL: $name: succeeded"; failures=$((failures + 1))
  elif ! diff -u $expected $tmp/stderr.txt; then
    echo "FAIL: $name: stderr differs"; failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}
printf '%s\n' "$tmp/dangling.fx:3:67: error: reference to undefined node 'nope'" \
  "    %y : [num_users=1] = call_function[target=torch.relu](args = (%nope,), kwargs = {})" \
  "$(printf '%66s^' '')" > $tmp/want.txt
expect_stderr "FX text error: line, caret" $tmp/want.txt $fmt $tmp/dangling.fx -o $tmp/never.fxg
printf 'fxg 1\nmodule: M\n  parameter w: f33[2] cpu\n' > $tmp/bad.fxg
printf '%s\n' "$tmp/bad.fxg:3:16: error: expected a dtype (f32, i64, b8, ...), found 'f33'" \
  "  parameter w: f33[2] cpu" "               ^" > $tmp/want.txt
expect_stderr "fxg error: line, caret" $tmp/want.txt $fmt $tmp/bad.fxg -o $tmp/never.json
printf '{\n\t"format_version": 1, "bogus": {}\n}\n' > $tmp/bad.json
printf '%s\n' "$tmp/bad.json:2:23: error: bogus: Cannot find field." $'\t"format_version": 1, "bogus": {}' \
  $'\t                     ^' > $tmp/want.txt
expect_stderr "JSON error: line, caret under a tab" $tmp/want.txt $fmt $tmp/bad.json -o $tmp/never.fxg
# Out of memory (issue 21: "terminate called ... std::bad_alloc", exit 134):
# a message, exit 1, nothing written. Under a sanitizer (which reserves its
# shadow memory up front) the tool cannot start with an address-space limit
# at all; then there is nothing to check.
$python -c "
lines = ['graph():', '    %x : [num_users=1] = placeholder[target=x]']
lines += ['    %%n%d : [num_users=1] = call_function[target=torch.neg](args = (%%%s,), kwargs = {})'
          % (i, 'n%d' % (i - 1) if i else 'x') for i in range(300000)]
print('\n'.join(lines + ['    return n299999']))" > $tmp/big.fx
if (ulimit -v 150000 && $fmt $fixture >/dev/null 2>&1); then
  check "out of memory: exit 1 with a message, not an abort; nothing written" bash -c \
    "ulimit -v 150000; $fmt $tmp/big.fx -o $tmp/oom.fxg 2>$tmp/oom.err; [ \$? -eq 1 ] && grep -q 'fmt: error: out of memory' $tmp/oom.err && ! test -e $tmp/oom.fxg"
else
  echo "skipped: out of memory (the tool does not start under ulimit -v here)"
fi
head -c 20 $tmp/a.pb > $tmp/truncated.pb
printf '%s\n' "$tmp/truncated.pb: error: not a valid fxpp binary GraphModule (truncated or corrupt protobuf data)" > $tmp/want.txt
expect_stderr "pb error: no line, the file named" $tmp/want.txt $fmt $tmp/truncated.pb -o $tmp/never.fxg
expect_error "unknown flag" "Unknown command line flag" $fmt $fixture --bogus
expect_error "a misspelt pass option gets a suggestion" "did you mean --min-region-size?" $dedup $fixture --min_region_sise=3
expect_error "unknown format" "unknown format 'yaml'" $fmt $fixture --to=yaml
expect_error "unwritable output" "cannot" $fmt $fixture -o $tmp/no/such/dir/out.fxg
expect_error "unwritable report" "cannot" $dedup $fixture -o $tmp/never.fxg --report=$tmp/no/such/dir/report.json
# Issue 18: FX text holds dedup's subgraphs ('graph subgraph_0():' sections),
# and what fmt writes as FX text reads back to the same module structure.
check "dedup - --to=fxg < g.fx | fmt - --to=fx" bash -c "$dedup - --to=fxg <$fixture 2>/dev/null | $fmt - --to=fx >$tmp/deduped.fx && grep -q '^graph subgraph_0():\$' $tmp/deduped.fx"
check "its FX text re-reads to dedup's module structure" bash -c "$fmt $tmp/deduped.fx --to=fxg | grep -E '^(module|opaque)' >$tmp/fx_tree.txt && $dedup $fixture --to=fxg 2>/dev/null | grep -E '^(module|opaque)' >$tmp/dedup_tree.txt && grep -q '^module subgraph_0: GraphModule' $tmp/fx_tree.txt && cmp -s $tmp/fx_tree.txt $tmp/dedup_tree.txt"
check "its FX text prints back byte for byte" bash -c "$fmt - --to=fx <$tmp/deduped.fx | cmp -s - $tmp/deduped.fx"
check "dedup --to=fx writes the same" bash -c "$dedup $fixture --to=fx 2>/dev/null | cmp -s - $tmp/deduped.fx"
# Issue 21: a full disk on stdout lost the module (or report) with exit 0.
if [ -c /dev/full ]; then
  expect_error "stdout on a full disk is an error" "cannot write to stdout" bash -c "$dedup $fixture --to=fxg >/dev/full"
fi
check "no partial outputs" bash -c "! ls $tmp/never.fxg $tmp/*.tmp.* >$tmp/ls.txt 2>&1"
check "--to and --format name the one output-format flag on every tool" bash -c "$dedup - --to=fxg <$fixture 2>/dev/null | $fmt - --format=readable >$tmp/spelled.txt && grep -q 'invoke_subgraph' $tmp/spelled.txt"
check "dedup's module on stdout pipes into fmt" bash -c "$dedup - --format=fxg <$fixture 2>/dev/null | $fmt - --to=readable >$tmp/piped.txt && grep -q 'invoke_subgraph' $tmp/piped.txt"
check "dedup --report=FILE: the report there, nothing on stderr" bash -c "$dedup $fixture --to=fxg --report=$tmp/report.txt >$tmp/r.fxg 2>$tmp/r.err && grep -q 'regions replaced' $tmp/report.txt && ! test -s $tmp/r.err"
check "dedup --report=FILE.json writes json" bash -c "$dedup $fixture -o $tmp/r2.fxg --report=$tmp/report.json && $python -c 'import json; r=json.load(open(\"$tmp/report.json\")); assert int(r[\"regions_replaced\"]) > 0'"
check "--help exits 0 and lists the pass's options" bash -c "$dedup --help | grep -q -- '--min_region_size=<int>'"
# A DOT call node names the subgraph it calls.
check "dot: invoke_subgraph names its subgraph" bash -c "$dedup $fixture --to=dot 2>/dev/null | grep -q 'invoke_subgraph[^\"]*calls subgraph_0'"
check "dedup's dot on stdout pipes into graphviz" bash -c "$dedup $fixture --format=dot 2>/dev/null | dot -Tsvg >$tmp/piped.svg && grep -q '<svg' $tmp/piped.svg"

# fmt on exported programs: json, pb and fxg hold all of it, readable and
# dot show its graph, fx cannot hold a signature.
for program in testing/exported/calls_twice.json testing/exported/cond.json \
               export/testdata/pytorch_wrong/input_mutation_decomposed.json; do
  name=$(basename $program .json)
  check "fmt $name json->pb" $fmt $program -o $tmp/$name.pb
  check "fmt $name pb->json is the program again" bash -c "$fmt $tmp/$name.pb --to=json >$tmp/$name.again.json && $fmt $program --to=json | cmp -s - $tmp/$name.again.json && $python -c '
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert a[\"graph_signature\"] == b[\"graph_signature\"] and a[\"state\"] == b[\"state\"]
names = lambda p: [n[\"name\"] for n in p[\"graph_module\"][\"module\"][\"graph\"][\"nodes\"]]
assert names(a) == names(b)
' $program $tmp/$name.again.json"
  check "fmt $name pb->json->pb is stable" bash -c "$fmt $tmp/$name.again.json --to=pb | cmp -s - $tmp/$name.pb"
  check "fmt $name on stdin" bash -c "$fmt - --to=pb <$program | cmp -s - $tmp/$name.pb"
  check "fmt $name readable" bash -c "$fmt $program --to=readable | grep -q 'def forward'"
  check "fmt $name dot" bash -c "$fmt $program --to=dot | grep -q '^digraph'"
  check "fmt $name json->fxg->pb is the program again" bash -c "$fmt $program -o $tmp/$name.fxg && head -2 $tmp/$name.fxg | cmp -s - <(printf 'fxg 1\nprogram\n') && $fmt $tmp/$name.fxg --to=pb | cmp -s - $tmp/$name.pb"
  check "fmt $name fxg on stdin" bash -c "$fmt - --to=fxg <$tmp/$name.fxg | cmp -s - $tmp/$name.fxg"
  check "unflatten $name from fxg as from json" bash -c "$unflatten $tmp/$name.fxg -o $tmp/$name.u1.fxg && $unflatten $program -o $tmp/$name.u2.fxg && cmp -s $tmp/$name.u1.fxg $tmp/$name.u2.fxg"
  expect_error "fmt $name to fx" "an exported program (graph signature, state, module call graph) cannot be written as fx: use json, pb or fxg" $fmt $program --to=fx
done
expect_error "a pass tool on an exported program" "is an exported program; dedup works on modules" $dedup testing/exported/calls_twice.json -o $tmp/never.fxg
$python - testing/exported/calls_twice.json $tmp/bad_program.json <<'PY'
import json, sys
program = json.load(open(sys.argv[1]))
program["graph_signature"]["input_specs"].pop(0)
json.dump(program, open(sys.argv[2], "w"))
PY
expect_error "fmt validates an exported program" "placeholders but the signature lists" $fmt $tmp/bad_program.json -o $tmp/never.json
check "no partial outputs after the program errors" bash -c "! ls $tmp/never.* >$tmp/ls.txt 2>&1"

finish
