// Region tracking: finds groups of identical, non-overlapping subgraphs
// ("regions") that dedup can replace by calls of one shared subgraph.
// Rebuilds Dynamo's GraphRegionTracker.get_identical_regions from the graph
// alone, with three guarantees PyTorch's lacks:
//   - node i plays the same role in every region of a group: the internal
//     wiring and the pattern of external inputs are checked, not assumed;
//   - collapsing all chosen regions at once creates no cycle (PyTorch checks
//     each region alone, and its later topological sort can then fail);
//   - near-linear time: cycle checks search forward from the candidate's
//     users, pruned by topological position, instead of keeping a full
//     ancestor set per node (O(N^2)).
#ifndef FXPP_PASSES_REGION_TRACKING_REGION_TRACKING_H_
#define FXPP_PASSES_REGION_TRACKING_REGION_TRACKING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "ir/graph.h"
#include "passes/region_tracking/node_key.h"
#include "passes/topo_sort/topo_sort.h"

namespace fxpp {

// Nodes of one graph in topological order; index-aligned across a group.
using Region = std::vector<Node*>;

struct RegionGroup {
  std::vector<Region> regions;
};

// Nodes left to compile after `regions` regions of `region_size` computing
// nodes each become calls of one subgraph, fewer than before: the regions'
// nodes go; one subgraph body and one call per region come. A group is
// worth replacing only when this is positive.
inline int64_t NodesSaved(int64_t regions, int64_t region_size) {
  return regions * region_size - region_size - regions;
}

// Nodes that compute something: all calls but the getitems that only
// unpack a result.
int64_t ComputingNodes(const Region& region);

// A group of identical regions that was considered and not taken, or not
// taken whole (what was taken of it is a group of the result).
struct RegionCandidate {
  std::string seed;          // the last node of its first region
  int64_t regions = 0;       // as first found, before other groups took nodes
  int64_t region_size = 0;   // computing nodes per region, as first found
  int64_t nodes_saved = 0;   // as first found (NodesSaved)
  std::string why;           // e.g. it overlaps a group that saves more
};

struct RegionTrackingOptions {
  // Smallest region and smallest group (regions) worth keeping. Region size
  // counts the nodes that compute something: getitems only unpack results,
  // so a region of one call and its getitems is not worth a subgraph.
  int64_t min_region_size = 2;
  int64_t min_regions = 2;
  // Fewest nodes to compile a group must save (NodesSaved) to be taken:
  // by default a graph never grows. Tests of the growth mechanics lower it.
  int64_t min_nodes_saved = 1;
  // Module hint: when nodes carry nn_module_stack, candidate groups whose
  // every region is exactly the nodes of one module instance (a whole
  // layer) are taken before the others. Off by default: plain FX text
  // reaches whole layers of identical blocks without it; the hint helps
  // where smaller shared pieces save as much (an encoder-decoder's
  // attention blocks).
  bool prefer_whole_modules = false;
  // Work bound (nodes visited) of one cycle check; past it the candidate is
  // rejected, which is always safe. Only pathological graphs reach it.
  int64_t cycle_check_budget = 1 << 16;
  // How a group's regions grow: region 0 alone, its steps then replayed on
  // each other region (cache-friendly; falls back to lock-step when a replay
  // disagrees), or all in lock-step. The regions found are the same either
  // way; tests compare the two.
  bool replay_first_region = true;
  // Mining grows a seed group alone into a candidate only when about this
  // many nodes or fewer (seeds x estimated region size) are to be visited;
  // bigger groups are queued with their estimate and grown when selection
  // reaches them, which keeps a stack of many blocks near-linear. Tests set
  // 0 (all estimated) to compare with growing all.
  int64_t eager_mining_work = 1 << 16;
};

// What selection decided beyond the groups returned.
struct RegionTrackingReport {
  std::vector<RegionCandidate> not_taken;
};

// The identical-region groups of `graph` that save the most nodes to
// compile. Seeds are grouped by node key (see node_key.h), and each group's
// regions grow in lock-step through their arguments, one node per region at
// a time, while the candidate nodes are unclaimed, identical, not
// placeholders/get_attrs, and keep every region free of cycles. Selection
// works like LLVM's outliners: every seed group is first grown on its own
// (other groups' nodes count as free) into a candidate costed by
// NodesSaved; candidates are then taken best first, each re-grown against
// the nodes already taken and re-costed, and put back in line when it lost
// its rank (lazy greedy). A candidate whose regions split into groups of
// different kinds (blocks alike only at their ends) is replaced by one
// candidate per group, which can grow to whole blocks. Groups that save
// nothing are never returned;
// `report`, when given, lists the candidates not taken and why. Positions
// come from a canonical topological order (by depth, then graph order), so
// that valid reorderings of a graph mostly select alike. `extra` are ordering edges that collapsing must respect
// too (e.g. mutation order). (Lock-step is the semantics; by default the
// growth replays the first region's steps on each region in turn, which
// gives the same regions with far fewer cache misses, see
// RegionTrackingOptions::replay_first_region.) Fails with
// FailedPrecondition when `graph` is not topologically sorted, naming a
// node and the later node it reads, or the nodes of a cycle if it has one.
absl::StatusOr<std::vector<RegionGroup>> FindIdenticalRegions(
    const Graph& graph, const RegionTrackingOptions& options = {},
    const OrderingEdges& extra = {}, RegionTrackingReport* report = nullptr);

// The same with the node keys computed by the caller, who may still be
// computing them elsewhere: `keys_when_needed` is called once, after the
// work that needs no keys (the canonical order), and returns
// NodeKeys(graph) of the graph as it is now. Keying walks every node, and a
// caller with other whole-graph work (dedup's alias classes) can do both
// side by side.
absl::StatusOr<std::vector<RegionGroup>> FindIdenticalRegions(
    const Graph& graph, absl::FunctionRef<const NodeKeys&()> keys_when_needed,
    const RegionTrackingOptions& options = {}, const OrderingEdges& extra = {},
    RegionTrackingReport* report = nullptr);

}  // namespace fxpp

#endif  // FXPP_PASSES_REGION_TRACKING_REGION_TRACKING_H_
