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
#include "tools/pass_flags.h"

ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, format, "",
          "output format (fx, fxg, json, pb, readable); default: by -o extension, else fx");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::vector<std::string>, assign, {},
          "buffer assignments as BUFFER=NODE: NODE's value becomes BUFFER's (non-strict export)");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/makefx_inplace.fx";

// The pass's own options (keep_input_mutations, buffers) are flags generated
// from its descriptor (tools/pass_flags.h); --assign is the tool's.
absl::StatusOr<FunctionalizeOptions> OptionsFromFlags(const PassOptionValues& pass_options) {
  ASSIGN_OR_RETURN(FunctionalizeOptions options,
                   FunctionalizePass::Descriptor().ParseOptions(pass_options));
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

absl::Status Run(std::vector<std::string> args, const PassOptionValues& pass_options) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  ASSIGN_OR_RETURN(FunctionalizeOptions options, OptionsFromFlags(pass_options));
  const bool example = args.empty();
  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  ASSIGN_OR_RETURN(LoadedModule loaded, ReadInputModule(in, from));
  GraphModule& module = *loaded.module;
  // A misspelt --buffers or --assign name would silently change nothing.
  for (const std::string& buffer : options.buffer_inputs) {
    const Node* node = module.has_graph() ? module.graph().FindNode(buffer) : nullptr;
    if (node == nullptr || node->op() != OpKind::kPlaceholder) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--buffers/--assign name '", buffer, "', which is not a placeholder of the graph"));
    }
  }
  // FX text holds one graph: a module with subgraphs (a dedup result, a
  // `cond` program) is written as fxg unless a format is asked for.
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_format), out,
                                           module.children().empty() ? Format::kFx : Format::kFxg));
  // The "before" copy is shown for the bundled example only (one graph).
  std::string before;
  if (example) {
    ASSIGN_OR_RETURN(before, RenderModule(module, Format::kFx, loaded.fx_print));
  }

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
  fxpp::PassOptionValues pass_options;
  std::vector<std::string> args = fxpp::ParseToolFlagsWithPass(
      argc, argv,
      "Rewrites a graph's in-place ops out of place (AOTAutograd's functionalization).\n"
      "  functionalize IN [--keep_input_mutations] [-o OUT] [--format=fx|fxg|json|pb|readable]\n"
      "                [--buffers=NAME,...] [--assign=BUFFER=NODE,...]\n"
      "Input mutations become leading outputs (or copy_ with --keep_input_mutations).\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.",
      fxpp::FunctionalizePass::Descriptor(), &pass_options);
  return fxpp::RunTool("functionalize", [&] { return fxpp::Run(std::move(args), pass_options); });
}
