#include "passes/pipeline.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "ir/fxg/fxg.h"

namespace fxpp {
namespace {

absl::Status Prefixed(absl::string_view prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, status.message()));
}

// Runs `passes` in order over `module` with `options`' checks.
absl::StatusOr<bool> RunPasses(const std::vector<Pass*>& passes, GraphModule& module,
                               const PassPipeline::Options& options,
                               const std::vector<PassInstrumentation*>& instrumentations) {
  if (options.verify_input) {
    absl::Status verified = VerifyGraphModule(module, options.verify);
    if (!verified.ok()) return Prefixed("input: ", verified);
  }
  bool any_changed = false;
  for (size_t index = 0; index < passes.size(); ++index) {
    Pass& pass = *passes[index];
    auto fail = [&](absl::Status error) {
      for (PassInstrumentation* i : instrumentations) i->OnPassFailure(pass, index, error, module);
      return error;
    };
    for (PassInstrumentation* i : instrumentations) i->BeforePass(pass, index, module);
    const std::string before = options.check_changed ? PrintFxg(module) : std::string();
    PassInstrumentation::PassTiming timing;
    absl::Time start = absl::Now();
    absl::StatusOr<bool> changed = pass.Run(module);
    timing.run = absl::Now() - start;
    if (!changed.ok()) {
      return fail(Prefixed(absl::StrCat("in pass ", pass.name(), ": "), changed.status()));
    }
    if (*changed && options.verify_each) {
      start = absl::Now();
      absl::Status verified = VerifyGraphModule(module, options.verify);
      timing.verify = absl::Now() - start;
      if (!verified.ok()) {
        return fail(Prefixed(absl::StrCat("after pass ", pass.name(), ": "), verified));
      }
    }
    if (options.check_changed && *changed == (PrintFxg(module) == before)) {
      return fail(absl::InternalError(absl::StrCat(
          "pass ", pass.name(), " reported ", *changed ? "a change" : "no change",
          " but the module ", *changed ? "is unchanged" : "changed")));
    }
    any_changed |= *changed;
    for (PassInstrumentation* i : instrumentations) {
      i->AfterPass(pass, index, *changed, timing, module);
    }
  }
  return any_changed;
}

}  // namespace

PassPipeline& PassPipeline::Add(std::unique_ptr<Pass> pass) {
  passes_.push_back(std::move(pass));
  return *this;
}

PassPipeline& PassPipeline::AddInstrumentation(PassInstrumentation* instrumentation) {
  instrumentations_.push_back(instrumentation);
  return *this;
}

absl::StatusOr<bool> PassPipeline::Run(GraphModule& module,
                                       PassInstrumentation* instrumentation) {
  std::vector<Pass*> passes;
  for (const std::unique_ptr<Pass>& pass : passes_) passes.push_back(pass.get());
  std::vector<PassInstrumentation*> instrumentations = instrumentations_;
  if (instrumentation != nullptr) instrumentations.push_back(instrumentation);
  return RunPasses(passes, module, options_, instrumentations);
}

absl::StatusOr<bool> RunPass(Pass& pass, GraphModule& module,
                             const PassPipeline::Options& options) {
  return RunPasses({&pass}, module, options, {});
}

}  // namespace fxpp
