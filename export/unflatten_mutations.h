// Unflatten's first rewrite (internal to //export:unflatten): mutations that
// export functionalized become copies again.
#ifndef FXPP_EXPORT_UNFLATTEN_MUTATIONS_H_
#define FXPP_EXPORT_UNFLATTEN_MUTATIONS_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"

namespace fxpp {
namespace unflatten_internal {

// The op unflatten writes mutated values back with.
inline constexpr absl::string_view kCopy = "torch.ops.aten.copy_";

// PyTorch's _inplace_buffer_mutations: a buffer mutation that export
// functionalized (the new value returned as a BUFFER_MUTATION output) becomes
// `aten.copy_(buffer, new_value)` right after the new value, whose users then
// read the copy; the graph stops returning it. The copy runs in the module
// that computes the new value, which reads the buffer as an attribute.
//
// A USER_INPUT_MUTATION output (the program writes a tensor its caller
// passed) is written back the same way, into the input's placeholder, so
// the unflattened module updates the caller's tensor as the signature says.
// (PyTorch 2.6 keeps it as a second result, and its module then fails when
// called: "treespec.unflatten(leaves): `leaves` has length 2 but the spec
// refers to a pytree that holds 1 items".)
absl::Status InplaceMutations(ExportedProgram& program);

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_MUTATIONS_H_
