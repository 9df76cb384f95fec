// functionalize: rewrites a captured graph without in-place ops (AOTAutograd's
// functionalization), checks the result is functional, and reports how the
// signature changed.
//   bazel run //tools:functionalize -- IN [--keep_input_mutations] [-o OUT]
//                                     [--format=FORMAT] [--buffers=NAME,...]
//                                     [--assign=BUFFER=NODE,...]
// Without IN, runs on a bundled make_fx graph with in-place ops and prints it
// before and after, and the mutation report.
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/functional_checks/functional_checks.h"
#include "passes/functionalize/functionalize.h"
#include "tools/cli.h"

ABSL_FLAG(bool, keep_input_mutations, false,
          "end the graph with copy_(input, new_value) instead of returning new values");
ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, format, "",
          "output format (fx, fxg, json, pb, readable); default: by -o extension, else fx");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::vector<std::string>, buffers, {},
          "placeholders that are buffers (e.g. export's b_* inputs); the rest are user inputs");
ABSL_FLAG(std::vector<std::string>, assign, {},
          "buffer assignments as BUFFER=NODE: NODE's value becomes BUFFER's (non-strict export)");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/makefx_inplace.fx";

absl::StatusOr<FunctionalizeOptions> OptionsFromFlags() {
  FunctionalizeOptions options;
  options.keep_input_mutations = absl::GetFlag(FLAGS_keep_input_mutations);
  for (const std::string& buffer : absl::GetFlag(FLAGS_buffers)) options.buffer_inputs.insert(buffer);
  for (const std::string& assignment : absl::GetFlag(FLAGS_assign)) {
    std::vector<std::string> parts = absl::StrSplit(assignment, '=');
    if (parts.size() != 2 || parts[0].empty() || parts[1].empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--assign takes BUFFER=NODE pairs, not '", assignment, "'"));
    }
    options.buffer_inputs.insert(parts[0]);
    options.assigned_buffers.emplace_back(parts[0], parts[1]);
  }
  return options;
}

absl::Status Run(std::vector<std::string> args) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  ASSIGN_OR_RETURN(FunctionalizeOptions options, OptionsFromFlags());
  const bool example = args.empty();
  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_format), out, Format::kFx));
  ASSIGN_OR_RETURN(LoadedModule loaded, ReadInputModule(in, from));
  GraphModule& module = *loaded.module;
  // A misspelt --buffers or --assign name would silently change nothing.
  for (const std::string& buffer : options.buffer_inputs) {
    const Node* node = module.graph().FindNode(buffer);
    if (node == nullptr || node->op() != OpKind::kPlaceholder) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--buffers/--assign name '", buffer, "', which is not a placeholder of the graph"));
    }
  }
  ASSIGN_OR_RETURN(std::string before, RenderModule(module, Format::kFx, loaded.fx_print));

  ASSIGN_OR_RETURN(FunctionalizeReport report, Functionalize(module, options));
  // What AOTAutograd checks and fixes up after functionalizing.
  ASSIGN_OR_RETURN(int64_t copies, AssertFunctionalGraph(module.graph()));
  ASSIGN_OR_RETURN(int64_t traced, PropagateInputMutationStackTraces(module.graph()));

  ASSIGN_OR_RETURN(std::string rendered, RenderModule(module, to, loaded.fx_print));
  if (example) std::cout << "== before\n" << before << "\n== after\n";
  ASSIGN_OR_RETURN(std::ostream * report_stream, WriteModuleThenReportStream(out, to, rendered));
  *report_stream << report.ToText() << "functional: yes (" << copies << " copy_ into inputs, "
                 << traced << " given their source's stack trace)\n";
  if (example) NoteBundledExample("functionalize", kExample);
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  std::vector<std::string> args = fxpp::ParseToolFlags(
      argc, argv,
      "Rewrites a graph's in-place ops out of place (AOTAutograd's functionalization).\n"
      "  functionalize IN [--keep_input_mutations] [-o OUT] [--format=fx|fxg|json|pb|readable]\n"
      "                [--buffers=NAME,...] [--assign=BUFFER=NODE,...]\n"
      "Input mutations become leading outputs (or copy_ with --keep_input_mutations).\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.");
  return fxpp::RunTool("functionalize", [&] { return fxpp::Run(std::move(args)); });
}
