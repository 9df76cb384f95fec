#include "testing/fxg_reader_threads.h"

#include <cstdint>
#include <limits>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "export/program_fxg.h"
#include "ir/fxg/fxg.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

// What `text` reads as, printed back as fxg, or its error.
std::string ReadBack(absl::string_view text) {
  if (IsExportedProgramFxg(text)) {
    absl::StatusOr<ExportedProgram> program = ParseExportedProgramFxg(text, "t.fxg");
    if (!program.ok()) return absl::StrCat("error: ", program.status().message());
    absl::StatusOr<std::string> printed = PrintExportedProgramFxg(*program);
    return printed.ok() ? *printed : absl::StrCat("print error: ", printed.status().message());
  }
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(text, "t.fxg");
  if (!module.ok()) return absl::StrCat("error: ", module.status().message());
  return PrintFxg(**module);
}

// Sets the reader thread's threshold for a scope.
class ReaderThreadMinBytes {
 public:
  explicit ReaderThreadMinBytes(int64_t bytes) { SetFxgReaderThreadMinBytes(bytes); }
  ~ReaderThreadMinBytes() { SetFxgReaderThreadMinBytes(-1); }
};

}  // namespace

absl::Status CheckFxgReaderThreadsAgree(absl::string_view text, bool* read) {
  std::string threaded;
  {
    const ReaderThreadMinBytes always(0);
    threaded = ReadBack(text);
  }
  std::string serial;
  {
    const ReaderThreadMinBytes never(std::numeric_limits<int64_t>::max());
    serial = ReadBack(text);
  }
  if (read != nullptr) *read = !absl::StartsWith(serial, "error: ");
  if (threaded == serial) return absl::OkStatus();
  return absl::InternalError(absl::StrCat("the fxg readers part with a second thread:\n",
                                          threaded, "\n--- and without:\n", serial));
}

absl::Status CheckFxgReaderThreadsAgreeOnMutations(absl::string_view text,
                                                   FxgReadCounts* counts) {
  const std::vector<std::string> lines = absl::StrSplit(text, '\n');
  const auto check = [counts](const std::vector<std::string>& changed) -> absl::Status {
    const std::string mutated = absl::StrJoin(changed, "\n");
    bool read = false;
    const absl::Status agree = CheckFxgReaderThreadsAgree(mutated, &read);
    if (!agree.ok()) return absl::InternalError(absl::StrCat(agree.message(), "\nfor:\n", mutated));
    ++(read ? counts->read : counts->errors);
    return absl::OkStatus();
  };
  RETURN_IF_ERROR(check(lines));
  for (size_t i = 0; i < lines.size(); ++i) {
    std::vector<std::string> changed = lines;
    changed.erase(changed.begin() + i);
    RETURN_IF_ERROR(check(changed));
    changed = lines;
    changed.insert(changed.begin() + i, lines[i]);
    RETURN_IF_ERROR(check(changed));
    if (i + 1 < lines.size()) {
      changed = lines;
      std::swap(changed[i], changed[i + 1]);
      RETURN_IF_ERROR(check(changed));
    }
    const size_t indent = lines[i].find_first_not_of(' ');
    if (indent == std::string::npos) continue;
    changed = lines;
    if (indent > 0) {
      changed[i] = lines[i].substr(1);
      RETURN_IF_ERROR(check(changed));
    }
    changed[i] = absl::StrCat(" ", lines[i]);
    RETURN_IF_ERROR(check(changed));
    for (const char c : {'|', '#', ' ', '\'', 'x'}) {
      changed[i] = lines[i];
      changed[i][indent] = c;
      RETURN_IF_ERROR(check(changed));
    }
  }
  return absl::OkStatus();
}

}  // namespace fxpp
