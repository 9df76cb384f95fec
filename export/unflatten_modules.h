// Unflatten's module objects (internal to //export:unflatten): modules as
// PyTorch builds them during unflatten, which several paths may share (the
// calls of one module share its submodules), and the module paths that name
// them. export/unflatten_tree.h turns them into a GraphModule tree at the end.
#ifndef FXPP_EXPORT_UNFLATTEN_MODULES_H_
#define FXPP_EXPORT_UNFLATTEN_MODULES_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "ir/graph.h"
#include "ir/graph_module.h"

namespace fxpp {
namespace unflatten_internal {

// ---- module paths ------------------------------------------------------------

// "sub", "sub@1", "sub@2" for calls 1, 2, 3 of module `sub`.
std::string CallName(absl::string_view base, int64_t call);

// "sub" for "sub@2".
absl::string_view CallBase(absl::string_view name);

// Whether `name` is a call name of `base`: `base`, `base@1`, ... (PyTorch's
// _is_call_name).
bool IsCallName(absl::string_view name, absl::string_view base);

// The path of `child` relative to `parent`; an error when it is not below.
absl::StatusOr<std::string> ComputeAccessor(absl::string_view parent, absl::string_view child);

// ---- the module objects --------------------------------------------------------

struct ModuleObject;

// A module's submodules by name, in order, with Python dict semantics:
// setting a name keeps its place, removing one keeps the others' order. Calls
// of one module share one table, as PyTorch shares `_modules`. Most modules
// have a few children, searched in place; a table indexes its names once it
// grows (`layers` may have thousands).
class ChildTable {
 public:
  ModuleObject* Find(absl::string_view name) const {
    const size_t i = Position(name);
    return i == kNone ? nullptr : entries_[i].second;
  }
  void Set(absl::string_view name, ModuleObject* module) {
    const size_t i = Position(name);
    if (i != kNone) {
      entries_[i].second = module;
      return;
    }
    entries_.emplace_back(std::string(name), module);
    ++live_;
    if (!index_.empty()) {
      AddToIndex(entries_.size() - 1);
    } else if (entries_.size() > kIndexFrom) {
      for (size_t j = 0; j < entries_.size(); ++j) {
        if (entries_[j].second != nullptr) AddToIndex(j);
      }
    }
  }
  bool Remove(absl::string_view name) {
    const size_t i = Position(name);
    if (i == kNone) return false;
    entries_[i].second = nullptr;  // a tombstone; skipped everywhere
    --live_;
    if (!index_.empty()) index_.erase(name);
    return true;
  }
  // Calls fn(name, module) for the live entries, in order, copying nothing.
  template <typename Fn>
  void ForEachLive(Fn&& fn) const {
    for (const auto& [name, module] : entries_) {
      if (module != nullptr) fn(name, module);
    }
  }
  // (name, module) of the live entries, in order.
  std::vector<std::pair<std::string, ModuleObject*>> Live() const {
    std::vector<std::pair<std::string, ModuleObject*>> out;
    out.reserve(live_);
    for (const auto& entry : entries_) {
      if (entry.second != nullptr) out.push_back(entry);
    }
    return out;
  }
  // The modules named `base`, `base@1`, ..., in order.
  // Usually one: modules called once.
  using Modules = absl::InlinedVector<ModuleObject*, 2>;
  Modules CallVariants(absl::string_view base) const {
    Modules out;
    if (index_.empty()) {
      for (const auto& [name, module] : entries_) {
        if (module != nullptr && IsCallName(name, base)) out.push_back(module);
      }
      return out;
    }
    auto it = variants_.find(base);
    if (it == variants_.end()) return out;
    for (size_t i : it->second) {
      if (entries_[i].second != nullptr) out.push_back(entries_[i].second);
    }
    return out;
  }
  // Replaces the entries by `ordered`.
  void Reset(std::vector<std::pair<std::string, ModuleObject*>> ordered) {
    entries_.clear();
    index_.clear();
    variants_.clear();
    live_ = 0;
    for (auto& [name, module] : ordered) Set(name, module);
  }

 private:
  static constexpr size_t kNone = ~size_t{0};
  static constexpr size_t kIndexFrom = 16;

  size_t Position(absl::string_view name) const {
    if (!index_.empty()) {
      auto it = index_.find(name);
      return it == index_.end() ? kNone : it->second;
    }
    for (size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].second != nullptr && entries_[i].first == name) return i;
    }
    return kNone;
  }
  void AddToIndex(size_t i) {
    index_.emplace(entries_[i].first, i);
    variants_[CallBase(entries_[i].first)].push_back(i);
  }

  std::vector<std::pair<std::string, ModuleObject*>> entries_;
  size_t live_ = 0;
  absl::flat_hash_map<std::string, size_t> index_;
  absl::flat_hash_map<std::string, std::vector<size_t>> variants_;  // base -> positions
};

struct ModuleObject {
  ModuleObject() = default;
  ModuleObject(const ModuleObject&) = delete;  // `children` may point into it
  ModuleObject& operator=(const ModuleObject&) = delete;

  std::string class_name;
  std::unique_ptr<Graph> graph;  // InterpreterModule and the root
  // Calls of one module share the first call's table (`children` then
  // points there); objects live until the unflatten ends, so it stays valid.
  ChildTable own_children;
  ChildTable* children = &own_children;
  std::vector<StateEntry> state;
  // Attributes that are neither modules nor tensors: pytree specs and custom
  // objects (graphless modules of their class), per object as in PyTorch.
  std::vector<std::pair<std::string, std::unique_ptr<GraphModule>>> attributes;
  std::vector<std::pair<std::string, TreeSpec>> specs;
  // A higher-order-op subgraph copied from the program, kept whole.
  std::unique_ptr<GraphModule> subgraph;
  // An InterpreterModuleDispatcher's modules, one per call in call order
  // (merged calls repeat a module); not children, as PyTorch keeps them
  // outside `_modules`.
  std::vector<ModuleObject*> calls;

  bool HasState(absl::string_view name) const {
    for (const StateEntry& s : state) {
      if (s.name == name) return true;
    }
    return false;
  }
  bool HasAttribute(absl::string_view name) const {
    if (children->Find(name) != nullptr || HasState(name)) return true;
    for (const auto& attribute : attributes) {
      if (attribute.first == name) return true;
    }
    return false;
  }
};

// Owns every module object of one unflatten.
class ModulePool {
 public:
  static constexpr size_t kTypicalModuleNodes = 8;

  ModuleObject* New(absl::string_view class_name, bool with_graph) {
    ModuleObject* m = &objects_.emplace_back();
    m->class_name = std::string(class_name);
    if (with_graph) {
      m->graph = std::make_unique<Graph>();
      // Most module graphs are small; sizing the name table once spares
      // the first few rehashes.
      m->graph->Reserve(kTypicalModuleNodes);
    }
    return m;
  }

 private:
  // A deque: stable addresses, and objects allocated in blocks rather than
  // one by one (there is one per module call).
  std::deque<ModuleObject> objects_;
};

// The module at dotted `path` below `root`, or nullptr.
ModuleObject* FindModule(ModuleObject* root, absl::string_view path);

// `parent`, creating missing modules on the way with `create(prefix)`.
template <typename Create>
void AddSubmodule(ModuleObject* parent, absl::string_view path, ModuleObject* module,
                  Create&& create) {
  ModuleObject* m = parent;
  size_t start = 0;
  for (size_t dot = path.find('.'); dot != absl::string_view::npos; dot = path.find('.', start)) {
    const absl::string_view part = path.substr(start, dot - start);
    ModuleObject* next = m->children->Find(part);
    if (next == nullptr) {
      next = create(path.substr(0, dot));
      m->children->Set(part, next);
    }
    m = next;
    start = dot + 1;
  }
  m->children->Set(path.substr(start), module);
}

// PyTorch's _add_spec: `spec` as a new attribute `_spec_N` of `module`.
std::string AddSpec(ModuleObject* module, const TreeSpec& spec);

// Whether the module at dotted `path` below `module` has the attribute its
// last part names.
bool HasAttributePath(ModuleObject* module, absl::string_view path);

// One call of a module with its parent call, as PyTorch's _SubmoduleEntry.
// The paths are interned (Symbol storage): one call, no copies.
struct CallEntry {
  absl::string_view parent_fqn;
  ModuleObject* parent_module;
  Node* parent_call;
  absl::string_view fqn;
  int64_t call;  // 1-based
  ModuleObject* module;
};

// Calls fn(fqn, entry) for every state entry of the program's state tree,
// in order; `fqn` (built in `path`) is valid during the call.
template <typename Fn>
void ForEachStateEntry(const GraphModule& module, std::string& path, Fn& fn) {
  const size_t size = path.size();
  auto extend = [&](absl::string_view name) {
    if (size > 0) path.push_back('.');
    path.append(name.data(), name.size());
  };
  for (const StateEntry& entry : module.state()) {
    extend(entry.name);
    fn(absl::string_view(path), entry);
    path.resize(size);
  }
  for (const auto& [name, child] : module.children()) {
    extend(name);
    ForEachStateEntry(*child, path, fn);
    path.resize(size);
  }
}

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_MODULES_H_
