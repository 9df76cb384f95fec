#include "passes/partition_joint/partition_joint.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

bool NameHas(const Node& n, absl::string_view part) {
  return n.op() == OpKind::kPlaceholder && absl::StrContains(n.target(), part);
}
bool IsTangent(const Node& n) { return NameHas(n, "tangents"); }
bool IsFwdSeed(const Node& n) { return NameHas(n, "fwd_seed") || NameHas(n, "fwd_base_offset"); }
bool IsBwdSeed(const Node& n) { return NameHas(n, "bwd_seed") || NameHas(n, "bwd_base_offset"); }
bool IsPrimal(const Node& n) {
  return n.op() == OpKind::kPlaceholder && !IsTangent(n) && !IsFwdSeed(n) && !IsBwdSeed(n);
}

bool MustBeInBackward(const Node& n) {
  const std::string* tag = n.meta().FindExtra("partitioner_tag");
  if (tag == nullptr) return false;
  return *tag == "\"must_be_in_backward\"" ||
         (*tag == "\"is_backward\"" && n.target() == "torch.ops.higher_order.with_effects");
}

bool IsSymNode(const Node& n) {
  if (!n.meta().val.has_value()) return false;
  const ValueMeta::Kind kind = n.meta().val->kind();
  return kind == ValueMeta::Kind::kSymInt || kind == ValueMeta::Kind::kSymFloat ||
         kind == ValueMeta::Kind::kSymBool;
}

bool IsTensor(const Node& n) {
  return n.meta().val.has_value() && n.meta().val->kind() == ValueMeta::Kind::kTensor;
}

// A call returning a tuple: recorded as one, or (without meta) read only
// through getitem.
bool IsTupleValued(const Node& n) {
  if (n.op() != OpKind::kCallFunction) return false;
  if (n.meta().val.has_value()) {
    const ValueMeta::Kind kind = n.meta().val->kind();
    return kind == ValueMeta::Kind::kTuple || kind == ValueMeta::Kind::kList;
  }
  if (n.num_users() == 0) return false;
  for (Node* user : n.users()) {
    if (!IsGetItem(*user)) return false;
  }
  return true;
}

// pytree leaves of the output value (None is a leaf).
void Leaves(const Argument& a, std::vector<Argument>* out) {
  if (a.kind() == ArgKind::kTuple || a.kind() == ArgKind::kList) {
    for (const Argument& e : a.elements()) Leaves(e, out);
    return;
  }
  out->push_back(a);
}

// _extract_graph_with_inputs_outputs: the graph computing `outputs` from
// `inputs` (which may be any nodes), copying every node whose arguments it
// can compute, then removing dead code. `copies[id]`, when given, receives
// each joint node's surviving copy.
absl::StatusOr<std::unique_ptr<Graph>> Extract(const Graph& joint, const std::vector<Node*>& inputs,
                                               const std::vector<Argument>& outputs, bool forward,
                                               std::vector<Node*>* copies) {
  auto graph = std::make_unique<Graph>();
  std::vector<Node*> env(joint.id_bound(), nullptr);
  std::vector<char> invalid(joint.id_bound(), 0);
  for (Node* input : inputs) {
    Node* p = graph->Placeholder(input->name());
    p->CopyMetaFrom(*input);
    env[input->id()] = p;
  }
  for (Node* n : joint.nodes()) {
    if (env[n->id()] != nullptr || n->op() == OpKind::kOutput) continue;
    if ((forward && MustBeInBackward(*n)) || n->op() == OpKind::kPlaceholder) {
      invalid[n->id()] = 1;
      continue;
    }
    bool computable = true;
    n->ForEachInput([&](Node* input) { computable &= !invalid[input->id()]; });
    if (!computable) {
      invalid[n->id()] = 1;
      continue;
    }
    env[n->id()] = graph->NodeCopy(*n, [&](Node* ref) { return Argument::Ref(env[ref->id()]); });
  }
  std::vector<Argument> results;
  for (const Argument& out : outputs) {
    if (!out.is_node()) {
      results.push_back(out);
      continue;
    }
    Node* copy = env[out.node()->id()];
    if (copy == nullptr) {
      return absl::FailedPreconditionError(absl::StrCat(
          forward ? "forward" : "backward", " output '", out.node()->name(), "' cannot be computed from the ",
          forward ? "forward inputs (it depends on a tangent or a backward-only node)"
                  : "saved values and tangents"));
    }
    results.push_back(Argument::Ref(copy));
  }
  graph->Output(Argument::Tuple(std::move(results)));
  graph->EliminateDeadCode();
  if (copies != nullptr) {
    copies->assign(joint.id_bound(), nullptr);
    for (Node* n : joint.nodes()) {
      Node* copy = env[n->id()];
      if (copy != nullptr && !copy->is_erased()) (*copies)[n->id()] = copy;
    }
  }
  RETURN_IF_ERROR(VerifyGraph(*graph));
  return graph;
}

void AppendUnique(Node* n, absl::flat_hash_set<Node*>* seen, std::vector<Node*>* out) {
  if (seen->insert(n).second) out->push_back(n);
}

std::vector<Argument> Refs(const std::vector<Node*>& nodes) {
  std::vector<Argument> out;
  for (Node* n : nodes) out.push_back(Argument::Ref(n));
  return out;
}

}  // namespace

std::string JointPartition::ToText() const {
  return absl::StrCat("saved values: ", saved_values.empty() ? "none" : absl::StrJoin(saved_values, ", "),
                      "\nsaved symbols: ", saved_symbols.empty() ? "none" : absl::StrJoin(saved_symbols, ", "),
                      "\n");
}

namespace {

// The joint graph's placeholders by role.
struct JointInputs {
  std::vector<Node*> primals, tangents, fwd_seeds, bwd_seeds;
};

absl::StatusOr<JointInputs> ClassifyInputs(const Graph& graph) {
  JointInputs inputs;
  for (Node* n : graph.nodes()) {
    if (n->meta().FindExtra("recompute") != nullptr) {
      return absl::UnimplementedError(absl::StrCat(
          "node '", n->name(), "' asks to be recomputed (activation checkpointing); that needs the "
          "min-cut partitioner, which fxpp does not have"));
    }
    if (n->op() != OpKind::kPlaceholder) continue;
    if (IsTangent(*n)) inputs.tangents.push_back(n);
    if (IsFwdSeed(*n)) inputs.fwd_seeds.push_back(n);
    if (IsBwdSeed(*n)) inputs.bwd_seeds.push_back(n);
    if (IsPrimal(*n)) inputs.primals.push_back(n);
  }
  return inputs;
}

// What the forward saves for the backward, in graph order.
struct SavedNodes {
  std::vector<Node*> values, symbols;
};

// Candidates to save: every forward value the backward may read (a
// tuple's elements instead of the tuple; of a tensor the backward only
// measures, its sizes).
absl::StatusOr<SavedNodes> SaveCandidates(const Graph& graph, const std::vector<Node*>& in_forward) {
  const auto is_forward = [&](const Node* n) { return in_forward[n->id()] != nullptr; };
  absl::flat_hash_set<Node*> seen_values, seen_symbols;
  SavedNodes saved;
  for (Node* n : graph.nodes()) {
    if (!is_forward(n)) continue;
    if (IsSymNode(*n)) {
      AppendUnique(n, &seen_symbols, &saved.symbols);
    } else if (IsTupleValued(*n)) {
      // Tuples cannot be saved: save their elements.
      for (Node* user : n->users()) {
        if (!IsGetItem(*user)) {
          return absl::UnimplementedError(absl::StrCat("tuple-valued node '", n->name(), "' is used by '",
                                                       user->name(), "', which is not a getitem"));
        }
        AppendUnique(user, &seen_values, &saved.values);
      }
    } else {
      std::vector<Node*> backward_uses;
      for (Node* user : n->users()) {
        if (!is_forward(user)) backward_uses.push_back(user);
      }
      const bool sizes_only = IsTensor(*n) && std::all_of(backward_uses.begin(), backward_uses.end(),
                                                          [](const Node* u) { return IsSymNode(*u); });
      if (sizes_only) {
        for (Node* use : backward_uses) AppendUnique(use, &seen_symbols, &saved.symbols);
      } else {
        AppendUnique(n, &seen_values, &saved.values);
      }
    }
  }
  return saved;
}

// The backward's inputs: saved symbols, saved values, tangents, seeds.
std::vector<Node*> BackwardInputs(const SavedNodes& saved, const JointInputs& joint_inputs) {
  std::vector<Node*> inputs = saved.symbols;
  inputs.insert(inputs.end(), saved.values.begin(), saved.values.end());
  inputs.insert(inputs.end(), joint_inputs.tangents.begin(), joint_inputs.tangents.end());
  inputs.insert(inputs.end(), joint_inputs.bwd_seeds.begin(), joint_inputs.bwd_seeds.end());
  return inputs;
}

// Keeps only the saved nodes the backward reads.
absl::Status DropUnread(const Graph& graph, const JointInputs& joint_inputs,
                        const std::vector<Argument>& bwd_outputs, SavedNodes* saved) {
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> trial,
                   Extract(graph, BackwardInputs(*saved, joint_inputs), bwd_outputs,
                           /*forward=*/false, nullptr));
  absl::flat_hash_set<std::string> unused;
  for (Node* n : trial->nodes()) {
    if (n->op() == OpKind::kPlaceholder && n->num_users() == 0) unused.insert(std::string(n->name()));
  }
  const auto drop_unused = [&](std::vector<Node*>* nodes) {
    nodes->erase(std::remove_if(nodes->begin(), nodes->end(),
                                [&](Node* n) { return unused.contains(n->name()); }),
                 nodes->end());
  };
  drop_unused(&saved->values);
  drop_unused(&saved->symbols);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<JointPartition> PartitionJointGraph(const GraphModule& joint, int64_t num_fwd_outputs) {
  if (!joint.has_graph()) return absl::InvalidArgumentError("the module has no graph");
  const Graph& graph = joint.graph();
  RETURN_IF_ERROR(VerifyGraph(graph));
  ASSIGN_OR_RETURN(const JointInputs inputs, ClassifyInputs(graph));
  std::vector<Argument> outputs;
  Leaves(graph.output_node()->args()[0], &outputs);
  if (num_fwd_outputs < 0 || num_fwd_outputs > static_cast<int64_t>(outputs.size())) {
    return absl::InvalidArgumentError(absl::StrCat("num_fwd_outputs is ", num_fwd_outputs,
                                                   " but the joint graph has ", outputs.size(), " outputs"));
  }
  const std::vector<Argument> fwd_outputs(outputs.begin(), outputs.begin() + num_fwd_outputs);
  const std::vector<Argument> bwd_outputs(outputs.begin() + num_fwd_outputs, outputs.end());
  std::vector<Node*> forward_inputs = inputs.primals;
  forward_inputs.insert(forward_inputs.end(), inputs.fwd_seeds.begin(), inputs.fwd_seeds.end());

  // Which joint nodes the forward computes.
  std::vector<Node*> in_forward;
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> forward_only,
                   Extract(graph, forward_inputs, fwd_outputs, /*forward=*/true, &in_forward));
  ASSIGN_OR_RETURN(SavedNodes saved, SaveCandidates(graph, in_forward));
  RETURN_IF_ERROR(DropUnread(graph, inputs, bwd_outputs, &saved));

  std::vector<Argument> forward_results = fwd_outputs;
  for (Argument& a : Refs(saved.values)) forward_results.push_back(std::move(a));
  for (Argument& a : Refs(saved.symbols)) forward_results.push_back(std::move(a));
  JointPartition result;
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> forward,
                   Extract(graph, forward_inputs, forward_results, /*forward=*/true, nullptr));
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> backward,
                   Extract(graph, BackwardInputs(saved, inputs), bwd_outputs, /*forward=*/false,
                           nullptr));
  result.forward = joint.Clone();
  result.forward->set_graph(std::move(forward));
  result.backward = joint.Clone();
  result.backward->set_graph(std::move(backward));
  for (Node* n : saved.values) result.saved_values.emplace_back(n->name());
  for (Node* n : saved.symbols) result.saved_symbols.emplace_back(n->name());
  return result;
}

}  // namespace fxpp
