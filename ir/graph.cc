#include "ir/graph.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <limits>
#include <string>
#include <utility>

#include "absl/numeric/bits.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace fxpp {
namespace {

// Spacing of order keys for nodes appended at either end: 2^32 appends fit
// before any relabelling is needed.
constexpr uint64_t kEndGap = uint64_t{1} << 32;
constexpr uint64_t kMaxKey = std::numeric_limits<uint64_t>::max();

// Node storage chunk k holds kFirstChunk * 2^k nodes up to kMaxChunk, so
// chunks below kFullChunks hold the first kFirstFullId ids. The first chunk
// is small because many graphs are: unflatten and split create a submodule
// graph of a few nodes per module call (a linear layer's has five; with a
// first chunk of 4 those took two chunks and 12 slots).
constexpr uint32_t kFirstChunk = 8;
constexpr uint32_t kMaxChunk = 1024;
constexpr size_t kFullChunks = 7;  // kFirstChunk << kFullChunks == kMaxChunk
constexpr uint32_t kFirstFullId = kFirstChunk * ((1u << kFullChunks) - 1);
static_assert(kFirstChunk << kFullChunks == kMaxChunk);
uint32_t ChunkCapacity(size_t k) { return k >= kFullChunks ? kMaxChunk : kFirstChunk << k; }

// `node`'s arguments and keyword arguments with every node reference taken
// through `remap` (NodeCopy and Clone).
std::pair<std::vector<Argument>, KwArgs> MapArguments(const Node& node,
                                                      absl::FunctionRef<Argument(Node*)> remap) {
  std::vector<Argument> args;
  args.reserve(node.args().size());
  for (const Argument& a : node.args()) args.push_back(a.MapNodes(remap));
  KwArgs kwargs;
  kwargs.reserve(node.kwargs().size());
  for (const KwArg& kw : node.kwargs()) kwargs.push_back(KwArg{kw.name, kw.value.MapNodes(remap)});
  return {std::move(args), std::move(kwargs)};
}

// Turns every node reference in `a` into None, in place: erasing a node
// must not rebuild (reallocate) its arguments' lists.
void DropNodeReferences(Argument& a) {
  if (a.is_node()) {
    a = Argument::None();
  } else if (a.is_composite()) {
    for (Argument& e : a.mutable_elements()) DropNodeReferences(e);
  }
}

}  // namespace

Graph::Graph()
    : sentinel_(Node::ConstructionKey(), this, std::numeric_limits<uint32_t>::max(),
                OpKind::kOutput, nullptr, Symbol(), Symbol()) {
  sentinel_.prev_ = &sentinel_;
  sentinel_.next_ = &sentinel_;
  insert_anchor_ = &sentinel_;
}

Graph::~Graph() {
  uint32_t remaining = num_created_;
  for (size_t k = 0; k < chunks_.size(); ++k) {
    NodeSlot* const chunk = chunks_[k];
    const uint32_t capacity = std::min<uint32_t>(remaining, ChunkCapacity(k));
    for (uint32_t i = 0; i < capacity; ++i) {
      reinterpret_cast<Node*>(chunk[i].bytes)->~Node();
    }
    remaining -= capacity;
  }
}

Node* Graph::NodeWithId(uint32_t id) const {
  size_t chunk;
  uint32_t index;
  if (id < kFirstFullId) {
    // Chunk k starts at id kFirstChunk * (2^k - 1).
    chunk = absl::bit_width(id / kFirstChunk + 1) - 1;
    index = id - kFirstChunk * ((1u << chunk) - 1);
  } else {
    chunk = kFullChunks + (id - kFirstFullId) / kMaxChunk;
    index = (id - kFirstFullId) % kMaxChunk;
  }
  return reinterpret_cast<Node*>(chunks_[chunk][index].bytes);
}

Node* Graph::AllocateNode() {
  if (chunk_used_ == chunk_capacity_) {
    chunk_capacity_ = ChunkCapacity(chunks_.size());
    chunks_.push_back(static_cast<NodeSlot*>(
        node_slots_.Allocate(chunk_capacity_ * sizeof(NodeSlot), alignof(NodeSlot))));
    chunk_used_ = 0;
  }
  return reinterpret_cast<Node*>(chunks_.back()[chunk_used_++].bytes);
}

Graph::NodeRange Graph::nodes() const {
  Node* end = &sentinel_;
  return NodeRange{Iterator(end->next_, end), Iterator(end, end)};
}

std::vector<Node*> Graph::NodeVector() const {
  std::vector<Node*> out;
  out.reserve(size_);
  for (Node* n : nodes()) out.push_back(n);
  return out;
}

Node* Graph::first_node() const { return size_ == 0 ? nullptr : sentinel_.next_; }
Node* Graph::last_node() const { return size_ == 0 ? nullptr : sentinel_.prev_; }

Graph::ScopedInsertPoint::~ScopedInsertPoint() {
  graph_->insert_anchor_ = saved_anchor_;
  graph_->insert_after_anchor_ = saved_after_;
}

Graph::ScopedInsertPoint Graph::InsertingBefore(Node* node) {
  Node* saved_anchor = insert_anchor_;
  const bool saved_after = insert_after_anchor_;
  insert_anchor_ = node != nullptr ? node : &sentinel_;
  insert_after_anchor_ = node == nullptr;
  return ScopedInsertPoint(this, saved_anchor, saved_after);
}

Graph::ScopedInsertPoint Graph::InsertingAfter(Node* node) {
  Node* saved_anchor = insert_anchor_;
  const bool saved_after = insert_after_anchor_;
  insert_anchor_ = node != nullptr ? node : &sentinel_;
  insert_after_anchor_ = node != nullptr;
  return ScopedInsertPoint(this, saved_anchor, saved_after);
}

void Graph::LinkBefore(Node* node, Node* next) {
  Node* prev = next->prev_;
  node->prev_ = prev;
  node->next_ = next;
  prev->next_ = node;
  next->prev_ = node;
  AssignOrderKey(node);
}

void Graph::Unlink(Node* node) {
  node->prev_->next_ = node->next_;
  node->next_->prev_ = node->prev_;
}

void Graph::AssignOrderKey(Node* node) {
  const Node* sentinel = &sentinel_;
  const bool has_prev = node->prev_ != sentinel;
  const bool has_next = node->next_ != sentinel;
  const uint64_t lo = has_prev ? node->prev_->order_key_ : 0;
  const uint64_t hi = has_next ? node->next_->order_key_ : kMaxKey;
  if (!has_next && hi - lo > kEndGap) {
    node->order_key_ = lo + kEndGap;
  } else if (!has_prev && hi - lo > kEndGap) {
    node->order_key_ = hi - kEndGap;
  } else if (hi - lo >= 2) {
    node->order_key_ = lo + (hi - lo) / 2;
  } else {
    Relabel(node);
  }
}

// Order-maintenance relabelling: grow a window around `around` (doubling)
// until the free key range around it leaves a gap of at least the window's
// size between neighbours, then spread the window's keys evenly. Dense
// insertion at one spot therefore relabels ever larger windows ever more
// rarely, instead of renumbering the whole graph each time.
void Graph::Relabel(Node* around) {
  const Node* sentinel = &sentinel_;
  Node* left = around;
  Node* right = around;
  uint64_t count = 1;
  for (;;) {
    const uint64_t grow = count;
    for (uint64_t i = 0; i < grow && left->prev_ != sentinel; ++i, ++count) left = left->prev_;
    for (uint64_t i = 0; i < grow && right->next_ != sentinel; ++i, ++count) right = right->next_;
    const bool whole_graph = left->prev_ == sentinel && right->next_ == sentinel;
    const uint64_t lo = left->prev_ != sentinel ? left->prev_->order_key_ : 0;
    const uint64_t hi = right->next_ != sentinel ? right->next_->order_key_ : kMaxKey;
    const uint64_t gap = (hi - lo) / (count + 1);
    if (gap > count || (whole_graph && gap >= 1)) {
      uint64_t key = lo;
      for (Node* n = left;; n = n->next_) {
        key += gap;
        n->order_key_ = key;
        if (n == right) break;
      }
      return;
    }
  }
}

absl::string_view Graph::AttachedTarget(OpKind op, absl::string_view target) {
  return Node::HasLocalTarget(op) ? target : absl::string_view();
}

absl::optional<Symbol> Graph::InternedTarget(OpKind op, absl::string_view target) {
  if (Node::HasLocalTarget(op)) return absl::nullopt;
  return Symbol::Intern(target);
}

Node* Graph::NewNode(OpKind op, NameSpace::Entry* name, absl::optional<Symbol> target,
                     std::vector<Argument>&& args, KwArgs&& kwargs, Symbol type) {
  Node* node = new (AllocateNode())
      Node(Node::ConstructionKey(), this, num_created_++, op, name, target, type);
  name->set_owner(node->id_);
  node->StoreArgs(std::move(args));
  node->StoreKwargs(std::move(kwargs));
  node->LinkInputs();
  LinkBefore(node, insert_after_anchor_ ? insert_anchor_->next_ : insert_anchor_);
  ++size_;
  return node;
}

Node* Graph::CreateNode(OpKind op, absl::string_view target, std::vector<Argument> args,
                        KwArgs kwargs, absl::string_view name,
                        absl::string_view type_annotation) {
  std::string candidate;
  if (name.empty()) {
    candidate = CandidateNameForTarget(op, target);
    name = candidate;
  }
  NameSpace::Entry* entry = names_.Create(name, AttachedTarget(op, target));
  return NewNode(op, entry, InternedTarget(op, target), std::move(args), std::move(kwargs),
                 Symbol::Intern(type_annotation));
}

absl::Status Graph::ClaimError(absl::string_view name) {
  if (!IsPythonIdentifier(name)) {
    return absl::InvalidArgumentError(
        absl::StrCat("node name '", name, "' is not a Python identifier"));
  }
  if (IsReservedPythonName(name)) {
    return absl::InvalidArgumentError(
        absl::StrCat("node name '", name, "' is a Python keyword or builtin"));
  }
  return absl::AlreadyExistsError(absl::StrCat("duplicate node name '", name, "'"));
}

absl::StatusOr<Node*> Graph::CreateNamedNode(OpKind op, absl::string_view name,
                                             absl::string_view target,
                                             std::vector<Argument>&& args, KwArgs&& kwargs,
                                             absl::string_view type_annotation) {
  NameSpace::Entry* entry = names_.ClaimEntry(name, AttachedTarget(op, target));
  if (entry == nullptr) return ClaimError(name);
  return NewNode(op, entry, InternedTarget(op, target), std::move(args), std::move(kwargs),
                 Symbol::Intern(type_annotation));
}

absl::StatusOr<Node*> Graph::CreateNamedNode(OpKind op, absl::string_view name, Symbol target,
                                             std::vector<Argument>&& args, KwArgs&& kwargs,
                                             Symbol type_annotation) {
  const bool local = Node::HasLocalTarget(op);
  NameSpace::Entry* entry = names_.ClaimEntry(name, local ? target.str() : absl::string_view());
  if (entry == nullptr) return ClaimError(name);
  return NewNode(op, entry, local ? absl::nullopt : absl::make_optional(target), std::move(args),
                 std::move(kwargs), type_annotation);
}

Node* Graph::Placeholder(absl::string_view name, absl::string_view type_annotation) {
  return CreateNode(OpKind::kPlaceholder, name, {}, {}, name, type_annotation);
}

Node* Graph::GetAttr(absl::string_view qualified_name) {
  return CreateNode(OpKind::kGetAttr, qualified_name);
}

Node* Graph::CallFunction(absl::string_view target, std::vector<Argument> args,
                          KwArgs kwargs) {
  return CreateNode(OpKind::kCallFunction, target, std::move(args), std::move(kwargs));
}

Node* Graph::CallMethod(absl::string_view method, std::vector<Argument> args, KwArgs kwargs) {
  return CreateNode(OpKind::kCallMethod, method, std::move(args), std::move(kwargs));
}

Node* Graph::CallModule(absl::string_view module_path, std::vector<Argument> args,
                        KwArgs kwargs) {
  return CreateNode(OpKind::kCallModule, module_path, std::move(args), std::move(kwargs));
}

Node* Graph::Output(Argument result, absl::string_view type_annotation) {
  std::vector<Argument> args;
  args.push_back(std::move(result));
  return CreateNode(OpKind::kOutput, "output", std::move(args), {}, "output", type_annotation);
}

Node* Graph::NodeCopy(const Node& node, absl::FunctionRef<Argument(Node*)> remap) {
  auto [args, kwargs] = MapArguments(node, remap);
  Node* copy = CreateNode(node.op(), node.target(), std::move(args), std::move(kwargs),
                          node.name(), node.type_annotation());
  copy->CopyMetaFrom(node);
  return copy;
}

absl::Status Graph::EraseNode(Node* node) { return EraseNodes({node}); }

absl::Status Graph::EraseNodes(absl::Span<Node* const> nodes) {
  // `erased_` marks the set while it is checked; cleared again on failure.
  auto unmark = [&](size_t count) {
    for (size_t i = 0; i < count; ++i) nodes[i]->erased_ = false;
  };
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node* node = nodes[i];
    if (node->graph_ != this || node->erased_) {
      unmark(i);
      return node->graph_ != this
                 ? absl::InvalidArgumentError(
                       absl::StrCat("node '", node->name(), "' does not belong to this graph"))
                 : absl::FailedPreconditionError(
                       absl::StrCat("node '", node->name(), "' was already erased"));
    }
    node->erased_ = true;
  }
  // Uses among the nodes are counted off their producers first: what is
  // left are users outside.
  auto count_internal_uses = [&](int delta) {
    for (Node* node : nodes) {
      node->ForEachInput([delta](Node* producer) {
        if (producer->erased_) producer->num_users_ += delta;
      });
    }
  };
  count_internal_uses(-1);
  for (Node* node : nodes) {
    if (node->num_users_ == 0) continue;
    std::vector<std::string> users;
    for (Node* u : node->users()) {
      if (!u->erased_) users.emplace_back(u->name());
    }
    absl::Status busy = absl::FailedPreconditionError(absl::StrCat(
        "cannot erase node '", node->name(), "': it still has ", node->num_users_,
        " user(s) in the graph: ", absl::StrJoin(users, ", ")));
    count_internal_uses(+1);
    unmark(nodes.size());
    return busy;
  }
  for (Node* node : nodes) {
    if (insert_anchor_ == node) {
      // Keep inserting where the erased node was (past the others erased).
      insert_anchor_ = insert_after_anchor_ ? node->prev_ : node->next_;
    }
    Unlink(node);
    // Like FX, the erased node's references become None so its inputs lose
    // it as a user; its `next` link stays for iterators standing on it.
    // (UnlinkInputs leaves the user lists of producers among the nodes:
    // they go too, their lists dropped whole below.)
    node->UnlinkInputs();
    node->first_user_ = nullptr;
    for (Argument& a : node->mutable_args()) DropNodeReferences(a);
    if (node->kwargs_) {
      for (KwArg& kw : *node->kwargs_) DropNodeReferences(kw.value);
    }
    node->name_->set_owner(NameSpace::Entry::kNoOwner);
    --size_;
  }
  return absl::OkStatus();
}

bool Graph::EliminateDeadCode(absl::FunctionRef<bool(const Node&)> is_side_effectful) {
  bool changed = false;
  for (Node* node = last_node(); node != nullptr;) {
    Node* prev = node->prev();
    if (node->num_users_ == 0 && !is_side_effectful(*node)) {
      // Cannot fail: the node is live, ours, and has no users.
      (void)EraseNode(node);
      changed = true;
    }
    node = prev;
  }
  return changed;
}

Node* Graph::FindNode(absl::string_view name) const {
  const NameSpace::Entry* entry = names_.Find(name);
  if (entry == nullptr || entry->owner() == NameSpace::Entry::kNoOwner) return nullptr;
  return NodeWithId(entry->owner());
}

Node* Graph::output_node() const {
  for (Node* n = last_node(); n != nullptr; n = n->prev()) {
    if (n->op() == OpKind::kOutput) return n;
  }
  return nullptr;
}

std::unique_ptr<Graph> Graph::Clone(absl::flat_hash_map<const Node*, Node*>* mapping) const {
  auto copy = std::make_unique<Graph>();
  copy->Reserve(size_);
  absl::flat_hash_map<const Node*, Node*> local;
  absl::flat_hash_map<const Node*, Node*>& map = mapping != nullptr ? *mapping : local;
  // An input not copied yet (defined later: an unsorted graph, or a cycle)
  // is None for now, and the copy is rewired once every node has its copy.
  // Referring to the original instead would make the copy a user of a node
  // of this graph, which would then outlive the copy's use of it.
  bool deferred = false;
  auto remap_copied = [&map, &deferred](Node* n) -> Argument {
    auto it = map.find(n);
    if (it != map.end()) return Argument::Ref(it->second);
    deferred = true;
    return Argument::None();
  };
  std::vector<std::pair<const Node*, Node*>> rewire;
  for (Node* node : nodes()) {
    deferred = false;
    auto [args, kwargs] = MapArguments(*node, remap_copied);
    // Names are unique in this graph, so claiming them in the copy succeeds.
    // The target stays where the original keeps it (set_target interns).
    NameSpace::Entry* name = copy->names_.ClaimEntry(
        node->name(), node->local_target_ ? node->target() : absl::string_view());
    absl::optional<Symbol> target;
    if (!node->local_target_) target = node->target_;
    Node* n = copy->NewNode(node->op_, name, target, std::move(args), std::move(kwargs),
                            node->type_);
    n->CopyMetaFrom(*node);
    map[node] = n;
    if (deferred) rewire.emplace_back(node, n);
  }
  // A reference to a node outside the graph is kept as is; the verifier
  // reports it.
  auto remap_any = [&map](Node* n) {
    auto it = map.find(n);
    return Argument::Ref(it == map.end() ? n : it->second);
  };
  for (auto [node, n] : rewire) {
    auto [args, kwargs] = MapArguments(*node, remap_any);
    n->SetArgsKwargs(std::move(args), std::move(kwargs));
  }
  return copy;
}

}  // namespace fxpp
