// split: splits a graph into one submodule per node tag
// (torch.fx.passes.split_utils.split_by_tags): the `tag_nodes`,
// `move_non_tensor_nodes_on_boundary` (with --move_non_tensor) and
// `split_by_tags` passes over the shared tool driver (tools/driver.h).
//   bazel run //tools:split -- IN [--tags=a,b,c] [--tag_by=SOURCE ...] [-o OUT]
// Without IN, splits a bundled GPT graph exported by PyTorch 2.6 by the
// tags of its transformer blocks and prints the result.
#include <string>

#include "absl/status/statusor.h"
#include "google/protobuf/struct.pb.h"
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"
#include "passes/split_by_tags/split_by_tags.h"
#include "passes/tag_nodes/tag_nodes.h"
#include "tools/driver.h"

namespace fxpp {
namespace {

// --fqn_map: where each attribute of the input went, as a JSON object.
absl::StatusOr<std::string> FqnMapJson(absl::Span<const std::unique_ptr<Pass>> passes) {
  google::protobuf::Struct json;
  const auto& split = static_cast<const SplitByTagsPass&>(*passes.back());
  for (const auto& [from, to] : split.fqn_mapping()) {
    (*json.mutable_fields())[from].set_string_value(to);
  }
  return JsonText(json);
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  fxpp::ToolPreset split;
  split.name = "split";
  split.usage =
      "Splits a graph into one submodule per node tag (PyTorch's split_by_tags).\n"
      "  split IN [--tags=a,b,c] [--tag_by=meta|nn_module_stack|meta_key|regex|file]\n"
      "        [--tag_regex='TAG=RE;...'] [--tags_file=FILE] [--tag_key=KEY]\n"
      "        [--module_depth=N] [--default_tag=TAG] [--return_tuple]\n"
      "        [--move_non_tensor] [--fqn_map=FILE] [-o OUT] [--to=fx|fxg|json|pb|readable]\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.\n"
      "The same as a pipeline: fxopt IN --passes='tag_nodes{...},split_by_tags{...}'.\n"
      "Examples:\n"
      "  split model.fxg --tag_by=nn_module_stack --module_depth=2 --default_tag=top\n"
      "  split model.fx --tag_by=regex --tag_regex='attn=attn;mlp=mlp' --default_tag=rest\n"
      "  split model.fx --tags_file=model.tags --tags=embed,h_0,h_1,head -o split.fxg";
  split.example = "passes/split_by_tags/testdata/torch26/gpt2_export.fx";
  split.example_options = {{"tags_file", "passes/split_by_tags/testdata/torch26/gpt2_export.tags"}};
  split.passes = {
      {&fxpp::TagNodesPass::Descriptor()},
      {&fxpp::MoveNonTensorNodesOnBoundaryPass::Descriptor(), "move_non_tensor",
       "first move non-tensor nodes on tag boundaries to the tag that uses them"},
      {&fxpp::SplitByTagsPass::Descriptor()},
  };
  split.path_options = {"tags_file"};
  // FX text carries no module state to copy.
  split.stateless_input_options = {{"require_attributes", "false"}};
  split.default_to = fxpp::Format::kReadable;
  split.extra_outputs = {{"fqn_map",
                          "also write the original -> split attribute paths (FQN mapping) to "
                          "this JSON file",
                          fxpp::FqnMapJson}};
  return fxpp::RunPresetTool(argc, argv, split);
}
