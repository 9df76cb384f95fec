// PassPipeline runs passes in order and verifies the module after every pass
// that reports a change, so a broken invariant is blamed on the pass that
// broke it ("after pass dedup: node 'add': ...").
#ifndef FXPP_PASSES_PIPELINE_H_
#define FXPP_PASSES_PIPELINE_H_

#include <memory>
#include <vector>

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
};

class PassPipeline {
 public:
  struct Options {
    bool verify_each = true;
    ModuleVerifyOptions verify;
  };

  PassPipeline() = default;
  explicit PassPipeline(Options options) : options_(options) {}

  PassPipeline& Add(std::unique_ptr<Pass> pass);
  const std::vector<std::unique_ptr<Pass>>& passes() const { return passes_; }

  // Runs every pass; returns whether any changed the module. A failing pass
  // or verification stops the pipeline with an error naming the pass.
  // `instrumentation` (optional) sees each pass before and after it runs.
  absl::StatusOr<bool> Run(GraphModule& module, PassInstrumentation* instrumentation = nullptr);

 private:
  Options options_;
  std::vector<std::unique_ptr<Pass>> passes_;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_PIPELINE_H_
