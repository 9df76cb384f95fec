#!/usr/bin/env bash
# Replays every fuzz target's seeds made from the FX text fixtures (as
# tools/fuzz.sh makes them, less ir/readable's JSON modules, which live in
# another package) and its committed crash reproducers
# (regressions/<target>/) through the target: its replay driver in the
# ordinary build, libFuzzer under --config=fuzz, which with -runs=0 runs
# each input of the directories once and stops. A crash, an abort on a
# broken property, or a sanitizer report fails the test.
set -euo pipefail

cd "${TEST_SRCDIR}/${TEST_WORKSPACE}"
seeds="$TEST_TMPDIR/seeds"
mapfile -t fixtures < <(find testing/graphs -name '*.fx' | sort)
testing/fuzz/make_seeds.sh tools/fmt "$seeds" "${fixtures[@]}"
# Exported programs are seeds as they are (make_seeds takes modules).
mkdir -p "$seeds/exported_program"
for program in testing/exported/*.json; do
  case "$program" in *.unflatten.json|*/pytorch_unflatten_times.json) continue ;; esac
  cp "$program" "$seeds/exported_program/"
done
# Their binary form, for exported_program_pb, and their fxg, for fxg.
mkdir -p "$seeds/exported_program_pb"
for program in "$seeds"/exported_program/*.json; do
  name=$(basename "$program")
  tools/fmt "$program" -o "$seeds/exported_program_pb/${name%.json}.pb"
  tools/fmt "$program" -o "$seeds/fxg/program_${name%.json}.fxg"
done

failed=0
for target in exported_program exported_program_pb fx_text fxg pipeline proto_binary proto_json; do
  inputs=("$seeds/$target")
  [ -d "testing/fuzz/regressions/$target" ] && inputs+=("testing/fuzz/regressions/$target")
  if testing/fuzz/${target}_fuzzer -runs=0 "${inputs[@]}" 2>"$TEST_TMPDIR/$target.log"; then
    echo "ok   $target: $(tail -n 1 "$TEST_TMPDIR/$target.log")"
  else
    echo "FAIL $target:"
    tail -n 30 "$TEST_TMPDIR/$target.log"
    failed=1
  fi
done
exit "$failed"
