// fxopt: runs a pipeline of registered passes over a module, like mlir-opt
// and hlo-opt.
//   bazel run //tools:fxopt -- IN --passes=dedup,dce,topo_sort [-o OUT]
//       [--to=FORMAT] [--verify-each=false] [--print-after-all]
//       [--print-after-change] [--print-before=PASS,...] [--time-passes[=json]]
//   bazel run //tools:fxopt -- --list-passes
// Without IN, runs dedup,dce,topo_sort on a bundled PyTorch transformer
// graph, prints the result and times the passes.
#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "google/protobuf/util/json_util.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/pipeline.h"
#include "passes/registry.h"
#include "tools/cli.h"
#include "tools/fxopt_timing.pb.h"

ABSL_FLAG(std::string, passes, "", "the pipeline: pass[{option=value,...}],... (see --list-passes)");
ABSL_FLAG(bool, list_passes, false, "print every registered pass with its options and exit");
ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, to, "",
          "output format (fx, fxg, json, pb, readable, dot); default: by -o extension, else fxg");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(bool, verify_each, true, "run the verifier after every pass that changed something");
ABSL_FLAG(bool, print_after_all, false, "print the module to stderr after every pass");
ABSL_FLAG(bool, print_after_change, false, "print the module to stderr after every changing pass");
ABSL_FLAG(std::string, print_before, "", "print the module to stderr before these passes (names)");
ABSL_FLAG(std::string, print_format, "fxg", "format of --print-* dumps");
ABSL_FLAG(std::string, time_passes, "",
          "print a timing table to stderr: text (also the bare flag) or json");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "testing/graphs/torch26/dynamo_gpt.fx";
constexpr absl::string_view kExamplePipeline = "dedup,dce,topo_sort";

int32_t CountNodes(const GraphModule& module) {
  int32_t nodes = module.has_graph() ? static_cast<int32_t>(module.graph().size()) : 0;
  for (const auto& [name, child] : module.children()) nodes += CountNodes(*child);
  return nodes;
}

// While a pass runs on a terminal, a status line says which pass, on how
// many nodes, for how long; it is erased when the pass ends.
class ProgressLine {
 public:
  void Start(std::string what) {
    Stop();
    std::lock_guard<std::mutex> lock(mu_);
    what_ = std::move(what);
    start_ = absl::Now();
    running_ = true;
    ticker_ = std::thread([this] { Tick(); });
  }
  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!running_) return;
      running_ = false;
    }
    wake_.notify_all();
    ticker_.join();
    std::fputs("\r\033[K", stderr);
  }
  ~ProgressLine() { Stop(); }

 private:
  void Tick() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return !running_; })) {
      std::fprintf(stderr, "\r\033[K%s: %.1f s", what_.c_str(),
                   absl::ToDoubleSeconds(absl::Now() - start_));
      std::fflush(stderr);
    }
  }

  std::mutex mu_;
  std::condition_variable wake_;
  bool running_ = false;
  std::string what_;
  absl::Time start_;
  std::thread ticker_;
};

// The --print-*, --time-passes and progress behaviour around each pass.
class FxoptInstrumentation : public PassInstrumentation {
 public:
  FxoptInstrumentation(size_t num_passes, int32_t nodes_before, Format print_format)
      : num_passes_(num_passes), print_format_(print_format), progress_(isatty(2) == 1) {
    timing_.set_nodes_before(nodes_before);
    for (absl::string_view name :
         absl::StrSplit(absl::GetFlag(FLAGS_print_before), ',', absl::SkipEmpty())) {
      print_before_.insert(std::string(name));
    }
  }

  void BeforePass(const Pass& pass, size_t index, const GraphModule& module) override {
    if (print_before_.contains(pass.name())) Dump(absl::StrCat("Before ", pass.name()), module);
    if (progress_) {
      line_.Start(absl::StrFormat("[%d/%d] %s on %d nodes", index + 1, num_passes_, pass.name(),
                                  CountNodes(module)));
    }
  }

  void AfterPass(const Pass& pass, size_t, bool changed, PassTiming timing,
                 const GraphModule& module) override {
    if (progress_) line_.Stop();
    tools::PassTimingProto* entry = timing_.add_passes();
    entry->set_name(std::string(pass.name()));
    entry->set_run_seconds(absl::ToDoubleSeconds(timing.run));
    entry->set_verify_seconds(absl::ToDoubleSeconds(timing.verify));
    entry->set_changed(changed);
    entry->set_nodes_after(CountNodes(module));
    timing_.set_total_seconds(timing_.total_seconds() + entry->run_seconds() +
                              entry->verify_seconds());
    if (absl::GetFlag(FLAGS_print_after_all) ||
        (changed && absl::GetFlag(FLAGS_print_after_change))) {
      Dump(absl::StrCat("After ", pass.name(), changed ? "" : " (no change)"), module);
    }
  }

  // Unknown --print-before names are typos: say so rather than print nothing.
  absl::Status CheckPrintBefore(const std::vector<std::unique_ptr<Pass>>& passes) const {
    for (const std::string& name : print_before_) {
      bool found = false;
      for (const auto& p : passes) found |= p->name() == name;
      if (!found) {
        return absl::InvalidArgumentError(
            absl::StrCat("--print-before names '", name, "', which is not in the pipeline"));
      }
    }
    return absl::OkStatus();
  }

  std::string TimingText() const {
    std::string out = absl::StrFormat(
        "===-------------------------------------------------------------===\n"
        "                   Pass execution timing report\n"
        "===-------------------------------------------------------------===\n"
        "  Total: %.4f s, %d nodes before\n"
        "   Pass (s)  Verify (s)   %%total  changed  nodes after  pass\n",
        timing_.total_seconds(), timing_.nodes_before());
    for (const tools::PassTimingProto& p : timing_.passes()) {
      const double share = timing_.total_seconds() > 0
                               ? 100 * (p.run_seconds() + p.verify_seconds()) /
                                     timing_.total_seconds()
                               : 0;
      absl::StrAppendFormat(&out, "  %9.4f  %10.4f  %6.1f%%  %7s  %11d  %s\n", p.run_seconds(),
                            p.verify_seconds(), share, p.changed() ? "yes" : "no",
                            p.nodes_after(), p.name());
    }
    return out;
  }

  absl::StatusOr<std::string> TimingJson() const {
    std::string json;
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.always_print_primitive_fields = true;
    options.preserve_proto_field_names = true;
    auto status = google::protobuf::util::MessageToJsonString(timing_, &json, options);
    if (!status.ok()) return absl::InternalError(std::string(status.message()));
    return json;
  }

 private:
  void Dump(absl::string_view title, const GraphModule& module) {
    if (progress_) line_.Stop();
    absl::StatusOr<std::string> text = RenderModule(module, print_format_);
    std::cerr << "// -----// IR Dump " << title << " //----- //\n"
              << (text.ok() ? *text : absl::StrCat("(cannot print: ", text.status().message(), ")\n"))
              << "\n";
  }

  size_t num_passes_;
  Format print_format_;
  bool progress_;
  ProgressLine line_;
  absl::flat_hash_set<std::string> print_before_;
  tools::PipelineTimingProto timing_;
};

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
  if (!time_passes.empty() && time_passes != "text" && time_passes != "json") {
    return absl::InvalidArgumentError(
        absl::StrCat("--time-passes must be text or json, not '", time_passes, "'"));
  }
  ASSIGN_OR_RETURN(std::vector<std::unique_ptr<Pass>> passes, registry.ParsePipeline(pipeline_text));
  ASSIGN_OR_RETURN(Format print_format, ParseFormatName(absl::GetFlag(FLAGS_print_format)));

  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_to), out,
                                           example ? Format::kReadable : Format::kFxg));
  // Only topo_sort can take a graph that uses nodes before defining them.
  const bool sorts_first = !passes.empty() && passes.front()->name() == "topo_sort";
  ASSIGN_OR_RETURN(LoadedModule loaded, ReadInputModule(in, from, sorts_first));

  PassPipeline::Options options;
  options.verify_each = absl::GetFlag(FLAGS_verify_each);
  PassPipeline pipeline(options);
  const size_t num_passes = passes.size();
  FxoptInstrumentation instrumentation(num_passes, CountNodes(*loaded.module), print_format);
  RETURN_IF_ERROR(instrumentation.CheckPrintBefore(passes));
  for (std::unique_ptr<Pass>& pass : passes) pipeline.Add(std::move(pass));
  RETURN_IF_ERROR(pipeline.Run(*loaded.module, &instrumentation).status());

  // FX text keeps the input's printing style when it is still one graph.
  ASSIGN_OR_RETURN(std::string rendered, RenderModule(*loaded.module, to, loaded.fx_print));
  RETURN_IF_ERROR(WriteFileAtomically(out, rendered));
  if (time_passes == "text") std::cerr << instrumentation.TimingText();
  if (time_passes == "json") {
    ASSIGN_OR_RETURN(std::string json, instrumentation.TimingJson());
    std::cerr << json;
  }
  if (example) NoteBundledExample("fxopt", absl::StrCat(kExample, " (pipeline ", pipeline_text, ")"));
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  // The bare --time-passes means the text table.
  std::vector<char*> args(argv, argv + argc);
  static char kTimePassesText[] = "--time_passes=text";
  for (char*& arg : args) {
    if (std::string(arg) == "--time-passes" || std::string(arg) == "--time_passes") {
      arg = kTimePassesText;
    }
  }
  std::vector<std::string> positional = fxpp::ParseToolFlags(
      static_cast<int>(args.size()), args.data(),
      "Runs a pipeline of fxpp passes over a module.\n"
      "  fxopt IN --passes=PASS[{opt=value,...}],... [-o OUT] [--from=F] [--to=F]\n"
      "        [--verify-each=false] [--print-after-all] [--print-after-change]\n"
      "        [--print-before=PASS,...] [--print-format=F] [--time-passes[=json]]\n"
      "  fxopt --list-passes\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs dedup,dce,topo_sort on a\n"
      "bundled example.");
  return fxpp::RunTool("fxopt", [&] { return fxpp::Run(std::move(positional)); });
}
