// dedup: finds repeated regions of a graph and replaces each with a call of
// one shared subgraph (torch.ops.higher_order.invoke_subgraph).
//   bazel run //tools:dedup -- IN [-o OUT] [--format=FORMAT] [--report=text|json]
//                                 [--min_region_size=N] [--min_regions=N]
// Without IN, deduplicates a bundled PyTorch transformer graph and prints the
// result, its subgraphs and the report.
#include <iostream>
#include <string>

#include "absl/flags/flag.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/dedup/dedup.h"
#include "tools/cli.h"

ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, format, "",
          "output format (fxg, json, pb, readable, dot); default: by -o extension, else readable");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::string, report, "text", "report format: text or json (printed to stdout, or "
                                       "to stderr when the module goes to stdout as json/pb)");
ABSL_FLAG(int64_t, min_region_size, 2, "smallest region worth a subgraph, in compute nodes");
ABSL_FLAG(int64_t, min_regions, 2, "smallest number of identical regions worth a subgraph");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/dynamo_gpt.fx";

absl::Status Run(std::vector<std::string> args) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const std::string report_format = absl::GetFlag(FLAGS_report);
  if (report_format != "text" && report_format != "json") {
    return absl::InvalidArgumentError(
        absl::StrCat("--report must be text or json, not '", report_format, "'"));
  }
  DedupOptions options;
  options.tracking.min_region_size = absl::GetFlag(FLAGS_min_region_size);
  options.tracking.min_regions = absl::GetFlag(FLAGS_min_regions);
  if (options.tracking.min_region_size < 1 || options.tracking.min_regions < 2) {
    return absl::InvalidArgumentError("--min_region_size must be >= 1 and --min_regions >= 2");
  }
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
  ASSIGN_OR_RETURN(DedupReport report, ApplyGraphDeduplication(*loaded.module, options));
  ASSIGN_OR_RETURN(std::string rendered, RenderModule(*loaded.module, to));
  ASSIGN_OR_RETURN(std::ostream * report_stream, WriteModuleThenReportStream(out, to, rendered));
  *report_stream << (report_format == "json" ? report.ToJson() : report.ToText());
  if (example) NoteBundledExample("dedup", kExample);
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  std::vector<std::string> args = fxpp::ParseToolFlags(
      argc, argv,
      "Replaces repeated regions of a graph by calls of shared subgraphs.\n"
      "  dedup IN [-o OUT] [--format=fxg|json|pb|readable] [--report=text|json]\n"
      "        [--min_region_size=N] [--min_regions=N]\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.");
  return fxpp::RunTool("dedup", [&] { return fxpp::Run(std::move(args)); });
}
