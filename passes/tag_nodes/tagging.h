// Ways to give call nodes the tags split_by_tags reads (NodeMeta::tag): the
// sources of the tag_nodes pass (and so of //tools:split). PyTorch leaves
// tagging to the caller (`node.tag = ...`). The order of the tags a graph
// has is passes/tag_order.h, which split_by_tags reads without tagging.
#ifndef FXPP_PASSES_TAG_NODES_TAGGING_H_
#define FXPP_PASSES_TAG_NODES_TAGGING_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph.h"

namespace fxpp {

enum class TagSource {
  kMeta,         // the tags the graph already has (fxg records them)
  kModuleStack,  // the module path at `module_depth` of nn_module_stack
  kMetaKey,      // a free-form meta entry (a JSON string or number)
  kRegex,        // the first rule whose RE2 pattern matches the node
  kFile,         // a file of "NODE_NAME TAG" lines
};

// "meta", "nn_module_stack", "meta_key", "regex", "file".
absl::StatusOr<TagSource> ParseTagSource(absl::string_view name);

struct TaggingOptions {
  TagSource source = TagSource::kMeta;
  // kModuleStack: 1 tags by the outermost module path (`layers.0` ->
  // `layers_0`; characters other than letters, digits and `_` become `_`),
  // 2 by the next level, ...; a shallower stack uses its deepest entry.
  // Entries with an empty path (the root) are skipped.
  int module_depth = 1;
  // kMetaKey: the NodeMeta::extra key holding the tag.
  std::string meta_key;
  // kRegex: "TAG=PATTERN;TAG=PATTERN;...". A node takes the tag of the
  // first rule whose pattern matches (RE2, anywhere: use ^...$ to anchor)
  // its name, its target or one of its nn_module_stack paths.
  std::string regex_rules;
  // kFile: the file's contents. One "NODE_NAME TAG" per line; blank lines
  // and text after '#' are ignored; an unknown node name is an error.
  std::string tags_file;
  // The tag of call nodes the source leaves untagged; empty leaves them
  // untagged (split_by_tags then reports the first).
  std::string default_tag;
};

// Tags the call nodes (call_function, call_method, call_module) of `graph`
// from `options.source`, replacing their tags (kMeta keeps them), then
// applies `default_tag`. A tag must be usable as a submodule name
// (non-empty, no '.').
absl::Status AssignTags(Graph& graph, const TaggingOptions& options);

}  // namespace fxpp

#endif  // FXPP_PASSES_TAG_NODES_TAGGING_H_
