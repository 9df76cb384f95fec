// The verifier (FX's Graph.lint): structural invariants every pass must keep.
#ifndef FXPP_IR_VERIFIER_H_
#define FXPP_IR_VERIFIER_H_

#include <string>

#include "absl/status/status.h"
#include "absl/types/optional.h"
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
//   argument, placeholders take at most a default value, getitem two, no
//   keyword is given twice);
// - no argument or value metadata nests deeper than ir/limits.h allows.
// Errors name the offending node.
struct GraphVerifyOptions {
  // Accept a node used before the line defining it (FX text allows that,
  // and format conversion keeps it); a cycle is still an error.
  bool allow_forward_references = false;
  // The graph's reader already refused arguments and value metadata nested
  // deeper than ir/limits.h allows (ReadCanonicalBinary does, as it reads):
  // the nesting walk, which touches every node's arguments and metadata
  // once more, is skipped. Graphs built any other way need it.
  bool nesting_checked_by_reader = false;
  // The graph was just built by a reader through Graph's own API from text
  // in which every reference named a node defined above it
  // (ParsedFxGraph::defined_before_use): its nodes are in topological
  // order, their names unique (the reader refuses a name given twice) and
  // their user lists agree with the arguments, by construction. The walks
  // checking those, which reach every node's inputs and users, far apart
  // in a large graph, are skipped; what else the text decides (one output
  // node, nothing using it, op shapes) is still checked. Graphs built any
  // other way need them.
  bool built_in_order_by_reader = false;
};
absl::Status VerifyGraph(const Graph& graph, GraphVerifyOptions options = {});

struct ModuleVerifyOptions {
  // Require call_module targets to name submodules and get_attr targets to
  // name submodules or state entries. Off for graphs read from plain FX
  // text, which carries no module state: then only targets that start with
  // a submodule the tree lists are checked (the tree is known below it);
  // a target naming an attribute of the module itself ('weight', 'lin' with
  // no child 'lin') cannot be checked. Either way a target must be a
  // qualified name without empty parts.
  bool check_attributes = true;
  GraphVerifyOptions graph;
};

// VerifyGraph on this module's graph and every submodule's, plus the
// attribute checks, invoke_subgraph calls naming subgraphs of the module,
// and the module depth limit; errors say which submodule they come from.
absl::Status VerifyGraphModule(const GraphModule& module, ModuleVerifyOptions options = {});

// The node a verifier error is about, when it names one (every "node 'x': "
// error does): readers map it back to where the input defined it.
struct ErrorNode {
  std::string module_path;  // "" for the root module
  std::string node_name;
};
absl::optional<ErrorNode> NodeOfError(const absl::Status& status);

// What every format needs to hold the module and read it back: nesting
// within ir/limits.h and output nodes with one value. Writers check it.
absl::Status VerifyWritable(const GraphModule& module);

}  // namespace fxpp

#endif  // FXPP_IR_VERIFIER_H_
