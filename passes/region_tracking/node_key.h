// Structural node keys, hash-consed to dense integers.
//
// Two nodes get the same key only when swapping one for the other cannot
// change the program: same op and target; the same argument structure with
// every literal equal (floats bit for bit, strings, dtypes, devices, nested
// containers, kwargs regardless of order); node arguments with the same
// recorded value metadata (tensor shape incl. symbolic dims, stride, dtype,
// device, requires_grad, memory format; tuples/lists of those; symbolic and
// constant scalars); and the same recorded global state (the `global_state`
// meta entry). PyTorch's Dynamo key ignores floats and strings, so regions
// that differ only in such a constant were merged; this key keeps them apart.
//
// Keys are exact: each node's canonical encoding is interned in a hash table
// compared byte for byte, so hash collisions cannot merge different nodes.
// The encoding names a node argument's value by an id, itself interned by
// exact equality of the recorded values (ValueMeta's ==). A node without a
// recorded value may be given one (a get_attr's tensor, from the module's
// state): two weights of different shapes then never look alike.
#ifndef FXPP_PASSES_REGION_TRACKING_NODE_KEY_H_
#define FXPP_PASSES_REGION_TRACKING_NODE_KEY_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/graph.h"
#include "ir/graph_module.h"
#include "ir/meta.h"

namespace fxpp {

// The meta extra entry whose JSON text records the global state (grad mode,
// autocast, ...) a node was traced under; part of the key.
inline constexpr absl::string_view kGlobalStateMetaKey = "global_state";

// The tensors get_attr nodes without a recorded value read, from
// `module`'s state (make_fx records no value for parameters and constants).
absl::flat_hash_map<const Node*, ValueMeta> AttributeValues(const GraphModule& module);

class NodeKeys {
 public:
  static constexpr uint32_t kNoKey = UINT32_MAX;

  // Keys every node of `graph`. Placeholders, get_attr, output nodes and
  // global-state or assertion calls get kNoKey: they never join a region.
  // `unrecorded_values`: the values of nodes whose metadata records none
  // (AttributeValues), or nullptr.
  explicit NodeKeys(const Graph& graph,
                    const absl::flat_hash_map<const Node*, ValueMeta>* unrecorded_values = nullptr);

  uint32_t key(const Node* node) const { return keys_[node->id()]; }
  // Key of the node refined by its inputs' keys: nodes playing the same role
  // in repeated blocks share it, which makes better region seeds.
  uint32_t context_key(const Node* node) const { return context_keys_[node->id()]; }
  // The same by node id, for callers that hold ids and would otherwise read
  // each node only for it.
  uint32_t key_by_id(uint32_t id) const { return keys_[id]; }
  uint32_t context_key_by_id(uint32_t id) const { return context_keys_[id]; }
  // Keys and context keys are dense: below these bounds.
  size_t num_keys() const { return num_keys_; }
  size_t num_context_keys() const { return num_context_keys_; }
  // Keys assume a topologically sorted graph. The first node (in graph
  // order) that reads a node coming after it, and that node; both nullptr
  // when the graph is sorted.
  const Node* first_out_of_order_user() const { return first_out_of_order_user_; }
  const Node* its_later_input() const { return its_later_input_; }

 private:
  std::vector<uint32_t> keys_;
  std::vector<uint32_t> context_keys_;
  size_t num_keys_ = 0;
  size_t num_context_keys_ = 0;
  const Node* first_out_of_order_user_ = nullptr;
  const Node* its_later_input_ = nullptr;
};

}  // namespace fxpp

#endif  // FXPP_PASSES_REGION_TRACKING_NODE_KEY_H_
