// Splits a joint forward+backward graph (aot_export_joint_simple, or the
// joint graph torch.compile builds) into a forward and a backward graph, as
// AOTAutograd's default_partition does:
//  - inputs are told apart by name: `tangents*` are the backward's,
//    `fwd_seed`/`fwd_base_offset` and `bwd_seed`/`bwd_base_offset` the RNG
//    states of each side, everything else a forward input (a primal);
//  - the first `num_fwd_outputs` output values are the forward's, the rest
//    (gradients, None for inputs without one) the backward's;
//  - the forward graph holds the nodes the forward outputs need, computed
//    from the primals only; nodes tagged partitioner_tag "must_be_in_backward"
//    stay out of it;
//  - forward values the backward reads are saved: the forward returns them
//    after its outputs and the backward takes them before the tangents.
//    Symbolic values (SymInt meta) are saved after the tensors; a tuple-valued
//    node is saved as its getitems; a tensor the backward reads only through
//    size queries is saved as those queries. Everything else the backward
//    needs it recomputes from saved values.
// Graphs whose nodes ask to be recomputed (activation checkpointing's
// meta["recompute"]) need the min-cut partitioner, which fxpp does not have:
// an error. PyTorch additionally moves the saved symbols that bind others to
// the front; fxpp keeps graph order.
#ifndef FXPP_PASSES_PARTITION_JOINT_PARTITION_JOINT_H_
#define FXPP_PASSES_PARTITION_JOINT_PARTITION_JOINT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/graph_module.h"

namespace fxpp {

struct JointPartition {
  std::unique_ptr<GraphModule> forward;
  std::unique_ptr<GraphModule> backward;
  std::vector<std::string> saved_values;  // joint node names, in save order
  std::vector<std::string> saved_symbols;

  // The saved values and symbols, one line each.
  std::string ToText() const;
};

// `joint` is left unchanged; both results keep its module state.
absl::StatusOr<JointPartition> PartitionJointGraph(const GraphModule& joint, int64_t num_fwd_outputs);

}  // namespace fxpp

#endif  // FXPP_PASSES_PARTITION_JOINT_PARTITION_JOINT_H_
