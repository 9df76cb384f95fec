// TextWriter: buffered appends to a std::string, for the text printers
// (FX text, fxg). Internal to fxpp's text formats.
#ifndef FXPP_IR_FX_TEXT_TEXT_WRITER_H_
#define FXPP_IR_FX_TEXT_TEXT_WRITER_H_

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "ir/bulk_buffer.h"

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
    if (out_->capacity() - out_->size() < used_) Grow();
    out_->append(buffer_, used_);
    used_ = 0;
    return out_;
  }

 private:
  static constexpr size_t kCapacity = 4096;
  static constexpr size_t kMaxIntChars = 20;  // "-9223372036854775808"

  // Doubles the string's room as append would, but backed by huge pages
  // (ReserveForBulkFill): a large text grows into fresh memory, a page
  // fault per 4 KiB otherwise.
  void Grow() { ReserveForBulkFill(out_, std::max(2 * out_->capacity(), out_->size() + used_)); }

  void AppendLong(absl::string_view s) {
    Flush();
    if (s.size() < kCapacity) return Append(s);
    out_->append(s.data(), s.size());
  }

  std::string* out_;
  size_t used_ = 0;
  char buffer_[kCapacity];
};

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_TEXT_WRITER_H_
