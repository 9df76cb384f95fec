// Fuzzes torch.export programs (export/: ParseExportedProgramJson, which
// validates) and unflatten on whatever is accepted: no crash, hang or
// unbounded recursion (alias cycles, module paths), the program round-trips
// through every program writer (program_checks.h), the result verifies,
// computes what the program does (testing/unflatten_computation.h) and
// round-trips through every module writer (fuzz_checks.h).
#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/unflatten.h"
#include "testing/fuzz/fuzz_checks.h"
#include "testing/fuzz/program_checks.h"
#include "testing/unflatten_computation.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<fxpp::ExportedProgram> program = fxpp::ParseExportedProgramJson(text, "<fuzz>");
  if (!program.ok()) return 0;
  fxpp::fuzz::CheckProgramRoundTrips(*program);
  fxpp::UnflattenOptions options;
  options.validate = false;  // the parser validated it
  absl::StatusOr<fxpp::UnflattenResult> result = fxpp::Unflatten(*program, options);
  // Unflatten verifies what it builds and reports a module that fails as an
  // internal error: its bug, where any other error is a refused input.
  if (!result.ok() && result.status().code() != absl::StatusCode::kInternal) return 0;
  fxpp::fuzz::CheckOk("unflatten's result verifies", result.status());
  // Unimplemented: what the check cannot evaluate (a pytree spec of a type
  // it does not know), not a wrong result.
  const absl::Status same = fxpp::CheckUnflattenComputation(*program, *result);
  if (same.code() != absl::StatusCode::kUnimplemented) {
    fxpp::fuzz::CheckOk("unflatten's result computes what the program does", same);
  }
  fxpp::fuzz::CheckRendersAndReparses(*result->module, {}, /*fx_text_source=*/false);
  return 0;
}
