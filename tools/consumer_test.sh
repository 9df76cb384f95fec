#!/usr/bin/env bash
# Builds and tests examples/consumer, a workspace of its own that uses fxpp
# as an external repository (README.md, "Use fxpp from your workspace"):
#  1. in place, where its WORKSPACE points at this checkout as "../..";
#  2. from a copy in a temporary directory, with that path changed to this
#     checkout's, the one change the README asks for;
#  3. in the copy: a wrong golden fails the golden test with a diff, and
#     `bazel run ... -- --update_goldens` rewrites the copy's own golden.
# Arguments go to every bazel build/test/run (.ci/run passes the disk cache).
set -uo pipefail
cd "$(dirname "$0")/.."
fxpp=$(pwd)
failed=0
fail() { echo "FAIL: $*"; failed=1; }
flags=("$@")

echo "consumer_test: examples/consumer in place"
(cd examples/consumer && bazel test //... --nocache_test_results "${flags[@]}") ||
  fail "bazel test //... in examples/consumer"

work=$(mktemp -d)
copy=$work/elsewhere/consumer
mkdir -p "$copy"
# The folder as committed: not the bazel-* links of the build above.
(cd examples/consumer && tar cf - --exclude='./bazel-*' .) | (cd "$copy" && tar xf -)
sed -i "s|path = \"../..\",|path = \"$fxpp\",|" "$copy/WORKSPACE"
grep -qF "path = \"$fxpp\"," "$copy/WORKSPACE" || fail "the copy's WORKSPACE has no path = \"../..\" to change"
in_copy() { (cd "$copy" && bazel --output_base="$work/output_base" "$@"); }

echo "consumer_test: a copy in $copy"
in_copy test //... --nocache_test_results "${flags[@]}" || fail "bazel test //... in the copy"

golden=testdata/two_blocks.out
printf 'a wrong golden\n' >"$copy/$golden"
if in_copy test //:dedup_and_sort_golden_test --nocache_test_results --test_output=errors \
  "${flags[@]}" >"$work/wrong.log" 2>&1; then
  fail "the golden test passes with a wrong golden"
elif ! grep -qF -- "-a wrong golden" "$work/wrong.log" ||
  ! grep -qF -- "+++ $golden (actual)" "$work/wrong.log"; then
  fail "the golden test failed without the diff:"; tail -20 "$work/wrong.log"
fi
in_copy run //:dedup_and_sort_golden_test "${flags[@]}" -- --update_goldens >"$work/update.log" 2>&1 ||
  { fail "--update_goldens in the copy"; tail -20 "$work/update.log"; }
grep -qF "Updated golden $copy/$golden" "$work/update.log" ||
  fail "--update_goldens did not report rewriting the copy's $golden"
cmp -s "$copy/$golden" "examples/consumer/$golden" ||
  fail "--update_goldens did not restore the copy's $golden"
in_copy test //... --nocache_test_results "${flags[@]}" >/dev/null 2>&1 ||
  fail "the copy's tests fail after --update_goldens"

in_copy shutdown
rm -rf "$work"
[ $failed -eq 0 ] && echo "consumer_test: in place, from a copy elsewhere, and its goldens: all passed"
exit $failed
