// fxopt: runs a pipeline of registered passes over a module, like mlir-opt
// and hlo-opt. The pipeline, its verification and its instrumentation
// (printing, timing, statistics) are library pieces (passes/pipeline.h,
// passes/instrumentation.h); fxopt wires flags to them.
//   bazel run //tools:fxopt -- IN --passes=dedup,dce,topo_sort [-o OUT]
//       [--to=FORMAT] [--verify-each=false] [--check-changed]
//       [--print-ir-after-all] [--print-ir-after-change] [--print-ir-before=PASS,...]
//       [--print-ir-after-failure] [--time-passes[=json]] [--pass-statistics[=json]]
//       [--report=FILE]
//   bazel run //tools:fxopt -- --list-passes
// mlir-opt's spellings are aliases: --pass-pipeline, --print-ir-*,
// --mlir-timing, --mlir-pass-statistics.
// Without IN, runs dedup,dce,topo_sort on a bundled PyTorch transformer
// graph, prints the result and times the passes.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/io/file_io.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/instrumentation.h"
#include "passes/pipeline.h"
#include "passes/registry.h"
#include "tools/cli.h"

ABSL_FLAG(std::string, passes, "",
          "the pipeline: pass[{option=value,...}],... (see --list-passes); alias --pass-pipeline");
ABSL_FLAG(bool, list_passes, false, "print every registered pass with its options and exit");
ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, to, "",
          "output format (fx, fxg, json, pb, readable, dot); default: by -o extension, else fxg");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(bool, verify_each, true, "run the verifier after every pass that changed something");
ABSL_FLAG(bool, check_changed, false,
          "fail when a pass's changed flag disagrees with the module's fingerprint");
ABSL_FLAG(bool, print_after_all, false,
          "print the module to stderr after every pass; alias --print-ir-after-all");
ABSL_FLAG(bool, print_after_change, false,
          "print the module to stderr after every changing pass; alias --print-ir-after-change");
ABSL_FLAG(bool, print_before_all, false,
          "print the module to stderr before every pass; alias --print-ir-before-all");
ABSL_FLAG(std::string, print_before, "",
          "print the module to stderr before these passes (names); alias --print-ir-before");
ABSL_FLAG(bool, print_after_failure, false,
          "print the module to stderr after a pass that fails or breaks it; "
          "alias --print-ir-after-failure");
ABSL_FLAG(std::string, print_format, "fxg", "format of --print-* dumps");
ABSL_FLAG(std::string, time_passes, "",
          "print a timing table: text (also the bare flag) or json; alias --mlir-timing");
ABSL_FLAG(std::string, pass_statistics, "",
          "print every pass's statistics and report: text (also the bare flag) or json; "
          "alias --mlir-pass-statistics");
ABSL_FLAG(std::string, report, "",
          "file for --time-passes and --pass-statistics; default stderr (stdout carries only "
          "the module)");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/dynamo_gpt.fx";
constexpr absl::string_view kExamplePipeline = "dedup,dce,topo_sort";

absl::Status CheckTextOrJson(absl::string_view flag, absl::string_view value) {
  if (value.empty() || value == "text" || value == "json") return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("--", flag, " must be text or json, not '", value, "'"));
}

absl::Status Run(std::vector<std::string> args) {
  const PassRegistry& registry = PassRegistry::Global();
  if (absl::GetFlag(FLAGS_list_passes)) {
    std::cout << registry.Describe();
    return absl::OkStatus();
  }
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const bool example = args.empty();
  std::string pipeline_text = absl::GetFlag(FLAGS_passes);
  if (pipeline_text.empty()) {
    if (!example) return absl::InvalidArgumentError("--passes is required (see --list-passes)");
    pipeline_text = std::string(kExamplePipeline);
  }
  std::string time_passes = absl::GetFlag(FLAGS_time_passes);
  if (example && time_passes.empty()) time_passes = "text";
  const std::string statistics = absl::GetFlag(FLAGS_pass_statistics);
  RETURN_IF_ERROR(CheckTextOrJson("time-passes", time_passes));
  RETURN_IF_ERROR(CheckTextOrJson("pass-statistics", statistics));
  ASSIGN_OR_RETURN(std::vector<std::unique_ptr<Pass>> passes, registry.ParsePipeline(pipeline_text));

  IrPrintingInstrumentation::Options print;
  ASSIGN_OR_RETURN(print.format, ParseFormatName(absl::GetFlag(FLAGS_print_format)));
  for (absl::string_view name :
       absl::StrSplit(absl::GetFlag(FLAGS_print_before), ',', absl::SkipEmpty())) {
    print.before.insert(std::string(name));
  }
  print.before_all = absl::GetFlag(FLAGS_print_before_all);
  print.after_all = absl::GetFlag(FLAGS_print_after_all);
  print.after_change = absl::GetFlag(FLAGS_print_after_change);
  print.after_failure = absl::GetFlag(FLAGS_print_after_failure);
  IrPrintingInstrumentation printing(std::move(print), &std::cerr);
  RETURN_IF_ERROR(printing.CheckPassNames(passes));

  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  const std::string report = ResolveUserPath(absl::GetFlag(FLAGS_report));
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_to), out,
                                           example ? Format::kReadable : Format::kFxg));
  // Only topo_sort can take a graph that uses nodes before defining them.
  const bool sorts_first = !passes.empty() && passes.front()->name() == "topo_sort";
  ASSIGN_OR_RETURN(LoadedModule loaded, ReadInputModule(in, from, sorts_first));

  PassPipeline::Options options;
  options.verify_each = absl::GetFlag(FLAGS_verify_each);
  options.check_changed = absl::GetFlag(FLAGS_check_changed);
  // ReadInputModule verified the input, accepting forward references when
  // topo_sort runs first: the pipeline's own input check would refuse them.
  options.verify_input = !sorts_first;
  // FX text carries no module state to resolve attribute targets against.
  options.verify.check_attributes = loaded.format != Format::kFx;
  PassPipeline pipeline(options);
  TimingInstrumentation timing(passes.size(), *loaded.module, isatty(2) == 1);
  StatisticsInstrumentation statistics_collector;
  pipeline.AddInstrumentation(&printing).AddInstrumentation(&timing);
  pipeline.AddInstrumentation(&statistics_collector);
  GrowthNoticeInstrumentation growth_notice(&std::cerr);
  pipeline.AddInstrumentation(&growth_notice);
  for (std::unique_ptr<Pass>& pass : passes) pipeline.Add(std::move(pass));
  RETURN_IF_ERROR(pipeline.Run(*loaded.module).status());

  // FX text keeps the input's printing style when it is still one graph.
  ASSIGN_OR_RETURN(std::string rendered, RenderModule(*loaded.module, to, loaded.fx_print));
  std::string reports;
  if (time_passes == "text") reports += timing.Text();
  if (time_passes == "json") {
    ASSIGN_OR_RETURN(std::string json, timing.Json());
    reports += json;
  }
  if (statistics == "text") reports += statistics_collector.Text();
  if (statistics == "json") {
    ASSIGN_OR_RETURN(std::string json, statistics_collector.Json());
    reports += json;
  }
  RETURN_IF_ERROR(WriteFileAtomically(out, rendered));
  if (!report.empty()) {
    RETURN_IF_ERROR(WriteFileAtomically(report, reports));
  } else {
    std::cerr << reports;
  }
  if (example) NoteBundledExample("fxopt", absl::StrCat(kExample, " (pipeline ", pipeline_text, ")"));
  return absl::OkStatus();
}

// mlir-opt's spellings, and flags whose bare form means their text report.
std::vector<std::string> Respell(int argc, char** argv) {
  static const auto* const kAliases = new absl::flat_hash_map<std::string, std::string>{
      {"pass-pipeline", "passes"},
      {"print-ir-after-all", "print_after_all"},
      {"print-ir-after-change", "print_after_change"},
      {"print-ir-before", "print_before"},
      {"print-ir-before-all", "print_before_all"},
      {"print-ir-after-failure", "print_after_failure"},
      {"mlir-timing", "time_passes"},
      {"mlir-pass-statistics", "pass_statistics"},
  };
  static const auto* const kBareMeansText =
      new absl::flat_hash_set<std::string>{"time_passes", "pass_statistics"};
  std::vector<std::string> args(argv, argv + argc);
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i) {
    absl::string_view arg = args[i];
    if (!absl::ConsumePrefix(&arg, "--")) continue;
    const size_t eq = std::min(arg.find('='), arg.size());
    std::string name(arg.substr(0, eq));
    const std::string value(arg.substr(eq));
    if (auto alias = kAliases->find(name); alias != kAliases->end()) name = alias->second;
    std::replace(name.begin(), name.end(), '-', '_');
    args[i] = absl::StrCat("--", name, value.empty() && kBareMeansText->contains(name) ? "=text" : value);
  }
  return args;
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  std::vector<std::string> respelled = fxpp::Respell(argc, argv);
  std::vector<char*> args;
  for (std::string& arg : respelled) args.push_back(arg.data());
  std::vector<std::string> positional = fxpp::ParseToolFlags(
      static_cast<int>(args.size()), args.data(),
      "Runs a pipeline of fxpp passes over a module.\n"
      "  fxopt IN --passes=PASS[{opt=value,...}],... [-o OUT] [--from=F] [--to=F]\n"
      "        [--verify-each=false] [--check-changed] [--print-ir-after-all]\n"
      "        [--print-ir-after-change] [--print-ir-before=PASS,...] [--print-ir-before-all]\n"
      "        [--print-ir-after-failure] [--print-format=F] [--time-passes[=json]]\n"
      "        [--pass-statistics[=json]] [--report=FILE]\n"
      "  fxopt --list-passes\n"
      "IN and OUT may be - for stdin/stdout; the module alone goes to stdout, timing and\n"
      "statistics to stderr or --report=FILE. Without IN, runs dedup,dce,topo_sort on a\n"
      "bundled example.");
  return fxpp::RunTool("fxopt", [&] { return fxpp::Run(std::move(positional)); });
}
