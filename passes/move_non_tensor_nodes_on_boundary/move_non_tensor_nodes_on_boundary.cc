#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/node.h"
#include "ir/status_macros.h"
#include "passes/tag_order.h"

namespace fxpp {
namespace {

class Mover {
 public:
  explicit Mover(std::vector<Subgraph>& subgraphs) : subgraphs_(subgraphs) {
    for (int i = 0; i < static_cast<int>(subgraphs_.size()); ++i) {
      for (Node* node : subgraphs_[i].nodes) subgraph_of_[node] = i;
    }
    moved_in_.resize(subgraphs_.size());
  }

  absl::StatusOr<BoundaryMoveReport> Run() {
    for (int index = 0; index < static_cast<int>(subgraphs_.size()); ++index) {
      if (subgraphs_[index].is_acc) {
        RETURN_IF_ERROR(MoveFrom(index));
      } else {
        ReportNonAccBoundary(index);
      }
    }
    RebuildNodeLists();
    return std::move(report_);
  }

 private:
  std::string Name(int index) const {
    return subgraphs_[index].name.empty() ? absl::StrCat("subgraph ", index)
                                          : subgraphs_[index].name;
  }

  int SubgraphOf(const Node* node) const {
    auto it = subgraph_of_.find(node);
    return it == subgraph_of_.end() ? -1 : it->second;
  }

  // Visits the users of `node` that are call nodes in some subgraph
  // (PyTorch's get_children_in_graph).
  template <typename Fn>
  void ForEachChild(const Node* node, Fn&& fn) const {
    for (Node* user : node->users()) {
      if (IsCallNode(*user) && subgraph_of_.contains(user)) fn(user);
    }
  }

  bool HasChildrenElsewhere(const Node* node, int index) const {
    bool found = false;
    ForEachChild(node, [&](Node* child) { found = found || SubgraphOf(child) != index; });
    return found;
  }

  bool IsBoundaryNonTensor(const Node* node, int index) const {
    return SubgraphOf(node) == index && !IsTensorOutput(*node) && HasChildrenElsewhere(node, index);
  }

  void Keep(const Node* node, int index, std::string reason) {
    report_.kept.push_back({std::string(node->name()), Name(index), std::move(reason)});
  }

  void ReportNonAccBoundary(int index) {
    for (const Node* node : subgraphs_[index].nodes) {
      if (IsBoundaryNonTensor(node, index)) {
        Keep(node, index, "its subgraph is not an accelerator subgraph");
      }
    }
  }

  absl::Status MoveFrom(int index) {
    std::deque<Node*> queue;
    for (Node* node : subgraphs_[index].nodes) {
      if (IsBoundaryNonTensor(node, index)) queue.push_back(node);
    }
    absl::flat_hash_set<const Node*> processed;
    while (!queue.empty()) {
      Node* current = queue.front();
      queue.pop_front();
      if (!processed.insert(current).second || SubgraphOf(current) != index) continue;

      // Where its users outside this subgraph are.
      absl::InlinedVector<int, 2> targets;
      bool has_children = false;
      ForEachChild(current, [&](Node* child) {
        has_children = true;
        const int target = SubgraphOf(child);
        if (target != index && std::find(targets.begin(), targets.end(), target) == targets.end()) {
          targets.push_back(target);
        }
      });
      if (!has_children) {
        return absl::InternalError(absl::StrCat("move_non_tensor_nodes_on_boundary: '",
                                                current->name(), "' has no users to move to"));
      }
      if (targets.size() != 1) {
        std::vector<std::string> names;
        for (int t : targets) names.push_back(Name(t));
        Keep(current, index,
             absl::StrCat("its users are in several subgraphs: ", absl::StrJoin(names, ", ")));
        continue;
      }
      TryMove(current, index, targets[0]);

      // Its non-tensor parents may now sit on the boundary.
      current->ForEachInput([&](Node* parent) {
        if (IsCallNode(*parent) && !processed.contains(parent) &&
            IsBoundaryNonTensor(parent, index)) {
          queue.push_back(parent);
        }
      });
    }
    return absl::OkStatus();
  }

  // Moves `node` from `from` to `to` with every node of `from` depending on
  // it, unless one of those feeds a third subgraph.
  void TryMove(Node* node, int from, int to) {
    std::vector<Node*> to_move;
    absl::flat_hash_set<const Node*> visited;
    std::vector<Node*> stack = {node};
    while (!stack.empty()) {
      Node* current = stack.back();
      stack.pop_back();
      if (!visited.insert(current).second) continue;
      const int where = SubgraphOf(current);
      if (where < 0 || where == to) continue;
      if (where != from) {
        Keep(node, from,
             absl::StrCat("moving it to ", Name(to), " would take along nodes that feed '",
                          current->name(), "' in ", Name(where)));
        return;
      }
      to_move.push_back(current);
      ForEachChild(current, [&](Node* child) { stack.push_back(child); });
    }
    std::sort(to_move.begin(), to_move.end(),
              [](const Node* a, const Node* b) { return a->IsBefore(b); });
    BoundaryMoveReport::Move move{std::string(node->name()), Name(from), Name(to), {}};
    for (Node* moved : to_move) {
      subgraph_of_[moved] = to;
      moved_in_[to].push_back(moved);
      move.moved.emplace_back(moved->name());
    }
    report_.moves.push_back(std::move(move));
  }

  // Each list keeps its remaining nodes in order, then the nodes that moved
  // in, in graph order.
  void RebuildNodeLists() {
    absl::flat_hash_set<const Node*> placed;
    for (int i = 0; i < static_cast<int>(subgraphs_.size()); ++i) {
      std::vector<Node*> nodes;
      nodes.reserve(subgraphs_[i].nodes.size());
      for (Node* node : subgraphs_[i].nodes) {
        if (SubgraphOf(node) == i && placed.insert(node).second) nodes.push_back(node);
      }
      std::vector<Node*>& arrived = moved_in_[i];
      std::sort(arrived.begin(), arrived.end(),
                [](const Node* a, const Node* b) { return a->IsBefore(b); });
      for (Node* node : arrived) {
        if (SubgraphOf(node) == i && placed.insert(node).second) nodes.push_back(node);
      }
      subgraphs_[i].nodes = std::move(nodes);
    }
  }

  std::vector<Subgraph>& subgraphs_;
  absl::flat_hash_map<const Node*, int> subgraph_of_;
  std::vector<std::vector<Node*>> moved_in_;  // per subgraph, nodes that arrived
  BoundaryMoveReport report_;
};

}  // namespace

bool IsTensorOutput(const Node& node) {
  const NodeMeta& meta = node.meta();
  if (meta.val.has_value()) return meta.val->kind() == ValueMeta::Kind::kTensor;
  return node.type_annotation() == "torch.Tensor" ||
         node.type_annotation() == "torch.nn.parameter.Parameter";
}

std::string BoundaryMoveReport::ToText() const {
  std::string out;
  for (const Move& m : moves) {
    absl::StrAppend(&out, "moved ", m.node, " from ", m.from, " to ", m.to, ": ",
                    absl::StrJoin(m.moved, ", "), "\n");
  }
  for (const Kept& k : kept) absl::StrAppend(&out, "kept ", k.node, " in ", k.subgraph, ": ", k.reason, "\n");
  if (out.empty()) out = "no non-tensor node on a subgraph boundary\n";
  return out;
}

absl::StatusOr<BoundaryMoveReport> MoveNonTensorNodesOnBoundary(std::vector<Subgraph>& subgraphs) {
  return Mover(subgraphs).Run();
}

absl::StatusOr<BoundaryMoveReport> MoveNonTensorNodesBetweenTags(
    Graph& graph, absl::Span<const std::string> tag_order) {
  absl::flat_hash_map<Symbol, int> index_of;
  std::vector<Subgraph> subgraphs(tag_order.size());
  for (size_t i = 0; i < tag_order.size(); ++i) {
    if (!index_of.emplace(Symbol::Intern(tag_order[i]), static_cast<int>(i)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("tag '", tag_order[i], "' appears twice in the tag order"));
    }
    subgraphs[i].name = tag_order[i];
  }
  for (Node* node : graph.nodes()) {
    if (!IsCallNode(*node) || !node->meta().tag.has_value()) continue;
    auto it = index_of.find(*node->meta().tag);
    if (it != index_of.end()) subgraphs[it->second].nodes.push_back(node);
  }
  ASSIGN_OR_RETURN(BoundaryMoveReport report, MoveNonTensorNodesOnBoundary(subgraphs));
  for (size_t i = 0; i < subgraphs.size(); ++i) {
    const Symbol tag = Symbol::Intern(tag_order[i]);
    for (Node* node : subgraphs[i].nodes) node->mutable_meta().tag = tag;
  }
  return report;
}

const PassDescriptor& MoveNonTensorNodesOnBoundaryPass::Descriptor() {
  using Options = MoveNonTensorNodesOnBoundaryOptions;
  static const auto* const descriptor = new TypedPassDescriptor<Options>(
      "move_non_tensor_nodes_on_boundary",
      "Moves non-tensor nodes on a tag boundary into the one tag that consumes them",
      {PassOption<Options>("tags", &Options::tags,
                           "the tags in component order (default: the graph's, each after the "
                           "tags it reads from)")},
      [](Options options) {
        return std::make_unique<MoveNonTensorNodesOnBoundaryPass>(std::move(options.tags));
      });
  return *descriptor;
}

PassReport MoveNonTensorNodesOnBoundaryPass::Report() const {
  int64_t nodes_moved = 0;
  for (const BoundaryMoveReport::Move& move : report_.moves) {
    nodes_moved += static_cast<int64_t>(move.moved.size());
  }
  return {{{"moves", static_cast<int64_t>(report_.moves.size()), "boundary nodes that moved"},
           {"nodes_moved", nodes_moved, "nodes that changed subgraph, followers included"},
           {"kept", static_cast<int64_t>(report_.kept.size()), "boundary nodes that stayed"}},
          report_.ToText()};
}

absl::StatusOr<bool> MoveNonTensorNodesOnBoundaryPass::Run(GraphModule& module) {
  report_ = {};
  ASSIGN_OR_RETURN(Graph * graph, RootGraph(name(), module));
  ASSIGN_OR_RETURN(report_, MoveNonTensorNodesBetweenTags(
                                *graph, tag_order_.empty() ? TagOrder(*graph) : tag_order_));
  return !report_.moves.empty();
}

}  // namespace fxpp
