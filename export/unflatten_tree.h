// Unflatten's last steps (internal to //export:unflatten): the module tree's
// order, and the GraphModule tree made of the module objects.
#ifndef FXPP_EXPORT_UNFLATTEN_TREE_H_
#define FXPP_EXPORT_UNFLATTEN_TREE_H_

#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "export/exported_program.h"
#include "export/unflatten.h"
#include "export/unflatten_merge.h"
#include "export/unflatten_modules.h"
#include "ir/graph_module.h"

namespace fxpp {
namespace unflatten_internal {

// Installs a plain module at every path the module call graph lists that no
// call created (`redirected` calls were merged away), then orders every
// module's children as PyTorch's _reorder_submodules does. Fails when a
// module contains itself.
absl::Status OrderSubmodules(const ExportedProgram& program, const Redirects& redirected,
                             ModulePool& pool, ModuleObject* root);

// The GraphModule tree of `root`; a module reached under a second path
// becomes a reference to its first (export/module_tree.h). Moves the objects'
// graphs and state out. Pytree specs go to `specs`.
absl::StatusOr<std::unique_ptr<GraphModule>> Materialize(ModuleObject* root,
                                                         std::vector<SpecAttribute>* specs);

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_TREE_H_
