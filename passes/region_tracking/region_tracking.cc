#include "passes/region_tracking/region_tracking.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <queue>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/types/optional.h"
#include "absl/types/span.h"
#include "passes/op_schema/op_schema.h"
#include "passes/region_tracking/node_key.h"
#include "passes/region_tracking/node_map.h"

namespace fxpp {
namespace {

constexpr int32_t kUnclaimed = -1;

// Why a candidate that SplitCandidate replaced by its parts is not taken.
constexpr absl::string_view kSplitReason =
    "split: its regions are blocks of different kinds, alike only at their ends; each kind's "
    "seeds are a candidate of their own";

// Nodes grouped by a dense key, each group in graph order: a counting sort
// into one array instead of a hash map of vectors.
class NodesByKey {
 public:
  NodesByKey() = default;
  // Groups the nodes of `order` by their keys `keys` (index-aligned, below
  // `num_keys`, or NodeKeys::kNoKey to leave a node out).
  NodesByKey(const std::vector<Node*>& order, const std::vector<uint32_t>& keys,
             size_t num_keys)
      : start_(num_keys + 1, 0) {
    for (uint32_t key : keys) {
      if (key != NodeKeys::kNoKey) ++start_[key + 1];
    }
    std::partial_sum(start_.begin(), start_.end(), start_.begin());
    nodes_.resize(start_.back());
    std::vector<uint32_t> next(start_.begin(), start_.end() - 1);
    for (size_t i = 0; i < order.size(); ++i) {
      if (keys[i] != NodeKeys::kNoKey) nodes_[next[keys[i]]++] = order[i];
    }
  }

  size_t num_keys() const { return start_.size() - 1; }
  absl::Span<Node* const> group(uint32_t key) const {
    return absl::MakeConstSpan(nodes_.data() + start_[key], start_[key + 1] - start_[key]);
  }

 private:
  std::vector<uint32_t> start_;  // group k is nodes_[start_[k], start_[k + 1])
  std::vector<Node*> nodes_;
};

// State shared by all groups of one FindIdenticalRegions call.
class Tracker {
 public:
  // Puts the nodes in the canonical order, which needs no node keys.
  Tracker(const Graph& graph, const RegionTrackingOptions& options, const OrderingEdges& extra,
          RegionTrackingReport* report);
  // Groups the nodes by key, in that order; before Run.
  void UseKeys(const NodeKeys& keys);

  std::vector<RegionGroup> Run();

 private:
  // What the lock-step checks read of a node, in one record by node id, so
  // that checking a candidate touches one cache line rather than one per
  // side table.
  struct NodeState {
    uint32_t key = NodeKeys::kNoKey;
    uint32_t position = 0;       // in the canonical order
    int32_t owner = kUnclaimed;  // region index (global) or kUnclaimed
    // While mining: the regions of the latest candidate group containing it.
    uint32_t covered = 0;
  };
  // A seed group waiting to be taken, costed by growing it alone or, when
  // that is much work, first by an estimate (see MineCandidates).
  struct Candidate {
    static constexpr int64_t kEstimated = -1;  // taken_when_costed: not grown yet
    absl::Span<Node* const> seeds;  // one key's nodes (see MineCandidates)
    bool lone;  // seeded by nodes alone in their context
    int64_t nodes_saved;   // when last costed
    uint32_t rank;         // position of its last seed: ties go to the later
    int64_t taken_when_costed;  // groups taken when it was last grown
    // prefer_whole_modules: higher when every region is one module
    // instance's nodes, the higher the outer the modules (see ModuleRank).
    int32_t module_rank;
    // As first found (estimated, then grown while nothing was taken), for
    // the report.
    RegionCandidate mined;
    bool grown_alone = false;  // `mined` is grown, not estimated
    // The groups it was last grown into: still what growing would give
    // while nothing more is taken, so they are claimed instead of grown
    // again.
    std::vector<RegionGroup> groups;
    // Its growth split into several groups, whose seeds were queued as
    // candidates of their own (see SplitCandidate).
    bool split = false;
  };
  // A region that is growing. Its BFS queue over arguments is implicit: the
  // inputs of its members in order, from input `next_input` of member
  // `next_member` on.
  struct Growing {
    int32_t index;  // owner value of this region's nodes
    uint32_t max_position;
    uint32_t next_member = 0;
    uint32_t next_input = 0;
  };

  // Fills order_ and order_id_ (see SortCanonically's comment) and leaves
  // each node's depth in its state's `position`.
  void SortCanonically();
  // The keys of `seeds`' groups worth growing, latest group first.
  std::vector<uint32_t> SeedOrder(const NodesByKey& seeds) const;
  // A node another group's region holds is free to this one while mining,
  // taken while selecting (see claim_floor_).
  bool IsFree(const NodeState& s) const { return s.owner < claim_floor_; }
  std::vector<Candidate> MineCandidates();
  RegionCandidate Estimate(absl::Span<Node* const> seeds, RegionGroup& first_region);
  // Appends `seeds`' group to `out` as an estimated candidate (grown when
  // selection reaches it), unless its estimate saves too little.
  void AddEstimated(absl::Span<Node* const> seeds, bool lone, RegionCandidate estimate,
                    const RegionGroup& first_region, std::vector<Candidate>& out) const;
  // When `grown`, the groups a candidate seeded by `seeds` grew into, are
  // several: appends the seeds of each (fewer than `seeds`) to `out` as
  // estimated candidates. Returns whether they replace the candidate.
  enum class Split { kNone, kAlongside, kReplaced };
  Split SplitCandidate(absl::Span<Node* const> seeds, bool lone,
                       absl::Span<const RegionGroup> grown, std::vector<Candidate>& out);
  void SelectCandidates(std::vector<Candidate> candidates);
  // Grows `c` against the groups taken (`taken` of them): appends its groups
  // to groups_, updates its cost and rank, and returns what it saves.
  int64_t Recost(Candidate& c, int64_t taken);
  // Grows a group from `seeds` into groups_; of a lone-seeded group, keeps
  // only the regions that mutate no value from outside (see MineCandidates).
  void GrowCandidate(absl::Span<Node* const> seeds, bool lone);
  // Whether enough of `c`'s seeds are free to grow a group.
  bool HasFreeSeeds(const Candidate& c) const;
  // The best of groups_[first..] as a candidate saving what they all save.
  RegionCandidate DescribeGrown(size_t first) const;
  // Releases the groups from groups_[first] on that save nothing (with
  // `why` in the report), and returns what the others save.
  int64_t KeepProfitable(size_t first, absl::string_view why);
  // Releases groups_[first..] and moves them out.
  std::vector<RegionGroup> DropGroupsFrom(size_t first);
  // Claims the regions of `groups` (all of whose nodes are free) as new
  // regions and appends them to groups_.
  void Claim(std::vector<RegionGroup> groups);
  void NotTaken(RegionCandidate candidate, std::string why);
  RegionCandidate Describe(const RegionGroup& group) const;
  // With prefer_whole_modules, when every region of `groups` is exactly
  // the keyed nodes of one module instance: how outer those are (the
  // largest stack depth of one, subtracted from a bound: layers beat their
  // attention blocks); else 0, always 0 without metadata.
  int32_t ModuleRank(absl::Span<const RegionGroup> groups) const;
  template <typename MemberAt>
  static Node* QueueFront(Growing& region, size_t size, MemberAt member);
  void GrowGroup(absl::Span<Node* const> seeds);
  bool GrowAlongFirstRegion(std::vector<Growing>& growing, absl::Span<Node* const> seeds,
                            std::vector<Node*>& members);
  // Grows `first`, whose seed is members[0], alone into `members`, and
  // records in `steps` the key of the node each step took, or kNoKey.
  void GrowFirstRegion(Growing& first, std::vector<Node*>& members, std::vector<uint32_t>& steps);
  void GrowInLockStep(std::vector<Growing>& growing, absl::Span<Node* const> seeds,
                      std::vector<Node*>& members);
  void ExtendWithCopies(std::vector<Region>& regions);
  absl::optional<Region> MatchRegion(const Region& reference, Node* seed);
  // Whether `candidate`, with key `key` to match, may join `region`.
  bool CanJoin(const Growing& region, const Node* candidate, uint32_t key) const;
  // Whether collapsing region `index` (whose nodes precede `max_position`)
  // plus `candidate` would create a cycle.
  bool WouldCreateCycle(int32_t index, uint32_t max_position, const Node* candidate) const;
  void Release(const Region& region);
  std::vector<RegionGroup> SplitByWiring(std::vector<Region> regions);
  bool CollapseMayCycle(const std::vector<RegionGroup>& groups) const;
  void BreakCollapseCycles(std::vector<RegionGroup>& groups);
  // Releases region `index` and removes it from its group in `groups`
  // (and the group, when too few regions are left).
  void DropRegion(std::vector<RegionGroup>& groups, int32_t index);

  // The nodes an ordering edge of `extra_` makes follow `n`.
  absl::Span<const Node* const> ExtraSuccessors(const Node* n) const {
    if (extra_successor_start_.empty()) return {};
    return absl::MakeConstSpan(extra_successors_.data() + extra_successor_start_[n->id()],
                               extra_successor_start_[n->id() + 1] -
                                   extra_successor_start_[n->id()]);
  }

  NodeState& state(const Node* n) { return state_[n->id()]; }
  const NodeState& state(const Node* n) const { return state_[n->id()]; }

  const Graph& graph_;
  const RegionTrackingOptions& options_;
  const OrderingEdges& extra_;
  RegionTrackingReport* report_;  // may be null
  absl::flat_hash_set<std::string> reported_;  // seed and reason of each not_taken
  std::vector<Node*> order_;  // the graph's nodes in the canonical order
  std::vector<uint32_t> order_id_;  // their ids, index-aligned
  // Owners below it are free (IsFree): kUnclaimed + 1 = 0 while selecting,
  // the first region index of the group growing while mining, so that a
  // candidate grows as if it were alone.
  int32_t claim_floor_ = 0;
  std::vector<NodeState> state_;
  // prefer_whole_modules: keyed nodes per nn_module_stack path (symbol id).
  absl::flat_hash_map<uint32_t, uint32_t> module_size_;
  // The reverse of `extra_` in compressed rows by node id (empty without
  // extra edges): growing follows mutation ordering edges like data edges,
  // so that a region stops short of spanning a mutation and a read of the
  // same storage instead of being dropped whole by BreakCollapseCycles.
  std::vector<uint32_t> extra_successor_start_;
  std::vector<const Node*> extra_successors_;
  // Keyed nodes by key and by context key, in graph order.
  NodesByKey nodes_by_key_;
  NodesByKey nodes_by_context_key_;
  // Keyed nodes whose context key has too few nodes to seed a group, by
  // key, in graph order (see MineCandidates).
  NodesByKey lone_by_key_;
  // Nodes one cycle check has visited, and its search stack.
  mutable NodeMap visited_;
  mutable std::vector<const Node*> stack_;
  // Per-region lookups of MatchRegion and SplitByWiring.
  NodeMap scratch_;
  std::vector<Node*> args_;
  std::vector<Node*> reference_args_;
  int32_t next_region_index_ = 0;
  // By region index: the first and last position of the region's nodes.
  std::vector<std::pair<uint32_t, uint32_t>> spans_;
  std::vector<RegionGroup> groups_;
  // The seeds of candidates split off a group (SplitCandidate), which
  // Candidate::seeds views: a deque keeps them in place.
  std::deque<std::vector<Node*>> split_seeds_;
};

// The canonical order: by depth (the longest path from a node without
// inputs, along data and ordering edges), graph order among equal depths.
// It is topological, and every valid reordering of the graph has the same
// depths, so seeds are taken and regions lined up alike however the input
// was ordered (issue 21).
void Tracker::SortCanonically() {
  // One walk over the nodes, which lie far apart in memory on a large
  // graph: the sort and the key lookups after it read only arrays (by graph
  // order index and by id), never a node again.
  std::vector<Node*> graph_order;
  std::vector<uint32_t> id_at;     // by graph order index
  std::vector<uint32_t> depth_at;  // by graph order index
  graph_order.reserve(graph_.size());
  id_at.reserve(graph_.size());
  depth_at.reserve(graph_.size());
  uint32_t max_depth = 0;
  // Each node's input edges are an allocation of their own: ask for them
  // some nodes ahead.
  constexpr int kPrefetchDistance = 8;
  const Node* ahead = graph_.first_node();
  for (int i = 0; i < kPrefetchDistance && ahead != nullptr; ++i) ahead = ahead->next();
  for (Node* n : graph_.nodes()) {
    if (ahead != nullptr) {
      __builtin_prefetch(ahead->input_storage());
      ahead = ahead->next();
    }
    uint32_t depth = 0;
    n->ForEachInput([&](const Node* input) { depth = std::max(depth, state(input).position + 1); });
    if (!extra_.empty()) {
      // Ordering edges count like data edges (their dependencies come
      // earlier in graph order), so that positions order both.
      auto it = extra_.find(n);
      if (it != extra_.end()) {
        for (const Node* dep : it->second) depth = std::max(depth, state(dep).position + 1);
      }
    }
    state(n).position = depth;
    max_depth = std::max(max_depth, depth);
    graph_order.push_back(n);
    id_at.push_back(n->id());
    depth_at.push_back(depth);
  }
  std::vector<uint32_t> start(max_depth + 2, 0);
  for (uint32_t depth : depth_at) ++start[depth + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  order_.resize(graph_.size());
  order_id_.resize(graph_.size());
  for (size_t i = 0; i < graph_order.size(); ++i) {
    const uint32_t pos = start[depth_at[i]]++;
    order_[pos] = graph_order[i];
    order_id_[pos] = id_at[i];
  }
}

Tracker::Tracker(const Graph& graph, const RegionTrackingOptions& options,
                 const OrderingEdges& extra, RegionTrackingReport* report)
    : graph_(graph), options_(options), extra_(extra), report_(report), state_(graph.id_bound()) {
  SortCanonically();
}

void Tracker::UseKeys(const NodeKeys& keys) {
  // The keys are also kept in that order, so that grouping does not revisit
  // the nodes.
  std::vector<uint32_t> key_at;
  std::vector<uint32_t> context_key_at;
  key_at.reserve(graph_.size());
  context_key_at.reserve(graph_.size());
  for (size_t pos = 0; pos < order_id_.size(); ++pos) {
    const uint32_t id = order_id_[pos];
    NodeState& s = state_[id];
    s.key = keys.key_by_id(id);
    s.position = static_cast<uint32_t>(pos);
    key_at.push_back(s.key);
    context_key_at.push_back(keys.context_key_by_id(id));
  }
  if (options_.prefer_whole_modules) {
    for (const Node* n : order_) {
      if (state(n).key == NodeKeys::kNoKey) continue;
      for (const ModuleStackEntry& entry : n->meta().nn_module_stack) ++module_size_[entry.path.id()];
    }
  }
  nodes_by_key_ = NodesByKey(order_, key_at, keys.num_keys());
  nodes_by_context_key_ = NodesByKey(order_, context_key_at, keys.num_context_keys());
  for (size_t pos = 0; pos < order_.size(); ++pos) {
    const uint32_t context_key = context_key_at[pos];
    const bool lone = context_key != NodeKeys::kNoKey &&
                      static_cast<int64_t>(nodes_by_context_key_.group(context_key).size()) <
                          options_.min_regions;
    if (!lone) key_at[pos] = NodeKeys::kNoKey;
  }
  lone_by_key_ = NodesByKey(order_, key_at, keys.num_keys());
  if (extra_.empty()) return;
  // Edges to or from a global-state call are left to BreakCollapseCycles:
  // followed while growing, they would let regions on both sides of a grad
  // mode switch join one group.
  auto for_each_followed_edge = [&](auto&& fn) {
    for (const auto& [node, deps] : extra_) {
      if (IsGlobalStateCall(*node)) continue;
      for (const Node* dep : deps) {
        if (!IsGlobalStateCall(*dep)) fn(dep, node);
      }
    }
  };
  extra_successor_start_.assign(graph_.id_bound() + 1, 0);
  for_each_followed_edge([&](const Node* dep, const Node*) { ++extra_successor_start_[dep->id() + 1]; });
  std::partial_sum(extra_successor_start_.begin(), extra_successor_start_.end(),
                   extra_successor_start_.begin());
  extra_successors_.resize(extra_successor_start_.back());
  std::vector<uint32_t> next(extra_successor_start_.begin(), extra_successor_start_.end() - 1);
  for_each_followed_edge(
      [&](const Node* dep, const Node* node) { extra_successors_[next[dep->id()]++] = node; });
}

std::vector<uint32_t> Tracker::SeedOrder(const NodesByKey& seeds) const {
  std::vector<uint32_t> keys;
  for (uint32_t k = 0; k < seeds.num_keys(); ++k) {
    if (static_cast<int64_t>(seeds.group(k).size()) >= options_.min_regions) keys.push_back(k);
  }
  // Latest first, so regions grow backwards into still unclaimed nodes and
  // the largest form first. "Latest" is the group's last member: the sinks
  // of a chain of repeated blocks come first, and regions align with the
  // blocks. (PyTorch orders by the first member, which for a residual stack
  // seeds at a mid-block add and yields regions straddling two blocks.)
  // Distinct groups have distinct last members, so the order is total.
  std::sort(keys.begin(), keys.end(), [&](uint32_t a, uint32_t b) {
    return state(seeds.group(a).back()).position > state(seeds.group(b).back()).position;
  });
  return keys;
}

bool Tracker::WouldCreateCycle(int32_t index, uint32_t max_position,
                               const Node* candidate) const {
  // Collapsing the region plus `candidate` creates a cycle iff a user of
  // `candidate` outside the region reaches back into the region, along data
  // or ordering edges. Every region node precedes the region's seed
  // (max_position), and both kinds of edge point forward in the canonical
  // order, so the forward search can stop at nodes past it.
  visited_.Clear();
  stack_.clear();
  int64_t work = 0;
  auto visit = [&](const Node* n) {
    const NodeState& s = state(n);
    if (visited_.Contains(n) || s.position > max_position) return false;
    visited_.Set(n, 0);
    if (s.owner == index) return true;
    stack_.push_back(n);
    return false;
  };
  for (const Node* user : candidate->users()) {
    if (state(user).owner == index) continue;
    if (visit(user)) return true;
  }
  for (const Node* successor : ExtraSuccessors(candidate)) {
    if (state(successor).owner == index) continue;
    if (visit(successor)) return true;
  }
  while (!stack_.empty()) {
    if (++work > options_.cycle_check_budget) return true;  // give up safely
    const Node* n = stack_.back();
    stack_.pop_back();
    for (const Node* user : n->users()) {
      if (visit(user)) return true;
    }
    for (const Node* successor : ExtraSuccessors(n)) {
      if (visit(successor)) return true;
    }
  }
  return false;
}

bool Tracker::CanJoin(const Growing& region, const Node* candidate, uint32_t key) const {
  const NodeState& s = state(candidate);
  // A candidate is an input of a member: if nothing else uses or follows
  // it, collapsing cannot route a path out of the region and back through it.
  return s.key != NodeKeys::kNoKey && s.key == key && IsFree(s) &&
         ((candidate->num_users() == 1 && ExtraSuccessors(candidate).empty()) ||
          !WouldCreateCycle(region.index, region.max_position, candidate));
}

void Tracker::Release(const Region& region) {
  for (const Node* n : region) state(n).owner = kUnclaimed;
}

// The next candidate of `region`'s breadth-first queue over its members'
// inputs (advancing past members whose inputs are all taken), or nullptr
// when the queue is empty. `member(i)` is the region's i-th node; it has
// `size`.
template <typename MemberAt>
Node* Tracker::QueueFront(Growing& region, size_t size, MemberAt member) {
  for (; region.next_member < size; ++region.next_member, region.next_input = 0) {
    const Node* m = member(region.next_member);
    if (region.next_input < m->num_inputs()) return m->input(region.next_input);
  }
  return nullptr;
}

void Tracker::GrowGroup(absl::Span<Node* const> seeds) {
  std::vector<Growing> growing;
  std::vector<Node*> claimed_seeds;
  for (Node* seed : seeds) {
    NodeState& s = state(seed);
    if (!IsFree(s)) continue;
    s.owner = next_region_index_;
    growing.push_back(Growing{next_region_index_++, s.position});
    claimed_seeds.push_back(seed);
  }
  const size_t n = growing.size();
  if (static_cast<int64_t>(n) < options_.min_regions) {
    for (const Node* seed : claimed_seeds) state(seed).owner = kUnclaimed;
    return;
  }
  // Region r's i-th node is members[r * size + i].
  std::vector<Node*> members;
  if (!options_.replay_first_region || !GrowAlongFirstRegion(growing, claimed_seeds, members)) {
    GrowInLockStep(growing, claimed_seeds, members);
  }
  const size_t size = members.size() / n;
  int64_t computing = 0;
  for (size_t i = 0; i < size; ++i) computing += members[i]->target() != "operator.getitem";
  if (computing < options_.min_region_size) {
    for (const Node* m : members) state(m).owner = kUnclaimed;
    return;
  }
  // Every member precedes its region's seed.
  spans_.resize(next_region_index_);
  for (size_t r = 0; r < n; ++r) {
    uint32_t first = growing[r].max_position;
    for (size_t i = 0; i < size; ++i) first = std::min(first, state(members[r * size + i]).position);
    spans_[growing[r].index] = {first, growing[r].max_position};
  }
  // Topological order, the first region's graph order applied to all (the
  // subgraph keeps the order the nodes had).
  std::vector<size_t> order(size);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return members[a]->IsBefore(members[b]); });
  std::vector<Region> regions(n);
  for (size_t r = 0; r < n; ++r) {
    regions[r].reserve(size);
    for (size_t i : order) regions[r].push_back(members[r * size + i]);
  }
  ExtendWithCopies(regions);
  for (RegionGroup& group : SplitByWiring(std::move(regions))) groups_.push_back(std::move(group));
}

// The regions of a group must grow in lock-step (see GrowInLockStep), but
// in a large graph they lie far apart, and a step that visits every region
// misses the cache at each. Grows region 0 alone and records its steps,
// then replays them on each other region, a few regions at a time. The
// outcome is the lock-step one unless a replay
// disagrees with region 0 (a region refuses or runs out of candidates where
// region 0 took one, or took a node another region takes in lock-step —
// which shows as a refusal of the later region): then everything grown is
// released and false returned, for the lock-step to decide. With no
// disagreement every step is taken by every region and every taken node
// was unclaimed throughout, so lock-step would take the same steps.
bool Tracker::GrowAlongFirstRegion(std::vector<Growing>& growing,
                                   absl::Span<Node* const> seeds, std::vector<Node*>& members) {
  // Per step of region 0: the key of the node it took, or kNoKey.
  std::vector<uint32_t> steps;
  members.assign(1, seeds[0]);
  GrowFirstRegion(growing[0], members, steps);
  const size_t n = growing.size();
  const size_t size = members.size();
  members.resize(n * size, nullptr);
  std::vector<size_t> count(n, 1);
  // Replays step `key` on region r; false when it disagrees.
  auto replay = [&](size_t r, uint32_t key) {
    Node** mine = &members[r * size];
    Growing& region = growing[r];
    Node* candidate = QueueFront(region, count[r], [&](size_t i) { return mine[i]; });
    if (candidate == nullptr) return key == NodeKeys::kNoKey;
    ++region.next_input;
    if (key == NodeKeys::kNoKey) return true;
    // Its input edges' address is on the node's second line.
    __builtin_prefetch(reinterpret_cast<const char*>(candidate) + 64);
    if (!CanJoin(region, candidate, key)) return false;
    state(candidate).owner = region.index;
    __builtin_prefetch(candidate->input_storage());
    mine[count[r]++] = candidate;
    return true;
  };
  // A region's steps are a chain of cache misses (member, its input edges,
  // the candidate): replaying a few regions side by side, step by step,
  // overlaps their chains. Without disagreement each region's outcome does
  // not depend on the others' (a node two regions want is a disagreement in
  // either order), so the batches take the same steps as one at a time.
  constexpr size_t kBatch = 4;
  for (size_t first = 1; first < n; first += kBatch) {
    const size_t end = std::min(n, first + kBatch);
    // Start on this batch's input edges (its seeds were asked for with the
    // previous batch) and the next batch's seeds (nodes span two lines).
    for (size_t r = first; r < end; ++r) {
      members[r * size] = seeds[r];
      __builtin_prefetch(seeds[r]->input_storage());
    }
    for (size_t r = end; r < std::min(n, end + kBatch); ++r) {
      __builtin_prefetch(seeds[r]);
      __builtin_prefetch(reinterpret_cast<const char*>(seeds[r]) + 64);
    }
    bool agrees = true;
    for (size_t step = 0; step < steps.size() && agrees; ++step) {
      for (size_t r = first; r < end && agrees; ++r) agrees = replay(r, steps[step]);
    }
    if (agrees) continue;
    // Release all but the seeds, from regions 0..end - 1.
    for (size_t q = 0; q < end; ++q) {
      for (size_t i = 1; i < size && members[q * size + i] != nullptr; ++i) {
        state(members[q * size + i]).owner = kUnclaimed;
      }
    }
    for (Growing& g : growing) g.next_member = g.next_input = 0;
    return false;
  }
  return true;
}

void Tracker::GrowFirstRegion(Growing& first, std::vector<Node*>& members,
                              std::vector<uint32_t>& steps) {
  while (Node* candidate = QueueFront(first, members.size(), [&](size_t i) { return members[i]; })) {
    ++first.next_input;
    const uint32_t key = state(candidate).key;
    const bool joins = CanJoin(first, candidate, key);
    if (joins) {
      state(candidate).owner = first.index;
      // Its inputs are read when the queue reaches it.
      __builtin_prefetch(candidate->input_storage());
      members.push_back(candidate);
    }
    steps.push_back(joins ? key : NodeKeys::kNoKey);
  }
}

void Tracker::GrowInLockStep(std::vector<Growing>& growing, absl::Span<Node* const> seeds,
                             std::vector<Node*>& members) {
  // The regions grow in lock-step, one node each per step, so they always
  // have the same size: while growing, region r's i-th node is
  // interleaved[i * n + r] (one array for all regions of the group rather
  // than a vector each).
  const size_t n = growing.size();
  std::vector<Node*> interleaved(seeds.begin(), seeds.end());
  auto front = [&](size_t r) -> Node* {
    return QueueFront(growing[r], interleaved.size() / n,
                      [&](size_t i) { return interleaved[i * n + r]; });
  };
  // Every region takes its next candidate; all join or none does. Queues
  // advance together, which keeps the regions aligned. A candidate is
  // claimed as soon as it may join, so that no other region takes it in
  // the same step, and released if a later region refuses.
  std::vector<Node*> chosen;
  // Each step reads one chain of pointers per far-apart region (member, its
  // input edges, the candidate, the candidate's state), missing the cache
  // at every link: start the links of regions ahead while checking this
  // one.
  constexpr size_t kAhead = 8;
  auto member_at = [&](size_t r) -> const Node* {
    const size_t index = growing[r].next_member * n + r;
    return index < interleaved.size() ? interleaved[index] : nullptr;
  };
  auto prefetch_ahead = [&](size_t r) {
    if (r + 3 * kAhead < n) {
      if (const Node* m = member_at(r + 3 * kAhead)) __builtin_prefetch(m);
    }
    if (r + 2 * kAhead < n) {
      if (const Node* m = member_at(r + 2 * kAhead)) __builtin_prefetch(m->input_storage());
    }
    if (r + kAhead < n) {
      const Node* m = member_at(r + kAhead);
      if (m != nullptr && growing[r + kAhead].next_input < m->num_inputs()) {
        const Node* candidate = m->input(growing[r + kAhead].next_input);
        __builtin_prefetch(candidate);
        __builtin_prefetch(&state_[candidate->id()]);
      }
    }
  };
  while (const Node* reference = front(0)) {
    const uint32_t key = state(reference).key;
    chosen.clear();
    bool all_join = true;
    for (size_t r = 0; r < n; ++r) {
      prefetch_ahead(r);
      Node* candidate = front(r);
      if (candidate == nullptr) {
        all_join = false;
        continue;
      }
      ++growing[r].next_input;
      // Once one region refuses, the step only advances the queues: the
      // candidates are neither checked nor kept, so they are not even read.
      if (!all_join) continue;
      all_join = CanJoin(growing[r], candidate, key);
      if (all_join) {
        state(candidate).owner = growing[r].index;
        chosen.push_back(candidate);
      }
    }
    if (all_join) {
      interleaved.insert(interleaved.end(), chosen.begin(), chosen.end());
    } else {
      for (const Node* c : chosen) state(c).owner = kUnclaimed;
    }
  }
  const size_t size = interleaved.size() / n;
  members.resize(interleaved.size());
  for (size_t r = 0; r < n; ++r) {
    for (size_t i = 0; i < size; ++i) members[r * size + i] = interleaved[i * n + r];
  }
}

// Seeding by context key sets apart copies whose surroundings differ, such
// as the first block of a stack (its input is a placeholder, the others'
// an add). Unclaimed nodes with the seed's key that root an exact copy of
// the first region join the group.
void Tracker::ExtendWithCopies(std::vector<Region>& regions) {
  for (Node* seed : nodes_by_key_.group(state(regions.front().back()).key)) {
    if (!IsFree(state(seed))) continue;
    absl::optional<Region> copy = MatchRegion(regions.front(), seed);
    if (copy.has_value()) regions.push_back(std::move(*copy));
  }
}

// Maps `reference` (topologically sorted, its seed last) onto the graph
// backwards from `seed`, following the reference's internal argument edges;
// every node must be unclaimed and have the same key, and the copy must be
// free of cycles once collapsed. Wiring to external inputs is compared
// afterwards by SplitByWiring. Claims the copy on success.
absl::optional<Region> Tracker::MatchRegion(const Region& reference, Node* seed) {
  scratch_.Clear();  // reference node -> its index
  for (size_t i = 0; i < reference.size(); ++i) scratch_.Set(reference[i], static_cast<int32_t>(i));
  Region copy(reference.size(), nullptr);
  const int32_t index = next_region_index_++;
  uint32_t min_position = UINT32_MAX;
  uint32_t max_position = 0;
  auto take = [&](Node* node, size_t i) {
    NodeState& s = state(node);
    if (s.key != state(reference[i]).key || !IsFree(s)) return false;
    s.owner = index;
    copy[i] = node;
    min_position = std::min(min_position, s.position);
    max_position = std::max(max_position, s.position);
    return true;
  };
  auto fail = [&]() -> absl::optional<Region> {
    for (Node* n : copy) {
      if (n != nullptr) state(n).owner = kUnclaimed;
    }
    return absl::nullopt;
  };
  if (!take(seed, reference.size() - 1)) return fail();
  for (size_t i = reference.size(); i-- > 0;) {
    if (copy[i] == nullptr) return fail();
    reference_args_.clear();
    reference[i]->ForEachNodeArgument([this](Node* n) { reference_args_.push_back(n); });
    args_.clear();
    copy[i]->ForEachNodeArgument([this](Node* n) { args_.push_back(n); });
    if (reference_args_.size() != args_.size()) return fail();
    for (size_t j = 0; j < args_.size(); ++j) {
      const int32_t k = scratch_.Get(reference_args_[j]);
      if (k == NodeMap::kAbsent) continue;
      if (copy[k] == nullptr) {
        if (!take(args_[j], k)) return fail();
      } else if (copy[k] != args_[j]) {
        return fail();
      }
    }
  }
  for (Node* n : copy) {
    if (WouldCreateCycle(index, max_position, n)) return fail();
  }
  spans_.resize(next_region_index_);
  spans_[index] = {min_position, max_position};
  return copy;
}

// Regions are interchangeable only if they are wired identically: each
// argument refers to the same region-internal node index, or to external
// inputs in the same pattern (a value used twice in one region must be used
// twice in the other). Groups regions by that signature; regions in groups
// too small to keep are released.
std::vector<RegionGroup> Tracker::SplitByWiring(std::vector<Region> regions) {
  // Signature entries: 2 * index for a region node, 2 * slot + 1 for the
  // external input first used slot-th, -1 between nodes.
  std::vector<int32_t> signature;
  absl::flat_hash_map<std::vector<int32_t>, size_t> class_of;
  std::vector<std::vector<size_t>> classes;
  for (size_t r = 0; r < regions.size(); ++r) {
    // Regions lie far apart in a large graph, and each node's arguments are
    // a cache miss: start reading region r + 2's nodes and region r + 1's
    // argument lists (whose addresses are in the nodes) while signing r.
    if (r + 2 < regions.size()) {
      for (const Node* n : regions[r + 2]) {
        __builtin_prefetch(n);
        __builtin_prefetch(reinterpret_cast<const char*>(n) + 64);  // nodes span two lines
      }
    }
    if (r + 1 < regions.size()) {
      for (const Node* n : regions[r + 1]) __builtin_prefetch(n->args().data());
    }
    const Region& region = regions[r];
    scratch_.Clear();  // node -> its signature entry
    for (size_t i = 0; i < region.size(); ++i) scratch_.Set(region[i], static_cast<int32_t>(2 * i));
    int32_t next_external = 1;
    signature.clear();
    for (const Node* n : region) {
      n->ForEachNodeArgument([&](Node* arg) {
        int32_t entry = scratch_.Get(arg);
        if (entry == NodeMap::kAbsent) {
          entry = next_external;
          next_external += 2;
          scratch_.Set(arg, entry);
        }
        signature.push_back(entry);
      });
      signature.push_back(-1);  // node separator
    }
    auto [it, inserted] = class_of.try_emplace(signature, classes.size());
    if (inserted) classes.emplace_back();
    classes[it->second].push_back(r);
  }
  std::vector<RegionGroup> out;
  for (const std::vector<size_t>& members : classes) {
    if (static_cast<int64_t>(members.size()) < options_.min_regions) {
      for (size_t r : members) Release(regions[r]);
      continue;
    }
    RegionGroup group;
    for (size_t r : members) group.regions.push_back(std::move(regions[r]));
    out.push_back(std::move(group));
  }
  return out;
}

// Whether collapsing every region at once could create a cycle, beyond the
// per-region checks made while growing (which every region passed). Without
// extra ordering edges, a cycle through several regions needs one region to
// reach an earlier one: impossible when their position ranges are disjoint,
// since data edges only go forward in a topologically sorted graph. That is
// the common case (repeated blocks), and it spares building the collapsed
// graph.
bool Tracker::CollapseMayCycle(const std::vector<RegionGroup>& groups) const {
  if (!extra_.empty()) return true;
  std::vector<std::pair<uint32_t, uint32_t>> spans;
  for (const RegionGroup& group : groups) {
    for (const Region& region : group.regions) spans.push_back(spans_[state(region.front()).owner]);
  }
  std::sort(spans.begin(), spans.end());
  uint32_t end = 0;  // last position of the spans so far
  for (const auto& [first, last] : spans) {
    if (first < end) return true;
    end = std::max(end, last);
  }
  return false;
}

// In the collapsed graph given as compressed dependency rows (vertex v's
// dependencies are deps[start[v], start[v + 1]); vertices below
// `num_regions` are regions), a region on some cycle, or -1 when the graph
// is acyclic: an iterative depth-first search for a back edge.
int64_t RegionOnACycle(const std::vector<uint32_t>& start, const std::vector<uint32_t>& deps,
                       uint32_t num_regions) {
  const size_t size = start.size() - 1;
  std::vector<uint8_t> color(size, 0);
  std::vector<std::pair<uint32_t, uint32_t>> stack;  // vertex, next dep index
  for (uint32_t root = 0; root < size; ++root) {
    if (color[root] != 0) continue;
    color[root] = 1;
    stack.assign(1, {root, start[root]});
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next == start[v + 1]) {
        color[v] = 2;
        stack.pop_back();
        continue;
      }
      const uint32_t w = deps[next++];
      if (color[w] == 1) {
        // The cycle is w ... v on the stack; pick a region on it.
        for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
          if (it->first < num_regions) return it->first;
          if (it->first == w) break;
        }
      } else if (color[w] == 0) {
        color[w] = 1;
        stack.push_back({w, start[w]});
      }
    }
  }
  return -1;
}

// Collapsing every region into one node must leave the graph acyclic. Each
// region was checked alone while growing; two regions can still form a
// cycle together (A feeds B and B feeds A), and extra ordering edges can
// close a cycle too. Finds cycles in the collapsed graph and drops one
// region on each until none is left.
void Tracker::BreakCollapseCycles(std::vector<RegionGroup>& groups) {
  if (!CollapseMayCycle(groups)) return;
  const uint32_t num_regions = static_cast<uint32_t>(next_region_index_);
  const uint32_t size = num_regions + graph_.id_bound();
  // Collapsed node id: the region index for region nodes, else an id past
  // all region indices.
  auto collapsed = [&](const Node* n) -> uint32_t {
    const int32_t owner = state(n).owner;
    return owner != kUnclaimed ? static_cast<uint32_t>(owner) : num_regions + n->id();
  };
  // Calls add(from, to) for each dependency edge of the collapsed graph,
  // grouped by node in graph order (so each vertex's edges keep one order).
  auto for_each_edge = [&](auto&& add) {
    for (const Node* n : order_) {
      const uint32_t to = collapsed(n);
      auto dep = [&](const Node* d) {
        const uint32_t from = collapsed(d);
        if (from != to) add(from, to);
      };
      n->ForEachInput(dep);
      if (extra_.empty()) continue;
      auto it = extra_.find(n);
      if (it != extra_.end()) {
        for (const Node* d : it->second) dep(d);
      }
    }
  };
  std::vector<uint32_t> start;  // deps of v: deps[start[v], start[v + 1])
  std::vector<uint32_t> deps;
  for (;;) {
    // The dependency lists in compressed rows (one array, not a vector per
    // vertex): count, prefix-sum, fill.
    start.assign(size + 1, 0);
    for_each_edge([&](uint32_t, uint32_t to) { ++start[to + 1]; });
    std::partial_sum(start.begin(), start.end(), start.begin());
    deps.resize(start.back());
    {
      std::vector<uint32_t> next(start.begin(), start.end() - 1);
      for_each_edge([&](uint32_t from, uint32_t to) { deps[next[to]++] = from; });
    }
    const int64_t cycle_region = RegionOnACycle(start, deps, num_regions);
    if (cycle_region < 0) return;
    DropRegion(groups, static_cast<int32_t>(cycle_region));
  }
}

void Tracker::DropRegion(std::vector<RegionGroup>& groups, int32_t index) {
  for (auto g = groups.begin(); g != groups.end(); ++g) {
    auto& regions = g->regions;
    auto r = std::find_if(regions.begin(), regions.end(), [&](const Region& region) {
      return state(region.front()).owner == index;
    });
    if (r == regions.end()) continue;
    Release(*r);
    regions.erase(r);
    if (static_cast<int64_t>(regions.size()) < options_.min_regions) {
      for (const Region& region : regions) Release(region);
      groups.erase(g);
    }
    return;
  }
}

RegionCandidate Tracker::Describe(const RegionGroup& group) const {
  RegionCandidate c;
  c.seed = std::string(group.regions.front().back()->name());
  c.regions = static_cast<int64_t>(group.regions.size());
  c.region_size = ComputingNodes(group.regions.front());
  c.nodes_saved = NodesSaved(c.regions, c.region_size);
  return c;
}

void Tracker::NotTaken(RegionCandidate candidate, std::string why) {
  if (report_ == nullptr) return;
  // Seeding by context key, then by plain key, can find one group twice.
  if (!reported_.insert(absl::StrCat(candidate.seed, "\n", why)).second) return;
  candidate.why = std::move(why);
  report_->not_taken.push_back(std::move(candidate));
}

std::vector<RegionGroup> Tracker::DropGroupsFrom(size_t first) {
  std::vector<RegionGroup> dropped;
  for (size_t g = first; g < groups_.size(); ++g) {
    for (const Region& region : groups_[g].regions) Release(region);
    dropped.push_back(std::move(groups_[g]));
  }
  groups_.resize(first);
  return dropped;
}

void Tracker::Claim(std::vector<RegionGroup> groups) {
  for (RegionGroup& group : groups) {
    for (const Region& region : group.regions) {
      const int32_t index = next_region_index_++;
      uint32_t first = UINT32_MAX;
      uint32_t last = 0;
      for (const Node* n : region) {
        NodeState& s = state(n);
        s.owner = index;
        first = std::min(first, s.position);
        last = std::max(last, s.position);
      }
      spans_.resize(next_region_index_);
      spans_[index] = {first, last};
    }
    groups_.push_back(std::move(group));
  }
}

int32_t Tracker::ModuleRank(absl::Span<const RegionGroup> groups) const {
  if (module_size_.empty() || groups.empty()) return 0;
  // The outermost stack depth at which `region` is one whole instance, or -1.
  auto whole_at = [&](const Region& region) -> int32_t {
    const auto& stack = region.back()->meta().nn_module_stack;
    for (size_t depth = 0; depth < stack.size(); ++depth) {
      auto size = module_size_.find(stack[depth].path.id());
      if (size == module_size_.end() || size->second != region.size()) continue;
      const bool all_inside = std::all_of(region.begin(), region.end(), [&](const Node* n) {
        const auto& s = n->meta().nn_module_stack;
        return depth < s.size() && s[depth].path == stack[depth].path;
      });
      if (all_inside) return static_cast<int32_t>(depth);
    }
    return -1;
  };
  constexpr int32_t kDeepest = 1 << 16;
  int32_t deepest = 0;
  for (const RegionGroup& group : groups) {
    for (const Region& region : group.regions) {
      const int32_t depth = whole_at(region);
      if (depth < 0 || depth >= kDeepest) return 0;
      deepest = std::max(deepest, depth);
    }
  }
  return kDeepest - deepest;
}

int64_t Tracker::KeepProfitable(size_t first, absl::string_view why) {
  int64_t saved = 0;
  size_t kept = first;
  for (size_t g = first; g < groups_.size(); ++g) {
    RegionCandidate c = Describe(groups_[g]);
    if (c.nodes_saved < options_.min_nodes_saved) {
      for (const Region& region : groups_[g].regions) Release(region);
      if (!why.empty()) NotTaken(std::move(c), std::string(why));
      continue;
    }
    saved += c.nodes_saved;
    if (kept != g) groups_[kept] = std::move(groups_[g]);
    ++kept;
  }
  groups_.resize(kept);
  return saved;
}

// Grows the first two of `seeds` in lock-step (every node free) into
// `first_region` (the first of them), and returns the group as if every
// seed had such a region: an estimate that costs O(region size), where
// growing the group costs O(regions x region size). It is nearly an upper
// bound: in lock-step every region takes only the steps that all take, so
// more regions take no more steps (up to cycle checks), and groups only
// split or lose regions (exact copies found later can add some). Two
// regions rather than one: alone, a region grows back through every block
// before it.
RegionCandidate Tracker::Estimate(absl::Span<Node* const> seeds, RegionGroup& first_region) {
  std::vector<Growing> growing;
  for (Node* seed : seeds.first(2)) {
    state(seed).owner = next_region_index_;
    growing.push_back(Growing{next_region_index_++, state(seed).position});
  }
  std::vector<Node*> members;
  GrowInLockStep(growing, seeds.first(2), members);
  for (const Node* m : members) state(m).owner = kUnclaimed;
  first_region.regions.assign(1, Region(members.begin(), members.begin() + members.size() / 2));
  RegionCandidate estimate = Describe(first_region);
  estimate.seed = std::string(seeds.back()->name());
  estimate.regions = static_cast<int64_t>(seeds.size());
  estimate.nodes_saved = NodesSaved(estimate.regions, estimate.region_size);
  return estimate;
}

// Grows every context-key seed group on its own into a costed candidate.
// A group whose every seed already lies in a candidate with about as many
// regions (as many, up to 1/8 more) is not grown: the nodes of one repeated
// block each seed such a group (one more where the first or last block
// differs), whose regions would repeat the candidate's, inside or shifted,
// and growing them all would cost O(nodes x block size) instead of
// O(nodes). Groups with more seeds go first, so that of nearly equal
// groups the one that reaches every block is grown. A candidate with many
// more regions (a pair of nodes twice per block) does not stand in for a
// group with fewer, larger regions. A group estimated (Estimate) to take
// more work than eager_mining_work to grow is not grown here but queued
// with its estimate: on a stack of many blocks, growing the groups with
// several seeds per block (q/k/v projections, add + norm pairs) before the
// block group would cost O(nodes x groups per block); SelectCandidates
// grows such a candidate when its turn comes (lazy greedy).
// Nodes alone in their context (a block's residual add whose other input is
// the previous block's output, which differs from block to block) seed no
// context-key group; grouped by plain key they seed candidates too, after
// the others, so that a block can be taken up to its last node.
std::vector<Tracker::Candidate> Tracker::MineCandidates() {
  std::vector<absl::Span<Node* const>> seed_groups;
  std::vector<bool> lone_groups;
  for (const NodesByKey* seeds : {&nodes_by_context_key_, &lone_by_key_}) {
    std::vector<uint32_t> keys = SeedOrder(*seeds);
    std::stable_sort(keys.begin(), keys.end(), [&](uint32_t a, uint32_t b) {
      return seeds->group(a).size() > seeds->group(b).size();
    });
    for (uint32_t key : keys) {
      seed_groups.push_back(seeds->group(key));
      lone_groups.push_back(seeds == &lone_by_key_);
    }
  }
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < seed_groups.size(); ++i) {
    const absl::Span<Node* const> seeds = seed_groups[i];
    const bool lone = lone_groups[i];
    const bool inside_alike = std::all_of(seeds.begin(), seeds.end(), [&](const Node* seed) {
      const uint64_t covered = state(seed).covered;
      return covered >= seeds.size() && covered <= seeds.size() + seeds.size() / 8;
    });
    if (inside_alike) continue;
    claim_floor_ = next_region_index_;
    RegionGroup first_region;
    RegionCandidate estimate = Estimate(seeds, first_region);
    if (estimate.regions * estimate.region_size > options_.eager_mining_work) {
      AddEstimated(seeds, lone, std::move(estimate), first_region, candidates);
      continue;
    }
    const size_t first = groups_.size();
    GrowCandidate(seeds, lone);
    for (size_t g = first; g < groups_.size(); ++g) {
      const uint32_t regions = static_cast<uint32_t>(groups_[g].regions.size());
      for (const Region& region : groups_[g].regions) {
        // The latest candidate has the fewest regions so far, the closest
        // to the groups still to come (a pair twice per block must not hide
        // the block: its count is not alike).
        for (const Node* n : region) state(n).covered = regions;
      }
    }
    RegionCandidate mined = DescribeGrown(first);
    const int64_t saved = mined.nodes_saved;
    std::vector<RegionGroup> grown(std::make_move_iterator(groups_.begin() + first),
                                   std::make_move_iterator(groups_.end()));
    groups_.resize(first);  // their nodes are released once all are grown
    claim_floor_ = next_region_index_;  // grown's nodes are free to its parts
    const Split split = SplitCandidate(seeds, lone, grown, candidates);
    if (mined.regions == 0) continue;
    if (split == Split::kReplaced || mined.nodes_saved < options_.min_nodes_saved) {
      for (const RegionGroup& group : grown) {
        for (const Region& region : group.regions) Release(region);
      }
      NotTaken(std::move(mined), split == Split::kReplaced
                                     ? std::string(kSplitReason)
                                     : "cost: saves too few nodes to compile");
      continue;
    }
    const int32_t module_rank = ModuleRank(grown);
    candidates.push_back(Candidate{seeds, lone, saved, state(seeds.back()).position, 0, module_rank,
                                   std::move(mined), true, std::move(grown),
                                   split != Split::kNone});
  }
  for (const Candidate& c : candidates) {
    for (const RegionGroup& group : c.groups) {
      for (const Region& region : group.regions) Release(region);
    }
  }
  claim_floor_ = 0;
  return candidates;
}

void Tracker::AddEstimated(absl::Span<Node* const> seeds, bool lone, RegionCandidate estimate,
                           const RegionGroup& first_region, std::vector<Candidate>& out) const {
  if (estimate.region_size < options_.min_region_size ||
      estimate.nodes_saved < options_.min_nodes_saved) {
    return;
  }
  const int32_t module_rank = ModuleRank(absl::MakeConstSpan(&first_region, 1));
  out.push_back(Candidate{seeds, lone, estimate.nodes_saved, state(seeds.back()).position,
                          Candidate::kEstimated, module_rank, std::move(estimate), false, {}});
}

// One seed group can seed different blocks whose last nodes look alike (an
// encoder's and a decoder's residual add): grown in lock-step, their
// regions stop where the blocks start to differ, and SplitByWiring parts
// them by block kind. Each part's seeds become a candidate of their own,
// grown when selection reaches it: with only its own kind in lock-step, a
// part grows as far as its group did (up to cycle checks) and on, up to its
// whole block. So
// the parts replace the candidate (whose pieces, ranked by what they save
// together, would otherwise be taken before the blocks), unless a part has
// as many seeds as the candidate (copies joined it): then both stay, and
// since parts have fewer seeds than their parent, splitting ends. The nodes
// of `grown` must be free.
Tracker::Split Tracker::SplitCandidate(absl::Span<Node* const> seeds, bool lone,
                                       absl::Span<const RegionGroup> grown,
                                       std::vector<Candidate>& out) {
  if (grown.size() < 2) return Split::kNone;
  Split split = Split::kReplaced;
  for (const RegionGroup& group : grown) {
    std::vector<Node*> part;
    for (const Region& region : group.regions) part.push_back(region.back());  // its seed
    if (part.size() >= seeds.size()) {
      split = Split::kAlongside;
      continue;
    }
    std::sort(part.begin(), part.end(),
              [&](const Node* a, const Node* b) { return state(a).position < state(b).position; });
    split_seeds_.push_back(std::move(part));
    const absl::Span<Node* const> part_seeds = split_seeds_.back();
    RegionGroup first_region;
    RegionCandidate estimate = Estimate(part_seeds, first_region);
    AddEstimated(part_seeds, lone, std::move(estimate), first_region, out);
  }
  return split;
}

RegionCandidate Tracker::DescribeGrown(size_t first) const {
  RegionCandidate best;
  int64_t saved = 0;
  for (size_t g = first; g < groups_.size(); ++g) {
    RegionCandidate c = Describe(groups_[g]);
    if (c.nodes_saved >= options_.min_nodes_saved) saved += c.nodes_saved;
    if (g == first || c.nodes_saved > best.nodes_saved) best = std::move(c);
  }
  if (saved > 0) best.nodes_saved = saved;  // else what the best would save
  return best;
}

// A lone seed is often an in-place update (a residual `x += y`): its region
// is worth taking when it holds the updated value too (a block up to its
// last node), but dedup never replaces a region that mutates a value from
// outside, so such regions are released here rather than costed.
void Tracker::GrowCandidate(absl::Span<Node* const> seeds, bool lone) {
  const size_t first = groups_.size();
  GrowGroup(seeds);
  if (!lone) return;
  auto mutates_outside = [&](const Region& region) {
    const int32_t owner = state(region.front()).owner;
    return std::any_of(region.begin(), region.end(), [&](const Node* n) {
      if (!MayMutateArguments(*n)) return false;
      const std::vector<int> mutated = MutatedArgPositions(*n);  // flat, sorted
      int position = 0;
      bool outside = false;
      n->ForEachNodeArgument([&](Node* arg) {
        if (std::binary_search(mutated.begin(), mutated.end(), position++)) {
          outside |= state(arg).owner != owner;
        }
      });
      return outside;
    });
  };
  size_t kept = first;
  for (size_t g = first; g < groups_.size(); ++g) {
    std::vector<Region>& regions = groups_[g].regions;
    auto mutating = std::stable_partition(regions.begin(), regions.end(),
                                          [&](const Region& r) { return !mutates_outside(r); });
    for (auto r = mutating; r != regions.end(); ++r) Release(*r);
    regions.erase(mutating, regions.end());
    if (static_cast<int64_t>(regions.size()) < options_.min_regions) {
      for (const Region& region : regions) Release(region);
      continue;
    }
    if (kept != g) groups_[kept] = std::move(groups_[g]);
    ++kept;
  }
  groups_.resize(kept);
}

bool Tracker::HasFreeSeeds(const Candidate& c) const {
  absl::Span<Node* const> seeds = c.seeds;
  return std::count_if(seeds.begin(), seeds.end(), [&](const Node* seed) {
           return IsFree(state(seed));
         }) >= options_.min_regions;
}

int64_t Tracker::Recost(Candidate& c, int64_t taken) {
  const size_t first = groups_.size();
  GrowCandidate(c.seeds, c.lone);
  if (groups_.size() > first) {
    if (taken == 0) {  // grown alone: as first found
      c.mined = DescribeGrown(first);
      c.grown_alone = true;
    }
    c.module_rank = ModuleRank(absl::MakeConstSpan(groups_).subspan(first));
  }
  if (taken == 0 && DescribeGrown(first).nodes_saved < options_.min_nodes_saved) {
    return KeepProfitable(first, "cost: saves too few nodes to compile");
  }
  return KeepProfitable(first, "");
}

// Takes the candidates best first (most nodes saved, then latest seed).
// Taking one can shrink the others, which overlap it: a candidate is
// re-grown against what is taken when its turn comes, and taken if it is
// still at least as good as the next in line (whose cost is an upper bound
// when it was costed before the last take), else put back re-costed.
void Tracker::SelectCandidates(std::vector<Candidate> candidates) {
  auto worse = [](const Candidate& a, const Candidate& b) {
    return std::tie(a.module_rank, a.nodes_saved, a.rank) <
           std::tie(b.module_rank, b.nodes_saved, b.rank);
  };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(worse)> queue(
      worse, std::move(candidates));
  int64_t taken = 0;
  while (!queue.empty()) {
    // Moved out: the heap orders by the ints, which a move keeps.
    Candidate c = std::move(const_cast<Candidate&>(queue.top()));
    queue.pop();
    const size_t first = groups_.size();
    int64_t saved;
    if (c.taken_when_costed == taken) {
      Claim(std::move(c.groups));
      saved = KeepProfitable(first, "");
    } else {
      saved = Recost(c, taken);
    }
    if (!c.split && groups_.size() - first >= 2) {
      // Split (see SplitCandidate): back in line with its parts, which may
      // save more.
      c.groups = DropGroupsFrom(first);
      std::vector<Candidate> parts;
      const Split split = SplitCandidate(c.seeds, c.lone, c.groups, parts);
      for (Candidate& part : parts) queue.push(std::move(part));
      if (split == Split::kReplaced) {
        NotTaken(c.mined, std::string(kSplitReason));
        continue;
      }
      c.split = true;
      c.nodes_saved = saved;
      c.taken_when_costed = taken;
      queue.push(std::move(c));
      continue;
    }
    const bool any_left = groups_.size() > first;
    if (any_left && (c.taken_when_costed == taken || queue.empty() ||
                     std::tie(c.module_rank, saved) >=
                         std::tie(queue.top().module_rank, queue.top().nodes_saved))) {
      taken += static_cast<int64_t>(groups_.size() - first);
      if (c.grown_alone && saved < c.mined.nodes_saved) {
        NotTaken(c.mined, absl::StrCat("overlap: only partly taken (saves ", saved,
                                       "), groups that save more hold the rest"));
      }
      continue;
    }
    c.groups = DropGroupsFrom(first);
    if (!any_left) {
      // Recost reported its cost; an estimate whose seeds the groups taken
      // hold is a piece of them, not a candidate.
      if (taken == 0 || (!c.grown_alone && !HasFreeSeeds(c))) continue;
      NotTaken(c.mined, "overlap: groups that save more hold its nodes; what is left saves too little");
      continue;
    }
    c.nodes_saved = saved;
    c.taken_when_costed = taken;
    queue.push(std::move(c));
  }
}

std::vector<RegionGroup> Tracker::Run() {
  // Context keys seed the candidates (nodes playing the same role in
  // repeated blocks), then plain keys grow what is left.
  SelectCandidates(MineCandidates());
  std::vector<uint32_t> unclaimed_key_at(order_.size());
  for (size_t pos = 0; pos < order_.size(); ++pos) {
    const NodeState& s = state_[order_id_[pos]];
    unclaimed_key_at[pos] = IsFree(s) ? s.key : NodeKeys::kNoKey;
  }
  const NodesByKey unclaimed(order_, unclaimed_key_at, nodes_by_key_.num_keys());
  for (uint32_t key : SeedOrder(unclaimed)) {
    const size_t first = groups_.size();
    GrowGroup(unclaimed.group(key));
    KeepProfitable(first, "cost: saves too few nodes to compile");
  }
  BreakCollapseCycles(groups_);
  // Breaking cycles drops regions, which can leave a group that saves
  // nothing (dropping a group cannot close a cycle).
  std::vector<RegionGroup> kept;
  for (RegionGroup& group : groups_) {
    RegionCandidate c = Describe(group);
    if (c.nodes_saved >= options_.min_nodes_saved) {
      // Regions in graph order: the first names the subgraph's nodes.
      std::sort(group.regions.begin(), group.regions.end(),
                [](const Region& a, const Region& b) { return a.back()->IsBefore(b.back()); });
      kept.push_back(std::move(group));
    } else {
      for (const Region& region : group.regions) Release(region);
      NotTaken(std::move(c), "cycle: some of its regions would close a cycle once all regions "
                             "are collapsed; the rest saves too little");
    }
  }
  return kept;
}

}  // namespace

int64_t ComputingNodes(const Region& region) {
  return std::count_if(region.begin(), region.end(),
                       [](const Node* n) { return n->target() != "operator.getitem"; });
}

absl::StatusOr<std::vector<RegionGroup>> FindIdenticalRegions(
    const Graph& graph, const RegionTrackingOptions& options, const OrderingEdges& extra,
    RegionTrackingReport* report) {
  const NodeKeys keys(graph);
  return FindIdenticalRegions(
      graph, [&keys]() -> const NodeKeys& { return keys; }, options, extra, report);
}

absl::StatusOr<std::vector<RegionGroup>> FindIdenticalRegions(
    const Graph& graph, absl::FunctionRef<const NodeKeys&()> keys_when_needed,
    const RegionTrackingOptions& options, const OrderingEdges& extra,
    RegionTrackingReport* report) {
  // The canonical order needs no keys: it is built while they may still be
  // computed elsewhere. (On a graph that is not sorted it is meaningless,
  // but harmless, and the keys below refuse that graph.)
  Tracker tracker(graph, options, extra, report);
  const NodeKeys& keys = keys_when_needed();
  if (const Node* user = keys.first_out_of_order_user(); user != nullptr) {
    // Sorting cannot help a graph with a cycle: say so, and where.
    const std::vector<Node*> cycle = FindCycle(graph);
    if (!cycle.empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("the graph has a dependency cycle: ", FormatCycle(cycle)));
    }
    return absl::FailedPreconditionError(absl::StrCat(
        "the graph is not topologically sorted: node '", user->name(),
        "' uses '", keys.its_later_input()->name(), "' before it is defined (run topo_sort first)"));
  }
  tracker.UseKeys(keys);
  return tracker.Run();
}

}  // namespace fxpp
