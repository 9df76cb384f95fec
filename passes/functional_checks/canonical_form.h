// A structural form of a graph for comparing fxpp's results with PyTorch's:
// two graphs that compute the same outputs (and the same side effects) with
// the same ops in the same dependency structure print the same text, whatever
// their node names, node order, dead code or duplicated pure nodes.
//
//   in0, in1, ...   placeholders, by position
//   attr(path)      get_attr nodes
//   v0, v1, ...     other nodes, numbered in a topological order that breaks
//                   ties by the node's own text (its target and arguments in
//                   canonical names), so the numbering depends on structure
//                   only
//
// Only live nodes appear: those the output needs and side-effecting nodes
// (copy_ into inputs, in-place ops, effectful calls) with what they need.
// Pure nodes with equal text are one node (PyTorch's functionalization
// replays a view chain where fxpp reuses the current one).
#ifndef FXPP_PASSES_FUNCTIONAL_CHECKS_CANONICAL_FORM_H_
#define FXPP_PASSES_FUNCTIONAL_CHECKS_CANONICAL_FORM_H_

#include <string>

#include "ir/graph.h"

namespace fxpp {

// One line per live node (`v3 = torch.ops.aten.add.Tensor(v1, 1)`), then
// `return ...`.
std::string CanonicalForm(const Graph& graph);

}  // namespace fxpp

#endif  // FXPP_PASSES_FUNCTIONAL_CHECKS_CANONICAL_FORM_H_
