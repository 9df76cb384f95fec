// PassPipeline runs passes in order and verifies the module after every pass
// that reports a change, so a broken invariant is blamed on the pass that
// broke it ("after pass dedup: node 'add': ...").
#ifndef FXPP_PASSES_PIPELINE_H_
#define FXPP_PASSES_PIPELINE_H_

#include <memory>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/pass.h"

namespace fxpp {

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

  // Called after each pass with whether it changed the module; for
  // tools that print or time passes.
  using Observer = absl::FunctionRef<void(const Pass&, bool changed, const GraphModule&)>;

  // Runs every pass; returns whether any changed the module. A failing pass
  // or verification stops the pipeline with an error naming the pass.
  absl::StatusOr<bool> Run(GraphModule& module);
  absl::StatusOr<bool> Run(GraphModule& module, Observer observer);

 private:
  Options options_;
  std::vector<std::unique_ptr<Pass>> passes_;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_PIPELINE_H_
