// Stable topological sort and cycle detection (Dynamo's graph_utils
// _stable_topological_sort / _detect_cycles).
//
// The sort keeps the existing order wherever it is already valid: a node
// moves only when one of its dependencies comes after it, and then only as
// far as needed. Dependencies are the node's arguments plus optional extra
// ordering edges ("A must come after B") that passes supply beside the graph,
// e.g. to keep a mutation ordered against other users of its input. The
// output node always ends up last. Both run in O(nodes + edges).
#ifndef FXPP_PASSES_TOPO_SORT_TOPO_SORT_H_
#define FXPP_PASSES_TOPO_SORT_TOPO_SORT_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "ir/graph.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

// node -> the nodes it must come after, beyond its arguments.
using OrderingEdges = absl::flat_hash_map<const Node*, std::vector<Node*>>;

// Reorders `graph` so that every node follows its dependencies. Returns
// whether any node moved; fails (leaving the graph unchanged) when no order
// exists, naming one cycle.
absl::StatusOr<bool> StableTopologicalSort(Graph& graph, const OrderingEdges& extra = {});

// The nodes of one dependency cycle in dependency order (each node depends
// on the next, the last on the first), or empty when there is none.
std::vector<Node*> FindCycle(const Graph& graph, const OrderingEdges& extra = {});

// "a -> b -> c -> a" for error messages.
std::string FormatCycle(const std::vector<Node*>& cycle);

// The sort as a pass over a module's graph and all its subgraphs.
class TopoSortPass : public Pass {
 public:
  static const PassDescriptor& Descriptor();
  absl::string_view name() const override { return "topo_sort"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;

 private:
  int64_t graphs_sorted_ = 0;
  int64_t graphs_reordered_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_TOPO_SORT_TOPO_SORT_H_
