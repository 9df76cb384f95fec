// Plumbing shared by the command-line tools: flag parsing with absl, input
// and output paths that work under `bazel run`, bundled examples, and one
// way to report errors (a message on stderr and exit status 1).
#ifndef FXPP_TOOLS_CLI_H_
#define FXPP_TOOLS_CLI_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "ir/io/module_io.h"

namespace fxpp {

// Parses absl flags (exiting on unknown flags with absl's message) and
// returns the positional arguments after the program name. Flag names may
// be spelled with dashes, as mlir-opt's are: --verify-each = --verify_each.
// `more_flags` are flags the tool took out of argv itself (pass options),
// suggested for a misspelt flag like absl's own.
std::vector<std::string> ParseToolFlags(int argc, char** argv, absl::string_view usage,
                                        const std::vector<std::string>& more_flags = {});

// A path the user typed: under `bazel run` relative paths are relative to
// the directory bazel was run from, not the runfiles tree.
std::string ResolveUserPath(absl::string_view path);

// A file bundled with the tool as data (workspace-relative path).
std::string BundledPath(absl::string_view workspace_path);

// The input format a --from flag names; nullopt when it is empty, for
// ReadModule to tell by extension or contents. An unknown name is an error.
absl::StatusOr<absl::optional<Format>> ChooseInputFormat(absl::string_view flag_value);

// Verifies a tool's input (VerifyGraphModule), so that no pass ever sees a
// malformed module: errors point at the input's file:line:col where it has
// lines, and name the node. Attribute targets (call_module, get_attr) are
// checked when the input carries module state (parameters, buffers,
// constants); plain FX text carries none.
// `allow_forward_references` is for tools that only convert or reorder.
absl::Status VerifyInputModule(const LoadedModule& loaded, bool allow_forward_references = false);

// Whether any module of the tree has parameters, buffers or constants: a
// module converted from FX text (or split or deduplicated from one) has
// none, and its get_attr targets cannot be checked.
bool ModuleHasState(const GraphModule& module);

// Tells, on stderr, that a tool without input ran on its bundled example.
void NoteBundledExample(absl::string_view tool, absl::string_view example);

// Prints "<tool>: error: <message>" to stderr and returns 1.
int Fail(absl::string_view tool, const absl::Status& status);

// A tool's main after flag parsing: runs `run`, turns running out of memory
// into a message (instead of std::terminate), checks that everything written
// to stdout arrived, and returns the exit status (0, or 1 with Fail's
// message).
int RunTool(absl::string_view tool, absl::FunctionRef<absl::Status()> run);

}  // namespace fxpp

#endif  // FXPP_TOOLS_CLI_H_
