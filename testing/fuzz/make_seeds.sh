#!/usr/bin/env bash
# Writes the seed corpus of every fuzz target:
#   make_seeds.sh FMT OUT_DIR INPUT...
# FMT is a built //tools:fmt; each INPUT is a graph module in any format fmt
# reads (.fx, .fxg, .json, .pb). OUT_DIR/<target>/ gets one file per input:
# FX text inputs as they are for fx_text and pipeline (other inputs with
# subgraphs as FX text with subgraph sections), and every input
# converted to fxg, protobuf binary and JSON for fxg, proto_binary and
# proto_json. Seeds are valid graphs: an input fmt refuses (some fixtures are
# graphs PyTorch prints but cannot run, e.g. a getitem with one argument) is
# skipped with a note, as long as some inputs remain.
set -euo pipefail

if (($# < 3)); then
  echo "usage: make_seeds.sh FMT OUT_DIR INPUT..." >&2
  exit 2
fi
fmt=$1
out=$2
shift 2

mkdir -p "$out"/{fx_text,pipeline,fxg,proto_binary,proto_json}
used=0
for input in "$@"; do
  # testing/graphs/torch113/hand_gpt.fx -> torch113_hand_gpt.fx
  file=$(basename "$input")
  base=$(basename "$(dirname "$input")")_${file%.*}
  if ! "$fmt" "$input" -o "$out/fxg/$base.fxg" 2>"$out/fmt.err"; then
    echo "make_seeds: skipped $input: $(cat "$out/fmt.err")" >&2
    continue
  fi
  if [[ "$input" == *.fx ]]; then
    cp "$input" "$out/fx_text/$base.fx"
    cp "$input" "$out/pipeline/$base.fx"
  elif grep -q '^module [^:]' "$out/fxg/$base.fxg"; then
    # A module with subgraphs (export_cond's branches): its FX text has
    # 'graph PATH():' sections, which the one-graph fixtures never show.
    "$fmt" "$input" --to=fx -o "$out/fx_text/$base.fx"
    cp "$out/fx_text/$base.fx" "$out/pipeline/$base.fx"
  fi
  "$fmt" "$input" -o "$out/proto_binary/$base.pb"
  "$fmt" "$input" -o "$out/proto_json/$base.json"
  used=$((used + 1))
done
rm -f "$out/fmt.err"
((used > 0)) || { echo "make_seeds: fmt refused every input" >&2; exit 1; }
echo "make_seeds: $used of $# inputs -> $out/{fx_text,pipeline,fxg,proto_binary,proto_json}" >&2
