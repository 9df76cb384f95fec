// Deduplicates the repeated regions of an FX graph, after putting it in
// topological order: fxpp's dedup and topo_sort passes, and nothing else.
#ifndef FXPP_CONSUMER_DEDUP_AND_SORT_H_
#define FXPP_CONSUMER_DEDUP_AND_SORT_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace consumer {

// Parses `fx_text` (what PyTorch's print(graph) prints; `filename` is for
// error locations), runs topo_sort then dedup, and returns the resulting
// graph followed by each subgraph dedup installed, then dedup's report.
absl::StatusOr<std::string> DedupAndSort(absl::string_view fx_text, absl::string_view filename);

}  // namespace consumer

#endif  // FXPP_CONSUMER_DEDUP_AND_SORT_H_
