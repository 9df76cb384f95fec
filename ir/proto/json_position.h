// Positions in JSON text, for `file:line:column` error messages. Protobuf's
// JSON parser reports neither offsets nor lines, so the JSON readers (fxpp's
// ParseJson, export's ParseExportedProgramJson) check the syntax with a
// scanner (strict RFC 8259) and map the field paths protobuf and
// the converter report ("module.graph.nodes[3].op") back to the text.
#ifndef FXPP_IR_PROTO_JSON_POSITION_H_
#define FXPP_IR_PROTO_JSON_POSITION_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/diagnostic.h"

namespace fxpp {
namespace json_position {

// Positions as every fxpp message gives them (ir/diagnostic.h): 1-based,
// the column counting characters, as editors do.
using ::fxpp::LineColumn;
using ::fxpp::LineColumnAt;
using ::fxpp::Located;

struct SyntaxError {
  size_t offset;  // where the offending character (or the end) is
  std::string message;
};
// The first syntax error of `text` taken as one JSON value, or nullopt when it
// is valid JSON. Stricter than protobuf's parser (no single quotes, bare keys
// or trailing commas), so every text protobuf rejects for its syntax is caught
// here with a position.
absl::optional<SyntaxError> FindSyntaxError(absl::string_view text);

// The offset of the value at `path` in syntactically valid `text`: dotted
// field names with optional `[index]` suffixes, e.g. "module.graph.nodes[3].op".
// When the last component is a field name, the offset of its key is returned.
// A field name matches its JSON key written either as the proto name or in
// lowerCamelCase. The longest prefix of the path that exists is used (for a
// missing field: its parent), down to the root value for the empty prefix.
size_t FindPath(absl::string_view text, absl::string_view path);

// The field path at the start of an error message of protobuf's JSON parser
// (JsonStringToMessage), for FindPath: "(a.b[1]) f: ..." -> "a.b[1].f",
// "(a.b[1]): ..." -> "a.b[1]", ": ..." -> "" (the root), "f: ..." -> "f";
// nullopt when the message names none (a syntax error).
absl::optional<std::string> ProtobufErrorPath(absl::string_view message);

// An error of protobuf's JSON parser placed in `text`: at the field path its
// message names, or at the caret of the excerpt it ends some messages with
// ("Number exceeds the range of double.\n<excerpt>\n    ^"), which is
// dropped from `message`. offset is nullopt when neither is found.
struct ProtobufError {
  absl::optional<size_t> offset;
  std::string message;
};
ProtobufError LocateProtobufError(absl::string_view text, absl::string_view message);

}  // namespace json_position
}  // namespace fxpp

#endif  // FXPP_IR_PROTO_JSON_POSITION_H_
