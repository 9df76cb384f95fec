#include "ir/fx_text/py_repr.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <limits>
#include <system_error>

#include "absl/strings/ascii.h"

namespace fxpp {

namespace {

uint64_t BitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

}  // namespace

bool NeedsFloatBits(double value) {
  return std::isnan(value) && BitsOf(value) != BitsOf(std::numeric_limits<double>::quiet_NaN());
}

void AppendFloatBits(double value, std::string* out) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "FloatBits('0x%016llx')",
                static_cast<unsigned long long>(BitsOf(value)));
  out->append(buf);
}

bool ParseFloatBits(absl::string_view text, double* value) {
  if (text.size() != 18 || text[0] != '0' || text[1] != 'x') return false;
  uint64_t bits = 0;
  const std::from_chars_result r = std::from_chars(text.data() + 2, text.data() + text.size(), bits, 16);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return false;
  std::memcpy(value, &bits, sizeof(bits));
  return true;
}

void AppendPyFloatRepr(double value, std::string* out) {
  if (std::isnan(value)) {
    out->append("nan");
    return;
  }
  if (std::isinf(value)) {
    out->append(value < 0 ? "-inf" : "inf");
    return;
  }
  // std::to_chars without a precision yields the shortest round-trip digits,
  // as Python's repr does; only the layout differs.
  char buf[40];
  const std::to_chars_result r =
      std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::scientific);
  const char* p = buf;
  if (*p == '-') {
    out->push_back('-');
    ++p;
  }
  char digits[24];
  int num_digits = 0;
  for (; p < r.ptr && *p != 'e'; ++p) {
    if (*p != '.') digits[num_digits++] = *p;
  }
  int exponent = 0;
  std::from_chars(p + 1 + (p[1] == '+' ? 1 : 0), r.ptr, exponent);
  // Python's decimal point position: value = 0.DIGITS * 10^decpt.
  const int decpt = exponent + 1;
  if (decpt <= -4 || decpt > 16) {
    out->push_back(digits[0]);
    if (num_digits > 1) {
      out->push_back('.');
      out->append(digits + 1, num_digits - 1);
    }
    out->push_back('e');
    out->push_back(exponent < 0 ? '-' : '+');
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude < 10) out->push_back('0');
    char exp_buf[8];
    const std::to_chars_result e = std::to_chars(exp_buf, exp_buf + sizeof(exp_buf), magnitude);
    out->append(exp_buf, e.ptr);
  } else if (decpt <= 0) {
    out->append("0.");
    out->append(static_cast<size_t>(-decpt), '0');
    out->append(digits, num_digits);
  } else if (decpt < num_digits) {
    out->append(digits, decpt);
    out->push_back('.');
    out->append(digits + decpt, num_digits - decpt);
  } else {
    out->append(digits, num_digits);
    out->append(static_cast<size_t>(decpt - num_digits), '0');
    out->append(".0");
  }
}

std::string PyFloatRepr(double value) {
  std::string out;
  AppendPyFloatRepr(value, &out);
  return out;
}

namespace {

bool IsSurrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

// Decodes one UTF-8 sequence at text[i]; returns its length (0 when invalid:
// truncated, overlong, a surrogate or beyond U+10FFFF, as protobuf and
// Python's codec reject them).
size_t DecodeUtf8(absl::string_view text, size_t i, uint32_t* code_point) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  size_t len;
  uint32_t cp;
  uint32_t min_cp;  // smaller values are overlong encodings
  if (b0 < 0x80) {
    *code_point = b0;
    return 1;
  } else if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    cp = b0 & 0x1F;
    min_cp = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    cp = b0 & 0x0F;
    min_cp = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    cp = b0 & 0x07;
    min_cp = 0x10000;
  } else {
    return 0;
  }
  if (i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min_cp || cp > 0x10FFFF || IsSurrogate(cp)) return 0;
  *code_point = cp;
  return len;
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// The non-ASCII code points str.isprintable() rejects that occur in practice:
// C1 controls, Unicode spaces (Zs), line/paragraph separators, format
// characters and private use.
bool IsNonPrintable(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0xA0) || cp == 0xAD || cp == 0x1680 || cp == 0x180E ||
         (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
         (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || (cp >= 0xD800 && cp <= 0xF8FF) ||
         cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB);
}

void AppendHexEscape(uint32_t cp, std::string* out) {
  static const char kHex[] = "0123456789abcdef";
  int digits;
  if (cp < 0x100) {
    out->append("\\x");
    digits = 2;
  } else if (cp < 0x10000) {
    out->append("\\u");
    digits = 4;
  } else {
    out->append("\\U");
    digits = 8;
  }
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out->push_back(kHex[(cp >> shift) & 0xF]);
}

void AppendQuoted(absl::string_view text, char quote, std::string* out) {
  out->push_back(quote);
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    const auto uc = static_cast<unsigned char>(c);
    if (uc < 0x80) {
      ++i;
      if (c == quote || c == '\\') {
        out->push_back('\\');
        out->push_back(c);
      } else if (c == '\n') {
        out->append("\\n");
      } else if (c == '\r') {
        out->append("\\r");
      } else if (c == '\t') {
        out->append("\\t");
      } else if (uc < 0x20 || uc == 0x7F) {
        AppendHexEscape(uc, out);
      } else {
        out->push_back(c);
      }
      continue;
    }
    uint32_t cp;
    const size_t len = DecodeUtf8(text, i, &cp);
    if (len == 0) {  // not UTF-8: cannot come from Python; keep the byte
      out->push_back(c);
      ++i;
    } else {
      if (IsNonPrintable(cp)) {
        AppendHexEscape(cp, out);
      } else {
        out->append(text.data() + i, len);
      }
      i += len;
    }
  }
  out->push_back(quote);
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A float or int token as complex repr() writes its parts (no "+" sign).
bool IsComplexPart(absl::string_view s) {
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  if (s == "inf" || s == "nan") return true;
  size_t i = 0;
  const auto digits = [&] {
    const size_t start = i;
    while (i < s.size() && absl::ascii_isdigit(s[i])) ++i;
    return i > start;
  };
  if (!digits()) return false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    digits();
  }
  if (i < s.size() && s[i] == 'e') {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

}  // namespace

void AppendPyStrRepr(absl::string_view text, std::string* out) {
  const bool has_single = text.find('\'') != absl::string_view::npos;
  const bool has_double = text.find('"') != absl::string_view::npos;
  AppendQuoted(text, has_single && !has_double ? '"' : '\'', out);
}

void AppendSingleQuoted(absl::string_view text, std::string* out) {
  AppendQuoted(text, '\'', out);
}

bool ParsePyInt(absl::string_view text, int64_t* value) {
  const size_t digits_start = !text.empty() && text[0] == '-' ? 1 : 0;
  if (text.size() == digits_start) return false;
  // Up to 18 digits cannot overflow: accumulate them as they are checked
  // (the common case: shapes, users counts, sequence numbers).
  uint64_t magnitude = 0;
  for (size_t i = digits_start; i < text.size(); ++i) {
    if (!absl::ascii_isdigit(text[i])) return false;
    magnitude = magnitude * 10 + static_cast<uint64_t>(text[i] - '0');
  }
  // Python never prints leading zeros or "-0".
  if (text[digits_start] == '0' && (text.size() > digits_start + 1 || digits_start == 1)) {
    return false;
  }
  if (text.size() - digits_start <= 18) {
    *value = digits_start == 1 ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
    return true;
  }
  const std::from_chars_result r = std::from_chars(text.data(), text.data() + text.size(), *value);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

bool IsPyBigInt(absl::string_view text) {
  const size_t digits_start = !text.empty() && text[0] == '-' ? 1 : 0;
  if (text.size() <= digits_start + 18 || text[digits_start] == '0') return false;
  for (size_t i = digits_start; i < text.size(); ++i) {
    if (!absl::ascii_isdigit(text[i])) return false;
  }
  int64_t unused;
  return !ParsePyInt(text, &unused);
}

bool ParsePyFloat(absl::string_view text, double* value) {
  if (text.empty() || text.size() > 32) return false;
  // Every float repr contains '.', 'e', "inf" or "nan"; ints never do.
  bool float_like = false;
  for (char c : text) {
    if (c == '.' || c == 'e' || c == 'n') float_like = true;
  }
  if (!float_like) return false;
  const std::from_chars_result r = std::from_chars(text.data(), text.data() + text.size(), *value);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return false;
  // Only the canonical spelling, so that printing gives back `text`.
  std::string canonical;
  AppendPyFloatRepr(*value, &canonical);
  return canonical == text;
}

bool IsPyComplex(absl::string_view text) {
  if (text.size() < 2) return false;
  if (text.front() != '(') return text.back() == 'j' && IsComplexPart(text.substr(0, text.size() - 1));
  if (text.size() < 5 || text.substr(text.size() - 2) != "j)") return false;
  const absl::string_view inner = text.substr(1, text.size() - 3);
  // The sign between the parts: the last '+'/'-' not right after an 'e'.
  for (size_t i = inner.size(); i-- > 1;) {
    if ((inner[i] == '+' || inner[i] == '-') && inner[i - 1] != 'e') {
      return IsComplexPart(inner.substr(0, i)) && IsComplexPart(inner.substr(i + 1));
    }
  }
  return false;
}

PyStringLiteral ParsePyStringLiteral(absl::string_view text, size_t pos) {
  PyStringLiteral lit;
  const auto fail = [&](size_t offset, const char* what) {
    lit.error_offset = offset;
    lit.error = what;
    return lit;
  };
  if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"')) {
    return fail(pos, "expected a quoted string");
  }
  const char quote = text[pos];
  size_t i = pos + 1;
  while (true) {
    // Copy the run up to the next quote, backslash or newline at once.
    const size_t run_start = i;
    while (i < text.size() && text[i] != quote && text[i] != '\\' && text[i] != '\n') ++i;
    lit.value.append(text.data() + run_start, i - run_start);
    if (i >= text.size() || text[i] == '\n') {
      return fail(pos, "unterminated string literal");
    }
    if (text[i] == quote) {
      lit.ok = true;
      lit.end = i + 1;
      return lit;
    }
    const size_t escape = i++;
    if (i >= text.size()) return fail(pos, "unterminated string literal");
    const char c = text[i++];
    switch (c) {
      case '\\': lit.value.push_back('\\'); break;
      case '\'': lit.value.push_back('\''); break;
      case '"': lit.value.push_back('"'); break;
      case 'n': lit.value.push_back('\n'); break;
      case 'r': lit.value.push_back('\r'); break;
      case 't': lit.value.push_back('\t'); break;
      case 'a': lit.value.push_back('\a'); break;
      case 'b': lit.value.push_back('\b'); break;
      case 'f': lit.value.push_back('\f'); break;
      case 'v': lit.value.push_back('\v'); break;
      case '\n': break;  // line continuation
      case 'x':
      case 'u':
      case 'U': {
        const int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        uint32_t cp = 0;
        for (int k = 0; k < digits; ++k, ++i) {
          const int h = i < text.size() ? HexValue(text[i]) : -1;
          if (h < 0) return fail(escape, "truncated \\x/\\u/\\U escape");
          cp = cp * 16 + static_cast<uint32_t>(h);
        }
        if (cp > 0x10FFFF) return fail(escape, "escape beyond U+10FFFF");
        // A lone surrogate has no UTF-8 encoding, so no fxpp format could
        // hold the decoded text.
        if (IsSurrogate(cp)) return fail(escape, "surrogate escape (not representable in UTF-8)");
        AppendUtf8(cp, &lit.value);
        break;
      }
      default:
        if (c >= '0' && c <= '7') {
          uint32_t cp = static_cast<uint32_t>(c - '0');
          for (int k = 0; k < 2 && i < text.size() && text[i] >= '0' && text[i] <= '7'; ++k, ++i) {
            cp = cp * 8 + static_cast<uint32_t>(text[i] - '0');
          }
          AppendUtf8(cp, &lit.value);
          break;
        }
        return fail(escape, "invalid escape sequence");
    }
  }
}

void GrowingUtf8Check::Grew(absl::string_view text) {
  if (!valid_) return;
  // Only the bytes that arrived are searched: a text without newlines is
  // checked once, at Finish.
  const void* newline = memrchr(text.data() + searched_, '\n', text.size() - searched_);
  searched_ = text.size();
  if (newline == nullptr) return;
  const size_t end = static_cast<const char*>(newline) - text.data() + 1;
  valid_ = FindInvalidUtf8(text.substr(checked_, end - checked_)) == absl::string_view::npos;
  checked_ = end;
}

bool GrowingUtf8Check::Finish(absl::string_view text) {
  if (valid_) valid_ = FindInvalidUtf8(text.substr(checked_)) == absl::string_view::npos;
  checked_ = searched_ = text.size();
  return valid_;
}

bool AppendCheckingUtf8(absl::string_view from, std::string* to) {
  constexpr size_t kPiece = size_t{64} << 10;  // well inside L2
  const size_t start = to->size();
  GrowingUtf8Check check;
  for (size_t at = 0; at < from.size(); at += kPiece) {
    to->append(from.data() + at, std::min(kPiece, from.size() - at));
    check.Grew(absl::string_view(*to).substr(start));
  }
  return check.Finish(absl::string_view(*to).substr(start));
}

size_t FindInvalidUtf8(absl::string_view text) {
  for (size_t i = 0; i < text.size();) {
    // ASCII, the common case, a cache line at a time. This scan is the
    // first to touch a large text (the parse reads it after): the lines a
    // few pages ahead are fetched meanwhile, or each line's miss would be
    // waited for in turn (nearly halves the scan of a 55 MB text).
    uint64_t words[8];
    if (text.size() - i >= sizeof(words)) {
      __builtin_prefetch(text.data() + i + 2048);
      std::memcpy(words, text.data() + i, sizeof(words));
      const uint64_t any = ((words[0] | words[1]) | (words[2] | words[3])) |
                           ((words[4] | words[5]) | (words[6] | words[7]));
      if ((any & 0x8080808080808080u) == 0) {
        i += sizeof(words);
        continue;
      }
    }
    if (text.size() - i >= sizeof(words[0])) {
      std::memcpy(words, text.data() + i, sizeof(words[0]));
      if ((words[0] & 0x8080808080808080u) == 0) {
        i += sizeof(words[0]);
        continue;
      }
    }
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    uint32_t cp;
    const size_t len = DecodeUtf8(text, i, &cp);
    if (len == 0) return i;
    i += len;
  }
  return absl::string_view::npos;
}

}  // namespace fxpp
