// move_non_tensor_nodes_on_boundary (torch.fx.passes.split_utils, added
// after PyTorch 2.6): a node whose value is not a tensor (a size, a shape
// tuple, a flag) should not cross from one subgraph to another. For every
// accelerator subgraph, in order, each such node with users in another
// subgraph is considered, breadth first, followed by its non-tensor parents:
// - when all its users outside its subgraph sit in exactly one subgraph T,
//   it moves to T together with every node of its own subgraph that
//   depends on it (they must follow it), provided none of those feeds a
//   third subgraph;
// - otherwise it stays, and the report says why.
// PyTorch prints what it did; here the caller gets a report. Unlike
// PyTorch, a non-tensor parent whose only users stay in its subgraph is
// skipped instead of failing an assertion, moved nodes are appended to
// their new subgraph's list in graph order (PyTorch: set order), and the
// report also lists boundary nodes of non-accelerator subgraphs (which
// never give nodes away).
//
// "Not a tensor" follows PyTorch's is_node_output_tensor: a node is a tensor
// when its recorded value (NodeMeta::val) is one; without a value, when its
// type annotation is torch.Tensor or torch.nn.parameter.Parameter. A node
// with neither counts as not a tensor, as in PyTorch.
#ifndef FXPP_PASSES_MOVE_NON_TENSOR_NODES_ON_BOUNDARY_MOVE_NON_TENSOR_NODES_ON_BOUNDARY_H_
#define FXPP_PASSES_MOVE_NON_TENSOR_NODES_ON_BOUNDARY_MOVE_NON_TENSOR_NODES_ON_BOUNDARY_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/graph.h"
#include "ir/graph_module.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

// One subgraph of a partitioning (PyTorch's splitter Subgraph). The nodes
// belong to one graph; only call nodes take part.
struct Subgraph {
  std::string name;  // for the report; "subgraph N" when empty
  bool is_acc = true;
  std::vector<Node*> nodes;
};

struct BoundaryMoveReport {
  struct Move {
    std::string node;                // the boundary node that moved
    std::string from, to;            // subgraph names
    std::vector<std::string> moved;  // it and the nodes that followed it, in graph order
  };
  struct Kept {
    std::string node;
    std::string subgraph;
    std::string reason;
  };
  std::vector<Move> moves;
  std::vector<Kept> kept;

  // One line per move or kept node.
  std::string ToText() const;
};

bool IsTensorOutput(const Node& node);

// Moves nodes between `subgraphs` in place.
absl::StatusOr<BoundaryMoveReport> MoveNonTensorNodesOnBoundary(std::vector<Subgraph>& subgraphs);

// The same over the tags split_by_tags reads: one accelerator subgraph per
// tag of `tag_order` (its call nodes, in graph order); a node that moves
// takes its new subgraph's tag.
absl::StatusOr<BoundaryMoveReport> MoveNonTensorNodesBetweenTags(
    Graph& graph, absl::Span<const std::string> tag_order);

struct MoveNonTensorNodesOnBoundaryOptions {
  // In component order; empty: TagOrder of the graph (passes/tag_order.h).
  std::vector<std::string> tags;
};

// MoveNonTensorNodesBetweenTags on the module's graph; changed when a node moved.
class MoveNonTensorNodesOnBoundaryPass : public Pass {
 public:
  static const PassDescriptor& Descriptor();
  explicit MoveNonTensorNodesOnBoundaryPass(std::vector<std::string> tag_order)
      : tag_order_(std::move(tag_order)) {}
  absl::string_view name() const override { return "move_non_tensor_nodes_on_boundary"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;
  const BoundaryMoveReport& report() const { return report_; }

 private:
  std::vector<std::string> tag_order_;
  BoundaryMoveReport report_;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_MOVE_NON_TENSOR_NODES_ON_BOUNDARY_MOVE_NON_TENSOR_NODES_ON_BOUNDARY_H_
