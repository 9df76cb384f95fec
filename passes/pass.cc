#include "passes/pass.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace fxpp {
namespace {

absl::Status VisitGraphs(GraphModule& module, const std::string& path,
                         absl::FunctionRef<absl::Status(absl::string_view, Graph&)> visit) {
  if (module.has_graph()) {
    absl::Status status = visit(path, module.graph());
    if (!status.ok()) {
      if (path.empty()) return status;
      return absl::Status(status.code(),
                          absl::StrCat("in submodule '", path, "': ", status.message()));
    }
  }
  for (const auto& [name, child] : module.children()) {
    absl::Status status =
        VisitGraphs(*child, path.empty() ? name : absl::StrCat(path, ".", name), visit);
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Graph*> RootGraph(absl::string_view pass, GraphModule& module) {
  if (!module.has_graph()) {
    return absl::FailedPreconditionError(
        absl::StrCat(pass, " works on the module's graph; module of class '",
                     module.class_name(), "' has no graph (an opaque module)"));
  }
  return &module.graph();
}

absl::Status ForEachGraph(GraphModule& module,
                          absl::FunctionRef<absl::Status(absl::string_view path, Graph& graph)> visit) {
  return VisitGraphs(module, "", visit);
}

}  // namespace fxpp
