// Registers `split_module` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/split_module/split_module.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "split_module",
    "Partitions by the integer tags of call nodes into submod_N submodules",
    {
        {"keep_original_order", PassOptionType::kBool, "false",
         "call partitions in first-appearance order, not topological order"},
        {"keep_original_node_name", PassOptionType::kBool, "false",
         "partition nodes keep their names"},
        {"partition_affix", PassOptionType::kString, "", "partitions named <affix>_<id>"},
        {"tuple_return", PassOptionType::kBool, "false", "submodules always return a tuple"},
        {"require_attributes", PassOptionType::kBool, "true",
         "get_attr targets must exist (off for FX text, which has no state)"},
    },
    [](const PassOptions& options) -> absl::StatusOr<std::unique_ptr<Pass>> {
      SplitModuleOptions split;
      split.keep_original_order = options.GetBool("keep_original_order");
      split.keep_original_node_name = options.GetBool("keep_original_node_name");
      if (!options.GetString("partition_affix").empty()) {
        split.partition_affix = options.GetString("partition_affix");
      }
      split.tuple_return = options.GetBool("tuple_return");
      split.require_attributes = options.GetBool("require_attributes");
      return std::make_unique<SplitModulePass>(std::move(split));
    },
});

}  // namespace
}  // namespace fxpp
