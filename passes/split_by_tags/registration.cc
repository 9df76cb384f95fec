// Registers `split_by_tags` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/split_by_tags/split_by_tags.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "split_by_tags",
    "One submodule per node tag (meta tag), in the given tag order",
    {
        {"tags", PassOptionType::kStringList, "", "the tags in component order (required)"},
        {"return_tuple", PassOptionType::kBool, "false", "submodules always return a tuple"},
        {"require_attributes", PassOptionType::kBool, "true",
         "get_attr targets must exist (off for FX text, which has no state)"},
    },
    [](const PassOptions& options) -> absl::StatusOr<std::unique_ptr<Pass>> {
      std::vector<std::string> tags = options.GetStringList("tags");
      if (tags.empty()) return absl::InvalidArgumentError("tags=a,b,... is required");
      SplitByTagsOptions split;
      split.return_tuple = options.GetBool("return_tuple");
      split.require_attributes = options.GetBool("require_attributes");
      return std::make_unique<SplitByTagsPass>(std::move(tags), split);
    },
});

}  // namespace
}  // namespace fxpp
