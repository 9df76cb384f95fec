// Unflatten's outlining (internal to //export:unflatten): one walk over the
// flat graph that copies each node into the graph of the module call it
// belongs to (PyTorch's _ModuleFrame), creating the call modules and the
// call_module nodes that call them. The walk and its inputs are
// unflatten_outliner.cc; starting and finishing a call, unflatten_calls.cc.
#ifndef FXPP_EXPORT_UNFLATTEN_OUTLINER_H_
#define FXPP_EXPORT_UNFLATTEN_OUTLINER_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "export/exported_program.h"
#include "export/unflatten_module_stack.h"
#include "export/unflatten_modules.h"
#include "export/unflatten_values.h"
#include "ir/graph.h"

namespace fxpp {
namespace unflatten_internal {

// One running module call of the walk: the graph its nodes go to and how
// flat nodes map to its values.
struct Frame {
  Frame* parent = nullptr;
  std::vector<StackEntry> stack;
  std::string fqn;
  std::string child_fqn;  // the call name
  ModuleObject* module = nullptr;
  Graph* graph = nullptr;
  // This call's signature, when export preserved it.
  const ModuleCallSignature* call_signature = nullptr;
  // Whether the module's first call has a preserved signature: then values
  // enter only through it (PyTorch looks the module up by fqn here).
  bool preserved = false;
  // Flat node -> its value in this graph, in insertion order.
  std::vector<std::pair<const Node*, Node*>> copied;
  absl::flat_hash_map<const Node*, Node*> node_map;
  // Flat input -> the placeholder (or state read) that brings it in.
  absl::flat_hash_map<const Node*, Node*> placeholders;
  // Reads of state this module owns (get_attr), in creation order, with the
  // flat placeholders they replace.
  std::vector<std::pair<const Node*, Node*>> state_reads;
  Node* parent_call = nullptr;
  // Arguments remap_input prepends to parent_call, oldest first; the call
  // gets them (newest first) before `call_args` when the frame finishes.
  std::vector<Argument> prepended;
  std::vector<Argument> call_args;
  KwArgs call_kwargs;

  // Empties the frame for another call, keeping its containers' storage
  // (calls at one depth reuse one frame).
  void Reset();
  // `flat` has the value `local` in this frame's graph.
  void Map(const Node* flat, Node* local);
};

class Outliner {
 public:
  Outliner(const ExportedProgram& program, ModulePool& pool, ModuleObject* root);

  // Outlines the whole flat graph, once.
  absl::Status Run();

  const std::vector<std::vector<CallEntry>>& partitions() const { return partitions_; }
  const std::vector<std::pair<std::string, std::vector<std::string>>>& attributes() const {
    return attributes_;
  }
  IntermediateValues& intermediate_values() { return ivals_; }
  // The root graph's nodes that compute a value intermediate_values() passes
  // on (IntermediateValues::Create).
  const std::vector<Node*>& root_intermediate_values() const { return root_ivals_; }
  // Modules and the state paths their graphs read, to check once the state
  // is assigned.
  const std::vector<std::pair<ModuleObject*, std::string>>& state_paths() const {
    return state_paths_;
  }

 private:
  // What a finishing call returns: the flat nodes its results stand for
  // (nullptr for absent values; most calls return one or two), the node of
  // the caller that holds them, and the call graph's returned value.
  struct CallResults {
    absl::InlinedVector<const Node*, 4> flat;
    Node* parent_out = nullptr;
    Argument returned;
    absl::InlinedVector<Node*, 4> returned_nodes;
  };

  // The flat node `name` when the walk has reached it, else nullptr.
  const Node* Seen(absl::string_view name) const;
  // Module `child_fqn` reads attribute `target` of the program.
  void NoteAttribute(const std::string& child_fqn, absl::string_view target);

  // ---- the walk and its inputs (unflatten_outliner.cc) ----
  // A NodeCopy/MapNodes callback taking flat nodes to their values in
  // `frame`; the first error goes to `*status` (the rest are skipped).
  auto Remapper(Frame& frame, absl::Status* status);
  absl::Status CopyNode(Frame& frame, const Node* node);
  // PyTorch's remap_input: the value of flat node `x` in `frame`'s graph.
  absl::StatusOr<Node*> RemapInput(Frame& frame, const Node* x);
  // A flat call export shares between modules, recomputed in `frame`.
  absl::StatusOr<Node*> Recompute(Frame& frame, const Node* x);
  // PyTorch passes state (parameters, buffers, constants) into every module
  // as placeholders, then sinks each into a get_attr in the modules that own
  // it (_sink_params) and drops the arguments that carried it. This reads it
  // directly instead: `x` is state the frame's module owns (a name of it lies
  // below the module's path) -> a get_attr of its relative path; nullptr for
  // anything else, which comes in as a placeholder. Reads are placed where
  // sinking would put them when the call finishes (PlaceStateReads).
  Node* ReadState(Frame& frame, const Node* x);
  // Moves the frame's state reads right after its last placeholder, in
  // state_reads' order.
  void PlaceStateReads(Frame& frame);

  // A new call of stack entry `entry` starts at `node`: an error when that
  // call (path and "@N") already ran, or when the key's module (the key
  // without "@N") was called under a path inside this one or around it. A call's nodes are
  // consecutive in the flat graph, so a call seen again means inconsistent
  // nn_module_stack keys (reused "@N", or a call split by other calls);
  // outlining it twice would put two graphs under one call name, and merging
  // identical calls would then remove a submodule that a call_module still
  // targets. Calls of one key share their submodules (as in PyTorch), so one
  // key naming `a` and `a.lin` would make a module its own submodule.
  absl::Status CheckNewCall(const Node& node, const StackEntry& entry);

  // ---- starting and finishing calls (unflatten_calls.cc) ----
  // Starts the call of stack[depth] inside `parent`, in `frame`.
  absl::Status StartCall(Frame& parent, const std::vector<StackEntry>& stack, size_t depth,
                         Frame& frame);
  // A call with a preserved signature takes its original (args, kwargs) and
  // flattens them with the signature's in_spec; the caller unflattens its
  // flat inputs into that structure.
  absl::Status StartPreservedCall(Frame& frame);
  // The callee's side: placeholders for the original arguments, flattened.
  void AddPreservedPlaceholders(Frame& frame, size_t num_args,
                                const std::vector<std::string>& kwarg_names);
  // The caller's side: the flat inputs, unflattened into (args, kwargs).
  absl::Status PassPreservedArguments(Frame& frame, size_t num_args,
                                      const std::vector<std::string>& kwarg_names);
  // PyTorch's _generate_flatten_spec and _generate_unflatten.
  Node* FlattenSpec(ModuleObject* module, Graph& graph, Argument tree, const TreeSpec& spec);
  Node* Unflatten(ModuleObject* module, Graph& graph, Argument leaves, const TreeSpec& spec);
  // PyTorch's finalize_outputs: the call's graph returns what later code
  // uses, and the caller reads it from the call.
  absl::Status FinishCall(Frame& frame);
  // The results of a call with a preserved signature: its outputs, as its
  // out_spec structures them.
  absl::StatusOr<CallResults> PreservedResults(Frame& frame);
  // The results of any other call: the values later nodes use.
  CallResults UsedResults(Frame& frame);
  // The call_module node's arguments: the inputs the call picked up (newest
  // first), then its preserved (args, kwargs).
  static void SetCallArguments(Frame& frame);
  // The caller's values of the call's results.
  static void MapResults(Frame& frame, const CallResults& results);

  const Graph& flat_;
  ModulePool& pool_;
  ModuleObject* root_;
  std::vector<Node*> nodes_;
  std::vector<char> seen_;  // by flat node id
  StackReader stacks_;
  absl::flat_hash_map<std::string, const ModuleCallSignature*> signatures_;
  // Whether a module below the root has a preserved signature (usually only
  // the root's is): the calls skip the signature lookups otherwise.
  bool calls_have_signatures_ = false;
  // The calls started so far: (path, call index).
  absl::flat_hash_set<std::pair<Symbol, int64_t>> started_calls_;
  // The paths each module (key without "@N") was called under so far.
  absl::flat_hash_map<Symbol, absl::InlinedVector<Symbol, 1>> module_paths_;
  absl::flat_hash_map<Symbol, size_t> partition_index_;
  std::vector<std::vector<CallEntry>> partitions_;
  absl::flat_hash_map<std::string, size_t> attribute_index_;
  std::vector<std::pair<std::string, std::vector<std::string>>> attributes_;
  absl::flat_hash_map<std::string, ModuleObject*> created_modules_;
  const StateNames state_names_;
  std::vector<uint32_t> position_;  // flat node id -> position
  std::vector<std::pair<ModuleObject*, std::string>> state_paths_;
  IntermediateValues ivals_;
  // A call's module that a later call's replaced in a shared submodule table.
  struct ReplacedCall {
    const ModuleObject* replaced;
    const ModuleObject* by;
    std::string by_fqn;
  };
  std::vector<ReplacedCall> replaced_calls_;
  std::vector<Node*> root_ivals_;
  // An error unless each replaced call's graph equals its replacement's: the
  // caller of the replaced call runs the replacement's graph.
  absl::Status CheckReplacedCalls() const;
};

}  // namespace unflatten_internal
}  // namespace fxpp

#endif  // FXPP_EXPORT_UNFLATTEN_OUTLINER_H_
