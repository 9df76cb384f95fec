#include "ir/proto/wire_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "google/protobuf/io/coded_stream.h"
#include "ir/proto/convert.h"
#include "ir/proto/string_table.h"

namespace fxpp {

namespace {

uint64_t BitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

}  // namespace

bool WritesFloatBits(double value) {
  return std::isnan(value) ? BitsOf(value) != BitsOf(std::numeric_limits<double>::quiet_NaN())
                           : value == 0 && std::signbit(value);
}

namespace {

using google::protobuf::io::CodedOutputStream;

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kDelimited = 2 };

template <typename IrEnum>
uint64_t ProtoEnum(IrEnum value) {
  return static_cast<uint64_t>(static_cast<int>(value) + 1);
}

// Protobuf's wire format into a growing buffer. A message field is written
// with one byte reserved for its length; the rare message of 128 bytes or
// more moves its contents up once its length is known (protobuf writes
// lengths in their shortest form, and so does this).
class Encoder {
 public:
  Encoder() = default;
  // Continues `buffer`, whose bytes stay in front of what is written.
  explicit Encoder(std::string&& buffer) : buffer_(std::move(buffer)), size_(buffer_.size()) {}

  std::string Finish() {
    buffer_.resize(size_);
    return std::move(buffer_);
  }

  void Varint(int field, uint64_t value) {
    Tag(field, kVarint);
    RawVarint(value);
  }
  void Fixed64(int field, uint64_t value) {
    Tag(field, kFixed64);
    CodedOutputStream::WriteLittleEndian64ToArray(value, Space(8));
    size_ += 8;
  }
  void Double(int field, double value) { Fixed64(field, BitsOf(value)); }
  void Bytes(int field, absl::string_view bytes) {
    Tag(field, kDelimited);
    RawVarint(bytes.size());
    std::memcpy(Space(bytes.size()), bytes.data(), bytes.size());
    size_ += bytes.size();
  }
  // proto3 leaves an empty string out.
  void Text(int field, absl::string_view text) {
    if (!text.empty()) Bytes(field, text);
  }
  // Starts a message field; End closes it.
  size_t Begin(int field) {
    Tag(field, kDelimited);
    Space(1);
    return size_++;
  }
  void End(size_t at) {
    const size_t size = size_ - at - 1;
    const size_t length_size = CodedOutputStream::VarintSize64(size);
    if (length_size > 1) {
      Space(length_size - 1);
      std::memmove(&buffer_[at + length_size], &buffer_[at + 1], size);
      size_ += length_size - 1;
    }
    CodedOutputStream::WriteVarint64ToArray(size, reinterpret_cast<uint8_t*>(&buffer_[at]));
  }
  void EmptyMessage(int field) { End(Begin(field)); }
  // Room for `n` more bytes without regrowing (only the capacity: nothing
  // is zero-filled).
  void Reserve(size_t n) { buffer_.reserve(size_ + n); }
  // A packed repeated varint field; none is left out.
  template <typename Values, typename Get>
  void Packed(int field, const Values& values, Get get) {
    if (values.empty()) return;
    size_t size = 0;
    for (const auto& v : values) size += CodedOutputStream::VarintSize64(get(v));
    Tag(field, kDelimited);
    RawVarint(size);
    for (const auto& v : values) RawVarint(get(v));
  }

 private:
  void Tag(int field, WireType type) { RawVarint((static_cast<uint64_t>(field) << 3) | type); }
  void RawVarint(uint64_t value) {
    uint8_t* end = CodedOutputStream::WriteVarint64ToArray(value, Space(10));
    size_ = static_cast<size_t>(reinterpret_cast<char*>(end) - buffer_.data());
  }
  // Room for `n` more bytes at the end.
  uint8_t* Space(size_t n) {
    if (size_ + n > buffer_.size()) Grow(n);
    return reinterpret_cast<uint8_t*>(&buffer_[size_]);
  }
  // The capacity doubles, but the string's size (which resize zero-fills)
  // runs only a step ahead of what is written: doubling the size itself
  // zero-filled twice the text, page after fresh page, and at 100k nodes
  // that was a fifth of a program write.
  void Grow(size_t n) {
    constexpr size_t kStep = 64 * 1024;
    if (size_ + n > buffer_.capacity()) {
      buffer_.reserve(std::max(2 * buffer_.capacity(), size_ + n + kStep));
    }
    buffer_.resize(std::min(buffer_.capacity(), std::max(size_ + n, buffer_.size() + kStep)));
  }

  std::string buffer_;
  size_t size_ = 0;
};

// A guess at `module`'s encoded size made to be high: 192 bytes a node
// (graphs with full metadata take 99-149) and 64 a state entry. Reserved up
// front, a large module's text is never copied to a bigger buffer, each
// copy touching fresh pages; what is reserved beyond the text is address
// space, never touched.
size_t EstimatedSize(const GraphModule& module) {
  size_t size = 4096 + 64 * module.state().size();
  if (module.has_graph()) size += 192 * module.graph().size();
  for (const auto& [name, child] : module.children()) size += EstimatedSize(*child);
  return size;
}

// The fields ToProto(kTable) sets, in field-number order (as protobuf
// serializes them); the field numbers are fxpp.proto's.
class Writer {
 public:
  Writer() = default;
  // Writes after the bytes of `prefix`.
  explicit Writer(std::string&& prefix) : out_(std::move(prefix)) {}

  std::string Root(const GraphModule& module) {
    Contents(module);
    return out_.Finish();
  }
  // The root message as field `field` of an enclosing message.
  std::string RootField(int field, const GraphModule& module) {
    const size_t at = out_.Begin(field);
    Contents(module);
    out_.End(at);
    return out_.Finish();
  }

 private:
  void Contents(const GraphModule& module) {
    out_.Reserve(EstimatedSize(module));
    out_.Varint(1, kProtoFormatVersion);
    const size_t at = out_.Begin(2);
    Module(module);
    out_.End(at);
    for (Symbol s : strings_.strings()) out_.Bytes(3, s.str());
  }
  void Module(const GraphModule& module);
  void Nodes(const Graph& graph);
  void WriteNode(const Node& node);
  void WriteArgument(const Argument& arg);
  void Composite(const Argument& arg);
  void Tensor(const TensorMeta& t);
  void Dims(int field, const DimVector& dims);
  void Value(const ValueMeta& v);
  void Meta(const NodeMeta& meta);
  // A message field holding one argument.
  void ArgumentField(int field, const Argument& arg) {
    const size_t at = out_.Begin(field);
    WriteArgument(arg);
    out_.End(at);
  }
  void Float(int value_field, double value) {
    if (WritesFloatBits(value)) {
      out_.Fixed64(value_field + 1, BitsOf(value));
    } else {
      out_.Double(value_field, value);
    }
  }

  Encoder out_;
  StringTable strings_;
  std::vector<uint32_t> position_;  // each node's position in its graph, by Node::id()
  std::vector<uint32_t> module_stack_refs_;  // Meta's, kept to reuse its allocation
};

// Module: class_name, graph, children, state.
void Writer::Module(const GraphModule& module) {
  out_.Text(1, module.class_name());
  if (module.has_graph()) {
    const size_t at = out_.Begin(2);
    Nodes(module.graph());
    out_.End(at);
  }
  for (const auto& [name, child] : module.children()) {
    const size_t at = out_.Begin(3);
    out_.Text(1, name);
    const size_t module_at = out_.Begin(2);
    Module(*child);
    out_.End(module_at);
    out_.End(at);
  }
  for (const StateEntry& s : module.state()) {
    const size_t at = out_.Begin(4);
    out_.Text(1, s.name);
    out_.Varint(2, ProtoEnum(s.kind));
    const size_t tensor_at = out_.Begin(3);
    Tensor(s.tensor);
    out_.End(tensor_at);
    if (s.persistent) out_.Varint(4, 1);
    if (s.storage_group != 0) out_.Varint(5, s.storage_group);
    out_.End(at);
  }
}

void Writer::Nodes(const Graph& graph) {
  position_.assign(graph.id_bound(), 0);
  uint32_t position = 0;
  for (const Node* node : graph.nodes()) position_[node->id()] = position++;
  for (const Node* node : graph.nodes()) {
    const size_t at = out_.Begin(1);
    WriteNode(*node);
    out_.End(at);
  }
}

// Node: name, op, target, type_annotation, args, kwargs, meta, target_ref.
// A shared target enters the string table before the metadata's strings,
// as in ToProto.
void Writer::WriteNode(const Node& node) {
  const bool shared = SharedTarget(node.op());
  const uint32_t target_ref = shared ? strings_.Ref(node.target_symbol()) : 0;
  out_.Text(1, node.name());
  out_.Varint(2, ProtoEnum(node.op()));
  if (!shared) out_.Text(3, node.target());
  out_.Text(4, node.type_annotation());
  for (const Argument& a : node.args()) ArgumentField(5, a);
  for (const KwArg& kw : node.kwargs()) {
    const size_t at = out_.Begin(6);
    out_.Text(1, kw.name.str());
    ArgumentField(2, kw.value);
    out_.End(at);
  }
  if (node.has_meta()) {
    const size_t at = out_.Begin(7);
    Meta(node.meta());
    out_.End(at);
  }
  if (shared) out_.Varint(8, target_ref);
}

// Argument: one of its oneof's fields, written whatever its value.
void Writer::WriteArgument(const Argument& arg) {
  switch (arg.kind()) {
    case ArgKind::kNone:
      out_.EmptyMessage(1);
      return;
    case ArgKind::kBool:
      out_.Varint(2, arg.bool_value() ? 1 : 0);
      return;
    case ArgKind::kInt:
      out_.Varint(3, static_cast<uint64_t>(arg.int_value()));
      return;
    case ArgKind::kFloat:
      Float(4, arg.float_value());
      return;
    case ArgKind::kString:
      out_.Bytes(6, arg.text());
      return;
    case ArgKind::kNode:
      out_.Varint(19, position_[arg.node()->id()]);
      return;
    case ArgKind::kDtype:
      out_.Varint(12, ProtoEnum(arg.dtype()));
      return;
    case ArgKind::kDevice:
      out_.Bytes(13, arg.text());
      return;
    case ArgKind::kMemoryFormat:
      out_.Varint(14, ProtoEnum(arg.memory_format()));
      return;
    case ArgKind::kLayout:
      out_.Varint(15, ProtoEnum(arg.layout()));
      return;
    case ArgKind::kSymInt:
      out_.Bytes(16, arg.text());
      return;
    case ArgKind::kEllipsis:
      out_.EmptyMessage(17);
      return;
    case ArgKind::kOpaque:
      out_.Bytes(18, arg.text());
      return;
    default:
      Composite(arg);
      return;
  }
}

// Lists, tuples, dicts and slices.
void Writer::Composite(const Argument& arg) {
  const int field = arg.kind() == ArgKind::kList    ? 8
                    : arg.kind() == ArgKind::kTuple ? 9
                    : arg.kind() == ArgKind::kDict  ? 10
                                                    : 11;
  const size_t at = out_.Begin(field);
  if (field == 10) {
    for (size_t i = 0; i < arg.dict_size(); ++i) {
      const size_t entry_at = out_.Begin(1);
      ArgumentField(1, arg.dict_key(i));
      ArgumentField(2, arg.dict_value(i));
      out_.End(entry_at);
    }
  } else {
    // A slice's start, stop and step are its fields 1, 2 and 3.
    int element_field = 1;
    for (const Argument& e : arg.elements()) ArgumentField(field == 11 ? element_field++ : 1, e);
  }
  out_.End(at);
}

// TensorMeta: shape, stride, dtype, device, requires_grad, memory_format,
// device_ref, shape_values, stride_values; integer-only dims packed.
void Writer::Tensor(const TensorMeta& t) {
  auto packed = [](const DimVector& dims) {
    return std::none_of(dims.begin(), dims.end(), [](const SymDim& d) { return d.is_symbolic(); });
  };
  const bool shape_packed = packed(t.shape), stride_packed = packed(t.stride);
  if (!shape_packed) Dims(1, t.shape);
  if (!stride_packed) Dims(2, t.stride);
  out_.Varint(3, ProtoEnum(t.dtype));
  if (t.requires_grad) out_.Varint(5, 1);
  if (t.memory_format.has_value()) out_.Varint(6, ProtoEnum(*t.memory_format));
  out_.Varint(7, strings_.Ref(t.device));
  auto value = [](const SymDim& d) { return static_cast<uint64_t>(d.value()); };
  if (shape_packed) out_.Packed(8, t.shape, value);
  if (stride_packed) out_.Packed(9, t.stride, value);
}

// SymDim messages, one per dimension.
void Writer::Dims(int field, const DimVector& dims) {
  for (const SymDim& d : dims) {
    const size_t at = out_.Begin(field);
    if (d.is_symbolic()) {
      out_.Bytes(2, d.expr());
    } else {
      out_.Varint(1, static_cast<uint64_t>(d.value()));
    }
    out_.End(at);
  }
}

// ValueMeta: one of its oneof's fields.
void Writer::Value(const ValueMeta& v) {
  switch (v.kind()) {
    case ValueMeta::Kind::kNone:
      out_.EmptyMessage(1);
      return;
    case ValueMeta::Kind::kTensor: {
      const size_t at = out_.Begin(2);
      Tensor(v.tensor());
      out_.End(at);
      return;
    }
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList: {
      const size_t at = out_.Begin(v.kind() == ValueMeta::Kind::kTuple ? 3 : 4);
      for (const ValueMeta& e : v.elements()) {
        const size_t element_at = out_.Begin(1);
        Value(e);
        out_.End(element_at);
      }
      out_.End(at);
      return;
    }
    case ValueMeta::Kind::kInt:
      out_.Varint(5, static_cast<uint64_t>(v.int_value()));
      return;
    case ValueMeta::Kind::kFloat:
      Float(6, v.float_value());
      return;
    case ValueMeta::Kind::kBool:
      out_.Varint(8, v.bool_value() ? 1 : 0);
      return;
    case ValueMeta::Kind::kSymInt:
      out_.Bytes(9, v.text());
      return;
    case ValueMeta::Kind::kSymFloat:
      out_.Bytes(10, v.text());
      return;
    case ValueMeta::Kind::kSymBool:
      out_.Bytes(11, v.text());
      return;
    case ValueMeta::Kind::kOpaque:
      out_.Bytes(12, v.text());
      return;
  }
}

// NodeMeta: val, stack_trace, nn_module_stack, source_fn_stack, tag, seq_nr,
// extra, stack_trace_ref, nn_module_stack_refs; the stack trace and module
// stack through the string table.
void Writer::Meta(const NodeMeta& meta) {
  if (meta.val.has_value()) {
    const size_t at = out_.Begin(1);
    Value(*meta.val);
    out_.End(at);
  }
  for (const SourceFnEntry& e : meta.source_fn_stack) {
    const size_t at = out_.Begin(4);
    out_.Text(1, e.name.str());
    out_.Text(2, e.target.str());
    out_.End(at);
  }
  if (meta.tag.has_value()) out_.Bytes(5, meta.tag->str());
  if (meta.seq_nr.has_value()) out_.Varint(6, static_cast<uint64_t>(*meta.seq_nr));
  for (const auto& [key, json] : meta.extra) {
    const size_t at = out_.Begin(7);
    out_.Text(1, key);
    out_.Text(2, json);
    out_.End(at);
  }
  if (!meta.stack_trace.empty()) out_.Varint(8, strings_.Ref(meta.stack_trace));
  std::vector<uint32_t>& refs = module_stack_refs_;
  refs.clear();
  for (const ModuleStackEntry& e : meta.nn_module_stack) {
    refs.push_back(strings_.Ref(e.key));
    refs.push_back(strings_.Ref(e.path));
    refs.push_back(strings_.Ref(e.type));
  }
  out_.Packed(9, refs, [](uint32_t r) { return uint64_t{r}; });
}

}  // namespace

std::string WriteCanonicalBinary(const GraphModule& module) { return Writer().Root(module); }

void AppendCanonicalBinaryField(int field, const GraphModule& module, std::string* out) {
  *out = Writer(std::move(*out)).RootField(field, module);
}

}  // namespace fxpp
