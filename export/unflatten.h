// Unflatten: torch.export.unflatten for fxpp's ExportedProgram. Rebuilds the
// module hierarchy of the original model from each node's nn_module_stack:
//
// - one graph per module call, with placeholders and outputs wherever values
//   cross a module boundary, and call_module nodes in the caller;
// - parameters, buffers and constants become state of the module that owns
//   them, read with get_attr (PyTorch's param sinking); buffer mutations that
//   export functionalized become in-place `aten.copy_` in the owning module;
// - a module called several times gets one graph per call, named `foo`,
//   `foo@1`, ...; calls whose graphs are structurally identical and call the
//   same modules are merged into the first, as PyTorch does (PyTorch merges
//   them whichever modules they call, a wrong result when a child's calls
//   differ: export/testdata/pytorch_wrong/nested_specialized_calls);
// - calls whose signature export preserved take and return their original
//   pytree structure (tree_flatten_spec / tree_unflatten nodes); a module
//   with a preserved signature called more than once becomes PyTorch's
//   InterpreterModuleDispatcher, its calls' modules behind it as children
//   `@0`, `@1`, ... (kModuleDispatcherClass, module_tree.h);
// - a module reachable under two names stays one module: the second name
//   holds a reference to the first (SharedModuleTarget, module_tree.h).
//
// Known PyTorch failure shapes are handled: back-to-back calls of one module
// (pytorch#132993: call indices in nn_module_stack keys) and programs whose
// module paths Dynamo recorded as Python source, e.g. a root nn.Sequential
// (pytorch#130931: `getattr(L['fn'], '0')` is module `0`).
#ifndef FXPP_EXPORT_UNFLATTEN_H_
#define FXPP_EXPORT_UNFLATTEN_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "export/graph_structure.h"
#include "export/module_tree.h"
#include "ir/graph.h"
#include "ir/graph_module.h"

namespace fxpp {

// A pytree spec attribute (`_spec_0`) of the module at `module_path`.
struct SpecAttribute {
  std::string module_path;  // "" for the root
  std::string name;         // "_spec_0"
  TreeSpec spec;
};

struct UnflattenResult {
  // The root (class UnflattenedModule), whose graph takes the flattened user
  // inputs; the original hierarchy below it.
  std::unique_ptr<GraphModule> module;
  // The program's module call graph; the root entry's specs say how to
  // flatten the original call's arguments (see MatchFlatArgs).
  std::vector<ModuleCallEntry> module_call_graph;
  std::vector<SpecAttribute> specs;
};

struct UnflattenOptions {
  // Run ValidateExportedProgram (export/validate.h) first. Programs from
  // ReadExportedProgram and the other parsers (export/program_proto.h) are
  // validated already.
  bool validate = true;
};

// The result passes VerifyGraphModule (ir/verifier.h), the check every
// reader runs; a module that would not is returned as an internal error.
absl::StatusOr<UnflattenResult> Unflatten(const ExportedProgram& program,
                                          const UnflattenOptions& options = {});

// PyTorch's FlatArgsAdapter: turns arguments flattened from a call whose
// pytree structure (`input_spec`) differs from the exported one
// (`target_spec`) into arguments for the exported program.
class FlatArgsAdapter {
 public:
  virtual ~FlatArgsAdapter() = default;
  virtual absl::StatusOr<std::vector<Argument>> Adapt(const TreeSpec& target_spec,
                                                      const TreeSpec& input_spec,
                                                      std::vector<Argument> input_args) const = 0;
};

// The flat arguments for a call of the unflattened module whose arguments
// flattened to `flat_args` with structure `input_spec`: unchanged when
// `input_spec` is the root signature's in_spec; otherwise adapted by
// `adapter`, and an error naming both specs when there is none or its result
// has the wrong number of leaves.
absl::StatusOr<std::vector<Argument>> MatchFlatArgs(const UnflattenResult& result,
                                                    const TreeSpec& input_spec,
                                                    std::vector<Argument> flat_args,
                                                    const FlatArgsAdapter* adapter = nullptr);

}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_H_
