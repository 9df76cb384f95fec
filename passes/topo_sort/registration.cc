// Registers `topo_sort` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/topo_sort/topo_sort.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(TopoSortPass::Descriptor());

}  // namespace
}  // namespace fxpp
