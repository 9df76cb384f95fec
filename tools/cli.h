// Plumbing shared by the command-line tools: flag parsing with absl, input
// and output paths that work under `bazel run`, bundled examples, and one
// way to report errors (a message on stderr and exit status 1).
#ifndef FXPP_TOOLS_CLI_H_
#define FXPP_TOOLS_CLI_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace fxpp {

// Parses absl flags (exiting on unknown flags with absl's message) and
// returns the positional arguments after the program name.
std::vector<std::string> ParseToolFlags(int argc, char** argv, absl::string_view usage);

// A path the user typed: under `bazel run` relative paths are relative to
// the directory bazel was run from, not the runfiles tree.
std::string ResolveUserPath(absl::string_view path);

// A file bundled with the tool as data (workspace-relative path).
std::string BundledPath(absl::string_view workspace_path);

// Prints "<tool>: error: <message>" to stderr and returns 1.
int Fail(absl::string_view tool, const absl::Status& status);

}  // namespace fxpp

#endif  // FXPP_TOOLS_CLI_H_
