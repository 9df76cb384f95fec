// tag_nodes: gives call nodes the tags split_by_tags reads (NodeMeta::tag),
// from one of the sources of passes/tag_nodes/tagging.h -- the tags the
// graph has, its nn_module_stack, a meta key, regex rules or a tags file --
// so that a pipeline does what `tools/split --tag_by=...` does:
//   tag_nodes{tag_by=regex,tag_regex=attn=attn;mlp=mlp,default_tag=rest},split_by_tags
#ifndef FXPP_PASSES_TAG_NODES_TAG_NODES_H_
#define FXPP_PASSES_TAG_NODES_TAG_NODES_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph_module.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

struct TagNodesOptions {
  // meta, nn_module_stack, meta_key, regex or file (TagSource).
  std::string tag_by = "meta";
  // A file of "NODE_NAME TAG" lines, read when the pass runs; giving one
  // implies tag_by=file.
  std::string tags_file;
  // tag_by=regex: "TAG=PATTERN;TAG=PATTERN;...".
  std::string tag_regex;
  // tag_by=meta_key: the meta entry holding the tag.
  std::string tag_key;
  // tag_by=nn_module_stack: 1 = the outermost module path.
  int64_t module_depth = 1;
  // The tag of call nodes the source leaves untagged.
  std::string default_tag;
};

// Tags the root graph's call nodes (AssignTags); changed when a tag did.
class TagNodesPass : public Pass {
 public:
  static const PassDescriptor& Descriptor();
  explicit TagNodesPass(TagNodesOptions options) : options_(std::move(options)) {}
  absl::string_view name() const override { return "tag_nodes"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;

 private:
  TagNodesOptions options_;
  int64_t nodes_tagged_ = 0;
  int64_t tags_changed_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_TAG_NODES_TAG_NODES_H_
