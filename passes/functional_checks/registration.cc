// Registers `assert_functional_graph` with the pass registry.
#include "passes/functional_checks/functional_checks.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "assert_functional_graph",
    "Fails unless no mutation remains but copy_/set_ into inputs (changes nothing)",
    {},
    [](const PassOptions&) -> absl::StatusOr<std::unique_ptr<Pass>> {
      return std::make_unique<AssertFunctionalGraphPass>();
    },
});

}  // namespace
}  // namespace fxpp
