#include "export/program_input.h"

#include <utility>

#include "export/program_fxg.h"
#include "export/program_proto.h"
#include "google/protobuf/stubs/logging.h"

namespace fxpp {

absl::StatusOr<absl::optional<ExportedProgram>> ReadIfExportedProgram(
    absl::string_view contents, absl::string_view name, absl::optional<Format> format,
    bool only_programs) {
  const bool binary = format == Format::kPb;
  const bool program_text = (format == Format::kJson && IsExportedProgramJson(contents)) ||
                            (format == Format::kFxg && IsExportedProgramFxg(contents));
  if (!only_programs && !program_text && !binary) return absl::nullopt;
  absl::StatusOr<ExportedProgram> program = [&] {
    // A module's binary read as a program may make protobuf log about
    // strings that are not UTF-8: a guess, not the user's error.
    google::protobuf::LogSilencer quiet;
    if (binary) return ParseExportedProgramBinary(contents, name);
    if (format == Format::kFxg) return ParseExportedProgramFxg(contents, name);
    return ParseExportedProgramJson(contents, name);
  }();
  if (program.ok()) return absl::optional<ExportedProgram>(*std::move(program));
  if (only_programs || !binary) return program.status();
  return absl::nullopt;
}

}  // namespace fxpp
