// The fxg readers give the same result with their second thread
// (UseFxgReaderThread, ir/fxg/fxg.h) as without it, errors included:
// helpers that read a text both ways and compare, for tests and the fxg
// fuzzer.
#ifndef FXPP_TESTING_FXG_READER_THREADS_H_
#define FXPP_TESTING_FXG_READER_THREADS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace fxpp {

// OK when `text` (a module's fxg, or an exported program's) reads the same
// with the reader thread as without it: the same fxg printed back, or the
// same error. Else an Internal error showing both. `read`, when given, is
// set to whether it read without error.
absl::Status CheckFxgReaderThreadsAgree(absl::string_view text, bool* read = nullptr);

// How many texts read without error and how many with one.
struct FxgReadCounts {
  int read = 0;
  int errors = 0;
};

// CheckFxgReaderThreadsAgree for `text` and for each variant of it where
// the two ways could part: for each line, the line removed, repeated,
// swapped with the next, indented one space less or more, and with its
// first character after the indentation replaced by each of `|`, `#`, a
// space, a quote and a letter. The first disagreement is the error (with
// the text that showed it); `counts` adds up the outcomes.
absl::Status CheckFxgReaderThreadsAgreeOnMutations(absl::string_view text, FxgReadCounts* counts);

}  // namespace fxpp

#endif  // FXPP_TESTING_FXG_READER_THREADS_H_
