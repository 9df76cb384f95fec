// Registers `tag_nodes` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/tag_nodes/tag_nodes.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(TagNodesPass::Descriptor());

}  // namespace
}  // namespace fxpp
