#include "passes/dce/dce.h"

namespace fxpp {
namespace {

bool EliminateIn(GraphModule& module) {
  bool changed = module.has_graph() && module.graph().EliminateDeadCode();
  for (const auto& [name, child] : module.children()) changed |= EliminateIn(*child);
  return changed;
}

}  // namespace

absl::StatusOr<bool> DeadCodeEliminationPass::Run(GraphModule& module) {
  return EliminateIn(module);
}

}  // namespace fxpp
