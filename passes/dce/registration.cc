// Registers `dce` with the pass registry (passes/registry.h).
#include "passes/dce/dce.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "dce",
    "Dead-code elimination on every graph of the module (keeps side effects)",
    {},
    [](const PassOptions&) -> absl::StatusOr<std::unique_ptr<Pass>> {
      return std::make_unique<DeadCodeEliminationPass>();
    },
});

}  // namespace
}  // namespace fxpp
