// The instrumentations tools attach to a PassPipeline (MLIR's
// -mlir-print-ir-*, -mlir-timing and -mlir-pass-statistics), so tools only
// wire flags to them:
// - IrPrintingInstrumentation dumps the module before/after chosen passes and after a
//   failure;
// - TimingInstrumentation times each pass and its verification (and shows a progress
//   line on a terminal);
// - StatisticsInstrumentation collects every pass's Report().
// Text and JSON (pipeline_report.proto's JSON mapping) renderings of each.
#ifndef FXPP_PASSES_INSTRUMENTATION_H_
#define FXPP_PASSES_INSTRUMENTATION_H_

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "ir/graph_module.h"
#include "ir/io/module_io.h"
#include "passes/pipeline.h"
#include "passes/pipeline_report.pb.h"

namespace fxpp {

// Nodes over every graph of the module tree.
int32_t CountNodes(const GraphModule& module);

class IrPrintingInstrumentation : public PassInstrumentation {
 public:
  struct Options {
    absl::flat_hash_set<std::string> before;  // pass names
    bool before_all = false;
    bool after_all = false;
    bool after_change = false;
    bool after_failure = false;
    Format format = Format::kFxg;
  };
  // Dumps go to `out` (not owned), headed "// -----// IR Dump After dce //----- //".
  IrPrintingInstrumentation(Options options, std::ostream* out) : options_(std::move(options)), out_(out) {}

  // A `before` name that is no pass of `passes` is a typo: an error.
  absl::Status CheckPassNames(const std::vector<std::unique_ptr<Pass>>& passes) const;

  void BeforePass(const Pass& pass, size_t index, const GraphModule& module) override;
  void AfterPass(const Pass& pass, size_t index, bool changed, PassTiming timing,
                 const GraphModule& module) override;
  void OnPassFailure(const Pass& pass, size_t index, const absl::Status& error,
                     const GraphModule& module) override;

 private:
  void Dump(absl::string_view title, const GraphModule& module);

  Options options_;
  std::ostream* out_;
};

class TimingInstrumentation : public PassInstrumentation {
 public:
  // `progress`: while a pass runs, a status line on stderr says which pass,
  // on how many nodes, for how long (for terminals).
  TimingInstrumentation(size_t num_passes, const GraphModule& input, bool progress);
  ~TimingInstrumentation() override;

  void BeforePass(const Pass& pass, size_t index, const GraphModule& module) override;
  void AfterPass(const Pass& pass, size_t index, bool changed, PassTiming timing,
                 const GraphModule& module) override;
  void OnPassFailure(const Pass& pass, size_t index, const absl::Status& error,
                     const GraphModule& module) override;

  const PipelineTimingProto& timing() const { return timing_; }
  std::string Text() const;
  absl::StatusOr<std::string> Json() const;

 private:
  class ProgressLine;
  size_t num_passes_;
  std::unique_ptr<ProgressLine> progress_;
  PipelineTimingProto timing_;
};

class StatisticsInstrumentation : public PassInstrumentation {
 public:
  void AfterPass(const Pass& pass, size_t index, bool changed, PassTiming timing,
                 const GraphModule& module) override;

  const PipelineStatisticsProto& statistics() const { return statistics_; }
  // Per pass run: its counters, then its details text.
  std::string Text() const;
  absl::StatusOr<std::string> Json() const;

 private:
  PipelineStatisticsProto statistics_;
  std::vector<std::string> details_text_;  // parallel to statistics_.passes()
};

// No pass makes the top graph larger without saying so (functionalize adds
// scatters, a split adds calls and getitems): a line on `out` (not owned)
// for every pass after which the top graph has more nodes than before it,
// headed by the name of the tool that runs it.
class GrowthNoticeInstrumentation : public PassInstrumentation {
 public:
  GrowthNoticeInstrumentation(std::string tool, std::ostream* out)
      : tool_(std::move(tool)), out_(out) {}

  void BeforePass(const Pass& pass, size_t index, const GraphModule& module) override;
  void AfterPass(const Pass& pass, size_t index, bool changed, PassTiming timing,
                 const GraphModule& module) override;

 private:
  std::string tool_;
  std::ostream* out_;
  size_t top_nodes_before_ = 0;  // of the pass running
};

}  // namespace fxpp

#endif  // FXPP_PASSES_INSTRUMENTATION_H_
