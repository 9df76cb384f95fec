#include "passes/tag_nodes/tagging.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "ir/node.h"
#include "ir/fx_text/py_repr.h"
#include "ir/status_macros.h"
#include "passes/tag_order.h"
#include "re2/re2.h"

namespace fxpp {
namespace {

absl::Status CheckTagName(absl::string_view tag, absl::string_view origin) {
  if (tag.empty() || absl::StrContains(tag, '.')) {
    return absl::InvalidArgumentError(absl::StrCat(
        "tag '", tag, "' (", origin, ") cannot name a submodule: it must be non-empty and "
        "contain no '.'"));
  }
  // Tags name submodules in every format; protobuf text must be UTF-8.
  const size_t invalid = FindInvalidUtf8(tag);
  if (invalid != absl::string_view::npos) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "a tag from %s is not valid UTF-8 (byte 0x%02x at offset %d)", origin,
        static_cast<unsigned char>(tag[invalid]), invalid));
  }
  return absl::OkStatus();
}

// This Abseil's string_view is not std::string_view, which RE2 takes.
re2::StringPiece Piece(absl::string_view text) { return re2::StringPiece(text.data(), text.size()); }

// A module path as a tag: `layers.0` -> `layers_0`.
std::string PathTag(absl::string_view path) {
  std::string tag(path);
  for (char& c : tag) {
    if (!absl::ascii_isalnum(c) && c != '_') c = '_';
  }
  return tag;
}

// Looks up the tag of one node; nullopt when the source has none for it.
using TagRule = std::function<absl::StatusOr<absl::optional<std::string>>(const Node&)>;

TagRule ModuleStackRule(int depth) {
  return [depth](const Node& node) -> absl::StatusOr<absl::optional<std::string>> {
    absl::string_view path;
    int level = 0;
    for (const ModuleStackEntry& entry : node.meta().nn_module_stack) {
      if (entry.path.empty()) continue;
      path = entry.path.str();
      if (++level == depth) break;
    }
    if (path.empty()) return absl::optional<std::string>();
    return absl::optional<std::string>(PathTag(path));
  };
}

TagRule MetaKeyRule(std::string key) {
  return [key = std::move(key)](const Node& node) -> absl::StatusOr<absl::optional<std::string>> {
    const std::string* json = node.meta().FindExtra(key);
    if (json == nullptr) return absl::optional<std::string>();
    google::protobuf::Value value;
    if (!google::protobuf::util::JsonStringToMessage(*json, &value).ok()) {
      return absl::InvalidArgumentError(absl::StrCat("node '", node.name(), "': meta '", key,
                                                     "' is not valid JSON: ", *json));
    }
    if (value.kind_case() == google::protobuf::Value::kStringValue) {
      return absl::optional<std::string>(value.string_value());
    }
    if (value.kind_case() == google::protobuf::Value::kNumberValue) {
      // JSON numbers arrive as doubles; partition numbers print as integers.
      const double number = value.number_value();
      if (number == static_cast<double>(static_cast<int64_t>(number))) {
        return absl::optional<std::string>(absl::StrCat(static_cast<int64_t>(number)));
      }
      return absl::optional<std::string>(absl::StrCat(number));
    }
    return absl::InvalidArgumentError(absl::StrCat("node '", node.name(), "': meta '", key,
                                                   "' is neither a string nor a number: ", *json));
  };
}

absl::StatusOr<TagRule> RegexRule(absl::string_view rules_text) {
  struct Rule {
    std::string tag;
    std::unique_ptr<RE2> pattern;
  };
  auto rules = std::make_shared<std::vector<Rule>>();
  for (absl::string_view rule : absl::StrSplit(rules_text, ';', absl::SkipWhitespace())) {
    const size_t equals = rule.find('=');
    if (equals == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("regex rule '", rule, "' is not of the form TAG=PATTERN"));
    }
    const absl::string_view tag = absl::StripAsciiWhitespace(rule.substr(0, equals));
    RETURN_IF_ERROR(CheckTagName(tag, absl::StrCat("regex rule '", rule, "'")));
    auto pattern = std::make_unique<RE2>(Piece(rule.substr(equals + 1)), RE2::Quiet);
    if (!pattern->ok()) {
      return absl::InvalidArgumentError(absl::StrCat("regex rule '", rule,
                                                     "': bad pattern: ", pattern->error()));
    }
    rules->push_back(Rule{std::string(tag), std::move(pattern)});
  }
  if (rules->empty()) return absl::InvalidArgumentError("no regex rules given (TAG=PATTERN;...)");
  return TagRule([rules](const Node& node) -> absl::StatusOr<absl::optional<std::string>> {
    for (const Rule& rule : *rules) {
      bool matched = RE2::PartialMatch(Piece(node.name()), *rule.pattern) ||
                     RE2::PartialMatch(Piece(node.target()), *rule.pattern);
      for (const ModuleStackEntry& entry : node.meta().nn_module_stack) {
        if (matched) break;
        matched = RE2::PartialMatch(Piece(entry.path.str()), *rule.pattern);
      }
      if (matched) return absl::optional<std::string>(rule.tag);
    }
    return absl::optional<std::string>();
  });
}

absl::StatusOr<TagRule> FileRule(const Graph& graph, absl::string_view contents) {
  auto tag_of = std::make_shared<absl::flat_hash_map<const Node*, std::string>>();
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(contents, '\n')) {
    ++line_number;
    line = line.substr(0, line.find('#'));
    std::vector<absl::string_view> fields =
        absl::StrSplit(line, absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
    if (fields.empty()) continue;
    if (fields.size() != 2) {
      return absl::InvalidArgumentError(
          absl::StrCat("tags file line ", line_number, ": expected 'NODE_NAME TAG'"));
    }
    const Node* node = graph.FindNode(fields[0]);
    if (node == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("tags file line ", line_number,
                                                     ": no node named '", fields[0], "'"));
    }
    RETURN_IF_ERROR(CheckTagName(fields[1], absl::StrCat("tags file line ", line_number)));
    if (!tag_of->emplace(node, std::string(fields[1])).second) {
      return absl::InvalidArgumentError(absl::StrCat("tags file line ", line_number,
                                                     ": node '", fields[0], "' tagged twice"));
    }
  }
  return TagRule([tag_of](const Node& node) -> absl::StatusOr<absl::optional<std::string>> {
    auto it = tag_of->find(&node);
    if (it == tag_of->end()) return absl::optional<std::string>();
    return absl::optional<std::string>(it->second);
  });
}

absl::StatusOr<TagRule> MakeRule(const Graph& graph, const TaggingOptions& options) {
  switch (options.source) {
    case TagSource::kMeta:
      return TagRule([](const Node& node) -> absl::StatusOr<absl::optional<std::string>> {
        if (!node.meta().tag.has_value()) return absl::optional<std::string>();
        return absl::optional<std::string>(std::string(node.meta().tag->str()));
      });
    case TagSource::kModuleStack:
      if (options.module_depth < 1) {
        return absl::InvalidArgumentError("the module depth must be at least 1");
      }
      return ModuleStackRule(options.module_depth);
    case TagSource::kMetaKey:
      if (options.meta_key.empty()) return absl::InvalidArgumentError("no meta key given");
      return MetaKeyRule(options.meta_key);
    case TagSource::kRegex:
      return RegexRule(options.regex_rules);
    case TagSource::kFile:
      return FileRule(graph, options.tags_file);
  }
  return absl::InternalError("unknown tag source");
}

}  // namespace

absl::StatusOr<TagSource> ParseTagSource(absl::string_view name) {
  if (name == "meta") return TagSource::kMeta;
  if (name == "nn_module_stack") return TagSource::kModuleStack;
  if (name == "meta_key") return TagSource::kMetaKey;
  if (name == "regex") return TagSource::kRegex;
  if (name == "file") return TagSource::kFile;
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown tag source '", name, "' (meta, nn_module_stack, meta_key, regex or file)"));
}

absl::Status AssignTags(Graph& graph, const TaggingOptions& options) {
  if (!options.default_tag.empty()) {
    RETURN_IF_ERROR(CheckTagName(options.default_tag, "the default tag"));
  }
  ASSIGN_OR_RETURN(TagRule rule, MakeRule(graph, options));
  // Decide every tag before changing any, so an error leaves the graph as it was.
  std::vector<std::pair<Node*, absl::optional<std::string>>> decided;
  for (Node* node : graph.nodes()) {
    if (!IsCallNode(*node)) continue;
    ASSIGN_OR_RETURN(absl::optional<std::string> tag, rule(*node));
    if (!tag.has_value() && !options.default_tag.empty()) tag = options.default_tag;
    if (tag.has_value()) {
      RETURN_IF_ERROR(CheckTagName(*tag, absl::StrCat("of node '", node->name(), "'")));
    }
    decided.emplace_back(node, std::move(tag));
  }
  for (auto& [node, tag] : decided) {
    if (tag.has_value()) {
      node->mutable_meta().tag = Symbol::Intern(*tag);
    } else if (node->meta().tag.has_value()) {
      node->mutable_meta().tag.reset();
    }
  }
  return absl::OkStatus();
}

}  // namespace fxpp
