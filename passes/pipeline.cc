#include "passes/pipeline.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace fxpp {

PassPipeline& PassPipeline::Add(std::unique_ptr<Pass> pass) {
  passes_.push_back(std::move(pass));
  return *this;
}

absl::StatusOr<bool> PassPipeline::Run(GraphModule& module) {
  return Run(module, [](const Pass&, bool, const GraphModule&) {});
}

absl::StatusOr<bool> PassPipeline::Run(GraphModule& module, Observer observer) {
  bool any_changed = false;
  for (const std::unique_ptr<Pass>& pass : passes_) {
    absl::StatusOr<bool> changed = pass->Run(module);
    if (!changed.ok()) {
      return absl::Status(changed.status().code(),
                          absl::StrCat("in pass ", pass->name(), ": ", changed.status().message()));
    }
    if (*changed && options_.verify_each) {
      absl::Status verified = VerifyGraphModule(module, options_.verify);
      if (!verified.ok()) {
        return absl::Status(verified.code(),
                            absl::StrCat("after pass ", pass->name(), ": ", verified.message()));
      }
    }
    any_changed |= *changed;
    observer(*pass, *changed, module);
  }
  return any_changed;
}

}  // namespace fxpp
