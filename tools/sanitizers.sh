#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (+ LeakSanitizer) and
# UndefinedBehaviorSanitizer, the `asan` and `ubsan` configs of .bazelrc
# (gcc, one sanitizer each), or `fuzz` (both configs at once with clang 14,
# plus libFuzzer's coverage instrumentation: the fuzz targets' build, which
# tools/fuzz.sh then reuses, so CI builds one sanitized tree, not three);
# or under ThreadSanitizer, `tsan` (name the tests of threaded code).
#
#   tools/sanitizers.sh [--config=asan|ubsan|fuzz|tsan]... [TARGET...]
#
# Default: asan and ubsan, one after the other, on every source package.
# Each config builds in its own Bazel output base
# (~/.cache/fxpp-asan-base-<checkout hash>, and likewise for ubsan;
# $FXPP_SANITIZER_BASE_DIR replaces ~/.cache), so its objects never replace
# those of the ordinary build; all share the disk cache of .bazelrc. Exits
# non-zero when any test fails (a sanitizer report fails its test).
set -euo pipefail

configs=()
targets=()
for arg in "$@"; do
  case "$arg" in
    --config=asan|--config=ubsan|--config=fuzz|--config=tsan) configs+=("${arg#--config=}") ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -//*) targets+=("$arg") ;;  # a subtracted target pattern
    -*) echo "sanitizers.sh: unknown flag '$arg' (see --help)" >&2; exit 2 ;;
    *) targets+=("$arg") ;;
  esac
done
((${#configs[@]})) || configs=(asan ubsan)
cd "$(dirname "$0")/.."
# Not //...: in another output base the main build's bazel-<name> link is an
# ordinary directory to Bazel, which would walk into it. The source packages:
if ((${#targets[@]} == 0)); then
  targets=(//:all)
  for dir in */; do
    dir=${dir%/}
    [[ $dir == bazel-* ]] && continue
    [ -n "$(find "$dir" -name BUILD -print -quit)" ] && targets+=("//$dir/...")
  done
fi
base_dir=${FXPP_SANITIZER_BASE_DIR:-$HOME/.cache}
# One output base per checkout: an output base belongs to one workspace.
checkout=$(pwd -P | md5sum | head -c 8)
failed=()
for config in "${configs[@]}"; do
  start=$SECONDS
  echo "sanitizers.sh: bazel test --config=$config ${targets[*]}" >&2
  # --symlink_prefix=/: leave the workspace's bazel-bin/bazel-out links
  # pointing at the ordinary build. --keep_going: report every failure.
  # --build_tests_only: benchmarks and the like need no sanitized build.
  # --max_idle_secs: its server exits after 10 idle minutes (not 3 hours).
  if bazel "--output_base=$base_dir/fxpp-$config-base-$checkout" --max_idle_secs=600 \
      test "--config=$config" --symlink_prefix=/ --keep_going --build_tests_only -- "${targets[@]}"; then
    echo "sanitizers.sh: $config passed in $((SECONDS - start)) s" >&2
  else
    echo "sanitizers.sh: $config FAILED after $((SECONDS - start)) s" >&2
    failed+=("$config")
  fi
done
if ((${#failed[@]})); then
  echo "sanitizers.sh: failed under ${failed[*]}" >&2
  exit 1
fi
