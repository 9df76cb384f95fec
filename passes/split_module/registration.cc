// Registers `split_module` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/split_module/split_module.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(SplitModulePass::Descriptor());

}  // namespace
}  // namespace fxpp
