#!/usr/bin/env bash
# build_ext.sh (the extension build for interpreters Bazel does not build
# for) must never link an object older than what it was compiled from: a
# stale object mixed with fresh ones is an ODR violation that crashes or
# computes wrongly at run time. Builds a tiny library in scratch checkouts
# and checks rebuilds after header, generated-source and checkout changes.
source tools/testlib.sh
script=$PWD/tools/python/build_ext.sh
export PYTHON=$python

make_checkout() {  # make_checkout DIR VALUE: a checkout whose library returns VALUE
  mkdir -p "$1/tools/python" "$1/x"
  cp "$script" "$1/tools/python/build_ext.sh"
  echo "#define FXPP_TEST_VALUE $2" > "$1/x/value.h"
  cat > "$1/x/lib.cc" <<'CC'
#include "x/value.h"
#include "x/m.pb.h"
extern "C" __attribute__((visibility("default"))) int fxpp_value() {
  fxpp_test::M m;
  m.set_a(FXPP_TEST_VALUE);
  return m.a();
}
CC
  printf 'syntax = "proto3";\npackage fxpp_test;\nmessage M { int32 a = 1; }\n' > "$1/x/m.proto"
}

build() {  # build DIR: builds DIR's library into DIR/out
  (cd "$1" && bash tools/python/build_ext.sh out x/m.proto x/lib.cc >/dev/null)
}

value_is() {  # value_is DIR N: the library built in DIR returns N
  local got
  got=$("$python" -c 'import ctypes, glob, sys
print(ctypes.CDLL(glob.glob(sys.argv[1] + "/out/_C*")[0]).fxpp_value())' "$1")
  [ "$got" = "$2" ] || { echo "value $got, expected $2"; return 1; }
}

# The modification time, to the nanosecond, of x/lib.cc's object in DIR's
# (default, per-checkout) build directory.
object_time() { stat -c %y "$1"/tools/python/build/ext*/x_lib.cc.o; }

a=$tmp/checkout_a
make_checkout "$a" 1
check "first build" build "$a"
check "first build's value" value_is "$a" 1

# Nothing changed: nothing is recompiled, protoc's output keeps its mtime.
stamp=$(object_time "$a")
check "rebuild without changes" build "$a"
check "nothing recompiled" test "$(object_time "$a")" = "$stamp"

# A header the source includes changed: its object is rebuilt.
echo "#define FXPP_TEST_VALUE 2" > "$a/x/value.h"
check "rebuild after a header change" build "$a"
check "header change reaches the library" value_is "$a" 2

# A generated header changed (the .proto): objects including it are rebuilt.
stamp=$(object_time "$a")
printf 'syntax = "proto3";\npackage fxpp_test;\nmessage M { int32 b = 2; int32 a = 1; }\n' \
  > "$a/x/m.proto"
check "rebuild after a proto change" build "$a"
check "proto change recompiles its includers" \
  test "$(object_time "$a")" != "$stamp"
check "value after the proto change" value_is "$a" 2

# A second checkout with older files builds its own objects, not a's.
b=$tmp/checkout_b
make_checkout "$b" 3
find "$b" -type f -exec touch -d '-2 hours' {} +
check "second checkout builds" build "$b"
check "second checkout's own value" value_is "$b" 3
check "first checkout unchanged" value_is "$a" 2

finish
