// Fuzzes the FX text reader (ir/fx_text: ParseFxModule, subgraph sections
// included) and the printers of whatever it accepts.
#include <cstddef>
#include <cstdint>

#include "testing/fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fxpp::fuzz::FuzzParser(fxpp::Format::kFx, data, size);
  return 0;
}
