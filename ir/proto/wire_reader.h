// Reads fxpp.proto's binary encoding straight into the IR, without
// protobuf's message tree: ParseBinary's fast path (building the message
// tree, converting it and freeing it are most of the cost of a read).
//
// It takes only bytes laid out as protobuf's serializer writes them (each
// message's fields in field-number order, a singular field at most once,
// varints and lengths in their shortest form, packed scalars in one run)
// and only modules FromProto accepts. For anything else it returns nullopt
// and the caller reads through protobuf's parser and FromProto, whose
// messages are the errors users see. A module it does return is the one
// FromProto(ParseFromString(bytes)) returns (the proto_binary fuzzer checks
// that).
#ifndef FXPP_IR_PROTO_WIRE_READER_H_
#define FXPP_IR_PROTO_WIRE_READER_H_

#include <memory>

#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/graph_module.h"

namespace fxpp {

absl::optional<std::unique_ptr<GraphModule>> ReadCanonicalBinary(absl::string_view bytes);

}  // namespace fxpp

#endif  // FXPP_IR_PROTO_WIRE_READER_H_
