#!/usr/bin/env bash
# Builds fxpp's libFuzzer targets (testing/fuzz/) with clang 14 and runs each
# on a seed corpus made from the fixtures (docs/FUZZING.md).
#
#   tools/fuzz.sh [--seconds=N] [--runs=N] [--corpus=DIR] [--build=asan|fast]
#                 [TARGET...] [-- LIBFUZZER_FLAG...]
#
# TARGET is fx_text, fxg, proto_binary, proto_json, pipeline,
# exported_program or exported_program_pb (default: all).
# Each target runs for N seconds (default 10) or N executions, whichever is
# given (--runs wins), one after the other. New inputs go to
# DIR/corpus/<target> (default: a temporary directory, removed at exit), so a
# long run can be resumed with the same --corpus. Crash reproducers are kept
# in DIR/artifacts/<target>/ (the temporary directory is then kept too).
# Exits non-zero when any target crashed, leaked, timed out or broke a
# property. Uses its own Bazel output base ($FXPP_FUZZ_OUTPUT_BASE, default
# ~/.cache/fxpp-fuzz-base-<checkout hash>), so the shared gcc build is never
# disturbed.
# --build=asan (default) is .bazelrc's --config=fuzz (ASan+UBSan, -O1), the
# build CI tests with; --build=fast is --config=fuzzfast (UBSan, -O2, no ASan)
# in an output base of its own, for long campaigns: replay their corpus with
# the asan build afterwards (--runs=0 --corpus=DIR).
set -euo pipefail

all_targets=(fx_text fxg proto_binary proto_json pipeline exported_program exported_program_pb)
seconds=10
runs=""
work=""
build=asan
targets=()
extra=()
while (($#)); do
  case "$1" in
    --seconds=*) seconds=${1#*=} ;;
    --runs=*) runs=${1#*=} ;;
    --corpus=*) work=${1#*=} ;;
    --build=asan|--build=fast) build=${1#*=} ;;
    --build=*) echo "fuzz.sh: unknown build '${1#*=}' (expected asan or fast)" >&2; exit 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown flag '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [[ " ${all_targets[*]} " != *" $1 "* ]]; then
        echo "fuzz.sh: unknown target '$1' (expected one of: ${all_targets[*]})" >&2
        exit 2
      fi
      targets+=("$1") ;;
  esac
  shift
done
((${#targets[@]})) || targets=("${all_targets[@]}")
for n in "$seconds" ${runs:+"$runs"}; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: '$n' is not a whole number" >&2; exit 2; }
done

cd "$(dirname "$0")/.."
for tool in clang-14 bazel; do
  command -v "$tool" >/dev/null || { echo "fuzz.sh: $tool not found; run tools/setup.sh" >&2; exit 2; }
done

# One output base per checkout: an output base belongs to one workspace.
checkout=$(pwd -P | md5sum | head -c 8)
config=fuzz
suffix=""
[ "$build" = asan ] || { config=fuzzfast; suffix=-fast; }
output_base=${FXPP_FUZZ_OUTPUT_BASE:-$HOME/.cache/fxpp-fuzz-base-$checkout}$suffix
# The server of this output base exits after 10 idle minutes (not 3 hours).
bazel_fuzz=(bazel "--output_base=$output_base" --max_idle_secs=600)
build_targets=(//tools:fmt)
for t in "${targets[@]}"; do build_targets+=("//testing/fuzz:${t}_fuzzer"); done
# --symlink_prefix=/: leave the workspace's bazel-bin/bazel-out links pointing
# at the shared build.
"${bazel_fuzz[@]}" build "--config=$config" --symlink_prefix=/ "${build_targets[@]}"
bin=$("${bazel_fuzz[@]}" info "--config=$config" bazel-bin 2>/dev/null)

if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/fxpp-fuzz.XXXXXX")
  trap 'find "$work/artifacts" -type f 2>/dev/null | grep -q . || rm -rf "$work"' EXIT
fi
mkdir -p "$work"
# FX text fixtures, plus modules with full metadata (shapes, stack traces,
# module stacks) for the formats that carry it.
mapfile -t fixtures < <({ find testing/graphs -name "*.fx"; find ir/readable/testdata -name "*.json"; } | sort)
rm -rf "$work/seeds"
testing/fuzz/make_seeds.sh "$bin/tools/fmt" "$work/seeds" "${fixtures[@]}"
# Exported programs are seeds as they are (fmt does not read them), up to
# exported_program's -max_len: each execution parses, unflattens and round-
# trips the whole program through four formats, so its cost grows with the
# input: the 190 KB transformer took ~0.9 s per execution, 10-20 KB programs
# ~80 ms (ASan+UBSan, loaded machine; docs/FUZZING.md).
ep_max_len=24576
mkdir -p "$work/seeds/exported_program"
find testing/exported -name '*.json' ! -name '*.unflatten.json' \
  ! -name pytorch_unflatten_times.json -size -$((ep_max_len + 1))c \
  -exec cp {} "$work/seeds/exported_program/" \;
# Their binary form, for exported_program_pb, and their fxg, for fxg.
mkdir -p "$work/seeds/exported_program_pb"
for program in "$work"/seeds/exported_program/*.json; do
  name=$(basename "$program")
  "$bin/tools/fmt" "$program" -o "$work/seeds/exported_program_pb/${name%.json}.pb"
  "$bin/tools/fmt" "$program" -o "$work/seeds/fxg/program_${name%.json}.fxg"
done

limit=(-max_total_time="$seconds")
[ -z "$runs" ] || limit=(-runs="$runs")
failed=()
for t in "${targets[@]}"; do
  mkdir -p "$work/corpus/$t" "$work/artifacts/$t"
  # pipeline reads FX text too.
  dict_file=testing/fuzz/${t/#pipeline/fx_text}.dict
  [ "$t" != exported_program ] || dict_file=testing/fuzz/proto_json.dict
  dict=()
  [ -f "$dict_file" ] && dict=(-dict="$dict_file")
  # A -max_len given after -- wins (libFuzzer takes the last one).
  max_len=()
  [ "$t" != exported_program ] || max_len=(-max_len="$ep_max_len")
  log="$work/$t.log"
  echo "fuzz.sh: $t (${limit[*]}) ..." >&2
  # Seeds are read-only input; new coverage goes to the corpus directory.
  # Real models take milliseconds; 10 s for one input means a hang.
  if "$bin/testing/fuzz/${t}_fuzzer" "${limit[@]}" -timeout=10 -print_final_stats=1 \
      -artifact_prefix="$work/artifacts/$t/" "${dict[@]}" "${max_len[@]}" "${extra[@]}" \
      "$work/corpus/$t" "$work/seeds/$t" >"$log" 2>&1; then
    stats=$(grep -E '^#[0-9]+.*(DONE|cov:)' "$log" | tail -n 1 || true)
    echo "ok     $t: ${stats:-no stats}"
  else
    echo "CRASH  $t: see $log and $work/artifacts/$t/"
    grep -E 'ERROR|property violated|SUMMARY' "$log" | head -n 5 | sed 's/^/         /'
    failed+=("$t")
  fi
done
if ((${#failed[@]})); then
  echo "fuzz.sh: ${#failed[@]} target(s) failed: ${failed[*]} (reproducers in $work/artifacts)" >&2
  exit 1
fi
echo "fuzz.sh: ${#targets[@]} target(s) ran without a crash" >&2
