// Node: one operation of an FX graph. Mirrors torch.fx.Node: an op kind, a
// unique name, a target, args/kwargs (Arguments that may reference other
// nodes), users in insertion order and typed metadata.
//
// Use/user edges are intrusive doubly linked lists (one Use per distinct
// input of a node), so adding, removing and replacing uses is O(1) however
// many users a value has.
#ifndef FXPP_IR_NODE_H_
#define FXPP_IR_NODE_H_

#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "absl/types/span.h"
#include "ir/argument.h"
#include "ir/meta.h"
#include "ir/names.h"
#include "ir/symbol.h"

namespace fxpp {

class Graph;

enum class OpKind : uint8_t {
  kPlaceholder,
  kGetAttr,
  kCallFunction,
  kCallMethod,
  kCallModule,
  kOutput,
};

// FX's spelling: "placeholder", "get_attr", "call_function", ...
absl::string_view OpKindName(OpKind op);
absl::optional<OpKind> ParseOpKind(absl::string_view name);

class Node {
 public:
  // Only a Graph creates nodes (passkey idiom: it constructs them in its own
  // storage).
  class ConstructionKey {
   private:
    friend class Graph;
    ConstructionKey() = default;
  };
  // The target is `name`'s attached text when `target` is absent.
  Node(ConstructionKey, Graph* graph, uint32_t id, OpKind op, NameSpace::Entry* name,
       absl::optional<Symbol> target, Symbol type);

  ~Node();
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  Graph* graph() const { return graph_; }
  // Dense id, unique within the graph and never reused: index side tables
  // with it (see Graph::id_bound()).
  uint32_t id() const { return id_; }
  OpKind op() const { return op_; }
  // Owned by the graph's namespace: valid as long as the graph lives.
  absl::string_view name() const { return name_->name(); }
  // Valid as long as the graph lives, like name().
  absl::string_view target() const { return local_target_ ? name_->attached() : target_.str(); }
  // Interns a placeholder's, get_attr's or call_module's target on each call
  // (see HasLocalTarget).
  Symbol target_symbol() const {
    return local_target_ ? Symbol::Intern(name_->attached()) : target_;
  }
  void set_target(absl::string_view target) {
    target_ = Symbol::Intern(target);
    local_target_ = false;
  }

  // The Python type annotation FX prints before the user count ("" if none).
  absl::string_view type_annotation() const { return type_.str(); }
  void set_type_annotation(absl::string_view type) { type_ = Symbol::Intern(type); }

  // Stored in the graph's arena: valid until the arguments are set again.
  absl::Span<const Argument> args() const { return absl::MakeConstSpan(args_, num_args_); }
  // Inline: passes read every node's keyword arguments (most have none).
  const KwArgs& kwargs() const { return kwargs_ ? *kwargs_ : EmptyKwargs(); }
  // nullptr when there is no such keyword argument.
  const Argument* FindKwarg(absl::string_view name) const;
  // Each setter updates the users of old and new inputs, as FX does: this
  // node moves to the end of its inputs' user lists.
  void SetArgs(std::vector<Argument> args);
  void SetKwargs(KwArgs kwargs);
  void SetArgsKwargs(std::vector<Argument> args, KwArgs kwargs);
  void SetArg(size_t index, Argument value);
  void SetKwarg(absl::string_view name, Argument value);

  // Replaces every reference to `old_input` in args/kwargs by `new_input`.
  void ReplaceInputWith(Node* old_input, Node* new_input);
  // Redirects every use of this node to `replacement` (FX's
  // replace_all_uses_with). Only users for which `should_replace` returns
  // true are redirected (FX's delete_user_cb). With `propagate_meta`, this
  // node's meta is copied onto `replacement`. Returns the users that changed,
  // in user order.
  std::vector<Node*> ReplaceAllUsesWith(Node* replacement, bool propagate_meta = false);
  std::vector<Node*> ReplaceAllUsesWith(Node* replacement, bool propagate_meta,
                                        absl::FunctionRef<bool(Node*)> should_replace);

  // Visits every node reference in args then kwargs, depth first, repeats
  // included: Dynamo's "flat args" order (passes index positions in it).
  // Passes call it for every node of large graphs: a node argument is
  // visited inline and a scalar skipped, only containers go through
  // Argument::ForEachNode (an out-of-line call per argument otherwise).
  template <typename Fn>
  void ForEachNodeArgument(Fn&& fn) const {
    auto visit = [&fn](const Argument& a) {
      if (a.is_node()) {
        fn(a.node());
      } else if (a.is_composite()) {
        a.ForEachNode(fn);
      }
    };
    for (const Argument& a : args()) visit(a);
    if (kwargs_ != nullptr) {
      for (const KwArg& kw : *kwargs_) visit(kw.value);
    }
  }

  // Distinct nodes this node reads, in first-reference order.
  size_t num_inputs() const { return num_inputs_; }
  Node* input(size_t i) const { return inputs_[i].other_end(this); }
  // Visits the inputs in order.
  template <typename Fn>
  void ForEachInput(Fn&& fn) const {
    for (uint32_t i = 0; i < num_inputs_; ++i) fn(inputs_[i].other_end(this));
  }
  // Where the input edges are stored: passes that walk far-apart nodes
  // prefetch it before calling input().
  const void* input_storage() const { return inputs_; }

  // Users in insertion order.
  class UserIterator;
  class UserRange;
  UserRange users() const;
  size_t num_users() const { return num_users_; }
  std::vector<Node*> UserVector() const;

  bool has_meta() const { return meta_ != nullptr && !meta_->empty(); }
  // An empty NodeMeta when none was set. Inline, like kwargs().
  const NodeMeta& meta() const { return meta_ ? *meta_ : EmptyMeta(); }
  // This node's own metadata: if it still shares it with the node it was
  // copied from (see CopyMetaFrom), it gets a private copy first. Do not
  // keep the reference across a copy of this node's metadata to another
  // node: the copy shares it.
  NodeMeta& mutable_meta();
  // Gives this node `other`'s metadata. Passes and graph rewrites (node
  // copies, replacements, unflatten's placeholders) do it for most nodes
  // they create, so the metadata is shared, copy-on-write, rather than
  // copied: a reference, where a copy would be several allocations.
  void CopyMetaFrom(const Node& other) { meta_ = other.meta_; }
  void set_meta(const NodeMeta& meta);
  void set_meta(NodeMeta&& meta);
  // Metadata built before its node (on a reader's second thread), from the
  // pool node metadata comes from, for AdoptMeta.
  static std::shared_ptr<NodeMeta> MakeMeta();
  // Gives this node `meta` (from MakeMeta), shared copy-on-write with
  // whoever else holds it: taking the block is one pointer, where set_meta
  // moves every field.
  void AdoptMeta(std::shared_ptr<NodeMeta> meta) { meta_ = std::move(meta); }

  // Neighbours in graph order; nullptr at either end.
  Node* next() const;
  Node* prev() const;
  bool is_erased() const { return erased_; }
  // True when this node comes before `other` in their graph. O(1).
  bool IsBefore(const Node* other) const { return order_key_ < other->order_key_; }
  // Moves `node` (of the same graph) to directly before / after this node.
  void Prepend(Node* node);
  void Append(Node* node);

 private:
  friend class Graph;

  // One edge producer -> user; lives in the user's inputs_ array and is
  // linked into the producer's user list. The list is null-terminated
  // forwards; the first use's prev_user points at the last use, so appending
  // is O(1) without a tail pointer. Whoever reaches a use knows one end of
  // the edge (a node its inputs, a user list its producer), so one field
  // holds producer XOR user and recovers the other end: 24 bytes a use
  // instead of 32.
  // Trivially destructible: stored in the graph's arena.
  struct Use {
    uintptr_t ends = 0;
    Use* prev_user = nullptr;
    Use* next_user = nullptr;

    void set_ends(const Node* producer, const Node* user) {
      ends = reinterpret_cast<uintptr_t>(producer) ^ reinterpret_cast<uintptr_t>(user);
    }
    // The end that is not `known`.
    Node* other_end(const Node* known) const {
      return reinterpret_cast<Node*>(ends ^ reinterpret_cast<uintptr_t>(known));
    }
  };

  // Whether nodes of `op` keep their target with their name rather than in
  // the Symbol pool: an input's name, an attribute's or a submodule's path
  // are as distinct as node names, so interning them would only grow the
  // process-wide pool (and cost a lookup in it per node).
  static bool HasLocalTarget(OpKind op) {
    return op == OpKind::kPlaceholder || op == OpKind::kGetAttr || op == OpKind::kCallModule;
  }

  static const KwArgs& EmptyKwargs();
  static const NodeMeta& EmptyMeta();
  template <typename... Args>
  static std::shared_ptr<NodeMeta> NewMeta(Args&&... args);
  void UnlinkInputs();
  // Moves `args` into this node's array in the graph's arena (see args_).
  void StoreArgs(std::vector<Argument>&& args);
  void DestroyArgs();
  absl::Span<Argument> mutable_args() { return absl::MakeSpan(args_, num_args_); }
  void StoreKwargs(KwArgs kwargs);
  void LinkInputs();

  Graph* graph_;
  Node* prev_ = nullptr;
  Node* next_ = nullptr;
  uint64_t order_key_ = 0;
  // The name, and the target when local_target_; null for the sentinel.
  NameSpace::Entry* name_;
  uint32_t id_;
  Symbol target_;  // unless local_target_
  Symbol type_;
  uint32_t num_inputs_ = 0;
  uint32_t num_users_ = 0;
  OpKind op_;
  bool erased_ = false;
  bool local_target_;
  // num_args_ of args_capacity_ Arguments in the graph's argument arena,
  // reused like inputs_ (below): no allocation per node, and a read
  // graph's arguments sit next to each other. The node destroys them; the
  // arena frees their memory with the graph.
  Argument* args_ = nullptr;
  std::unique_ptr<KwArgs> kwargs_;  // boxed: most nodes have none
  // num_inputs_ of inputs_capacity_ Uses in the graph's edge arena: a
  // relink reuses them when the new inputs fit, so repeated rewrites of a
  // node do not grow the arena; what a node outgrows (or an erased node
  // leaves) is freed with the graph, which frees all nodes' at once.
  Use* inputs_ = nullptr;
  Use* first_user_ = nullptr;
  uint32_t num_args_ = 0;
  uint32_t args_capacity_ = 0;
  uint32_t inputs_capacity_ = 0;
  std::shared_ptr<NodeMeta> meta_;  // shared copy-on-write, see CopyMetaFrom
};

class Node::UserIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = Node*;
  using difference_type = std::ptrdiff_t;
  using pointer = Node* const*;
  using reference = Node*;

  UserIterator(const Use* use, const Node* producer) : use_(use), producer_(producer) {}
  Node* operator*() const { return use_->other_end(producer_); }
  UserIterator& operator++() {
    use_ = use_->next_user;
    return *this;
  }
  friend bool operator==(UserIterator a, UserIterator b) { return a.use_ == b.use_; }
  friend bool operator!=(UserIterator a, UserIterator b) { return a.use_ != b.use_; }

 private:
  const Use* use_;
  const Node* producer_;
};

class Node::UserRange {
 public:
  explicit UserRange(const Node* producer) : producer_(producer) {}
  UserIterator begin() const { return UserIterator(producer_->first_user_, producer_); }
  UserIterator end() const { return UserIterator(nullptr, producer_); }
  bool empty() const { return producer_->first_user_ == nullptr; }

 private:
  const Node* producer_;
};

inline Node::UserRange Node::users() const { return UserRange(this); }

// The operator a call invokes: "add_" for `torch.ops.aten.add_.Tensor`,
// "relu" for `torch.nn.functional.relu`, the method of a call_method, the
// attribute `builtins.getattr(x, "T")` reads (symbolic_trace's form of
// `x.T`, `x.data`, `x.real`: views of x); empty for other ops.
absl::string_view OperatorName(const Node& node);

// `builtins.getattr(x, "<name>")`: a read of an attribute of x (symbolic_trace
// records `x.T` so).
bool IsGetAttrCall(const Node& node);

// True for in-place operator names by PyTorch's convention: `add_`, but not
// the magic method `__add__`.
bool IsInPlaceOpName(absl::string_view op_name);

// Whether `node` calls an in-place op by that convention (its operator
// name). Python's operator module is the exception: the underscore of its
// `and_`, `or_`, `not_`, `is_` only avoids a keyword (its in-place functions
// are `iand`, `ior`, ...), so `a | b` on bool tensors writes nothing.
bool IsInPlaceCall(const Node& node);

// Whether `node` is called with `inplace=True` (torch.nn.functional's
// activations and dropouts), which writes its first argument.
bool HasInPlaceKeyword(const Node& node);

// Calls that change or check global state, as Dynamo records the context
// managers and calls it traces: grad mode, inference mode, autocast,
// deterministic algorithms, saved-tensor hooks, forward AD, functorch's
// transform nesting, API-usage logging. They are side-effecting, and passes
// keep them in their place relative to every other node and never move
// them into a subgraph.
bool IsGlobalStateCall(const Node& node);

// FX's notion of a node that must not be removed even when unused:
// placeholders, outputs, calls of known side-effecting functions, in-place
// ops (`add_`, `torch.ops.aten.copy_.default`, `operator.setitem`, calls with
// an `out=` keyword or `inplace=True`) and global-state calls
// (IsGlobalStateCall). PyTorch's DCE drops an unused
// `F.relu(x, inplace=True)`, and with it the write, and Dynamo's unused
// `torch._C._set_deterministic_algorithms(True)`.
bool IsSideEffectful(const Node& node);

// FX's target of a subgraph call, `invoke_subgraph(subgraph, identifier,
// *operands)`, where `subgraph` is a get_attr of a child graph module:
// what dedup emits and the verifier, printers and checks look for.
inline constexpr absl::string_view kInvokeSubgraph = "torch.ops.higher_order.invoke_subgraph";

// The name FX derives from a target when no name is given: the op name of
// `torch.ops.ns.op.overload`, the last component of a qualified function
// name, a module path with dots replaced, "getitem" for `__getitem__`.
std::string CandidateNameForTarget(OpKind op, absl::string_view target);

}  // namespace fxpp

#endif  // FXPP_IR_NODE_H_
