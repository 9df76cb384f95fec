// Structural graph identity, PyTorch's _check_graph_equivalence (which
// unflatten uses to merge identical calls of a module): the same ops in the
// same order, the same call_function/call_method/get_attr targets and the
// same arguments, node references compared by position. Names, placeholder
// and call_module targets and metadata do not count. (PyTorch also ignores
// call_method targets and compares arguments by their str(); fxpp is
// stricter: `2` and `'2'` differ.)
#ifndef FXPP_EXPORT_GRAPH_STRUCTURE_H_
#define FXPP_EXPORT_GRAPH_STRUCTURE_H_

#include <cstdint>
#include <string>

#include "ir/graph.h"

namespace fxpp {

bool StructurallyEqual(const Graph& a, const Graph& b);
// Equal for structurally equal graphs.
uint64_t StructuralHash(const Graph& graph);
// One line per node, "1: call_function[torch.ops.aten.add.Tensor](%0, 2)":
// what StructurallyEqual compares, for diagnostics and tests.
std::string StructuralDump(const Graph& graph);

}  // namespace fxpp

#endif  // FXPP_EXPORT_GRAPH_STRUCTURE_H_
