#include "export/unflatten_merge.h"

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/hash/hash.h"
#include "export/graph_structure.h"
#include "export/module_tree.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace unflatten_internal {
namespace {

// The modules a call's graph calls, in node order, as its call_module
// targets resolve now (after the merges of those modules' own calls). Two
// calls whose graphs are equal but call different modules compute different
// things: PyTorch's _check_graph_equivalence ignores call_module targets and
// merges them, so that the merged call runs the other call's child graph.
// A target that does not resolve stands for itself (its node: equal to none).
std::vector<const void*> CalledModules(const CallEntry& call) {
  std::vector<const void*> called;
  for (const Node* node : call.module->graph->nodes()) {
    if (node->op() != OpKind::kCallModule) continue;
    const ModuleObject* callee = FindModule(call.module, node->target());
    called.push_back(callee != nullptr ? static_cast<const void*>(callee) : node);
  }
  return called;
}

}  // namespace

absl::StatusOr<Redirects> MergeIdenticalCalls(
    const std::vector<std::vector<CallEntry>>& partitions,
    const absl::flat_hash_set<const ModuleObject*>& unsunk) {
  Redirects redirected;
  // A module's calls are first made inside its parent's: partitions come
  // parents first. Children go first here, so that a parent's calls compare
  // the modules they call after those calls merged (CalledModules).
  for (auto it = partitions.rbegin(); it != partitions.rend(); ++it) {
    const std::vector<CallEntry>& calls = *it;
    if (calls.size() < 2) continue;  // a module called once: nothing to merge
    // Calls with equal graphs, each class with its first call per fqn.
    struct EqualCalls {
      const CallEntry* first;
      std::vector<const void*> called;  // the first's CalledModules
      absl::flat_hash_map<absl::string_view, const CallEntry*> first_by_fqn;
    };
    absl::flat_hash_map<uint64_t, std::vector<EqualCalls>> by_hash;
    for (const CallEntry& call : calls) {
      const std::string child_fqn = CallName(call.fqn, call.call);
      ASSIGN_OR_RETURN(std::string target, ComputeAccessor(call.parent_fqn, child_fqn));
      const bool call_unsunk = unsunk.contains(call.module);
      std::vector<const void*> called = CalledModules(call);
      std::vector<EqualCalls>& bucket =
          by_hash[absl::HashOf(StructuralHash(*call.module->graph), call_unsunk, called)];
      EqualCalls* same = nullptr;
      for (EqualCalls& candidate : bucket) {
        if (unsunk.contains(candidate.first->module) == call_unsunk && candidate.called == called &&
            StructurallyEqual(*candidate.first->module->graph, *call.module->graph)) {
          same = &candidate;
          break;
        }
      }
      if (same == nullptr) {
        bucket.push_back(EqualCalls{&call, std::move(called), {{call.fqn, &call}}});
        continue;
      }
      auto [module_path, name] = SplitLast(target);
      ModuleObject* holder = FindModule(call.parent_module, module_path);
      auto seen = same->first_by_fqn.find(call.fqn);
      if (seen != same->first_by_fqn.end()) {
        const std::string seen_child = CallName(seen->second->fqn, seen->second->call);
        ASSIGN_OR_RETURN(std::string seen_target, ComputeAccessor(call.parent_fqn, seen_child));
        // PyTorch redirects to the earlier call's attribute, assuming every
        // call of one fqn has the same parent object. Keys that give one
        // module path two parents (inconsistent nn_module_stack) break that:
        // the earlier attribute is not reachable from this parent, so share
        // the module object under this call's own name instead.
        if (FindModule(call.parent_module, seen_target) == same->first->module) {
          holder->children->Remove(name);
          call.parent_call->set_target(seen_target);
          redirected.emplace(child_fqn, seen_child);
          continue;
        }
      } else {
        same->first_by_fqn.emplace(call.fqn, &call);
      }
      holder->children->Set(name, same->first->module);
    }
  }
  return redirected;
}

}  // namespace unflatten_internal
}  // namespace fxpp
