// The verifier (FX's Graph.lint): structural invariants every pass must keep.
#ifndef FXPP_IR_VERIFIER_H_
#define FXPP_IR_VERIFIER_H_

#include "absl/status/status.h"
#include "ir/graph.h"
#include "ir/graph_module.h"

namespace fxpp {

// Checks that
// - node names are unique and every node belongs to this graph;
// - every node reference points at a live node of this graph defined
//   earlier (topological order; catches dangling references and cycles);
// - use/user lists agree with the arguments;
// - there is exactly one output node and nothing uses it;
// - ops are well formed (call_* and get_attr have targets, output has one
//   argument, placeholders take at most a default value).
// Errors name the offending node.
absl::Status VerifyGraph(const Graph& graph);

struct ModuleVerifyOptions {
  // Require call_module targets to name submodules and get_attr targets to
  // name submodules or state entries. Off for graphs read from plain FX
  // text, which carries no module state.
  bool check_attributes = true;
};

// VerifyGraph on this module's graph and every submodule's, plus the
// attribute checks; errors say which submodule they come from.
absl::Status VerifyGraphModule(const GraphModule& module, ModuleVerifyOptions options = {});

}  // namespace fxpp

#endif  // FXPP_IR_VERIFIER_H_
