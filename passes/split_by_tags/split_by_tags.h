// split_by_tags (torch.fx.passes.split_utils.split_by_tags): every call node
// carries a tag (NodeMeta::tag, PyTorch's `node.tag`); the nodes of each tag
// move into one submodule named by the tag, and the main graph calls the
// submodules in the given tag order.
//
// As in PyTorch:
// - placeholders are created in a submodule for every value it reads from
//   outside (a graph input or another submodule's result), once per value,
//   in first-use order, named like the value;
// - a submodule returns each of its values used elsewhere, in order of the
//   first use (by a later node, then by the graph output); one value is
//   returned bare unless `return_tuple`, and several become `getitem`s in
//   the main graph;
// - get_attr nodes carry no tag: each submodule that reads one gets its own
//   copy, and one the output returns directly is re-created in the main
//   graph as `get_attr[target=<node name>]` with the attribute copied there;
// - the attributes a submodule's call_module/get_attr targets name are
//   copied into it under the same path, and the FQN mapping says where each
//   went (`linear1` -> `red.linear1`);
// - errors: a call node without a tag, a tag missing from `tags`, a
//   component ordered before one it reads from, no or several output nodes.
// One known difference: an attribute the output returns twice is fetched by
// one main-graph get_attr, where PyTorch leaves a dead duplicate.
//
// Linear time: every table is indexed by node id; no list scans.
#ifndef FXPP_PASSES_SPLIT_BY_TAGS_SPLIT_BY_TAGS_H_
#define FXPP_PASSES_SPLIT_BY_TAGS_SPLIT_BY_TAGS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/graph_module.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

struct SplitByTagsOptions {
  // Fill SplitByTagsResult::fqn_mapping (PyTorch's return_fqn_mapping).
  bool return_fqn_mapping = false;
  // Submodules always return a tuple, even of one value.
  bool return_tuple = false;
  // An attribute a target names must exist in the source module (PyTorch's
  // getattr raises otherwise). Turn off for graphs read from FX text, which
  // carries no module state: missing attributes are then simply not copied.
  bool require_attributes = true;
};

struct SplitByTagsResult {
  std::unique_ptr<GraphModule> module;
  // Original attribute path -> path in the split module ("tag.path"), in
  // first-insertion order like the Python dict; empty unless asked for.
  std::vector<std::pair<std::string, std::string>> fqn_mapping;
};

// Splits `module`'s graph by node tags; `module` is not changed.
absl::StatusOr<SplitByTagsResult> SplitByTags(const GraphModule& module,
                                              absl::Span<const std::string> tags,
                                              const SplitByTagsOptions& options = {});

struct SplitByTagsPassOptions {
  // In component order; empty: TagOrder of the graph (passes/tag_order.h).
  std::vector<std::string> tags;
  SplitByTagsOptions split;
};

// Replaces the module by its split.
class SplitByTagsPass : public Pass {
 public:
  // Options: tags (default: the graph's TagOrder), return_tuple, require_attributes.
  static const PassDescriptor& Descriptor();
  SplitByTagsPass(std::vector<std::string> tags, SplitByTagsOptions options = {})
      : tags_(std::move(tags)), options_(options) {}
  absl::string_view name() const override { return "split_by_tags"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;
  // The FQN mapping of the last Run (when options ask for it).
  const std::vector<std::pair<std::string, std::string>>& fqn_mapping() const {
    return fqn_mapping_;
  }

 private:
  std::vector<std::string> tags_;
  SplitByTagsOptions options_;
  std::vector<std::pair<std::string, std::string>> fqn_mapping_;
  int64_t submodules_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_SPLIT_BY_TAGS_SPLIT_BY_TAGS_H_
