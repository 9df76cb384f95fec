#include "export/unflatten_modules.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "export/module_tree.h"

namespace fxpp {
namespace unflatten_internal {

std::string CallName(absl::string_view base, int64_t call) {
  return call == 1 ? std::string(base) : absl::StrCat(base, "@", call - 1);
}

absl::string_view CallBase(absl::string_view name) {
  return name.substr(0, std::min(name.find('@'), name.size()));
}

bool IsCallName(absl::string_view name, absl::string_view base) {
  if (!absl::ConsumePrefix(&name, base)) return false;
  if (name.empty()) return true;
  if (!absl::ConsumePrefix(&name, "@") || name.empty()) return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return absl::ascii_isdigit(c); });
}

absl::StatusOr<std::string> ComputeAccessor(absl::string_view parent, absl::string_view child) {
  if (parent.empty()) return std::string(child);
  if (!absl::StartsWith(child, parent) || child.size() <= parent.size() ||
      child[parent.size()] != '.') {
    return absl::InvalidArgumentError(
        absl::StrCat("module '", child, "' is called inside module '", parent,
                     "' but is not one of its submodules; unflatten cannot nest it"));
  }
  return std::string(child.substr(parent.size() + 1));
}

ModuleObject* FindModule(ModuleObject* root, absl::string_view path) {
  if (path.empty()) return root;
  ModuleObject* m = root;
  for (absl::string_view part : absl::StrSplit(path, '.')) {
    m = m->children->Find(part);
    if (m == nullptr) return nullptr;
  }
  return m;
}

std::string AddSpec(ModuleObject* module, const TreeSpec& spec) {
  for (int i = 0;; ++i) {
    std::string name = absl::StrCat("_spec_", i);
    if (!module->HasAttribute(name)) {
      module->attributes.emplace_back(name, GraphModule::Opaque(std::string(kTreeSpecClass)));
      module->specs.emplace_back(name, spec);
      return name;
    }
  }
}

bool HasAttributePath(ModuleObject* module, absl::string_view path) {
  auto [module_path, name] = SplitLast(path);
  ModuleObject* owner = FindModule(module, module_path);
  return owner != nullptr && owner->HasAttribute(name);
}

}  // namespace unflatten_internal
}  // namespace fxpp
