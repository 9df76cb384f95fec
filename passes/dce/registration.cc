// Registers `dce` with the pass registry (passes/registry.h).
#include "passes/dce/dce.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(DeadCodeEliminationPass::Descriptor());

}  // namespace
}  // namespace fxpp
