#include "testing/same_computation.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/functional_checks/canonical_form.h"
#include "passes/op_schema/op_schema.h"
#include "testing/unified_diff.h"

namespace fxpp {
namespace {

// A call of a submodule with a graph: the module and the call's operands.
struct SubmoduleCall {
  const GraphModule* callee = nullptr;
  std::vector<Argument> operands;
};

// What `node` calls, when it calls a submodule of `module` that has a graph.
absl::optional<SubmoduleCall> FindSubmoduleCall(const GraphModule& module, const Node& node) {
  SubmoduleCall call;
  if (node.op() == OpKind::kCallModule) {
    call.callee = module.FindSubmodule(node.target());
    call.operands.assign(node.args().begin(), node.args().end());
  } else if (node.op() == OpKind::kCallFunction && node.target() == kInvokeSubgraph &&
             !node.args().empty() && node.args()[0].kind() == ArgKind::kNode &&
             node.args()[0].node()->op() == OpKind::kGetAttr) {
    call.callee = module.FindSubmodule(node.args()[0].node()->target());
    call.operands.assign(node.args().begin() + 2, node.args().end());
  }
  // A call of the module itself (an empty path) is not a submodule call.
  if (call.callee == nullptr || call.callee == &module || !call.callee->has_graph()) {
    return absl::nullopt;
  }
  return call;
}

// The value a call passes for `placeholder`, the `index`th of the callee:
// by position, else by keyword (call_module), else the placeholder's default.
absl::StatusOr<Argument> OperandFor(const Node& call, const SubmoduleCall& callee, size_t index,
                                    const Node& placeholder) {
  if (index < callee.operands.size()) return callee.operands[index];
  if (const Argument* by_name = call.FindKwarg(placeholder.target())) return *by_name;
  if (!placeholder.args().empty()) return placeholder.args()[0];
  return absl::InvalidArgumentError(absl::StrCat("call '", call.name(), "' passes no value for '",
                                                 placeholder.name(), "'"));
}

// Makes every use of `call` read `result` (what the callee returned):
// getitems of a tuple result read its elements, at any depth. Returns the
// call and the getitems, now unused.
absl::StatusOr<std::vector<Node*>> RedirectUses(Node* call, const Argument& result) {
  std::vector<Node*> replaced;
  std::vector<std::pair<Node*, Argument>> pending = {{call, result}};
  while (!pending.empty()) {
    auto [node, value] = std::move(pending.back());
    pending.pop_back();
    replaced.push_back(node);
    if (value.kind() == ArgKind::kNode) {
      node->ReplaceAllUsesWith(value.node());
      continue;
    }
    for (Node* user : node->UserVector()) {
      const bool indexes = IsGetItem(*user) && user->args().size() == 2 &&
                           user->args()[1].kind() == ArgKind::kInt &&
                           (value.kind() == ArgKind::kTuple || value.kind() == ArgKind::kList);
      int64_t index = indexes ? user->args()[1].int_value() : 0;
      const int64_t size = static_cast<int64_t>(value.elements().size());
      if (index < 0) index += size;
      if (!indexes || index < 0 || index >= size) {
        return absl::InvalidArgumentError(absl::StrCat("'", user->name(), "' uses the result of '",
                                                       call->name(), "' in a way inlining cannot follow"));
      }
      pending.push_back({user, value.elements()[index]});
    }
  }
  return replaced;
}

// Replaces `call` in `graph` by a copy of the callee's graph (inlined).
absl::Status InlineCall(Graph& graph, Node* call, const SubmoduleCall& callee) {
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> body, InlineSubmoduleCalls(*callee.callee));
  absl::flat_hash_map<const Node*, Argument> values;
  size_t placeholders = 0;
  Argument result;
  {
    auto at = graph.InsertingBefore(call);
    for (Node* n : body->nodes()) {
      if (n->op() == OpKind::kPlaceholder) {
        ASSIGN_OR_RETURN(values[n], OperandFor(*call, callee, placeholders++, *n));
        continue;
      }
      // A verified graph defines each node before its uses; the check must
      // not crash on one that does not.
      bool defined = true;
      const auto remap = [&](Node* input) {
        auto value = values.find(input);
        defined = defined && value != values.end();
        return value != values.end() ? value->second : Argument::None();
      };
      if (n->op() == OpKind::kOutput) {
        if (!n->args().empty()) result = n->args()[0].MapNodes(remap);
        if (!defined) return absl::InvalidArgumentError("the output uses an undefined node");
        break;
      }
      values[n] = Argument::Ref(graph.NodeCopy(*n, remap));
      if (!defined) {
        return absl::InvalidArgumentError(absl::StrCat("'", n->name(), "' uses a node defined after it"));
      }
    }
  }
  Node* subgraph_attr = call->op() == OpKind::kCallFunction ? call->args()[0].node() : nullptr;
  ASSIGN_OR_RETURN(std::vector<Node*> unused, RedirectUses(call, result));
  RETURN_IF_ERROR(graph.EraseNodes(unused));
  // The subgraph's get_attr, once its last call is gone.
  return subgraph_attr != nullptr && subgraph_attr->num_users() == 0 ? graph.EraseNode(subgraph_attr)
                                                                       : absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<Graph>> InlineSubmoduleCalls(const GraphModule& module) {
  std::unique_ptr<Graph> graph = module.graph().Clone();
  for (Node* node : graph->NodeVector()) {
    if (node->is_erased()) continue;  // a getitem of a call inlined before
    if (absl::optional<SubmoduleCall> call = FindSubmoduleCall(module, *node)) {
      RETURN_IF_ERROR(InlineCall(*graph, node, *call));
    }
  }
  return graph;
}

absl::Status CheckSameCanonicalForm(const Graph& expected, const Graph& actual,
                                    absl::string_view headline, absl::string_view expected_label,
                                    absl::string_view actual_label) {
  const std::string expected_form = CanonicalForm(expected);
  const std::string actual_form = CanonicalForm(actual);
  if (expected_form == actual_form) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      headline, "\n", UnifiedDiff(expected_form, actual_form, expected_label, actual_label)));
}

absl::Status CheckSameComputation(const GraphModule& before, const GraphModule& after) {
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> before_inlined, InlineSubmoduleCalls(before));
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> after_inlined, InlineSubmoduleCalls(after));
  return CheckSameCanonicalForm(
      *before_inlined, *after_inlined,
      "the pass changed what the module computes (canonical forms, calls inlined):", "before",
      "after");
}

}  // namespace fxpp
