// Whole-file reads and atomic writes (temporary file in the destination
// directory, then rename), shared by tools and the golden-test harness.
#ifndef FXPP_IR_IO_FILE_IO_H_
#define FXPP_IR_IO_FILE_IO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace fxpp {

// Reads a whole file; "-" reads stdin.
absl::StatusOr<std::string> ReadFileOrStdin(absl::string_view path);

struct WriteOptions {
  // Create missing parent directories (goldens for new test cases); tools
  // leave this off so a mistyped output directory is an error.
  bool create_parent_directories = false;
};

// Writes `contents` to `path` so that readers see the old file or the new
// one, never a partial write; "-" writes stdout. New files get mode 0644.
absl::Status WriteFileAtomically(absl::string_view path, absl::string_view contents,
                                 WriteOptions options = {});

}  // namespace fxpp

#endif  // FXPP_IR_IO_FILE_IO_H_
