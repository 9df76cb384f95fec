#include "ir/fx_text/arg_parser.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "ir/fx_text/arg_literal.h"
#include "ir/fx_text/py_repr.h"
#include "ir/identifier_chars.h"
#include "ir/limits.h"
#include "ir/node.h"

namespace fxpp {

// The parser's state and grammar; ArgParser forwards to it.
class ArgParser::Impl {
 public:
  Impl(const SourceText& source, Lookup lookup, bool typed)
      : source_(source), text_(source.text()), lookup_(lookup), typed_(typed) {}

  bool ParseCallArgs(size_t begin, size_t end, std::vector<Argument>* args, KwArgs* kwargs);
  bool ParseDefault(size_t begin, size_t end, Argument* value);
  bool ParseReturn(size_t begin, size_t end, Argument* value);
  void StartStatement() { attempts_left_ = kMaxAttemptsPerStatement; }
  const std::vector<PendingRef>& pending_refs() const { return pending_; }
  std::vector<NamedTupleFact> TakeNamedTuples() { return std::move(named_tuples_); }
  bool bare_name() const { return bare_name_; }
  absl::Status error() const { return source_.Error(fail_offset_, fail_message_); }

 private:
  enum class End : uint8_t { kItem, kKey, kWhole };
  struct Ctx {
    End end;
    char closer;  // for kItem
  };

  template <typename Fn>
  bool Search(size_t begin, size_t end, Fn&& attempt);
  bool Choose(uint32_t options, uint32_t* choice);
  bool Fail(size_t offset, absl::string_view expected);
  bool ConsumeSeparator();
  bool EndOfEntry(Ctx value_ctx, bool* closed);
  bool FailUnclosed(size_t offset, Ctx ctx);

  bool AtDelimiter(size_t p, Ctx ctx) const;
  bool Extent(Ctx ctx, size_t* text_end);
  bool Element(ArgSyntax syntax, Ctx ctx, Argument* out);
  bool TypedInt(Ctx ctx, Argument* out);
  bool Sequence(ArgSyntax syntax, Argument* out);
  // The elements of the tuple or list at pos_.
  bool Elements(ArgSyntax syntax, std::vector<Argument>* elements);
  bool Dict(ArgSyntax syntax, Argument* out);
  bool Child(ArgSyntax syntax, Ctx ctx, uint32_t index, Argument* out);
  bool TopValue(ArgSyntax syntax, Ctx ctx, Argument* out);
  bool IsComplexLiteral(size_t open, Ctx ctx) const;
  bool CallForm(ArgSyntax syntax, Ctx ctx, size_t name_end, Argument* out);
  bool Slice(ArgSyntax syntax, Argument* out);
  bool DeviceForm(Argument* out);
  bool WrappedText(ArgKind kind, Argument* out);
  bool FloatBitsForm(Argument* out);
  bool NamedTuple(ArgSyntax syntax, size_t name_end, Argument* out);
  bool Balanced(Ctx ctx, Argument* out);
  bool Text(ArgSyntax syntax, Ctx ctx, Argument* out);
  bool Quoted(std::string* out);
  bool Literal(ArgSyntax syntax, absl::string_view text, size_t offset, Argument* out);
  bool TopLevelStr(Argument* out);
  bool Expect(absl::string_view literal);
  bool Ref(absl::string_view name, size_t offset, Argument* out);

  const SourceText& source_;
  absl::string_view text_;
  Lookup lookup_;
  const bool typed_;
  bool refs_allowed_ = true;
  bool track_paths_ = false;

  // State of one attempt.
  size_t pos_ = 0;
  size_t end_ = 0;
  std::vector<size_t> openers_;  // offsets of the open brackets
  int depth_ = 0;                // nested values (Child calls) entered
  std::vector<uint32_t> path_;
  std::vector<PendingRef> pending_;
  std::vector<NamedTupleFact> named_tuples_;
  bool bare_name_ = false;

  // Backtracking: the option taken at each choice point of the current
  // attempt, in the order the attempt reaches them.
  std::vector<uint32_t> choices_;
  size_t next_choice_ = 0;
  bool exhausted_ = false;  // the last choice point has no such option
  int attempts_left_ = kMaxAttemptsPerStatement;

  // FX text's plain values by (offset, length) in the statement being
  // searched, once its first reading failed: every further attempt reads
  // most of the same texts again, and classifying one (number, device,
  // SymInt or string) never makes an attempt fail.
  bool retrying_ = false;
  absl::flat_hash_map<std::pair<size_t, size_t>, Argument> fx_literals_;

  bool failed_ = false;
  // The text nests deeper than kMaxArgumentNesting: no other reading can
  // help, and the search stops.
  bool too_deep_ = false;
  size_t fail_offset_ = 0;
  std::string fail_message_;
};

// ---- parsing: backtracking ----------------------------------------------------

namespace {
constexpr uint32_t kUnbounded = ~uint32_t{0};
}  // namespace

// Runs `attempt` until it succeeds, each time taking the next combination of
// options in depth-first order: the last choice point reached advances first,
// and a choice point whose options are used up is dropped. The first attempt
// takes option 0 everywhere, so unambiguous text is parsed exactly once.
template <typename Fn>
bool ArgParser::Impl::Search(size_t begin, size_t end, Fn&& attempt) {
  choices_.clear();
  fx_literals_.clear();
  retrying_ = false;
  failed_ = false;
  too_deep_ = false;
  for (;;) {
    if (attempts_left_ == 0) {
      fail_offset_ = begin;
      fail_message_ = "cannot split this statement's arguments: too many ambiguous readings";
      return false;
    }
    --attempts_left_;
    pos_ = begin;
    end_ = end;
    next_choice_ = 0;
    exhausted_ = false;
    openers_.clear();
    depth_ = 0;
    path_.clear();
    pending_.clear();
    named_tuples_.clear();
    bare_name_ = false;
    if (attempt()) return true;
    if (typed_ || too_deep_) return false;
    choices_.resize(next_choice_);
    if (exhausted_) choices_.pop_back();
    if (choices_.empty()) return false;
    ++choices_.back();
    retrying_ = true;
  }
}

bool ArgParser::Impl::Choose(uint32_t options, uint32_t* choice) {
  if (typed_) {  // the typed spelling is unambiguous: no alternatives
    *choice = 0;
    return true;
  }
  if (next_choice_ == choices_.size()) choices_.push_back(0);
  *choice = choices_[next_choice_++];
  if (*choice < options) return true;
  exhausted_ = true;
  return false;
}

// Consumes the ", " between items, if there.
bool ArgParser::Impl::ConsumeSeparator() {
  if (pos_ + 1 < end_ && text_[pos_] == ',' && text_[pos_ + 1] == ' ') {
    pos_ += 2;
    return true;
  }
  return false;
}

// After a dict entry: ", " continues (*closed = false), '}' ends it.
bool ArgParser::Impl::EndOfEntry(Ctx value_ctx, bool* closed) {
  *closed = false;
  if (ConsumeSeparator()) return true;
  if (pos_ < end_ && text_[pos_] == '}') {
    ++pos_;
    *closed = true;
    return true;
  }
  return pos_ >= end_ ? FailUnclosed(pos_, value_ctx) : Fail(pos_, "', ' or '}'");
}

bool ArgParser::Impl::Fail(size_t offset, absl::string_view expected) {
  // The error to report is the one that got furthest into the statement.
  if (!too_deep_ && (!failed_ || offset > fail_offset_)) {
    failed_ = true;
    fail_offset_ = offset;
    fail_message_ = absl::StrCat("expected ", expected, ", found ", source_.Found(offset));
  }
  return false;
}

namespace {

// The index of the first keyword argument whose name an earlier one has, or
// npos. Sorting a copy of the names keeps the usual case (no repeat) free
// of allocations and of quadratic time on a line with many keywords.
size_t RepeatedKeyword(const KwArgs& kwargs) {
  if (kwargs.size() < 2) return std::string::npos;
  absl::InlinedVector<uint32_t, 8> ids;
  for (const KwArg& kw : kwargs) ids.push_back(kw.name.id());
  std::sort(ids.begin(), ids.end());
  if (std::adjacent_find(ids.begin(), ids.end()) == ids.end()) return std::string::npos;
  absl::flat_hash_set<uint32_t> seen;
  for (size_t k = 0;; ++k) {
    if (!seen.insert(kwargs[k].name.id()).second) return k;
  }
}

}  // namespace

bool ArgParser::Impl::FailUnclosed(size_t offset, Ctx ctx) {
  if (ctx.end == End::kKey) return Fail(offset, "': ' after a dict key");
  if (openers_.empty()) return Fail(offset, "a value");
  const size_t opener = openers_.back();
  return Fail(offset, absl::StrCat("'", absl::string_view(&ctx.closer, 1), "' to close '",
                                   absl::string_view(&text_[opener], 1), "' at ",
                                   source_.Position(opener)));
}

bool ArgParser::Impl::Expect(absl::string_view literal) {
  if (end_ - pos_ >= literal.size() && text_.compare(pos_, literal.size(), literal) == 0) {
    pos_ += literal.size();
    return true;
  }
  std::string quoted;
  AppendPyStrRepr(literal, &quoted);
  return Fail(pos_, quoted);
}

// ---- parsing: grammar -----------------------------------------------------------

bool ArgParser::Impl::AtDelimiter(size_t p, Ctx ctx) const {
  if (ctx.end == End::kWhole) return p == end_;
  if (p >= end_) return false;
  const char c = text_[p];
  if (ctx.end == End::kKey) return c == ':' && p + 1 < end_ && text_[p + 1] == ' ';
  if (c == ctx.closer) return true;
  return c == ',' && p + 1 < end_ && (text_[p + 1] == ' ' || text_[p + 1] == ctx.closer);
}

// Where plain text starting at pos_ ends: the k-th delimiter, k being this
// choice point's option (0 = shortest text).
bool ArgParser::Impl::Extent(Ctx ctx, size_t* text_end) {
  uint32_t k;
  if (!Choose(kUnbounded, &k)) return false;
  if (ctx.end == End::kWhole) {
    if (k > 0) {
      exhausted_ = true;
      return false;
    }
    *text_end = end_;
    return true;
  }
  // Only these characters can start a delimiter. Jumping from one to the
  // next (absl's table-driven search) keeps the ambiguity search's repeated
  // scans of one statement cheap.
  const char starts[2] = {ctx.end == End::kKey ? ':' : ',',
                          ctx.end == End::kKey ? ':' : ctx.closer};
  const absl::string_view delimiter_starts(starts, 2);
  const absl::string_view statement = text_.substr(0, end_);
  uint32_t seen = 0;
  for (size_t p = statement.find_first_of(delimiter_starts, pos_); p < end_;
       p = statement.find_first_of(delimiter_starts, p + 1)) {
    if (AtDelimiter(p, ctx) && seen++ == k) {
      *text_end = p;
      return true;
    }
  }
  exhausted_ = true;
  return k == 0 ? FailUnclosed(end_, ctx) : false;
}

bool ArgParser::Impl::Ref(absl::string_view name, size_t offset, Argument* out) {
  Node* node = lookup_(name);
  if (node == nullptr) pending_.push_back(PendingRef{name, offset});
  *out = Argument::Ref(node);
  return true;
}

bool ArgParser::Impl::Element(ArgSyntax syntax, Ctx ctx, Argument* out) {
  if (pos_ < end_) {
    const char c = text_[pos_];
    if (c == '%' && HasPercentRefs(syntax)) {
      const size_t name_end = source_.IdentifierEnd(pos_ + 1, end_);
      if (name_end > pos_ + 1 && AtDelimiter(name_end, ctx)) {
        const size_t at = pos_;
        pos_ = name_end;
        return Ref(text_.substr(at + 1, name_end - at - 1), at, out);
      }
      if (typed_) return Fail(name_end, name_end > pos_ + 1 ? "', ' or a closing bracket" : "a node name");
      // Otherwise it is text that happens to start with '%'.
    } else if (c == '(' && IsComplexLiteral(pos_, ctx)) {
      return Text(syntax, ctx, out);
    } else if (c == '(' || c == '[' || c == '{') {
      uint32_t alt;
      if (!Choose(2, &alt)) return false;
      if (alt == 0) return c == '{' ? Dict(syntax, out) : Sequence(syntax, out);
      return Text(syntax, ctx, out);  // e.g. the complex "(1+2j)" or a string "(b) = [c]"
    } else if (typed_ && ((c >= '0' && c <= '9') || c == '-')) {
      if (TypedInt(ctx, out)) return true;
    } else if ((c == '\'' || c == '"') && syntax != ArgSyntax::kFx) {
      std::string value;
      if (!Quoted(&value)) return false;
      *out = Argument::String(value);
      return true;
    } else if (IsIdentifierStart(c)) {
      size_t name_end = pos_ + 1;
      while (name_end < end_ && (IsIdentifierChar(text_[name_end]) || text_[name_end] == '.')) {
        ++name_end;
      }
      if (name_end < end_ && text_[name_end] == '(') return CallForm(syntax, ctx, name_end, out);
    }
  }
  return Text(syntax, ctx, out);
}

// An int in the typed spelling, the most common leaf, read without the
// plain-text path: digits hold no delimiter, so when one follows them Text
// would take exactly these digits and ScalarLiteral read them as this int.
// False (nothing consumed) for any other text.
bool ArgParser::Impl::TypedInt(Ctx ctx, Argument* out) {
  size_t p = pos_ + (text_[pos_] == '-' ? 1 : 0);
  while (p < end_ && text_[p] >= '0' && text_[p] <= '9') ++p;
  int64_t value;
  if (!AtDelimiter(p, ctx) || !ParsePyInt(text_.substr(pos_, p - pos_), &value)) return false;
  *out = Argument::Int(value);
  pos_ = p;
  return true;
}

// Python's repr of a complex number ("(1+2j)", "(-0-infj)", "(nan+1e-05j)")
// at `open`, followed by a delimiter: no tuple prints like that (a tuple has
// a comma or is "()"), so there is no tuple reading to try and backtrack
// through.
bool ArgParser::Impl::IsComplexLiteral(size_t open, Ctx ctx) const {
  size_t p = open + 1;
  while (p < end_ && absl::string_view("0123456789.+-eEjinfa").find(text_[p]) !=
                         absl::string_view::npos) {
    ++p;
  }
  return p < end_ && text_[p] == ')' && p > open + 2 && text_[p - 1] == 'j' &&
         AtDelimiter(p + 1, ctx);
}

bool ArgParser::Impl::Child(ArgSyntax syntax, Ctx ctx, uint32_t index, Argument* out) {
  // Every nested value comes through here, so this bounds the recursion.
  if (depth_ == kMaxArgumentNesting) {
    failed_ = true;
    too_deep_ = true;
    fail_offset_ = pos_;
    fail_message_ = absl::StrCat("values nested more than ", kMaxArgumentNesting,
                                 " deep (fxpp's limit, so that every format can hold them)");
    return false;
  }
  ++depth_;
  if (track_paths_) path_.push_back(index);
  const bool ok = Element(syntax, ctx, out);
  if (track_paths_) path_.pop_back();
  --depth_;
  return ok;
}

// A keyword argument's value, a return value or a default: one nesting
// level, as an element of the args tuple is (and as protobuf counts them).
bool ArgParser::Impl::TopValue(ArgSyntax syntax, Ctx ctx, Argument* out) {
  ++depth_;
  const bool ok = Element(syntax, ctx, out);
  --depth_;
  return ok;
}

bool ArgParser::Impl::Sequence(ArgSyntax syntax, Argument* out) {
  const char open = text_[pos_];
  std::vector<Argument> elements;
  if (!Elements(syntax, &elements)) return false;
  *out = open == '(' ? Argument::Tuple(std::move(elements)) : Argument::List(std::move(elements));
  return true;
}

bool ArgParser::Impl::Elements(ArgSyntax syntax, std::vector<Argument>* elements) {
  const char open = text_[pos_];
  const char close = open == '(' ? ')' : ']';
  const Ctx item{End::kItem, close};
  openers_.push_back(pos_++);
  if (pos_ < end_ && text_[pos_] == close) {
    ++pos_;
  } else {
    for (uint32_t i = 0;; ++i) {
      Argument element;
      if (!Child(syntax, item, i, &element)) return false;
      elements->push_back(std::move(element));
      if (ConsumeSeparator()) continue;
      const bool one_tuple = open == '(' && elements->size() == 1;
      if (pos_ < end_ && text_[pos_] == close) {
        if (one_tuple) return Fail(pos_, "',' (a 1-tuple prints as '(x,)')");
        ++pos_;
        break;
      }
      if (one_tuple && pos_ + 1 < end_ && text_[pos_] == ',' && text_[pos_ + 1] == ')') {
        pos_ += 2;
        break;
      }
      return pos_ >= end_ ? FailUnclosed(pos_, item)
                          : Fail(pos_, absl::StrCat("', ' or '", absl::string_view(&close, 1), "'"));
    }
  }
  openers_.pop_back();
  return true;
}

bool ArgParser::Impl::Dict(ArgSyntax syntax, Argument* out) {
  const Ctx key_ctx{End::kKey, ':'};
  const Ctx value_ctx{End::kItem, '}'};
  openers_.push_back(pos_++);
  std::vector<std::pair<Argument, Argument>> entries;
  if (pos_ < end_ && text_[pos_] == '}') {
    ++pos_;
  } else {
    for (uint32_t i = 0;; ++i) {
      Argument key;
      Argument value;
      // _format_arg prints keys with str(): text up to ": ". The other
      // spellings repr() them.
      const bool key_ok = syntax == ArgSyntax::kFx ? Text(syntax, key_ctx, &key)
                                                   : Child(syntax, key_ctx, 2 * i, &key);
      if (!key_ok || !Expect(": ") || !Child(syntax, value_ctx, 2 * i + 1, &value)) return false;
      entries.emplace_back(std::move(key), std::move(value));
      bool closed;
      if (!EndOfEntry(value_ctx, &closed)) return false;
      if (closed) break;
    }
  }
  openers_.pop_back();
  *out = Argument::Dict(std::move(entries));
  return true;
}

bool ArgParser::Impl::CallForm(ArgSyntax syntax, Ctx ctx, size_t name_end, Argument* out) {
  const absl::string_view name = text_.substr(pos_, name_end - pos_);
  const bool typed = IsTyped(syntax);
  const bool repr = !HasPercentRefs(syntax);
  const bool plain_name = name.find('.') == absl::string_view::npos;
  // The readings of `name(...)`, most specific first.
  enum class Alt : uint8_t { kStructured, kBalanced, kText };
  Alt alts[3];
  uint32_t n = 0;
  if (name == "slice" || (name == "device" && syntax != ArgSyntax::kFx) ||
      (typed && (name == "SymInt" || name == "Opaque" || name == "FloatBits")) ||
      (repr && plain_name)) {
    alts[n++] = Alt::kStructured;
  }
  if (!typed) alts[n++] = Alt::kBalanced;  // e.g. tensor([1.0, 2.0]), torch.Size([2])
  if (syntax == ArgSyntax::kFx) alts[n++] = Alt::kText;
  if (n == 0) return Fail(pos_, "a value");
  uint32_t choice = 0;
  if (n > 1 && !Choose(n, &choice)) return false;
  switch (alts[choice]) {
    case Alt::kStructured:
      if (name == "slice") return Slice(syntax, out);
      if (name == "device") return DeviceForm(out);
      if (typed && name == "SymInt") return WrappedText(ArgKind::kSymInt, out);
      if (typed && name == "Opaque") return WrappedText(ArgKind::kOpaque, out);
      if (typed && name == "FloatBits") return FloatBitsForm(out);
      return NamedTuple(syntax, name_end, out);
    case Alt::kBalanced:
      return Balanced(ctx, out);
    case Alt::kText:
      break;
  }
  return Text(syntax, ctx, out);
}

bool ArgParser::Impl::Slice(ArgSyntax syntax, Argument* out) {
  const Ctx item{End::kItem, ')'};
  openers_.push_back(pos_ + 5);
  pos_ += 6;  // "slice("
  Argument parts[3];
  for (uint32_t i = 0; i < 3; ++i) {
    if (i > 0 && !Expect(", ")) return false;
    if (!Child(SliceSyntax(syntax), item, i, &parts[i])) return false;
  }
  if (!Expect(")")) return false;
  openers_.pop_back();
  *out = Argument::Slice(std::move(parts[0]), std::move(parts[1]), std::move(parts[2]));
  return true;
}

bool ArgParser::Impl::DeviceForm(Argument* out) {
  std::string type;
  if (!Expect("device(type=") || !Quoted(&type)) return false;
  if (end_ - pos_ >= 8 && text_.compare(pos_, 8, ", index=") == 0) {
    pos_ += 8;
    const size_t digits = pos_;
    while (pos_ < end_ && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    int64_t index;
    if (!ParsePyInt(text_.substr(digits, pos_ - digits), &index)) return Fail(digits, "a device index");
    absl::StrAppend(&type, ":", index);
  }
  if (!Expect(")")) return false;
  *out = Argument::Device(type);
  return true;
}

bool ArgParser::Impl::WrappedText(ArgKind kind, Argument* out) {
  std::string text;
  if (!Expect(kind == ArgKind::kSymInt ? "SymInt(" : "Opaque(") || !Quoted(&text) || !Expect(")")) {
    return false;
  }
  *out = kind == ArgKind::kSymInt ? Argument::SymInt(text) : Argument::Opaque(text);
  return true;
}

bool ArgParser::Impl::FloatBitsForm(Argument* out) {
  std::string text;
  const size_t at = pos_ + std::strlen("FloatBits(");
  if (!Expect("FloatBits(") || !Quoted(&text) || !Expect(")")) return false;
  double value;
  if (!ParseFloatBits(text, &value)) return Fail(at, "'0x' and 16 hex digits");
  *out = Argument::Float(value);
  return true;
}

bool ArgParser::Impl::NamedTuple(ArgSyntax syntax, size_t name_end, Argument* out) {
  NamedTupleFact fact;
  fact.type_name = std::string(text_.substr(pos_, name_end - pos_));
  openers_.push_back(name_end);
  pos_ = name_end + 1;
  std::vector<Argument> elements;
  if (pos_ < end_ && text_[pos_] == ')') {
    ++pos_;
  } else {
    for (uint32_t i = 0;; ++i) {
      const size_t field_end = source_.IdentifierEnd(pos_, end_);
      if (field_end == pos_) return Fail(pos_, "a field name");
      fact.fields.emplace_back(text_.substr(pos_, field_end - pos_));
      pos_ = field_end;
      Argument element;
      if (!Expect("=") || !Child(syntax, Ctx{End::kItem, ')'}, i, &element)) return false;
      elements.push_back(std::move(element));
      if (ConsumeSeparator()) continue;
      if (!Expect(")")) return false;
      break;
    }
  }
  openers_.pop_back();
  fact.path = path_;
  named_tuples_.push_back(std::move(fact));
  *out = Argument::Tuple(std::move(elements));
  return true;
}

// `name(...)` with balanced brackets, kept verbatim as an opaque value.
bool ArgParser::Impl::Balanced(Ctx ctx, Argument* out) {
  const size_t start = pos_;
  int depth = 0;
  size_t p = pos_;
  for (; p < end_; ++p) {
    const char c = text_[p];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) break;
    } else if (c == '\'' || c == '"') {
      const PyStringLiteral lit = ParsePyStringLiteral(text_.substr(0, end_), p);
      if (!lit.ok) return Fail(lit.error_offset, "a closed string literal");
      p = lit.end - 1;
    }
  }
  if (p >= end_) return Fail(end_, "a closing bracket");
  ++p;
  if (!AtDelimiter(p, ctx)) return Fail(p, "a delimiter after ')'");
  *out = Argument::Opaque(text_.substr(start, p - start));
  pos_ = p;
  return true;
}

bool ArgParser::Impl::Text(ArgSyntax syntax, Ctx ctx, Argument* out) {
  const size_t start = pos_;
  size_t text_end;
  if (!Extent(ctx, &text_end)) return false;
  pos_ = text_end;
  return Literal(syntax, text_.substr(start, text_end - start), start, out);
}

bool ArgParser::Impl::Literal(ArgSyntax syntax, absl::string_view text, size_t offset, Argument* out) {
  if (syntax == ArgSyntax::kFx) {
    if (!retrying_) {
      *out = StrLiteral(text);
      return true;
    }
    auto [it, added] = fx_literals_.try_emplace(std::make_pair(offset, text.size()));
    if (added) it->second = StrLiteral(text);
    *out = it->second;
    return true;
  }
  if (ScalarLiteral(text, out)) return true;
  if (syntax == ArgSyntax::kRepr || syntax == ArgSyntax::kTypedRepr) {
    if (IsBareNodeName(text)) {
      if (!refs_allowed_) return Fail(offset, "a constant (a default cannot refer to a node)");
      return Ref(text, offset, out);
    }
  }
  if (syntax == ArgSyntax::kRepr) {
    // repr() of values the typed spelling wraps in SymInt(...)/Opaque(...).
    if (IsPyBigInt(text) || IsPyComplex(text)) {
      *out = Argument::Opaque(text);
      return true;
    }
    if (IsSymIntText(text)) {
      *out = Argument::SymInt(text);
      return true;
    }
  }
  return Fail(offset, "a value");
}

bool ArgParser::Impl::Quoted(std::string* out) {
  const PyStringLiteral lit = ParsePyStringLiteral(text_.substr(0, end_), pos_);
  if (!lit.ok) {
    if (!failed_ || lit.error_offset > fail_offset_) {
      failed_ = true;
      fail_offset_ = lit.error_offset;
      fail_message_ = lit.error;
    }
    return false;
  }
  *out = std::move(lit.value);
  pos_ = lit.end;
  return true;
}

// Python's str(value) of a return value or default: containers repr() their
// items, leaves print as in _format_arg, a node as its bare name.
bool ArgParser::Impl::TopLevelStr(Argument* out) {
  const size_t start = pos_;
  bool structured = false;
  if (start < end_) {
    const char c = text_[start];
    structured = c == '(' || c == '[' || c == '{';
    if (IsIdentifierStart(c)) {
      size_t p = start + 1;
      while (p < end_ && (IsIdentifierChar(text_[p]) || text_[p] == '.')) ++p;
      structured = p < end_ && text_[p] == '(';
    }
  }
  if (structured) {
    uint32_t alt;
    if (!Choose(2, &alt)) return false;
    if (alt == 0) {
      if (!TopValue(ArgSyntax::kRepr, Ctx{End::kWhole, 0}, out)) return false;
      return pos_ == end_ || Fail(pos_, "end of line");
    }
  }
  const absl::string_view text = text_.substr(start, end_ - start);
  pos_ = end_;
  if (refs_allowed_ && IsBareNodeName(text)) {
    bare_name_ = true;
    return Ref(text, start, out);
  }
  *out = StrLiteral(text);
  // A bracketed return value that is no value is more likely broken than a
  // string; defaults, which cannot name nodes, keep the string reading.
  if (structured && refs_allowed_ && out->kind() == ArgKind::kString) {
    return Fail(start, "a return value");
  }
  return true;
}

// ---- parsing: entry points ---------------------------------------------------

bool ArgParser::Impl::ParseCallArgs(size_t begin, size_t end, std::vector<Argument>* args,
                              KwArgs* kwargs) {
  refs_allowed_ = true;
  track_paths_ = false;
  const ArgSyntax syntax = typed_ ? ArgSyntax::kTypedFx : ArgSyntax::kFx;
  absl::InlinedVector<size_t, 8> name_offsets;  // of the keywords, for errors
  const bool parsed = Search(begin, end, [&] {
    args->clear();
    kwargs->clear();
    name_offsets.clear();
    args->reserve(4);  // most calls take a few arguments
    if (!Expect("(args = ")) return false;
    if (pos_ >= end_ || text_[pos_] != '(') return Fail(pos_, "'(' starting the args tuple");
    if (!Elements(syntax, args)) return false;
    if (!Expect(", kwargs = {")) return false;
    const Ctx value_ctx{End::kItem, '}'};
    openers_.push_back(pos_ - 1);
    if (pos_ < end_ && text_[pos_] == '}') {
      ++pos_;
    } else {
      for (;;) {
        std::string quoted;
        absl::string_view name;
        const size_t name_at = pos_;
        if (typed_ && pos_ < end_ && (text_[pos_] == '\'' || text_[pos_] == '"')) {
          if (!Quoted(&quoted)) return false;
          name = quoted;
        } else {
          size_t name_end;
          if (!Extent(Ctx{End::kKey, ':'}, &name_end)) return false;
          name = text_.substr(pos_, name_end - pos_);
          pos_ = name_end;
        }
        if (name.empty()) return Fail(name_at, "a keyword argument name");
        Argument value;
        if (!Expect(": ") || !TopValue(syntax, value_ctx, &value)) return false;
        kwargs->push_back(KwArg{Symbol::Intern(name), std::move(value)});
        name_offsets.push_back(name_at);
        bool closed;
        if (!EndOfEntry(value_ctx, &closed)) return false;
        if (closed) break;
      }
    }
    openers_.pop_back();
    if (!Expect(")")) return false;
    return pos_ == end_ || Fail(pos_, "end of line");
  });
  if (!parsed) return false;
  // Python has no keyword given twice, and the protobuf readers refuse one.
  // Checked on the reading found, as the verifier did before: another
  // reading of untyped text without the repeat would be a surprise.
  const size_t repeat = RepeatedKeyword(*kwargs);
  if (repeat == std::string::npos) return true;
  failed_ = true;
  fail_offset_ = name_offsets[repeat];
  fail_message_ =
      absl::StrCat("keyword argument '", (*kwargs)[repeat].name.str(), "' is given twice");
  return false;
}

bool ArgParser::Impl::ParseDefault(size_t begin, size_t end, Argument* value) {
  // FX defaults are constants, so a bare name in one is text; the typed
  // spelling quotes strings and can keep any reference the IR holds.
  refs_allowed_ = typed_;
  track_paths_ = true;
  return Search(begin, end, [&] {
    if (!typed_) return TopLevelStr(value);
    return TopValue(ArgSyntax::kTypedRepr, Ctx{End::kWhole, 0}, value) &&
           (pos_ == end_ || Fail(pos_, "end of the default value"));
  });
}

bool ArgParser::Impl::ParseReturn(size_t begin, size_t end, Argument* value) {
  refs_allowed_ = true;
  track_paths_ = true;
  return Search(begin, end, [&] {
    if (!typed_) return TopLevelStr(value);
    return TopValue(ArgSyntax::kTypedRepr, Ctx{End::kWhole, 0}, value) &&
           (pos_ == end_ || Fail(pos_, "end of line"));
  });
}

// ---- ArgParser ----------------------------------------------------------------

ArgParser::ArgParser(const SourceText& source, Lookup lookup, bool typed)
    : impl_(std::make_unique<Impl>(source, lookup, typed)) {}
ArgParser::~ArgParser() = default;

bool ArgParser::ParseCallArgs(size_t begin, size_t end, std::vector<Argument>* args,
                              KwArgs* kwargs) {
  return impl_->ParseCallArgs(begin, end, args, kwargs);
}
bool ArgParser::ParseDefault(size_t begin, size_t end, Argument* value) {
  return impl_->ParseDefault(begin, end, value);
}
bool ArgParser::ParseReturn(size_t begin, size_t end, Argument* value) {
  return impl_->ParseReturn(begin, end, value);
}
void ArgParser::StartStatement() { impl_->StartStatement(); }
const std::vector<PendingRef>& ArgParser::pending_refs() const { return impl_->pending_refs(); }
std::vector<NamedTupleFact> ArgParser::TakeNamedTuples() { return impl_->TakeNamedTuples(); }
bool ArgParser::bare_name() const { return impl_->bare_name(); }
absl::Status ArgParser::error() const { return impl_->error(); }

}  // namespace fxpp
