// fxpp's IR -> torch.fx, in process: one fx.Graph per IR graph, made with
// Graph.create_node as torch.fx's own passes make theirs. Nodes converted
// from torch get their source node's metadata dict back (a shallow copy, as
// node_copy makes), with the typed fields a pass changed rewritten; new
// nodes get metadata from the IR (example values as meta tensors).
#ifndef FXPP_TOOLS_PYTHON_EXT_TO_TORCH_H_
#define FXPP_TOOLS_PYTHON_EXT_TO_TORCH_H_

#include "ir/graph.h"
#include "tools/python/ext/torch_objects.h"

namespace fxpp {
namespace pyext {

// A torch.fx.Graph equal to `graph`. fxpp's invoke_subgraph calls (dedup)
// become call_module nodes of the subgraph, which every torch runs.
py::object GraphToTorch(const Graph& graph, TorchObjects& objects);

}  // namespace pyext
}  // namespace fxpp

#endif  // FXPP_TOOLS_PYTHON_EXT_TO_TORCH_H_
