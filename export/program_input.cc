#include "export/program_input.h"

#include <utility>

#include "export/program_fxg.h"
#include "export/program_proto.h"
#include "absl/strings/str_cat.h"
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

absl::StatusOr<std::string> RenderExportedProgram(const ExportedProgram& program, Format format) {
  switch (format) {
    case Format::kJson:
      return SerializeExportedProgramJson(program);
    case Format::kPb:
      return SerializeExportedProgramBinary(program);
    case Format::kFxg:
      return PrintExportedProgramFxg(program);
    case Format::kReadable:
    case Format::kDot:
      return RenderModule(*program.graph_module, format);
    case Format::kFx:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "an exported program (graph signature, state, module call graph) cannot be written as ",
      FormatName(format), ": use json, pb or fxg (readable or dot to look at its graph), or "
      "`unflatten` it into a module first"));
}

}  // namespace fxpp
