// Outliner: starting and finishing module calls (see unflatten_outliner.h).
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "export/module_tree.h"
#include "export/unflatten_outliner.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace unflatten_internal {
absl::Status Outliner::StartCall(Frame& parent, const std::vector<StackEntry>& stack,
                                 size_t depth, Frame& frame) {
  const StackEntry& entry = stack[depth];
  frame.parent = &parent;
  // Sized once for a typical call rather than grown from empty.
  frame.copied.reserve(ModulePool::kTypicalModuleNodes);
  frame.node_map.reserve(ModulePool::kTypicalModuleNodes);
  frame.stack.assign(stack.begin(), stack.begin() + depth + 1);
  frame.fqn = std::string(entry.path.str());
  frame.child_fqn = CallName(frame.fqn, entry.call + 1);
  auto created = created_modules_.find(frame.fqn);
  frame.module = created != created_modules_.end()
                     ? created->second
                     : pool_.New(kInterpreterModuleClass, /*with_graph=*/true);
  frame.graph = frame.module->graph.get();
  ASSIGN_OR_RETURN(std::string accessor, ComputeAccessor(parent.fqn, frame.child_fqn));
  // Calls of one key share their submodules (a shared module): a call under
  // a name another call's module already has there replaces it, which is
  // right only if the two calls trace to the same graph (CheckReplacedCalls).
  ModuleObject* installed = FindModule(parent.module, accessor);
  if (installed != nullptr && installed != frame.module && installed->graph != nullptr &&
      !installed->graph->empty()) {
    replaced_calls_.push_back(ReplacedCall{installed, frame.module, frame.child_fqn});
  }
  AddSubmodule(parent.module, accessor, frame.module, [&](absl::string_view prefix) {
    std::string path = JoinPath(parent.fqn, prefix);
    auto [it, inserted] = created_modules_.emplace(path, nullptr);
    if (inserted) it->second = pool_.New(kInterpreterModuleClass, /*with_graph=*/true);
    return it->second;
  });
  frame.parent_call = parent.graph->CallModule(accessor);
  auto [partition, inserted] = partition_index_.emplace(entry.module_id, partitions_.size());
  if (inserted) partitions_.emplace_back();
  std::vector<CallEntry>& calls = partitions_[partition->second];
  if (!calls.empty()) frame.module->children = calls[0].module->children;
  calls.push_back(CallEntry{parent.stack.back().path.str(), parent.module, frame.parent_call,
                            entry.path.str(), entry.call + 1, frame.module});
  if (!calls_have_signatures_) return absl::OkStatus();
  frame.preserved = signatures_.contains(frame.fqn);
  auto signature = signatures_.find(frame.child_fqn);
  if (signature != signatures_.end()) {
    frame.call_signature = signature->second;
    RETURN_IF_ERROR(StartPreservedCall(frame));
  }
  return absl::OkStatus();
}

absl::Status Outliner::StartPreservedCall(Frame& frame) {
  const ModuleCallSignature& sig = *frame.call_signature;
  const TreeSpec& in_spec = sig.in_spec;
  if (in_spec.children.size() != 2 || in_spec.children[0].is_leaf() ||
      in_spec.children[1].is_leaf()) {
    return absl::InvalidArgumentError(
        absl::StrCat("module call '", frame.child_fqn, "': in_spec ", in_spec.ToString(),
                     " is not an (args, kwargs) pair"));
  }
  const TreeSpec& args_spec = in_spec.children[0];
  ASSIGN_OR_RETURN(std::vector<std::string> kwarg_names, TreeSpecDictKeys(in_spec.children[1]));
  AddPreservedPlaceholders(frame, args_spec.children.size(), kwarg_names);
  return PassPreservedArguments(frame, args_spec.children.size(), kwarg_names);
}

void Outliner::AddPreservedPlaceholders(Frame& frame, size_t num_args,
                                        const std::vector<std::string>& kwarg_names) {
  const ModuleCallSignature& sig = *frame.call_signature;
  const TreeSpec& in_spec = sig.in_spec;
  Graph& graph = *frame.graph;
  auto at_end = graph.InsertingAfter(nullptr);
  std::vector<Argument> arg_placeholders;
  for (size_t i = 0; i < num_args; ++i) {
    arg_placeholders.push_back(
        Argument::Ref(graph.Placeholder(absl::StrCat("_positional_arg_", i))));
  }
  std::vector<std::pair<Argument, Argument>> kwarg_placeholders;
  for (const std::string& name : kwarg_names) {
    kwarg_placeholders.emplace_back(Argument::String(name),
                                    Argument::Ref(graph.Placeholder(name)));
  }
  Node* flat_args = FlattenSpec(frame.module, graph,
                                Argument::Tuple({Argument::Tuple(std::move(arg_placeholders)),
                                                 Argument::Dict(std::move(kwarg_placeholders))}),
                                in_spec);
  for (size_t i = 0; i < sig.inputs.size(); ++i) {
    const ArgumentSpec& input = sig.inputs[i];
    const bool constant = input.kind == ArgumentSpec::Kind::kConstant;
    Node* item = graph.CreateNode(
        OpKind::kCallFunction, kGetItem,
        {Argument::Ref(flat_args), Argument::Int(static_cast<int64_t>(i))}, {},
        constant ? absl::StrCat("_constant_", i) : input.name);
    if (constant) continue;
    if (const Node* seen = Seen(input.name)) {
      item->CopyMetaFrom(*seen);
      frame.placeholders[seen] = item;
    }
  }
}

absl::Status Outliner::PassPreservedArguments(Frame& frame, size_t num_args,
                                              const std::vector<std::string>& kwarg_names) {
  const ModuleCallSignature& sig = *frame.call_signature;
  const TreeSpec& in_spec = sig.in_spec;
  Frame& parent = *frame.parent;
  auto before_call = parent.graph->InsertingBefore(frame.parent_call);
  std::vector<Argument> inputs;
  for (const ArgumentSpec& input : sig.inputs) {
    if (input.kind == ArgumentSpec::Kind::kConstant) {
      inputs.push_back(input.value);
    } else if (const Node* seen = Seen(input.name)) {
      if (input.kind == ArgumentSpec::Kind::kCustomObj || input.kind == ArgumentSpec::Kind::kToken) {
        return absl::InvalidArgumentError(absl::StrCat(
            "module call '", frame.child_fqn, "': input '", input.name,
            "' must be a tensor or a symbolic value"));
      }
      ASSIGN_OR_RETURN(Node* outer, RemapInput(parent, seen));
      inputs.push_back(Argument::Ref(outer));
    } else {
      inputs.push_back(Argument::None());
    }
  }
  Node* tree = Unflatten(parent.module, *parent.graph, Argument::List(std::move(inputs)), in_spec);
  Node* args = parent.graph->CallFunction(kGetItem, {Argument::Ref(tree), Argument::Int(0)});
  Node* kwargs = parent.graph->CallFunction(kGetItem, {Argument::Ref(tree), Argument::Int(1)});
  for (size_t i = 0; i < num_args; ++i) {
    frame.call_args.push_back(Argument::Ref(parent.graph->CallFunction(
        kGetItem, {Argument::Ref(args), Argument::Int(static_cast<int64_t>(i))})));
  }
  for (const std::string& name : kwarg_names) {
    frame.call_kwargs.push_back(KwArg{
        Symbol::Intern(name),
        Argument::Ref(parent.graph->CallFunction(kGetItem, {Argument::Ref(kwargs),
                                                            Argument::String(name)}))});
  }
  return absl::OkStatus();
}

Node* Outliner::FlattenSpec(ModuleObject* module, Graph& graph, Argument tree,
                            const TreeSpec& spec) {
  Node* spec_node = graph.GetAttr(AddSpec(module, spec));
  return graph.CallFunction(kTreeFlattenSpec, {std::move(tree), Argument::Ref(spec_node)});
}

Node* Outliner::Unflatten(ModuleObject* module, Graph& graph, Argument leaves,
                          const TreeSpec& spec) {
  Node* spec_node = graph.GetAttr(AddSpec(module, spec));
  return graph.CallFunction(kTreeUnflatten, {std::move(leaves), Argument::Ref(spec_node)});
}

absl::Status Outliner::FinishCall(Frame& frame) {
  created_modules_.erase(frame.fqn);
  PlaceStateReads(frame);
  CallResults results;
  if (frame.call_signature != nullptr) {
    ASSIGN_OR_RETURN(results, PreservedResults(frame));
  } else {
    results = UsedResults(frame);
  }
  frame.graph->Output(std::move(results.returned));
  SetCallArguments(frame);
  MapResults(frame, results);
  return absl::OkStatus();
}

absl::StatusOr<Outliner::CallResults> Outliner::PreservedResults(Frame& frame) {
  Frame& parent = *frame.parent;
  CallResults results;
  const ModuleCallSignature& sig = *frame.call_signature;
  std::vector<Argument> leaves;
  for (const ArgumentSpec& output : sig.outputs) {
    if (!output.names_node() || output.kind == ArgumentSpec::Kind::kCustomObj ||
        output.kind == ArgumentSpec::Kind::kToken) {
      return absl::InvalidArgumentError(
          absl::StrCat("module call '", frame.child_fqn,
                       "': its preserved signature returns a value that is not a tensor or "
                       "a symbolic value"));
    }
    const Node* seen = Seen(output.name);
    results.flat.push_back(seen);
    if (seen == nullptr) {
      leaves.push_back(Argument::None());
      continue;
    }
    Node* local = nullptr;
    if (auto it = frame.node_map.find(seen); it != frame.node_map.end()) {
      local = it->second;
    } else if (auto p = frame.placeholders.find(seen); p != frame.placeholders.end()) {
      local = p->second;
    } else {
      return absl::InvalidArgumentError(absl::StrCat("module call '", frame.child_fqn,
                                                     "': cannot find its output '",
                                                     output.name, "'"));
    }
    leaves.push_back(Argument::Ref(local));
  }
  Node* tree = Unflatten(frame.module, *frame.graph, Argument::Tuple(std::move(leaves)),
                         sig.out_spec);
  results.parent_out = FlattenSpec(parent.module, *parent.graph,
                                   Argument::Ref(frame.parent_call), sig.out_spec);
  results.returned = Argument::Ref(tree);
  results.returned_nodes.push_back(tree);
  return results;
}

Outliner::CallResults Outliner::UsedResults(Frame& frame) {
  CallResults results;
  std::vector<Argument> values;
  for (const auto& [flat, local] : frame.copied) {
    for (const Node* user : flat->users()) {
      if (!seen_[user->id()]) {
        results.flat.push_back(flat);
        values.push_back(Argument::Ref(local));
        results.returned_nodes.push_back(local);
        break;
      }
    }
  }
  results.parent_out = frame.parent_call;
  results.returned = values.size() == 1 ? values[0] : Argument::List(std::move(values));
  return results;
}

void Outliner::SetCallArguments(Frame& frame) {
  std::vector<Argument> args;
  args.reserve(frame.prepended.size() + frame.call_args.size());
  args.insert(args.end(), frame.prepended.rbegin(), frame.prepended.rend());
  for (Argument& a : frame.call_args) args.push_back(std::move(a));
  frame.parent_call->SetArgsKwargs(std::move(args), std::move(frame.call_kwargs));
}

void Outliner::MapResults(Frame& frame, const CallResults& results) {
  Frame& parent = *frame.parent;
  Node* parent_out = results.parent_out;
  const absl::InlinedVector<const Node*, 4>& outputs = results.flat;
  const absl::InlinedVector<Node*, 4>& returned_nodes = results.returned_nodes;
  auto value_of = [](const Node* n) {
    return n->meta().val.has_value() ? *n->meta().val : ValueMeta();
  };
  NodeMeta& out_meta = parent_out->mutable_meta();
  if (returned_nodes.size() == 1 && frame.call_signature == nullptr) {
    out_meta.val = value_of(returned_nodes[0]);
  } else if (frame.call_signature != nullptr) {
    out_meta.val = value_of(returned_nodes[0]);
  } else {
    std::vector<ValueMeta> values;
    for (const Node* n : returned_nodes) values.push_back(value_of(n));
    out_meta.val = ValueMeta::List(std::move(values));
  }
  if (outputs.size() == 1 && frame.call_signature == nullptr) {
    parent.Map(outputs[0], parent_out);
    return;
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i] == nullptr) continue;
    Node* item = parent.graph->CallFunction(
        kGetItem, {Argument::Ref(parent_out), Argument::Int(static_cast<int64_t>(i))});
    if (outputs[i]->meta().val.has_value()) item->mutable_meta().val = *outputs[i]->meta().val;
    parent.Map(outputs[i], item);
  }
}

}  // namespace unflatten_internal
}  // namespace fxpp
