// Conversion between a GraphModule tree and its serialized form
// (ir/proto/fxpp.proto), and reading/writing that form as protobuf binary or
// protobuf's JSON mapping.
//
// The conversion is lossless: FromProto(ToProto(m)) has the same modules,
// state, nodes (names, ops, targets, types, arguments, metadata) in the same
// order as `m`, floats bit for bit. Text fields must be UTF-8, as protobuf
// requires.
//
// Readers never abort on bad input: malformed data, unknown enum values,
// missing fields, duplicate names and node references that do not name an
// earlier node of the same graph are errors that name the module and node.
// They do not run the semantic checks of ir/verifier.h (e.g. one output per
// graph); callers that need them call VerifyGraphModule.
#ifndef FXPP_IR_PROTO_CONVERT_H_
#define FXPP_IR_PROTO_CONVERT_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/graph_module.h"
#include "ir/proto/fxpp.pb.h"

namespace fxpp {

// Arguments of the scalar kinds (None, bool, int, float, str), as the other
// readers of fxpp.proto's Argument (export's constant inputs) need them:
// floats bit for bit in both encodings. WriteScalarArgument returns false,
// writing nothing, for other kinds; ReadScalarArgument returns nullopt for
// other value cases.
bool WriteScalarArgument(const Argument& arg, proto::Argument* out);
absl::optional<Argument> ReadScalarArgument(const proto::Argument& in);

// The newest format_version FromProto accepts (fxpp.proto's header says
// what each version adds; every version reads back).
inline constexpr uint32_t kProtoFormatVersion = 2;

// How ToProto spells the strings many nodes repeat (targets, stack traces,
// nn_module_stack entries, devices) and node references: inline and by
// name (format version 1, readable on its own: what JSON is written with),
// or as indexes into the message's string table and node positions
// (version 2: several times faster to write and read; the binary encoding
// uses it).
enum class ProtoStrings { kInline, kTable };

// ToProto(module) writes version 1.
proto::GraphModule ToProto(const GraphModule& module);
void ToProto(const GraphModule& module, ProtoStrings strings, proto::GraphModule* out);
absl::StatusOr<std::unique_ptr<GraphModule>> FromProto(const proto::GraphModule& message);

// Protobuf binary encoding, format version 2.
std::string SerializeBinary(const GraphModule& module);
// `filename` only prefixes error messages ("model.pb: ...").
absl::StatusOr<std::unique_ptr<GraphModule>> ParseBinary(absl::string_view bytes,
                                                         absl::string_view filename);

// Protobuf's JSON mapping, pretty-printed with the .proto field names;
// deterministic for a given module. Fails only on text that is not UTF-8.
absl::StatusOr<std::string> SerializeJson(const GraphModule& module);
// Errors read "filename:line:column: message", pointing at the syntax error
// or at the offending field.
absl::StatusOr<std::unique_ptr<GraphModule>> ParseJson(absl::string_view text,
                                                       absl::string_view filename);

}  // namespace fxpp

#endif  // FXPP_IR_PROTO_CONVERT_H_
