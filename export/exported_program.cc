#include "export/exported_program.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"

namespace fxpp {
namespace {

constexpr absl::string_view kInputKindNames[] = {
    "USER_INPUT", "PARAMETER", "BUFFER", "CONSTANT_TENSOR", "CUSTOM_OBJ", "TOKEN",
};
constexpr absl::string_view kOutputKindNames[] = {
    "USER_OUTPUT",         "LOSS_OUTPUT",           "BUFFER_MUTATION", "GRADIENT_TO_PARAMETER",
    "GRADIENT_TO_USER_INPUT", "USER_INPUT_MUTATION", "TOKEN",
};

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

bool RecordsArguments(const ModuleCallEntry& entry) {
  if (!entry.signature.has_value()) return false;
  const ModuleCallSignature& sig = *entry.signature;
  if (entry.fqn.empty() || !sig.inputs.empty() || !sig.outputs.empty()) return true;
  return sig.in_spec.num_leaves() == 0 && sig.out_spec.num_leaves() == 0;
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

}  // namespace fxpp
