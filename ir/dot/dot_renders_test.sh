#!/usr/bin/env bash
# graphviz (installed by tools/setup.sh) must draw every DOT golden.
set -uo pipefail
tmp=${TEST_TMPDIR:-$(mktemp -d)}
# fontconfig (under graphviz) fails when it finds no font cache and no
# writable place for one, as on a fresh machine with a read-only HOME: give it
# one of its own.
export XDG_CACHE_HOME="$tmp/cache"
failures=0
count=0
for f in ir/dot/testdata/*.dot; do
  count=$((count + 1))
  if ! dot -Tsvg "$f" -o "$tmp/out.svg" 2>"$tmp/err.txt" || [ -s "$tmp/err.txt" ]; then
    echo "FAIL: graphviz cannot draw $f:"; cat "$tmp/err.txt"; failures=$((failures + 1))
  elif ! grep -q "<svg" "$tmp/out.svg"; then
    echo "FAIL: no SVG for $f"; failures=$((failures + 1))
  fi
done
echo "dot_renders_test: $((count - failures)) rendered, $failures failed"
[ $count -gt 0 ] && [ $failures -eq 0 ]
