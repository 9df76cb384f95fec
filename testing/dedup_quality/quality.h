// Dedup's quality benchmark (issue 20): how close dedup gets to one
// subgraph per repeated module, on graphs that carry nn_module_stack.
//
// Per graph: a = top-level compute nodes, b = distinct subgraphs, c =
// invoke_subgraph calls, d = nodes to compile (a + the subgraphs' compute
// nodes), e = share of the repeated blocks' compute nodes that ended inside
// a call. Compute nodes are calls other than getitems (which only unpack).
// The module ideal replaces, outermost first, every set of >= 2 module
// instances of one class whose nodes are identical (same node keys and
// wiring) and which saves nodes (NodesSaved): what hand annotation of the
// repeated block gives.
#ifndef FXPP_TESTING_DEDUP_QUALITY_QUALITY_H_
#define FXPP_TESTING_DEDUP_QUALITY_QUALITY_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "ir/graph_module.h"
#include "passes/dedup/dedup.h"

namespace fxpp {

struct DedupQuality {
  int64_t a = 0, b = 0, c = 0, d = 0;
  double e = 0;  // in [0, 1]
};

struct QualityRow {
  int64_t nodes = 0;           // compute nodes before dedup
  DedupQuality ideal;          // module-structure ideal (e = 1 by definition)
  int64_t block_kinds = 0;     // = ideal.b
  int64_t blocks = 0;          // = ideal.c
  DedupQuality dedup;          // what dedup did
};

// Measures dedup (with `options`) on `module` (changed in place) against
// the module ideal computed from its nn_module_stack metadata.
absl::StatusOr<QualityRow> MeasureDedupQuality(GraphModule& module,
                                               const DedupOptions& options = {});

}  // namespace fxpp

#endif  // FXPP_TESTING_DEDUP_QUALITY_QUALITY_H_
