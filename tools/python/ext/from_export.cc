#include "tools/python/ext/from_export.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "export/program_proto.h"
#include "export/validate.h"
#include "google/protobuf/util/json_util.h"
#include "tools/python/ext/from_torch.h"

namespace fxpp {
namespace pyext {
namespace {

void ThrowIfError(const absl::Status& status, absl::string_view what) {
  if (!status.ok()) throw py::value_error(absl::StrCat(what, ": ", status.message()));
}

// torch node name -> IR node name, for the nodes whose name changed.
absl::flat_hash_map<std::string, std::string> RenamedNodes(const Graph& graph,
                                                           const TorchObjects& objects) {
  absl::flat_hash_map<std::string, std::string> renamed;
  const Names& n = names();
  for (const Node* node : graph.nodes()) {
    const int64_t source = node->meta().source_index;
    if (source < 0) continue;
    py::object name = py::reinterpret_steal<py::object>(
        PyObject_GetAttr(objects.source_node(source), n.name));
    if (!name) throw py::error_already_set();
    if (StrView(name.ptr()) != node->name()) {
      renamed.emplace(std::string(StrView(name.ptr())), std::string(node->name()));
    }
  }
  return renamed;
}

// Signature names no node has, matched by position: PyTorch's deepcopy of
// an ExportedProgram renames nodes FX's namespace reserves (`input` ->
// `input_1`) in the graph but not in the signature, which PyTorch reads by
// position. One spec per placeholder, one per returned value.
void AddPositionalRenames(const ExportedProgram& program,
                          absl::flat_hash_map<std::string, std::string>& renamed) {
  const Graph& graph = program.graph_module->graph();
  auto match = [&](const ArgumentSpec& spec, const Node* node) {
    if (node != nullptr && spec.names_node() && !spec.name.empty() &&
        !renamed.contains(spec.name) && graph.FindNode(spec.name) == nullptr) {
      renamed.emplace(spec.name, std::string(node->name()));
    }
  };
  size_t input = 0;
  const auto& inputs = program.graph_signature.input_specs;
  for (const Node* node : graph.nodes()) {
    if (node->op() != OpKind::kPlaceholder || input == inputs.size()) break;
    match(inputs[input++].arg, node);
  }
  const Node* output = graph.output_node();
  if (output == nullptr || output->args().empty()) return;
  const Argument& returned = output->args()[0];
  const auto& outputs = program.graph_signature.output_specs;
  if (returned.kind() != ArgKind::kTuple && returned.kind() != ArgKind::kList) return;
  for (size_t i = 0; i < outputs.size() && i < returned.elements().size(); ++i) {
    const Argument& value = returned.elements()[i];
    if (value.kind() == ArgKind::kNode) match(outputs[i].arg, value.node());
  }
}

void Rename(ArgumentSpec& spec, const absl::flat_hash_map<std::string, std::string>& renamed) {
  auto it = renamed.find(spec.name);
  if (it != renamed.end()) spec.name = it->second;
}

void RenameInSignatures(ExportedProgram& program,
                        const absl::flat_hash_map<std::string, std::string>& renamed) {
  if (renamed.empty()) return;
  for (InputSpec& spec : program.graph_signature.input_specs) Rename(spec.arg, renamed);
  for (OutputSpec& spec : program.graph_signature.output_specs) Rename(spec.arg, renamed);
  for (ModuleCallEntry& entry : program.module_call_graph) {
    if (!entry.signature.has_value()) continue;
    for (ArgumentSpec& spec : entry.signature->inputs) Rename(spec, renamed);
    for (ArgumentSpec& spec : entry.signature->outputs) Rename(spec, renamed);
  }
}

}  // namespace

ExportedProgram ExportedProgramFromTorch(py::handle graph_module,
                                         const std::string& program_without_graph_json,
                                         TorchObjects& objects) {
  export_proto::ExportedProgram message;
  const auto parsed = google::protobuf::util::JsonStringToMessage(program_without_graph_json,
                                                                  &message);
  if (!parsed.ok()) {
    throw py::value_error(absl::StrCat("the exported program's signature and state: ",
                                       parsed.ToString()));
  }
  absl::StatusOr<ExportedProgram> program = ExportedProgramFromProto(message);
  ThrowIfError(program.status(), "the exported program");
  // The flat graph module (with the subgraphs of higher-order ops) never
  // goes through JSON.
  program->graph_module = ModuleFromTorch(graph_module, objects, FromTorchOptions());
  absl::flat_hash_map<std::string, std::string> renamed =
      RenamedNodes(program->graph_module->graph(), objects);
  RenameInSignatures(*program, renamed);
  renamed.clear();
  AddPositionalRenames(*program, renamed);
  RenameInSignatures(*program, renamed);
  ThrowIfError(ValidateExportedProgram(*program), "the exported program");
  return *std::move(program);
}

}  // namespace pyext
}  // namespace fxpp
