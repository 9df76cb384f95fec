// Unflatten's merging of identical calls (internal to //export:unflatten).
#ifndef FXPP_EXPORT_UNFLATTEN_MERGE_H_
#define FXPP_EXPORT_UNFLATTEN_MERGE_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "export/unflatten_modules.h"

namespace fxpp {
namespace unflatten_internal {

// Call name -> the call name it now uses.
using Redirects = absl::flat_hash_map<std::string, std::string>;

// PyTorch's _deduplicate_modules: a call whose graph equals an earlier call
// of the same module path is dropped and its caller calls the earlier one;
// one equal to a call under another path (a shared module) is replaced by
// that module. Returns call name -> the call name it now uses.
//
// `unsunk` are modules whose graphs PyTorch would still pass state in as
// placeholders (see Unflatten): they equal no module that reads its state.
absl::StatusOr<Redirects> MergeIdenticalCalls(
    const std::vector<std::vector<CallEntry>>& partitions,
    const absl::flat_hash_set<const ModuleObject*>& unsunk);

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_MERGE_H_
