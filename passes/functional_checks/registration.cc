// Registers `assert_functional_graph` with the pass registry.
#include "passes/functional_checks/functional_checks.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(AssertFunctionalGraphPass::Descriptor());

}  // namespace
}  // namespace fxpp
