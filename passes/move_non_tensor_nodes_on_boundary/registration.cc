// Registers `move_non_tensor_nodes_on_boundary` with the pass registry.
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "move_non_tensor_nodes_on_boundary",
    "Moves non-tensor nodes on a tag boundary into the one tag that consumes them",
    {{"tags", PassOptionType::kStringList, "", "the tags in component order (required)"}},
    [](const PassOptions& options) -> absl::StatusOr<std::unique_ptr<Pass>> {
      std::vector<std::string> tags = options.GetStringList("tags");
      if (tags.empty()) return absl::InvalidArgumentError("tags=a,b,... is required");
      return std::make_unique<MoveNonTensorNodesOnBoundaryPass>(std::move(tags));
    },
});

}  // namespace
}  // namespace fxpp
