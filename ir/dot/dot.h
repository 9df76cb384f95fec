// A GraphModule as a graphviz DOT picture (`dot -Tsvg`), readable on real
// models:
//   - one box per node: name, op and short target, tensor type ("f32[2, 8]");
//     colours by op kind; invoke_subgraph/call_module calls stand out;
//   - every submodule with a graph (dedup subgraphs, split components,
//     unflattened modules, cond branches) is a cluster of its own, and the
//     nodes calling it point into it;
//   - within a graph, clusters by the nodes' split tags or by the module
//     scopes of their nn_module_stack (nested), whichever the graph has;
//   - long chains of single-use nodes collapse into one "… N nodes" box;
//   - inputs and attributes read by one node only (weights) are listed in
//     that node's box rather than drawn.
#ifndef FXPP_IR_DOT_DOT_H_
#define FXPP_IR_DOT_DOT_H_

#include <string>

#include "ir/graph_module.h"

namespace fxpp {

struct DotOptions {
  enum class Clusters {
    kAuto,     // tags if any node has one, else module scopes if any
    kNone,
    kTags,     // meta tag (split_by_tags)
    kModules,  // nn_module_stack scopes
  };
  Clusters clusters = Clusters::kAuto;
  // Chains of more nodes than this (each the only user of the previous,
  // which is its only input) show their ends and one box for the middle;
  // 0 keeps every node.
  int collapse_chains_longer_than = 6;
  // Placeholders and get_attrs read by one node only (weights, mostly) are
  // listed in that node's box instead of drawn with an edge each.
  bool fold_single_use_inputs = true;
};

std::string PrintDot(const GraphModule& module, const DotOptions& options = {});

}  // namespace fxpp

#endif  // FXPP_IR_DOT_DOT_H_
