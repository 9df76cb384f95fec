// dedup: finds repeated regions of a graph and replaces each with a call of
// one shared subgraph (torch.ops.higher_order.invoke_subgraph).
//   bazel run //tools:dedup -- IN [-o OUT] [--format=FORMAT] [--report=text|json]
//                                 [--min_region_size=N] [--min_regions=N] [--module_hint]
// Without IN, deduplicates a bundled PyTorch transformer graph and prints the
// result, its subgraphs and the report.
#include <iostream>
#include <memory>
#include <string>

#include "absl/flags/flag.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/dedup/dedup.h"
#include "passes/pipeline.h"
#include "tools/cli.h"
#include "tools/pass_flags.h"

ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, format, "",
          "output format (fxg, json, pb, readable, dot); default: by -o extension, else readable");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::string, report, "text", "report format: text or json (printed to stdout, or "
                                       "to stderr when the module goes to stdout as json/pb)");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/dynamo_gpt.fx";

absl::Status Run(std::vector<std::string> args, const PassOptionValues& pass_options) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const std::string report_format = absl::GetFlag(FLAGS_report);
  if (report_format != "text" && report_format != "json") {
    return absl::InvalidArgumentError(
        absl::StrCat("--report must be text or json, not '", report_format, "'"));
  }
  // The pass's own options are the tool's flags (tools/pass_flags.h).
  ASSIGN_OR_RETURN(std::unique_ptr<Pass> dedup, DedupPass::Descriptor().Create(pass_options));
  const bool example = args.empty();
  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_format), out, Format::kReadable));
  if (to == Format::kFx) {
    return absl::InvalidArgumentError(
        "dedup adds subgraphs, which FX text cannot hold; use fxg, json, pb or readable");
  }
  ASSIGN_OR_RETURN(LoadedModule loaded, ReadInputModule(in, from));
  PassPipeline::Options checks;
  checks.verify.check_attributes = loaded.format != Format::kFx;  // FX text has no state
  RETURN_IF_ERROR(RunPass(*dedup, *loaded.module, checks).status());
  const PassReport report = dedup->Report();
  ASSIGN_OR_RETURN(std::string rendered, RenderModule(*loaded.module, to));
  ASSIGN_OR_RETURN(std::ostream * report_stream, WriteModuleThenReportStream(out, to, rendered));
  *report_stream << (report_format == "json" ? report.json : report.text);
  if (example) NoteBundledExample("dedup", kExample);
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  fxpp::PassOptionValues pass_options;
  std::vector<std::string> args = fxpp::ParseToolFlagsWithPass(
      argc, argv,
      "Replaces repeated regions of a graph by calls of shared subgraphs.\n"
      "  dedup IN [-o OUT] [--format=fxg|json|pb|readable] [--report=text|json]\n"
      "        [--min_region_size=N] [--min_regions=N]\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.",
      fxpp::DedupPass::Descriptor(), &pass_options);
  return fxpp::RunTool("dedup", [&] { return fxpp::Run(std::move(args), pass_options); });
}
