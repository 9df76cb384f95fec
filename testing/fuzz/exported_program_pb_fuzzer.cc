// Fuzzes the binary exported-program reader (export/program_proto.h:
// ParseExportedProgramBinary, which validates). Checks that its fast path
// (ReadCanonicalProgram) takes nothing that protobuf's parser and
// ExportedProgramFromProto read differently or refuse, and that whatever is
// accepted is written and read back unchanged.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "testing/fuzz/fuzz_checks.h"

namespace {

void CheckFastPath(absl::string_view bytes) {
  absl::optional<fxpp::ExportedProgram> fast = fxpp::ReadCanonicalProgram(bytes);
  if (!fast.has_value()) return;
  fxpp::export_proto::ExportedProgram message;
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    fxpp::fuzz::Violation("the fast path took bytes protobuf refuses",
                          absl::InvalidArgumentError("ParseFromArray failed"));
  }
  absl::StatusOr<fxpp::ExportedProgram> tree = fxpp::ExportedProgramFromProto(message);
  fxpp::fuzz::CheckOk("the fast path took a program ExportedProgramFromProto refuses",
                      tree.status());
  if (fxpp::SerializeExportedProgramBinary(*fast) != fxpp::SerializeExportedProgramBinary(*tree)) {
    fxpp::fuzz::Violation("the fast path and the message tree read different programs",
                          absl::OkStatus());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  CheckFastPath(bytes);
  absl::StatusOr<fxpp::ExportedProgram> program = fxpp::ParseExportedProgramBinary(bytes, "<fuzz>");
  if (!program.ok()) return 0;
  const std::string written = fxpp::SerializeExportedProgramBinary(*program);
  absl::StatusOr<fxpp::ExportedProgram> back = fxpp::ParseExportedProgramBinary(written, "<written>");
  fxpp::fuzz::CheckOk("an accepted program reads back after writing", back.status());
  if (fxpp::SerializeExportedProgramBinary(*back) != written) {
    fxpp::fuzz::Violation("an accepted program changes when written and read back",
                          absl::OkStatus());
  }
  return 0;
}
