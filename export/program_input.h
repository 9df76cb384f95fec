// How the tools and fxpp.load, which take both graph modules and exported
// programs, tell a program from a module, and write a program.
#ifndef FXPP_EXPORT_PROGRAM_INPUT_H_
#define FXPP_EXPORT_PROGRAM_INPUT_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "export/exported_program.h"
#include "ir/io/module_io.h"

namespace fxpp {

// `contents` in `format` read as an exported program when it is one: JSON
// with a graph signature, fxg with a `program` line, or protobuf binary that
// reads as a program (a module's does not); with `only_programs`, read as a
// program whatever it is. nullopt for a module; for a program that does not
// read (or, with `only_programs`, anything that does not), the reader's
// error, `name` starting it.
absl::StatusOr<absl::optional<ExportedProgram>> ReadIfExportedProgram(
    absl::string_view contents, absl::string_view name, absl::optional<Format> format,
    bool only_programs = false);

// `program` in `format`: json, pb and fxg hold all of it, readable and dot
// show its graph; FX text, which would drop the signature, is an error that
// says what to use instead.
absl::StatusOr<std::string> RenderExportedProgram(const ExportedProgram& program, Format format);

}  // namespace fxpp

#endif  // FXPP_EXPORT_PROGRAM_INPUT_H_
