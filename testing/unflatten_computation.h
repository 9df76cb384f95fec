// Whether Unflatten (export/unflatten.h) kept what an exported program
// computes: the check that catches an outliner that wires a value to the
// wrong module input, reads the wrong parameter of a shared module, drops a
// buffer update or merges calls that differ, whatever program showed it.
//
// Both sides are evaluated to one flat graph and compared by CanonicalForm
// (passes/functional_checks/canonical_form.h: names, order and dead code do
// not matter):
//
// - the program: parameters, buffers and constants read as get_attr of their
//   names (through the program's aliases), user inputs as placeholders, effect
//   tokens removed as Unflatten removes them;
// - the unflattened module: every module call inlined (a dispatcher's k-th
//   call runs its `@k` module, as PyTorch's InterpreterModuleDispatcher
//   does), get_attr paths named by the module that owns the tensor (a shared
//   module's first path, without the call modules `@k` and call suffixes
//   `foo@1`), and the pytree nodes of preserved signatures (tree_flatten_spec,
//   tree_unflatten and the getitems of their results) evaluated away;
// - on both, `aten.copy_` into a buffer or an input is a write: later readers
//   read the written value, and what is written last to each buffer and input
//   is returned beside the user outputs, as the program's BUFFER_MUTATION and
//   USER_INPUT_MUTATION outputs are. Values passed between modules through
//   `__ival__` attributes are writes and reads of that attribute.
#ifndef FXPP_TESTING_UNFLATTEN_COMPUTATION_H_
#define FXPP_TESTING_UNFLATTEN_COMPUTATION_H_

#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "export/exported_program.h"
#include "export/unflatten.h"
#include "ir/graph.h"

namespace fxpp {

// The program's flat form.
absl::StatusOr<std::unique_ptr<Graph>> FlattenProgram(const ExportedProgram& program);

// The unflattened module's flat form; `program` is what was unflattened (its
// aliases name shared tensors).
absl::StatusOr<std::unique_ptr<Graph>> FlattenUnflattened(const ExportedProgram& program,
                                                          const UnflattenResult& result);

// OK when both flat forms print the same CanonicalForm; otherwise an error
// holding the diff. An error too when a side cannot be evaluated (a call of a
// module without a graph, a pytree spec of a type the check does not know).
absl::Status CheckUnflattenComputation(const ExportedProgram& program,
                                       const UnflattenResult& result);

}  // namespace fxpp

#endif  // FXPP_TESTING_UNFLATTEN_COMPUTATION_H_
