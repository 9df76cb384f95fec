// How readers that take both graph modules and exported programs (the tools,
// fxpp.load) tell a program from a module.
#ifndef FXPP_EXPORT_PROGRAM_INPUT_H_
#define FXPP_EXPORT_PROGRAM_INPUT_H_

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

}  // namespace fxpp

#endif  // FXPP_EXPORT_PROGRAM_INPUT_H_
