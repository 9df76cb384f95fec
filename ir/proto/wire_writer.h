// Writes fxpp.proto's binary encoding (format version 2) straight from the
// IR, without protobuf's message tree: the bytes
// ToProto(module, ProtoStrings::kTable) serializes to, byte for byte
// (convert_test compares them), several times faster. SerializeBinary's
// encoder.
#ifndef FXPP_IR_PROTO_WIRE_WRITER_H_
#define FXPP_IR_PROTO_WIRE_WRITER_H_

#include <string>

#include "ir/graph_module.h"

namespace fxpp {

std::string WriteCanonicalBinary(const GraphModule& module);
// The same bytes as a length-delimited field `field` (tag, length, bytes)
// appended to *out: a writer of an enclosing message (an exported program)
// splices its modules in place, without a copy of each.
void AppendCanonicalBinaryField(int field, const GraphModule& module, std::string* out);

// Whether every writer spells `value` as its IEEE-754 bits (float_bits)
// rather than as a double (float_value): JSON spells -0.0 as 0 and every
// NaN as "NaN" (read back as the canonical quiet NaN).
bool WritesFloatBits(double value);

}  // namespace fxpp

#endif  // FXPP_IR_PROTO_WIRE_WRITER_H_
