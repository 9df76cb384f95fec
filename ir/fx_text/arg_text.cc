#include "ir/fx_text/arg_text.h"

#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/fx_text/py_repr.h"
#include "ir/limits.h"
#include "ir/names.h"
#include "ir/node.h"

namespace fxpp {
namespace {

bool IsTyped(ArgSyntax s) { return s == ArgSyntax::kTypedFx || s == ArgSyntax::kTypedRepr; }
bool HasPercentRefs(ArgSyntax s) { return s == ArgSyntax::kFx || s == ArgSyntax::kTypedFx; }
// Slice parts are always repr()'d, in both the FX and the typed spelling.
ArgSyntax SliceSyntax(ArgSyntax s) { return IsTyped(s) ? ArgSyntax::kTypedRepr : ArgSyntax::kRepr; }

// "cuda:0" -> ("cuda", "0"); ("cpu", "") when there is no canonical index.
std::pair<absl::string_view, absl::string_view> SplitDevice(absl::string_view device) {
  const size_t colon = device.rfind(':');
  if (colon == absl::string_view::npos || colon == 0) return {device, {}};
  int64_t index;
  const absl::string_view digits = device.substr(colon + 1);
  if (!ParsePyInt(digits, &index) || index < 0) return {device, {}};
  return {device.substr(0, colon), digits};
}

void AppendDeviceRepr(absl::string_view device, std::string* out) {
  const auto [type, index] = SplitDevice(device);
  out->append("device(type=");
  AppendPyStrRepr(type, out);
  if (!index.empty()) {
    out->append(", index=");
    out->append(index.data(), index.size());
  }
  out->push_back(')');
}

// Device types torch.device accepts (c10/core/DeviceType.cpp).
bool IsDeviceText(absl::string_view text) {
  static constexpr absl::string_view kTypes[] = {
      "cpu", "cuda", "mps", "meta", "xpu", "hpu", "xla", "lazy", "ipu", "mtia", "privateuseone",
      "hip", "ve", "fpga", "maia", "vulkan", "opengl", "opencl", "ideep", "mkldnn", "ort"};
  const auto [type, index] = SplitDevice(text);
  if (index.empty() && type.size() != text.size()) return false;
  for (absl::string_view t : kTypes) {
    if (t == type) return true;
  }
  return false;
}

// str() of a SymInt: sympy's printing of an expression over symbols s0, s1,
// ... (backed) and u0, u1, ... (unbacked): "s0", "s0 + 1", "2*s1", "(s0//2)".
bool IsSymIntText(absl::string_view t) {
  if (t.empty() || t.front() == ' ' || t.back() == ' ') return false;
  bool has_symbol = false;
  int depth = 0;
  for (size_t i = 0; i < t.size();) {
    const char c = t[i];
    if (c == 's' || c == 'u' || (c >= '0' && c <= '9')) {
      size_t j = c >= '0' && c <= '9' ? i : i + 1;
      const size_t digits_start = j;
      while (j < t.size() && t[j] >= '0' && t[j] <= '9') ++j;
      if (j == digits_start || (j < t.size() && IsIdentChar(t[j]))) return false;
      has_symbol |= c == 's' || c == 'u';
      i = j;
      continue;
    }
    if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (--depth < 0) return false;
    } else if (c == ' ') {
      if (t[i + 1] == ' ') return false;
    } else if (c != '+' && c != '-' && c != '*' && c != '/' && c != '%') {
      return false;
    }
    ++i;
  }
  return has_symbol && depth == 0;
}

// The literals whose spelling is the same in every syntax; true when `text`
// is exactly one of them as Python prints it.
bool ScalarLiteral(absl::string_view text, Argument* out) {
  if (text.empty()) return false;
  const char c = text[0];
  if ((c >= '0' && c <= '9') || c == '-' || c == 'i' || c == 'n') {
    int64_t i;
    double f;
    if (ParsePyInt(text, &i)) {
      *out = Argument::Int(i);
      return true;
    }
    if (ParsePyFloat(text, &f)) {
      *out = Argument::Float(f);
      return true;
    }
    return false;
  }
  if (text == "None") {
    *out = Argument::None();
  } else if (text == "True" || text == "False") {
    *out = Argument::Bool(text == "True");
  } else if (text == "Ellipsis") {
    *out = Argument::EllipsisValue();
  } else if (text.size() > 6 && text.substr(0, 6) == "torch.") {
    // Only canonical names: str(torch.long) is "torch.int64".
    const absl::string_view name = text.substr(6);
    if (absl::optional<ScalarType> t = ParseScalarType(name); t && ScalarTypeName(*t) == name) {
      *out = Argument::Dtype(*t);
    } else if (absl::optional<MemoryFormat> f = ParseMemoryFormat(name);
               f && MemoryFormatName(*f) == name) {
      *out = Argument::Format(*f);
    } else if (absl::optional<Layout> l = ParseLayout(name); l && LayoutName(*l) == name) {
      *out = Argument::LayoutValue(*l);
    } else {
      return false;
    }
  } else {
    return false;
  }
  return true;
}

// A leaf printed with str(): the typed value whose str() is `text`, or the
// string itself. Never fails: every text is some string.
Argument StrLiteral(absl::string_view text) {
  Argument a;
  if (ScalarLiteral(text, &a)) return a;
  if (IsPyBigInt(text) || IsPyComplex(text)) return Argument::Opaque(text);
  if (IsDeviceText(text)) return Argument::Device(text);
  if (IsSymIntText(text)) return Argument::SymInt(text);
  return Argument::String(text);
}

bool IsBareNodeName(absl::string_view text) {
  return IsPythonIdentifier(text) && !IsReservedPythonName(text);
}

}  // namespace

// ---- printing ---------------------------------------------------------------

void ArgPrinter::Print(const Argument& arg, ArgSyntax syntax) {
  const bool typed = IsTyped(syntax);
  switch (arg.kind()) {
    case ArgKind::kNone:
      out_->Append("None");
      return;
    case ArgKind::kBool:
      out_->Append(arg.bool_value() ? "True" : "False");
      return;
    case ArgKind::kInt:
      out_->AppendInt(arg.int_value());
      return;
    case ArgKind::kFloat:
      if (IsTyped(syntax) && NeedsFloatBits(arg.float_value())) {
        AppendFloatBits(arg.float_value(), out_->Flush());
      } else {
        AppendPyFloatRepr(arg.float_value(), out_->Flush());
      }
      return;
    case ArgKind::kString:
      if (syntax == ArgSyntax::kFx) {
        out_->Append(arg.text());
      } else {
        AppendPyStrRepr(arg.text(), out_->Flush());
      }
      return;
    case ArgKind::kNode:
      if (HasPercentRefs(syntax)) out_->Append('%');
      if (arg.node() != nullptr) out_->Append(arg.node()->name());
      return;
    case ArgKind::kList:
      PrintSequence(arg.elements(), syntax, '[', ']', false);
      return;
    case ArgKind::kTuple:
      if (!PrintNamedTuple(arg, syntax)) PrintSequence(arg.elements(), syntax, '(', ')', true);
      return;
    case ArgKind::kDict:
      out_->Append('{');
      for (size_t i = 0; i < arg.dict_size(); ++i) {
        if (i > 0) out_->Append(", ");
        if (syntax == ArgSyntax::kFx) {
          // _format_arg writes f'{k}': str() of the key.
          if (named_tuples_ != nullptr) path_.push_back(static_cast<uint32_t>(2 * i));
          PrintTopLevel(arg.dict_key(i), false);
          if (named_tuples_ != nullptr) path_.pop_back();
        } else {
          PrintChild(arg.dict_key(i), static_cast<uint32_t>(2 * i), syntax);
        }
        out_->Append(": ");
        PrintChild(arg.dict_value(i), static_cast<uint32_t>(2 * i + 1), syntax);
      }
      out_->Append('}');
      return;
    case ArgKind::kSlice:
      out_->Append("slice(");
      for (uint32_t i = 0; i < 3; ++i) {
        if (i > 0) out_->Append(", ");
        PrintChild(arg.elements()[i], i, SliceSyntax(syntax));
      }
      out_->Append(')');
      return;
    case ArgKind::kDtype:
      out_->Append("torch.");
      out_->Append(ScalarTypeName(arg.dtype()));
      return;
    case ArgKind::kMemoryFormat:
      out_->Append("torch.");
      out_->Append(MemoryFormatName(arg.memory_format()));
      return;
    case ArgKind::kLayout:
      out_->Append("torch.");
      out_->Append(LayoutName(arg.layout()));
      return;
    case ArgKind::kDevice:
      if (syntax == ArgSyntax::kFx) {
        out_->Append(arg.text());
      } else {
        AppendDeviceRepr(arg.text(), out_->Flush());
      }
      return;
    case ArgKind::kSymInt:
    case ArgKind::kOpaque:
      if (typed) {
        out_->Append(arg.kind() == ArgKind::kSymInt ? "SymInt(" : "Opaque(");
        AppendPyStrRepr(arg.text(), out_->Flush());
        out_->Append(')');
      } else {
        out_->Append(arg.text());
      }
      return;
    case ArgKind::kEllipsis:
      out_->Append("Ellipsis");
      return;
  }
}

void ArgPrinter::PrintTopLevel(const Argument& arg, bool typed) {
  if (typed) {
    Print(arg, ArgSyntax::kTypedRepr);
  } else if (arg.is_composite()) {
    Print(arg, ArgSyntax::kRepr);  // str() of a container repr()s its items
  } else if (arg.is_node()) {
    Print(arg, ArgSyntax::kRepr);  // str(node) is its bare name
  } else {
    Print(arg, ArgSyntax::kFx);    // str() of a leaf, as _format_arg writes it
  }
}

void ArgPrinter::PrintArgs(const std::vector<Argument>& args, bool typed) {
  PrintSequence(args, typed ? ArgSyntax::kTypedFx : ArgSyntax::kFx, '(', ')', true);
}

void ArgPrinter::PrintKwargs(const KwArgs& kwargs, bool typed) {
  out_->Append('{');
  for (size_t i = 0; i < kwargs.size(); ++i) {
    if (i > 0) out_->Append(", ");
    const absl::string_view name = kwargs[i].name.str();
    if (typed && !IsWord(name)) {
      AppendPyStrRepr(name, out_->Flush());
    } else {
      out_->Append(name);
    }
    out_->Append(": ");
    Print(kwargs[i].value, typed ? ArgSyntax::kTypedFx : ArgSyntax::kFx);
  }
  out_->Append('}');
}

void ArgPrinter::PrintSequence(const std::vector<Argument>& elements, ArgSyntax syntax, char open,
                               char close, bool tuple) {
  out_->Append(open);
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out_->Append(", ");
    PrintChild(elements[i], static_cast<uint32_t>(i), syntax);
  }
  if (tuple && elements.size() == 1) out_->Append(',');
  out_->Append(close);
}

void ArgPrinter::PrintChild(const Argument& arg, uint32_t index, ArgSyntax syntax) {
  if (named_tuples_ == nullptr) {
    Print(arg, syntax);
    return;
  }
  path_.push_back(index);
  Print(arg, syntax);
  path_.pop_back();
}

bool ArgPrinter::PrintNamedTuple(const Argument& tuple, ArgSyntax syntax) {
  if (named_tuples_ == nullptr || HasPercentRefs(syntax)) return false;
  for (const NamedTupleFact& fact : *named_tuples_) {
    if (fact.path != path_ || fact.fields.size() != tuple.elements().size()) continue;
    out_->Append(fact.type_name);
    out_->Append('(');
    for (size_t i = 0; i < fact.fields.size(); ++i) {
      if (i > 0) out_->Append(", ");
      out_->Append(fact.fields[i]);
      out_->Append('=');
      PrintChild(tuple.elements()[i], static_cast<uint32_t>(i), syntax);
    }
    out_->Append(')');
    return true;
  }
  return false;
}

// ---- parsing: backtracking ----------------------------------------------------

namespace {
constexpr uint32_t kUnbounded = ~uint32_t{0};
}  // namespace

// Runs `attempt` until it succeeds, each time taking the next combination of
// options in depth-first order: the last choice point reached advances first,
// and a choice point whose options are used up is dropped. The first attempt
// takes option 0 everywhere, so unambiguous text is parsed exactly once.
template <typename Fn>
bool ArgParser::Search(size_t begin, size_t end, Fn&& attempt) {
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

bool ArgParser::Choose(uint32_t options, uint32_t* choice) {
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
bool ArgParser::ConsumeSeparator() {
  if (pos_ + 1 < end_ && text_[pos_] == ',' && text_[pos_ + 1] == ' ') {
    pos_ += 2;
    return true;
  }
  return false;
}

// After a dict entry: ", " continues (*closed = false), '}' ends it.
bool ArgParser::EndOfEntry(Ctx value_ctx, bool* closed) {
  *closed = false;
  if (ConsumeSeparator()) return true;
  if (pos_ < end_ && text_[pos_] == '}') {
    ++pos_;
    *closed = true;
    return true;
  }
  return pos_ >= end_ ? FailUnclosed(pos_, value_ctx) : Fail(pos_, "', ' or '}'");
}

bool ArgParser::Fail(size_t offset, absl::string_view expected) {
  // The error to report is the one that got furthest into the statement.
  if (!too_deep_ && (!failed_ || offset > fail_offset_)) {
    failed_ = true;
    fail_offset_ = offset;
    fail_message_ = absl::StrCat("expected ", expected, ", found ", source_.Found(offset));
  }
  return false;
}

bool ArgParser::FailUnclosed(size_t offset, Ctx ctx) {
  if (ctx.end == End::kKey) return Fail(offset, "': ' after a dict key");
  if (openers_.empty()) return Fail(offset, "a value");
  const size_t opener = openers_.back();
  return Fail(offset, absl::StrCat("'", absl::string_view(&ctx.closer, 1), "' to close '",
                                   absl::string_view(&text_[opener], 1), "' at ",
                                   source_.Position(opener)));
}

bool ArgParser::Expect(absl::string_view literal) {
  if (end_ - pos_ >= literal.size() && text_.compare(pos_, literal.size(), literal) == 0) {
    pos_ += literal.size();
    return true;
  }
  std::string quoted;
  AppendPyStrRepr(literal, &quoted);
  return Fail(pos_, quoted);
}

// ---- parsing: grammar -----------------------------------------------------------

bool ArgParser::AtDelimiter(size_t p, Ctx ctx) const {
  if (ctx.end == End::kWhole) return p == end_;
  if (p >= end_) return false;
  const char c = text_[p];
  if (ctx.end == End::kKey) return c == ':' && p + 1 < end_ && text_[p + 1] == ' ';
  if (c == ctx.closer) return true;
  return c == ',' && p + 1 < end_ && (text_[p + 1] == ' ' || text_[p + 1] == ctx.closer);
}

// Where plain text starting at pos_ ends: the k-th delimiter, k being this
// choice point's option (0 = shortest text).
bool ArgParser::Extent(Ctx ctx, size_t* text_end) {
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

bool ArgParser::Ref(absl::string_view name, size_t offset, Argument* out) {
  Node* node = lookup_(name);
  if (node == nullptr) pending_.push_back(PendingRef{name, offset});
  *out = Argument::Ref(node);
  return true;
}

bool ArgParser::Element(ArgSyntax syntax, Ctx ctx, Argument* out) {
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
    } else if ((c == '\'' || c == '"') && syntax != ArgSyntax::kFx) {
      std::string value;
      if (!Quoted(&value)) return false;
      *out = Argument::String(value);
      return true;
    } else if (IsIdentStart(c)) {
      size_t name_end = pos_ + 1;
      while (name_end < end_ && (IsIdentChar(text_[name_end]) || text_[name_end] == '.')) {
        ++name_end;
      }
      if (name_end < end_ && text_[name_end] == '(') return CallForm(syntax, ctx, name_end, out);
    }
  }
  return Text(syntax, ctx, out);
}

// Python's repr of a complex number ("(1+2j)", "(-0-infj)", "(nan+1e-05j)")
// at `open`, followed by a delimiter: no tuple prints like that (a tuple has
// a comma or is "()"), so there is no tuple reading to try and backtrack
// through.
bool ArgParser::IsComplexLiteral(size_t open, Ctx ctx) const {
  size_t p = open + 1;
  while (p < end_ && absl::string_view("0123456789.+-eEjinfa").find(text_[p]) !=
                         absl::string_view::npos) {
    ++p;
  }
  return p < end_ && text_[p] == ')' && p > open + 2 && text_[p - 1] == 'j' &&
         AtDelimiter(p + 1, ctx);
}

bool ArgParser::Child(ArgSyntax syntax, Ctx ctx, uint32_t index, Argument* out) {
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
bool ArgParser::TopValue(ArgSyntax syntax, Ctx ctx, Argument* out) {
  ++depth_;
  const bool ok = Element(syntax, ctx, out);
  --depth_;
  return ok;
}

bool ArgParser::Sequence(ArgSyntax syntax, Argument* out) {
  const char open = text_[pos_];
  std::vector<Argument> elements;
  if (!Elements(syntax, &elements)) return false;
  *out = open == '(' ? Argument::Tuple(std::move(elements)) : Argument::List(std::move(elements));
  return true;
}

bool ArgParser::Elements(ArgSyntax syntax, std::vector<Argument>* elements) {
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

bool ArgParser::Dict(ArgSyntax syntax, Argument* out) {
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

bool ArgParser::CallForm(ArgSyntax syntax, Ctx ctx, size_t name_end, Argument* out) {
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

bool ArgParser::Slice(ArgSyntax syntax, Argument* out) {
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

bool ArgParser::DeviceForm(Argument* out) {
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

bool ArgParser::WrappedText(ArgKind kind, Argument* out) {
  std::string text;
  if (!Expect(kind == ArgKind::kSymInt ? "SymInt(" : "Opaque(") || !Quoted(&text) || !Expect(")")) {
    return false;
  }
  *out = kind == ArgKind::kSymInt ? Argument::SymInt(text) : Argument::Opaque(text);
  return true;
}

bool ArgParser::FloatBitsForm(Argument* out) {
  std::string text;
  const size_t at = pos_ + std::strlen("FloatBits(");
  if (!Expect("FloatBits(") || !Quoted(&text) || !Expect(")")) return false;
  double value;
  if (!ParseFloatBits(text, &value)) return Fail(at, "'0x' and 16 hex digits");
  *out = Argument::Float(value);
  return true;
}

bool ArgParser::NamedTuple(ArgSyntax syntax, size_t name_end, Argument* out) {
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
bool ArgParser::Balanced(Ctx ctx, Argument* out) {
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

bool ArgParser::Text(ArgSyntax syntax, Ctx ctx, Argument* out) {
  const size_t start = pos_;
  size_t text_end;
  if (!Extent(ctx, &text_end)) return false;
  pos_ = text_end;
  return Literal(syntax, text_.substr(start, text_end - start), start, out);
}

bool ArgParser::Literal(ArgSyntax syntax, absl::string_view text, size_t offset, Argument* out) {
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

bool ArgParser::Quoted(std::string* out) {
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
bool ArgParser::TopLevelStr(Argument* out) {
  const size_t start = pos_;
  bool structured = false;
  if (start < end_) {
    const char c = text_[start];
    structured = c == '(' || c == '[' || c == '{';
    if (IsIdentStart(c)) {
      size_t p = start + 1;
      while (p < end_ && (IsIdentChar(text_[p]) || text_[p] == '.')) ++p;
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

bool ArgParser::ParseCallArgs(size_t begin, size_t end, std::vector<Argument>* args,
                              KwArgs* kwargs) {
  refs_allowed_ = true;
  track_paths_ = false;
  const ArgSyntax syntax = typed_ ? ArgSyntax::kTypedFx : ArgSyntax::kFx;
  return Search(begin, end, [&] {
    args->clear();
    kwargs->clear();
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
        bool closed;
        if (!EndOfEntry(value_ctx, &closed)) return false;
        if (closed) break;
      }
    }
    openers_.pop_back();
    if (!Expect(")")) return false;
    return pos_ == end_ || Fail(pos_, "end of line");
  });
}

bool ArgParser::ParseDefault(size_t begin, size_t end, Argument* value) {
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

bool ArgParser::ParseReturn(size_t begin, size_t end, Argument* value) {
  refs_allowed_ = true;
  track_paths_ = true;
  return Search(begin, end, [&] {
    if (!typed_) return TopLevelStr(value);
    return TopValue(ArgSyntax::kTypedRepr, Ctx{End::kWhole, 0}, value) &&
           (pos_ == end_ || Fail(pos_, "end of line"));
  });
}

}  // namespace fxpp
