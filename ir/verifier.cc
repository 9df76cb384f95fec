#include "ir/verifier.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/cord.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/limits.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

constexpr absl::string_view kNodePayload = "fxpp/verifier/node";
constexpr absl::string_view kSubmodulePayload = "fxpp/verifier/submodule";

// The node also travels as a payload, so that readers can point at the
// line that defined it (NodeOfError).
absl::Status NodeError(const Node& node, absl::string_view what) {
  absl::Status status =
      absl::FailedPreconditionError(absl::StrCat("node '", node.name(), "': ", what));
  status.SetPayload(kNodePayload, absl::Cord(node.name()));
  return status;
}

// "in submodule 'path': ..." with the payloads kept and the path added.
absl::Status InSubmodule(const std::string& path, const absl::Status& status) {
  if (status.ok() || path.empty()) return status;
  absl::Status located(status.code(),
                       absl::StrCat("in submodule '", path, "': ", status.message()));
  status.ForEachPayload([&located](absl::string_view url, const absl::Cord& payload) {
    located.SetPayload(url, payload);
  });
  located.SetPayload(kSubmodulePayload, absl::Cord(path));
  return located;
}

bool IsGetitem(absl::string_view target) {
  return target == "operator.getitem" || target == "_operator.getitem" || target == "getitem";
}

const std::vector<Argument>& Children(const Argument& arg) {
  static const std::vector<Argument> kNone;
  return arg.is_composite() ? arg.elements() : kNone;
}

const std::vector<ValueMeta>& Children(const ValueMeta& value) { return value.elements(); }

// How deep `value` nests (a leaf is 1), counting no further than limit + 1,
// so that the recursion is bounded whatever was built in memory.
template <typename Value>
int NestingDepth(const Value& value, int limit) {
  int deepest = 0;
  if (limit > 0) {
    for (const Value& element : Children(value)) {
      deepest = std::max(deepest, NestingDepth(element, limit - 1));
    }
  }
  return deepest + 1;
}

absl::Status CheckNesting(const Node& node, const Argument& arg) {
  if (NestingDepth(arg, kMaxArgumentNesting) <= kMaxArgumentNesting) return absl::OkStatus();
  return NodeError(node, absl::StrCat("an argument nests more than ", kMaxArgumentNesting,
                                      " deep (fxpp's limit)"));
}

// What every format can hold: nesting within ir/limits.h, and an output
// node with its one value (FX text prints none as "return ", which reads
// back as the string '').
absl::Status CheckWritable(const Node& node) {
  if (node.op() == OpKind::kOutput && node.args().size() != 1) {
    return NodeError(node, "the output node takes exactly one argument");
  }
  for (const Argument& arg : node.args()) RETURN_IF_ERROR(CheckNesting(node, arg));
  for (const KwArg& kw : node.kwargs()) RETURN_IF_ERROR(CheckNesting(node, kw.value));
  if (node.has_meta() && node.meta().val.has_value() &&
      NestingDepth(*node.meta().val, kMaxArgumentNesting) > kMaxArgumentNesting) {
    return NodeError(node, absl::StrCat("value metadata nested more than ", kMaxArgumentNesting,
                                        " deep (fxpp's limit)"));
  }
  return absl::OkStatus();
}

// `check_nesting`: CheckWritable's nesting walk is wanted (see
// GraphVerifyOptions::nesting_checked_by_reader); its output check is one
// CheckOpShape makes too.
absl::Status CheckOpShape(const Node& node, bool check_nesting) {
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
  // Python has no empty keyword and no keyword given twice; the protobuf
  // readers reject both.
  absl::flat_hash_set<Symbol> keywords;
  for (size_t k = 0; k < node.kwargs().size(); ++k) {
    const Symbol name = node.kwargs()[k].name;
    if (name.str().empty()) {
      return NodeError(node, absl::StrCat("keyword argument #", k, " has no name"));
    }
    if (!keywords.insert(name).second) {
      return NodeError(node, absl::StrCat("keyword argument '", name.str(), "' is given twice"));
    }
  }
  // operator.getitem(container, index): Python raises on any other arity.
  if (node.op() == OpKind::kCallFunction && IsGetitem(node.target()) &&
      (node.args().size() + node.kwargs().size() != 2)) {
    return NodeError(node, absl::StrCat("getitem takes 2 arguments (a container and an index), "
                                        "not ",
                                        node.args().size() + node.kwargs().size()));
  }
  return check_nesting ? CheckWritable(node) : absl::OkStatus();
}

// Depth-first search over inputs with an explicit stack (graphs can be
// deep); a node reached again while on the stack closes a cycle.
absl::Status CheckAcyclic(const Graph& graph) {
  enum State : uint8_t { kNew, kOnStack, kDone };
  std::vector<State> state(graph.id_bound(), kNew);
  std::vector<std::pair<const Node*, size_t>> stack;
  for (const Node* root : graph.nodes()) {
    if (state[root->id()] != kNew) continue;
    stack.emplace_back(root, 0);
    state[root->id()] = kOnStack;
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      if (next == node->num_inputs()) {
        state[node->id()] = kDone;
        stack.pop_back();
        continue;
      }
      const Node* input = node->input(next++);
      if (input->graph() != &graph || input->is_erased()) continue;  // reported later
      if (state[input->id()] == kOnStack) {
        return NodeError(*node, absl::StrCat("uses '", input->name(), "', which depends on '",
                                             node->name(), "' (a cycle)"));
      }
      if (state[input->id()] == kNew) {
        state[input->id()] = kOnStack;
        stack.emplace_back(input, 0);
      }
    }
  }
  return absl::OkStatus();
}

// Each node's user list against `use_count`, how often it is an input.
absl::Status CheckUserLists(const Graph& graph, const std::vector<uint32_t>& use_count) {
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
  return absl::OkStatus();
}

// A node's references: to live nodes of `graph` marked `defined`, each
// counted in `use_count`.
absl::Status CheckInputs(const Graph& graph, const Node& node, const std::vector<bool>& defined,
                         std::vector<uint32_t>& use_count) {
  for (size_t i = 0; i < node.num_inputs(); ++i) {
    const Node* input = node.input(i);
    if (input->graph() != &graph) {
      return NodeError(node, absl::StrCat("references '", input->name(),
                                          "', which belongs to another graph"));
    }
    if (input->is_erased()) {
      return NodeError(node, absl::StrCat("references '", input->name(), "', which was erased"));
    }
    if (!defined[input->id()]) {
      return NodeError(node, absl::StrCat("uses '", input->name(),
                                          "' before it is defined (not in topological "
                                          "order, or a cycle)"));
    }
    ++use_count[input->id()];
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status VerifyGraph(const Graph& graph, GraphVerifyOptions options) {
  const bool check_links = !options.built_in_order_by_reader;
  std::vector<bool> defined(check_links ? graph.id_bound() : 0, false);
  if (options.allow_forward_references) {
    // Every node counts as defined; only a cycle is an error.
    RETURN_IF_ERROR(CheckAcyclic(graph));
    defined.assign(graph.id_bound(), true);
  }
  // How often each node is someone's input; must equal its user count.
  std::vector<uint32_t> use_count(check_links ? graph.id_bound() : 0, 0);
  const Node* output = nullptr;
  for (const Node* node : graph.nodes()) {
    if (node->graph() != &graph) return NodeError(*node, "belongs to another graph");
    // The graph's name table maps each name to one node; a second node with
    // the same name would not be the one it finds.
    if (check_links && !graph.FindsByName(*node)) {
      return NodeError(*node, "duplicate node name");
    }
    RETURN_IF_ERROR(CheckOpShape(*node, !options.nesting_checked_by_reader));
    if (check_links) RETURN_IF_ERROR(CheckInputs(graph, *node, defined, use_count));
    if (node->op() == OpKind::kOutput) {
      if (output != nullptr) {
        return NodeError(*node, absl::StrCat("second output node (the first is '",
                                             output->name(), "')"));
      }
      output = node;
    }
    if (check_links) defined[node->id()] = true;
  }
  if (output == nullptr) return absl::FailedPreconditionError("graph has no output node");
  if (check_links) RETURN_IF_ERROR(CheckUserLists(graph, use_count));
  if (output->num_users() != 0) return NodeError(*output, "the output node has users");
  return absl::OkStatus();
}

namespace {

// fxg ends a module's header line with the class name, and the pb and JSON
// readers refuse a line break there for that reason.
absl::Status CheckClassName(const GraphModule& module, const std::string& path) {
  if (!absl::StrContains(module.class_name(), '\n')) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(path.empty() ? "the root module" : absl::StrCat("module '", path, "'"),
                   " has a class name with a line break, which no format can hold"));
}

// The subgraph an invoke_subgraph calls must exist whatever the input
// format: PyTorch cannot generate code for the call otherwise.
absl::Status CheckInvokeSubgraph(const GraphModule& module, const Node& node) {
  const Argument* subgraph = node.args().empty() ? nullptr : &node.args()[0];
  const GraphModule* callee =
      subgraph != nullptr && subgraph->is_node() && subgraph->node()->op() == OpKind::kGetAttr
          ? module.FindSubmodule(subgraph->node()->target())
          : nullptr;
  if (callee == nullptr || !callee->has_graph()) {
    return NodeError(node, "invoke_subgraph's first argument must be a get_attr of a subgraph of "
                           "this module");
  }
  return absl::OkStatus();
}

// A call_module or get_attr target names what it should.
absl::Status CheckTarget(const GraphModule& module, const GraphModule& root, const Node& node,
                         const ModuleVerifyOptions& options) {
  const absl::string_view target = node.target();
  // A qualified name: a non-empty attribute name between every two dots.
  for (absl::string_view part : absl::StrSplit(target, '.')) {
    if (part.empty()) {
      return NodeError(node, absl::StrCat(OpKindName(node.op()), " target '", target,
                                          "' has an empty name between dots"));
    }
  }
  // Without the module's state (FX text carries none) a target is still
  // checked when it starts with a submodule the tree lists: below it, the
  // tree is known.
  if (!options.check_attributes &&
      module.FindChild(target.substr(0, target.find('.'))) == nullptr) {
    return absl::OkStatus();
  }
  // Through shared-module references, as Python's getattr goes.
  const GraphModule::AttributeRef attribute = ResolveAttributePath(root, module, target);
  if (node.op() == OpKind::kCallModule && attribute.module == nullptr) {
    return NodeError(node, absl::StrCat("call_module target '", target, "' is not a submodule"));
  }
  if (node.op() == OpKind::kGetAttr && !attribute.found()) {
    return NodeError(node, absl::StrCat("get_attr target '", target,
                                        "' is neither a submodule nor a parameter/buffer/constant"));
  }
  return absl::OkStatus();
}

// The graph's calls and attribute references, in one pass over its nodes
// (a large graph's nodes are not in cache: every pass costs). Errors as
// two passes gave them: any invoke_subgraph error before any target error.
absl::Status CheckCallsAndTargets(const GraphModule& module, const GraphModule& root,
                                  const ModuleVerifyOptions& options) {
  absl::Status first_target_error;
  for (const Node* node : module.graph().nodes()) {
    if (node->op() == OpKind::kCallFunction && node->target() == kInvokeSubgraph) {
      RETURN_IF_ERROR(CheckInvokeSubgraph(module, *node));
    } else if ((node->op() == OpKind::kCallModule || node->op() == OpKind::kGetAttr) &&
               first_target_error.ok()) {
      first_target_error = CheckTarget(module, root, *node, options);
    }
  }
  return first_target_error;
}

absl::Status VerifyModuleAt(const GraphModule& module, const GraphModule& root,
                            const std::string& path, int depth, ModuleVerifyOptions options) {
  auto in_module = [&path](const absl::Status& status) { return InSubmodule(path, status); };
  RETURN_IF_ERROR(CheckClassName(module, path));
  if (depth > kMaxModuleDepth) {
    return absl::FailedPreconditionError(absl::StrCat(
        "submodule '", path, "' is nested more than ", kMaxModuleDepth, " levels deep (fxpp's limit)"));
  }
  // A submodule's graph may be empty: PyTorch's unflatten gives modules it
  // never calls (a ModuleList) an empty graph.
  if (module.has_graph() && (depth == 0 || !module.graph().empty())) {
    RETURN_IF_ERROR(in_module(VerifyGraph(module.graph(), options.graph)));
    RETURN_IF_ERROR(in_module(CheckCallsAndTargets(module, root, options)));
  }
  for (const auto& [name, child] : module.children()) {
    RETURN_IF_ERROR(VerifyModuleAt(*child, root, path.empty() ? name : absl::StrCat(path, ".", name),
                                   depth + 1, options));
  }
  return absl::OkStatus();
}

}  // namespace

namespace {

absl::Status WritableAt(const GraphModule& module, const std::string& path, int depth) {
  if (depth > kMaxModuleDepth) {
    return absl::FailedPreconditionError(absl::StrCat(
        "submodule '", path, "' is nested more than ", kMaxModuleDepth, " levels deep (fxpp's limit)"));
  }
  RETURN_IF_ERROR(CheckClassName(module, path));
  if (module.has_graph()) {
    for (const Node* node : module.graph().nodes()) {
      RETURN_IF_ERROR(InSubmodule(path, CheckWritable(*node)));
    }
  }
  for (const auto& [name, child] : module.children()) {
    RETURN_IF_ERROR(
        WritableAt(*child, path.empty() ? name : absl::StrCat(path, ".", name), depth + 1));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status VerifyWritable(const GraphModule& module) { return WritableAt(module, "", 0); }

absl::Status VerifyGraphModule(const GraphModule& module, ModuleVerifyOptions options) {
  return VerifyModuleAt(module, module, "", 0, options);
}

absl::optional<ErrorNode> NodeOfError(const absl::Status& status) {
  absl::optional<absl::Cord> node = status.GetPayload(kNodePayload);
  if (!node.has_value()) return absl::nullopt;
  ErrorNode found;
  found.node_name = std::string(*node);
  if (absl::optional<absl::Cord> path = status.GetPayload(kSubmodulePayload)) {
    found.module_path = std::string(*path);
  }
  return found;
}

}  // namespace fxpp
