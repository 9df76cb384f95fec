// PassPipeline runs passes in order (XLA's HloPassPipeline, MLIR's
// PassManager) and makes their results trustworthy:
// - the input is verified first, so a broken input is reported as "input:
//   ..." rather than blamed on the first pass;
// - the module is verified after every pass that reports a change, so a
//   broken invariant is blamed on the pass that broke it ("after pass
//   dedup: node 'add': ...");
// - optionally (tests, fuzzers), each pass's changed flag is checked against
//   a fingerprint of the module before and after it;
// - instrumentations (passes/instrumentation.h: IR printing, timing,
//   statistics) see each pass before and after it runs, and when it fails.
// RunPass gives code that calls one pass directly the same checks.
#ifndef FXPP_PASSES_PIPELINE_H_
#define FXPP_PASSES_PIPELINE_H_

#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/pass.h"

namespace fxpp {

// Hooks around each pass of a pipeline, for tools that print or time
// passes (MLIR's PassInstrumentation).
class PassInstrumentation {
 public:
  struct PassTiming {
    absl::Duration run;     // the pass itself
    absl::Duration verify;  // the verifier after it (zero when it did not run)
  };
  virtual ~PassInstrumentation() = default;
  // `index` is the pass's position in the pipeline.
  virtual void BeforePass(const Pass& pass, size_t index, const GraphModule& module) {}
  virtual void AfterPass(const Pass& pass, size_t index, bool changed, PassTiming timing,
                         const GraphModule& module) {}
  // The pass failed, or the module did not verify after it, with `error`;
  // `module` is as the pass left it.
  virtual void OnPassFailure(const Pass& pass, size_t index, const absl::Status& error,
                             const GraphModule& module) {}
};

class PassPipeline {
 public:
  struct Options {
    // Verify after every pass that reports a change.
    bool verify_each = true;
    ModuleVerifyOptions verify;
    // Verify the module before the first pass.
    bool verify_input = true;
    // Fail when a pass's changed flag disagrees with a fingerprint of the
    // module (its fxg text, which keeps every field) taken before and after
    // it. Costs two printings per pass: on in tests and fuzzers.
    bool check_changed = false;
  };

  PassPipeline() = default;
  explicit PassPipeline(Options options) : options_(options) {}

  PassPipeline& Add(std::unique_ptr<Pass> pass);
  const std::vector<std::unique_ptr<Pass>>& passes() const { return passes_; }
  // Adds an instrumentation (not owned) that sees every run.
  PassPipeline& AddInstrumentation(PassInstrumentation* instrumentation);

  // Runs every pass; returns whether any changed the module. A failing pass
  // or verification stops the pipeline with an error naming the pass.
  // `instrumentation` (optional) sees each pass, after those added.
  absl::StatusOr<bool> Run(GraphModule& module, PassInstrumentation* instrumentation = nullptr);

 private:
  Options options_;
  std::vector<std::unique_ptr<Pass>> passes_;
  std::vector<PassInstrumentation*> instrumentations_;
};

// Runs one pass with a pipeline's checks (input verified, result verified
// when changed, the changed flag checked when `options` ask): for tools and
// tests that call a pass directly and then read its concrete report.
absl::StatusOr<bool> RunPass(Pass& pass, GraphModule& module,
                             const PassPipeline::Options& options = {});

}  // namespace fxpp

#endif  // FXPP_PASSES_PIPELINE_H_
