// An exported program in fxg, fxpp's readable golden format
// (docs/FXG_FORMAT.md, "Exported programs"): `fxg 1`, a `program` line and
// under it, indented by 2, the graph signature, module call graph, custom
// objects, aliases and versions in protobuf's JSON mapping
// (export/exported_program.proto without its two modules); then the graph
// module's fxg blocks, and after a `state` line the state tree's. Lossless:
// it reads back as the program JSON and .pb read as.
#ifndef FXPP_EXPORT_PROGRAM_FXG_H_
#define FXPP_EXPORT_PROGRAM_FXG_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "ir/fx_text/lexer.h"
#include "ir/fx_text/lexer.h"

namespace fxpp {

// Fails only where the JSON encoding does (a string that is not UTF-8).
absl::StatusOr<std::string> PrintExportedProgramFxg(const ExportedProgram& program);
// Validates, as the other program readers do. Errors are
// "filename:line:column: message" where there is a line; a program that
// does not validate, "filename: message".
// `utf8`: kAlreadyChecked for text its reader checked for UTF-8 as it
// arrived (ReadFileOrStdin's `valid_utf8`), which is then not scanned again.
absl::StatusOr<ExportedProgram> ParseExportedProgramFxg(absl::string_view text,
                                                        absl::string_view filename,
                                                        Utf8Check utf8 = Utf8Check::kScan);
// Whether `text` starts as an exported program's fxg does ("fxg 1" then
// "program"), for readers that take modules and programs.
bool IsExportedProgramFxg(absl::string_view text);

}  // namespace fxpp

#endif  // FXPP_EXPORT_PROGRAM_FXG_H_
