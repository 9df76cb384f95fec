// Properties every fxpp fuzz target checks on what it managed to parse or
// transform. A broken property aborts with a message, which is how a fuzz
// target reports a bug (libFuzzer saves the input as a crash reproducer).
#ifndef FXPP_TESTING_FUZZ_FUZZ_CHECKS_H_
#define FXPP_TESTING_FUZZ_FUZZ_CHECKS_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/fx_text/fx_text.h"
#include "ir/graph_module.h"
#include "ir/io/module_io.h"

namespace fxpp {
namespace fuzz {

// Prints "fuzz property violated: <what>: <status>" to stderr and aborts.
[[noreturn]] void Violation(absl::string_view what, const absl::Status& status);

// Aborts with `what` when `status` is not OK.
void CheckOk(absl::string_view what, const absl::Status& status);

// Renders `module` in every format a tool can write (no crash allowed; a
// Status error such as FX text's "module has no graph" is fine, as a writer
// refuses what its format cannot hold). Whatever a lossless format (fxg,
// json, pb) writes must parse back to the same module: JSON and pb compared
// bit for bit in protobuf binary (NaN payloads included), fxg as fxg text
// (it drops an output node's name); a module that verifies must be writable
// as pb. FX text is lossy (str() of devices, strings, ...): only
// with `fx_text_source` (the module was read from FX text) must it parse
// back and print the same text again.
void CheckRendersAndReparses(const GraphModule& module, const FxPrintOptions& fx_print,
                             bool fx_text_source);

// The body of the parser fuzz targets: parses `data` as `format` the way
// ReadModule does, and on success runs CheckRendersAndReparses.
void FuzzParser(Format format, const uint8_t* data, size_t size);

}  // namespace fuzz
}  // namespace fxpp

#endif  // FXPP_TESTING_FUZZ_FUZZ_CHECKS_H_
