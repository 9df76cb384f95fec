// Python identifier characters [0-9a-zA-Z_] by byte, shared by the name
// rules (ir/names.cc) and the text formats' scanners (ir/fx_text, ir/fxg).
// Its own header-only target so that the lexer, which depends on nothing of
// the IR, can use it: every node name a reader claims and every word the
// lexers scan is checked here, and one table load per character costs a
// third of absl::ascii_isalnum's range tests.
#ifndef FXPP_IR_IDENTIFIER_CHARS_H_
#define FXPP_IR_IDENTIFIER_CHARS_H_

#include <cstdint>

namespace fxpp {

namespace identifier_chars_internal {
constexpr uint8_t kStart = 1;  // [a-zA-Z_]
constexpr uint8_t kChar = 2;   // [0-9a-zA-Z_]
struct Table {
  uint8_t of[256] = {};
  constexpr Table() {
    for (int c = 0; c < 256; ++c) {
      const bool start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      of[c] = (start ? kStart : 0) | (start || (c >= '0' && c <= '9') ? kChar : 0);
    }
  }
};
inline constexpr Table kTable;
}  // namespace identifier_chars_internal

// [a-zA-Z_]: may start a Python identifier (ASCII only, as FX's names).
inline bool IsIdentifierStart(char c) {
  return identifier_chars_internal::kTable.of[static_cast<unsigned char>(c)] &
         identifier_chars_internal::kStart;
}
// [0-9a-zA-Z_]: may continue a Python identifier.
inline bool IsIdentifierChar(char c) {
  return identifier_chars_internal::kTable.of[static_cast<unsigned char>(c)] &
         identifier_chars_internal::kChar;
}

}  // namespace fxpp

#endif  // FXPP_IR_IDENTIFIER_CHARS_H_
