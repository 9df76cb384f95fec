// Registers `functionalize` with the pass registry (passes/registry.h).
#include "passes/functionalize/functionalize.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "functionalize",
    "In-place ops -> out-of-place twins; input mutations -> extra outputs (or copy_)",
    {
        {"keep_input_mutations", PassOptionType::kBool, "false",
         "end the graph with copy_(input, new) instead of returning new values"},
        {"buffers", PassOptionType::kStringList, "",
         "placeholder names that are buffers rather than user inputs"},
    },
    [](const PassOptions& options) -> absl::StatusOr<std::unique_ptr<Pass>> {
      FunctionalizeOptions functionalize;
      functionalize.keep_input_mutations = options.GetBool("keep_input_mutations");
      for (const std::string& buffer : options.GetStringList("buffers")) {
        functionalize.buffer_inputs.insert(buffer);
      }
      return std::make_unique<FunctionalizePass>(std::move(functionalize));
    },
});

}  // namespace
}  // namespace fxpp
