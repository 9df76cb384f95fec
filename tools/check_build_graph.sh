#!/usr/bin/env bash
# Checks of fxpp's build graph that a `bazel test` cannot make (they need
# `bazel query`); .ci/run runs them. Fails, naming the targets, when
#  1. depending on //passes/dedup pulls in another pass than those dedup
#     uses (region_tracking, topo_sort, op_schema), a tool, the registry,
#     bench or testing code, or any testonly target: a workspace that uses
#     one pass gets that pass (docs/API.md);
#  2. a C++ target with sources lacks FXPP_COPTS (copts.bzl): without it the
#     target builds in fxpp, whose .bazelrc sets C++17, but not from a
#     workspace that uses fxpp (docs/ARCHITECTURE.md, "Build conventions").
set -uo pipefail
cd "$(dirname "$0")/.."

query() { bazel query --noshow_progress --output=label "$@" 2>/dev/null; }
failed=0

# Targets a single pass must not bring along. Applied to //tools:dedup first,
# which has all of them, so that a query that went wrong cannot pass.
only_its_own() {
  query "kind(rule, deps($1)) intersect (//passes/... + //tools/... + //bench/... + //testing/...)
         except (//passes/dedup:* + //passes/region_tracking:* + //passes/topo_sort:*
                 + //passes/op_schema:* + //passes:pass)
         + attr(testonly, 1, deps($1))"
}
if [ -z "$(only_its_own //tools:dedup)" ]; then
  echo "check_build_graph: the query finds nothing foreign even in //tools:dedup: it is broken"
  failed=1
fi
foreign=$(only_its_own //passes/dedup)
if [ -n "$foreign" ]; then
  echo "FAIL: //passes/dedup depends on targets a pass must not bring along:"
  sed 's/^/  /' <<<"$foreign"
  failed=1
fi

missing=$(query 'kind("cc_(library|binary|test) rule", //...)
                 except attr(srcs, "^\[\]$", //...)
                 except attr(copts, "-std=c\+\+17", //...)')
if [ -n "$missing" ]; then
  echo "FAIL: C++ targets without copts = FXPP_COPTS (load(\"//:copts.bzl\", \"FXPP_COPTS\")):"
  sed 's/^/  /' <<<"$missing"
  failed=1
fi

[ $failed -eq 0 ] && echo "check_build_graph: //passes/dedup pulls in no other pass, tool or test code; every C++ target carries FXPP_COPTS"
exit $failed
