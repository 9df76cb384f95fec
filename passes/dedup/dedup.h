// Graph deduplication (Dynamo's apply_graph_deduplication): every group of
// identical regions (see //passes/region_tracking) becomes one subgraph,
// installed on the module as `subgraph_N`, and each region is replaced by
//   invoke_subgraph = torch.ops.higher_order.invoke_subgraph(%subgraph_N, subgraph_N, *inputs)
// followed by one `operator.getitem` per output.
//
// Semantics are preserved on every graph: a region is left alone (with the
// reason in the report) when it would mutate one of its inputs, when its
// inputs or outputs may alias each other (views of one storage, found
// through view ops), or when an output is not a tensor or tuple of tensors.
// Mutations stay ordered against other users of the mutated value, and
// global-state calls (autocast, grad mode) keep their place relative to
// everything; one stable topological sort honouring those edges runs at the
// end (when there are such edges, or a replacement left a node before one it
// reads: otherwise the order is already topological).
#ifndef FXPP_PASSES_DEDUP_DEDUP_H_
#define FXPP_PASSES_DEDUP_DEDUP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/graph_module.h"
#include "passes/pass.h"
#include "passes/pass_options.h"
#include "passes/region_tracking/region_tracking.h"

namespace fxpp {

struct DedupOptions {
  // The cost model: a group is deduplicated only with regions of at least
  // `min_region_size` nodes of which at least `min_regions` are replaceable.
  RegionTrackingOptions tracking;
};

struct DedupReport {
  struct Group {
    std::string subgraph;      // installed attribute, empty when skipped
    int64_t region_size = 0;   // nodes per region
    int64_t regions = 0;       // regions found
    int64_t replaced = 0;      // regions replaced by invoke_subgraph
    int64_t nodes_saved = 0;   // nodes to compile saved (NodesSaved), 0 when skipped
    std::vector<std::string> skipped;  // one reason per region not replaced
    std::string group_skipped;         // why the whole group was not deduplicated
  };
  int64_t nodes_before = 0;  // in the module's own graph
  int64_t nodes_after = 0;   // in the module's own graph
  int64_t subgraph_nodes = 0;
  int64_t regions_replaced = 0;
  std::vector<Group> groups;
  // Candidate groups region tracking did not take, or not whole, and why.
  std::vector<RegionCandidate> not_taken;

  // Human-readable summary; JSON with the same content (stable key order).
  std::string ToText() const;
  std::string ToJson() const;
};

// Deduplicates `module`'s graph in place. Fails (without changing the
// module) when its graph is not topologically sorted. On graphs of 20k
// nodes or more it starts one thread, joined before it returns, which keys
// the nodes while this one finds their alias classes (both only read the
// graph); the result is the same either way.
absl::StatusOr<DedupReport> ApplyGraphDeduplication(GraphModule& module,
                                                    const DedupOptions& options = {});

// A DedupReport as the pass framework shows it: counters, and the report's
// own text and JSON as details.
PassReport ToPassReport(const DedupReport& report);

class DedupPass : public Pass {
 public:
  // Options: min_region_size, min_regions (RegionTrackingOptions).
  static const PassDescriptor& Descriptor();
  explicit DedupPass(DedupOptions options = {}) : options_(options) {}
  absl::string_view name() const override { return "dedup"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override { return ToPassReport(report_); }
  // The report of the last Run.
  const DedupReport& report() const { return report_; }

 private:
  DedupOptions options_;
  DedupReport report_;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_DEDUP_DEDUP_H_
