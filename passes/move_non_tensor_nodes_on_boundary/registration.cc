// Registers `move_non_tensor_nodes_on_boundary` with the pass registry.
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(MoveNonTensorNodesOnBoundaryPass::Descriptor());

}  // namespace
}  // namespace fxpp
