#include "passes/functional_checks/joint_metadata.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"

namespace fxpp {
namespace {

// A JSON string literal (protobuf's JSON mapping does the escaping).
std::string JsonString(absl::string_view text) {
  google::protobuf::Value value;
  value.set_string_value(std::string(text));
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(value, &json);  // cannot fail for a string
  return json;
}

// {"key": ["path", "type"], ...}, in json.dumps' spacing.
std::string ModuleStackJson(const ModuleStack& stack) {
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

}  // namespace

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

}  // namespace fxpp
