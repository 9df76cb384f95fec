// Test fixture: a module call that may write the state a node before it
// reads (ordering tests of op_schema, split_by_tags, split_module).
#ifndef FXPP_TESTING_BATCHNORM_GRAPH_H_
#define FXPP_TESTING_BATCHNORM_GRAPH_H_

#include <memory>
#include <utility>

#include "ir/graph_module.h"

namespace fxpp {

// symbolic_trace of `m = torch.add(x, self.bn.running_mean); y = self.bn(x)`
// with the BatchNorm (opaque, holding the buffer) in training: the call
// updates the running mean that `read` read. The graph has no output yet.
struct ReadThenCallBatchNorm {
  std::unique_ptr<GraphModule> module;
  Node* x;
  Node* mean;  // get_attr bn.running_mean
  Node* read;  // torch.add(x, mean)
  Node* call;  // call_module bn(x)
};

inline ReadThenCallBatchNorm MakeReadThenCallBatchNorm() {
  ReadThenCallBatchNorm out;
  out.module = std::make_unique<GraphModule>();
  auto bn = GraphModule::Opaque("torch.nn.modules.batchnorm.BatchNorm1d");
  (void)bn->AddState(StateEntry{"running_mean", StateKind::kBuffer, {}});
  (void)out.module->AddChild("bn", std::move(bn));
  Graph& g = out.module->graph();
  out.x = g.Placeholder("x");
  out.mean = g.GetAttr("bn.running_mean");
  out.read = g.CallFunction("torch.add", {Argument::Ref(out.x), Argument::Ref(out.mean)});
  out.call = g.CallModule("bn", {Argument::Ref(out.x)});
  return out;
}

}  // namespace fxpp

#endif  // FXPP_TESTING_BATCHNORM_GRAPH_H_
