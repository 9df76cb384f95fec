#include "export/effect_tokens.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

constexpr absl::string_view kWithEffects = "torch.ops.higher_order.with_effects";

// The operator a with_effects node calls, as a call_function target. The
// Python bridge writes it as the op's qualified name; FX text shows
// `aten._print.default`.
absl::StatusOr<std::string> EffectfulTarget(const Node& node) {
  if (node.args().size() < 2 || (node.args()[1].kind() != ArgKind::kString &&
                                 node.args()[1].kind() != ArgKind::kOpaque)) {
    return absl::InvalidArgumentError(
        absl::StrCat("with_effects node '", node.name(), "' does not name the operator it calls"));
  }
  absl::string_view op = node.args()[1].text();
  return absl::StartsWith(op, "torch.ops.") ? std::string(op) : absl::StrCat("torch.ops.", op);
}

bool IsGetItemOf(const Node& user, const Node& of) {
  return user.op() == OpKind::kCallFunction && user.target() == kGetItem &&
         user.args().size() == 2 && user.args()[0].is_node() && user.args()[0].node() == &of &&
         user.args()[1].kind() == ArgKind::kInt;
}

// Rewrites one with_effects node of `graph` into a direct call, which it
// adds to `calls`.
absl::Status RemoveWithEffects(Graph& graph, Node* node, std::vector<const Node*>* calls) {
  ASSIGN_OR_RETURN(std::string target, EffectfulTarget(*node));
  const NodeMeta& meta = node->meta();
  if (!meta.val.has_value() || meta.val->kind() != ValueMeta::Kind::kTuple ||
      meta.val->elements().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "with_effects node '", node->name(), "' lacks its (token, results...) value metadata"));
  }
  const std::vector<ValueMeta>& results = meta.val->elements();
  const size_t num_returns = results.size() - 1;
  Node* call;
  {
    auto insert = graph.InsertingBefore(node);
    call = graph.CreateNode(OpKind::kCallFunction, target,
                            std::vector<Argument>(node->args().begin() + 2, node->args().end()),
                            node->kwargs(), FxCallFunctionName(target));
  }
  NodeMeta call_meta = meta;
  if (num_returns == 1) {
    call_meta.val = results[1];
  } else if (num_returns > 1) {
    call_meta.val = ValueMeta::Tuple(std::vector<ValueMeta>(results.begin() + 1, results.end()));
  } else {
    call_meta.val = ValueMeta();
  }
  call->set_meta(std::move(call_meta));
  calls->push_back(call);
  node->ReplaceAllUsesWith(call);
  for (Node* user : call->UserVector()) {
    if (!IsGetItemOf(*user, *call)) {
      return absl::InvalidArgumentError(absl::StrCat("the result of with_effects node '",
                                                     node->name(), "' is used by '", user->name(),
                                                     "', which is not a getitem"));
    }
    const int64_t index = user->args()[1].int_value();
    if (index == 0) {
      // The token: its users were rewritten first (nodes go last to first).
      RETURN_IF_ERROR(graph.EraseNode(user));
    } else if (num_returns == 1) {
      user->ReplaceAllUsesWith(call);
      RETURN_IF_ERROR(graph.EraseNode(user));
    } else {
      user->SetArg(1, Argument::Int(index - 1));
    }
  }
  return graph.EraseNode(node);
}

absl::Status RemoveWithEffectsIn(GraphModule& module, std::vector<const Node*>* calls) {
  if (module.has_graph()) {
    std::vector<Node*> effectful;
    for (Node* node : module.graph().nodes()) {
      if (node->op() == OpKind::kCallFunction && node->target() == kWithEffects) {
        effectful.push_back(node);
      }
    }
    for (auto it = effectful.rbegin(); it != effectful.rend(); ++it) {
      RETURN_IF_ERROR(RemoveWithEffects(module.graph(), *it, calls));
    }
  }
  for (const auto& [name, child] : module.children()) {
    RETURN_IF_ERROR(RemoveWithEffectsIn(*child, calls));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<bool> RemoveEffectTokens(ExportedProgram& program) {
  GraphSignature& sig = program.graph_signature;
  std::vector<size_t> token_inputs, token_outputs;
  for (size_t i = 0; i < sig.input_specs.size(); ++i) {
    if (sig.input_specs[i].kind == InputKind::kToken) token_inputs.push_back(i);
  }
  for (size_t i = 0; i < sig.output_specs.size(); ++i) {
    if (sig.output_specs[i].kind == OutputKind::kToken) token_outputs.push_back(i);
  }
  if (token_inputs.empty() && token_outputs.empty()) return false;
  if (token_inputs.size() != token_outputs.size()) {
    return absl::InvalidArgumentError(absl::StrCat("the signature has ", token_inputs.size(),
                                                   " input tokens but ", token_outputs.size(),
                                                   " output tokens"));
  }
  Graph& graph = program.graph_module->graph();
  // Drop the returned tokens first: with_effects rewriting erases the
  // getitems that produce them.
  Node* output = graph.output_node();
  std::vector<Argument> returned = output->args()[0].elements();
  for (auto it = token_outputs.rbegin(); it != token_outputs.rend(); ++it) {
    returned.erase(returned.begin() + static_cast<std::ptrdiff_t>(*it));
    sig.output_specs.erase(sig.output_specs.begin() + static_cast<std::ptrdiff_t>(*it));
  }
  output->SetArg(0, output->args()[0].kind() == ArgKind::kList ? Argument::List(std::move(returned))
                                                                : Argument::Tuple(std::move(returned)));
  // The effectful calls stay even when nothing uses their results.
  std::vector<const Node*> effectful;
  RETURN_IF_ERROR(RemoveWithEffectsIn(*program.graph_module, &effectful));
  for (auto it = token_inputs.rbegin(); it != token_inputs.rend(); ++it) {
    Node* token = graph.FindNode(sig.input_specs[*it].arg.name);
    if (token != nullptr) {
      if (token->num_users() > 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "input token '", token->name(), "' is still used after removing with_effects"));
      }
      RETURN_IF_ERROR(graph.EraseNode(token));
    }
    sig.input_specs.erase(sig.input_specs.begin() + static_cast<std::ptrdiff_t>(*it));
  }
  const absl::flat_hash_set<const Node*> keep(effectful.begin(), effectful.end());
  graph.EliminateDeadCode([&keep](const Node& n) { return KeepWhenUnused(n) || keep.contains(&n); });
  return true;
}

}  // namespace fxpp
