// Checks and metadata passes AOTAutograd runs on functional graphs
// (torch/_functorch/_aot_autograd/functional_utils.py and utils.py):
//
//  - AssertFunctionalGraph: no op writes a tensor except copy_ (and set_)
//    into graph inputs; returns how many such copies there are. Dead-code
//    elimination keeps them, so the count is the same after it.
//  - PropagateInputMutationStackTraces: each copy_ into an input takes the
//    stack trace of the value it copies (functionalization creates copy_
//    nodes without one).
//  - Effect tokens (Note [Side-Effectful Tokens in AOTAutograd]): ordered
//    side effects (aten._print, call_torchbind) threaded through
//    `with_effects(token, op, *args)` so the graph is functional.
//    LiftEffectTokens makes the token a graph input and output, as
//    aot_export_module does; UnliftEffectTokens replaces them with
//    prims._make_token() and prims._sink_tokens([...]), as unlift_tokens does.
//  - CopyForwardMetadataToBackward: in a joint forward+backward graph, each
//    backward node (a seq_nr, no nn_module_stack) gets the metadata of the
//    forward node with the same seq_nr (copy_fwd_metadata_to_bw_nodes).
#ifndef FXPP_PASSES_FUNCTIONAL_CHECKS_FUNCTIONAL_CHECKS_H_
#define FXPP_PASSES_FUNCTIONAL_CHECKS_FUNCTIONAL_CHECKS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "ir/graph.h"
#include "ir/graph_module.h"
#include "passes/op_schema/schema_table.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

// The number of copy_/set_ into inputs; an error naming the first node that
// writes anything else (a mutable ATen op per the schema table, an in-place
// method or function) or that copies into a non-input. `schemas` nullptr:
// SchemaTable::Default().
absl::StatusOr<int64_t> AssertFunctionalGraph(const Graph& graph,
                                              const SchemaTable* schemas = nullptr);

// Returns how many copy_ nodes got a stack trace. An error when a copy_
// writes a non-input or an input is copied into twice.
absl::StatusOr<int64_t> PropagateInputMutationStackTraces(Graph& graph);

struct EffectTokenOptions {
  // FX targets of ops with ordered side effects; empty: aten._print and
  // higher_order.call_torchbind (PyTorch's SIDE_EFFECTS table).
  absl::flat_hash_set<std::string> effectful_ops;
};

struct EffectTokenReport {
  int64_t effectful_calls = 0;  // calls wrapped in with_effects (lift)
  int64_t input_tokens = 0;     // token inputs added (lift) or removed (unlift)
  int64_t output_tokens = 0;    // token outputs added (lift) or removed (unlift)
};

// Wraps every effectful call in with_effects, threading one token from a new
// first placeholder `token` to a new first output. A graph already holding
// prims._make_token()/prims._sink_tokens() (an unlifted graph) gets those
// turned back into the token input and output.
absl::StatusOr<EffectTokenReport> LiftEffectTokens(GraphModule& module,
                                                   const EffectTokenOptions& options = {});
// The inverse: token inputs (placeholders whose users are with_effects
// calls taking them as the token) become prims._make_token() calls, and
// outputs that are `getitem(with_effects, 0)` go to one prims._sink_tokens
// call; the output becomes the list of the remaining values, as in PyTorch.
// `expected_tokens` >= 0 checks how many tokens were removed each way.
absl::StatusOr<EffectTokenReport> UnliftEffectTokens(GraphModule& module,
                                                     int64_t expected_tokens = -1);

struct JointMetadataReport {
  int64_t forward_nodes = 0;   // distinct seq_nr with a forward node
  int64_t backward_nodes = 0;  // backward nodes that got forward metadata
};

// For every backward node whose seq_nr matches a forward node's: sets extra
// `fwd_nn_module_stack` (JSON object key -> [path, type]) and, when the
// forward node has one, `fwd_source_fn_stack` (JSON list of [name, target]),
// and the forward stack trace when the backward node has none.
JointMetadataReport CopyForwardMetadataToBackward(Graph& graph);

class AssertFunctionalGraphPass : public Pass {
 public:
  static const PassDescriptor& Descriptor();
  absl::string_view name() const override { return "assert_functional_graph"; }
  // Changes nothing; fails when the graph is not functional.
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;
  int64_t copy_count() const { return copy_count_; }

 private:
  int64_t copy_count_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_FUNCTIONAL_CHECKS_FUNCTIONAL_CHECKS_H_
