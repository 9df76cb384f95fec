// The stable topological sort on torch.fx graphs where they lie: the order
// is computed in C++ from each node's inputs, read through the C API (no
// conversion), and either used to convert the graph (from_torch.h) or
// applied to the graph itself by relinking the nodes that move through
// torch's own Node API.
#ifndef FXPP_TOOLS_PYTHON_EXT_TOPO_SORT_H_
#define FXPP_TOOLS_PYTHON_EXT_TOPO_SORT_H_

#include <pybind11/pybind11.h>

#include <cstddef>
#include <vector>

namespace fxpp {
namespace pyext {

namespace py = pybind11;

// Where the output node goes.
enum class OutputPlacement {
  // Sorted like any other node, as PyTorch's sort does (a node placed after
  // the output stays after it).
  kLikeAnyNode,
  // Last, as fxpp's topo_sort pass puts it (the IR wants it there).
  kLast,
};

// The nodes of `fx_graph` (a torch.fx.Graph; borrowed: the graph holds
// them) in the order of torch._inductor.pattern_matcher.
// stable_topological_sort (PyTorch 2.6; fxpp's topo_sort pass picks the
// same): nodes are taken in list order; a node with inputs not yet placed
// waits for the one of them it reads last (args, then kwargs) and is
// retried right after that one is placed. No order (a cycle, or an input
// outside the graph) is a ValueError naming the nodes waiting on each other.
std::vector<PyObject*> StableOrder(py::handle fx_graph, OutputPlacement output);

// Whether StableOrder(fx_graph, kLast) is the graph's own order: every node
// after the nodes it reads (node._input_nodes) and the output node last.
// Cheaper than computing the order.
bool GraphIsSorted(py::handle fx_graph);

// Sorts `fx_graph` in place into the order PyTorch's stable_topological_sort
// gives it (output kLikeAnyNode), computing the whole order first: on an
// error the graph is unchanged. Only the nodes off a longest run already in
// order move, through torch's Node.append (which keeps torch's bookkeeping,
// e.g. Node._sort_key on 2.x, right). PyTorch's loop relinks every node
// that follows a moved one until that one is placed, often most of the
// graph; the order comes out the same, 2.x's _sort_key values need not.
// Returns the number of nodes moved.
size_t SortInPlace(py::handle fx_graph);

}  // namespace pyext
}  // namespace fxpp

#endif  // FXPP_TOOLS_PYTHON_EXT_TOPO_SORT_H_
