#!/usr/bin/env bash
# Builds fxpp._C for PyTorch 2.6 (Python 3.13 in the torch26 chroot,
# ../shared/tools/torch26), next to the package's sources:
# tools/python/fxpp/_C.cpython-313-x86_64-linux-gnu.so. Installs the build
# packages in the chroot once. Run from the repository root:
#   tools/python/build_ext_torch26.sh
# libtorch-dev is not needed for the build: it gives Inductor (torch.compile in
# the in-process tests) the ATen/c10 headers it compiles its kernels against.
# then e.g.
#   ../shared/tools/torch26 env PYTHONPATH=tools/python python3 ...
# A lock around this script must not pass to the Bazel server `bazel query`
# may start (it stays alive and would hold the lock): `flock -o LOCK ...`.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The torch26 runner beside the checkout (../shared/tools), as the README says.
torch26=${TORCH26:-../shared/tools/torch26}
mapfile -t sources < <(bazel query --noshow_progress \
  'kind("source file", deps(//tools:python/fxpp/_C.so)) except //third_party/...' 2>/dev/null |
  grep -v '^@' | sed -e 's|^//||' -e 's|^:||' -e 's|:|/|' | grep -E '\.(cc|proto|txt)$')
# The runner clears the environment: the build directory goes through env.
"$torch26" env FXPP_EXT_BUILD_DIR="${FXPP_EXT_BUILD_DIR:-}" bash -c '
  dpkg -s g++ pkg-config pybind11-dev python3-dev libabsl-dev libre2-dev libprotobuf-dev protobuf-compiler \
    libtorch-dev >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends g++ pybind11-dev python3-dev libabsl-dev libre2-dev libprotobuf-dev \
    protobuf-compiler pkg-config libtorch-dev
  bash tools/python/build_ext.sh tools/python/fxpp "$@"' bash "${sources[@]}"
