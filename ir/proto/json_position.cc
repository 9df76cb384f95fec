#include "ir/proto/json_position.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace fxpp {
namespace json_position {
namespace {

// Deeper input is refused instead of risking the stack; protobuf's own
// parser stops far earlier (at 100), so no valid fxpp file comes close.
constexpr int kMaxDepth = 512;

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A recursive-descent reader of one JSON value. Every Read/Skip function
// returns false after recording the first error.
class Scanner {
 public:
  explicit Scanner(absl::string_view text) : text_(text) {}

  size_t pos() const { return pos_; }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  const absl::optional<SyntaxError>& error() const { return error_; }

  void SkipSpace() {
    while (!at_end() && IsSpace(text_[pos_])) ++pos_;
  }

  bool Fail(std::string message) { return FailAt(pos_, std::move(message)); }
  bool FailAt(size_t offset, std::string message) {
    if (!error_) error_ = SyntaxError{offset, std::move(message)};
    return false;
  }

  // Expects `c` (after optional space) and consumes it.
  bool Expect(char c, absl::string_view context) {
    SkipSpace();
    if (peek() == c) {
      ++pos_;
      return true;
    }
    return Fail(absl::StrCat("expected '", std::string(1, c), "' ", context, ", found ",
                             Describe()));
  }

  bool SkipValue(int depth) {
    SkipSpace();
    if (depth > kMaxDepth) return Fail(absl::StrCat("nesting deeper than ", kMaxDepth));
    switch (peek()) {
      case '{':
        return SkipObject(depth);
      case '[':
        return SkipArray(depth);
      case '"':
        return ReadString(nullptr);
      case 't':
        return ReadLiteral("true");
      case 'f':
        return ReadLiteral("false");
      case 'n':
        return ReadLiteral("null");
      default:
        if (peek() == '-' || absl::ascii_isdigit(peek())) return ReadNumber();
        return Fail(absl::StrCat("expected a JSON value, found ", Describe()));
    }
  }

  // Visits the members of the object at the cursor: `member(key)` is called
  // with the cursor on the member's value and must consume it (or return
  // false to stop the walk without an error).
  template <typename Fn>
  bool WalkObject(int depth, Fn&& member) {
    ++pos_;  // '{'
    SkipSpace();
    if (peek() == '}') {
      ++pos_;
      return true;
    }
    for (;;) {
      SkipSpace();
      if (peek() != '"') {
        return Fail(absl::StrCat("expected a quoted object key, found ", Describe()));
      }
      const size_t key_offset = pos_;
      std::string key;
      if (!ReadString(&key) || !Expect(':', "after an object key")) return false;
      SkipSpace();
      if (!member(key, key_offset, depth + 1)) return false;
      SkipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        return true;
      }
      return Fail(absl::StrCat("expected ',' or '}' after an object member, found ", Describe()));
    }
  }

  // Like WalkObject for the elements of an array: `element(index)`.
  template <typename Fn>
  bool WalkArray(int depth, Fn&& element) {
    ++pos_;  // '['
    SkipSpace();
    if (peek() == ']') {
      ++pos_;
      return true;
    }
    for (size_t index = 0;; ++index) {
      SkipSpace();
      if (!element(index, depth + 1)) return false;
      SkipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return true;
      }
      return Fail(absl::StrCat("expected ',' or ']' after an array element, found ", Describe()));
    }
  }

  // Reads a string at the cursor, decoding it into `out` when not null.
  bool ReadString(std::string* out) {
    const size_t start = pos_++;
    for (;;) {
      if (at_end()) return FailAt(start, "unterminated string");
      const unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20) return Fail("control character in a string (escape it)");
      if (c == '\\') {
        if (!ReadEscape(out)) return false;
      } else if (c < 0x80) {
        if (out != nullptr) out->push_back(static_cast<char>(c));
        ++pos_;
      } else if (!ReadUtf8(out)) {
        return false;
      }
    }
  }

 private:
  bool SkipObject(int depth) {
    return WalkObject(depth, [this](const std::string&, size_t, int d) { return SkipValue(d); });
  }

  bool SkipArray(int depth) {
    return WalkArray(depth, [this](size_t, int d) { return SkipValue(d); });
  }

  bool ReadLiteral(absl::string_view word) {
    if (text_.substr(pos_, word.size()) != word) {
      return Fail(absl::StrCat("expected a JSON value, found ", Describe()));
    }
    pos_ += word.size();
    return true;
  }

  // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  bool ReadNumber() {
    const size_t start = pos_;
    auto digits = [this]() {
      const size_t from = pos_;
      while (absl::ascii_isdigit(peek())) ++pos_;
      return pos_ - from;
    };
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
      if (absl::ascii_isdigit(peek())) return FailAt(start, "a number may not have leading zeros");
    } else if (digits() == 0) {
      return FailAt(start, "invalid number");
    }
    if (peek() == '.') {
      ++pos_;
      if (digits() == 0) return Fail("expected a digit after the decimal point");
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (digits() == 0) return Fail("expected a digit in the exponent");
    }
    return true;
  }

  bool ReadHex4(uint32_t* value) {
    if (text_.size() - pos_ < 4) return Fail("expected 4 hex digits after \\u");
    *value = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_ + i];
      if (!absl::ascii_isxdigit(c)) return Fail("expected 4 hex digits after \\u");
      *value = *value * 16 + (absl::ascii_isdigit(c) ? c - '0' : absl::ascii_tolower(c) - 'a' + 10);
    }
    pos_ += 4;
    return true;
  }

  bool ReadEscape(std::string* out) {
    const size_t start = pos_;
    ++pos_;  // backslash
    const char c = peek();
    ++pos_;
    char simple = 0;
    switch (c) {
      case '"': simple = '"'; break;
      case '\\': simple = '\\'; break;
      case '/': simple = '/'; break;
      case 'b': simple = '\b'; break;
      case 'f': simple = '\f'; break;
      case 'n': simple = '\n'; break;
      case 'r': simple = '\r'; break;
      case 't': simple = '\t'; break;
      case 'u': break;
      default: return FailAt(start, "invalid escape sequence");
    }
    if (simple != 0) {
      if (out != nullptr) out->push_back(simple);
      return true;
    }
    uint32_t code;
    if (!ReadHex4(&code)) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) return FailAt(start, "unpaired low surrogate");
    if (code >= 0xD800 && code <= 0xDBFF) {
      uint32_t low;
      if (text_.substr(pos_, 2) != "\\u") return FailAt(start, "unpaired high surrogate");
      pos_ += 2;
      if (!ReadHex4(&low)) return false;
      if (low < 0xDC00 || low > 0xDFFF) return FailAt(start, "unpaired high surrogate");
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    if (out != nullptr) AppendUtf8(code, out);
    return true;
  }

  // One multi-byte UTF-8 sequence; rejects overlong forms, surrogates and
  // code points past U+10FFFF.
  bool ReadUtf8(std::string* out) {
    const unsigned char lead = static_cast<unsigned char>(text_[pos_]);
    int length;
    uint32_t code;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
      code = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      code = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      code = lead & 0x07;
    } else {
      return Fail("invalid UTF-8");
    }
    if (text_.size() - pos_ < static_cast<size_t>(length)) return Fail("invalid UTF-8");
    for (int i = 1; i < length; ++i) {
      const unsigned char c = static_cast<unsigned char>(text_[pos_ + i]);
      if ((c & 0xC0) != 0x80) return Fail("invalid UTF-8");
      code = (code << 6) | (c & 0x3F);
    }
    static constexpr uint32_t kMinCode[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kMinCode[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return Fail("invalid UTF-8");
    }
    if (out != nullptr) out->append(text_.data() + pos_, length);
    pos_ += length;
    return true;
  }

  static void AppendUtf8(uint32_t code, std::string* out) {
    if (code < 0x80) {
      out->push_back(static_cast<char>(code));
    } else if (code < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (code >> 6)));
      out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (code >> 12)));
      out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (code >> 18)));
      out->push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
    }
  }

  // The character at the cursor, for messages.
  std::string Describe() const {
    if (at_end()) return "the end of the input";
    const unsigned char c = static_cast<unsigned char>(text_[pos_]);
    if (c >= 0x20 && c < 0x7F) return absl::StrCat("'", std::string(1, static_cast<char>(c)), "'");
    return absl::StrCat("byte 0x", absl::Hex(c, absl::kZeroPad2));
  }

  absl::string_view text_;
  size_t pos_ = 0;
  absl::optional<SyntaxError> error_;
};

// "nodes[3]" -> ("nodes", 3); "op" -> ("op", none).
struct PathStep {
  std::string field;
  absl::optional<size_t> index;
};

std::vector<PathStep> SplitPath(absl::string_view path) {
  std::vector<PathStep> steps;
  for (absl::string_view part : absl::StrSplit(path, '.', absl::SkipEmpty())) {
    PathStep step;
    const size_t bracket = part.find('[');
    size_t index;
    if (bracket != absl::string_view::npos && part.back() == ']' &&
        absl::SimpleAtoi(part.substr(bracket + 1, part.size() - bracket - 2), &index)) {
      step.index = index;
      part = part.substr(0, bracket);
    }
    step.field = std::string(part);
    steps.push_back(std::move(step));
  }
  return steps;
}

// protobuf's JSON name of a field: "nn_module_stack" -> "nnModuleStack".
std::string LowerCamel(absl::string_view name) {
  std::string out;
  bool upper_next = false;
  for (char c : name) {
    if (c == '_') {
      upper_next = true;
    } else {
      out.push_back(upper_next ? absl::ascii_toupper(c) : c);
      upper_next = false;
    }
  }
  return out;
}

}  // namespace

absl::optional<std::string> ProtobufErrorPath(absl::string_view message) {
  auto is_field = [](absl::string_view s) {
    if (s.empty()) return false;
    for (char c : s) {
      if (!absl::ascii_isalnum(c) && c != '_') return false;
    }
    return true;
  };
  std::string path;
  if (!message.empty() && message[0] == '(') {
    const size_t close = message.find(')');
    if (close == absl::string_view::npos) return absl::nullopt;
    path = std::string(message.substr(1, close - 1));
    message.remove_prefix(close + 1);
    if (message.empty() || message[0] == ':') return path;
    message.remove_prefix(1);  // the space before a field name
  }
  const size_t colon = message.find(':');
  if (colon == 0) return path;
  if (colon == absl::string_view::npos || !is_field(message.substr(0, colon))) {
    return absl::nullopt;
  }
  return path.empty() ? std::string(message.substr(0, colon))
                      : absl::StrCat(path, ".", message.substr(0, colon));
}

ProtobufError LocateProtobufError(absl::string_view text, absl::string_view message) {
  ProtobufError error{absl::nullopt, std::string(message)};
  if (absl::optional<std::string> path = ProtobufErrorPath(message)) {
    error.offset = FindPath(text, *path);
    return error;
  }
  // "MESSAGE\nEXCERPT\n<spaces>^": the excerpt is the text around the
  // error (it may span lines), the caret under the error's byte.
  const size_t last_line = message.rfind('\n');
  if (last_line == absl::string_view::npos) return error;
  const absl::string_view caret = message.substr(last_line + 1);
  if (caret.empty() || caret.back() != '^' ||
      caret.find_first_not_of(' ') != caret.size() - 1) {
    return error;
  }
  const absl::string_view before = message.substr(0, last_line);
  for (size_t nl = before.find('\n'); nl != absl::string_view::npos; nl = before.find('\n', nl + 1)) {
    const absl::string_view excerpt = before.substr(nl + 1);
    const size_t found = text.find(excerpt);
    if (excerpt.size() < caret.size() - 1 || found == absl::string_view::npos) continue;
    error.offset = found + caret.size() - 1;
    error.message = std::string(message.substr(0, before.find('\n')));
    return error;
  }
  return error;
}

absl::optional<SyntaxError> FindSyntaxError(absl::string_view text) {
  Scanner scanner(text);
  if (scanner.SkipValue(0)) {
    scanner.SkipSpace();
    if (!scanner.at_end()) scanner.Fail("unexpected text after the JSON value");
  }
  return scanner.error();
}

size_t FindPath(absl::string_view text, absl::string_view path) {
  const std::vector<PathStep> steps = SplitPath(path);
  Scanner scanner(text);
  scanner.SkipSpace();
  size_t found = scanner.pos();
  // Descends one step per call while the value at the cursor matches; each
  // walk stops (returns false) as soon as the step's target was handled.
  std::function<void(size_t, int)> descend = [&](size_t step_index, int depth) {
    if (step_index == steps.size() || scanner.peek() != '{') return;
    const PathStep& step = steps[step_index];
    const std::string camel = LowerCamel(step.field);
    scanner.WalkObject(depth, [&](const std::string& key, size_t key_offset, int d) {
      if (key != step.field && key != camel) return scanner.SkipValue(d);
      found = key_offset;
      if (!step.index.has_value()) {
        descend(step_index + 1, d);
        return false;
      }
      if (scanner.peek() != '[') return false;
      scanner.WalkArray(d, [&](size_t index, int element_depth) {
        if (index != *step.index) return scanner.SkipValue(element_depth);
        found = scanner.pos();
        descend(step_index + 1, element_depth);
        return false;
      });
      return false;
    });
  };
  descend(0, 0);
  return found;
}

}  // namespace json_position
}  // namespace fxpp
