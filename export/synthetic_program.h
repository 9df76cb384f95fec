// Exported programs built in code, for tests and benchmarks: a builder that
// lays out a flat graph the way torch.export does (state and user inputs as
// placeholders described by the graph signature, every node tagged with the
// module calls it ran in), and transformer stacks of any size.
#ifndef FXPP_EXPORT_SYNTHETIC_PROGRAM_H_
#define FXPP_EXPORT_SYNTHETIC_PROGRAM_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "ir/graph.h"
#include "ir/meta.h"

namespace fxpp {

class ProgramBuilder {
 public:
  ProgramBuilder();

  // Inputs, in placeholder order; all come before the first Call. State
  // placeholders are named as export names them (`p_lin_weight`).
  Node* Parameter(absl::string_view fqn, DimVector shape);
  Node* Buffer(absl::string_view fqn, DimVector shape, bool persistent = true);
  Node* UserInput(absl::string_view name, DimVector shape);

  // Module calls: nodes created until the matching Exit run inside the call.
  // `call` is the call index export puts in the stack key (`sub@1`); `key`
  // overrides the key's base (Dynamo's `L__self___sub`, a shared module's
  // first name).
  void Enter(absl::string_view path, absl::string_view type = "Module", int call = 0,
             absl::string_view key = {});
  void Exit();

  // A call_function node in the current module call, producing a float
  // tensor of `shape`.
  Node* Call(absl::string_view target, std::vector<Argument> args, DimVector shape);
  // Records that the graph returns `new_value` as buffer `buffer`'s update.
  void MutateBuffer(Node* buffer, Node* new_value);
  // Export's record of module calls; Finish lists every entered path.
  void PreserveSignature(absl::string_view fqn, ModuleCallSignature signature);

  // The program returning the buffer mutations, then `outputs`.
  ExportedProgram Finish(const std::vector<Node*>& outputs);

  Graph& graph() { return program_.graph_module->graph(); }

 private:
  Node* InsertPlaceholder(absl::string_view name, Node* after);
  Node* StateInput(absl::string_view prefix, absl::string_view fqn, DimVector shape,
                   StateKind kind, bool persistent);

  ExportedProgram program_;
  std::vector<ModuleStackEntry> stack_;
  std::vector<std::pair<Node*, std::string>> mutations_;  // new value, buffer
  std::vector<std::string> fqns_;  // entered paths, first-call order
  absl::flat_hash_set<std::string> entered_;
  std::vector<std::pair<std::string, ModuleCallSignature>> preserved_;
  int64_t user_inputs_ = 0;
  Node* last_state_ = nullptr;  // the last state placeholder
  Node* last_input_ = nullptr;  // the last user-input placeholder
};

// A tensor of `shape` (float32, contiguous, on the CPU).
TensorMeta FloatTensor(DimVector shape);

// The root signature torch.export records for a call with `inputs`
// positional tensors returning `outputs` tensors.
ModuleCallSignature RootSignature(int64_t inputs, int64_t outputs);

// A pre-norm transformer exported as torch.export does: embedding-free
// `layers.N` blocks (ln1, attn.{q,k,v,proj}, ln2, mlp.{0,1,2}) over one input,
// 40 nodes a layer (16 parameter placeholders, 24 aten calls).
ExportedProgram MakeExportedTransformer(int64_t layers);
// As many layers as needed for at least `nodes` nodes.
ExportedProgram MakeExportedTransformerWithNodes(int64_t nodes);
int64_t ExportedTransformerNodesPerLayer();

}  // namespace fxpp

#endif  // FXPP_EXPORT_SYNTHETIC_PROGRAM_H_
