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

absl::StatusOr<bool> DeadCodeEliminationPass::Run(GraphModule& module) {
  nodes_erased_ = 0;
  bool changed = false;
  absl::Status status = ForEachGraph(module, [&](absl::string_view, Graph& graph) {
    const int64_t before = static_cast<int64_t>(graph.size());
    // IsSideEffectful knows in-place ops by name; the schemas know more
    // (a custom operator may write what it is given).
    changed |= graph.EliminateDeadCode(
        [](const Node& n) { return IsSideEffectful(n) || !MutatedArgPositions(n).empty(); });
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
