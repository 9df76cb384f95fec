// Printing of Arguments in the spellings FX text uses (arg_text.h). Internal
// to //ir/fx_text.
#ifndef FXPP_IR_FX_TEXT_ARG_PRINTER_H_
#define FXPP_IR_FX_TEXT_ARG_PRINTER_H_

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/argument.h"
#include "ir/fx_text/arg_text.h"

namespace fxpp {

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

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_ARG_PRINTER_H_
