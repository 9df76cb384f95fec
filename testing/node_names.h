// Node names for test assertions: EXPECT_THAT(NodeNames(graph), ElementsAre(...)).
#ifndef FXPP_TESTING_NODE_NAMES_H_
#define FXPP_TESTING_NODE_NAMES_H_

#include <string>
#include <vector>

#include "ir/graph.h"

namespace fxpp {

inline std::vector<std::string> NodeNames(const std::vector<Node*>& nodes) {
  std::vector<std::string> out;
  out.reserve(nodes.size());
  for (const Node* n : nodes) out.emplace_back(n->name());
  return out;
}

inline std::vector<std::string> NodeNames(const Graph& graph) {
  return NodeNames(graph.NodeVector());
}

}  // namespace fxpp

#endif  // FXPP_TESTING_NODE_NAMES_H_
