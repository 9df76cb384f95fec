// Unflatten's dispatching of preserved calls (internal to //export:unflatten).
#ifndef FXPP_EXPORT_UNFLATTEN_DISPATCH_H_
#define FXPP_EXPORT_UNFLATTEN_DISPATCH_H_

#include "absl/status/status.h"
#include "export/exported_program.h"
#include "export/unflatten_merge.h"
#include "export/unflatten_modules.h"

namespace fxpp {
namespace unflatten_internal {

// PyTorch's _dispatch_modules: the calls of a module whose signature export
// preserved, called more than once, are replaced by one
// InterpreterModuleDispatcher at the module's path, and call_module targets
// then name such a module without a call index. `redirected` is what
// MergeIdenticalCalls merged.
absl::Status DispatchPreservedCalls(const ExportedProgram& program, ModulePool& pool,
                                    ModuleObject* root, const Redirects& redirected);

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_DISPATCH_H_
