#include "passes/functional_checks/functional_checks.h"

#include <memory>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

constexpr absl::string_view kCopyInPlace = "torch.ops.aten.copy_.default";
constexpr absl::string_view kWithEffects = "torch.ops.higher_order.with_effects";
constexpr absl::string_view kMakeToken = "torch.ops.prims._make_token.default";
constexpr absl::string_view kSinkTokens = "torch.ops.prims._sink_tokens.default";

// The writes assert_functional_graph allows, into graph inputs only.
bool IsAllowedInputWrite(absl::string_view target) {
  return target == kCopyInPlace || target == "torch.ops.aten.set_.source_Tensor" ||
         target == "torch.ops.fsdp.copy_.default";
}

bool IsWithEffects(const Node& n) {
  return n.op() == OpKind::kCallFunction && n.target() == kWithEffects;
}

// A JSON string literal (protobuf's JSON mapping does the escaping).
std::string JsonString(absl::string_view text) {
  google::protobuf::Value value;
  value.set_string_value(std::string(text));
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(value, &json);  // cannot fail for a string
  return json;
}

// {"key": ["path", "type"], ...}, in json.dumps' spacing.
std::string ModuleStackJson(const std::vector<ModuleStackEntry>& stack) {
  std::string out = "{";
  for (size_t i = 0; i < stack.size(); ++i) {
    absl::StrAppend(&out, i > 0 ? ", " : "", JsonString(stack[i].key.str()), ": [",
                    JsonString(stack[i].path.str()), ", ", JsonString(stack[i].type.str()), "]");
  }
  return out + "}";
}

// [["name", "target"], ...]
std::string SourceFnJson(const std::vector<SourceFnEntry>& stack) {
  std::string out = "[";
  for (size_t i = 0; i < stack.size(); ++i) {
    absl::StrAppend(&out, i > 0 ? ", " : "", "[", JsonString(stack[i].name.str()), ", ",
                    JsonString(stack[i].target.str()), "]");
  }
  return out + "]";
}

std::vector<Node*> Placeholders(const Graph& graph) {
  std::vector<Node*> out;
  for (Node* n : graph.nodes()) {
    if (n->op() == OpKind::kPlaceholder) out.push_back(n);
  }
  return out;
}

}  // namespace

absl::StatusOr<int64_t> AssertFunctionalGraph(const Graph& graph, const SchemaTable* schemas) {
  const SchemaTable& table = schemas != nullptr ? *schemas : SchemaTable::Default();
  int64_t copies = 0;
  for (Node* n : graph.nodes()) {
    if (n->op() != OpKind::kCallFunction && n->op() != OpKind::kCallMethod) continue;
    if (n->op() == OpKind::kCallFunction && IsAllowedInputWrite(n->target())) {
      const Node* written = !n->args().empty() && n->args()[0].is_node() ? n->args()[0].node() : nullptr;
      if (written == nullptr || written->op() != OpKind::kPlaceholder) {
        return absl::FailedPreconditionError(absl::StrCat(
            "node '", n->name(), "' (", n->target(), ") writes '",
            written == nullptr ? "?" : written->name(), "', which is not a graph input"));
      }
      ++copies;
      continue;
    }
    const OpSchema* schema =
        n->op() == OpKind::kCallFunction ? table.Find(n->target()) : nullptr;
    if ((schema != nullptr && schema->is_mutable()) || !MutatedArgPositions(*n).empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("expected an entirely functional graph, but node '", n->name(), "' (",
                       n->target(), ") writes its arguments"));
    }
  }
  return copies;
}

absl::StatusOr<int64_t> PropagateInputMutationStackTraces(Graph& graph) {
  absl::flat_hash_set<const Node*> copied;
  int64_t traced = 0;
  for (Node* n : graph.nodes()) {
    if (n->op() != OpKind::kCallFunction || n->target() != kCopyInPlace || n->args().size() < 2) {
      continue;
    }
    const Node* input = n->args()[0].is_node() ? n->args()[0].node() : nullptr;
    if (input == nullptr || input->op() != OpKind::kPlaceholder) {
      return absl::FailedPreconditionError(absl::StrCat(
          "copy_ '", n->name(), "' writes '", input == nullptr ? "?" : input->name(),
          "', which is not a graph input"));
    }
    if (!copied.insert(input).second) {
      return absl::FailedPreconditionError(absl::StrCat(
          "input '", input->name(), "' is copied into more than once (again by '", n->name(), "')"));
    }
    const Node* source = n->args()[1].is_node() ? n->args()[1].node() : nullptr;
    if (source != nullptr && !source->meta().stack_trace.empty()) {
      n->mutable_meta().stack_trace = source->meta().stack_trace;
      ++traced;
    }
  }
  return traced;
}

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

JointMetadataReport CopyForwardMetadataToBackward(Graph& graph) {
  JointMetadataReport report;
  absl::flat_hash_map<int64_t, const Node*> forward_by_seq_nr;
  for (Node* n : graph.nodes()) {
    const NodeMeta& meta = n->meta();
    // The first forward node of a seq_nr made the autograd node; later ones did not.
    if (!meta.nn_module_stack.empty() && meta.seq_nr.has_value()) {
      forward_by_seq_nr.emplace(*meta.seq_nr, n);
    }
  }
  report.forward_nodes = static_cast<int64_t>(forward_by_seq_nr.size());
  for (Node* n : graph.nodes()) {
    const NodeMeta& meta = n->meta();
    if (!meta.nn_module_stack.empty() || !meta.seq_nr.has_value()) continue;
    auto it = forward_by_seq_nr.find(*meta.seq_nr);
    if (it == forward_by_seq_nr.end()) continue;
    const NodeMeta& forward = it->second->meta();
    NodeMeta& backward = n->mutable_meta();
    backward.SetExtra("fwd_nn_module_stack", ModuleStackJson(forward.nn_module_stack));
    if (!forward.source_fn_stack.empty()) {
      backward.SetExtra("fwd_source_fn_stack", SourceFnJson(forward.source_fn_stack));
    }
    if (backward.stack_trace.empty()) backward.stack_trace = forward.stack_trace;
    ++report.backward_nodes;
  }
  return report;
}

const PassDescriptor& AssertFunctionalGraphPass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<NoPassOptions>(
      "assert_functional_graph",
      "Fails unless no mutation remains but copy_/set_ into inputs (changes nothing)", {},
      [](NoPassOptions) { return std::make_unique<AssertFunctionalGraphPass>(); });
  return *descriptor;
}

PassReport AssertFunctionalGraphPass::Report() const {
  return {{{"copies_into_inputs", copy_count_, "copy_/set_ into graph inputs (allowed)"}}};
}

absl::StatusOr<bool> AssertFunctionalGraphPass::Run(GraphModule& module) {
  copy_count_ = 0;
  ASSIGN_OR_RETURN(Graph * graph, RootGraph(name(), module));
  ASSIGN_OR_RETURN(copy_count_, AssertFunctionalGraph(*graph));
  return false;
}

}  // namespace fxpp
