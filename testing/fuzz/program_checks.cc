#include "testing/fuzz/program_checks.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "export/program_fxg.h"
#include "export/program_proto.h"
#include "testing/fuzz/fuzz_checks.h"

namespace fxpp {
namespace fuzz {
namespace {

void CheckSame(absl::string_view format, const absl::StatusOr<ExportedProgram>& back,
               const std::string& json) {
  CheckOk(absl::StrCat("a program written as ", format, " reads back"), back.status());
  const absl::StatusOr<std::string> again = SerializeExportedProgramJson(*back);
  CheckOk(absl::StrCat("a program read back from ", format, " writes as JSON"), again.status());
  if (*again != json) {
    Violation(absl::StrCat("a program written as ", format, " reads back as the same program"),
              absl::DataLossError(*again));
  }
}

}  // namespace

void CheckProgramRoundTrips(const ExportedProgram& program) {
  const absl::StatusOr<std::string> json = SerializeExportedProgramJson(program);
  // The JSON writer refuses a string that is not UTF-8, which no reader
  // lets in.
  CheckOk("an accepted program writes as JSON", json.status());
  CheckSame("json", ParseExportedProgramJson(*json, "<json>"), *json);
  CheckSame("pb", ParseExportedProgramBinary(SerializeExportedProgramBinary(program), "<pb>"),
            *json);
  const absl::StatusOr<std::string> fxg = PrintExportedProgramFxg(program);
  CheckOk("an accepted program writes as fxg", fxg.status());
  CheckSame("fxg", ParseExportedProgramFxg(*fxg, "<fxg>"), *json);
}

}  // namespace fuzz
}  // namespace fxpp
