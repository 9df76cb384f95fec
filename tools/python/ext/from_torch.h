// torch.fx -> fxpp's IR, in process: walks a GraphModule's module tree and
// graph.nodes through the C API (no JSON, no files). Targets, arguments and
// metadata map as the pure-Python bridge writes them (fxpp._values); what
// fxpp cannot model is kept by identity in TorchObjects.
#ifndef FXPP_TOOLS_PYTHON_EXT_FROM_TORCH_H_
#define FXPP_TOOLS_PYTHON_EXT_FROM_TORCH_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "ir/graph_module.h"
#include "tools/python/ext/torch_objects.h"

namespace fxpp {
namespace pyext {

struct FromTorchOptions {
  // Read each node's `node.tag` attribute (what PyTorch's split_by_tags
  // reads) into NodeMeta::tag; meta["tag"] is read either way.
  bool read_tags = false;
  // Convert the nodes in stable topological order (see topo_sort): graphs
  // with nodes before their inputs, which the IR cannot hold, convert
  // sorted. Without it such a graph is an error.
  bool sort = false;
  // Dotted path -> StateEntry::storage_group of the state tensors that
  // share their storage (fxpp._graph.storage_groups computes them); the
  // others get none.
  absl::flat_hash_map<std::string, uint32_t> storage_groups;
};

// The module tree of `module` (a torch.fx.GraphModule or nn.Module): graph
// modules with their graphs, other modules opaque with their type and state.
// Python errors propagate as exceptions; IR errors are ValueError.
std::unique_ptr<GraphModule> ModuleFromTorch(py::handle module, TorchObjects& objects,
                                             const FromTorchOptions& options);

// One fx.Graph into `graph` (empty).
void GraphFromTorch(py::handle fx_graph, Graph& graph, TorchObjects& objects,
                    const FromTorchOptions& options);

// A tensor, FakeTensor or TensorMetadata's shape, stride, dtype, device.
TensorMeta TensorFromTorch(PyObject* tensor, TorchObjects& objects);

}  // namespace pyext
}  // namespace fxpp

#endif  // FXPP_TOOLS_PYTHON_EXT_FROM_TORCH_H_
