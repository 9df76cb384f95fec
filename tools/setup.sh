#!/usr/bin/env bash
# Installs every Debian package fxpp's build, tests, tools and interop checks
# need. Idempotent: packages already present are left alone, and apt is only
# contacted when something is missing.
set -euo pipefail

packages=(
  bazel-bootstrap            # Bazel 4.2.3
  g++ pkg-config
  libabsl-dev libre2-dev
  libgtest-dev libgmock-dev
  libprotobuf-dev protobuf-compiler
  libbenchmark-dev
  python3-torch python3-torchvision   # PyTorch 1.13 for interop tests
  graphviz                            # SVG pictures of graphs
  clang-14 libclang-rt-14-dev         # libFuzzer targets (tools/fuzz.sh)
  lld-14                              # their linker (.bazelrc, config fuzz)
  pybind11-dev python3-dev            # the fxpp._C extension (fxpp.torch)
  python3-clang-14                    # tools/check_function_length.py (libclang)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all ${#packages[@]} packages present" >&2
fi
