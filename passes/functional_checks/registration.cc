// Registers `assert_functional_graph` and
// `propagate_input_mutation_stack_traces` with the pass registry.
#include "passes/functional_checks/functional_checks.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(AssertFunctionalGraphPass::Descriptor());
const PassRegistration kStackTraces(PropagateInputMutationStackTracesPass::Descriptor());

}  // namespace
}  // namespace fxpp
