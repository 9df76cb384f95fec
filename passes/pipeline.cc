#include "passes/pipeline.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace fxpp {

PassPipeline& PassPipeline::Add(std::unique_ptr<Pass> pass) {
  passes_.push_back(std::move(pass));
  return *this;
}

absl::StatusOr<bool> PassPipeline::Run(GraphModule& module,
                                       PassInstrumentation* instrumentation) {
  bool any_changed = false;
  for (size_t index = 0; index < passes_.size(); ++index) {
    const Pass& pass = *passes_[index];
    if (instrumentation != nullptr) instrumentation->BeforePass(pass, index, module);
    PassInstrumentation::PassTiming timing;
    absl::Time start = absl::Now();
    absl::StatusOr<bool> changed = passes_[index]->Run(module);
    timing.run = absl::Now() - start;
    if (!changed.ok()) {
      return absl::Status(changed.status().code(),
                          absl::StrCat("in pass ", pass.name(), ": ", changed.status().message()));
    }
    if (*changed && options_.verify_each) {
      start = absl::Now();
      absl::Status verified = VerifyGraphModule(module, options_.verify);
      timing.verify = absl::Now() - start;
      if (!verified.ok()) {
        return absl::Status(verified.code(),
                            absl::StrCat("after pass ", pass.name(), ": ", verified.message()));
      }
    }
    any_changed |= *changed;
    if (instrumentation != nullptr) {
      instrumentation->AfterPass(pass, index, *changed, timing, module);
    }
  }
  return any_changed;
}

}  // namespace fxpp
