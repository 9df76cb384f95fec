#include "testing/unflatten_computation.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "export/effect_tokens.h"
#include "export/module_tree.h"
#include "ir/status_macros.h"
#include "passes/functional_checks/canonical_form.h"
#include "passes/op_schema/op_schema.h"
#include "testing/same_computation.h"

namespace fxpp {
namespace {

// The module path of the module a path names, without the call modules of
// dispatchers (`sub.@0` is `sub`) and call suffixes (`n@1` is `n`): every
// call's graph reads the state of the one module.
std::string WithoutCalls(absl::string_view path) {
  std::string out;
  for (absl::string_view part : absl::StrSplit(path, '.', absl::SkipEmpty())) {
    if (IsCallModuleName(part)) continue;
    const size_t at = part.find('@');
    out = JoinPath(out, part.substr(0, at));
  }
  return out;
}

// The flat form being built, and the locations a program writes: buffers
// (and other state read with get_attr) and user inputs. A write through
// `aten.copy_` makes later readers read the written value; what is written
// last is returned beside the user outputs.
class FlatBuilder {
 public:
  explicit FlatBuilder(const ExportedProgram& program) : graph_(std::make_unique<Graph>()) {
    for (const StateAlias& alias : program.aliases) alias_of_[alias.name] = alias.alias_of;
  }

  Graph& graph() { return *graph_; }

  Node* Input(absl::string_view name) {
    Node* node = graph_->Placeholder(name);
    location_key_[node] = absl::StrCat("input ", inputs_++);
    return node;
  }

  // get_attr of the tensor at `path`, one node per tensor (aliases followed).
  // Intermediate values (`__ival__x`) are locations of the module tree
  // alone: written and read, never returned.
  Node* State(absl::string_view path) {
    std::string name(path);
    if (auto alias = alias_of_.find(name); alias != alias_of_.end()) name = alias->second;
    const bool intermediate = absl::StartsWith(SplitLast(name).second, kIntermediateValuePrefix);
    if (intermediate) name = std::string(SplitLast(name).second);
    auto [it, inserted] = state_nodes_.emplace(name, nullptr);
    if (inserted) {
      it->second = graph_->GetAttr(name);
      location_key_[it->second] = absl::StrCat(intermediate ? "intermediate " : "state ", name);
    }
    return it->second;
  }

  // What a reader sees of `value` now.
  Argument Read(const Argument& value) const {
    return value.MapNodes([&](Node* node) {
      auto key = location_key_.find(node);
      if (key == location_key_.end()) return Argument::Ref(node);
      auto written = written_.find(key->second);
      return written != written_.end() ? written->second : Argument::Ref(node);
    });
  }

  // Records `value` as written to `destination` when that is a location.
  bool Write(const Argument& destination, const Argument& value) {
    if (!destination.is_node()) return false;
    auto key = location_key_.find(destination.node());
    if (key == location_key_.end()) return false;
    written_[key->second] = Read(value);
    return true;
  }

  // Returns (user outputs, {location: last value written}).
  std::unique_ptr<Graph> Finish(const std::vector<Argument>& user_outputs) {
    std::vector<Argument> outputs;
    for (const Argument& output : user_outputs) outputs.push_back(Read(output));
    std::vector<std::pair<Argument, Argument>> writes;
    for (const auto& [key, value] : written_) {
      if (!absl::StartsWith(key, "intermediate "))
        writes.emplace_back(Argument::String(key), value);
    }
    graph_->Output(
        Argument::Tuple({Argument::Tuple(std::move(outputs)), Argument::Dict(std::move(writes))}));
    return std::move(graph_);
  }

 private:
  std::unique_ptr<Graph> graph_;
  absl::flat_hash_map<std::string, std::string> alias_of_;
  absl::flat_hash_map<std::string, Node*> state_nodes_;
  absl::flat_hash_map<const Node*, std::string> location_key_;
  std::map<std::string, Argument> written_;  // ordered: the output's order
  size_t inputs_ = 0;
};

bool IsCopyInto(const Node& node) {
  return node.op() == OpKind::kCallFunction && node.args().size() == 2 &&
         (node.target() == "torch.ops.aten.copy_" ||
          node.target() == "torch.ops.aten.copy_.default");
}

// A graph's user outputs: the elements of a returned tuple or list.
std::vector<Argument> ReturnedValues(const Argument& returned) {
  if (returned.kind() == ArgKind::kTuple || returned.kind() == ArgKind::kList) {
    return returned.elements();
  }
  return {returned};
}

// What get_attr of a module with a graph (a cond branch) reads: the graph
// itself, named by its canonical form, as the module's path differs between
// the program (the root) and the unflattened tree (the module that calls it).
std::string SubgraphKey(const GraphModule& subgraph) {
  return absl::StrCat("subgraph:\n", CanonicalForm(subgraph.graph()));
}

// ---- pytree nodes ---------------------------------------------------------

absl::Status UnknownSpec(const TreeSpec& spec) {
  return absl::UnimplementedError(
      absl::StrCat("the check cannot evaluate a pytree spec of type '", spec.type, "'"));
}

bool IsDictSpec(const TreeSpec& spec) {
  return spec.type == "builtins.dict" || spec.type == "collections.OrderedDict";
}

// tree_unflatten: the structure `spec` describes with leaves from `leaves`.
absl::StatusOr<Argument> BuildTree(const TreeSpec& spec, const std::vector<Argument>& leaves,
                                   size_t& next) {
  if (spec.is_leaf()) {
    if (next >= leaves.size()) return absl::InvalidArgumentError("tree_unflatten: too few leaves");
    return leaves[next++];
  }
  std::vector<Argument> children;
  for (const TreeSpec& child : spec.children) {
    ASSIGN_OR_RETURN(Argument built, BuildTree(child, leaves, next));
    children.push_back(std::move(built));
  }
  if (spec.type == "builtins.tuple") return Argument::Tuple(std::move(children));
  if (spec.type == "builtins.list") return Argument::List(std::move(children));
  if (!IsDictSpec(spec)) return UnknownSpec(spec);
  ASSIGN_OR_RETURN(std::vector<std::string> keys, TreeSpecDictKeys(spec));
  if (keys.size() != children.size())
    return absl::InvalidArgumentError("dict spec: keys and children differ");
  std::vector<std::pair<Argument, Argument>> entries;
  for (size_t i = 0; i < keys.size(); ++i) {
    entries.emplace_back(Argument::String(keys[i]), std::move(children[i]));
  }
  return Argument::Dict(std::move(entries));
}

// tree_flatten_spec: the leaves of `tree` in `spec`'s order.
absl::Status FlattenTree(const TreeSpec& spec, const Argument& tree,
                         std::vector<Argument>& leaves) {
  if (spec.is_leaf()) {
    leaves.push_back(tree);
    return absl::OkStatus();
  }
  if (IsDictSpec(spec)) {
    if (tree.kind() != ArgKind::kDict)
      return absl::InvalidArgumentError("tree_flatten_spec: not a dict");
    ASSIGN_OR_RETURN(std::vector<std::string> keys, TreeSpecDictKeys(spec));
    for (size_t i = 0; i < keys.size() && i < spec.children.size(); ++i) {
      const Argument* value = nullptr;
      for (size_t e = 0; e < tree.dict_size(); ++e) {
        const Argument& key = tree.dict_key(e);
        if (key.kind() == ArgKind::kString && key.text() == keys[i]) value = &tree.dict_value(e);
      }
      if (value == nullptr)
        return absl::InvalidArgumentError(
            absl::StrCat("tree_flatten_spec: no key '", keys[i], "'"));
      RETURN_IF_ERROR(FlattenTree(spec.children[i], *value, leaves));
    }
    return absl::OkStatus();
  }
  if (spec.type != "builtins.tuple" && spec.type != "builtins.list") return UnknownSpec(spec);
  if ((tree.kind() != ArgKind::kTuple && tree.kind() != ArgKind::kList) ||
      tree.elements().size() != spec.children.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("tree_flatten_spec: the value does not have the structure ", spec.ToString()));
  }
  for (size_t i = 0; i < spec.children.size(); ++i) {
    RETURN_IF_ERROR(FlattenTree(spec.children[i], tree.elements()[i], leaves));
  }
  return absl::OkStatus();
}

// ---- the program ----------------------------------------------------------

absl::StatusOr<Argument> ProgramAttribute(const ExportedProgram& program, FlatBuilder& flat,
                                          const Node& node) {
  const GraphModule* module = program.graph_module->FindSubmodule(node.target());
  if (module != nullptr && module->has_graph()) {
    return Argument::Ref(flat.graph().GetAttr(SubgraphKey(*module)));
  }
  return Argument::Ref(flat.State(node.target()));
}

// Returns the user outputs; writes the mutation outputs.
absl::StatusOr<std::vector<Argument>> ProgramOutputs(const ExportedProgram& program,
                                                     FlatBuilder& flat, const Argument& returned,
                                                     const std::vector<Node*>& inputs_by_spec) {
  const std::vector<OutputSpec>& specs = program.graph_signature.output_specs;
  const std::vector<Argument> values = ReturnedValues(returned);
  if (values.size() != specs.size())
    return absl::InvalidArgumentError("outputs and output specs differ");
  std::vector<Argument> user_outputs;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].kind == OutputKind::kBufferMutation) {
      flat.Write(Argument::Ref(flat.State(specs[i].target)), values[i]);
    } else if (specs[i].kind == OutputKind::kUserInputMutation) {
      const std::vector<InputSpec>& inputs = program.graph_signature.input_specs;
      for (size_t j = 0; j < inputs.size(); ++j) {
        if (inputs[j].arg.name == specs[i].target)
          flat.Write(Argument::Ref(inputs_by_spec[j]), values[i]);
      }
    } else {
      user_outputs.push_back(values[i]);
    }
  }
  return user_outputs;
}

// ---- the unflattened module -------------------------------------------------

// What a node of a module's graph evaluated to: a value of the flat form, or
// a pytree spec (get_attr of `_spec_N`).
struct FrameValue {
  Argument value;
  const TreeSpec* spec = nullptr;
};

// One call of a module: its graph's values.
struct Frame {
  std::string path;  // the path the call reached the module by
  absl::flat_hash_map<const Node*, FrameValue> values;
};

// Module calls nest as deep as the module tree; a bound keeps a malformed
// tree (a module reachable from itself) from exhausting the stack.
constexpr int kMaxCallDepth = 1000;

class UnflattenedEvaluator {
 public:
  UnflattenedEvaluator(const ExportedProgram& program, const UnflattenResult& result)
      : result_(result), flat_(program) {
    for (const ModulePath& entry : ListModules(*result.module, CallModules::kWithCalls)) {
      module_at_.emplace(entry.path, entry.module);
      first_path_.emplace(entry.module, entry.same_as.empty() ? entry.path : entry.same_as);
      paths_[entry.module].push_back(WithoutCalls(entry.path));
    }
    for (const InputSpec& spec : program.graph_signature.input_specs) {
      if (!spec.target.empty()) program_state_.insert(spec.target);
    }
    for (const SpecAttribute& spec : result.specs) {
      specs_.emplace(JoinPath(spec.module_path, spec.name), &spec.spec);
    }
  }

  absl::StatusOr<std::unique_ptr<Graph>> Run() {
    ASSIGN_OR_RETURN(Argument returned, Evaluate(*result_.module, "", {}, nullptr));
    return flat_.Finish(ReturnedValues(returned));
  }

 private:
  absl::StatusOr<Argument> Evaluate(const GraphModule& module, const std::string& path,
                                    const std::vector<Argument>& operands, const KwArgs* kwargs) {
    if (++depth_ > kMaxCallDepth) return absl::InvalidArgumentError("module calls nest too deep");
    Frame frame{path, {}};
    size_t placeholders = 0;
    for (const Node* node : module.graph().nodes()) {
      if (node->op() == OpKind::kOutput) {
        --depth_;
        return node->args().empty() ? Argument::None() : ValueOf(frame, node->args()[0]);
      }
      ASSIGN_OR_RETURN(frame.values[node],
                       EvaluateNode(frame, *node, operands, kwargs, placeholders));
    }
    return absl::InvalidArgumentError(absl::StrCat("module '", path, "' has no output"));
  }

  absl::StatusOr<FrameValue> EvaluateNode(Frame& frame, const Node& node,
                                          const std::vector<Argument>& operands,
                                          const KwArgs* kwargs, size_t& placeholders) {
    switch (node.op()) {
      case OpKind::kPlaceholder:
        return Operand(frame, node, operands, kwargs, placeholders++);
      case OpKind::kGetAttr:
        return Attribute(frame, node);
      case OpKind::kCallModule: {
        ASSIGN_OR_RETURN(Argument value, Call(frame, node));
        return FrameValue{std::move(value)};
      }
      default:
        break;
    }
    if (node.op() == OpKind::kCallFunction) {
      if (node.target() == kTreeUnflatten || node.target() == kTreeFlattenSpec) {
        ASSIGN_OR_RETURN(Argument value, Pytree(frame, node));
        return FrameValue{std::move(value)};
      }
      if (absl::optional<Argument> element = Element(frame, node)) return FrameValue{*element};
      if (IsCopyInto(node) &&
          flat_.Write(ValueOf(frame, node.args()[0]), ValueOf(frame, node.args()[1]))) {
        return FrameValue{ValueOf(frame, node.args()[0])};
      }
    }
    bool spec_used = false;
    Node* copy = flat_.graph().NodeCopy(node, [&](Node* input) {
      const FrameValue& value = frame.values[input];
      spec_used = spec_used || value.spec != nullptr;
      return flat_.Read(value.value);
    });
    if (spec_used) {
      return absl::UnimplementedError(absl::StrCat("'", node.name(), "' uses a pytree spec"));
    }
    return FrameValue{Argument::Ref(copy)};
  }

  // The root's placeholders are the user inputs; a called module's are the
  // call's operands, by position, then by keyword.
  absl::StatusOr<FrameValue> Operand(const Frame& frame, const Node& placeholder,
                                     const std::vector<Argument>& operands, const KwArgs* kwargs,
                                     size_t index) {
    if (frame.path.empty() && depth_ == 1) {
      return FrameValue{Argument::Ref(flat_.Input(placeholder.name()))};
    }
    if (index < operands.size()) return FrameValue{operands[index]};
    if (kwargs != nullptr) {
      for (const KwArg& kw : *kwargs) {
        if (kw.name.str() == placeholder.target()) return FrameValue{kw.value};
      }
    }
    if (!placeholder.args().empty()) return FrameValue{placeholder.args()[0]};
    return absl::InvalidArgumentError(absl::StrCat(
        "the call of '", frame.path, "' passes no value for '", placeholder.name(), "'"));
  }

  absl::StatusOr<FrameValue> Attribute(const Frame& frame, const Node& node) {
    const std::string path = JoinPath(frame.path, node.target());
    if (auto module = module_at_.find(path);
        module != module_at_.end() && module->second->has_graph()) {
      return FrameValue{Argument::Ref(flat_.graph().GetAttr(SubgraphKey(*module->second)))};
    }
    const auto [owner_path, name] = SplitLast(path);
    auto owner = module_at_.find(owner_path);
    if (owner == module_at_.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("get_attr '", path, "': no module '", owner_path, "'"));
    }
    const std::string& owner_first = first_path_[owner->second];
    const GraphModule* child = owner->second->FindChild(name);
    if (child != nullptr && child->class_name() == kTreeSpecClass) {
      auto spec = specs_.find(JoinPath(owner_first, name));
      if (spec == specs_.end())
        return absl::InvalidArgumentError(absl::StrCat("no spec '", path, "'"));
      return FrameValue{Argument::None(), spec->second};
    }
    if (child == nullptr && owner->second->FindState(name) == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("get_attr '", path, "' names nothing"));
    }
    return FrameValue{Argument::Ref(flat_.State(StateName(owner->second, owner_first, name)))};
  }

  // A tensor of a module reachable under several names is named as the
  // program names it (one of those names), else by the module's first path.
  std::string StateName(const GraphModule* owner, const std::string& owner_first,
                        absl::string_view name) const {
    for (const std::string& path : paths_.at(owner)) {
      std::string candidate = JoinPath(path, name);
      if (program_state_.contains(candidate)) return candidate;
    }
    return JoinPath(WithoutCalls(owner_first), name);
  }

  // A call_module: the callee's graph evaluated on the call's operands; a
  // dispatcher's k-th call runs its module `@k`.
  absl::StatusOr<Argument> Call(const Frame& frame, const Node& node) {
    std::string path = JoinPath(frame.path, node.target());
    auto module = module_at_.find(path);
    if (module != module_at_.end() && module->second->class_name() == kModuleDispatcherClass) {
      size_t calls = 0;
      for (const auto& child : module->second->children()) calls += IsCallModuleName(child.first);
      if (calls == 0)
        return absl::InvalidArgumentError(absl::StrCat("dispatcher '", path, "' has no calls"));
      path = JoinPath(path, CallModuleName(dispatched_[module->second]++ % calls));
      module = module_at_.find(path);
    }
    if (module == module_at_.end() || !module->second->has_graph()) {
      return absl::UnimplementedError(
          absl::StrCat("call of '", path, "', a module without a graph"));
    }
    std::vector<Argument> operands;
    for (const Argument& arg : node.args()) operands.push_back(ValueOf(frame, arg));
    KwArgs kwargs;
    for (const KwArg& kw : node.kwargs())
      kwargs.push_back(KwArg{kw.name, ValueOf(frame, kw.value)});
    return Evaluate(*module->second, path, operands, &kwargs);
  }

  // tree_unflatten(leaves, spec) and tree_flatten_spec(tree, spec).
  absl::StatusOr<Argument> Pytree(const Frame& frame, const Node& node) {
    const TreeSpec* spec = nullptr;
    if (node.args().size() == 2 && node.args()[1].is_node()) {
      auto value = frame.values.find(node.args()[1].node());
      if (value != frame.values.end()) spec = value->second.spec;
    }
    if (spec == nullptr)
      return absl::InvalidArgumentError(absl::StrCat("'", node.name(), "': no spec"));
    const Argument tree = ValueOf(frame, node.args()[0]);
    if (node.target() == kTreeFlattenSpec) {
      std::vector<Argument> leaves;
      RETURN_IF_ERROR(FlattenTree(*spec, tree, leaves));
      return Argument::List(std::move(leaves));
    }
    if (tree.kind() != ArgKind::kList && tree.kind() != ArgKind::kTuple) {
      return absl::InvalidArgumentError(absl::StrCat("'", node.name(), "': leaves are not a list"));
    }
    size_t next = 0;
    ASSIGN_OR_RETURN(Argument built, BuildTree(*spec, tree.elements(), next));
    if (next != tree.elements().size())
      return absl::InvalidArgumentError("tree_unflatten: too many leaves");
    return built;
  }

  // getitem of a tuple, list or dict the evaluation built (not of a node).
  absl::optional<Argument> Element(const Frame& frame, const Node& node) const {
    // IsGetItem's index is an int; a kwargs dict is indexed by its keys.
    if (node.target() != kGetItem || node.args().size() != 2) return absl::nullopt;
    const Argument container = ValueOf(frame, node.args()[0]);
    const Argument& index = node.args()[1];
    if ((container.kind() == ArgKind::kTuple || container.kind() == ArgKind::kList) &&
        index.kind() == ArgKind::kInt) {
      int64_t i = index.int_value();
      const int64_t size = static_cast<int64_t>(container.elements().size());
      if (i < 0) i += size;
      if (i >= 0 && i < size) return container.elements()[i];
    }
    if (container.kind() == ArgKind::kDict) {
      for (size_t e = 0; e < container.dict_size(); ++e) {
        if (container.dict_key(e) == index) return container.dict_value(e);
      }
    }
    return absl::nullopt;
  }

  Argument ValueOf(const Frame& frame, const Argument& arg) const {
    return arg.MapNodes([&](Node* node) {
      auto value = frame.values.find(node);
      return value != frame.values.end() ? value->second.value : Argument::None();
    });
  }

  const UnflattenResult& result_;
  FlatBuilder flat_;
  absl::flat_hash_map<std::string, const GraphModule*> module_at_;
  absl::flat_hash_map<const GraphModule*, std::string> first_path_;
  // Every path of each module, call modules left out (WithoutCalls).
  absl::flat_hash_map<const GraphModule*, std::vector<std::string>> paths_;
  absl::flat_hash_set<std::string> program_state_;  // the program's state targets
  absl::flat_hash_map<std::string, const TreeSpec*> specs_;
  absl::flat_hash_map<const GraphModule*, size_t> dispatched_;
  int depth_ = 0;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Graph>> FlattenProgram(const ExportedProgram& original) {
  ExportedProgram program = original.Clone();
  RETURN_IF_ERROR(RemoveEffectTokens(program).status());
  FlatBuilder flat(program);
  const std::vector<InputSpec>& input_specs = program.graph_signature.input_specs;
  absl::flat_hash_map<const Node*, Argument> values;
  const auto value_of = [&](const Argument& arg) {
    return arg.MapNodes([&](Node* node) { return values[node]; });
  };
  std::vector<Node*> inputs_by_spec;
  for (const Node* node : program.graph_module->graph().nodes()) {
    if (node->op() == OpKind::kPlaceholder) {
      if (inputs_by_spec.size() >= input_specs.size()) {
        return absl::InvalidArgumentError("more placeholders than input specs");
      }
      const InputSpec& spec = input_specs[inputs_by_spec.size()];
      inputs_by_spec.push_back(spec.kind == InputKind::kUserInput ? flat.Input(node->name())
                                                                  : flat.State(spec.target));
      values[node] = Argument::Ref(inputs_by_spec.back());
    } else if (node->op() == OpKind::kGetAttr) {
      ASSIGN_OR_RETURN(values[node], ProgramAttribute(program, flat, *node));
    } else if (node->op() == OpKind::kOutput) {
      const Argument returned = node->args().empty() ? Argument::None() : value_of(node->args()[0]);
      ASSIGN_OR_RETURN(std::vector<Argument> outputs,
                       ProgramOutputs(program, flat, returned, inputs_by_spec));
      return flat.Finish(outputs);
    } else if (IsCopyInto(*node) &&
               flat.Write(value_of(node->args()[0]), value_of(node->args()[1]))) {
      values[node] = value_of(node->args()[0]);
    } else {
      values[node] = Argument::Ref(
          flat.graph().NodeCopy(*node, [&](Node* input) { return flat.Read(values[input]); }));
    }
  }
  return absl::InvalidArgumentError("the program's graph has no output");
}

absl::StatusOr<std::unique_ptr<Graph>> FlattenUnflattened(const ExportedProgram& program,
                                                          const UnflattenResult& result) {
  return UnflattenedEvaluator(program, result).Run();
}

absl::Status CheckUnflattenComputation(const ExportedProgram& program,
                                       const UnflattenResult& result) {
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> expected_graph, FlattenProgram(program));
  ASSIGN_OR_RETURN(std::unique_ptr<Graph> actual_graph, FlattenUnflattened(program, result));
  return CheckSameCanonicalForm(
      *expected_graph, *actual_graph,
      "unflatten changed what the program computes (flat forms, canonical):", "program",
      "unflattened");
}

}  // namespace fxpp
