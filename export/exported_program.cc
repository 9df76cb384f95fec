#include "export/exported_program.h"

#include <climits>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "ir/io/file_io.h"
#include "ir/limits.h"
#include "ir/proto/convert.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

namespace ep = export_proto;

static_assert(ep::InputKind_MAX == static_cast<int>(InputKind::kToken) + 1, "InputKind");
static_assert(ep::OutputKind_MAX == static_cast<int>(OutputKind::kToken) + 1, "OutputKind");

constexpr absl::string_view kInputKindNames[] = {
    "USER_INPUT", "PARAMETER", "BUFFER", "CONSTANT_TENSOR", "CUSTOM_OBJ", "TOKEN",
};
constexpr absl::string_view kOutputKindNames[] = {
    "USER_OUTPUT",         "LOSS_OUTPUT",           "BUFFER_MUTATION", "GRADIENT_TO_PARAMETER",
    "GRADIENT_TO_USER_INPUT", "USER_INPUT_MUTATION", "TOKEN",
};

constexpr absl::string_view kWithEffects = "torch.ops.higher_order.with_effects";

absl::Status Invalid(absl::string_view where, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(where, ": ", what));
}

// Prefixes `status`'s message with `where`.
absl::Status Within(absl::string_view where, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(where, ": ", status.message()));
}

// ---- argument specs ----------------------------------------------------------

// ConstantArgument values are Python scalars; fxpp.proto's Argument spells them.
absl::StatusOr<Argument> ReadConstantValue(const proto::Argument& in, absl::string_view where) {
  absl::optional<Argument> value = ReadScalarArgument(in);
  if (!value.has_value()) {
    return Invalid(where, "a constant argument must be None, a bool, an int, a float or a str");
  }
  return *std::move(value);
}

void WriteConstantValue(const Argument& value, proto::Argument* out) {
  if (!WriteScalarArgument(value, out)) out->mutable_none();
}

absl::StatusOr<ArgumentSpec> ReadArgumentSpec(const ep::ArgumentSpec& in, absl::string_view where) {
  ArgumentSpec spec;
  auto named = [&](ArgumentSpec::Kind kind, const ep::NamedArgument& arg) -> absl::Status {
    if (arg.name().empty()) return Invalid(where, "argument has no name");
    spec.kind = kind;
    spec.name = arg.name();
    return absl::OkStatus();
  };
  switch (in.value_case()) {
    case ep::ArgumentSpec::kTensor:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kTensor, in.tensor()));
      break;
    case ep::ArgumentSpec::kSymInt:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kSymInt, in.sym_int()));
      break;
    case ep::ArgumentSpec::kSymFloat:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kSymFloat, in.sym_float()));
      break;
    case ep::ArgumentSpec::kSymBool:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kSymBool, in.sym_bool()));
      break;
    case ep::ArgumentSpec::kToken:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kToken, in.token()));
      break;
    case ep::ArgumentSpec::kConstant: {
      spec.kind = ArgumentSpec::Kind::kConstant;
      spec.name = in.constant().name();
      if (in.constant().has_value()) {
        ASSIGN_OR_RETURN(spec.value, ReadConstantValue(in.constant().value(), where));
      }
      break;
    }
    case ep::ArgumentSpec::kCustomObj:
      if (in.custom_obj().name().empty() || in.custom_obj().class_fqn().empty()) {
        return Invalid(where, "a custom object argument needs a name and a class");
      }
      spec.kind = ArgumentSpec::Kind::kCustomObj;
      spec.name = in.custom_obj().name();
      spec.class_fqn = in.custom_obj().class_fqn();
      break;
    case ep::ArgumentSpec::VALUE_NOT_SET:
      return Invalid(where, "argument has no kind (tensor, sym_int, constant, ...)");
  }
  return spec;
}

void WriteArgumentSpec(const ArgumentSpec& spec, ep::ArgumentSpec* out) {
  switch (spec.kind) {
    case ArgumentSpec::Kind::kTensor:
      out->mutable_tensor()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kSymInt:
      out->mutable_sym_int()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kSymFloat:
      out->mutable_sym_float()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kSymBool:
      out->mutable_sym_bool()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kToken:
      out->mutable_token()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kConstant:
      out->mutable_constant()->set_name(spec.name);
      WriteConstantValue(spec.value, out->mutable_constant()->mutable_value());
      return;
    case ArgumentSpec::Kind::kCustomObj:
      out->mutable_custom_obj()->set_name(spec.name);
      out->mutable_custom_obj()->set_class_fqn(spec.class_fqn);
      return;
  }
}

absl::StatusOr<std::vector<ArgumentSpec>> ReadArgumentSpecs(
    const google::protobuf::RepeatedPtrField<ep::ArgumentSpec>& in, absl::string_view where) {
  std::vector<ArgumentSpec> out;
  out.reserve(in.size());
  for (int i = 0; i < in.size(); ++i) {
    ASSIGN_OR_RETURN(ArgumentSpec spec, ReadArgumentSpec(in[i], absl::StrCat(where, "[", i, "]")));
    out.push_back(std::move(spec));
  }
  return out;
}

// Proto enums are ours shifted by one (0 is UNSPECIFIED).
template <typename Kind>
absl::StatusOr<Kind> ReadKind(int value, bool (*is_valid)(int), absl::string_view where,
                              absl::string_view what) {
  if (value == 0) return Invalid(where, absl::StrCat("missing ", what));
  if (!is_valid(value)) return Invalid(where, absl::StrCat("unknown ", what, " value ", value));
  return static_cast<Kind>(value - 1);
}

// ---- tree specs --------------------------------------------------------------

TreeSpec ReadTreeSpec(const ep::TreeSpec& in) {
  TreeSpec spec;
  spec.type = in.type();
  spec.context = in.context().empty() ? "null" : in.context();
  spec.children.reserve(in.children_size());
  for (const ep::TreeSpec& child : in.children()) spec.children.push_back(ReadTreeSpec(child));
  return spec;
}

void WriteTreeSpec(const TreeSpec& spec, ep::TreeSpec* out) {
  out->set_type(spec.type);
  out->set_context(spec.context);
  for (const TreeSpec& child : spec.children) WriteTreeSpec(child, out->add_children());
}

void AppendTreeSpec(const TreeSpec& spec, std::string* out) {
  if (spec.is_leaf()) {
    out->push_back('*');
    return;
  }
  // "builtins.tuple" -> "tuple", as PyTorch's repr shows the type's name.
  absl::string_view type = spec.type;
  const size_t dot = type.rfind('.');
  if (dot != absl::string_view::npos) type.remove_prefix(dot + 1);
  absl::StrAppend(out, "TreeSpec(", type, ", ", spec.context, ", [");
  for (size_t i = 0; i < spec.children.size(); ++i) {
    if (i > 0) out->append(", ");
    AppendTreeSpec(spec.children[i], out);
  }
  out->append("])");
}

// ---- module call graph -------------------------------------------------------

absl::StatusOr<ModuleCallSignature> ReadSignature(const ep::ModuleCallSignature& in,
                                                  absl::string_view where) {
  ModuleCallSignature sig;
  ASSIGN_OR_RETURN(sig.inputs, ReadArgumentSpecs(in.inputs(), absl::StrCat(where, ".inputs")));
  ASSIGN_OR_RETURN(sig.outputs, ReadArgumentSpecs(in.outputs(), absl::StrCat(where, ".outputs")));
  if (!in.has_in_spec() || !in.has_out_spec()) {
    return Invalid(where, "a module call signature needs in_spec and out_spec");
  }
  sig.in_spec = ReadTreeSpec(in.in_spec());
  sig.out_spec = ReadTreeSpec(in.out_spec());
  sig.forward_arg_names.assign(in.forward_arg_names().begin(), in.forward_arg_names().end());
  return sig;
}

void WriteSignature(const ModuleCallSignature& sig, ep::ModuleCallSignature* out) {
  for (const ArgumentSpec& a : sig.inputs) WriteArgumentSpec(a, out->add_inputs());
  for (const ArgumentSpec& a : sig.outputs) WriteArgumentSpec(a, out->add_outputs());
  WriteTreeSpec(sig.in_spec, out->mutable_in_spec());
  WriteTreeSpec(sig.out_spec, out->mutable_out_spec());
  for (const std::string& name : sig.forward_arg_names) out->add_forward_arg_names(name);
}

// ---- validation --------------------------------------------------------------

std::string DescribeInput(const InputSpec& spec, size_t i) {
  std::string out = absl::StrCat("input spec #", i, " (", InputKindName(spec.kind));
  if (!spec.target.empty()) absl::StrAppend(&out, " '", spec.target, "'");
  return absl::StrCat(out, ")");
}

std::string DescribeOutput(const OutputSpec& spec, size_t i) {
  std::string out = absl::StrCat("output spec #", i, " (", OutputKindName(spec.kind));
  if (!spec.target.empty()) absl::StrAppend(&out, " '", spec.target, "'");
  return absl::StrCat(out, ")");
}

}  // namespace

const StateEntry* StateLookup::Find(absl::string_view path) {
  const size_t dot = path.rfind('.');
  const absl::string_view module_path =
      dot == absl::string_view::npos ? absl::string_view() : path.substr(0, dot);
  if (!cached_ || module_path != module_path_) {
    module_ = state_.FindSubmodule(module_path);
    module_path_ = module_path;
    cached_ = true;
  }
  return module_ == nullptr ? nullptr : module_->FindState(path.substr(dot + 1));
}

namespace {

// The checks of one spec report errors without saying which spec: their
// callers prefix that, only on failure (validation runs on every unflatten,
// so the descriptions are not built up front).
absl::Status RequireArgKind(const ArgumentSpec& arg, ArgumentSpec::Kind kind,
                            absl::string_view kind_name) {
  if (arg.kind != kind) {
    return absl::InvalidArgumentError(absl::StrCat("its argument must be a ", kind_name));
  }
  return absl::OkStatus();
}

// A state entry of the right kind at `target`.
absl::Status RequireState(StateLookup& state, const InputSpec& spec) {
  const StateEntry* entry = state.Find(spec.target);
  if (entry == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", spec.target, "' is not in the program's state"));
  }
  StateKind want = StateKind::kParameter;
  if (spec.kind == InputKind::kBuffer) want = StateKind::kBuffer;
  if (spec.kind == InputKind::kConstantTensor) want = StateKind::kConstant;
  if (entry->kind != want) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", spec.target, "' is a ", StateKindName(entry->kind),
                     " in the program's state, not a ", StateKindName(want)));
  }
  if (spec.kind == InputKind::kBuffer && entry->persistent != *spec.persistent) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the signature says buffer '", spec.target, "' is ", *spec.persistent ? "" : "not ",
        "persistent, the program's state says otherwise"));
  }
  return absl::OkStatus();
}

absl::Status ValidateInput(StateLookup& state, const InputSpec& spec, size_t i,
                           const Node& placeholder,
                           const absl::flat_hash_set<absl::string_view>& custom_objects) {
  if (spec.arg.name != placeholder.name()) {
    return absl::InvalidArgumentError(absl::StrCat("names '", spec.arg.name, "' but placeholder #",
                                                   i, " is '", placeholder.name(), "'"));
  }
  const bool wants_target = spec.kind != InputKind::kUserInput && spec.kind != InputKind::kToken;
  if (wants_target == spec.target.empty()) {
    return absl::InvalidArgumentError(wants_target ? "has no target" : "must not have a target");
  }
  if (spec.persistent.has_value() != (spec.kind == InputKind::kBuffer)) {
    return absl::InvalidArgumentError(spec.kind == InputKind::kBuffer
                                          ? "a buffer input needs `persistent`"
                                          : "only buffers have `persistent`");
  }
  switch (spec.kind) {
    case InputKind::kParameter:
    case InputKind::kBuffer:
    case InputKind::kConstantTensor:
      RETURN_IF_ERROR(RequireArgKind(spec.arg, ArgumentSpec::Kind::kTensor, "tensor"));
      RETURN_IF_ERROR(RequireState(state, spec));
      break;
    case InputKind::kCustomObj:
      RETURN_IF_ERROR(RequireArgKind(spec.arg, ArgumentSpec::Kind::kCustomObj, "custom object"));
      if (!custom_objects.contains(spec.target)) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", spec.target, "' is not among the program's custom objects"));
      }
      break;
    case InputKind::kToken:
      RETURN_IF_ERROR(RequireArgKind(spec.arg, ArgumentSpec::Kind::kToken, "token"));
      break;
    case InputKind::kUserInput:
      if (spec.arg.kind == ArgumentSpec::Kind::kToken ||
          spec.arg.kind == ArgumentSpec::Kind::kCustomObj) {
        return absl::InvalidArgumentError("a user input cannot be a token or a custom object");
      }
      break;
  }
  return absl::OkStatus();
}

absl::Status ValidateInputs(const ExportedProgram& program, const std::vector<Node*>& placeholders,
                            const absl::flat_hash_set<absl::string_view>& custom_objects) {
  const std::vector<InputSpec>& specs = program.graph_signature.input_specs;
  if (placeholders.size() != specs.size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph has ", placeholders.size(),
                                                   " placeholders but the signature lists ",
                                                   specs.size(), " inputs"));
  }
  StateLookup state(*program.state);
  for (size_t i = 0; i < specs.size(); ++i) {
    absl::Status valid = ValidateInput(state, specs[i], i, *placeholders[i], custom_objects);
    if (!valid.ok()) return Within(DescribeInput(specs[i], i), valid);
  }
  return absl::OkStatus();
}

absl::Status ValidateOutput(const OutputSpec& spec, size_t i, const Argument& value,
                            const absl::flat_hash_set<absl::string_view>& buffers,
                            const absl::flat_hash_set<absl::string_view>& parameters,
                            const absl::flat_hash_set<absl::string_view>& user_inputs) {
  if (spec.arg.names_node()) {
    if (!value.is_node() || value.node()->name() != spec.arg.name) {
      return absl::InvalidArgumentError(
          absl::StrCat("names '", spec.arg.name, "' but returned value #", i, " is ",
                       value.is_node() ? absl::StrCat("'", value.node()->name(), "'")
                                       : std::string("not a node")));
    }
  } else if (value != spec.arg.value) {
    return absl::InvalidArgumentError(
        absl::StrCat("returned value #", i, " differs from the constant"));
  }
  const absl::flat_hash_set<absl::string_view>* targets = nullptr;
  absl::string_view target_kind;
  switch (spec.kind) {
    case OutputKind::kBufferMutation:
      targets = &buffers;
      target_kind = "buffer input";
      break;
    case OutputKind::kGradientToParameter:
      targets = &parameters;
      target_kind = "parameter input";
      break;
    case OutputKind::kUserInputMutation:
    case OutputKind::kGradientToUserInput:
      targets = &user_inputs;
      target_kind = "user input";
      break;
    case OutputKind::kToken:
      RETURN_IF_ERROR(RequireArgKind(spec.arg, ArgumentSpec::Kind::kToken, "token"));
      break;
    case OutputKind::kUserOutput:
    case OutputKind::kLossOutput:
      break;
  }
  if (targets == nullptr) {
    if (!spec.target.empty()) return absl::InvalidArgumentError("must not have a target");
  } else if (!targets->contains(spec.target)) {
    return absl::InvalidArgumentError(
        absl::StrCat("its target '", spec.target, "' is not a ", target_kind, " of the signature"));
  }
  return absl::OkStatus();
}

absl::Status ValidateOutputs(const ExportedProgram& program, const Node& output) {
  const std::vector<OutputSpec>& specs = program.graph_signature.output_specs;
  const Argument& returned = output.args()[0];
  const bool is_sequence = returned.kind() == ArgKind::kTuple || returned.kind() == ArgKind::kList;
  const size_t count = is_sequence ? returned.elements().size() : 1;
  if (count != specs.size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the graph returns ", count, " values but the signature lists ", specs.size(), " outputs"));
  }
  // The inputs outputs may name, gathered only for the kinds of outputs
  // present: a forward program has no gradients, and the parameter set of a
  // large model is big.
  bool want_buffers = false, want_parameters = false, want_user_inputs = false;
  for (const OutputSpec& spec : specs) {
    want_buffers |= spec.kind == OutputKind::kBufferMutation;
    want_parameters |= spec.kind == OutputKind::kGradientToParameter;
    want_user_inputs |= spec.kind == OutputKind::kUserInputMutation ||
                        spec.kind == OutputKind::kGradientToUserInput;
  }
  absl::flat_hash_set<absl::string_view> buffers, parameters, user_inputs;
  for (const InputSpec& in : program.graph_signature.input_specs) {
    if (want_buffers && in.kind == InputKind::kBuffer) buffers.insert(in.target);
    if (want_parameters && in.kind == InputKind::kParameter) parameters.insert(in.target);
    if (want_user_inputs && in.kind == InputKind::kUserInput) user_inputs.insert(in.arg.name);
  }
  for (size_t i = 0; i < specs.size(); ++i) {
    const Argument& value = is_sequence ? returned.elements()[i] : returned;
    absl::Status valid = ValidateOutput(specs[i], i, value, buffers, parameters, user_inputs);
    if (!valid.ok()) return Within(DescribeOutput(specs[i], i), valid);
  }
  return absl::OkStatus();
}

// Following aliases from any name must reach a name that is no alias:
// unflatten resolves every alias to that name.
absl::Status CheckAliasesAcyclic(
    const absl::flat_hash_map<absl::string_view, absl::string_view>& alias_of) {
  // Names whose chain is known to end; each chain is walked once.
  absl::flat_hash_set<absl::string_view> ends;
  for (const auto& [start, unused] : alias_of) {
    absl::flat_hash_set<absl::string_view> chain;
    absl::string_view name = start;
    for (auto it = alias_of.find(name); it != alias_of.end() && !ends.contains(name);
         it = alias_of.find(name)) {
      if (!chain.insert(name).second) {
        return absl::InvalidArgumentError(absl::StrCat(
            "alias '", name, "' leads back to itself (", name == it->second ? "it names itself"
                                                                          : "an alias cycle",
            "); aliases must end at a tensor's own name"));
      }
      name = it->second;
    }
    ends.insert(chain.begin(), chain.end());
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckModulePath(absl::string_view path, absl::string_view what) {
  int parts = 0;
  for (absl::string_view part : absl::StrSplit(path, '.')) {
    if (part.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": a module path needs a name between its dots (the root's path \"\" is only "
                "the first entry)"));
    }
    if (++parts > kMaxModuleDepth) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": module path nested more than ", kMaxModuleDepth, " levels deep (fxpp's limit)"));
    }
  }
  return absl::OkStatus();
}

namespace {

absl::Status ValidateModuleCallGraph(const ExportedProgram& program) {
  const std::vector<ModuleCallEntry>& entries = program.module_call_graph;
  if (entries.empty()) return absl::OkStatus();
  if (!entries[0].fqn.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the module call graph must start with the root (\"\"), not '", entries[0].fqn, "'"));
  }
  const Graph& graph = program.graph_module->graph();
  int64_t user_inputs = 0;
  int64_t user_outputs = 0;
  for (const InputSpec& in : program.graph_signature.input_specs) {
    user_inputs += in.kind == InputKind::kUserInput;
  }
  for (const OutputSpec& out : program.graph_signature.output_specs) {
    user_outputs += out.kind == OutputKind::kUserOutput || out.kind == OutputKind::kLossOutput;
  }
  absl::flat_hash_set<absl::string_view> fqns;
  for (const ModuleCallEntry& entry : entries) {
    // Built only for an error: this runs for every module call.
    auto where = [&entry] { return absl::StrCat("module call '", entry.fqn, "'"); };
    if (!fqns.insert(entry.fqn).second) return Invalid(where(), "is listed twice");
    if (&entry != &entries[0]) RETURN_IF_ERROR(CheckModulePath(entry.fqn, where()));
    if (!entry.signature.has_value()) continue;
    const ModuleCallSignature& sig = *entry.signature;
    for (const std::vector<ArgumentSpec>* args : {&sig.inputs, &sig.outputs}) {
      for (const ArgumentSpec& arg : *args) {
        if (arg.names_node() && graph.FindNode(arg.name) == nullptr) {
          return Invalid(where(), absl::StrCat("its signature names '", arg.name,
                                             "', which is not a node of the graph"));
        }
      }
    }
    // The root's signature lists no arguments: its leaves are the user
    // inputs and outputs of the graph signature.
    const bool root = entry.fqn.empty();
    const int64_t inputs = root ? user_inputs : static_cast<int64_t>(sig.inputs.size());
    const int64_t outputs = root ? user_outputs : static_cast<int64_t>(sig.outputs.size());
    if (sig.in_spec.num_leaves() != inputs) {
      return Invalid(where(), absl::StrCat("in_spec ", sig.in_spec.ToString(), " has ",
                                         sig.in_spec.num_leaves(), " leaves for ", inputs,
                                         " inputs"));
    }
    if (sig.out_spec.num_leaves() != outputs) {
      return Invalid(where(), absl::StrCat("out_spec ", sig.out_spec.ToString(), " has ",
                                         sig.out_spec.num_leaves(), " leaves for ", outputs,
                                         " outputs"));
    }
  }
  return absl::OkStatus();
}

// ---- effect tokens -------------------------------------------------------------

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

absl::Status JsonError(absl::string_view filename, const google::protobuf::util::Status& status) {
  return absl::InvalidArgumentError(
      absl::StrCat(filename, ": not an fxpp exported program: ", std::string(status.message())));
}

}  // namespace

absl::string_view InputKindName(InputKind kind) {
  return kInputKindNames[static_cast<int>(kind)];
}
absl::string_view OutputKindName(OutputKind kind) {
  return kOutputKindNames[static_cast<int>(kind)];
}

bool operator==(const ArgumentSpec& a, const ArgumentSpec& b) {
  return a.kind == b.kind && a.name == b.name && a.value == b.value && a.class_fqn == b.class_fqn;
}

int64_t TreeSpec::num_leaves() const {
  if (is_leaf()) return 1;
  int64_t n = 0;
  for (const TreeSpec& child : children) n += child.num_leaves();
  return n;
}

std::string TreeSpec::ToString() const {
  std::string out;
  AppendTreeSpec(*this, &out);
  return out;
}

bool operator==(const TreeSpec& a, const TreeSpec& b) {
  return a.type == b.type && a.context == b.context && a.children == b.children;
}

absl::StatusOr<std::vector<std::string>> TreeSpecDictKeys(const TreeSpec& spec) {
  google::protobuf::ListValue keys;
  const auto status = google::protobuf::util::JsonStringToMessage(spec.context, &keys);
  if (!status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("the context of ", spec.ToString(),
                                                   " is not a JSON list of keys"));
  }
  std::vector<std::string> out;
  out.reserve(keys.values_size());
  for (const google::protobuf::Value& key : keys.values()) {
    if (key.kind_case() != google::protobuf::Value::kStringValue) {
      return absl::InvalidArgumentError(
          absl::StrCat("the keys of ", spec.ToString(), " must be strings"));
    }
    out.push_back(key.string_value());
  }
  return out;
}

ExportedProgram::ExportedProgram()
    : graph_module(std::make_unique<GraphModule>()),
      state(GraphModule::Opaque("torch.nn.Module")) {}

ExportedProgram ExportedProgram::Clone() const {
  ExportedProgram copy;
  copy.graph_module = graph_module->Clone();
  copy.graph_signature = graph_signature;
  copy.module_call_graph = module_call_graph;
  copy.state = state->Clone();
  copy.custom_objects = custom_objects;
  copy.aliases = aliases;
  copy.torch_version = torch_version;
  return copy;
}

absl::Status ValidateExportedProgram(const ExportedProgram& program) {
  if (program.graph_module == nullptr || !program.graph_module->has_graph()) {
    return absl::InvalidArgumentError("the program has no graph");
  }
  absl::Status verified = VerifyGraphModule(*program.graph_module);
  if (!verified.ok()) return Within("graph", verified);
  absl::flat_hash_set<absl::string_view> custom_objects;
  for (const CustomObject& obj : program.custom_objects) {
    if (!custom_objects.insert(obj.name).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("custom object '", obj.name, "' is listed twice"));
    }
    if (program.state->FindStatePath(obj.name) != nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", obj.name, "' is both a tensor and a custom object"));
    }
  }
  auto known = [&](absl::string_view name) {
    return program.state->FindStatePath(name) != nullptr || custom_objects.contains(name);
  };
  absl::flat_hash_map<absl::string_view, absl::string_view> alias_of;
  for (const StateAlias& alias : program.aliases) {
    for (const std::string* name : {&alias.name, &alias.alias_of}) {
      if (!known(*name)) {
        return absl::InvalidArgumentError(absl::StrCat("alias '", alias.name, "' of '",
                                                       alias.alias_of, "': '", *name,
                                                       "' is not in the program's state"));
      }
    }
    if (!alias_of.emplace(alias.name, alias.alias_of).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("alias '", alias.name, "' is given twice"));
    }
  }
  RETURN_IF_ERROR(CheckAliasesAcyclic(alias_of));
  std::vector<Node*> placeholders;
  for (Node* node : program.graph_module->graph().nodes()) {
    if (node->op() == OpKind::kPlaceholder) placeholders.push_back(node);
  }
  RETURN_IF_ERROR(ValidateInputs(program, placeholders, custom_objects));
  RETURN_IF_ERROR(ValidateOutputs(program, *program.graph_module->graph().output_node()));
  return ValidateModuleCallGraph(program);
}

export_proto::ExportedProgram ExportedProgramToProto(const ExportedProgram& program) {
  ep::ExportedProgram out;
  out.set_format_version(kExportedProgramFormatVersion);
  *out.mutable_graph_module() = ToProto(*program.graph_module);
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    ep::InputSpec* in = out.mutable_graph_signature()->add_input_specs();
    in->set_kind(static_cast<ep::InputKind>(static_cast<int>(spec.kind) + 1));
    WriteArgumentSpec(spec.arg, in->mutable_arg());
    in->set_target(spec.target);
    if (spec.persistent.has_value()) in->set_persistent(*spec.persistent);
  }
  for (const OutputSpec& spec : program.graph_signature.output_specs) {
    ep::OutputSpec* o = out.mutable_graph_signature()->add_output_specs();
    o->set_kind(static_cast<ep::OutputKind>(static_cast<int>(spec.kind) + 1));
    WriteArgumentSpec(spec.arg, o->mutable_arg());
    o->set_target(spec.target);
  }
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    ep::ModuleCallEntry* e = out.add_module_call_graph();
    e->set_fqn(entry.fqn);
    if (entry.signature.has_value()) WriteSignature(*entry.signature, e->mutable_signature());
  }
  *out.mutable_state() = ToProto(*program.state);
  for (const CustomObject& obj : program.custom_objects) {
    ep::CustomObject* o = out.add_custom_objects();
    o->set_name(obj.name);
    o->set_class_fqn(obj.class_fqn);
  }
  for (const StateAlias& alias : program.aliases) {
    ep::Alias* a = out.add_aliases();
    a->set_name(alias.name);
    a->set_alias_of(alias.alias_of);
  }
  out.set_torch_version(program.torch_version);
  return out;
}

absl::StatusOr<ExportedProgram> ExportedProgramFromProto(const export_proto::ExportedProgram& in) {
  if (in.format_version() == 0) return absl::InvalidArgumentError("missing format_version");
  if (in.format_version() > kExportedProgramFormatVersion) {
    return absl::InvalidArgumentError(
        absl::StrCat("format_version ", in.format_version(), " is newer than this reader supports (",
                     kExportedProgramFormatVersion, ")"));
  }
  if (!in.has_graph_module()) return absl::InvalidArgumentError("missing graph_module");
  ExportedProgram program;
  absl::StatusOr<std::unique_ptr<GraphModule>> graph_module = FromProto(in.graph_module());
  if (!graph_module.ok()) return Within("graph_module", graph_module.status());
  program.graph_module = *std::move(graph_module);
  if (in.has_state()) {
    absl::StatusOr<std::unique_ptr<GraphModule>> state = FromProto(in.state());
    if (!state.ok()) return Within("state", state.status());
    program.state = *std::move(state);
  }
  const ep::GraphSignature& sig = in.graph_signature();
  for (int i = 0; i < sig.input_specs_size(); ++i) {
    const ep::InputSpec& spec = sig.input_specs(i);
    const std::string where = absl::StrCat("graph_signature.input_specs[", i, "]");
    InputSpec out;
    ASSIGN_OR_RETURN(out.kind,
                     ReadKind<InputKind>(spec.kind(), ep::InputKind_IsValid, where, "input kind"));
    if (!spec.has_arg()) return Invalid(where, "missing arg");
    ASSIGN_OR_RETURN(out.arg, ReadArgumentSpec(spec.arg(), absl::StrCat(where, ".arg")));
    out.target = spec.target();
    if (spec.has_persistent()) out.persistent = spec.persistent();
    program.graph_signature.input_specs.push_back(std::move(out));
  }
  for (int i = 0; i < sig.output_specs_size(); ++i) {
    const ep::OutputSpec& spec = sig.output_specs(i);
    const std::string where = absl::StrCat("graph_signature.output_specs[", i, "]");
    OutputSpec out;
    ASSIGN_OR_RETURN(out.kind, ReadKind<OutputKind>(spec.kind(), ep::OutputKind_IsValid, where,
                                                    "output kind"));
    if (!spec.has_arg()) return Invalid(where, "missing arg");
    ASSIGN_OR_RETURN(out.arg, ReadArgumentSpec(spec.arg(), absl::StrCat(where, ".arg")));
    out.target = spec.target();
    program.graph_signature.output_specs.push_back(std::move(out));
  }
  for (int i = 0; i < in.module_call_graph_size(); ++i) {
    const ep::ModuleCallEntry& entry = in.module_call_graph(i);
    ModuleCallEntry out;
    out.fqn = entry.fqn();
    if (entry.has_signature()) {
      ASSIGN_OR_RETURN(out.signature,
                       ReadSignature(entry.signature(),
                                     absl::StrCat("module_call_graph[", i, "].signature")));
    }
    program.module_call_graph.push_back(std::move(out));
  }
  for (const ep::CustomObject& obj : in.custom_objects()) {
    program.custom_objects.push_back(CustomObject{obj.name(), obj.class_fqn()});
  }
  for (const ep::Alias& alias : in.aliases()) {
    program.aliases.push_back(StateAlias{alias.name(), alias.alias_of()});
  }
  program.torch_version = in.torch_version();
  return program;
}

absl::StatusOr<std::string> SerializeExportedProgramJson(const ExportedProgram& program) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  std::string json;
  const auto status =
      google::protobuf::util::MessageToJsonString(ExportedProgramToProto(program), &json, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write JSON: ", std::string(status.message())));
  }
  return json;
}

std::string SerializeExportedProgramBinary(const ExportedProgram& program) {
  return ExportedProgramToProto(program).SerializeAsString();
}

namespace {

absl::StatusOr<ExportedProgram> FromProtoValidated(const ep::ExportedProgram& message,
                                                   absl::string_view filename) {
  absl::StatusOr<ExportedProgram> program = ExportedProgramFromProto(message);
  if (!program.ok()) return Within(filename, program.status());
  absl::Status valid = ValidateExportedProgram(*program);
  if (!valid.ok()) return Within(filename, valid);
  return program;
}

}  // namespace

absl::StatusOr<ExportedProgram> ParseExportedProgramJson(absl::string_view text,
                                                         absl::string_view filename) {
  ep::ExportedProgram message;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), &message);
  if (!status.ok()) return JsonError(filename, status);
  return FromProtoValidated(message, filename);
}

absl::StatusOr<ExportedProgram> ParseExportedProgramBinary(absl::string_view bytes,
                                                           absl::string_view filename) {
  ep::ExportedProgram message;
  if (bytes.size() > static_cast<size_t>(INT_MAX) ||
      !message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return absl::InvalidArgumentError(
        absl::StrCat(filename, ": not an fxpp binary exported program"));
  }
  return FromProtoValidated(message, filename);
}

absl::StatusOr<ExportedProgram> ReadExportedProgram(absl::string_view path) {
  ASSIGN_OR_RETURN(std::string contents, ReadFileOrStdin(path));
  const absl::string_view name = path == "-" ? "<stdin>" : path;
  if (absl::EndsWith(path, ".pb") || absl::EndsWith(path, ".binpb")) {
    return ParseExportedProgramBinary(contents, name);
  }
  return ParseExportedProgramJson(contents, name);
}

std::string FxCallFunctionName(absl::string_view target) {
  absl::string_view op = target;
  // torch.ops.<namespace>.<op>[.<overload>]
  if (absl::ConsumePrefix(&op, "torch.ops.")) {
    const size_t ns_end = op.find('.');
    if (ns_end != absl::string_view::npos) {
      return absl::StrReplaceAll(op.substr(ns_end + 1), {{".", "_"}});
    }
  }
  const size_t dot = target.rfind('.');
  return std::string(dot == absl::string_view::npos ? target : target.substr(dot + 1));
}

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
  graph.EliminateDeadCode([&keep](const Node& n) { return IsSideEffectful(n) || keep.contains(&n); });
  return true;
}

}  // namespace fxpp
