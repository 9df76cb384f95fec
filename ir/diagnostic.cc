#include "ir/diagnostic.h"

#include <algorithm>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace fxpp {
namespace {

// The length of the valid UTF-8 sequence starting at text[i], or 0 when the
// byte there starts none (it is then a column of its own, shown as '?').
size_t Utf8Length(absl::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return 1;
  size_t length = 0;
  if (c >= 0xC2 && c <= 0xDF) length = 2;
  if (c >= 0xE0 && c <= 0xEF) length = 3;
  if (c >= 0xF0 && c <= 0xF4) length = 4;
  if (length == 0 || text.size() - i < length) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  }
  return length;
}

// One character of a source line: its bytes, or 1 for a byte that starts no
// UTF-8 sequence.
size_t CharLength(absl::string_view text, size_t i) { return std::max<size_t>(Utf8Length(text, i), 1); }

// The characters of `line` (no '\n') as shown under a diagnostic, with the
// caret line's padding for each.
struct ShownChar {
  absl::string_view shown;
  char pad;
};

std::vector<ShownChar> ShowLine(absl::string_view line) {
  std::vector<ShownChar> chars;
  for (size_t i = 0; i < line.size();) {
    const size_t n = Utf8Length(line, i);
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') {
      chars.push_back({"\t", '\t'});
    } else if (n == 0 || c < 0x20 || c == 0x7F) {
      // Control characters and stray bytes would garble the terminal.
      chars.push_back({"?", ' '});
    } else {
      chars.push_back({line.substr(i, n), ' '});
    }
    i += std::max<size_t>(n, 1);
  }
  return chars;
}

constexpr size_t kMaxShownChars = 100;

}  // namespace

int ColumnAfter(absl::string_view line_prefix) {
  int column = 1;
  for (size_t i = 0; i < line_prefix.size(); i += CharLength(line_prefix, i)) ++column;
  return column;
}

LineColumn LineColumnAt(absl::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  LineColumn at;
  const size_t line_begin = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;  // npos + 1 == 0
  at.line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + line_begin, '\n'));
  at.column = ColumnAfter(text.substr(line_begin, offset - line_begin));
  return at;
}

absl::optional<size_t> OffsetAt(absl::string_view text, LineColumn at) {
  if (at.line < 1 || at.column < 1) return absl::nullopt;
  size_t offset = 0;
  for (int line = 1; line < at.line; ++line) {
    offset = text.find('\n', offset);
    if (offset == absl::string_view::npos) return absl::nullopt;
    ++offset;
  }
  for (int column = 1; column < at.column; ++column) {
    if (offset >= text.size() || text[offset] == '\n') return absl::nullopt;
    offset += CharLength(text, offset);
  }
  return offset;
}

std::string Located(absl::string_view filename, absl::string_view text, size_t offset) {
  const LineColumn at = LineColumnAt(text, offset);
  return absl::StrCat(filename, ":", at.line, ":", at.column);
}

std::string FormatDiagnostic(absl::string_view filename, absl::string_view text, size_t offset,
                             absl::string_view message) {
  offset = std::min(offset, text.size());
  const size_t line_begin = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;
  size_t line_end = text.find('\n', offset);
  if (line_end == absl::string_view::npos) line_end = text.size();
  const std::vector<ShownChar> chars = ShowLine(text.substr(line_begin, line_end - line_begin));
  const size_t caret = static_cast<size_t>(ColumnAfter(text.substr(line_begin, offset - line_begin))) - 1;
  // Clip a long line to a window around the caret.
  size_t first = 0;
  size_t last = chars.size();
  if (chars.size() > kMaxShownChars) {
    first = std::min(caret > kMaxShownChars / 2 ? caret - kMaxShownChars / 2 : 0,
                     chars.size() - kMaxShownChars);
    last = first + kMaxShownChars;
  }
  std::string shown = first > 0 ? "..." : "";
  std::string pad = first > 0 ? "   " : "";
  for (size_t i = first; i < last; ++i) {
    absl::StrAppend(&shown, chars[i].shown);
    if (i < caret) pad.push_back(chars[i].pad);
  }
  if (last < chars.size()) shown += "...";
  return absl::StrCat(Located(filename, text, offset), ": error: ", message, "\n", shown, "\n",
                      pad, "^");
}

absl::Status AsDiagnostic(const absl::Status& status, absl::string_view filename,
                          absl::string_view text) {
  if (status.ok()) return status;
  const absl::string_view message = status.message();
  if (absl::StrContains(message.substr(0, message.find('\n')), ": error: ")) return status;
  absl::string_view rest = message;
  if (absl::ConsumePrefix(&rest, filename) && absl::ConsumePrefix(&rest, ":")) {
    // "line:col: message"?
    const size_t colon1 = rest.find(':');
    const size_t colon2 = colon1 == absl::string_view::npos ? colon1 : rest.find(": ", colon1 + 1);
    LineColumn at;
    if (colon2 != absl::string_view::npos && absl::SimpleAtoi(rest.substr(0, colon1), &at.line) &&
        absl::SimpleAtoi(rest.substr(colon1 + 1, colon2 - colon1 - 1), &at.column)) {
      const absl::string_view what = rest.substr(colon2 + 2);
      const absl::optional<size_t> offset = OffsetAt(text, at);
      return absl::Status(status.code(),
                          offset.has_value()
                              ? FormatDiagnostic(filename, text, *offset, what)
                              : absl::StrCat(filename, ":", at.line, ":", at.column,
                                             ": error: ", what));
    }
    rest = absl::StripLeadingAsciiWhitespace(rest);
  } else {
    rest = message;
  }
  return absl::Status(status.code(), absl::StrCat(filename, ": error: ", rest));
}

}  // namespace fxpp
