// Registers `dedup` with the pass registry (passes/registry.h).
#include "passes/dedup/dedup.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "dedup",
    "Graph deduplication: identical regions -> invoke_subgraph calls of one subgraph",
    {
        {"min_region_size", PassOptionType::kInt,
         std::to_string(RegionTrackingOptions().min_region_size),
         "smallest region worth a subgraph (nodes that compute, getitems excluded)"},
        {"min_regions", PassOptionType::kInt, std::to_string(RegionTrackingOptions().min_regions),
         "fewest replaceable regions for a group to be deduplicated"},
        {"module_hint", PassOptionType::kBool, "false",
         "take groups whose regions are whole nn_module_stack instances first (when nodes "
         "carry it)"},
    },
    [](const PassOptions& options) -> absl::StatusOr<std::unique_ptr<Pass>> {
      DedupOptions dedup;
      dedup.tracking.min_region_size = options.GetInt("min_region_size");
      dedup.tracking.min_regions = options.GetInt("min_regions");
      dedup.tracking.prefer_whole_modules = options.GetBool("module_hint");
      if (dedup.tracking.min_regions < 2 || dedup.tracking.min_region_size < 1) {
        return absl::InvalidArgumentError("min_regions must be >= 2 and min_region_size >= 1");
      }
      return std::make_unique<DedupPass>(dedup);
    },
});

}  // namespace
}  // namespace fxpp
