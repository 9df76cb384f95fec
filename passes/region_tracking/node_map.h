// NodeMap: scratch for passes that look nodes up once per region or per
// check, over and over: a map from a graph's nodes to small non-negative
// integers, indexed by node id, that Clear() empties in O(1) by advancing a
// stamp. It replaces a hash map built and dropped per region, at 8 bytes per
// node id for the whole pass, allocated on first use (and grown with the
// graph).
#ifndef FXPP_PASSES_REGION_TRACKING_NODE_MAP_H_
#define FXPP_PASSES_REGION_TRACKING_NODE_MAP_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ir/graph.h"

namespace fxpp {

class NodeMap {
 public:
  static constexpr int32_t kAbsent = -1;

  void Clear() {
    if (++stamp_ == 0) {  // wrapped: stale stamps could match again
      std::fill(slots_.begin(), slots_.end(), Slot());
      stamp_ = 1;
    }
  }
  // The value set for `node` since the last Clear, or kAbsent.
  int32_t Get(const Node* node) const {
    if (node->id() >= slots_.size()) return kAbsent;
    const Slot& slot = slots_[node->id()];
    return slot.stamp == stamp_ ? slot.value : kAbsent;
  }
  bool Contains(const Node* node) const { return Get(node) != kAbsent; }
  void Set(const Node* node, int32_t value) {
    if (node->id() >= slots_.size()) slots_.resize(node->graph()->id_bound());
    slots_[node->id()] = Slot{stamp_, value};
  }

 private:
  struct Slot {
    uint32_t stamp = 0;
    int32_t value = kAbsent;
  };
  std::vector<Slot> slots_;
  uint32_t stamp_ = 1;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_REGION_TRACKING_NODE_MAP_H_
