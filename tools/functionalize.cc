// functionalize: rewrites a captured graph without in-place ops (AOTAutograd's
// functionalization): the `functionalize`, `assert_functional_graph` and
// `propagate_input_mutation_stack_traces` (the stack-trace fix-up AOTAutograd
// makes) passes over the shared tool driver (tools/driver.h):
// `fxopt --passes=functionalize,assert_functional_graph,
// propagate_input_mutation_stack_traces` writes the same module.
//   bazel run //tools:functionalize -- IN [--keep_input_mutations] [-o OUT]
//       [--to=FORMAT] [--buffers=NAME,...] [--assign=BUFFER=NODE,...]
// Without IN, runs on a bundled make_fx graph with in-place ops and prints it
// before and after, and the mutation report.
#include "passes/functional_checks/functional_checks.h"
#include "passes/functionalize/functionalize.h"
#include "tools/driver.h"

int main(int argc, char** argv) {
  fxpp::ToolPreset functionalize;
  functionalize.name = "functionalize";
  functionalize.usage =
      "Rewrites a graph's in-place ops out of place (AOTAutograd's functionalization).\n"
      "  functionalize IN [--keep_input_mutations] [-o OUT] [--to=fx|fxg|json|pb|readable]\n"
      "                [--buffers=NAME,...] [--assign=BUFFER=NODE,...]\n"
      "Input mutations become leading outputs (or copy_ with --keep_input_mutations).\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.";
  functionalize.example = "testing/graphs/torch26/makefx_inplace.fx";
  functionalize.example_shows_before = true;
  functionalize.passes = {{&fxpp::FunctionalizePass::Descriptor()},
                          {&fxpp::AssertFunctionalGraphPass::Descriptor()},
                          {&fxpp::PropagateInputMutationStackTracesPass::Descriptor()}};
  functionalize.default_to = fxpp::Format::kFx;
  return fxpp::RunPresetTool(argc, argv, functionalize);
}
