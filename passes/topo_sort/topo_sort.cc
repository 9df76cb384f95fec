#include "passes/topo_sort/topo_sort.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

// Calls fn on each dependency of `node`: its inputs, then its extra edges.
template <typename Fn>
void ForEachDependency(const Node* node, const OrderingEdges& extra, Fn&& fn) {
  node->ForEachInput(fn);
  if (extra.empty()) return;
  auto it = extra.find(node);
  if (it == extra.end()) return;
  for (Node* dep : it->second) fn(dep);
}

// Whether `graph` is already in the order the sort would give it: every
// node after its dependencies, the output nodes last. Passes mostly leave
// graphs so, and one pass confirms it without the sort's queues.
bool IsSorted(const Graph& graph, const OrderingEdges& extra) {
  std::vector<bool> placed(graph.id_bound(), false);
  bool after_output = false;
  for (const Node* node : graph.nodes()) {
    if (node->op() == OpKind::kOutput) {
      after_output = true;
      continue;
    }
    if (after_output) return false;
    bool ready = true;
    ForEachDependency(node, extra, [&](const Node* dep) {
      if (dep->graph() == &graph && !dep->is_erased() && !placed[dep->id()]) ready = false;
    });
    if (!ready) return false;
    placed[node->id()] = true;
  }
  return true;
}

}  // namespace

std::vector<Node*> FindCycle(const Graph& graph, const OrderingEdges& extra) {
  // Iterative DFS along dependency edges; a dependency that is still on the
  // stack (grey) closes a cycle.
  enum Color : uint8_t { kWhite, kGrey, kBlack };
  std::vector<Color> color(graph.id_bound(), kWhite);
  std::vector<Node*> stack;                      // the current DFS path
  std::vector<std::vector<Node*>> pending_deps;  // unexplored deps per path entry
  for (Node* root : graph.nodes()) {
    if (color[root->id()] != kWhite) continue;
    auto push = [&](Node* n) {
      color[n->id()] = kGrey;
      stack.push_back(n);
      std::vector<Node*> deps;
      ForEachDependency(n, extra, [&](Node* d) { deps.push_back(d); });
      pending_deps.push_back(std::move(deps));
    };
    push(root);
    while (!stack.empty()) {
      std::vector<Node*>& deps = pending_deps.back();
      if (deps.empty()) {
        color[stack.back()->id()] = kBlack;
        stack.pop_back();
        pending_deps.pop_back();
        continue;
      }
      Node* dep = deps.back();
      deps.pop_back();
      // Nodes of other graphs or erased ones are the verifier's business.
      if (dep->graph() != &graph || dep->is_erased()) continue;
      if (color[dep->id()] == kGrey) {
        auto start = std::find(stack.begin(), stack.end(), dep);
        return std::vector<Node*>(start, stack.end());
      }
      if (color[dep->id()] == kWhite) push(dep);
    }
  }
  return {};
}

std::string FormatCycle(const std::vector<Node*>& cycle) {
  if (cycle.empty()) return "";
  std::string out = absl::StrJoin(cycle, " -> ", [](std::string* s, const Node* n) {
    absl::StrAppend(s, n->name());
  });
  absl::StrAppend(&out, " -> ", cycle.front()->name());
  return out;
}

absl::StatusOr<bool> StableTopologicalSort(Graph& graph, const OrderingEdges& extra) {
  if (IsSorted(graph, extra)) return false;
  // Decide the order first and only then move nodes, so a failure leaves the
  // graph untouched. Nodes are taken in their current order; one whose
  // dependencies are not all placed waits on the last unplaced one (so an
  // already sorted list rechecks each node at most once) and is retried
  // right after that dependency is placed.
  const std::vector<Node*> nodes = graph.NodeVector();
  std::vector<bool> placed(graph.id_bound(), false);
  absl::flat_hash_map<const Node*, std::vector<Node*>> waiting;
  std::vector<Node*> order;
  order.reserve(nodes.size());
  std::vector<Node*> outputs;
  std::vector<Node*> pending(nodes.rbegin(), nodes.rend());
  while (!pending.empty()) {
    Node* node = pending.back();
    pending.pop_back();
    if (node->op() == OpKind::kOutput) {
      outputs.push_back(node);
      continue;
    }
    Node* last_unplaced = nullptr;
    ForEachDependency(node, extra, [&](Node* dep) {
      if (dep->graph() == &graph && !dep->is_erased() && !placed[dep->id()]) last_unplaced = dep;
    });
    if (last_unplaced != nullptr) {
      waiting[last_unplaced].push_back(node);
      continue;
    }
    placed[node->id()] = true;
    order.push_back(node);
    auto it = waiting.find(node);
    if (it != waiting.end()) {
      pending.insert(pending.end(), it->second.rbegin(), it->second.rend());
      waiting.erase(it);
    }
  }
  if (order.size() + outputs.size() != nodes.size()) {
    std::vector<Node*> cycle = FindCycle(graph, extra);
    return absl::FailedPreconditionError(absl::StrCat(
        "no topological order exists: dependency cycle ",
        cycle.empty() ? std::string("(through an output node)") : FormatCycle(cycle)));
  }
  order.insert(order.end(), outputs.begin(), outputs.end());
  bool changed = false;
  // Lay the nodes out in `order`, moving only those not already directly
  // after their predecessor.
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0) {
      if (graph.first_node() == order[0]) continue;
      graph.first_node()->Prepend(order[0]);
    } else {
      if (order[i - 1]->next() == order[i]) continue;
      order[i - 1]->Append(order[i]);
    }
    changed = true;
  }
  return changed;
}

const PassDescriptor& TopoSortPass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<NoPassOptions>(
      "topo_sort", "Stable topological sort: keeps the order wherever it is valid, output last",
      {}, [](NoPassOptions) { return std::make_unique<TopoSortPass>(); });
  return *descriptor;
}

absl::StatusOr<bool> TopoSortPass::Run(GraphModule& module) {
  graphs_sorted_ = graphs_reordered_ = 0;
  RETURN_IF_ERROR(ForEachGraph(module, [&](absl::string_view, Graph& graph) -> absl::Status {
    ASSIGN_OR_RETURN(bool changed, StableTopologicalSort(graph));
    ++graphs_sorted_;
    graphs_reordered_ += changed ? 1 : 0;
    return absl::OkStatus();
  }));
  return graphs_reordered_ > 0;
}

PassReport TopoSortPass::Report() const {
  return {{{"graphs_sorted", graphs_sorted_, "graphs of the module tree checked"},
           {"graphs_reordered", graphs_reordered_, "graphs in which a node moved"}}};
}

}  // namespace fxpp
