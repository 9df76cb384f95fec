#!/usr/bin/env bash
# Sums the GoogleTest cases of the last `bazel test` from bazel-testlogs/**/test.xml
# and prints "N passed, N failed" (plus skipped) on its own line.
set -euo pipefail
cd "$(dirname "$0")/.."
logs=$(bazel info bazel-testlogs 2>/dev/null) || { echo "no bazel test logs" >&2; exit 0; }
python3 - "$logs" <<'PY'
import pathlib, sys, xml.etree.ElementTree as ET
tests = failed = skipped = 0
for xml in pathlib.Path(sys.argv[1]).rglob("test.xml"):
    try:
        root = ET.parse(xml).getroot()
    except ET.ParseError:
        failed += 1  # a test binary that crashed before writing its report
        continue
    for suite in root.iter("testsuite"):
        tests += int(suite.get("tests", 0))
        failed += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skipped += int(suite.get("disabled", 0)) + int(suite.get("skipped", 0))
print(f"{tests - failed - skipped} passed, {failed} failed, {skipped} skipped")
PY
