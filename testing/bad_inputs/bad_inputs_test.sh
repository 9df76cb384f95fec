#!/usr/bin/env bash
# Runs every case of cases.tsv (the bad-input catalogue) through //tools:fmt
# or //tools:dedup and checks that the tool
#   - exits non-zero,
#   - prints the expected message (with its location) on stderr,
#   - writes nothing to stdout, and
#   - leaves no output file and no temporary file behind.
set -uo pipefail

cd "${TEST_SRCDIR}/${TEST_WORKSPACE}"
cases_dir=testing/bad_inputs/cases
declare -A tools=([fmt]=tools/fmt [dedup]=tools/dedup [split]=tools/split [unflatten]=tools/unflatten
                   [functionalize]=tools/functionalize)

# A directory the tools cannot write to. Root ignores permission bits, so
# under root fall back to a directory on a read-only file system (Bazel's
# sandbox mounts / read-only); without one the read-only cases are skipped.
ro="$TEST_TMPDIR/read_only"
mkdir -p "$ro"
chmod 555 "$ro"
if [ -w "$ro" ]; then
  ro=""
  for candidate in /usr /etc; do
    if [ -d "$candidate" ] && [ ! -w "$candidate" ]; then
      ro=$candidate
      break
    fi
  done
fi

passed=0
failed=0
skipped=0
fail() {
  echo "FAIL $name: $*"
  echo "     command: ${command[*]}"
  sed 's/^/     stderr: /' "$stderr"
  failed=$((failed + 1))
}

while IFS=$'\t' read -r name command_text expected; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  if [[ "$command_text" == *@RO@* && -z "$ro" ]]; then
    echo "SKIP $name: no read-only directory (running as root outside the sandbox)"
    skipped=$((skipped + 1))
    continue
  fi
  out="$TEST_TMPDIR/out/$name"
  mkdir -p "$out"
  substitute() {
    local s=${1//@CASES@/$cases_dir}
    s=${s//@OUT@/$out}
    printf '%s' "${s//@RO@/$ro}"
  }
  read -r -a command <<<"$(substitute "$command_text")"
  expected=$(substitute "$expected")
  tool=${tools[${command[0]}]:-}
  stdout="$TEST_TMPDIR/$name.stdout"
  stderr="$TEST_TMPDIR/$name.stderr"
  if [ -z "$tool" ]; then
    echo "FAIL $name: unknown tool '${command[0]}' in cases.tsv"
    failed=$((failed + 1))
    continue
  fi
  ro_before=$( [ -n "$ro" ] && ls -A "$ro")

  "$tool" "${command[@]:1}" >"$stdout" 2>"$stderr"
  status=$?

  if [ "$status" -eq 0 ]; then
    fail "exited 0"
  elif ! grep -qF -- "$expected" "$stderr"; then
    fail "stderr lacks: $expected"
  elif [ -s "$stdout" ]; then
    fail "wrote to stdout: $(head -c 200 "$stdout")"
  elif [ -n "$(ls -A "$out")" ]; then
    fail "left files in the output directory: $(ls -A "$out")"
  elif [ -n "$ro" ] && [ "$(ls -A "$ro")" != "$ro_before" ]; then
    fail "changed the read-only directory $ro"
  else
    echo "ok   $name"
    passed=$((passed + 1))
  fi
done <testing/bad_inputs/cases.tsv

echo "bad inputs: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
