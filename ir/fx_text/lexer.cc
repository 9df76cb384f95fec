#include "ir/fx_text/lexer.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ir/diagnostic.h"
#include "ir/fx_text/py_repr.h"
#include "ir/identifier_chars.h"

namespace fxpp {

bool IsWord(absl::string_view text, absl::string_view extra) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!IsIdentifierChar(c) && std::find(extra.begin(), extra.end(), c) == extra.end()) return false;
  }
  return true;
}

std::string SourceText::Position(size_t offset) const {
  if (line_starts_.empty()) {
    line_starts_.push_back(0);
    for (size_t nl = text_.find('\n'); nl != absl::string_view::npos; nl = text_.find('\n', nl + 1)) {
      line_starts_.push_back(nl + 1);
    }
  }
  offset = std::min(offset, text_.size());
  const size_t line =
      std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin();
  const size_t line_begin = line_starts_[line - 1];
  // Columns count characters, as every positioned message does (ir/diagnostic.h).
  return absl::StrCat(line, ":", ColumnAfter(text_.substr(line_begin, offset - line_begin)));
}

absl::Status SourceText::Error(size_t offset, absl::string_view message) const {
  return absl::InvalidArgumentError(absl::StrCat(filename_, ":", Position(offset), ": ", message));
}

std::string SourceText::Found(size_t offset) const {
  if (offset >= text_.size()) return "end of input";
  if (text_[offset] == '\n') return "end of line";
  size_t end = IdentifierEnd(offset, std::min(text_.size(), offset + 40));
  if (end == offset) {
    // One character, with its UTF-8 continuation bytes.
    end = offset + 1;
    while (end < text_.size() && (static_cast<unsigned char>(text_[end]) & 0xC0) == 0x80) ++end;
  }
  std::string found;
  AppendPyStrRepr(text_.substr(offset, end - offset), &found);
  return found;
}

absl::Status SourceText::Expected(size_t offset, absl::string_view expected) const {
  return Error(offset, absl::StrCat("expected ", expected, ", found ", Found(offset)));
}

absl::Status SourceText::CheckUtf8(Utf8Check check) const {
  if (check == Utf8Check::kAlreadyChecked) return absl::OkStatus();
  StartUtf8Check(check);
  return FinishUtf8Check();
}

void SourceText::CheckUtf8Ahead(size_t offset) const {
  constexpr size_t kBlock = size_t{64} << 10;  // well inside L2
  // Blocks end after a newline, which no multi-byte character contains.
  size_t end = text_.size();
  if (text_.size() - offset > kBlock) {
    const void* nl = std::memchr(text_.data() + offset + kBlock, '\n',
                                 text_.size() - offset - kBlock);
    if (nl != nullptr) end = static_cast<const char*>(nl) - text_.data() + 1;
  }
  if (utf8_invalid_ == absl::string_view::npos) {
    const size_t bad = FindInvalidUtf8(text_.substr(utf8_checked_, end - utf8_checked_));
    if (bad != absl::string_view::npos) utf8_invalid_ = utf8_checked_ + bad;
  }
  utf8_checked_ = end;
}

absl::Status SourceText::FinishUtf8Check() const {
  if (utf8_checked_ < text_.size() && utf8_invalid_ == absl::string_view::npos) {
    const size_t bad = FindInvalidUtf8(text_.substr(utf8_checked_));
    if (bad != absl::string_view::npos) utf8_invalid_ = utf8_checked_ + bad;
  }
  const size_t bad = utf8_invalid_;
  utf8_checked_ = utf8_invalid_ = absl::string_view::npos;
  if (bad == absl::string_view::npos) return absl::OkStatus();
  return Error(bad, absl::StrFormat("invalid UTF-8 (byte 0x%02x)",
                                    static_cast<unsigned char>(text_[bad])));
}

absl::Status Cursor::ExpectedLiteral(absl::string_view literal) const {
  std::string quoted;
  AppendPyStrRepr(literal, &quoted);
  return Expected(quoted);
}

absl::string_view Cursor::ConsumeWord(absl::string_view extra) {
  // Through a pointer (string_view's operator[] checks bounds on every
  // character), and for qualified names, the common case (every input,
  // call and state line of a program), with the dot tested inline rather
  // than found in `extra`.
  const char* const text = source_->text().data();
  const char* p = text + pos_;
  const char* const end = text + std::max(pos_, end_);
  if (extra.size() == 1 && extra[0] == '.') {
    while (p != end && (IsIdentifierChar(*p) || *p == '.')) ++p;
  } else {
    while (p != end &&
           (IsIdentifierChar(*p) || std::find(extra.begin(), extra.end(), *p) != extra.end())) {
      ++p;
    }
  }
  const size_t start = pos_;
  pos_ = static_cast<size_t>(p - text);
  return source_->text().substr(start, pos_ - start);
}

absl::Status Cursor::ConsumeQuoted(std::string* value) {
  if (peek() != '\'' && peek() != '"') return Expected("a quoted string");
  PyStringLiteral lit = ParsePyStringLiteral(source_->text().substr(0, end_), pos_);
  if (!lit.ok) return source_->Error(lit.error_offset, lit.error);
  *value = std::move(lit.value);
  pos_ = lit.end;
  return absl::OkStatus();
}

namespace {

// Whether a byte of `word` is `c`; may also flag bytes after one that is
// (the borrow of the classic zero-byte test), never a word without it.
uint64_t MayHaveByte(uint64_t word, char c) {
  constexpr uint64_t kOnes = 0x0101010101010101u;
  const uint64_t x = word ^ (kOnes * static_cast<unsigned char>(c));
  return (x - kOnes) & ~x & (kOnes << 7);
}

}  // namespace

absl::Status Cursor::ConsumeQuoted(std::string* storage, absl::string_view* value) {
  const char quote = peek();
  if (quote == '\'' || quote == '"') {
    // Up to the closing quote, the literal's text is its value unless an
    // escape or a line break (an error) comes first. Eight bytes at a time
    // while none of them is one of those: module paths and types, read for
    // every new nn_module_stack line, run to dozens of characters.
    const char* const text = source_->text().data();
    size_t p = pos_ + 1;
    for (uint64_t word; end_ - p >= sizeof(word); p += sizeof(word)) {
      std::memcpy(&word, text + p, sizeof(word));
      if (MayHaveByte(word, quote) | MayHaveByte(word, '\\') | MayHaveByte(word, '\n')) break;
    }
    while (p < end_ && text[p] != quote && text[p] != '\\' && text[p] != '\n') ++p;
    if (p < end_ && text[p] == quote) {
      *value = absl::string_view(text + pos_ + 1, p - pos_ - 1);
      pos_ = p + 1;
      return absl::OkStatus();
    }
  }
  if (absl::Status status = ConsumeQuoted(storage); !status.ok()) return status;
  *value = *storage;
  return absl::OkStatus();
}

absl::Status Cursor::ExpectEnd() const {
  if (at_end()) return absl::OkStatus();
  return Expected("end of line");
}

void AppendQualifiedName(absl::string_view name, std::string* out) {
  if (IsWord(name, ".")) {
    out->append(name.data(), name.size());
  } else {
    AppendPyStrRepr(name, out);
  }
}

absl::Status ParseQualifiedName(Cursor& c, absl::string_view what, std::string* name) {
  if (c.peek() == '\'' || c.peek() == '"') return c.ConsumeQuoted(name);
  const absl::string_view word = c.ConsumeWord(".");
  if (word.empty()) return c.Expected(what);
  *name = std::string(word);
  return absl::OkStatus();
}

}  // namespace fxpp
