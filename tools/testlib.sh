# Shared by the tools' sh_tests: `source tools/testlib.sh`, then call
# check/expect_error for each case and `finish` last. Scratch files go to
# $tmp (Bazel's TEST_TMPDIR: /dev/null is read-only in Bazel's sandbox).
set -uo pipefail
tmp=${TEST_TMPDIR:-$(mktemp -d)}
failures=0
passes=0
# Debian's interpreter (tools/setup.sh installs PyTorch 1.13 for it), named
# outright: the first python3 on PATH may be another one, without torch.
python=/usr/bin/python3

check() {  # check NAME COMMAND...: the command must succeed
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else echo "FAIL: $name"; failures=$((failures + 1)); fi
}

expect_error() {  # expect_error NAME TEXT COMMAND...: non-zero exit, TEXT in stderr
  local name=$1 text=$2; shift 2
  local err
  if err=$("$@" 2>&1 >$tmp/stdout.txt); then
    echo "FAIL: $name: succeeded"; failures=$((failures + 1)); return
  fi
  if ! grep -qF -- "$text" <<<"$err"; then
    echo "FAIL: $name: message '$err' lacks '$text'"; failures=$((failures + 1)); return
  fi
  passes=$((passes + 1))
}

finish() {  # prints the tally; the test fails unless every case passed
  echo "$(basename "$0" .sh): $passes passed, $failures failed"
  [ "$failures" -eq 0 ] && [ "$passes" -gt 0 ]
}
