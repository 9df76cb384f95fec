#include "export/module_tree.h"

#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/fxg/meta_text.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

// Pytree specs and custom objects are attributes held as graphless children;
// they are not modules.
bool IsAttributeHolder(const GraphModule& module) {
  return !module.has_graph() && (module.class_name() == kTreeSpecClass ||
                                 absl::StartsWith(module.class_name(), kScriptObjectClassPrefix));
}

void ListPaths(const GraphModule& root, const GraphModule& module, const std::string& path,
               const std::string& same_as, CallModules calls, std::vector<ModulePath>* out) {
  absl::string_view target = SharedModuleTarget(module);
  const GraphModule* resolved = &module;
  std::string first = same_as;
  if (!target.empty()) {
    // The IR's one resolver, which follows chained references (bounded).
    resolved = ResolveAttributePath(root, root, target).module;
    if (resolved == nullptr) resolved = &module;
    first = std::string(target);
  }
  out->push_back(ModulePath{path, resolved, first});
  for (const auto& [name, child] : resolved->children()) {
    if (IsAttributeHolder(*child)) continue;
    if (calls == CallModules::kSkip && IsCallModuleName(name)) continue;
    ListPaths(root, *child, JoinPath(path, name), first.empty() ? "" : JoinPath(first, name), calls,
              out);
  }
}

}  // namespace

std::string JoinPath(absl::string_view prefix, absl::string_view name) {
  return prefix.empty() ? std::string(name) : absl::StrCat(prefix, ".", name);
}

std::pair<absl::string_view, absl::string_view> SplitLast(absl::string_view path) {
  const size_t dot = path.rfind('.');
  if (dot == absl::string_view::npos) return {absl::string_view(), path};
  return {path.substr(0, dot), path.substr(dot + 1)};
}

std::string CallModuleName(size_t call) { return absl::StrCat("@", call); }

bool IsCallModuleName(absl::string_view name) { return absl::StartsWith(name, "@"); }

std::vector<ModulePath> ListModules(const GraphModule& root, CallModules calls) {
  std::vector<ModulePath> out;
  ListPaths(root, root, "", "", calls, &out);
  return out;
}

std::string FormatModuleTree(const GraphModule& root) {
  std::string out;
  for (const ModulePath& entry : ListModules(root, CallModules::kWithCalls)) {
    absl::StrAppend(&out, entry.path.empty() ? "(root)" : entry.path, ": ");
    if (!entry.same_as.empty()) {
      absl::StrAppend(&out, "same module as ", entry.same_as, "\n");
      continue;
    }
    absl::StrAppend(&out, entry.module->class_name());
    if (entry.module->has_graph()) {
      absl::StrAppend(&out, ", ", entry.module->graph().size(), " nodes");
    }
    out.push_back('\n');
    for (const StateEntry& state : entry.module->state()) {
      absl::StrAppend(&out, "  ", StateKindName(state.kind), " ", state.name, ": ");
      AppendTensorMeta(state.tensor, &out);
      if (!state.persistent) out.append(" non_persistent");
      out.push_back('\n');
    }
    for (const auto& [name, child] : entry.module->children()) {
      if (IsAttributeHolder(*child)) absl::StrAppend(&out, "  attribute ", name, ": ", child->class_name(), "\n");
    }
  }
  return out;
}

}  // namespace fxpp
