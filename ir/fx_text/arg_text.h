// Printing and parsing of Arguments in the spellings FX text uses. Internal to
// //ir/fx_text; the rules are documented in fx_text.h.
#ifndef FXPP_IR_FX_TEXT_ARG_TEXT_H_
#define FXPP_IR_FX_TEXT_ARG_TEXT_H_

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/argument.h"
#include "ir/fx_text/lexer.h"

namespace fxpp {

// The spellings of an Argument.
enum class ArgSyntax : uint8_t {
  kFx,         // _format_arg (args, kwargs): str() leaves, `%name` refs
  kRepr,       // repr() (slices, containers of return values and defaults): bare refs
  kTypedFx,    // lossless variant of kFx: typed leaves, `%name` refs
  kTypedRepr,  // lossless variant of kRepr: typed leaves, bare refs
};

// A tuple that Python printed as a namedtuple, `Point(x=a, y=b)`. `path`
// indexes from the printed value down to the tuple (a dict's keys and values
// count as alternating elements, as in Argument::elements()).
struct NamedTupleFact {
  std::vector<uint32_t> path;
  std::string type_name;
  std::vector<std::string> fields;
};

// Buffered appends to a std::string. A node's line is a few dozen short
// pieces, and std::string::append's out-of-line bookkeeping per piece cost
// more than copying the bytes; pieces gather here and reach the string in
// large appends.
class TextWriter {
 public:
  explicit TextWriter(std::string* out) : out_(out) {}
  ~TextWriter() { Flush(); }
  TextWriter(const TextWriter&) = delete;
  TextWriter& operator=(const TextWriter&) = delete;

  void Append(absl::string_view s) {
    if (s.size() > kCapacity - used_) return AppendLong(s);
    std::copy(s.begin(), s.end(), buffer_ + used_);
    used_ += s.size();
  }
  void Append(char c) {
    if (used_ == kCapacity) Flush();
    buffer_[used_++] = c;
  }
  void AppendInt(int64_t v) {
    if (kCapacity - used_ < kMaxIntChars) Flush();
    used_ = std::to_chars(buffer_ + used_, buffer_ + kCapacity, v).ptr - buffer_;
  }
  // The string holding everything written so far, for code that appends to
  // a std::string itself.
  std::string* Flush() {
    out_->append(buffer_, used_);
    used_ = 0;
    return out_;
  }

 private:
  static constexpr size_t kCapacity = 4096;
  static constexpr size_t kMaxIntChars = 20;  // "-9223372036854775808"

  void AppendLong(absl::string_view s) {
    Flush();
    if (s.size() < kCapacity) return Append(s);
    out_->append(s.data(), s.size());
  }

  std::string* out_;
  size_t used_ = 0;
  char buffer_[kCapacity];
};

class ArgPrinter {
 public:
  // `named_tuples`, when given, applies to the value printed by PrintTopLevel.
  explicit ArgPrinter(TextWriter* out, const std::vector<NamedTupleFact>* named_tuples = nullptr)
      : out_(out), named_tuples_(named_tuples) {}

  void Print(const Argument& arg, ArgSyntax syntax);
  // A return value or placeholder default: Python's str(value), or kTypedRepr.
  void PrintTopLevel(const Argument& arg, bool typed);
  // A call's args tuple.
  void PrintArgs(const std::vector<Argument>& args, bool typed);
  // A call's kwargs dict.
  void PrintKwargs(const KwArgs& kwargs, bool typed);

 private:
  void PrintSequence(const std::vector<Argument>& elements, ArgSyntax syntax, char open,
                     char close, bool tuple);
  bool PrintNamedTuple(const Argument& tuple, ArgSyntax syntax);
  void PrintChild(const Argument& arg, uint32_t index, ArgSyntax syntax);

  TextWriter* out_;
  const std::vector<NamedTupleFact>* named_tuples_;
  std::vector<uint32_t> path_;  // maintained only when named_tuples_ is set
};

// A reference to a node the lookup did not know (yet): its Argument holds
// nullptr until the caller resolves it.
struct PendingRef {
  absl::string_view name;  // points into the source text
  size_t offset;
};

// Reads the argument parts of FX statements. Text in the kFx spelling is
// ambiguous (strings are unquoted and may contain any delimiter); the parser
// explores the readings in a fixed preference order and takes the first that
// accounts for the whole statement:
//   1. `%name` followed by a delimiter is a node reference;
//   2. a bracket opens a container, `slice(`/`device(`/`Name(` a call form,
//      before any reading as plain text;
//   3. plain text ends at the earliest delimiter that lets the rest parse
//      (`, `, the enclosing closer, or `: ` after a dict key), so strings
//      take `, ` only when nothing else fits;
//   4. plain text is a literal when printing that literal gives the same
//      bytes (None, True, 3, 1e-05, torch.float32, cpu, s0 + 1, (1+2j)),
//      otherwise a string.
// The typed spellings are unambiguous and parsed without backtracking.
class ArgParser {
 public:
  using Lookup = absl::FunctionRef<Node*(absl::string_view)>;
  ArgParser(const SourceText& source, Lookup lookup, bool typed)
      : source_(source), text_(source.text()), lookup_(lookup), typed_(typed) {}

  // "(args = (...), kwargs = {...})" covering [begin, end) exactly.
  bool ParseCallArgs(size_t begin, size_t end, std::vector<Argument>* args, KwArgs* kwargs);
  // The text of a placeholder's default, [begin, end).
  bool ParseDefault(size_t begin, size_t end, Argument* value);
  // The text after "return ", [begin, end).
  bool ParseReturn(size_t begin, size_t end, Argument* value);

  // Bounds the search on adversarial text (the most ambiguous fixtures,
  // testing/graphs/*/hand_string_args.fx, need at most 16 attempts). One
  // budget covers every parse of a statement, whatever number of line
  // extents (continuation lines) the caller tries, so parsing time stays
  // linear in the text: call StartStatement before a statement's first
  // parse.
  static constexpr int kMaxAttemptsPerStatement = 256;
  void StartStatement() { attempts_left_ = kMaxAttemptsPerStatement; }

  // After a successful parse.
  const std::vector<PendingRef>& pending_refs() const { return pending_; }
  std::vector<NamedTupleFact> TakeNamedTuples() { return std::move(named_tuples_); }
  // The return value was a bare name (str(node), or a string with that text).
  bool bare_name() const { return bare_name_; }

  // After a failed parse: "file:line:col: expected ..., found ...".
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

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_ARG_TEXT_H_
