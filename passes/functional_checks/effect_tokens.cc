#include "passes/functional_checks/effect_tokens.h"

#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"
#include "passes/pass.h"

namespace fxpp {
namespace {

constexpr absl::string_view kWithEffects = "torch.ops.higher_order.with_effects";
constexpr absl::string_view kMakeToken = "torch.ops.prims._make_token.default";
constexpr absl::string_view kSinkTokens = "torch.ops.prims._sink_tokens.default";

bool IsWithEffects(const Node& n) {
  return n.op() == OpKind::kCallFunction && n.target() == kWithEffects;
}

std::vector<Node*> Placeholders(const Graph& graph) {
  std::vector<Node*> out;
  for (Node* n : graph.nodes()) {
    if (n->op() == OpKind::kPlaceholder) out.push_back(n);
  }
  return out;
}

}  // namespace

absl::StatusOr<EffectTokenReport> LiftEffectTokens(GraphModule& module,
                                                   const EffectTokenOptions& options) {
  static const auto* const kDefaultEffectful = new absl::flat_hash_set<std::string>{
      "torch.ops.aten._print.default", "torch.ops.higher_order.call_torchbind"};
  const absl::flat_hash_set<std::string>& effectful =
      options.effectful_ops.empty() ? *kDefaultEffectful : options.effectful_ops;
  ASSIGN_OR_RETURN(Graph * root, RootGraph("LiftEffectTokens", module));
  Graph& graph = *root;
  Node* output = graph.output_node();
  if (output == nullptr) return absl::InvalidArgumentError("the graph has no output node");
  EffectTokenReport report;
  std::vector<Node*> placeholders = Placeholders(graph);
  Node* first_input = placeholders.empty() ? nullptr : placeholders.front();
  // Tokens go first among the inputs, as in aot_export_module.
  const auto new_token_input = [&]() {
    Graph::ScopedInsertPoint at = graph.InsertingBefore(first_input != nullptr ? first_input
                                                                               : graph.first_node());
    ++report.input_tokens;
    return graph.Placeholder("token");
  };
  std::vector<Argument> output_tokens;

  const std::vector<Node*> nodes = graph.NodeVector();
  bool unlifted = false;
  for (Node* n : nodes) {
    if (n->op() != OpKind::kCallFunction) continue;
    if (n->target() == kMakeToken) {
      n->ReplaceAllUsesWith(new_token_input());
      RETURN_IF_ERROR(graph.EraseNode(n));
      unlifted = true;
    } else if (n->target() == kSinkTokens) {
      if (n->args().size() != 1) return absl::InvalidArgumentError("_sink_tokens takes one list");
      for (const Argument& token : n->args()[0].elements()) output_tokens.push_back(token);
      RETURN_IF_ERROR(graph.EraseNode(n));
      unlifted = true;
    }
  }
  if (!unlifted) {
    Node* token = nullptr;
    for (Node* n : nodes) {
      if (n->op() != OpKind::kCallFunction || !effectful.contains(n->target())) continue;
      if (token == nullptr) token = new_token_input();
      Graph::ScopedInsertPoint at = graph.InsertingBefore(n);
      absl::string_view op = n->target();
      absl::ConsumePrefix(&op, "torch.ops.");
      std::vector<Argument> args = {Argument::Ref(token), Argument::Opaque(op)};
      args.insert(args.end(), n->args().begin(), n->args().end());
      Node* call = graph.CreateNode(OpKind::kCallFunction, kWithEffects, std::move(args), n->kwargs());
      call->CopyMetaFrom(*n);
      call->mutable_meta().val.reset();
      token = graph.CallFunction(kGetItem, {Argument::Ref(call), Argument::Int(0)});
      if (n->num_users() > 0) {
        Node* result = graph.CallFunction(kGetItem, {Argument::Ref(call), Argument::Int(1)});
        result->CopyMetaFrom(*n);
        n->ReplaceAllUsesWith(result);
      }
      RETURN_IF_ERROR(graph.EraseNode(n));
      ++report.effectful_calls;
    }
    if (token != nullptr) output_tokens.push_back(Argument::Ref(token));
  }
  if (output_tokens.empty()) return report;
  report.output_tokens = static_cast<int64_t>(output_tokens.size());
  const Argument& result = output->args()[0];
  std::vector<Argument> outputs = std::move(output_tokens);
  if (result.kind() == ArgKind::kTuple || result.kind() == ArgKind::kList) {
    outputs.insert(outputs.end(), result.elements().begin(), result.elements().end());
  } else {
    outputs.push_back(result);
  }
  output->SetArg(0, Argument::Tuple(std::move(outputs)));
  return report;
}

absl::StatusOr<EffectTokenReport> UnliftEffectTokens(GraphModule& module, int64_t expected_tokens) {
  ASSIGN_OR_RETURN(Graph * root, RootGraph("UnliftEffectTokens", module));
  Graph& graph = *root;
  Node* output = graph.output_node();
  if (output == nullptr) return absl::InvalidArgumentError("the graph has no output node");
  EffectTokenReport report;
  absl::flat_hash_set<Node*> token_inputs;
  absl::flat_hash_set<const Node*> with_effects;
  for (Node* n : graph.NodeVector()) {
    if (!IsWithEffects(*n)) continue;
    with_effects.insert(n);
    if (n->args().empty() || !n->args()[0].is_node() ||
        n->args()[0].node()->op() != OpKind::kPlaceholder) {
      continue;
    }
    token_inputs.insert(n->args()[0].node());
    Graph::ScopedInsertPoint at = graph.InsertingBefore(n);
    n->SetArg(0, Argument::Ref(graph.CallFunction(kMakeToken)));
  }
  std::vector<Argument> tokens, others;
  const Argument& result = output->args()[0];
  const std::vector<Argument> outs =
      result.kind() == ArgKind::kTuple || result.kind() == ArgKind::kList
          ? result.elements()
          : std::vector<Argument>{result};
  for (const Argument& out : outs) {
    const bool token = out.is_node() && IsGetItem(*out.node()) && out.node()->args()[1].int_value() == 0 && out.node()->args()[0].is_node() &&
                       with_effects.contains(out.node()->args()[0].node());
    (token ? tokens : others).push_back(out);
  }
  report.input_tokens = static_cast<int64_t>(token_inputs.size());
  report.output_tokens = static_cast<int64_t>(tokens.size());
  if (expected_tokens >= 0 &&
      (report.input_tokens != expected_tokens || report.output_tokens != expected_tokens)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "expected ", expected_tokens, " effect tokens, found ", report.input_tokens,
        " token inputs and ", report.output_tokens, " token outputs"));
  }
  if (!tokens.empty()) {
    Graph::ScopedInsertPoint at = graph.InsertingBefore(output);
    graph.CallFunction(kSinkTokens, {Argument::List(std::move(tokens))});
    output->SetArg(0, Argument::List(std::move(others)));
  }
  for (Node* n : graph.NodeVector()) {
    if (token_inputs.contains(n)) RETURN_IF_ERROR(graph.EraseNode(n));
  }
  return report;
}

}  // namespace fxpp
