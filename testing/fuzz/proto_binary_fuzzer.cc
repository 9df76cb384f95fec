// Fuzzes the protobuf binary (ir/proto: ParseBinary) reader and the printers of whatever it accepts.
#include <cstddef>
#include <cstdint>

#include "testing/fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fxpp::fuzz::FuzzParser(fxpp::Format::kPb, data, size);
  return 0;
}
