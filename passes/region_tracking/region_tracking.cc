#include "passes/region_tracking/region_tracking.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/types/optional.h"
#include "passes/op_schema/op_schema.h"
#include "passes/region_tracking/node_key.h"

namespace fxpp {
namespace {

constexpr int32_t kUnclaimed = -1;

// State shared by all groups of one FindIdenticalRegions call.
class Tracker {
 public:
  Tracker(const Graph& graph, const RegionTrackingOptions& options, const OrderingEdges& extra)
      : graph_(graph),
        options_(options),
        extra_(extra),
        keys_(graph),
        position_(graph.id_bound(), 0),
        owner_(graph.id_bound(), kUnclaimed),
        visit_stamp_(graph.id_bound(), 0),
        chosen_step_(graph.id_bound(), 0) {
    uint32_t pos = 0;
    for (const Node* n : graph.nodes()) position_[n->id()] = pos++;
  }

  std::vector<RegionGroup> Run();

 private:
  struct Growing {
    Region region;
    std::deque<Node*> candidates;  // backward BFS over arguments
    int32_t index;                 // owner_ value of this region's nodes
    uint32_t max_position;
  };

  // Seeds grouped by `key_of`, latest group first.
  std::vector<std::vector<Node*>> SeedGroups(uint32_t (NodeKeys::*key_of)(const Node*) const);
  void GrowGroup(std::vector<Node*> seeds);
  void ExtendWithCopies(std::vector<Region>& regions);
  absl::optional<Region> MatchRegion(const Region& reference, Node* seed);
  bool CanJoin(const Growing& region, const Node* candidate, const Node* reference) const;
  bool WouldCreateCycle(const Growing& region, const Node* candidate) const;
  void Add(Growing& region, Node* node);
  void Release(const Region& region);
  std::vector<RegionGroup> SplitByWiring(std::vector<Region> regions);
  void BreakCollapseCycles(std::vector<RegionGroup>& groups);

  const Graph& graph_;
  const RegionTrackingOptions& options_;
  const OrderingEdges& extra_;
  NodeKeys keys_;
  std::vector<uint32_t> position_;
  std::vector<int32_t> owner_;  // region index (global) or kUnclaimed
  mutable std::vector<uint32_t> visit_stamp_;
  mutable uint32_t stamp_ = 0;
  // chosen_step_[id] == step_: the node is some region's candidate in the
  // current lock-step (a node can join only one region).
  std::vector<uint32_t> chosen_step_;
  uint32_t step_ = 0;
  int32_t next_region_index_ = 0;
  std::vector<RegionGroup> groups_;
  // Keyed nodes by key, in graph order (for ExtendWithCopies).
  absl::flat_hash_map<uint32_t, std::vector<Node*>> nodes_by_key_;
};

std::vector<std::vector<Node*>> Tracker::SeedGroups(
    uint32_t (NodeKeys::*key_of)(const Node*) const) {
  absl::flat_hash_map<uint32_t, std::vector<Node*>> by_key;
  for (Node* n : graph_.nodes()) {
    const uint32_t key = (keys_.*key_of)(n);
    if (key != NodeKeys::kNoKey && owner_[n->id()] == kUnclaimed) by_key[key].push_back(n);
  }
  std::vector<std::vector<Node*>> groups;
  for (auto& [key, nodes] : by_key) {
    if (static_cast<int64_t>(nodes.size()) >= options_.min_regions) groups.push_back(std::move(nodes));
  }
  // Latest first, so regions grow backwards into still unclaimed nodes and
  // the largest form first. "Latest" is the group's last member: the sinks
  // of a chain of repeated blocks come first, and regions align with the
  // blocks. (PyTorch orders by the first member, which for a residual stack
  // seeds at a mid-block add and yields regions straddling two blocks.)
  // Distinct groups have distinct last members, so the order is total.
  std::sort(groups.begin(), groups.end(), [this](const auto& a, const auto& b) {
    return position_[a.back()->id()] > position_[b.back()->id()];
  });
  return groups;
}

bool Tracker::WouldCreateCycle(const Growing& region, const Node* candidate) const {
  // Collapsing the region plus `candidate` creates a cycle iff a user of
  // `candidate` outside the region reaches back into the region. Every
  // region node precedes the region's seed (max_position), so the forward
  // search can stop at nodes past it.
  ++stamp_;
  std::vector<const Node*> stack;
  int64_t work = 0;
  auto visit = [&](const Node* n) {
    if (visit_stamp_[n->id()] == stamp_ || position_[n->id()] > region.max_position) return false;
    visit_stamp_[n->id()] = stamp_;
    if (owner_[n->id()] == region.index) return true;
    stack.push_back(n);
    return false;
  };
  for (const Node* user : candidate->users()) {
    if (owner_[user->id()] == region.index) continue;
    if (visit(user)) return true;
  }
  while (!stack.empty()) {
    if (++work > options_.cycle_check_budget) return true;  // give up safely
    const Node* n = stack.back();
    stack.pop_back();
    for (const Node* user : n->users()) {
      if (visit(user)) return true;
    }
  }
  return false;
}

bool Tracker::CanJoin(const Growing& region, const Node* candidate, const Node* reference) const {
  const uint32_t key = keys_.key(candidate);
  return key != NodeKeys::kNoKey && key == keys_.key(reference) &&
         owner_[candidate->id()] == kUnclaimed && chosen_step_[candidate->id()] != step_ &&
         !WouldCreateCycle(region, candidate);
}

void Tracker::Add(Growing& region, Node* node) {
  owner_[node->id()] = region.index;
  region.region.push_back(node);
  node->ForEachInput([&](Node* input) { region.candidates.push_back(input); });
}

void Tracker::Release(const Region& region) {
  for (const Node* n : region) owner_[n->id()] = kUnclaimed;
}

void Tracker::GrowGroup(std::vector<Node*> seeds) {
  std::vector<Growing> growing;
  for (Node* seed : seeds) {
    if (owner_[seed->id()] != kUnclaimed) continue;
    Growing g;
    g.index = next_region_index_++;
    g.max_position = position_[seed->id()];
    Add(g, seed);
    growing.push_back(std::move(g));
  }
  if (static_cast<int64_t>(growing.size()) < options_.min_regions) {
    for (const Growing& g : growing) Release(g.region);
    return;
  }
  // Lock-step expansion: every region takes its next candidate; all join or
  // none does. Queues advance together, which keeps the regions aligned.
  std::vector<Node*> chosen;
  while (!growing[0].candidates.empty()) {
    chosen.clear();
    ++step_;
    bool all_join = true;
    const Node* reference = growing[0].candidates.front();
    for (Growing& g : growing) {
      if (g.candidates.empty()) {
        all_join = false;
        continue;
      }
      Node* candidate = g.candidates.front();
      g.candidates.pop_front();
      all_join = all_join && CanJoin(g, candidate, reference);
      chosen_step_[candidate->id()] = step_;
      chosen.push_back(candidate);
    }
    if (!all_join) continue;
    for (size_t r = 0; r < growing.size(); ++r) Add(growing[r], chosen[r]);
  }
  const int64_t computing = std::count_if(
      growing[0].region.begin(), growing[0].region.end(),
      [](const Node* n) { return n->target() != "operator.getitem"; });
  if (computing < options_.min_region_size) {
    for (const Growing& g : growing) Release(g.region);
    return;
  }
  // Topological order, by the first region's positions, applied to all.
  std::vector<size_t> order(growing[0].region.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return position_[growing[0].region[a]->id()] < position_[growing[0].region[b]->id()];
  });
  std::vector<Region> regions;
  for (Growing& g : growing) {
    Region sorted;
    sorted.reserve(order.size());
    for (size_t i : order) sorted.push_back(g.region[i]);
    regions.push_back(std::move(sorted));
  }
  ExtendWithCopies(regions);
  for (RegionGroup& group : SplitByWiring(std::move(regions))) groups_.push_back(std::move(group));
}

// Seeding by context key sets apart copies whose surroundings differ, such
// as the first block of a stack (its input is a placeholder, the others'
// an add). Unclaimed nodes with the seed's key that root an exact copy of
// the first region join the group.
void Tracker::ExtendWithCopies(std::vector<Region>& regions) {
  auto it = nodes_by_key_.find(keys_.key(regions.front().back()));
  if (it == nodes_by_key_.end()) return;
  for (Node* seed : it->second) {
    if (owner_[seed->id()] != kUnclaimed) continue;
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
  absl::flat_hash_map<const Node*, size_t> index_of;
  for (size_t i = 0; i < reference.size(); ++i) index_of[reference[i]] = i;
  Region copy(reference.size(), nullptr);
  Growing claim;
  claim.index = next_region_index_++;
  claim.max_position = 0;
  auto take = [&](Node* node, size_t i) {
    if (keys_.key(node) != keys_.key(reference[i]) || owner_[node->id()] != kUnclaimed) return false;
    owner_[node->id()] = claim.index;
    copy[i] = node;
    claim.max_position = std::max(claim.max_position, position_[node->id()]);
    return true;
  };
  auto fail = [&]() -> absl::optional<Region> {
    for (Node* n : copy) {
      if (n != nullptr) owner_[n->id()] = kUnclaimed;
    }
    return absl::nullopt;
  };
  if (!take(seed, reference.size() - 1)) return fail();
  for (size_t i = reference.size(); i-- > 0;) {
    if (copy[i] == nullptr) return fail();
    std::vector<Node*> ref_args = FlatNodeArgs(*reference[i]);
    std::vector<Node*> args = FlatNodeArgs(*copy[i]);
    if (ref_args.size() != args.size()) return fail();
    for (size_t j = 0; j < args.size(); ++j) {
      auto k = index_of.find(ref_args[j]);
      if (k == index_of.end()) continue;
      if (copy[k->second] == nullptr) {
        if (!take(args[j], k->second)) return fail();
      } else if (copy[k->second] != args[j]) {
        return fail();
      }
    }
  }
  for (Node* n : copy) {
    if (WouldCreateCycle(claim, n)) return fail();
  }
  return copy;
}

// Regions are interchangeable only if they are wired identically: each
// argument refers to the same region-internal node index, or to external
// inputs in the same pattern (a value used twice in one region must be used
// twice in the other). Groups regions by that signature; regions in groups
// too small to keep are released.
std::vector<RegionGroup> Tracker::SplitByWiring(std::vector<Region> regions) {
  absl::flat_hash_map<std::vector<int64_t>, std::vector<size_t>> by_signature;
  std::vector<std::vector<int64_t>> signatures;
  for (const Region& region : regions) {
    absl::flat_hash_map<const Node*, int64_t> index;
    for (size_t i = 0; i < region.size(); ++i) index[region[i]] = static_cast<int64_t>(i);
    absl::flat_hash_map<const Node*, int64_t> external_slot;
    std::vector<int64_t> signature;
    for (const Node* n : region) {
      for (const Node* arg : FlatNodeArgs(*n)) {
        auto it = index.find(arg);
        if (it != index.end()) {
          signature.push_back(2 * it->second);
        } else {
          auto [slot, inserted] =
              external_slot.try_emplace(arg, static_cast<int64_t>(external_slot.size()));
          signature.push_back(2 * slot->second + 1);
        }
      }
      signature.push_back(-1);  // node separator
    }
    signatures.push_back(std::move(signature));
  }
  std::vector<std::vector<size_t>> classes;
  absl::flat_hash_map<std::vector<int64_t>, size_t> class_of;
  for (size_t r = 0; r < regions.size(); ++r) {
    auto [it, inserted] = class_of.try_emplace(signatures[r], classes.size());
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

// Collapsing every region into one node must leave the graph acyclic. Each
// region was checked alone while growing; two regions can still form a
// cycle together (A feeds B and B feeds A). Finds cycles in the collapsed
// graph and drops one region on each until none is left.
void Tracker::BreakCollapseCycles(std::vector<RegionGroup>& groups) {
  for (;;) {
    // Collapsed node id: the region index for region nodes, else an id past
    // all region indices.
    const int32_t num_regions = next_region_index_;
    auto collapsed = [&](const Node* n) -> int64_t {
      return owner_[n->id()] != kUnclaimed ? owner_[n->id()] : num_regions + n->id();
    };
    const size_t size = static_cast<size_t>(num_regions) + graph_.id_bound();
    std::vector<std::vector<int64_t>> deps(size);
    for (const Node* n : graph_.nodes()) {
      const int64_t to = collapsed(n);
      auto add = [&](const Node* dep) {
        const int64_t from = collapsed(dep);
        if (from != to) deps[to].push_back(from);
      };
      n->ForEachInput(add);
      auto it = extra_.find(n);
      if (it != extra_.end()) {
        for (const Node* dep : it->second) add(dep);
      }
    }
    // Iterative DFS for a back edge.
    std::vector<uint8_t> color(size, 0);
    std::vector<std::pair<int64_t, size_t>> stack;
    int64_t cycle_region = -1;
    for (int64_t root = 0; root < static_cast<int64_t>(size) && cycle_region < 0; ++root) {
      if (color[root] != 0) continue;
      color[root] = 1;
      stack.push_back({root, 0});
      while (!stack.empty() && cycle_region < 0) {
        auto& [v, next] = stack.back();
        if (next == deps[v].size()) {
          color[v] = 2;
          stack.pop_back();
          continue;
        }
        const int64_t w = deps[v][next++];
        if (color[w] == 1) {
          // The cycle is w ... v on the stack; pick a region on it.
          for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
            if (it->first < num_regions) {
              cycle_region = it->first;
              break;
            }
            if (it->first == w) break;
          }
        } else if (color[w] == 0) {
          color[w] = 1;
          stack.push_back({w, 0});
        }
      }
      stack.clear();
    }
    if (cycle_region < 0) return;
    // Drop that region from its group (and the group if it gets too small).
    for (auto g = groups.begin(); g != groups.end(); ++g) {
      auto& regions = g->regions;
      auto r = std::find_if(regions.begin(), regions.end(), [&](const Region& region) {
        return owner_[region.front()->id()] == cycle_region;
      });
      if (r == regions.end()) continue;
      Release(*r);
      regions.erase(r);
      if (static_cast<int64_t>(regions.size()) < options_.min_regions) {
        for (const Region& region : regions) Release(region);
        groups.erase(g);
      }
      break;
    }
  }
}

std::vector<RegionGroup> Tracker::Run() {
  for (Node* n : graph_.nodes()) {
    if (keys_.key(n) != NodeKeys::kNoKey) nodes_by_key_[keys_.key(n)].push_back(n);
  }
  // Context keys seed first (nodes playing the same role in repeated
  // blocks), then plain keys for what is left.
  for (auto key_of : {&NodeKeys::context_key, &NodeKeys::key}) {
    for (std::vector<Node*>& seeds : SeedGroups(key_of)) GrowGroup(std::move(seeds));
  }
  BreakCollapseCycles(groups_);
  return std::move(groups_);
}

}  // namespace

std::vector<RegionGroup> FindIdenticalRegions(const Graph& graph,
                                              const RegionTrackingOptions& options,
                                              const OrderingEdges& extra) {
  return Tracker(graph, options, extra).Run();
}

}  // namespace fxpp
