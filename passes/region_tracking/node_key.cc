#include "passes/region_tracking/node_key.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

bool NeverInRegion(const Node& node) {
  switch (node.op()) {
    case OpKind::kPlaceholder:
    case OpKind::kGetAttr:
    case OpKind::kOutput:
      return true;
    default:
      break;
  }
  if (IsGlobalStateBarrier(node)) return true;
  // Side effects other than argument mutation (asserts, prints, profiler
  // ranges) have no data edges that would keep them ordered in a subgraph.
  return IsSideEffectful(node) && MutatedArgPositions(node).empty();
}

class Encoder {
 public:
  explicit Encoder(std::string* out) : out_(out) {}

  template <typename T>
  void Put(T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out_->append(bytes, sizeof(T));
  }
  void PutSymbol(Symbol s) { Put<uint32_t>(s.id()); }
  void PutText(absl::string_view text) {
    Put<uint32_t>(static_cast<uint32_t>(text.size()));
    out_->append(text.data(), text.size());
  }

  void PutDims(const DimVector& dims) {
    Put<uint32_t>(static_cast<uint32_t>(dims.size()));
    for (const SymDim& d : dims) {
      Put<uint8_t>(d.is_symbolic());
      if (d.is_symbolic()) {
        PutSymbol(d.expr_symbol());
      } else {
        Put<int64_t>(d.value());
      }
    }
  }

  void PutValueMeta(const ValueMeta& v) {
    Put<uint8_t>(static_cast<uint8_t>(v.kind()));
    switch (v.kind()) {
      case ValueMeta::Kind::kNone:
        break;
      case ValueMeta::Kind::kTensor: {
        const TensorMeta& t = v.tensor();
        Put<uint8_t>(static_cast<uint8_t>(t.dtype));
        PutSymbol(t.device);
        Put<uint8_t>(t.requires_grad);
        Put<uint8_t>(t.memory_format.has_value() ? static_cast<uint8_t>(*t.memory_format) : 0xff);
        PutDims(t.shape);
        PutDims(t.stride);
        break;
      }
      case ValueMeta::Kind::kTuple:
      case ValueMeta::Kind::kList:
        Put<uint32_t>(static_cast<uint32_t>(v.elements().size()));
        for (const ValueMeta& e : v.elements()) PutValueMeta(e);
        break;
      case ValueMeta::Kind::kInt:
      case ValueMeta::Kind::kBool:
        Put<int64_t>(v.int_value());
        break;
      case ValueMeta::Kind::kFloat:
        Put<double>(v.float_value());  // bit pattern
        break;
      case ValueMeta::Kind::kSymInt:
      case ValueMeta::Kind::kSymFloat:
      case ValueMeta::Kind::kSymBool:
      case ValueMeta::Kind::kOpaque:
        PutText(v.text());
        break;
    }
  }

  void PutArgument(const Argument& a) {
    Put<uint8_t>(static_cast<uint8_t>(a.kind()));
    switch (a.kind()) {
      case ArgKind::kNone:
      case ArgKind::kEllipsis:
        break;
      case ArgKind::kBool:
        Put<uint8_t>(a.bool_value());
        break;
      case ArgKind::kInt:
        Put<int64_t>(a.int_value());
        break;
      case ArgKind::kFloat:
        Put<double>(a.float_value());  // bit pattern: -0.0 and NaNs kept apart
        break;
      case ArgKind::kString:
      case ArgKind::kDevice:
      case ArgKind::kSymInt:
      case ArgKind::kOpaque:
        PutSymbol(a.text_symbol());
        break;
      case ArgKind::kDtype:
        Put<uint8_t>(static_cast<uint8_t>(a.dtype()));
        break;
      case ArgKind::kMemoryFormat:
        Put<uint8_t>(static_cast<uint8_t>(a.memory_format()));
        break;
      case ArgKind::kLayout:
        Put<uint8_t>(static_cast<uint8_t>(a.layout()));
        break;
      case ArgKind::kNode: {
        // A node argument is described by the value it carries, not by its
        // identity: regions are extracted with these values as inputs.
        const NodeMeta& meta = a.node()->meta();
        Put<uint8_t>(meta.val.has_value());
        if (meta.val.has_value()) PutValueMeta(*meta.val);
        break;
      }
      case ArgKind::kList:
      case ArgKind::kTuple:
      case ArgKind::kDict:
      case ArgKind::kSlice:
        Put<uint32_t>(static_cast<uint32_t>(a.elements().size()));
        for (const Argument& e : a.elements()) PutArgument(e);
        break;
    }
  }

 private:
  std::string* out_;
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
  absl::flat_hash_map<std::string, uint32_t> ids_;
};

}  // namespace

namespace {

// Appends the key encoding of `node` to `out`.
void AppendNodeKey(const Node& node, std::string* out) {
  Encoder e(out);
  e.Put<uint8_t>(static_cast<uint8_t>(node.op()));
  e.PutSymbol(node.target_symbol());
  e.Put<uint32_t>(static_cast<uint32_t>(node.args().size()));
  for (const Argument& a : node.args()) e.PutArgument(a);
  // Keyword order does not change a call.
  std::vector<const KwArg*> kwargs;
  for (const KwArg& kw : node.kwargs()) kwargs.push_back(&kw);
  std::sort(kwargs.begin(), kwargs.end(),
            [](const KwArg* a, const KwArg* b) { return a->name.str() < b->name.str(); });
  e.Put<uint32_t>(static_cast<uint32_t>(kwargs.size()));
  for (const KwArg* kw : kwargs) {
    e.PutSymbol(kw->name);
    e.PutArgument(kw->value);
  }
  const std::string* global_state = node.meta().FindExtra(kGlobalStateMetaKey);
  e.PutText(global_state != nullptr ? *global_state : absl::string_view());
}

}  // namespace

std::string EncodeNodeKey(const Node& node) {
  std::string out;
  AppendNodeKey(node, &out);
  return out;
}

NodeKeys::NodeKeys(const Graph& graph)
    : keys_(graph.id_bound(), kNoKey), context_keys_(graph.id_bound(), kNoKey) {
  Interner keys;
  Interner contexts;
  std::string encoding;  // reused: one allocation for all nodes
  std::string context;
  for (const Node* node : graph.nodes()) {
    if (NeverInRegion(*node)) continue;
    encoding.clear();
    AppendNodeKey(*node, &encoding);
    const uint32_t key = keys.Intern(encoding);
    keys_[node->id()] = key;
    // Context: the key plus the keys of the node's inputs in argument order
    // (kNoKey inputs such as placeholders count as one kind).
    context.clear();
    Encoder e(&context);
    e.Put<uint32_t>(key);
    auto put_input = [&](const Node* input) { e.Put<uint32_t>(keys_[input->id()]); };
    for (const Argument& a : node->args()) a.ForEachNode(put_input);
    for (const KwArg& kw : node->kwargs()) kw.value.ForEachNode(put_input);
    context_keys_[node->id()] = contexts.Intern(context);
  }
  num_keys_ = keys.size();
}

}  // namespace fxpp
