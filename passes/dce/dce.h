// Dead-code elimination as a pass: FX's Graph.eliminate_dead_code on the
// root graph and every submodule graph (subgraphs of dedup, split
// components), keeping side-effectful nodes (placeholders, the output,
// in-place and out= calls, asserts, profiler ranges: ir/node.h's
// IsSideEffectful).
#ifndef FXPP_PASSES_DCE_DCE_H_
#define FXPP_PASSES_DCE_DCE_H_

#include "passes/pass.h"

namespace fxpp {

class DeadCodeEliminationPass : public Pass {
 public:
  absl::string_view name() const override { return "dce"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_DCE_DCE_H_
