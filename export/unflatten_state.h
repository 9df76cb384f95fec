// Unflatten's state step (internal to //export:unflatten): attributes and
// state of the program go to the modules that own or read them.
#ifndef FXPP_EXPORT_UNFLATTEN_STATE_H_
#define FXPP_EXPORT_UNFLATTEN_STATE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "export/exported_program.h"
#include "export/unflatten_modules.h"

namespace fxpp {
namespace unflatten_internal {

// Higher-order-op subgraphs (and tensors) of the program read by get_attr
// move to the module that reads them; `attributes` is module call name ->
// the attributes it reads (Outliner::attributes).
absl::Status MoveAttributesToReaders(
    const ExportedProgram& program,
    const std::vector<std::pair<std::string, std::vector<std::string>>>& attributes,
    ModulePool& pool, ModuleObject* root);

// Places the program's state on the modules that own it, in PyTorch's order:
// the signature's parameters, its buffers, the rest of the state dict, then
// constants.
void AssignAllState(const ExportedProgram& program, ModulePool& pool, ModuleObject* root);

// A later call of a shared module may have replaced an earlier call's
// submodule (they share their submodules, as in PyTorch). PyTorch sinks
// state only into modules it reaches then, so the replaced one keeps its
// state placeholders: returns those modules, for merging. `state_paths` are
// the modules and the state paths their graphs read (Outliner::state_paths);
// every module still reachable must have its state assigned.
absl::StatusOr<absl::flat_hash_set<const ModuleObject*>> FindUnsunkModules(
    ModuleObject* root, const std::vector<std::pair<ModuleObject*, std::string>>& state_paths);

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_STATE_H_
