// Fuzzes the fxg readers (ir/fxg: ParseFxg; export/program_fxg.h:
// ParseExportedProgramFxg for a text that starts as a program's) and the
// writers of whatever they accept, and checks that the readers give the
// same with their second thread as without it (testing/fxg_reader_threads.h).
#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "export/program_fxg.h"
#include "testing/fuzz/fuzz_checks.h"
#include "testing/fxg_reader_threads.h"
#include "testing/fuzz/program_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  fxpp::fuzz::CheckOk("the fxg readers agree with and without their thread",
                      fxpp::CheckFxgReaderThreadsAgree(text));
  if (fxpp::IsExportedProgramFxg(text)) {
    absl::StatusOr<fxpp::ExportedProgram> program = fxpp::ParseExportedProgramFxg(text, "<fuzz>");
    if (program.ok()) fxpp::fuzz::CheckProgramRoundTrips(*program);
    return 0;
  }
  fxpp::fuzz::FuzzParser(fxpp::Format::kFxg, data, size);
  return 0;
}
