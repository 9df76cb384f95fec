// The pass interface (after XLA's HloPassInterface and MLIR's Pass): a pass
// has a name and rewrites a GraphModule in place, returning whether it
// changed anything. Errors are absl::Status values, never aborts.
#ifndef FXPP_PASSES_PASS_H_
#define FXPP_PASSES_PASS_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph_module.h"

namespace fxpp {

class Pass {
 public:
  virtual ~Pass() = default;
  // Stable, lower_snake_case; used by pipelines, reports and tools.
  virtual absl::string_view name() const = 0;
  // Returns true when `module` changed.
  virtual absl::StatusOr<bool> Run(GraphModule& module) = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_PASS_H_
