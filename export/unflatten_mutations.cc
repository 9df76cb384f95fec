#include "export/unflatten_mutations.h"

#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/graph.h"

namespace fxpp {
namespace unflatten_internal {

absl::Status InplaceMutations(ExportedProgram& program) {
  Graph& graph = program.graph_module->graph();
  Node* output = graph.output_node();
  const std::vector<OutputSpec>& specs = program.graph_signature.output_specs;
  absl::flat_hash_map<absl::string_view, Node*> buffer_inputs;
  absl::flat_hash_map<absl::string_view, Node*> user_inputs;
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    if (spec.kind == InputKind::kBuffer) buffer_inputs.emplace(spec.target, graph.FindNode(spec.arg.name));
    if (spec.kind == InputKind::kUserInput) user_inputs.emplace(spec.arg.name, graph.FindNode(spec.arg.name));
  }
  auto is_written_back = [](const OutputSpec& spec) {
    return spec.kind == OutputKind::kBufferMutation || spec.kind == OutputKind::kUserInputMutation;
  };
  bool changed = false;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (!is_written_back(specs[i])) continue;
    const bool buffer = specs[i].kind == OutputKind::kBufferMutation;
    const auto& inputs = buffer ? buffer_inputs : user_inputs;
    auto input = inputs.find(specs[i].target);
    if (input == inputs.end() || input->second == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "output ", i, " mutates ", buffer ? "buffer '" : "user input '", specs[i].target,
          "', which is not an input of the program"));
    }
    const Argument& value = output->args()[0].elements()[i];
    if (!value.is_node()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "output ", i, " (the new value of '", specs[i].target, "') is not a node"));
    }
    changed = true;
    Node* mutation = value.node();
    Node* copy;
    {
      auto after = graph.InsertingAfter(mutation);
      copy = graph.CallFunction(kCopy, {Argument::Ref(input->second), Argument::Ref(mutation)});
    }
    copy->CopyMetaFrom(*mutation);
    mutation->ReplaceAllUsesWith(copy, /*propagate_meta=*/false,
                                 [copy](Node* user) { return user != copy; });
  }
  if (!changed) return absl::OkStatus();
  // The graph returns what is left: the user outputs.
  std::vector<Argument> rest;
  std::vector<OutputSpec> rest_specs;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (is_written_back(specs[i])) continue;
    rest.push_back(output->args()[0].elements()[i]);
    rest_specs.push_back(specs[i]);
  }
  output->SetArg(0, Argument::Tuple(std::move(rest)));
  program.graph_signature.output_specs = std::move(rest_specs);
  return absl::OkStatus();
}

}  // namespace unflatten_internal
}  // namespace fxpp
