// Positioned error messages: the one formatter behind every
// "file:line:col: error: msg" fxpp prints, followed by the source line and
// a caret under the column (the form compilers print and editors parse).
//
// The readers (FX text, fxg, JSON for modules and exported programs) return
// statuses whose message starts with "file:line:col: " (Located); where the
// text is still at hand (ir/io's ParseModule, the tool driver) AsDiagnostic
// turns them into the full diagnostic, so the readers stay cheap and their
// unit tests compare one line.
#ifndef FXPP_IR_DIAGNOSTIC_H_
#define FXPP_IR_DIAGNOSTIC_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"

namespace fxpp {

// 1-based. The column counts characters, as editors do: a valid UTF-8
// sequence is one column, and so is each byte that is not part of one (a tab
// is one column too).
struct LineColumn {
  int line = 1;
  int column = 1;
};
// The column of the character that follows `line_prefix` (text from the
// start of a line).
int ColumnAfter(absl::string_view line_prefix);
LineColumn LineColumnAt(absl::string_view text, size_t offset);
// The offset LineColumnAt maps to `at`; nullopt when `text` has no such
// position (the column may be one past the line's last character).
absl::optional<size_t> OffsetAt(absl::string_view text, LineColumn at);
// "filename:line:column" of `offset`.
std::string Located(absl::string_view filename, absl::string_view text, size_t offset);

// "filename:line:col: error: message\n", the line holding `offset`, "\n",
// and a caret under the column. The line is shown as it is, except control
// characters and bytes that are not UTF-8, shown as '?'; tabs stay tabs (in
// the caret line too) so the caret lines up however tabs expand. A line
// longer than 100 characters is clipped to 100 around the column, with
// "..." where it was cut.
std::string FormatDiagnostic(absl::string_view filename, absl::string_view text, size_t offset,
                             absl::string_view message);

// An error a reader returned about `text`, read from `filename`, in the form
// fxpp prints: a message starting "filename:line:col: " becomes
// FormatDiagnostic at that position; one that is already a diagnostic (its
// first line has ": error: ") is kept; any other becomes
// "filename: error: message" (without repeating a "filename: " prefix).
absl::Status AsDiagnostic(const absl::Status& status, absl::string_view filename,
                          absl::string_view text);

}  // namespace fxpp

#endif  // FXPP_IR_DIAGNOSTIC_H_
