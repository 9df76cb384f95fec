// Fuzzes the protobuf binary (ir/proto: ParseBinary) reader and the printers of whatever it
// accepts, and checks that ParseBinary's direct reader (ir/proto/wire_reader.h) takes nothing
// that protobuf's parser and FromProto read differently or refuse.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/status.h"
#include "absl/types/optional.h"
#include "ir/proto/convert.h"
#include "ir/proto/fxpp.pb.h"
#include "ir/proto/wire_reader.h"
#include "testing/fuzz/fuzz_checks.h"

namespace {

void CheckDirectReader(const uint8_t* data, size_t size) {
  const absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  absl::optional<std::unique_ptr<fxpp::GraphModule>> direct = fxpp::ReadCanonicalBinary(bytes);
  if (!direct.has_value()) return;
  fxpp::proto::GraphModule message;
  if (!message.ParseFromArray(data, static_cast<int>(size))) {
    fxpp::fuzz::Violation("the direct reader took bytes protobuf refuses",
                          absl::InvalidArgumentError("ParseFromArray failed"));
  }
  absl::StatusOr<std::unique_ptr<fxpp::GraphModule>> tree = fxpp::FromProto(message);
  fxpp::fuzz::CheckOk("the direct reader took a module FromProto refuses", tree.status());
  if (fxpp::SerializeBinary(**direct) != fxpp::SerializeBinary(**tree)) {
    fxpp::fuzz::Violation("the direct reader and FromProto read different modules",
                          absl::OkStatus());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fxpp::fuzz::FuzzParser(fxpp::Format::kPb, data, size);
  CheckDirectReader(data, size);
  return 0;
}
