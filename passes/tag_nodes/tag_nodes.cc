#include "passes/tag_nodes/tag_nodes.h"

#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/io/file_io.h"
#include "ir/status_macros.h"
#include "passes/tag_nodes/tagging.h"

namespace fxpp {

const PassDescriptor& TagNodesPass::Descriptor() {
  using Options = TagNodesOptions;
  static const auto* const descriptor = new TypedPassDescriptor<Options>(
      "tag_nodes", "Tags call nodes for split_by_tags (from meta, module paths, regexes or a file)",
      {
          PassOption<Options>("tag_by", &Options::tag_by,
                              "where tags come from: meta (the graph's own), nn_module_stack "
                              "(module path at module_depth, '.' as '_'), meta_key (tag_key), "
                              "regex (tag_regex) or file (tags_file)"),
          PassOption<Options>("tags_file", &Options::tags_file,
                              "a file of 'NODE_NAME TAG' lines ('#' starts a comment); implies "
                              "tag_by=file"),
          PassOption<Options>("tag_regex", &Options::tag_regex,
                              "for tag_by=regex: 'TAG=PATTERN;...'; a node takes the tag of the "
                              "first RE2 pattern found in its name, target or a module path"),
          PassOption<Options>("tag_key", &Options::tag_key, "for tag_by=meta_key: the meta key"),
          PassOption<Options>("module_depth", &Options::module_depth,
                              "for tag_by=nn_module_stack: 1 = outermost module", AtLeast(1)),
          PassOption<Options>("default_tag", &Options::default_tag,
                              "tag for call nodes the source leaves untagged (default: they "
                              "stay untagged, which split_by_tags refuses)"),
      },
      [](Options options) { return std::make_unique<TagNodesPass>(std::move(options)); });
  return *descriptor;
}

PassReport TagNodesPass::Report() const {
  return {{{"nodes_tagged", nodes_tagged_, "call nodes with a tag afterwards"},
           {"tags_changed", tags_changed_, "nodes whose tag the pass set or changed"}}};
}

absl::StatusOr<bool> TagNodesPass::Run(GraphModule& module) {
  nodes_tagged_ = 0;
  tags_changed_ = 0;
  ASSIGN_OR_RETURN(Graph * graph, RootGraph(name(), module));
  TaggingOptions tagging;
  ASSIGN_OR_RETURN(tagging.source,
                   ParseTagSource(options_.tags_file.empty() ? options_.tag_by : "file"));
  if (tagging.source == TagSource::kFile) {
    if (options_.tags_file.empty()) {
      return absl::InvalidArgumentError("tag_by=file needs tags_file");
    }
    ASSIGN_OR_RETURN(tagging.tags_file, ReadFileOrStdin(options_.tags_file));
  }
  tagging.regex_rules = options_.tag_regex;
  tagging.meta_key = options_.tag_key;
  tagging.module_depth = static_cast<int>(options_.module_depth);
  tagging.default_tag = options_.default_tag;

  std::vector<absl::optional<Symbol>> before;
  for (const Node* node : graph->nodes()) {
    before.push_back(node->has_meta() ? node->meta().tag : absl::nullopt);
  }
  RETURN_IF_ERROR(AssignTags(*graph, tagging));
  size_t index = 0;
  for (const Node* node : graph->nodes()) {
    const absl::optional<Symbol> tag = node->has_meta() ? node->meta().tag : absl::nullopt;
    if (tag.has_value()) ++nodes_tagged_;
    if (tag != before[index++]) ++tags_changed_;
  }
  return tags_changed_ > 0;
}

}  // namespace fxpp
