// CopyForwardMetadataToBackward: in a joint forward+backward graph, each
// backward node (a seq_nr, no nn_module_stack) gets the metadata of the
// forward node with the same seq_nr (copy_fwd_metadata_to_bw_nodes).
#ifndef FXPP_PASSES_FUNCTIONAL_CHECKS_JOINT_METADATA_H_
#define FXPP_PASSES_FUNCTIONAL_CHECKS_JOINT_METADATA_H_

#include <cstdint>

#include "ir/graph.h"

namespace fxpp {

struct JointMetadataReport {
  int64_t forward_nodes = 0;   // distinct seq_nr with a forward node
  int64_t backward_nodes = 0;  // backward nodes that got forward metadata
};

// For every backward node whose seq_nr matches a forward node's: sets extra
// `fwd_nn_module_stack` (JSON object key -> [path, type]) and, when the
// forward node has one, `fwd_source_fn_stack` (JSON list of [name, target]),
// and the forward stack trace when the backward node has none.
JointMetadataReport CopyForwardMetadataToBackward(Graph& graph);

}  // namespace fxpp

#endif  // FXPP_PASSES_FUNCTIONAL_CHECKS_JOINT_METADATA_H_
