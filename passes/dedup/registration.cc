// Registers `dedup` with the pass registry (passes/registry.h).
#include "passes/dedup/dedup.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(DedupPass::Descriptor());

}  // namespace
}  // namespace fxpp
