// Registers `topo_sort` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/topo_sort/topo_sort.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration({
    "topo_sort",
    "Stable topological sort: keeps the order wherever it is valid, output last",
    {},
    [](const PassOptions&) -> absl::StatusOr<std::unique_ptr<Pass>> {
      return std::make_unique<TopoSortPass>();
    },
});

}  // namespace
}  // namespace fxpp
