// Registers `functionalize` with the pass registry (passes/registry.h).
#include "passes/functionalize/functionalize.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(FunctionalizePass::Descriptor());

}  // namespace
}  // namespace fxpp
