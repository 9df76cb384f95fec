// split: splits a graph into one submodule per node tag
// (torch.fx.passes.split_utils.split_by_tags).
//   bazel run //tools:split -- IN [--tags=a,b,c] [--tag_by=SOURCE ...] [-o OUT]
// Without IN, splits a bundled GPT graph exported by PyTorch 2.6 by the
// tags of its transformer blocks and prints the result.
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "ir/io/file_io.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"
#include "passes/split_by_tags/split_by_tags.h"
#include "passes/split_by_tags/tagging.h"
#include "tools/cli.h"

ABSL_FLAG(std::string, from, "", "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, format, "",
          "output format (fxg, json, pb, readable); default: by -o extension, else readable");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::string, tags, "",
          "the tag order, comma-separated: one submodule per tag, called in this order. "
          "Default: the tags found, each after the tags it reads from (ties: first "
          "appearance)");
ABSL_FLAG(std::string, tag_by, "meta",
          "where call nodes' tags come from:\n"
          "  meta             the tags the graph has (fxg records them as '# tag:')\n"
          "  nn_module_stack  the module path at --module_depth of the node's nn_module_stack,\n"
          "                   '.' as '_' (layers.0 -> layers_0)\n"
          "  meta_key         the meta entry --tag_key (a JSON string or number)\n"
          "  regex            --tag_regex rules\n"
          "  file             --tags_file (implied by giving --tags_file)");
ABSL_FLAG(std::string, tag_regex, "",
          "for --tag_by=regex: 'TAG=PATTERN;TAG=PATTERN;...'. A node takes the tag of the "
          "first rule whose RE2 pattern matches anywhere in its name, its target or one of "
          "its nn_module_stack paths (anchor with ^ and $), e.g. "
          "'attn=attn;mlp=mlp|fc[12]'");
ABSL_FLAG(std::string, tags_file, "",
          "a file of 'NODE_NAME TAG' lines ('#' starts a comment); implies --tag_by=file");
ABSL_FLAG(std::string, tag_key, "", "for --tag_by=meta_key: the meta key");
ABSL_FLAG(int32_t, module_depth, 1, "for --tag_by=nn_module_stack: 1 = outermost module");
ABSL_FLAG(std::string, default_tag, "",
          "tag for call nodes the source leaves untagged (default: they are an error)");
ABSL_FLAG(bool, return_tuple, false, "submodules always return a tuple");
ABSL_FLAG(bool, move_non_tensor, false,
          "first move non-tensor nodes on tag boundaries to the tag that uses them "
          "(move_non_tensor_nodes_on_boundary); the report goes to stderr");
ABSL_FLAG(std::string, fqn_map, "",
          "also write the original -> split attribute paths (FQN mapping) to this JSON file");

namespace fxpp {
namespace {

constexpr absl::string_view kExample = "passes/split_by_tags/testdata/torch26/gpt2_export.fx";
constexpr absl::string_view kExampleTags = "passes/split_by_tags/testdata/torch26/gpt2_export.tags";

absl::StatusOr<TaggingOptions> TaggingFromFlags(bool example) {
  TaggingOptions tagging;
  std::string tags_file = absl::GetFlag(FLAGS_tags_file);
  if (example && tags_file.empty()) tags_file = BundledPath(kExampleTags);
  ASSIGN_OR_RETURN(tagging.source, ParseTagSource(tags_file.empty() ? absl::GetFlag(FLAGS_tag_by)
                                                                    : "file"));
  if (tagging.source == TagSource::kFile) {
    if (tags_file.empty()) return absl::InvalidArgumentError("--tag_by=file needs --tags_file");
    ASSIGN_OR_RETURN(tagging.tags_file, ReadFileOrStdin(ResolveUserPath(tags_file)));
  }
  tagging.regex_rules = absl::GetFlag(FLAGS_tag_regex);
  tagging.meta_key = absl::GetFlag(FLAGS_tag_key);
  tagging.module_depth = absl::GetFlag(FLAGS_module_depth);
  tagging.default_tag = absl::GetFlag(FLAGS_default_tag);
  return tagging;
}

absl::StatusOr<std::string> FqnMapJson(const std::vector<std::pair<std::string, std::string>>& map) {
  google::protobuf::Struct json;
  for (const auto& [from, to] : map) (*json.mutable_fields())[from].set_string_value(to);
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  std::string out;
  if (!google::protobuf::util::MessageToJsonString(json, &out, options).ok()) {
    return absl::InternalError("cannot write the FQN mapping as JSON");
  }
  return out;
}

absl::Status Run(std::vector<std::string> args) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const bool example = args.empty();
  const std::string in = example ? BundledPath(kExample) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  ASSIGN_OR_RETURN(Format to, ChooseFormat(absl::GetFlag(FLAGS_format), out, Format::kReadable));
  if (to == Format::kFx) {
    return absl::InvalidArgumentError(
        "the split adds submodules, which FX text cannot hold; use fxg, json, pb or readable");
  }
  ASSIGN_OR_RETURN(TaggingOptions tagging, TaggingFromFlags(example));
  ASSIGN_OR_RETURN(LoadedModule loaded, ReadInputModule(in, from));
  GraphModule& module = *loaded.module;
  RETURN_IF_ERROR(AssignTags(module.graph(), tagging));

  std::vector<std::string> tags;
  const std::string tags_flag = absl::GetFlag(FLAGS_tags);
  if (tags_flag.empty()) {
    tags = TagOrder(module.graph());
  } else {
    tags = absl::StrSplit(tags_flag, ',', absl::SkipWhitespace());
    if (tags.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--tags='", tags_flag, "' names no tag (expected e.g. --tags=a,b,c)"));
    }
  }
  if (tags.empty()) {
    return absl::InvalidArgumentError("no tags: the graph's call nodes carry none (see --tag_by)");
  }
  if (absl::GetFlag(FLAGS_move_non_tensor)) {
    ASSIGN_OR_RETURN(BoundaryMoveReport report, MoveNonTensorNodesBetweenTags(module.graph(), tags));
    std::cerr << report.ToText();
  }

  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  options.return_tuple = absl::GetFlag(FLAGS_return_tuple);
  // FX text (or a module converted from it) carries no module state to copy.
  options.require_attributes = !module.state().empty() || !module.children().empty();
  ASSIGN_OR_RETURN(SplitByTagsResult split, SplitByTags(module, tags, options));

  ASSIGN_OR_RETURN(std::string rendered, RenderModule(*split.module, to));
  std::string fqn_json;
  const std::string fqn_path = absl::GetFlag(FLAGS_fqn_map);
  if (!fqn_path.empty()) {
    ASSIGN_OR_RETURN(fqn_json, FqnMapJson(split.fqn_mapping));
  }
  // Both outputs or neither.
  OutputFiles outputs;
  RETURN_IF_ERROR(outputs.Add(out, rendered));
  if (!fqn_path.empty()) RETURN_IF_ERROR(outputs.Add(ResolveUserPath(fqn_path), fqn_json));
  RETURN_IF_ERROR(outputs.Commit());
  if (example) {
    std::cerr << "split: no input given; split the bundled example " << kExample
              << " by the tags in " << kExampleTags << " (see --help)\n";
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace fxpp

int main(int argc, char** argv) {
  std::vector<std::string> args = fxpp::ParseToolFlags(
      argc, argv,
      "Splits a graph into one submodule per node tag (PyTorch's split_by_tags).\n"
      "  split IN [--tags=a,b,c] [--tag_by=meta|nn_module_stack|meta_key|regex|file]\n"
      "        [--tag_regex='TAG=RE;...'] [--tags_file=FILE] [--tag_key=KEY]\n"
      "        [--module_depth=N] [--default_tag=TAG] [--return_tuple]\n"
      "        [--move_non_tensor] [--fqn_map=FILE] [-o OUT] [--format=fxg|json|pb|readable]\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.\n"
      "Examples:\n"
      "  split model.fxg --tag_by=nn_module_stack --module_depth=2 --default_tag=top\n"
      "  split model.fx --tag_by=regex --tag_regex='attn=attn;mlp=mlp' --default_tag=rest\n"
      "  split model.fx --tags_file=model.tags --tags=embed,h_0,h_1,head -o split.fxg");
  return fxpp::RunTool("split", [&] { return fxpp::Run(std::move(args)); });
}
