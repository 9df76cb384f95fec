#include "passes/region_tracking/node_key.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

// Which nodes never join a region: placeholders, get_attrs, the output,
// module calls (their target is a path in the graph's own module, which a
// subgraph module does not have), global-state calls, and side effects
// other than argument mutation
// (asserts, prints, profiler ranges), which have no data edges that would
// keep them ordered in a subgraph. Matching targets is string work, and a
// graph has few distinct targets: the answer for a call without keyword
// arguments depends only on its op and target, so it is kept per pair.
class RegionExclusion {
 public:
  bool NeverInRegion(const Node& node) {
    switch (node.op()) {
      case OpKind::kPlaceholder:
      case OpKind::kGetAttr:
      case OpKind::kCallModule:
      case OpKind::kOutput:
        return true;
      default:
        break;
    }
    Effect effect;
    if (node.kwargs().empty()) {
      const uint64_t key = static_cast<uint64_t>(node.op()) << 32 | node.target_symbol().id();
      auto [it, inserted] = by_target_.try_emplace(key);
      if (inserted) it->second = Classify(node);
      effect = it->second;
    } else {
      effect = Classify(node);
    }
    switch (effect) {
      case Effect::kNone:
        return false;
      case Effect::kGlobalState:
        return true;
      case Effect::kSideEffect:
        return MutatedArgPositions(node).empty();
    }
    return true;
  }

 private:
  enum class Effect : uint8_t { kNone, kGlobalState, kSideEffect };
  static Effect Classify(const Node& node) {
    if (IsGlobalStateCall(node)) return Effect::kGlobalState;
    return IsSideEffectful(node) ? Effect::kSideEffect : Effect::kNone;
  }

  absl::flat_hash_map<uint64_t, Effect> by_target_;
};

// Appends fixed-size values to a reused buffer: one node's encoding at a
// time, without growing a string piece by piece.
class Encoder {
 public:
  void Clear() { size_ = 0; }
  absl::string_view bytes() const { return absl::string_view(buf_.data(), size_); }

  template <typename T>
  void Put(T value) {
    std::memcpy(Grow(sizeof(T)), &value, sizeof(T));
  }
  void PutSymbol(Symbol s) { Put<uint32_t>(s.id()); }
  void PutText(absl::string_view text) {
    Put<uint32_t>(static_cast<uint32_t>(text.size()));
    if (!text.empty()) std::memcpy(Grow(text.size()), text.data(), text.size());
  }

 private:
  // Reserves `n` bytes at the end and returns where they start.
  char* Grow(size_t n) {
    if (size_ + n > buf_.size()) buf_.resize(std::max(2 * buf_.size(), size_ + n));
    char* at = &buf_[size_];
    size_ += n;
    return at;
  }

  std::string buf_;
  size_t size_ = 0;
};

// Hash-conses byte strings to dense ids; copies a string only when new.
class Interner {
 public:
  uint32_t Intern(absl::string_view encoding) {
    auto it = ids_.find(encoding);
    if (it != ids_.end()) return it->second;
    const uint32_t id = static_cast<uint32_t>(ids_.size());
    ids_.emplace(std::string(encoding), id);
    return id;
  }
  size_t size() const { return ids_.size(); }

 private:
  // Every node's two encodings are looked up: a word at a time (they are
  // short runs of 1-, 4- and 8-byte fields) costs half of absl's string
  // hash. Equality stays byte for byte.
  struct BytesHash {
    using is_transparent = void;
    size_t operator()(absl::string_view bytes) const {
      constexpr uint64_t kMul = 0x9e3779b97f4a7c15ull;
      uint64_t h = bytes.size() * kMul;
      size_t i = 0;
      for (; i + 8 <= bytes.size(); i += 8) {
        uint64_t word;
        std::memcpy(&word, bytes.data() + i, 8);
        h = (h ^ word) * kMul;
        h ^= h >> 32;
      }
      uint64_t tail = 0;
      if (i < bytes.size()) std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
      h = (h ^ tail) * kMul;
      return static_cast<size_t>(h ^ (h >> 29));
    }
  };
  struct BytesEq {
    using is_transparent = void;
    bool operator()(absl::string_view a, absl::string_view b) const { return a == b; }
  };
  absl::flat_hash_map<std::string, uint32_t, BytesHash, BytesEq> ids_;
};

// Recorded values as hash-map keys: compared with ValueMeta's exact
// equality (floats bit for bit, symbolic dims by text), hashed by the
// fields that usually tell values apart (every node argument's value is
// looked up, so the hash is a few multiplies, not a pass over every field).
struct ValueHash {
  size_t operator()(const ValueMeta* v) const {
    uint64_t h = Fold(0, static_cast<uint64_t>(v->kind()));
    h = Combine(h, *v);
    return static_cast<size_t>(h ^ (h >> 29));
  }

  static uint64_t Fold(uint64_t h, uint64_t x) { return (h ^ x) * 0x9e3779b97f4a7c15ull; }
  static uint64_t Combine(uint64_t h, const ValueMeta& v) {
    switch (v.kind()) {
      case ValueMeta::Kind::kTensor: {
        const TensorMeta& t = v.tensor();
        h = Fold(h, static_cast<uint64_t>(t.dtype) << 32 | t.shape.size());
        for (const SymDim& d : t.shape) h = Fold(h, static_cast<uint64_t>(d.value()));
        return h;
      }
      case ValueMeta::Kind::kTuple:
      case ValueMeta::Kind::kList:
        for (const ValueMeta& e : v.elements()) {
          h = Combine(Fold(h, static_cast<uint64_t>(e.kind())), e);
        }
        return h;
      case ValueMeta::Kind::kFloat: {
        const double value = v.float_value();
        uint64_t bits;  // equal values have equal bits (-0.0 and NaNs included)
        std::memcpy(&bits, &value, sizeof(bits));
        return Fold(h, bits);
      }
      default:
        return Fold(h, static_cast<uint64_t>(v.int_value()));
    }
  }
};

struct ValueEq {
  bool operator()(const ValueMeta* a, const ValueMeta* b) const { return *a == *b; }
};

// Encodes node keys. A node argument stands for the value it carries, not
// for its identity (regions are extracted with these values as inputs); each
// distinct recorded value gets an id once, and keys refer to it by that
// exact id, so a value read by many nodes is not re-encoded for each.
class KeyEncoder {
 public:
  KeyEncoder(const Graph& graph, const absl::flat_hash_map<const Node*, ValueMeta>* unrecorded)
      : unrecorded_(unrecorded),
        value_ids_(graph.id_bound(), kNoValueId),
        defined_(graph.id_bound(), false) {}

  // Nodes must be defined (visited in graph order) before they are read:
  // the encoder sees every node argument anyway, so it checks the order
  // for free. `user` reads `input` before `input` is defined.
  void Define(const Node& node) { defined_[node.id()] = true; }
  void CheckDefined(const Node& user, const Node& input) {
    if (!defined_[input.id()] && out_of_order_.first == nullptr) out_of_order_ = {&user, &input};
  }
  std::pair<const Node*, const Node*> out_of_order() const { return out_of_order_; }

  // The key encoding of `node`; valid until the next call.
  absl::string_view Encode(const Node& node) {
    key_.Clear();
    key_.Put<uint8_t>(static_cast<uint8_t>(node.op()));
    key_.PutSymbol(node.target_symbol());
    key_.Put<uint32_t>(static_cast<uint32_t>(node.args().size()));
    user_ = &node;
    for (const Argument& a : node.args()) PutArgument(a);
    // Keyword order does not change a call.
    absl::InlinedVector<const KwArg*, 8> kwargs;
    for (const KwArg& kw : node.kwargs()) kwargs.push_back(&kw);
    std::sort(kwargs.begin(), kwargs.end(),
              [](const KwArg* a, const KwArg* b) { return a->name.str() < b->name.str(); });
    key_.Put<uint32_t>(static_cast<uint32_t>(kwargs.size()));
    for (const KwArg* kw : kwargs) {
      key_.PutSymbol(kw->name);
      PutArgument(kw->value);
    }
    const std::string* global_state = node.meta().FindExtra(kGlobalStateMetaKey);
    key_.PutText(global_state != nullptr ? *global_state : absl::string_view());
    return key_.bytes();
  }

 private:
  static constexpr uint32_t kNoValueId = UINT32_MAX;

  // Exact id of the value `node` carries; 0 when none is recorded.
  uint32_t ValueId(const Node& node) {
    uint32_t& id = value_ids_[node.id()];
    if (id == kNoValueId) {
      const absl::optional<ValueMeta>& val = node.meta().val;
      const ValueMeta* value = val.has_value() ? &*val : nullptr;
      if (value == nullptr && unrecorded_ != nullptr) {
        auto it = unrecorded_->find(&node);
        if (it != unrecorded_->end()) value = &it->second;
      }
      id = value != nullptr ? values_.try_emplace(value, values_.size() + 1).first->second : 0;
    }
    return id;
  }

  void PutArgument(const Argument& a) {
    key_.Put<uint8_t>(static_cast<uint8_t>(a.kind()));
    switch (a.kind()) {
      case ArgKind::kNone:
      case ArgKind::kEllipsis:
        break;
      case ArgKind::kBool:
        key_.Put<uint8_t>(a.bool_value());
        break;
      case ArgKind::kInt:
        key_.Put<int64_t>(a.int_value());
        break;
      case ArgKind::kFloat:
        key_.Put<double>(a.float_value());  // bit pattern: -0.0 and NaNs kept apart
        break;
      case ArgKind::kString:
      case ArgKind::kDevice:
      case ArgKind::kSymInt:
      case ArgKind::kOpaque:
        key_.PutSymbol(a.text_symbol());
        break;
      case ArgKind::kDtype:
        key_.Put<uint8_t>(static_cast<uint8_t>(a.dtype()));
        break;
      case ArgKind::kMemoryFormat:
        key_.Put<uint8_t>(static_cast<uint8_t>(a.memory_format()));
        break;
      case ArgKind::kLayout:
        key_.Put<uint8_t>(static_cast<uint8_t>(a.layout()));
        break;
      case ArgKind::kNode:
        CheckDefined(*user_, *a.node());
        key_.Put<uint32_t>(ValueId(*a.node()));
        break;
      case ArgKind::kList:
      case ArgKind::kTuple:
      case ArgKind::kDict:
      case ArgKind::kSlice:
        key_.Put<uint32_t>(static_cast<uint32_t>(a.elements().size()));
        for (const Argument& e : a.elements()) PutArgument(e);
        break;
    }
  }

  const absl::flat_hash_map<const Node*, ValueMeta>* unrecorded_;  // may be nullptr
  Encoder key_;
  // The graph's values -> 1, 2, ...
  absl::flat_hash_map<const ValueMeta*, uint32_t, ValueHash, ValueEq> values_;
  std::vector<uint32_t> value_ids_;  // by node id
  std::vector<bool> defined_;        // by node id
  const Node* user_ = nullptr;       // the node being encoded
  std::pair<const Node*, const Node*> out_of_order_{nullptr, nullptr};
};

// On large graphs each node's arguments and metadata miss the cache: asking
// for them some nodes ahead overlaps the misses. Returns the next node.
constexpr int kPrefetchDistance = 8;
const Node* Prefetch(const Node* node) {
  __builtin_prefetch(node->args().data());
  const NodeMeta& meta = node->meta();
  __builtin_prefetch(&meta.val);
  __builtin_prefetch(&meta.extra);
  return node->next();
}

}  // namespace

absl::flat_hash_map<const Node*, ValueMeta> AttributeValues(const GraphModule& module) {
  absl::flat_hash_map<const Node*, ValueMeta> values;
  // Each owner's state by name, made when first needed (make_fx puts
  // thousands of constants on the root).
  absl::flat_hash_map<const GraphModule*, absl::flat_hash_map<absl::string_view, const TensorMeta*>>
      state_of;
  for (const Node* node : module.graph().nodes()) {
    if (node->op() != OpKind::kGetAttr || node->meta().val.has_value()) continue;
    const absl::string_view target = node->target();
    const size_t dot = target.rfind('.');
    const GraphModule* owner =
        dot == absl::string_view::npos ? &module : module.FindSubmodule(target.substr(0, dot));
    if (owner == nullptr) continue;
    auto [it, inserted] = state_of.try_emplace(owner);
    if (inserted) {
      for (const StateEntry& entry : owner->state()) it->second.emplace(entry.name, &entry.tensor);
    }
    const absl::string_view name = dot == absl::string_view::npos ? target : target.substr(dot + 1);
    if (auto found = it->second.find(name); found != it->second.end()) {
      values.emplace(node, ValueMeta::Tensor(*found->second));
    }
  }
  return values;
}

NodeKeys::NodeKeys(const Graph& graph,
                   const absl::flat_hash_map<const Node*, ValueMeta>* unrecorded_values)
    : keys_(graph.id_bound(), kNoKey), context_keys_(graph.id_bound(), kNoKey) {
  KeyEncoder encoder(graph, unrecorded_values);
  RegionExclusion exclusion;
  Interner keys;
  Interner contexts;
  Encoder context;
  const Node* ahead = graph.first_node();
  for (int i = 0; i < kPrefetchDistance && ahead != nullptr; ++i) ahead = Prefetch(ahead);
  for (const Node* node : graph.nodes()) {
    if (ahead != nullptr) ahead = Prefetch(ahead);
    if (exclusion.NeverInRegion(*node)) {
      node->ForEachNodeArgument([&](const Node* input) { encoder.CheckDefined(*node, *input); });
      encoder.Define(*node);
      continue;
    }
    const uint32_t key = keys.Intern(encoder.Encode(*node));
    encoder.Define(*node);
    keys_[node->id()] = key;
    // Context: the key plus the keys of the node's inputs in argument order
    // (kNoKey inputs such as placeholders count as one kind).
    context.Clear();
    context.Put<uint32_t>(key);
    node->ForEachNodeArgument(
        [&](const Node* input) { context.Put<uint32_t>(keys_[input->id()]); });
    context_keys_[node->id()] = contexts.Intern(context.bytes());
  }
  num_keys_ = keys.size();
  num_context_keys_ = contexts.size();
  std::tie(first_out_of_order_user_, its_later_input_) = encoder.out_of_order();
}

}  // namespace fxpp
