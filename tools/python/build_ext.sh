#!/usr/bin/env bash
# Compiles the fxpp._C extension without Bazel, for the python3 this runs
# under (its version's suffix: fxpp/_C.cpython-313-x86_64-linux-gnu.so), from
# the source files given. For interpreters Bazel does not build for, e.g.
# PyTorch 2.6's Python 3.13 in the torch26 chroot; tools/python/build_ext_torch26.sh
# lists the sources with `bazel query` and runs this there. Needs g++,
# pybind11-dev, python3-dev, libabsl-dev, libre2-dev, libprotobuf-dev and
# protobuf-compiler.
#   build_ext.sh OUT_DIR SOURCE...   (paths relative to the repository root)
set -euo pipefail
out_dir=$1
shift
cd "$(dirname "$0")/../.."
# Objects stay between runs (rebuilt when their source is newer).
build=${FXPP_EXT_BUILD_DIR:-${TMPDIR:-/tmp}/fxpp-ext-build}
mkdir -p "$build"

sources=()
for src in "$@"; do
  case "$src" in
    *.proto)
      protoc --proto_path=. --cpp_out="$build" "$src"
      sources+=("$build/${src%.proto}.pb.cc") ;;
    passes/op_schema/aten_schemas.txt)  # as //passes/op_schema:aten_schemas_data makes it
      { echo 'namespace fxpp { extern const char kAtenSchemaText[] = R"fxppschemas('
        cat "$src"; echo ')fxppschemas"; }'; } > "$build/aten_schemas_data.cc"
      sources+=("$build/aten_schemas_data.cc") ;;
    *.cc) sources+=("$src") ;;
  esac
done

python=${PYTHON:-python3}
suffix=$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
includes=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
# A release build (-DNDEBUG), as Bazel's -c opt: without it pybind11 2.13
# counts every handle's references in a thread_local and checks the GIL on
# each, and Abseil's tables hash every key twice to check Hash/Eq agree
# (together ~10% of the torch -> IR conversion, session s13).
flags=(-std=c++17 -O2 -DNDEBUG -fPIC -fvisibility=hidden -I. -I"$build" -isystem "$includes")
objects=()
stale=()
for src in "${sources[@]}"; do
  obj="$build/$(echo "${src#"$build"/}" | tr / _).o"
  objects+=("$obj")
  [ "$obj" -nt "$src" ] || stale+=("$src")
done
printf "%s\n" "${stale[@]}" | { grep . || true; } | xargs -r -P "$(nproc)" -I{} sh -c \
  'g++ "$@" -c "{}" -o "'"$build"'/$(echo "{}" | sed "s|^'"$build"'/||" | tr / _).o"' \
  sh "${flags[@]}"
libs=$(pkg-config --libs re2 protobuf absl_statusor absl_status absl_strings absl_str_format \
  absl_flat_hash_map absl_flat_hash_set absl_hash absl_synchronization absl_time absl_cord)
mkdir -p "$out_dir"
g++ -shared -o "$out_dir/_C$suffix" "${objects[@]}" $libs
echo "built $out_dir/_C$suffix"
