// Functionalization of a captured graph (the graph-to-graph part of
// AOTAutograd's create_functionalized_fn + fn_input_mutations_to_outputs):
//
//  - every op that writes a tensor (`add_`, `copy_`, `out=` variants,
//    `x.relu_()`, `F.relu(x, inplace=True)`, `x[i] = v`, training batch norm
//    updating its running stats) becomes its out-of-place twin (see
//    //passes/op_schema:schema_table), and later readers of the written tensor
//    read the new value;
//  - a write through a view (view, reshape, select, slice, narrow, transpose,
//    permute, t, unsqueeze, squeeze, diagonal, as_strided, split/unbind
//    elements, x[i]) is replayed onto its base with the inverse views and
//    scatter ops PyTorch uses (slice_scatter, select_scatter,
//    diagonal_scatter, as_strided_scatter), and views read after their base
//    changed are regenerated from the new base;
//  - writes to graph inputs (placeholders) and module attributes (get_attr)
//    become extra leading outputs holding the final values (AOTAutograd's
//    order: mutated inputs in input order, then the original outputs), or,
//    with keep_input_mutations, `copy_(input, final_value)` before the output;
//  - export-style buffer assignment (`self.buf = value`, which leaves no node
//    in the graph) is given as (buffer, node) pairs and recorded like a
//    mutation.
//  - an in-place dropout in eval mode (`aten.dropout_(x, p, False)`) writes
//    nothing: its result is its input, even through views (flatten) no
//    write could be replayed through.
// Dead code is removed afterwards, as AOTAutograd does.
//
// Anything that cannot be replayed exactly (writes through expand or
// unfold, metadata mutations like t_(), storage swaps like set_(), views
// whose inverse needs a shape the graph does not record, ops whose twin the
// schema table does not know, reshape/contiguous results that alias or copy
// depending on strides, a write to an attribute that shares its storage with
// another state tensor of the module tree (StateEntry::storage_group): the
// other would be read without the write; a module call after a write to
// the state under its path: it would read the old value) is an error naming the node or
// attributes; the module is then left unchanged.
#ifndef FXPP_PASSES_FUNCTIONALIZE_FUNCTIONALIZE_H_
#define FXPP_PASSES_FUNCTIONALIZE_FUNCTIONALIZE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "ir/graph_module.h"
#include "passes/op_schema/schema_table.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

struct FunctionalizeOptions {
  // End the graph with copy_(input, new_value) instead of returning the new
  // values (torch.func.functionalize's default; AOTAutograd's
  // keep_inference_input_mutations).
  bool keep_input_mutations = false;
  // Placeholder names that are buffers (export's `b_*` inputs). Every other
  // placeholder is a user input: a plain GraphModule has no signature.
  absl::flat_hash_set<std::string> buffer_inputs;
  // Buffer assignments in forward, as non-strict export records them: the
  // buffer (placeholder name or get_attr target) and the node assigned to it.
  std::vector<std::pair<std::string, std::string>> assigned_buffers;
  // nullptr: SchemaTable::Default().
  const SchemaTable* schemas = nullptr;
};

enum class MutatedInputKind : uint8_t { kUserInput, kBuffer };

// How one input's value changes: the signature change functionalization
// makes.
struct InputMutation {
  std::string input;             // placeholder name or get_attr target
  int input_index = -1;          // position among placeholders; -1 for get_attr
  MutatedInputKind kind = MutatedInputKind::kUserInput;
  bool assigned = false;         // a buffer assignment, not an in-place write
  int output_index = -1;         // the output holding the new value; -1 with copy_
  std::string value;             // the node computing the final value
};

struct FunctionalizeReport {
  std::vector<InputMutation> mutations;
  int64_t ops_replaced = 0;       // mutating ops rewritten to out-of-place twins
  int64_t scatters = 0;           // inverse views / scatters writing views back
  int64_t views_regenerated = 0;  // views recomputed from an updated base
  int64_t copies_added = 0;       // copy_ into inputs (keep_input_mutations)
  int64_t outputs_added = 0;      // new leading outputs
  int64_t nodes_before = 0;
  int64_t nodes_after = 0;

  // Human-readable summary.
  std::string ToText() const;
  // The signature change by position only, one line per added output
  // (`output 0 updates input 2 (buffer)`), then `outputs N, inputs M`: the
  // form the PyTorch reference files use.
  std::string SignatureText(const GraphModule& module) const;
};

// Functionalizes `module`'s own graph in place (submodules are left alone).
// On error the module is unchanged.
absl::StatusOr<FunctionalizeReport> Functionalize(GraphModule& module,
                                                  const FunctionalizeOptions& options = {});

class FunctionalizePass : public Pass {
 public:
  // Options: keep_input_mutations, buffers, assign (FunctionalizeOptions).
  static const TypedPassDescriptor<FunctionalizeOptions>& Descriptor();
  explicit FunctionalizePass(FunctionalizeOptions options = {}) : options_(std::move(options)) {}
  absl::string_view name() const override { return "functionalize"; }
  absl::StatusOr<bool> Run(GraphModule& module) override;
  PassReport Report() const override;
  const FunctionalizeReport& report() const { return report_; }

 private:
  FunctionalizeOptions options_;
  FunctionalizeReport report_;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_FUNCTIONALIZE_FUNCTIONALIZE_H_
