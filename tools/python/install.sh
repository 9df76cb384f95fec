#!/usr/bin/env bash
# Installs the fxpp package (fxpp.dump/load and fxpp.torch with its compiled
# extension) into Debian's /usr/bin/python3, the one with python3-torch:
#   tools/python/install.sh
# Afterwards `import fxpp.torch` works without PYTHONPATH. Bazel builds the
# extension (setup.py); pip is told that Debian's Python is the target
# (PEP 668) and to use the system setuptools (offline).
set -euo pipefail
cd "$(dirname "$0")"
exec /usr/bin/python3 -m pip install --no-build-isolation --break-system-packages --no-deps "$@" .
