// Python literal syntax as CPython's repr()/str() write it: floats, ints and
// quoted strings. Shared by the FX text and fxg formats, which must print
// byte-identically to Python and read those bytes back exactly.
#ifndef FXPP_IR_FX_TEXT_PY_REPR_H_
#define FXPP_IR_FX_TEXT_PY_REPR_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace fxpp {

// repr(float): the shortest digits that round-trip, in exponent form when the
// decimal exponent is below -4 or at least 16 ("1e-05", "1e+16", "1.5e-07"),
// otherwise positional with at least one fractional digit ("100.0", "0.0001").
// Non-finite values are "inf", "-inf" and "nan"; the sign of zero is kept.
void AppendPyFloatRepr(double value, std::string* out);
std::string PyFloatRepr(double value);

// A NaN other than the canonical quiet one (a sign or a payload), which
// repr() prints as plain "nan": fxpp's lossless text spellings (typed FX,
// fxg metadata) write it as FloatBits('0x7ff8000000000001') instead.
bool NeedsFloatBits(double value);
void AppendFloatBits(double value, std::string* out);
// The text inside FloatBits('...'): "0x" and 16 hex digits.
bool ParseFloatBits(absl::string_view text, double* value);

// repr(str): single quotes unless the text contains ' and no ", backslash
// escapes for the quote, \\, \t, \n, \r and other non-printable characters.
// Non-ASCII text passes through except for the common non-printable code
// points (C1 controls, Unicode spaces and separators, format characters),
// which Python escapes too.
void AppendPyStrRepr(absl::string_view text, std::string* out);
// Like AppendPyStrRepr but always single-quoted, for formats in which a
// leading '"' means something else.
void AppendSingleQuoted(absl::string_view text, std::string* out);

// True when `text` is exactly how Python prints an int that fits int64
// ("0", "-12"; not "+1", "007", "-0").
bool ParsePyInt(absl::string_view text, int64_t* value);
// True when `text` looks like a Python int ("-?[1-9][0-9]*") too large for
// int64; such values are kept as opaque text.
bool IsPyBigInt(absl::string_view text);
// True when `text` is exactly repr() of some float: "1.5", "1e-05", "inf",
// "-0.0", "nan". Non-canonical spellings ("1.50", "1e5", "Infinity") are not.
bool ParsePyFloat(absl::string_view text, double* value);
// True when `text` is repr() of a complex number: "2j", "(1+2j)", "(-0-1j)".
bool IsPyComplex(absl::string_view text);

// Offset of the first byte of `text` that does not start a valid UTF-8
// sequence (truncated, overlong, surrogate, beyond U+10FFFF), or npos.
size_t FindInvalidUtf8(absl::string_view text);
// Checks a text for UTF-8 as it grows, each piece right after it arrived,
// while it is in cache: at each Grew the bytes up to the last newline (an
// ASCII byte never splits a character), at Finish the rest. Readers that
// check their text as they copy or read it need not scan it again
// (Utf8Check::kAlreadyChecked).
class GrowingUtf8Check {
 public:
  // `text` is the text so far: what was passed before, and more at its end.
  void Grew(absl::string_view text);
  // Whether all of `text`, the whole text, is valid UTF-8.
  bool Finish(absl::string_view text);

 private:
  bool valid_ = true;
  size_t checked_ = 0;   // the text before is valid
  size_t searched_ = 0;  // for newlines
};
// Appends `from` to `to` in pieces, checking them as GrowingUtf8Check does;
// whether `from` is all valid UTF-8.
bool AppendCheckingUtf8(absl::string_view from, std::string* to);

// A quoted string literal read from text.
struct PyStringLiteral {
  bool ok = false;
  size_t end = 0;            // one past the closing quote
  std::string value;         // the decoded text (UTF-8)
  size_t error_offset = 0;   // where the problem is when !ok
  const char* error = "";    // what the problem is when !ok
};
// Reads the '...' or "..." literal starting at text[pos] (an error when there
// is none), with the escapes repr() writes (\\ \' \" \n \r \t \a \b \f \v,
// octal \0-\777, \xNN, \uNNNN, \UNNNNNNNN). A raw newline ends the literal
// with an error, as in Python; so does an escaped lone surrogate, which
// UTF-8 cannot encode.
PyStringLiteral ParsePyStringLiteral(absl::string_view text, size_t pos);

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_PY_REPR_H_
