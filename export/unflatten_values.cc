#include "export/unflatten_values.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "export/module_tree.h"
#include "export/unflatten_mutations.h"

namespace fxpp {
namespace unflatten_internal {

absl::StatusOr<Node*> IntermediateValues::Read(const std::string& fqn, Graph& graph,
                                               const Node& value) {
  auto it = storage_.find(value.name());
  if (it == storage_.end()) {
    const NodeMeta& meta = value.meta();
    if (!meta.val.has_value() || meta.val->kind() != ValueMeta::Kind::kTensor) {
      return absl::InvalidArgumentError(absl::StrCat(
          "value '", value.name(), "' crosses a preserved module signature but has no tensor "
          "metadata to allocate its attribute from"));
    }
    it = storage_.emplace(std::string(value.name()), meta.val->tensor()).first;
    order_.push_back(it->first);
  }
  AddFqn(it->first, fqn);
  auto at_start = graph.InsertingBefore(nullptr);
  Node* read = graph.CreateNode(OpKind::kGetAttr, AttributeName(value.name()), {}, {}, {},
                                value.type_annotation());
  read->CopyMetaFrom(value);
  return read;
}

absl::Status IntermediateValues::Create(const std::vector<std::vector<CallEntry>>& partitions,
                                       ModuleObject* root, const std::vector<Node*>& root_values) {
  if (storage_.empty()) return absl::OkStatus();
  std::vector<std::pair<std::string, ModuleObject*>> entries = {{"", root}};
  for (Node* node : root_values) Update("", *root->graph, node);
  for (const std::vector<CallEntry>& partition : partitions) {
    for (const CallEntry& entry : partition) {
      entries.emplace_back(entry.fqn, entry.module);
      Graph& graph = *entry.module->graph;
      for (Node* node : graph.NodeVector()) {
        if (storage_.contains(node->name())) Update(entry.fqn, graph, node);
      }
    }
  }
  absl::flat_hash_map<std::string, std::vector<std::string>> by_fqn;
  for (const std::string& name : order_) {
    for (const std::string& fqn : fqns_[name]) by_fqn[fqn].push_back(name);
  }
  for (const auto& [fqn, module] : entries) {
    for (const std::string& name : by_fqn[fqn]) {
      std::string attribute = AttributeName(name);
      if (module->HasState(attribute)) continue;
      module->state.push_back(StateEntry{attribute, StateKind::kConstant, storage_[name], true});
    }
  }
  return absl::OkStatus();
}

std::string IntermediateValues::AttributeName(absl::string_view value) {
  return absl::StrCat(kIntermediateValuePrefix, value);
}

void IntermediateValues::AddFqn(const std::string& name, absl::string_view fqn) {
  std::vector<std::string>& fqns = fqns_[name];
  if (std::find(fqns.begin(), fqns.end(), fqn) == fqns.end()) fqns.emplace_back(fqn);
}

void IntermediateValues::Update(absl::string_view fqn, Graph& graph, Node* node) {
  AddFqn(std::string(node->name()), fqn);
  Node* attribute;
  {
    auto after = graph.InsertingAfter(node);
    attribute = graph.CreateNode(OpKind::kGetAttr, AttributeName(node->name()), {}, {}, {},
                                 node->type_annotation());
    attribute->CopyMetaFrom(*node);
  }
  auto after = graph.InsertingAfter(attribute);
  Node* copy = graph.CallFunction(kCopy, {Argument::Ref(attribute), Argument::Ref(node)});
  copy->CopyMetaFrom(*node);
}

StateNames::StateNames(const ExportedProgram& program) {
  absl::flat_hash_map<absl::string_view, absl::string_view> alias_of;
  for (const StateAlias& alias : program.aliases) alias_of.emplace(alias.name, alias.alias_of);
  auto canonical = [&](absl::string_view name) {
    for (auto it = alias_of.find(name); it != alias_of.end(); it = alias_of.find(name)) {
      name = it->second;
    }
    return name;
  };
  auto add_name = [this](size_t group, absl::string_view name) {
    Names& names = groups_[group];
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  // Without aliases a tensor has one name, its target: then each state
  // placeholder has a group of its own, and no table of names is needed
  // (it would hold every parameter of the model).
  const bool aliased = !program.aliases.empty();
  absl::flat_hash_map<absl::string_view, size_t> group_of_tensor;
  const Graph& graph = program.graph_module->graph();
  group_of_.assign(graph.id_bound(), kNoGroup);
  // Validation matched input spec i to the graph's i-th placeholder.
  const std::vector<InputSpec>& specs = program.graph_signature.input_specs;
  size_t i = 0;
  for (const Node* node : graph.nodes()) {
    if (i == specs.size()) break;
    if (node->op() != OpKind::kPlaceholder) continue;
    const InputSpec& spec = specs[i++];
    if (spec.target.empty()) continue;
    size_t group = groups_.size();
    if (aliased) group = group_of_tensor.try_emplace(canonical(spec.target), group).first->second;
    if (group == groups_.size()) groups_.emplace_back();
    add_name(group, spec.target);
    group_of_[node->id()] = group;
  }
  if (!aliased) return;
  auto add_alias = [&](absl::string_view name) {
    auto it = group_of_tensor.find(canonical(name));
    if (it != group_of_tensor.end()) add_name(it->second, owned_.emplace_back(name));
  };
  for (const CustomObject& object : program.custom_objects) add_alias(object.name);
  std::string path;
  auto visit = [&](absl::string_view name, const StateEntry&) { add_alias(name); };
  ForEachStateEntry(*program.state, path, visit);
}

}  // namespace unflatten_internal
}  // namespace fxpp
