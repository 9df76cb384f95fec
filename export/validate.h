// Validation of an ExportedProgram (export/exported_program.h): that its
// signature, module call graph, state and aliases describe its graph.
#ifndef FXPP_EXPORT_VALIDATE_H_
#define FXPP_EXPORT_VALIDATE_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "ir/verifier.h"

namespace fxpp {

// Checks that the signature describes the graph: one input spec per
// placeholder (same names, in order) and one output spec per returned value;
// kinds agree with their arguments and targets (parameters and buffers name
// state entries, mutations name buffers or user inputs, ...); module call
// signatures name nodes of the graph and match their pytree specs; aliases
// name known entries and never form a cycle; module call paths are well
// formed (CheckModulePath); and the graph module verifies. Errors name the
// spec, node or entry at fault.
// `graph`: how the graph module verifies (a reader that checked nesting
// says so).
absl::Status ValidateExportedProgram(const ExportedProgram& program,
                                     GraphVerifyOptions graph = {});

// A submodule's dotted path ("layers.0.attn"): non-empty parts, at most
// kMaxModuleDepth of them (ir/limits.h). The root's path "" is not one.
// `what` starts the error ("module call 'a..b'").
absl::Status CheckModulePath(absl::string_view path, absl::string_view what);

}  // namespace fxpp

#endif  // FXPP_EXPORT_VALIDATE_H_
