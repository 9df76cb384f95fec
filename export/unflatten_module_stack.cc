#include "export/unflatten_module_stack.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/types/optional.h"
#include "export/validate.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace unflatten_internal {
namespace {

// torch._export.passes._node_metadata_hook._EMPTY_NN_MODULE_STACK_KEY: a node
// that belongs to whatever module is running.
constexpr absl::string_view kEmptyStackKey = "_empty_nn_module_stack_from_metadata_hook";

// Dynamo records a module path it cannot evaluate as Python source:
// `L['fn']` (the traced module itself), `getattr(L['fn'], '0')`,
// `L['self'].layers[0]`, `L['self']._modules['mlp']`. This reads such a
// source as a dotted path relative to the traced module (pytorch#130931).
class SourcePathParser {
 public:
  explicit SourcePathParser(absl::string_view text) : text_(text) {}

  absl::optional<std::string> Parse() {
    std::vector<std::string> parts;
    if (!Expr(&parts) || pos_ != text_.size()) return absl::nullopt;
    return absl::StrJoin(parts, ".");
  }

 private:
  bool Consume(absl::string_view token) {
    if (!absl::StartsWith(text_.substr(pos_), token)) return false;
    pos_ += token.size();
    return true;
  }
  bool Quoted(std::string* out) {
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) return false;
    const char quote = text_[pos_];
    const size_t end = text_.find(quote, pos_ + 1);
    if (end == absl::string_view::npos) return false;
    *out = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return true;
  }
  bool Identifier(std::string* out) {
    size_t end = pos_;
    while (end < text_.size() && (absl::ascii_isalnum(text_[end]) || text_[end] == '_')) ++end;
    if (end == pos_) return false;
    *out = std::string(text_.substr(pos_, end - pos_));
    pos_ = end;
    return true;
  }
  // A subscript: `['key']` or `[3]`.
  bool Subscript(std::string* out) {
    if (!Consume("[")) return false;
    if (!Quoted(out) && !Identifier(out)) return false;
    return Consume("]");
  }
  bool Expr(std::vector<std::string>* parts) {
    std::string name;
    if (Consume("L")) {
      if (!Subscript(&name)) return false;  // the traced frame's local: the root
    } else if (Consume("getattr(")) {
      if (!Expr(parts) || !Consume(", ") || !Quoted(&name) || !Consume(")")) return false;
      parts->push_back(name);
    } else {
      return false;
    }
    while (pos_ < text_.size()) {
      if (Consume(".")) {
        if (!Identifier(&name)) return false;
        // `._modules['x']` is `.x`.
        if (name != "_modules") parts->push_back(name);
      } else if (pos_ < text_.size() && text_[pos_] == '[') {
        if (!Subscript(&name)) return false;
        parts->push_back(name);
      } else {
        break;  // the end of an argument of an enclosing getattr
      }
    }
    return true;
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

bool SameCalls(const std::vector<StackEntry>& a, size_t n, const std::vector<StackEntry>& b) {
  if (a.size() < n || b.size() < n) return false;
  for (size_t i = 0; i < n; ++i) {
    if (!a[i].SameCall(b[i])) return false;
  }
  return true;
}

absl::StatusOr<const std::vector<StackEntry>*> StackReader::Read(
    const Node& node, const std::vector<StackEntry>& running) {
  const ModuleStack& raw = node.meta().nn_module_stack;
  if (raw.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "node '", node.name(), "' has no nn_module_stack; unflatten needs one on every node"));
  }
  if (raw.size() == 1 && raw[0].key.str() == kEmptyStackKey) return &running;
  if (raw == last_raw_) return &last_;  // interned: equal stacks, one pointer
  std::vector<StackEntry> stack;
  stack.reserve(raw.size());
  for (const ModuleStackEntry& e : raw) {
    StackEntry entry = KeyEntry(e.key);
    entry.path = NormalizedPath(e.path);
    // Dynamo's frame for the traced module itself (`L['fn']`) repeats
    // the root.
    if (!stack.empty() && stack.back().SameCall(entry)) continue;
    stack.push_back(entry);
  }
  if (!stack[0].path.str().empty() || stack[0].call != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("node '", node.name(), "': its nn_module_stack starts at module '",
                     stack[0].path.str(), "', not at the root"));
  }
  // A second root ("") or an empty part would install a module inside
  // itself; too deep a path could not be written.
  for (size_t i = 1; i < stack.size(); ++i) {
    RETURN_IF_ERROR(CheckModulePath(
        stack[i].path.str(), absl::StrCat("node '", node.name(), "': nn_module_stack path '",
                                          stack[i].path.str(), "'")));
  }
  last_raw_ = raw;
  last_ = std::move(stack);
  return &last_;
}

StackEntry StackReader::KeyEntry(Symbol key) {
  auto it = keys_.find(key);
  if (it != keys_.end()) return it->second;
  StackEntry entry;
  entry.module_id = key;  // unless the key names a later call: `foo@1`
  entry.key = key;
  absl::string_view text = key.str();
  const size_t at = text.rfind('@');
  int64_t call = 0;
  if (at != absl::string_view::npos && absl::SimpleAtoi(text.substr(at + 1), &call)) {
    entry.call = call;
    entry.module_id = Symbol::Intern(text.substr(0, at));
  }
  return keys_.emplace(key, entry).first->second;
}

Symbol StackReader::NormalizedPath(Symbol path) {
  auto it = paths_.find(path);
  if (it != paths_.end()) return it->second;
  Symbol normalized = path;
  if (absl::StrContains(path.str(), "L[")) {
    absl::optional<std::string> parsed = SourcePathParser(path.str()).Parse();
    if (parsed.has_value()) normalized = Symbol::Intern(*parsed);
  } else if (absl::StrContains(path.str(), "_modules")) {
    // Strict export with preserved signatures writes a container's child as
    // `layer1._modules.0` (Dynamo's `L['self'].layer1._modules['0']`,
    // dotted): it is `layer1.0`. No module can have a child named
    // `_modules`, the attribute that holds its children.
    std::vector<absl::string_view> parts = absl::StrSplit(path.str(), '.');
    parts.erase(std::remove(parts.begin(), parts.end(), "_modules"), parts.end());
    normalized = Symbol::Intern(absl::StrJoin(parts, "."));
  }
  return paths_.emplace(path, normalized).first->second;
}

}  // namespace unflatten_internal
}  // namespace fxpp
