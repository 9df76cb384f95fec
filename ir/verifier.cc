#include "ir/verifier.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

absl::Status NodeError(const Node& node, absl::string_view what) {
  return absl::FailedPreconditionError(absl::StrCat("node '", node.name(), "': ", what));
}

absl::Status CheckOpShape(const Node& node) {
  switch (node.op()) {
    case OpKind::kPlaceholder:
      if (node.args().size() > 1 || !node.kwargs().empty()) {
        return NodeError(node, "a placeholder takes at most one argument (its default)");
      }
      break;
    case OpKind::kOutput:
      if (node.args().size() != 1 || !node.kwargs().empty()) {
        return NodeError(node, "the output node takes exactly one argument");
      }
      break;
    case OpKind::kGetAttr:
      if (!node.args().empty() || !node.kwargs().empty()) {
        return NodeError(node, "get_attr takes no arguments");
      }
      [[fallthrough]];
    case OpKind::kCallFunction:
    case OpKind::kCallMethod:
    case OpKind::kCallModule:
      if (node.target().empty()) return NodeError(node, "empty target");
      break;
  }
  // Python has no empty keyword, and the protobuf readers reject one.
  for (size_t k = 0; k < node.kwargs().size(); ++k) {
    if (node.kwargs()[k].name.str().empty()) {
      return NodeError(node, absl::StrCat("keyword argument #", k, " has no name"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status VerifyGraph(const Graph& graph) {
  std::vector<bool> defined(graph.id_bound(), false);
  // How often each node is someone's input; must equal its user count.
  std::vector<uint32_t> use_count(graph.id_bound(), 0);
  const Node* output = nullptr;
  for (const Node* node : graph.nodes()) {
    if (node->graph() != &graph) return NodeError(*node, "belongs to another graph");
    // The graph's name table maps each name to one node; a second node with
    // the same name would not be the one it finds.
    if (!graph.FindsByName(*node)) {
      return NodeError(*node, "duplicate node name");
    }
    RETURN_IF_ERROR(CheckOpShape(*node));
    for (size_t i = 0; i < node->num_inputs(); ++i) {
      const Node* input = node->input(i);
      if (input->graph() != &graph) {
        return NodeError(*node, absl::StrCat("references '", input->name(),
                                             "', which belongs to another graph"));
      }
      if (input->is_erased()) {
        return NodeError(*node, absl::StrCat("references '", input->name(),
                                             "', which was erased"));
      }
      if (!defined[input->id()]) {
        return NodeError(*node, absl::StrCat("uses '", input->name(),
                                             "' before it is defined (not in topological "
                                             "order, or a cycle)"));
      }
      ++use_count[input->id()];
    }
    if (node->op() == OpKind::kOutput) {
      if (output != nullptr) {
        return NodeError(*node, absl::StrCat("second output node (the first is '",
                                             output->name(), "')"));
      }
      output = node;
    }
    defined[node->id()] = true;
  }
  if (output == nullptr) return absl::FailedPreconditionError("graph has no output node");
  for (const Node* node : graph.nodes()) {
    if (use_count[node->id()] != node->num_users()) {
      return NodeError(*node, absl::StrCat("user list has ", node->num_users(),
                                           " entries but ", use_count[node->id()],
                                           " nodes use it"));
    }
    for (const Node* user : node->users()) {
      if (user->is_erased() || user->graph() != &graph) {
        return NodeError(*node, absl::StrCat("lists user '", user->name(),
                                             "', which is not a live node of this graph"));
      }
    }
  }
  if (output->num_users() != 0) return NodeError(*output, "the output node has users");
  return absl::OkStatus();
}

namespace {

absl::Status VerifyModuleAt(const GraphModule& module, const GraphModule& root,
                            const std::string& path, ModuleVerifyOptions options) {
  auto in_module = [&path](const absl::Status& status) {
    if (status.ok() || path.empty()) return status;
    return absl::Status(status.code(), absl::StrCat("in submodule '", path, "': ",
                                                    status.message()));
  };
  if (module.has_graph()) {
    RETURN_IF_ERROR(in_module(VerifyGraph(module.graph())));
    if (options.check_attributes) {
      for (const Node* node : module.graph().nodes()) {
        if (node->op() == OpKind::kCallModule &&
            module.FindSubmodule(node->target()) == nullptr) {
          return in_module(NodeError(
              *node, absl::StrCat("call_module target '", node->target(), "' is not a submodule")));
        }
        if (node->op() == OpKind::kGetAttr && !module.HasAttribute(node->target())) {
          return in_module(NodeError(
              *node, absl::StrCat("get_attr target '", node->target(),
                                  "' is neither a submodule nor a parameter/buffer/constant")));
        }
      }
    }
  }
  for (const auto& [name, child] : module.children()) {
    RETURN_IF_ERROR(VerifyModuleAt(*child, root, path.empty() ? name : absl::StrCat(path, ".", name),
                                   options));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status VerifyGraphModule(const GraphModule& module, ModuleVerifyOptions options) {
  return VerifyModuleAt(module, module, "", options);
}

}  // namespace fxpp
