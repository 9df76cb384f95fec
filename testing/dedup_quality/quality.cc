#include "testing/dedup_quality/quality.h"

#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/status_macros.h"
#include "passes/region_tracking/node_key.h"
#include "passes/region_tracking/node_map.h"
#include "passes/region_tracking/region_tracking.h"

namespace fxpp {
namespace {

bool IsCompute(const Node& n) {
  return (n.op() == OpKind::kCallFunction || n.op() == OpKind::kCallMethod ||
          n.op() == OpKind::kCallModule) &&
         n.target() != "operator.getitem";
}

int64_t ComputeNodes(const Graph& graph) {
  int64_t count = 0;
  for (const Node* n : graph.nodes()) count += IsCompute(*n);
  return count;
}

// One module instance (an nn_module_stack path) and its nodes in order.
struct Instance {
  uint32_t type = 0;
  size_t depth = 0;
  std::vector<Node*> nodes;
  int64_t compute = 0;
};

// The instance's class: its type, then per node its key and where each
// argument comes from (2 * index inside, 2 * slot + 1 for the external
// value first read slot-th). Equal classes compute the same function.
std::vector<uint32_t> ClassOf(const Instance& instance, const NodeKeys& keys, NodeMap& index) {
  index.Clear();
  for (size_t i = 0; i < instance.nodes.size(); ++i) {
    index.Set(instance.nodes[i], static_cast<int32_t>(2 * i));
  }
  std::vector<uint32_t> out = {instance.type};
  int32_t next_external = 1;
  for (const Node* n : instance.nodes) {
    out.push_back(keys.key(n));
    n->ForEachNodeArgument([&](Node* arg) {
      int32_t entry = index.Get(arg);
      if (entry == NodeMap::kAbsent) {
        entry = next_external;
        next_external += 2;
        index.Set(arg, entry);
      }
      out.push_back(static_cast<uint32_t>(entry));
    });
    out.push_back(UINT32_MAX);
  }
  return out;
}

// Fills `row`'s module ideal (row.nodes already set) and returns the
// compute nodes of the module instances it chose, in graph order.
std::vector<const Node*> ModuleIdeal(Graph& graph, QualityRow& row) {
  // Module instances, outermost first.
  absl::flat_hash_map<uint32_t, Instance> instances;  // by path symbol
  std::vector<uint32_t> paths;
  for (Node* n : graph.nodes()) {
    if (n->op() != OpKind::kCallFunction && n->op() != OpKind::kCallMethod &&
        n->op() != OpKind::kCallModule) {
      continue;
    }
    const auto& stack = n->meta().nn_module_stack;
    for (size_t depth = 0; depth < stack.size(); ++depth) {
      auto [it, inserted] = instances.try_emplace(stack[depth].path.id());
      if (inserted) {
        it->second.type = stack[depth].type.id();
        it->second.depth = depth;
        paths.push_back(stack[depth].path.id());
      }
      it->second.nodes.push_back(n);
      it->second.compute += IsCompute(*n);
    }
  }
  std::stable_sort(paths.begin(), paths.end(), [&](uint32_t x, uint32_t y) {
    return instances[x].depth < instances[y].depth;
  });
  const NodeKeys keys(graph);
  NodeMap index;
  NodeMap covered;  // nodes inside a chosen instance
  size_t next = 0;
  int64_t subgraph_nodes = 0;
  int64_t covered_compute = 0;
  while (next < paths.size()) {
    // One depth at a time: classes of the instances not inside a chosen one.
    const size_t depth = instances[paths[next]].depth;
    absl::flat_hash_map<std::vector<uint32_t>, std::vector<const Instance*>> classes;
    std::vector<std::vector<uint32_t>> class_order;
    for (; next < paths.size() && instances[paths[next]].depth == depth; ++next) {
      const Instance& instance = instances[paths[next]];
      const bool inside = std::any_of(instance.nodes.begin(), instance.nodes.end(),
                                      [&](const Node* n) { return covered.Contains(n); });
      if (inside || instance.compute == 0) continue;
      std::vector<uint32_t> cls = ClassOf(instance, keys, index);
      auto [it, inserted] = classes.try_emplace(cls);
      if (inserted) class_order.push_back(std::move(cls));
      it->second.push_back(&instance);
    }
    for (const std::vector<uint32_t>& cls : class_order) {
      const std::vector<const Instance*>& members = classes[cls];
      const int64_t size = members.front()->compute;
      if (members.size() < 2 || NodesSaved(static_cast<int64_t>(members.size()), size) <= 0) {
        continue;
      }
      ++row.ideal.b;
      row.ideal.c += static_cast<int64_t>(members.size());
      subgraph_nodes += size;
      for (const Instance* m : members) {
        for (const Node* n : m->nodes) covered.Set(n, 0);
        covered_compute += m->compute;
      }
    }
  }
  row.ideal.a = row.nodes - covered_compute + row.ideal.c;
  row.ideal.d = row.ideal.a + subgraph_nodes;
  row.ideal.e = row.ideal.c > 0 ? 1.0 : 0.0;
  row.block_kinds = row.ideal.b;
  row.blocks = row.ideal.c;

  std::vector<const Node*> block_nodes;
  for (const Node* n : graph.nodes()) {
    if (covered.Contains(n) && IsCompute(*n)) block_nodes.push_back(n);
  }
  return block_nodes;
}

}  // namespace

absl::StatusOr<QualityRow> MeasureDedupQuality(GraphModule& module, const DedupOptions& options) {
  Graph& graph = module.graph();
  QualityRow row;
  row.nodes = ComputeNodes(graph);
  const std::vector<const Node*> block_nodes = ModuleIdeal(graph, row);
  const size_t children_before = module.children().size();
  ASSIGN_OR_RETURN(DedupReport report, ApplyGraphDeduplication(module, options));
  (void)report;
  row.dedup.a = ComputeNodes(graph);
  for (const Node* n : graph.nodes()) {
    row.dedup.c += n->target() == kInvokeSubgraph;
  }
  row.dedup.d = row.dedup.a;
  for (size_t i = children_before; i < module.children().size(); ++i) {
    ++row.dedup.b;
    row.dedup.d += ComputeNodes(module.children()[i].second->graph());
  }
  // Replaced region nodes are erased, not freed, while the graph lives.
  const auto inside = std::count_if(block_nodes.begin(), block_nodes.end(),
                                    [](const Node* n) { return n->is_erased(); });
  row.dedup.e = block_nodes.empty() ? 0.0 : static_cast<double>(inside) / block_nodes.size();
  return row;
}

}  // namespace fxpp
