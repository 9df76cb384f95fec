#include "passes/tag_order.h"

#include <functional>
#include <queue>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

namespace fxpp {

bool IsCallNode(const Node& node) {
  return node.op() == OpKind::kCallFunction || node.op() == OpKind::kCallMethod ||
         node.op() == OpKind::kCallModule;
}

std::vector<std::string> TagOrder(const Graph& graph) {
  // Tags by first appearance, and the dependency edges between them.
  absl::flat_hash_map<Symbol, int> index_of;
  std::vector<Symbol> tags;
  std::vector<int> tag_of(graph.id_bound(), -1);
  std::vector<absl::flat_hash_set<int>> readers;  // tag -> tags reading from it
  std::vector<int> unmet;                          // tag -> tags it reads from, not yet placed
  for (const Node* node : graph.nodes()) {
    if (!IsCallNode(*node) || !node->meta().tag.has_value()) continue;
    auto [it, inserted] = index_of.emplace(*node->meta().tag, static_cast<int>(tags.size()));
    if (inserted) {
      tags.push_back(*node->meta().tag);
      readers.emplace_back();
      unmet.push_back(0);
    }
    const int tag = it->second;
    tag_of[node->id()] = tag;
    node->ForEachInput([&](const Node* input) {
      const int from = tag_of[input->id()];
      if (from >= 0 && from != tag && readers[from].insert(tag).second) ++unmet[tag];
    });
  }
  // Kahn's algorithm, always taking the earliest-appearing ready tag.
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int t = 0; t < static_cast<int>(tags.size()); ++t) {
    if (unmet[t] == 0) ready.push(t);
  }
  std::vector<std::string> order;
  order.reserve(tags.size());
  while (!ready.empty()) {
    const int t = ready.top();
    ready.pop();
    order.emplace_back(tags[t].str());
    for (int reader : readers[t]) {
      if (--unmet[reader] == 0) ready.push(reader);
    }
  }
  if (order.size() != tags.size()) {
    order.clear();
    for (Symbol tag : tags) order.emplace_back(tag.str());
  }
  return order;
}

}  // namespace fxpp
