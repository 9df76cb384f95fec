// functionalize: rewrites a captured graph without in-place ops (AOTAutograd's
// functionalization): the `functionalize` and `assert_functional_graph`
// passes over the shared tool driver (tools/driver.h), then the stack-trace
// fix-up AOTAutograd makes, and a report of how the signature changed.
//   bazel run //tools:functionalize -- IN [--keep_input_mutations] [-o OUT]
//       [--to=FORMAT] [--buffers=NAME,...] [--assign=BUFFER=NODE,...]
// Without IN, runs on a bundled make_fx graph with in-place ops and prints it
// before and after, and the mutation report.
#include <string>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
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
                          {&fxpp::AssertFunctionalGraphPass::Descriptor()}};
  functionalize.default_to = fxpp::Format::kFx;
  functionalize.after_passes = [](fxpp::GraphModule& module,
                                  std::string* report) -> absl::Status {
    ASSIGN_OR_RETURN(fxpp::Graph * graph, fxpp::RootGraph("functionalize", module));
    // assert_functional_graph passed; this counts what it allowed.
    ASSIGN_OR_RETURN(int64_t copies, fxpp::AssertFunctionalGraph(*graph));
    ASSIGN_OR_RETURN(int64_t traced, fxpp::PropagateInputMutationStackTraces(*graph));
    absl::StrAppend(report, "functional: yes (", copies, " copy_ into inputs, ", traced,
                    " given their source's stack trace)\n");
    return absl::OkStatus();
  };
  return fxpp::RunPresetTool(argc, argv, functionalize);
}
