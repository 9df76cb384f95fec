// Graph: an ordered list of Nodes, like torch.fx.Graph.
//
// - Nodes live in a doubly linked list: insert and erase anywhere are O(1).
// - Each node carries an order key (an order-maintenance label), so
//   `a->IsBefore(b)` is O(1) and stays valid as nodes are inserted or moved.
// - Erased nodes stay allocated until the graph dies and keep their `next`
//   link, so iteration survives erasing the current node (as FX's does).
// - Names come from an FX-compatible NameSpace (`add`, `add_1`, ...).
#ifndef FXPP_IR_GRAPH_H_
#define FXPP_IR_GRAPH_H_

#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/argument.h"
#include "ir/arena.h"
#include "ir/names.h"
#include "ir/node.h"

namespace fxpp {

class Graph {
 public:
  Graph();
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  // ---- iteration --------------------------------------------------------
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Node*;
    using difference_type = std::ptrdiff_t;
    using pointer = Node* const*;
    using reference = Node*;
    Iterator(Node* node, const Node* end) : node_(node), end_(end) {}
    Node* operator*() const { return node_; }
    // Skips nodes erased after this iterator reached them. Inline: every
    // pass walks the nodes with it.
    Iterator& operator++() {
      node_ = node_->next_;
      while (node_ != end_ && node_->erased_) node_ = node_->next_;
      return *this;
    }
    friend bool operator==(Iterator a, Iterator b) { return a.node_ == b.node_; }
    friend bool operator!=(Iterator a, Iterator b) { return a.node_ != b.node_; }

   private:
    Node* node_;
    const Node* end_;
  };
  struct NodeRange {
    Iterator first, last;
    Iterator begin() const { return first; }
    Iterator end() const { return last; }
  };
  // Live nodes in order. Erasing the node an iteration is on is safe.
  NodeRange nodes() const;
  // Nodes in order as a vector: for loops that insert or move nodes.
  std::vector<Node*> NodeVector() const;
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Node* first_node() const;
  Node* last_node() const;
  // Every node id is below this bound: size side tables with it.
  uint32_t id_bound() const { return num_created_; }
  // Prepares for `nodes` nodes in all, so that bulk builders (readers,
  // Clone) do not grow the name table step by step.
  void Reserve(size_t nodes) { names_.Reserve(nodes); }
  // Hint that a node named `name` is about to be created or looked up. On
  // large graphs the name table costs a cache miss per node; readers call
  // this before parsing the rest of a statement so the miss overlaps it.
  void PrefetchName(absl::string_view name) const { names_.Prefetch(name); }

  // ---- insertion point ----------------------------------------------------
  // Where new nodes go, as in FX: directly before or directly after an anchor
  // (the sentinel stands for "end of graph" / "start of graph"). Like FX,
  // several nodes created "after n" end up in reverse creation order.
  class ScopedInsertPoint {
   public:
    ~ScopedInsertPoint();
    ScopedInsertPoint(const ScopedInsertPoint&) = delete;
    ScopedInsertPoint& operator=(const ScopedInsertPoint&) = delete;

   private:
    friend class Graph;
    ScopedInsertPoint(Graph* graph, Node* saved_anchor, bool saved_after)
        : graph_(graph), saved_anchor_(saved_anchor), saved_after_(saved_after) {}
    Graph* graph_;
    Node* saved_anchor_;
    bool saved_after_;
  };
  // FX's inserting_before(n): before `n`, or at the start when n is null.
  ScopedInsertPoint InsertingBefore(Node* node);
  // FX's inserting_after(n): after `n`, or at the end when n is null.
  ScopedInsertPoint InsertingAfter(Node* node);

  // ---- creation -------------------------------------------------------------
  // FX's create_node: the name is derived from `name` (or from the target
  // when empty) and made unique.
  Node* CreateNode(OpKind op, absl::string_view target, std::vector<Argument> args = {},
                   KwArgs kwargs = {}, absl::string_view name = {},
                   absl::string_view type_annotation = {});
  // Like CreateNode but with exactly `name`; fails when it is taken or not
  // an identifier. For readers that must reproduce a graph as printed.
  // `args` and `kwargs` are moved from only on success, so a caller can fall
  // back to CreateNode with them.
  absl::StatusOr<Node*> CreateNamedNode(OpKind op, absl::string_view name,
                                        absl::string_view target,
                                        std::vector<Argument>&& args = {}, KwArgs&& kwargs = {},
                                        absl::string_view type_annotation = {});
  // CreateNamedNode for callers that already hold the symbols (the torch
  // converter, readers with a shared-target table): `target` is not
  // re-interned from its text (for ops whose target stays local to the graph
  // its text is kept, as above). Same checks and errors.
  absl::StatusOr<Node*> CreateNamedNode(OpKind op, absl::string_view name, Symbol target,
                                        std::vector<Argument>&& args, KwArgs&& kwargs,
                                        Symbol type_annotation);
  Node* Placeholder(absl::string_view name, absl::string_view type_annotation = {});
  Node* GetAttr(absl::string_view qualified_name);
  Node* CallFunction(absl::string_view target, std::vector<Argument> args = {},
                     KwArgs kwargs = {});
  Node* CallMethod(absl::string_view method, std::vector<Argument> args = {},
                   KwArgs kwargs = {});
  Node* CallModule(absl::string_view module_path, std::vector<Argument> args = {},
                   KwArgs kwargs = {});
  Node* Output(Argument result, absl::string_view type_annotation = {});
  // FX's node_copy: a new node with `node`'s op, target, name (made unique),
  // type and meta, whose node references are mapped through `remap`.
  Node* NodeCopy(const Node& node, absl::FunctionRef<Argument(Node*)> remap);

  // ---- editing ----------------------------------------------------------
  // Removes `node`; an error while it still has users.
  absl::Status EraseNode(Node* node);
  // Removes `nodes` together, which may use each other: an error (and no
  // change) while one has a user outside them. The same result as erasing
  // them users first, without maintaining the user lists of nodes about
  // to go, which on a large graph is a cache miss per edge.
  absl::Status EraseNodes(absl::Span<Node* const> nodes);
  // FX's eliminate_dead_code: erases, last to first, every node without
  // users for which `is_side_effectful` is false. Returns whether anything
  // was erased.
  bool EliminateDeadCode(absl::FunctionRef<bool(const Node&)> is_side_effectful);
  bool EliminateDeadCode() { return EliminateDeadCode(IsSideEffectful); }

  // ---- lookup ---------------------------------------------------------------
  Node* FindNode(absl::string_view name) const;
  // Whether FindNode(node.name()) is `node`, in O(1) without hashing the
  // name: each node holds its own entry of the name table.
  bool FindsByName(const Node& node) const {
    return node.graph_ == this && node.name_->owner() == node.id_;
  }
  // The last output node, or nullptr.
  Node* output_node() const;
  // A unique node name derived from `candidate`, reserved in this graph.
  absl::string_view CreateName(absl::string_view candidate) { return names_.CreateName(candidate); }
  // Deep copy: same nodes, names, arguments and meta. `mapping`, when given,
  // receives original -> copy for every node.
  std::unique_ptr<Graph> Clone(absl::flat_hash_map<const Node*, Node*>* mapping = nullptr) const;

 private:
  friend class Node;

  // What a node of `op` keeps of `target` with its name, and what it interns.
  static absl::string_view AttachedTarget(OpKind op, absl::string_view target);
  static absl::optional<Symbol> InternedTarget(OpKind op, absl::string_view target);
  // Why CreateNamedNode could not claim `name`.
  static absl::Status ClaimError(absl::string_view name);
  // `name` is a fresh entry of names_; `target` is nullopt when the name
  // entry holds it. The node takes `args`' elements, not its buffer, which
  // a reader reuses for the next node.
  Node* NewNode(OpKind op, NameSpace::Entry* name, absl::optional<Symbol> target,
                std::vector<Argument>&& args, KwArgs&& kwargs, Symbol type);
  // Links `node` directly before `next` (the sentinel = at the end).
  void LinkBefore(Node* node, Node* next);
  void Unlink(Node* node);
  void AssignOrderKey(Node* node);
  void Relabel(Node* around);

  // Nodes are placement-constructed in chunks that grow geometrically (8,
  // 16, ... 1024 nodes): stable addresses, no per-node allocation, and
  // little unused space in the last chunk of a graph of any size. The
  // chunks come from node_slots_, so a large graph's are in huge pages.
  struct alignas(Node) NodeSlot {
    unsigned char bytes[sizeof(Node)];
  };
  Node* AllocateNode();
  // The node Node::id() `id` (its slot in the chunks).
  Node* NodeWithId(uint32_t id) const;

  // Head and tail of the circular list; not a node. Held in place (a graph
  // never moves) so that a small graph costs one allocation less; mutable
  // because const iteration hands out its address as the end.
  mutable Node sentinel_;
  Node* insert_anchor_;
  bool insert_after_anchor_ = false;
  std::vector<NodeSlot*> chunks_;
  Arena node_slots_;
  uint32_t chunk_used_ = 0;
  uint32_t chunk_capacity_ = 0;
  uint32_t num_created_ = 0;  // including erased nodes; the next Node::id()
  size_t size_ = 0;
  // Names of all nodes ever created; each entry's owner is its live node's id.
  NameSpace names_;
  // Nodes' input edges (Node::inputs_): trivially destructible, so a dying
  // graph frees them a chunk at a time, not one array per node.
  Arena edges_;
  // Nodes' arguments (Node::args_), which the nodes destroy.
  Arena arguments_;
};

}  // namespace fxpp

#endif  // FXPP_IR_GRAPH_H_
