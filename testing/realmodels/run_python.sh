#!/usr/bin/env bash
# Runs a script of the Python bridge under Debian's /usr/bin/python3 (the one
# with python3-torch 1.13 and torchvision; the first python3 on PATH may have
# no torch), from the runfiles root, where the tools are tools/<name>.
#   run_python.sh SCRIPT ARGS...
set -euo pipefail
export HOME="${TEST_TMPDIR}" TMPDIR="${TEST_TMPDIR}" PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH=tools/python
exec /usr/bin/python3 "$@"
