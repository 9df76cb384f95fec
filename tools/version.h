// fxpp's version: the one place it is written. `--version` on every tool
// prints it (tools/cli.cc); tools/version_test.sh checks that the Python
// package (tools/python/pyproject.toml) says the same.
#ifndef FXPP_TOOLS_VERSION_H_
#define FXPP_TOOLS_VERSION_H_

namespace fxpp {

inline constexpr char kFxppVersion[] = "0.1.0";

}  // namespace fxpp

#endif  // FXPP_TOOLS_VERSION_H_
