// The pass interface (after XLA's HloPassInterface and MLIR's Pass): a pass
// has a name and rewrites a GraphModule in place, returning whether it
// changed anything. Errors are absl::Status values, never aborts. After a
// run, a pass reports what it did as named counters (MLIR's pass
// statistics) and optional structured details, so pipelines and tools show
// every pass's report without knowing its class.
#ifndef FXPP_PASSES_PASS_H_
#define FXPP_PASSES_PASS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph_module.h"

namespace fxpp {

// One named counter of a pass run ("regions_replaced": 12).
struct PassStatistic {
  std::string name;  // lower_snake_case
  int64_t value = 0;
  std::string help;  // one line
};

// What the last run of a pass did.
struct PassReport {
  PassReport() = default;
  PassReport(std::vector<PassStatistic> statistics, std::string text = "", std::string json = "")
      : statistics(std::move(statistics)), text(std::move(text)), json(std::move(json)) {}

  std::vector<PassStatistic> statistics;
  // Details beyond the counters (dedup: every group and why it was
  // skipped), human-readable and as one JSON object; both empty when the
  // pass has none.
  std::string text;
  std::string json;
};

class Pass {
 public:
  virtual ~Pass() = default;
  // Stable, lower_snake_case; used by pipelines, reports and tools.
  virtual absl::string_view name() const = 0;
  // Returns true when `module` changed.
  virtual absl::StatusOr<bool> Run(GraphModule& module) = 0;
  // The report of the last Run (of a Run not yet made: zero counters).
  // Every pass has at least one statistic.
  virtual PassReport Report() const = 0;
};

// The graph of a pass's target module, or an error naming the pass when the
// module has none (an opaque module such as a shared submodule): for passes
// that work on the root graph only.
absl::StatusOr<Graph*> RootGraph(absl::string_view pass, GraphModule& module);

// Calls `visit` on `module` and every descendant that has a graph, parents
// first, with the module's dotted path ("" for `module`); an error stops the
// walk and is returned prefixed with the submodule's path. For passes that
// work on every graph of a tree, so none dereferences a missing graph.
absl::Status ForEachGraph(GraphModule& module,
                          absl::FunctionRef<absl::Status(absl::string_view path, Graph& graph)> visit);

}  // namespace fxpp

#endif  // FXPP_PASSES_PASS_H_
