// The tags a graph's call nodes carry (NodeMeta::tag), read by the passes
// that work per tag (split_by_tags, move_non_tensor_nodes_on_boundary).
// Assigning tags is the tag_nodes pass's job (passes/tag_nodes/tagging.h);
// this library only reads them, so those passes need not depend on it.
#ifndef FXPP_PASSES_TAG_ORDER_H_
#define FXPP_PASSES_TAG_ORDER_H_

#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/node.h"

namespace fxpp {

// call_function, call_method or call_module: the nodes that carry tags.
bool IsCallNode(const Node& node);

// The tags of `graph`'s call nodes in an order split_by_tags accepts when
// one exists: components before the components that read them, ties by
// first appearance. With cyclic dependencies, first-appearance order (the
// split then names the conflict).
std::vector<std::string> TagOrder(const Graph& graph);

}  // namespace fxpp

#endif  // FXPP_PASSES_TAG_ORDER_H_
