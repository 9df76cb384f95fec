// Synthetic graphs for benchmarks and scale tests: stacks of identical
// transformer layers as PyTorch's aten-level graphs (export / AOTAutograd)
// look, with tensor metadata on every node and weights as get_attr nodes
// backed by parameter entries.
#ifndef FXPP_BENCH_SYNTHETIC_GRAPHS_H_
#define FXPP_BENCH_SYNTHETIC_GRAPHS_H_

#include <cstdint>
#include <memory>

#include "ir/graph_module.h"

namespace fxpp {

struct TransformerShape {
  int64_t batch = 2;
  int64_t seq = 16;
  int64_t hidden = 64;
  int64_t heads = 4;
};

// Nodes one layer adds (compute and get_attr nodes).
int64_t TransformerNodesPerLayer();

// A module whose graph applies `layers` identical pre-norm transformer
// layers (attention + MLP, residual adds) to one input.
std::unique_ptr<GraphModule> MakeTransformerStack(int64_t layers, TransformerShape shape = {});

// As many layers as needed for at least `nodes` nodes.
std::unique_ptr<GraphModule> MakeTransformerWithNodes(int64_t nodes, TransformerShape shape = {});

// What torch.export and make_fx record on a node beyond its example value:
// one stack trace per layer position (traces repeat across layers), the
// module stack of the layer it runs in (where the node has none), and an
// autograd sequence number. The I/O benchmarks' "full metadata".
void AddFullMeta(Graph& graph);

}  // namespace fxpp

#endif  // FXPP_BENCH_SYNTHETIC_GRAPHS_H_
