// Dead-code elimination as a pass: FX's Graph.eliminate_dead_code on the
// root graph and every submodule graph (subgraphs of dedup, split
// components), keeping side-effectful nodes (placeholders, the output,
// in-place and out= calls, asserts, profiler ranges: ir/node.h's
// IsSideEffectful; calls that write an argument by their schema; calls of
// modules that hold state, which they may write in place; calls that draw
// random numbers, which advance the generator later calls draw from).
#ifndef FXPP_PASSES_DCE_DCE_H_
#define FXPP_PASSES_DCE_DCE_H_

#include <cstdint>

#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

class DeadCodeEliminationPass : public Pass {
 public:
  static const PassDescriptor& Descriptor();
  absl::string_view name() const override { return "dce"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;

 private:
  int64_t nodes_erased_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_DCE_DCE_H_
