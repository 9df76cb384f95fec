#include "export/unflatten_dispatch.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "export/module_tree.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace unflatten_internal {
namespace {

// A module whose signature export preserved: the call module of each of its
// calls with a preserved signature, in call order, and the calls' names
// (`sub`, `sub@2`: the calls without a signature have none here).
struct PreservedModule {
  absl::string_view path;
  std::vector<ModuleObject*> calls;
  std::vector<std::string> call_names;
};
// In first-call order.
using PreservedCalls = std::vector<PreservedModule>;

absl::StatusOr<PreservedCalls> FindPreservedCalls(
    const ExportedProgram& program, ModuleObject* root,
    const Redirects& redirected) {
  PreservedCalls calls;
  absl::flat_hash_map<absl::string_view, size_t> position;
  std::vector<std::vector<std::tuple<int64_t, ModuleObject*, absl::string_view>>> indexed;
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    if (entry.fqn.empty() || !RecordsArguments(entry)) continue;
    const absl::string_view base = CallBase(entry.fqn);
    int64_t index = 0;
    if (base.size() < entry.fqn.size() &&
        !absl::SimpleAtoi(absl::string_view(entry.fqn).substr(base.size() + 1), &index)) {
      return absl::InvalidArgumentError(absl::StrCat("module call '", entry.fqn, "': '",
                                                     entry.fqn.substr(base.size() + 1),
                                                     "' is not a call index"));
    }
    auto it = redirected.find(entry.fqn);
    const absl::string_view fqn = it == redirected.end() ? absl::string_view(entry.fqn) : it->second;
    ModuleObject* module = FindModule(root, fqn);
    if (module == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "module call '", entry.fqn,
          "' has a preserved signature, but no node's nn_module_stack records that call"));
    }
    auto [slot, added] = position.emplace(base, calls.size());
    if (added) {
      calls.push_back(PreservedModule{base, {}, {}});
      indexed.emplace_back();
    }
    indexed[slot->second].emplace_back(index, module, entry.fqn);
  }
  for (size_t i = 0; i < calls.size(); ++i) {
    std::stable_sort(indexed[i].begin(), indexed[i].end(), [](const auto& a, const auto& b) {
      return std::get<0>(a) < std::get<0>(b);
    });
    for (const auto& [index, module, fqn] : indexed[i]) {
      calls[i].calls.push_back(module);
      calls[i].call_names.emplace_back(fqn);
    }
  }
  return calls;
}

// PyTorch's _dispatch_modules: the calls of a module whose signature export
// preserved are replaced by one InterpreterModuleDispatcher at the module's
// path, which runs them in turn (its `@i` children once materialized). Like
// PyTorch's, it shares the first call's submodules and carries the first
// call's own state (parameters stay parameters; buffers and constants become
// plain tensor attributes, which is what setattr makes of them) and custom
// objects. Returns whether it made any dispatcher.
absl::StatusOr<bool> DispatchCalls(
    const ExportedProgram& program, ModulePool& pool, ModuleObject* root,
    const Redirects& redirected, PreservedCalls& preserved) {
  if (std::none_of(preserved.begin(), preserved.end(),
                   [](const PreservedModule& module) { return module.calls.size() > 1; })) {
    return false;
  }
  absl::flat_hash_set<absl::string_view> state_targets;
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    if (spec.kind != InputKind::kUserInput && spec.kind != InputKind::kToken) {
      state_targets.insert(spec.target);
    }
  }
  for (PreservedModule& module : preserved) {
    const absl::string_view base = module.path;
    std::vector<ModuleObject*>& calls = module.calls;
    if (calls.size() < 2) continue;
    auto [parent_path, name] = SplitLast(base);
    ModuleObject* parent = FindModule(root, parent_path);
    if (parent == nullptr) {
      return absl::InternalError(absl::StrCat("the parent of module '", base, "' disappeared"));
    }
    // The dispatcher replaces the calls with a preserved signature (those of
    // the others stay, and are refused by ElideCallIndices).
    for (const std::string& call_name : module.call_names) {
      if (redirected.contains(call_name)) continue;
      parent->children->Remove(SplitLast(call_name).second);
    }
    ModuleObject* dispatcher = pool.New(kModuleDispatcherClass, /*with_graph=*/false);
    const ModuleObject* first = calls.front();
    dispatcher->children = first->children;
    for (const StateEntry& entry : first->state) {
      if (!state_targets.contains(JoinPath(base, entry.name))) continue;
      StateEntry& copy = dispatcher->state.emplace_back(entry);
      if (copy.kind == StateKind::kBuffer) {
        copy.kind = StateKind::kConstant;
        copy.persistent = true;
      }
    }
    for (const auto& [attribute, value] : first->attributes) {
      if (state_targets.contains(JoinPath(base, attribute))) {
        dispatcher->attributes.emplace_back(attribute, value->Clone());
      }
    }
    dispatcher->calls = std::move(calls);
    parent->children->Set(name, dispatcher);
  }
  return true;
}

// The rest of _dispatch_modules: call_module targets name a module with a
// preserved signature without a call index (`sub@1` becomes `sub`), since its
// dispatcher counts the calls. Walks every path, as
// named_modules(remove_duplicate=False) does, and each dispatcher's call
// modules' graphs under the dispatcher's path. `owner` holds `graph`.
// (PyTorch checks each graph under its own path, so that a call of a
// dispatched module from `m@2` keeps its call index, naming a module the
// dispatcher replaced.)
//
// A call whose module is not one of the dispatcher's (its signature was not
// preserved, though the module's other calls' were) would take one of their
// turns and run with their arguments: PyTorch builds that module, which fails
// when called or computes something else; the program is refused instead.
absl::Status ElideCallIndices(Graph& graph, ModuleObject* owner, const std::string& path,
                              const absl::flat_hash_set<absl::string_view>& preserved_paths) {
  for (Node* node : graph.nodes()) {
    if (node->op() != OpKind::kCallModule) continue;
    const absl::string_view target = node->target();
    const size_t at = target.find('@');
    if (at == absl::string_view::npos ||
        !preserved_paths.contains(JoinPath(path, target.substr(0, at)))) {
      continue;
    }
    const ModuleObject* callee = FindModule(owner, target);
    const ModuleObject* dispatcher = FindModule(owner, target.substr(0, at));
    if (callee != nullptr && dispatcher != nullptr &&
        std::find(dispatcher->calls.begin(), dispatcher->calls.end(), callee) ==
            dispatcher->calls.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "module call '", JoinPath(path, target), "' has no preserved signature, but the other ",
          "calls of '", JoinPath(path, target.substr(0, at)),
          "' have: their dispatcher cannot run it"));
    }
    node->set_target(target.substr(0, at));
  }
  return absl::OkStatus();
}

absl::Status ElideCallIndices(ModuleObject* module, const std::string& path,
                              const absl::flat_hash_set<absl::string_view>& preserved_paths) {
  if (module->graph != nullptr) {
    RETURN_IF_ERROR(ElideCallIndices(*module->graph, module, path, preserved_paths));
  }
  absl::Status status;
  module->children->ForEachLive([&](const std::string& name, ModuleObject* child) {
    // A call module `m@2` of a module without a dispatcher shares `m`'s
    // submodules: its calls of them are calls of `m.child`.
    if (status.ok()) {
      status = ElideCallIndices(child, JoinPath(path, CallBase(name)), preserved_paths);
    }
  });
  RETURN_IF_ERROR(status);
  for (ModuleObject* call : module->calls) {
    if (call->graph != nullptr) {
      RETURN_IF_ERROR(ElideCallIndices(*call->graph, call, path, preserved_paths));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status DispatchPreservedCalls(const ExportedProgram& program, ModulePool& pool,
                                    ModuleObject* root, const Redirects& redirected) {
  ASSIGN_OR_RETURN(PreservedCalls preserved, FindPreservedCalls(program, root, redirected));
  ASSIGN_OR_RETURN(const bool dispatched,
                   DispatchCalls(program, pool, root, redirected, preserved));
  // Without a dispatcher no call index names a module with a preserved
  // signature.
  if (dispatched) {
    absl::flat_hash_set<absl::string_view> preserved_paths;
    for (const PreservedModule& module : preserved) preserved_paths.insert(module.path);
    return ElideCallIndices(root, "", preserved_paths);
  }
  return absl::OkStatus();
}

}  // namespace unflatten_internal
}  // namespace fxpp
