// Source text with positions and the scanning primitives shared by fxpp's
// text formats (FX text, fxg). Every parse error is an absl::Status whose
// message starts with "filename:line:column: " (ir/diagnostic.h). Positions
// are byte offsets while parsing; they become line:column only when an error
// is reported, so the hot path never counts lines.
#ifndef FXPP_IR_FX_TEXT_LEXER_H_
#define FXPP_IR_FX_TEXT_LEXER_H_

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/identifier_chars.h"

namespace fxpp {

// True when `text` is non-empty and made of identifier characters and the
// characters in `extra`: the names formats may leave unquoted.
bool IsWord(absl::string_view text, absl::string_view extra = {});

// Whether a reader still scans its text for invalid UTF-8, or was given
// text its caller checked as it copied it (AppendCheckingUtf8, py_repr.h):
// a second scan of tens of megabytes, out of cache by then, costs a twentieth
// of the read.
enum class Utf8Check : bool { kScan, kAlreadyChecked };

class SourceText {
 public:
  SourceText(absl::string_view text, absl::string_view filename)
      : text_(text), filename_(filename) {}

  absl::string_view text() const { return text_; }
  absl::string_view filename() const { return filename_; }
  size_t size() const { return text_.size(); }
  char operator[](size_t offset) const { return text_[offset]; }
  // Straight to memcmp: with the literal's length known at the call site,
  // the comparison is inlined (string_view::compare would call memcmp with
  // a length it clamps at run time). Called several times on every line.
  bool StartsWith(size_t offset, absl::string_view s) const {
    return offset <= text_.size() && text_.size() - offset >= s.size() &&
           (s.empty() || std::memcmp(text_.data() + offset, s.data(), s.size()) == 0);
  }
  // One past the last character of the line holding `offset` (a '\n' or the
  // end of the text). Inline, straight to memchr: called on every line.
  size_t LineEnd(size_t offset) const {
    if (offset >= text_.size()) return text_.size();
    if (offset >= utf8_checked_) CheckUtf8Ahead(offset);
    const void* nl = std::memchr(text_.data() + offset, '\n', text_.size() - offset);
    return nl == nullptr ? text_.size() : static_cast<const char*>(nl) - text_.data();
  }
  // Where the line after the one ending at `line_end` (its '\n', or the end
  // of the text) starts: the end of the text when there is none.
  size_t LineAfter(size_t line_end) const {
    return line_end < text_.size() ? line_end + 1 : line_end;
  }
  // End of the identifier starting at `offset` (== offset when there is
  // none), at most `limit`. Inline: node names are scanned on every line.
  size_t IdentifierEnd(size_t offset, size_t limit) const {
    const char* p = text_.data();
    if (offset >= limit || !IsIdentifierStart(p[offset])) return offset;
    size_t end = offset + 1;
    while (end < limit && IsIdentifierChar(p[end])) ++end;
    return end;
  }

  // "line:column" of `offset`, both 1-based; the column counts characters
  // (ir/diagnostic.h's LineColumn). The first call indexes the line starts,
  // so later calls are O(log lines).
  std::string Position(size_t offset) const;
  // An InvalidArgument status "filename:line:column: message", which
  // AsDiagnostic (ir/diagnostic.h) turns into the printed diagnostic.
  absl::Status Error(size_t offset, absl::string_view message) const;
  // What a message should say was found at `offset`: "end of input", "end of
  // line", or the quoted token there ('foo', '(').
  std::string Found(size_t offset) const;
  // Error(offset, "expected <expected>, found <Found(offset)>").
  absl::Status Expected(size_t offset, absl::string_view expected) const;
  // An error at the first byte that is not valid UTF-8: the formats hold
  // Python str text, and protobuf output requires UTF-8. OK without a scan
  // for kAlreadyChecked.
  absl::Status CheckUtf8(Utf8Check check = Utf8Check::kScan) const;
  // CheckUtf8 for a reader that goes through the whole text line by line:
  // StartUtf8Check before parsing, FinishUtf8Check after, whatever the
  // parse returned; an error from FinishUtf8Check (the one CheckUtf8 would
  // have returned) takes the place of the parse's result. Meanwhile
  // LineEnd checks the text a block at a time just ahead of the lines it
  // finds, so that the parse reads it from the cache: a scan of tens of
  // megabytes first, and the parse after it, each brought the text in from
  // memory. The parse may thus run over bytes that are not UTF-8.
  void StartUtf8Check(Utf8Check check) const {
    if (check == Utf8Check::kScan) utf8_checked_ = 0;
  }
  absl::Status FinishUtf8Check() const;

 private:
  // Checks the text from utf8_checked_ to a line end well past `offset`.
  void CheckUtf8Ahead(size_t offset) const;

  absl::string_view text_;
  absl::string_view filename_;
  // Between StartUtf8Check and FinishUtf8Check: the text before is checked,
  // and utf8_invalid_ is the first byte in it that is not UTF-8 (npos when
  // none). Otherwise past any offset, so that LineEnd never checks.
  mutable size_t utf8_checked_ = absl::string_view::npos;
  mutable size_t utf8_invalid_ = absl::string_view::npos;
  mutable std::vector<size_t> line_starts_;  // built by the first Position()
};

// A position in a SourceText that line-oriented parsers advance.
class Cursor {
 public:
  Cursor(const SourceText& source, size_t pos, size_t end)
      : source_(&source), pos_(pos), end_(end) {}

  size_t pos() const { return pos_; }
  void set_pos(size_t pos) { pos_ = pos; }
  size_t end() const { return end_; }
  bool at_end() const { return pos_ >= end_; }
  char peek() const { return pos_ < end_ ? (*source_)[pos_] : '\0'; }
  absl::string_view rest() const { return source_->text().substr(pos_, end_ - pos_); }

  // Advances past `literal` when the text continues with it. Inline: with
  // the literal's length known, the comparison needs no call.
  bool Consume(absl::string_view literal) {
    if (pos_ > end_ || end_ - pos_ < literal.size() ||
        std::memcmp(source_->text().data() + pos_, literal.data(), literal.size()) != 0) {
      return false;
    }
    pos_ += literal.size();
    return true;
  }
  // Like Consume, but an "expected '<literal>', found ..." error otherwise.
  absl::Status Expect(absl::string_view literal) {
    return Consume(literal) ? absl::OkStatus() : ExpectedLiteral(literal);
  }
  // Advances past an identifier; empty when there is none. Inline: field
  // and node names are read on every line.
  absl::string_view ConsumeIdentifier() {
    const size_t start = pos_;
    pos_ = source_->IdentifierEnd(pos_, end_);
    return source_->text().substr(start, pos_ - start);
  }
  // Advances past identifier characters and characters in `extra` (a run
  // that IsWord accepts); empty when there is none.
  absl::string_view ConsumeWord(absl::string_view extra);
  // Advances past a Python string literal ('...' or "...") and decodes it.
  absl::Status ConsumeQuoted(std::string* value);
  // The same, without a copy when the literal has no escapes (the common
  // case): *value then points into the source text, otherwise at
  // *storage, which holds the decoded text.
  absl::Status ConsumeQuoted(std::string* storage, absl::string_view* value);
  // An "expected end of line" error unless the cursor is at end().
  absl::Status ExpectEnd() const;

  absl::Status Error(absl::string_view message) const { return source_->Error(pos_, message); }
  absl::Status Expected(absl::string_view expected) const {
    return source_->Expected(pos_, expected);
  }
  const SourceText& source() const { return *source_; }

 private:
  // The error Expect reports.
  absl::Status ExpectedLiteral(absl::string_view literal) const;

  const SourceText* source_;
  size_t pos_;
  size_t end_;
};

// Module paths and state names as fxg and FX text's subgraph headers write
// them: bare when they are plain words with dots (`layers.0.attn`),
// otherwise as a Python string literal (`'lin.in ner'`).
void AppendQualifiedName(absl::string_view name, std::string* out);
// Reads what AppendQualifiedName wrote; `what` names it in the error when
// there is none ("a module path").
absl::Status ParseQualifiedName(Cursor& c, absl::string_view what, std::string* name);

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_LEXER_H_
