// The serialized form of an ExportedProgram (export/exported_program.proto):
// conversions with the message, its JSON and binary encodings, and reading
// a file.
#ifndef FXPP_EXPORT_PROGRAM_PROTO_H_
#define FXPP_EXPORT_PROGRAM_PROTO_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "export/exported_program.h"
#include "export/exported_program.pb.h"

namespace fxpp {

// The format_version writers put in files and the newest readers accept.
inline constexpr uint32_t kExportedProgramFormatVersion = 1;

// Conversions with the serialized form. FromProto checks the encoding only
// (missing or unknown values); callers validate.
export_proto::ExportedProgram ExportedProgramToProto(const ExportedProgram& program);
absl::StatusOr<ExportedProgram> ExportedProgramFromProto(const export_proto::ExportedProgram& in);

// The parts of a program fxg keeps as protobuf JSON (export/program_fxg.h:
// constant and custom-object arguments, module call signatures). The
// readers check the encoding as ExportedProgramFromProto does; `where`
// starts a signature's errors.
void ArgumentSpecToProto(const ArgumentSpec& spec, export_proto::ArgumentSpec* out);
absl::StatusOr<ArgumentSpec> ArgumentSpecFromProto(const export_proto::ArgumentSpec& in);
void ModuleCallSignatureToProto(const ModuleCallSignature& sig,
                                export_proto::ModuleCallSignature* out);
absl::StatusOr<ModuleCallSignature> ModuleCallSignatureFromProto(
    const export_proto::ModuleCallSignature& in, absl::string_view where);

// Protobuf JSON mapping (as the Python bridge writes it) and binary. The
// parsers validate; `filename` prefixes errors.
absl::StatusOr<std::string> SerializeExportedProgramJson(const ExportedProgram& program);
std::string SerializeExportedProgramBinary(const ExportedProgram& program);
absl::StatusOr<ExportedProgram> ParseExportedProgramJson(absl::string_view text,
                                                         absl::string_view filename);
absl::StatusOr<ExportedProgram> ParseExportedProgramBinary(absl::string_view bytes,
                                                           absl::string_view filename);
// ParseExportedProgramBinary's fast path, before validation: decodes the
// program from the wire, its two modules with ReadCanonicalBinary
// (ir/proto/wire_reader.h), without protobuf's message tree (module call
// signatures and constant arguments, a few, go through protobuf from their
// own bytes). It takes only what protobuf's serializer writes (fields in
// number order, each singular field once, tags and lengths in their
// shortest form, modules ReadCanonicalBinary takes) and only programs
// ExportedProgramFromProto accepts; nullopt otherwise, and the caller reads
// through protobuf and ExportedProgramFromProto, whose messages are the
// errors users see. A program it returns is the one those read (the
// exported_program_binary fuzzer checks that).
absl::optional<ExportedProgram> ReadCanonicalProgram(absl::string_view bytes);
// Whether JSON text is an exported program rather than a module: it has a
// graph signature (a module's JSON has no such key). Readers that take both
// ask this (and IsExportedProgramFxg); binary tells only by parsing.
bool IsExportedProgramJson(absl::string_view json);
// Reads `path` ("-": stdin) as binary when it ends in .pb/.binpb, as fxg
// (export/program_fxg.h) when it ends in .fxg, else as JSON.
absl::StatusOr<ExportedProgram> ReadExportedProgram(absl::string_view path);

}  // namespace fxpp

#endif  // FXPP_EXPORT_PROGRAM_PROTO_H_
