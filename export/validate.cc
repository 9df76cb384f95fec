#include "export/validate.h"

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "export/errors.h"
#include "ir/limits.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

using export_internal::Invalid;
using export_internal::Within;

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

// What CheckModulePath finds wrong with a path: the first part (in order)
// that is empty, holds a line break or is one too many. Found without
// building anything: every module call's path is checked.
enum class ModulePathProblem { kNone, kEmptyPart, kLineBreak, kTooDeep };

ModulePathProblem FindModulePathProblem(absl::string_view path) {
  int parts = 0;
  size_t part_start = 0;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i < path.size() && path[i] == '\n') return ModulePathProblem::kLineBreak;
    if (i < path.size() && path[i] != '.') continue;
    if (i == part_start) return ModulePathProblem::kEmptyPart;
    if (++parts > kMaxModuleDepth) return ModulePathProblem::kTooDeep;
    part_start = i + 1;
  }
  return ModulePathProblem::kNone;
}

absl::Status ModulePathError(ModulePathProblem problem, absl::string_view what) {
  switch (problem) {
    case ModulePathProblem::kNone:
      break;
    case ModulePathProblem::kEmptyPart:
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": a module path needs a name between its dots (the root's path \"\" is only "
                "the first entry)"));
    // A module shared under a second path refers to the first by it, in a
    // class name, which holds no line break (see VerifyWritable).
    case ModulePathProblem::kLineBreak:
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": a module path cannot contain a line break"));
    case ModulePathProblem::kTooDeep:
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": module path nested more than ", kMaxModuleDepth, " levels deep (fxpp's limit)"));
  }
  return absl::OkStatus();
}

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
  fqns.reserve(entries.size());
  for (const ModuleCallEntry& entry : entries) {
    // Built only for an error: this runs for every module call.
    auto where = [&entry] { return absl::StrCat("module call '", entry.fqn, "'"); };
    if (!fqns.insert(entry.fqn).second) return Invalid(where(), "is listed twice");
    if (&entry != &entries[0]) {
      const ModulePathProblem problem = FindModulePathProblem(entry.fqn);
      if (problem != ModulePathProblem::kNone) return ModulePathError(problem, where());
    }
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
    if (!RecordsArguments(entry)) continue;  // unflatten takes it as not preserved
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

}  // namespace

absl::Status CheckModulePath(absl::string_view path, absl::string_view what) {
  return ModulePathError(FindModulePathProblem(path), what);
}

absl::Status ValidateExportedProgram(const ExportedProgram& program, GraphVerifyOptions graph) {
  if (program.graph_module == nullptr || !program.graph_module->has_graph()) {
    return absl::InvalidArgumentError("the program has no graph");
  }
  ModuleVerifyOptions verify;
  verify.graph = graph;
  absl::Status verified = VerifyGraphModule(*program.graph_module, verify);
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

}  // namespace fxpp
