#include "passes/dce/dce.h"

#include <memory>

#include "passes/op_schema/op_schema.h"

namespace fxpp {

const PassDescriptor& DeadCodeEliminationPass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<NoPassOptions>(
      "dce", "Dead-code elimination on every graph of the module (keeps side effects)", {},
      [](NoPassOptions) { return std::make_unique<DeadCodeEliminationPass>(); });
  return *descriptor;
}

namespace {

// Whether `n` calls a module of `owner` (the graph's module) that holds
// state: the call may write it in place (BatchNorm's running statistics in
// training, an Embedding's max_norm), so it is kept unused, as a write is
// (PyTorch's DCE drops it unless the module is marked impure). A module
// fxpp does not know is kept too.
bool CallsModuleWithState(const Node& n, const GraphModule& owner) {
  if (n.op() != OpKind::kCallModule) return false;
  const GraphModule* callee = owner.FindSubmodule(n.target());
  if (callee == nullptr) return true;
  bool has_state = false;
  callee->ForEachStateInTree([&](const StateEntry&) { has_state = true; });
  return has_state;
}

}  // namespace

absl::StatusOr<bool> DeadCodeEliminationPass::Run(GraphModule& module) {
  nodes_erased_ = 0;
  bool changed = false;
  absl::Status status = ForEachGraph(module, [&](absl::string_view path, Graph& graph) {
    const int64_t before = static_cast<int64_t>(graph.size());
    const GraphModule& owner = path.empty() ? module : *module.FindSubmodule(path);
    // KeepWhenUnused, with the owner so that calls of modules that draw
    // count too. IsSideEffectful knows in-place ops by name; the
    // schemas know more (a custom operator may write what it is given).
    changed |= graph.EliminateDeadCode([&owner](const Node& n) {
      return KeepWhenUnused(n, &owner) || !MutatedArgPositions(n).empty() ||
             CallsModuleWithState(n, owner);
    });
    nodes_erased_ += before - static_cast<int64_t>(graph.size());
    return absl::OkStatus();
  });
  if (!status.ok()) return status;
  return changed;
}

PassReport DeadCodeEliminationPass::Report() const {
  return {{{"nodes_erased", nodes_erased_, "dead nodes removed, over every graph"}}};
}

}  // namespace fxpp
