#include "export/unflatten_state.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "export/module_tree.h"

namespace fxpp {
namespace unflatten_internal {
namespace {

// PyTorch's _assign_attr: the modules at dotted `path`, including every call
// variant (`foo`, `foo@1`) at each level, creating plain modules where
// nothing is installed yet.
ChildTable::Modules OwnersOf(ModulePool& pool, ModuleObject* root, absl::string_view module_path) {
  ChildTable::Modules owners = {root};
  if (module_path.empty()) return owners;
  for (absl::string_view item : absl::StrSplit(module_path, '.')) {
    ChildTable::Modules next;
    for (ModuleObject* m : owners) {
      if (m->children->Find(item) == nullptr) {
        m->children->Set(item, pool.New(kPlainModuleClass, /*with_graph=*/false));
      }
      for (ModuleObject* variant : m->children->CallVariants(item)) next.push_back(variant);
    }
    owners = std::move(next);
  }
  return owners;
}

// Puts state entries on the modules that own them. Consecutive entries
// usually share their module (`weight`, `bias`), whose owners are found once.
class StateAssigner {
 public:
  StateAssigner(ModulePool& pool, ModuleObject* root) : pool_(pool), root_(root) {}

  void Assign(absl::string_view fqn, const StateEntry& entry) {
    auto [module_path, name] = SplitLast(fqn);
    if (!has_owners_ || module_path != owners_path_) {
      // Finding the owners creates the missing modules: asking again for the
      // same path, with nothing else added in between, gives the same owners.
      owners_ = OwnersOf(pool_, root_, module_path);
      owners_path_.assign(module_path.data(), module_path.size());
      has_owners_ = true;
    }
    for (ModuleObject* owner : owners_) {
      if (owner->HasState(name)) continue;
      owner->state.push_back(entry);
      owner->state.back().name = std::string(name);
    }
  }

 private:
  ModulePool& pool_;
  ModuleObject* root_;
  bool has_owners_ = false;
  std::string owners_path_;
  ChildTable::Modules owners_;
};

void AssignCustomObject(ModulePool& pool, ModuleObject* root, const CustomObject& object) {
  auto [module_path, name] = SplitLast(object.name);
  for (ModuleObject* owner : OwnersOf(pool, root, module_path)) {
    if (!owner->HasAttribute(name)) {
      owner->attributes.emplace_back(
          std::string(name), GraphModule::Opaque(absl::StrCat(kScriptObjectClassPrefix, object.class_fqn)));
    }
  }
}

size_t CountStateEntries(const GraphModule& module) {
  size_t count = module.state().size();
  for (const auto& child : module.children()) count += CountStateEntries(*child.second);
  return count;
}

// The state entries no signature input names: the rest of the state dict,
// then constants.
void AssignRestOfState(const ExportedProgram& program,
                       const absl::flat_hash_set<absl::string_view>& assigned,
                       StateAssigner& assigner) {
  auto in_state_dict = [](const StateEntry& entry) {
    return entry.kind == StateKind::kParameter ||
           (entry.kind == StateKind::kBuffer && entry.persistent);
  };
  std::string path;
  auto rest_of_state_dict = [&](absl::string_view fqn, const StateEntry& entry) {
    if (in_state_dict(entry) && !assigned.contains(fqn)) assigner.Assign(fqn, entry);
  };
  ForEachStateEntry(*program.state, path, rest_of_state_dict);
  auto constants = [&](absl::string_view fqn, const StateEntry& entry) {
    if (!in_state_dict(entry) && !assigned.contains(fqn)) assigner.Assign(fqn, entry);
  };
  ForEachStateEntry(*program.state, path, constants);
}

}  // namespace

absl::Status MoveAttributesToReaders(
    const ExportedProgram& program,
    const std::vector<std::pair<std::string, std::vector<std::string>>>& attributes,
    ModulePool& pool, ModuleObject* root) {
  for (const auto& [child_fqn, names] : attributes) {
    ModuleObject* module = FindModule(root, child_fqn);
    if (module == nullptr) {
      return absl::InternalError(absl::StrCat("module '", child_fqn, "' disappeared"));
    }
    for (const std::string& name : names) {
      if (const GraphModule* sub = program.graph_module->FindChild(name)) {
        ModuleObject* copy = pool.New(sub->class_name(), /*with_graph=*/false);
        copy->subgraph = sub->Clone();
        module->children->Set(name, copy);
      } else if (const StateEntry* entry = program.graph_module->FindState(name)) {
        if (!module->HasState(name)) module->state.push_back(*entry);
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat("get_attr target '", name, "' is not an attribute of the program"));
      }
    }
  }
  return absl::OkStatus();
}

void AssignAllState(const ExportedProgram& program, ModulePool& pool, ModuleObject* root) {
  StateAssigner assigner(pool, root);
  StateLookup state(*program.state);
  absl::flat_hash_set<absl::string_view> assigned;
  for (InputKind kind : {InputKind::kParameter, InputKind::kBuffer}) {
    for (const InputSpec& spec : program.graph_signature.input_specs) {
      if (spec.kind != kind) continue;
      assigner.Assign(spec.target, *state.Find(spec.target));
      assigned.insert(spec.target);
    }
  }
  // Signature targets are distinct entries of the state: when they are as
  // many as the entries, nothing is left to assign.
  if (assigned.size() < CountStateEntries(*program.state)) {
    AssignRestOfState(program, assigned, assigner);
  }
  for (const CustomObject& object : program.custom_objects) AssignCustomObject(pool, root, object);
}

absl::StatusOr<absl::flat_hash_set<const ModuleObject*>> FindUnsunkModules(
    ModuleObject* root, const std::vector<std::pair<ModuleObject*, std::string>>& state_paths) {
  absl::flat_hash_set<const ModuleObject*> reachable;
  std::vector<ModuleObject*> pending = {root};
  while (!pending.empty()) {
    ModuleObject* m = pending.back();
    pending.pop_back();
    if (!reachable.insert(m).second) continue;
    m->children->ForEachLive(
        [&](const std::string&, ModuleObject* child) { pending.push_back(child); });
  }
  absl::flat_hash_set<const ModuleObject*> unsunk;
  for (const auto& [module, path] : state_paths) {
    if (!reachable.contains(module)) {
      unsunk.insert(module);
    } else if (!HasAttributePath(module, path)) {
      return absl::InternalError(absl::StrCat("state '", path, "' read by a module was not assigned to it"));
    }
  }
  return unsunk;
}

}  // namespace unflatten_internal
}  // namespace fxpp
