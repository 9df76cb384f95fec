// Line diffs in `diff -u` format, for readable golden-test failures.
#ifndef FXPP_TESTING_UNIFIED_DIFF_H_
#define FXPP_TESTING_UNIFIED_DIFF_H_

#include <string>

#include "absl/strings/string_view.h"

namespace fxpp {

// Returns the line diff from `expected` to `actual` as
// `diff -u --label expected_label --label actual_label` prints it: a
// "---"/"+++" header, then @@ hunks with up to `context` unchanged lines
// around each change (a negative `context` counts as 0). Returns "" when the
// texts are equal.
//
// A last line without '\n' differs from the same line with one, and is
// followed by "\ No newline at end of file". Lines end at '\n' only, so a
// '\r' stays part of its line.
//
// The diff is minimal (Myers' O(ND) algorithm in linear space) unless it is
// very large: past a cost of about max(256, sqrt(lines)) edits per split the
// search settles for a near-minimal split, as GNU diff and git do, so that
// even two unrelated 100k-line texts diff quickly.
std::string UnifiedDiff(absl::string_view expected, absl::string_view actual,
                        absl::string_view expected_label, absl::string_view actual_label,
                        int context = 3);

}  // namespace fxpp

#endif  // FXPP_TESTING_UNIFIED_DIFF_H_
