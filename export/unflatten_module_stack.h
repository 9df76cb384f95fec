// Reading nodes' nn_module_stack (internal to //export:unflatten): which
// call of which module each node of the flat graph belongs to.
#ifndef FXPP_EXPORT_UNFLATTEN_MODULE_STACK_H_
#define FXPP_EXPORT_UNFLATTEN_MODULE_STACK_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "ir/meta.h"
#include "ir/node.h"
#include "ir/symbol.h"

namespace fxpp {
namespace unflatten_internal {

// One frame of a node's module stack: which call of which module.
struct StackEntry {
  Symbol path;       // dotted module path
  int64_t call = 0;  // 0 for the first call, from the key's "@N"
  Symbol module_id;  // the key without "@N": one per module object
  Symbol key;        // the nn_module_stack key, for errors
  bool SameCall(const StackEntry& other) const {
    return path == other.path && call == other.call;
  }
};

// Whether the first `n` frames of `a` and `b` are the same calls.
bool SameCalls(const std::vector<StackEntry>& a, size_t n, const std::vector<StackEntry>& b);

// Reads nodes' nn_module_stack as StackEntries. Consecutive nodes usually
// share a stack, and stacks repeat their keys and paths, so both are cached.
class StackReader {
 public:
  // The stack of `node`; `running` (the running call's stack) for a node
  // that belongs to whatever module is running. Valid until the next call.
  absl::StatusOr<const std::vector<StackEntry>*> Read(const Node& node,
                                                      const std::vector<StackEntry>& running);

 private:
  StackEntry KeyEntry(Symbol key);
  // Dynamo's source spelling of a path (`L['self'].layers[0]`), or a dotted path
  // through `_modules`, as a plain dotted path.
  Symbol NormalizedPath(Symbol path);

  absl::flat_hash_map<Symbol, StackEntry> keys_;
  absl::flat_hash_map<Symbol, Symbol> paths_;
  ModuleStack last_raw_;  // last_'s source (empty before the first)
  std::vector<StackEntry> last_;
};

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_MODULE_STACK_H_
