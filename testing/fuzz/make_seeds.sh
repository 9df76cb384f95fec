#!/usr/bin/env bash
# Writes the seed corpus of every fuzz target:
#   make_seeds.sh FMT OUT_DIR INPUT...
# FMT is a built //tools:fmt; each INPUT is a graph module in any format fmt
# reads (.fx, .fxg, .json, .pb). OUT_DIR/<target>/ gets one file per input:
# FX text inputs as they are for fx_text and pipeline, and every input
# converted to fxg, protobuf binary and JSON for fxg, proto_binary and
# proto_json. An input fmt cannot convert is an error: seeds are valid graphs.
set -euo pipefail

if (($# < 3)); then
  echo "usage: make_seeds.sh FMT OUT_DIR INPUT..." >&2
  exit 2
fi
fmt=$1
out=$2
shift 2

mkdir -p "$out"/{fx_text,pipeline,fxg,proto_binary,proto_json}
for input in "$@"; do
  # testing/graphs/torch113/hand_gpt.fx -> torch113_hand_gpt.fx
  file=$(basename "$input")
  base=$(basename "$(dirname "$input")")_${file%.*}
  if [[ "$input" == *.fx ]]; then
    cp "$input" "$out/fx_text/$base.fx"
    cp "$input" "$out/pipeline/$base.fx"
  fi
  "$fmt" "$input" -o "$out/fxg/$base.fxg"
  "$fmt" "$input" -o "$out/proto_binary/$base.pb"
  "$fmt" "$input" -o "$out/proto_json/$base.json"
done
echo "make_seeds: $# inputs -> $out/{fx_text,pipeline,fxg,proto_binary,proto_json}" >&2
