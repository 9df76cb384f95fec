#!/usr/bin/env bash
# io_cold writes io_bench's graphs in every lossless format and reads them
# back (module and exported program), reporting the node count it wrote;
# bad usage and unreadable files fail.
set -euo pipefail
io_cold=$1
dir=${TEST_TMPDIR:-$(mktemp -d)}
for kind in module program; do
  flag=$([ "$kind" = program ] && echo --program || echo --program=false)
  for ext in fxg pb json; do
    file="$dir/$kind.$ext"
    "$io_cold" --write_nodes=2000 "$flag" "$file"
    out=$("$io_cold" --reads=2 "$flag" "$file")
    echo "$out"
    grep -Eq "^$file: 20[0-9][0-9] nodes$" <<<"$out"
    grep -q "^read 1 (pools empty): .* M nodes/s (CPU .* ms)$" <<<"$out"
    grep -q "^reads 2-2: best .* M nodes/s (CPU .* ms)$" <<<"$out"
  done
done
if "$io_cold" 2>/dev/null; then echo "no FILE accepted" >&2; exit 1; fi
printf 'not a graph' >"$dir/bad.fxg"
if "$io_cold" "$dir/bad.fxg" 2>"$dir/err"; then echo "a bad file read" >&2; exit 1; fi
grep -q "bad.fxg" "$dir/err"
echo "io_cold_test: ok"
