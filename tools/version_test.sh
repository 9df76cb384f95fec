#!/usr/bin/env bash
# fxpp's version has one source, tools/version.h: every tool prints it with
# --version, and the Python package declares the same.
source tools/testlib.sh
version=$(sed -n 's/.*kFxppVersion\[\] = "\(.*\)";/\1/p' tools/version.h)
check "tools/version.h names a version" test -n "$version"
for tool in fmt dedup split functionalize unflatten fxopt; do
  check "$tool --version prints it and the build mode" bash -c \
    "tools/$tool --version | grep -qE '^fxpp $version, (debug|optimized) build'"
done
check "pyproject.toml has the same version" \
  grep -qx "version = \"$version\"" tools/python/pyproject.toml
finish
