// What passes need to know about operators beyond the graph itself: which
// arguments a call mutates and which results alias an input. Targets are
// matched by their printed FX names (`torch.ops.aten.add_.Tensor`,
// `torch.relu`, `operator.setitem`, call_method names).
//
// Positions are "flat node positions", Dynamo's convention
// (graph_utils._get_flat_args): the index of a node reference among all node
// references in args then kwargs, depth first.
#ifndef FXPP_PASSES_OP_SCHEMA_OP_SCHEMA_H_
#define FXPP_PASSES_OP_SCHEMA_OP_SCHEMA_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/types/span.h"
#include "absl/strings/string_view.h"
#include "ir/graph.h"
#include "ir/graph_module.h"
#include "ir/node.h"

namespace fxpp {

// A call of a `torch.ops` operator outside ATen whose schema fxpp does not
// know (a custom operator, `torch.ops.mylib.op.default`): whether it writes
// its arguments is unknown, so passes take it to write every one.
bool IsUnknownOperator(const Node& node);

// Flat node positions `node` writes to: the self argument of in-place ops
// (`add_`, `copy_`, `operator.setitem`, `operator.iadd`, ...), every tensor
// passed as `out=`, the running statistics of batch norms in training
// mode, and every argument of an unknown operator (IsUnknownOperator).
// Sorted, without duplicates.
std::vector<int> MutatedArgPositions(const Node& node);
// False when `node` mutates nothing whatever its argument values: decided
// by its op, its target and whether it has keyword arguments (`out=`,
// `training=`). Without keyword arguments the answer is the same for every
// node with that op and target, so passes can keep it per target and skip
// MutatedArgPositions for most nodes.
bool MayMutateArguments(const Node& node);

// The node references in args then kwargs, with repeats: the list the flat
// positions index. Node::ForEachNodeArgument visits them without building
// the list; FlatNodeArg is the one at `position` (nullptr past the end).
std::vector<Node*> FlatNodeArgs(const Node& node);
Node* FlatNodeArg(const Node& node, int position);

// FX's target for one element of a multi-output call's result.
inline constexpr absl::string_view kGetItem = "operator.getitem";

// `operator.getitem(<node>, <int>)`: one element of a tuple- or list-valued
// node, as tracing and the passes emit for multi-output calls.
bool IsGetItem(const Node& node);

// True when `node`'s result may share storage with its first argument:
// view ops (view, reshape, transpose, slice, select, expand, ...), splits
// returning views, getitem, detach, aliases.
bool IsViewOp(const Node& node);

// How a write through a view goes back onto its base (functionalization;
// PyTorch's FunctionalInverses), by the view op's rule.
enum class ViewInverseKind : uint8_t {
  kIdentity,        // alias, detach, lift_fresh: the written value is the base
  kScatter,         // select, slice, diagonal, as_strided: <op>_scatter(base, value, *view args)
  kNarrowScatter,   // narrow(dim, start, length): slice_scatter(.., dim, start, start+length, 1)
  kIndexScatter,    // getitem(x, i) / x[a:b]: select_scatter or slice_scatter by the index
  kSelfInverse,     // t: applied again
  kSwapDims,        // transpose(d0, d1) and its aliases: transposed back
  kInversePermute,  // permute(dims): permuted by the inverse permutation
  kSqueezeDim,      // unsqueeze(dim): squeeze(dim)
  kUnsqueezeDims,   // squeeze: the removed size-1 dims of the base put back
  kViewAsBase,      // view, reshape-like: viewed back as the base's shape
  kOverlapping,     // expand and kin: elements share memory, so no write-back exists
};

struct ViewInverse {
  ViewInverseKind kind;
  // The op the inverse emits: on ATen graphs, and as a tensor method on
  // Torch-level graphs. Empty where the rule names no single op (identity,
  // scatters: `torch.ops.aten.<op>_scatter.default` / `torch.<op>_scatter`).
  absl::string_view aten_target;
  absl::string_view method;
};

// The inverse rule of view op `op` (its operator name without namespace or
// overload: "transpose", "getitem"); nullptr for ops without one.
const ViewInverse* FindViewInverse(absl::string_view op);

// Flat node positions whose storage `node`'s result may share: the viewed
// tensor of view ops and of getitem (not an element of a multi-result call),
// ops that may return their input itself (`contiguous`, `to`, `type_as`,
// `float`, ...), the self argument of in-place ops and the `out=` tensors.
// `torch.ops.*` targets take these facts from the ATen schema table
// (`Tensor(a)` / `Tensor(a!)` returns) when it knows them.
std::vector<int> ResultAliasPositions(const Node& node);

// The storage alias classes of a graph's values: union-find over nodes,
// joining each node with the arguments at its ResultAliasPositions,
// constant-index getitems of one value with each other, and the get_attr
// reads of one target with each other. Given the graph's owning module, the
// reads of attributes in one storage group (StateEntry::storage_group: a
// tied weight) are joined too. A write to any
// member of a class may change what every member reads. Built in
// O(nodes + edges); nodes added to the graph afterwards are their own class.
class AliasSets {
 public:
  explicit AliasSets(const Graph& graph, const GraphModule* owner = nullptr);
  // The representative of `n`'s class.
  const Node* Root(const Node* n) const;
  // A module call reads the state under its path in place, with no edge in
  // the graph, and may write it (BatchNorm's running statistics in
  // training): given the owning module, the get_attr reads of that state
  // (or of state sharing its storage) in this graph, one per class; empty
  // for other nodes.
  absl::Span<const Node* const> StateAccessedBy(const Node& n) const;
  // The module given, or null.
  const GraphModule* owner() const { return owner_; }
  // Whether some node is a global-state barrier: found on this class's walk
  // over the graph, so a pass that needs both does not walk it again.
  bool has_global_state_barrier() const { return has_barrier_; }

 private:
  uint32_t Find(uint32_t id) const;
  void RecordModuleStateReads(const GraphModule& owner, std::vector<const Node*> attribute_reads,
                              absl::Span<const Node* const> calls,
                              const absl::flat_hash_map<uint32_t, uint32_t>& first_group_read);
  bool has_barrier_ = false;
  // Module call target symbol -> StateAccessedBy's answer.
  absl::flat_hash_map<uint32_t, std::vector<const Node*>> state_reads_by_target_;
  // By node id: the node the entry was built for, and its union-find parent.
  std::vector<const Node*> node_;
  mutable std::vector<uint32_t> parent_;
  const GraphModule* owner_;
};

// The ordering edges that keep every mutation in its place relative to
// every reader of the storage it writes: per alias class, in graph order, a
// node reading a member follows the class's last mutation, and a mutation
// follows the readers since the mutation before it (and that mutation). The
// chain orders all pairs transitively with O(nodes + edges) edges, each
// from an earlier node to a later one. A module call counts as a mutation of
// the state it accesses (AliasSets::StateAccessedBy). Each random draw
// (DrawsRandomNumbers) follows the one before it too. `on_mutation` is
// called once per node that writes an argument, before its edges.
void ForEachMutationOrderingEdge(const Graph& graph, const AliasSets& aliases,
                                 absl::FunctionRef<void(Node* mutation)> on_mutation,
                                 absl::FunctionRef<void(Node* earlier, Node* later)> on_edge);

// Calls that draw from the global random number generator (rand, bernoulli,
// dropout, x.uniform_(), ...): run in another order, a seeded run draws
// other numbers. ForEachMutationOrderingEdge keeps them in graph order.
// Attention and recurrent ops (scaled_dot_product_attention, lstm, ...)
// draw when they apply dropout: unless their dropout probability is a
// literal 0 or their training flag a literal False.
// Given the graph's owning module, calls of its torch.nn modules that may
// draw count too: dropout and RReLU modules, attention and recurrent layers
// (dropout by a probability attribute), and modules holding any of these (a
// TransformerEncoderLayer). In training they draw; the mode is not recorded.
bool DrawsRandomNumbers(const Node& node, const GraphModule* owner = nullptr);

// Whether dead-code elimination keeps `node` though nothing reads its
// result: IsSideEffectful (placeholders, in-place ops by name, asserts ...),
// a random draw, which advances the generator the draws after it read
// (newer PyTorch's is_impure(impure_random=True); 2.6 removes them; with
// the owner, module calls that draw count), or an operator whose schema
// returns nothing (it exists for its effects).
bool KeepWhenUnused(const Node& node, const GraphModule* owner = nullptr);

}  // namespace fxpp

#endif  // FXPP_PASSES_OP_SCHEMA_OP_SCHEMA_H_
