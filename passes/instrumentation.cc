#include "passes/instrumentation.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/time/clock.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/type_resolver_util.h"

namespace fxpp {
namespace {

// JSON with map entries (a pass report's `details` object) in key order:
// MessageToJsonString prints protobuf maps in hash order, which changes from
// run to run. Deterministic serialization sorts map keys, and the
// binary-to-JSON printer keeps the order it reads.
absl::StatusOr<std::string> ToJson(const google::protobuf::Message& message) {
  std::string binary;
  {
    google::protobuf::io::StringOutputStream stream(&binary);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    if (!message.SerializeToCodedStream(&coded)) {
      return absl::InternalError("cannot serialize the report");
    }
  }
  static constexpr char kTypeUrlPrefix[] = "type.googleapis.com";
  static google::protobuf::util::TypeResolver* const resolver =
      google::protobuf::util::NewTypeResolverForDescriptorPool(
          kTypeUrlPrefix, google::protobuf::DescriptorPool::generated_pool());
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string json;
  auto status = google::protobuf::util::BinaryToJsonString(
      resolver, absl::StrCat(kTypeUrlPrefix, "/", message.GetDescriptor()->full_name()), binary,
      &json, options);
  if (!status.ok()) return absl::InternalError(std::string(status.message()));
  return json;
}

}  // namespace

int32_t CountNodes(const GraphModule& module) {
  int32_t nodes = module.has_graph() ? static_cast<int32_t>(module.graph().size()) : 0;
  for (const auto& [name, child] : module.children()) nodes += CountNodes(*child);
  return nodes;
}

// ---- IrPrintingInstrumentation -------------------------------------------

absl::Status IrPrintingInstrumentation::CheckPassNames(
    const std::vector<std::unique_ptr<Pass>>& passes) const {
  for (const std::string& name : options_.before) {
    bool found = false;
    for (const auto& p : passes) found |= p->name() == name;
    if (!found) {
      return absl::InvalidArgumentError(
          absl::StrCat("--print-ir-before names '", name, "', which is not in the pipeline"));
    }
  }
  return absl::OkStatus();
}

void IrPrintingInstrumentation::BeforePass(const Pass& pass, size_t, const GraphModule& module) {
  if (options_.before_all || options_.before.contains(pass.name())) {
    Dump(absl::StrCat("Before ", pass.name()), module);
  }
}

void IrPrintingInstrumentation::AfterPass(const Pass& pass, size_t, bool changed, PassTiming,
                                          const GraphModule& module) {
  if (options_.after_all || (changed && options_.after_change)) {
    Dump(absl::StrCat("After ", pass.name(), changed ? "" : " (no change)"), module);
  }
}

void IrPrintingInstrumentation::OnPassFailure(const Pass& pass, size_t, const absl::Status&,
                                              const GraphModule& module) {
  if (options_.after_failure) Dump(absl::StrCat("After ", pass.name(), " Failed"), module);
}

void IrPrintingInstrumentation::Dump(absl::string_view title, const GraphModule& module) {
  absl::StatusOr<std::string> text = RenderModule(module, options_.format);
  *out_ << "// -----// IR Dump " << title << " //----- //\n"
        << (text.ok() ? *text : absl::StrCat("(cannot print: ", text.status().message(), ")\n"))
        << "\n";
  out_->flush();
}

// ---- TimingInstrumentation ------------------------------------------------

// While a pass runs on a terminal, a status line says which pass, on how
// many nodes, for how long; it is erased when the pass ends.
class TimingInstrumentation::ProgressLine {
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

TimingInstrumentation::TimingInstrumentation(size_t num_passes, const GraphModule& input,
                                             bool progress)
    : num_passes_(num_passes), progress_(progress ? std::make_unique<ProgressLine>() : nullptr) {
  timing_.set_nodes_before(CountNodes(input));
}

TimingInstrumentation::~TimingInstrumentation() = default;

void TimingInstrumentation::BeforePass(const Pass& pass, size_t index, const GraphModule& module) {
  if (progress_ != nullptr) {
    progress_->Start(absl::StrFormat("[%d/%d] %s on %d nodes", index + 1, num_passes_,
                                     pass.name(), CountNodes(module)));
  }
}

void TimingInstrumentation::AfterPass(const Pass& pass, size_t, bool changed, PassTiming timing,
                                      const GraphModule& module) {
  if (progress_ != nullptr) progress_->Stop();
  PassTimingProto* entry = timing_.add_passes();
  entry->set_name(std::string(pass.name()));
  entry->set_run_seconds(absl::ToDoubleSeconds(timing.run));
  entry->set_verify_seconds(absl::ToDoubleSeconds(timing.verify));
  entry->set_changed(changed);
  entry->set_nodes_after(CountNodes(module));
  timing_.set_total_seconds(timing_.total_seconds() + entry->run_seconds() +
                            entry->verify_seconds());
}

void TimingInstrumentation::OnPassFailure(const Pass&, size_t, const absl::Status&,
                                          const GraphModule&) {
  if (progress_ != nullptr) progress_->Stop();
}

std::string TimingInstrumentation::Text() const {
  std::string out = absl::StrFormat(
      "===-------------------------------------------------------------===\n"
      "                   Pass execution timing report\n"
      "===-------------------------------------------------------------===\n"
      "  Total: %.4f s, %d nodes before\n"
      "   Pass (s)  Verify (s)   %%total  changed  nodes after  pass\n",
      timing_.total_seconds(), timing_.nodes_before());
  for (const PassTimingProto& p : timing_.passes()) {
    const double share =
        timing_.total_seconds() > 0
            ? 100 * (p.run_seconds() + p.verify_seconds()) / timing_.total_seconds()
            : 0;
    absl::StrAppendFormat(&out, "  %9.4f  %10.4f  %6.1f%%  %7s  %11d  %s\n", p.run_seconds(),
                          p.verify_seconds(), share, p.changed() ? "yes" : "no", p.nodes_after(),
                          p.name());
  }
  return out;
}

absl::StatusOr<std::string> TimingInstrumentation::Json() const { return ToJson(timing_); }

// ---- StatisticsInstrumentation --------------------------------------------

void StatisticsInstrumentation::AfterPass(const Pass& pass, size_t index, bool changed,
                                          PassTiming, const GraphModule&) {
  const PassReport report = pass.Report();
  PassRunReportProto* entry = statistics_.add_passes();
  entry->set_name(std::string(pass.name()));
  entry->set_index(static_cast<int32_t>(index));
  entry->set_changed(changed);
  for (const PassStatistic& statistic : report.statistics) {
    PassStatisticProto* s = entry->add_statistics();
    s->set_name(statistic.name);
    s->set_value(statistic.value);
    s->set_help(statistic.help);
  }
  if (!report.json.empty()) {
    // A pass's JSON is its own printing of a proto; should it not parse,
    // the text details still say everything.
    (void)google::protobuf::util::JsonStringToMessage(report.json, entry->mutable_details());
  }
  details_text_.push_back(report.text);
}

std::string StatisticsInstrumentation::Text() const {
  std::string out =
      "===-------------------------------------------------------------===\n"
      "                   Pass statistics report\n"
      "===-------------------------------------------------------------===\n";
  for (int i = 0; i < statistics_.passes_size(); ++i) {
    const PassRunReportProto& p = statistics_.passes(i);
    absl::StrAppend(&out, "'", p.name(), "' (pass ", p.index() + 1,
                    p.changed() ? ", changed" : ", no change", ")\n");
    for (const PassStatisticProto& s : p.statistics()) {
      absl::StrAppendFormat(&out, "  (S) %8d %s - %s\n", s.value(), s.name(), s.help());
    }
    if (!details_text_[i].empty()) {
      std::string details = absl::StrReplaceAll(details_text_[i], {{"\n", "\n    "}});
      if (absl::EndsWith(details, "    ")) details.resize(details.size() - 4);
      absl::StrAppend(&out, "  details:\n    ", details);
      if (!absl::EndsWith(out, "\n")) out += "\n";
    }
  }
  return out;
}

absl::StatusOr<std::string> StatisticsInstrumentation::Json() const { return ToJson(statistics_); }

void GrowthNoticeInstrumentation::BeforePass(const Pass&, size_t, const GraphModule& module) {
  top_nodes_before_ = module.has_graph() ? module.graph().size() : 0;
}

void GrowthNoticeInstrumentation::AfterPass(const Pass& pass, size_t, bool, PassTiming,
                                            const GraphModule& module) {
  const size_t top_nodes_after = module.has_graph() ? module.graph().size() : 0;
  if (top_nodes_after > top_nodes_before_) {
    *out_ << tool_ << ": pass '" << pass.name() << "' made the top graph larger: "
          << top_nodes_before_ << " -> " << top_nodes_after << " nodes\n";
  }
}

}  // namespace fxpp
