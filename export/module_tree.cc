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

constexpr absl::string_view kSharedPrefix = "shared:";

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
    resolved = root.FindSubmodule(target);
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

std::unique_ptr<GraphModule> SharedModuleReference(absl::string_view target_path) {
  return GraphModule::Opaque(absl::StrCat(kSharedPrefix, target_path));
}

absl::string_view SharedModuleTarget(const GraphModule& module) {
  absl::string_view name = module.class_name();
  if (module.has_graph() || !absl::ConsumePrefix(&name, kSharedPrefix)) return {};
  return name;
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

absl::Status VerifyUnflattened(const GraphModule& root) {
  for (const ModulePath& entry : ListModules(root, CallModules::kWithCalls)) {
    if (!entry.same_as.empty() || !entry.module->has_graph()) continue;
    const Graph& graph = entry.module->graph();
    // A module PyTorch only created on the way to its submodules has an
    // empty graph.
    if (graph.empty()) continue;
    const std::string where = entry.path.empty() ? "root module" : absl::StrCat("module '", entry.path, "'");
    absl::Status status = VerifyGraph(graph);
    if (!status.ok()) return absl::Status(status.code(), absl::StrCat(where, ": ", status.message()));
    for (const Node* node : graph.nodes()) {
      if (node->op() != OpKind::kGetAttr && node->op() != OpKind::kCallModule) continue;
      // Resolve through shared-module references.
      const GraphModule* m = entry.module;
      bool found = true;
      std::vector<absl::string_view> parts = absl::StrSplit(node->target(), '.');
      for (size_t i = 0; i < parts.size() && found; ++i) {
        const GraphModule* child = m->FindChild(parts[i]);
        if (child != nullptr && !SharedModuleTarget(*child).empty()) {
          child = root.FindSubmodule(SharedModuleTarget(*child));
        }
        if (child != nullptr) {
          m = child;
        } else {
          found = i + 1 == parts.size() && node->op() == OpKind::kGetAttr &&
                  m->FindState(parts[i]) != nullptr;
          if (!found) break;
          m = nullptr;
          break;
        }
      }
      if (!found || (node->op() == OpKind::kCallModule && m == nullptr)) {
        return absl::FailedPreconditionError(absl::StrCat(where, ": ", OpKindName(node->op()),
                                                          " node '", node->name(), "' targets '",
                                                          node->target(), "', which does not exist"));
      }
    }
  }
  return absl::OkStatus();
}


}  // namespace fxpp
