// Checks and metadata passes AOTAutograd runs on functional graphs
// (torch/_functorch/_aot_autograd/functional_utils.py and utils.py), one
// header per job: this one (input mutations), effect_tokens.h and
// joint_metadata.h.
//
//  - AssertFunctionalGraph: no op writes a tensor except copy_ (and set_)
//    into graph inputs; returns how many such copies there are. Dead-code
//    elimination keeps them, so the count is the same after it.
//  - PropagateInputMutationStackTraces: each copy_ into an input takes the
//    stack trace of the value it copies (functionalization creates copy_
//    nodes without one). As the pass `propagate_input_mutation_stack_traces`
//    it is the last step of tools/functionalize, so a pipeline
//    (`functionalize,assert_functional_graph,propagate_input_mutation_stack_traces`)
//    writes the same module as the tool.
#ifndef FXPP_PASSES_FUNCTIONAL_CHECKS_FUNCTIONAL_CHECKS_H_
#define FXPP_PASSES_FUNCTIONAL_CHECKS_FUNCTIONAL_CHECKS_H_

#include <cstdint>

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

// Returns how many copy_ nodes got a stack trace (one they did not have). An error when a copy_
// writes a non-input or an input is copied into twice.
absl::StatusOr<int64_t> PropagateInputMutationStackTraces(Graph& graph);

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

class PropagateInputMutationStackTracesPass : public Pass {
 public:
  static const PassDescriptor& Descriptor();
  absl::string_view name() const override { return "propagate_input_mutation_stack_traces"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;

 private:
  int64_t traced_ = 0;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_FUNCTIONAL_CHECKS_FUNCTIONAL_CHECKS_H_
