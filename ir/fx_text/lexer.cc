#include "ir/fx_text/lexer.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "ir/fx_text/py_repr.h"

namespace fxpp {

size_t SourceText::LineEnd(size_t offset) const {
  const size_t nl = text_.find('\n', offset);
  return nl == absl::string_view::npos ? text_.size() : nl;
}

std::string SourceText::Position(size_t offset) const {
  offset = std::min(offset, text_.size());
  const absl::string_view before = text_.substr(0, offset);
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  const size_t last_nl = before.rfind('\n');
  const size_t column = last_nl == absl::string_view::npos ? offset + 1 : offset - last_nl;
  return absl::StrCat(line, ":", column);
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

bool Cursor::Consume(absl::string_view literal) {
  if (end_ - pos_ < literal.size() || !source_->StartsWith(pos_, literal)) return false;
  pos_ += literal.size();
  return true;
}

absl::Status Cursor::Expect(absl::string_view literal) {
  if (Consume(literal)) return absl::OkStatus();
  std::string quoted;
  AppendPyStrRepr(literal, &quoted);
  return Expected(quoted);
}

absl::string_view Cursor::ConsumeIdentifier() {
  const size_t start = pos_;
  pos_ = source_->IdentifierEnd(pos_, end_);
  return source_->text().substr(start, pos_ - start);
}

absl::Status Cursor::ExpectEnd() const {
  if (at_end()) return absl::OkStatus();
  return Expected("end of line");
}

}  // namespace fxpp
