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
python=${PYTHON:-python3}
suffix=$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
includes=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
# Objects stay between runs, in this checkout (two checkouts sharing one
# directory would each take the other's objects for up to date) and per
# interpreter. An object is rebuilt when its source or any header it
# included is newer, or when the compiler or flags changed.
build=${FXPP_EXT_BUILD_DIR:-tools/python/build/ext${suffix%.so}}
mkdir -p "$build"

# Writes stdin to $1 only if that changes it: generated sources keep their
# mtime across runs, so their objects (and every object including a
# generated header) are not rebuilt each time.
update_if_changed() {
  local tmp
  tmp=$(mktemp "$1.XXXXXX")
  cat > "$tmp"
  if cmp -s "$tmp" "$1"; then rm -f "$tmp"; else mv -f "$tmp" "$1"; fi
}

sources=()
for src in "$@"; do
  case "$src" in
    *.proto)
      gen=$(mktemp -d "$build/protoc.XXXXXX")
      protoc --proto_path=. --cpp_out="$gen" "$src"
      mkdir -p "$build/$(dirname "$src")"
      for ext in pb.h pb.cc; do
        update_if_changed "$build/${src%.proto}.$ext" < "$gen/${src%.proto}.$ext"
      done
      rm -rf "$gen"
      sources+=("$build/${src%.proto}.pb.cc") ;;
    passes/op_schema/aten_schemas.txt)  # as //passes/op_schema:aten_schemas_data makes it
      { echo 'namespace fxpp { extern const char kAtenSchemaText[] = R"fxppschemas('
        cat "$src"; echo ')fxppschemas"; }'; } | update_if_changed "$build/aten_schemas_data.cc"
      sources+=("$build/aten_schemas_data.cc") ;;
    *.cc) sources+=("$src") ;;
  esac
done

# A release build (-DNDEBUG), as Bazel's -c opt: without it pybind11 2.13
# counts every handle's references in a thread_local and checks the GIL on
# each, and Abseil's tables hash every key twice to check Hash/Eq agree
# (together ~10% of the torch -> IR conversion, session s13).
flags=(-std=c++17 -O2 -DNDEBUG -fPIC -fvisibility=hidden -I. -I"$build" -isystem "$includes")
# Objects built with other flags or another compiler are all stale.
printf '%s\n' "${flags[*]}" "$(g++ --version | head -n 1)" | update_if_changed "$build/flags"
objects=()
stale=()
for src in "${sources[@]}"; do
  obj="$build/$(echo "${src#"$build"/}" | tr / _).o"
  objects+=("$obj")
  # The .d file (g++ -MMD) lists the source and every header it included;
  # -MP's "header:" lines and the "object:" target end in ':'.
  if [ ! -e "$obj.d" ] || [ ! "$obj" -nt "$build/flags" ] ||
     [ -n "$(sed 's/\\$//' "$obj.d" | tr -s ' \t' '\n' | grep -v -e ':$' -e '^$' |
             xargs -r sh -c 'for f; do
               if [ "$f" -nt "$0" ] || [ ! -e "$f" ]; then echo "$f"; exit; fi
             done' "$obj")" ]; then
    stale+=("$src")
  fi
done
printf "%s\n" "${stale[@]}" | { grep . || true; } | xargs -r -P "$(nproc)" -I{} sh -c \
  'obj="'"$build"'/$(echo "{}" | sed "s|^'"$build"'/||" | tr / _).o"
   g++ "$@" -MMD -MP -MF "$obj.d" -c "{}" -o "$obj"' \
  sh "${flags[@]}"
libs=$(pkg-config --libs re2 protobuf absl_statusor absl_status absl_strings absl_str_format \
  absl_flat_hash_map absl_flat_hash_set absl_hash absl_synchronization absl_time absl_cord)
mkdir -p "$out_dir"
g++ -shared -o "$out_dir/_C$suffix" "${objects[@]}" $libs
echo "built $out_dir/_C$suffix"
