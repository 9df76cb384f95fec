#include "export/unflatten_tree.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "export/module_tree.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace unflatten_internal {
namespace {

// PyTorch's _reorder_submodules: children in the order the module call graph
// lists their paths (`listed`: path -> position), others after them in the
// order named_modules(remove_duplicate=False) visits them, which is the
// preorder this walk numbers paths in (`visited`) before reordering them.
// `path` holds the module's dotted path; the walk extends it for each child
// and restores it (one buffer for the whole tree). A module shared under two
// names is walked under each, as PyTorch does; `ancestors` (the modules on
// the current path) turns a module that contains itself into an error rather
// than endless recursion, whatever inconsistency in the program made it.
absl::Status ReorderSubmodules(ModuleObject* module, std::string& path,
                               const absl::flat_hash_map<absl::string_view, size_t>& listed,
                               size_t& visited,
                               absl::flat_hash_set<const ModuleObject*>& ancestors) {
  std::vector<std::pair<std::string, ModuleObject*>> children = module->children->Live();
  std::vector<std::pair<size_t, size_t>> keys;  // (rank, position)
  keys.reserve(children.size());
  const size_t path_size = path.size();
  ancestors.insert(module);
  for (size_t i = 0; i < children.size(); ++i) {
    if (path_size > 0) path.push_back('.');
    path.append(children[i].first);
    if (ancestors.contains(children[i].second)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "module '", path,
          "' is the same module as one that contains it; the program's nn_module_stack "
          "paths and keys are inconsistent"));
    }
    auto it = listed.find(path);
    keys.emplace_back(it != listed.end() ? it->second : listed.size() + visited, i);
    ++visited;
    RETURN_IF_ERROR(ReorderSubmodules(children[i].second, path, listed, visited, ancestors));
    path.resize(path_size);
  }
  ancestors.erase(module);
  if (std::is_sorted(keys.begin(), keys.end())) return absl::OkStatus();
  std::stable_sort(keys.begin(), keys.end());
  std::vector<std::pair<std::string, ModuleObject*>> ordered;
  ordered.reserve(children.size());
  for (const auto& key : keys) ordered.push_back(children[key.second]);
  module->children->Reset(std::move(ordered));
  return absl::OkStatus();
}

class Materializer {
 public:
  explicit Materializer(std::vector<SpecAttribute>* specs) : specs_(specs) {}

  absl::StatusOr<std::unique_ptr<GraphModule>> Build(ModuleObject* object, const std::string& path) {
    auto [it, first] = paths_.emplace(object, path);
    if (!first) return SharedModuleReference(it->second);
    if (object->subgraph != nullptr) return std::move(object->subgraph);
    auto module = std::make_unique<GraphModule>(std::move(object->class_name),
                                                std::move(object->graph));
    module->ReserveState(object->state.size());
    for (StateEntry& entry : object->state) RETURN_IF_ERROR(module->AddState(std::move(entry)));
    for (auto& [name, spec] : object->specs) {
      specs_->push_back(SpecAttribute{path, name, std::move(spec)});
    }
    absl::Status status;
    auto add_child = [&](const std::string& name, ModuleObject* child) {
      if (!status.ok()) return;
      absl::StatusOr<std::unique_ptr<GraphModule>> built = Build(child, JoinPath(path, name));
      status = built.ok() ? module->AddChild(name, *std::move(built)).status() : built.status();
    };
    object->children->ForEachLive(add_child);
    RETURN_IF_ERROR(status);
    for (auto& [name, attribute] : object->attributes) {
      RETURN_IF_ERROR(module->AddChild(name, std::move(attribute)).status());
    }
    for (size_t i = 0; i < object->calls.size(); ++i) add_child(CallModuleName(i), object->calls[i]);
    RETURN_IF_ERROR(status);
    return module;
  }

 private:
  std::vector<SpecAttribute>* specs_;
  absl::flat_hash_map<const ModuleObject*, std::string> paths_;
};

}  // namespace

absl::Status OrderSubmodules(const ExportedProgram& program, const Redirects& redirected,
                             ModulePool& pool, ModuleObject* root) {
  // Views of the program's module call graph, which outlives them.
  std::vector<absl::string_view> fqn_list;
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    if (absl::StrContains(entry.fqn, '@')) continue;
    if (!redirected.empty() && redirected.contains(entry.fqn)) continue;
    fqn_list.push_back(entry.fqn);
  }
  for (size_t i = 1; i < fqn_list.size(); ++i) {
    const absl::string_view fqn = fqn_list[i];
    auto [module_path, name] = SplitLast(fqn);
    ModuleObject* parent = FindModule(root, module_path);
    if (parent != nullptr && parent->HasAttribute(name)) continue;
    AddSubmodule(root, fqn, pool.New(kPlainModuleClass, /*with_graph=*/false),
                 [&](absl::string_view) { return pool.New(kPlainModuleClass, false); });
  }
  absl::flat_hash_map<absl::string_view, size_t> listed;
  listed.reserve(fqn_list.size());
  for (absl::string_view fqn : fqn_list) listed.emplace(fqn, listed.size());
  size_t visited = 0;
  std::string path;
  absl::flat_hash_set<const ModuleObject*> ancestors;
  return ReorderSubmodules(root, path, listed, visited, ancestors);
}

absl::StatusOr<std::unique_ptr<GraphModule>> Materialize(ModuleObject* root,
                                                         std::vector<SpecAttribute>* specs) {
  return Materializer(specs).Build(root, "");
}

}  // namespace unflatten_internal
}  // namespace fxpp
