// Typed node metadata: what FX keeps in node.meta that passes rely on.
// Tensor metadata mirrors torch.fx's TensorMetadata / FakeTensor values and
// may nest in tuples and lists (multi-output ops). Everything fxpp does not
// model stays as free-form extra entries holding JSON text, so nothing a
// producer wrote is lost.
#ifndef FXPP_IR_META_H_
#define FXPP_IR_META_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "absl/types/span.h"
#include "ir/symbol.h"
#include "ir/torch_enums.h"

namespace fxpp {

// One dimension of a shape or stride: a concrete integer, or a symbolic
// expression such as "s0" or "2*s1" (kept as interned text, compared as text).
// Eight bytes: a symbolic dim stores its symbol id in a reserved range of
// values no real dimension can take.
class SymDim {
 public:
  SymDim() = default;
  SymDim(int64_t value) : raw_(value) {}  // NOLINT: dims are usually ints
  static SymDim Symbolic(absl::string_view expr);

  bool is_symbolic() const { return raw_ >= kSymbolicBase && raw_ < kSymbolicEnd; }
  // The concrete value (0 for a symbolic dim).
  int64_t value() const { return is_symbolic() ? 0 : raw_; }
  absl::string_view expr() const { return expr_symbol().str(); }
  Symbol expr_symbol() const {
    return is_symbolic() ? Symbol::FromId(static_cast<uint32_t>(raw_ - kSymbolicBase)) : Symbol();
  }

  friend bool operator==(const SymDim& a, const SymDim& b) { return a.raw_ == b.raw_; }
  friend bool operator!=(const SymDim& a, const SymDim& b) { return a.raw_ != b.raw_; }

 private:
  static constexpr int64_t kSymbolicBase = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kSymbolicEnd = kSymbolicBase + (int64_t{1} << 32);
  int64_t raw_ = 0;
};

// Shapes and strides rarely exceed rank 4: keep those inline.
using DimVector = absl::InlinedVector<SymDim, 4>;

// "cpu", interned once: readers build a TensorMeta for nearly every node.
inline Symbol CpuDevice() {
  static const Symbol cpu = Symbol::Intern("cpu");
  return cpu;
}

struct TensorMeta {
  DimVector shape;
  DimVector stride;  // empty when the producer did not record it
  ScalarType dtype = ScalarType::kFloat32;
  Symbol device = CpuDevice();
  bool requires_grad = false;
  absl::optional<MemoryFormat> memory_format;

  friend bool operator==(const TensorMeta& a, const TensorMeta& b);
  friend bool operator!=(const TensorMeta& a, const TensorMeta& b) { return !(a == b); }
};

// FX's short type text of a tensor, as print_readable annotates values:
// "f32[2, s0]", then the stride "[3, 1]" and the device "cpu" if asked.
std::string TensorTypeText(const TensorMeta& t, bool include_stride = false,
                           bool include_device = false);

// The value a node produces, as recorded by the tracer (meta["val"],
// meta["example_value"] or meta["tensor_meta"]).
class ValueMeta {
 public:
  enum class Kind : uint8_t {
    kNone,
    kTensor,
    kTuple,
    kList,
    kInt,
    kFloat,
    kBool,
    kSymInt,    // text of the expression
    kSymFloat,  // text of the expression
    kSymBool,   // text of the expression
    kOpaque,    // any other Python value: its repr
  };

  ValueMeta() : int_(0) {}  // None
  static ValueMeta Tensor(TensorMeta t);
  static ValueMeta Tuple(std::vector<ValueMeta> elements);
  static ValueMeta List(std::vector<ValueMeta> elements);
  static ValueMeta Int(int64_t v);
  static ValueMeta Float(double v);
  static ValueMeta Bool(bool v);
  static ValueMeta Symbolic(Kind kind, absl::string_view expr);
  static ValueMeta Opaque(absl::string_view repr);

  Kind kind() const { return kind_; }
  // An empty TensorMeta unless kind() is kTensor.
  const TensorMeta& tensor() const;
  // Requires kind() == kTensor.
  TensorMeta& mutable_tensor();
  // Makes this a tensor value with default TensorMeta, dropping what it
  // held, and returns the tensor: readers fill it in place rather than
  // build a TensorMeta and move it in.
  TensorMeta& EmplaceTensor();
  // Elements of a tuple or list; empty otherwise.
  const std::vector<ValueMeta>& elements() const;
  // 0, 0.0, false and "" for values of other kinds.
  int64_t int_value() const { return kind_ == Kind::kInt || kind_ == Kind::kBool ? int_ : 0; }
  double float_value() const { return kind_ == Kind::kFloat ? float_ : 0.0; }
  bool bool_value() const { return int_value() != 0; }
  absl::string_view text() const { return has_text() ? text_.str() : absl::string_view(); }

  ValueMeta(const ValueMeta& other);
  ValueMeta(ValueMeta&& other) noexcept;
  ValueMeta& operator=(const ValueMeta& other);
  ValueMeta& operator=(ValueMeta&& other) noexcept;
  ~ValueMeta() { Reset(); }

  friend bool operator==(const ValueMeta& a, const ValueMeta& b);
  friend bool operator!=(const ValueMeta& a, const ValueMeta& b) { return !(a == b); }

 private:
  bool has_elements() const { return kind_ == Kind::kTuple || kind_ == Kind::kList; }
  bool has_text() const {
    return kind_ == Kind::kSymInt || kind_ == Kind::kSymFloat || kind_ == Kind::kSymBool ||
           kind_ == Kind::kOpaque;
  }
  // Back to None, destroying the live member.
  void Reset();
  // Take `other`'s value (MoveFrom leaves it None); require *this None.
  void CopyFrom(const ValueMeta& other);
  void MoveFrom(ValueMeta& other);
  // Copies the live member of a kind without a tensor or elements.
  void CopyScalar(const ValueMeta& other);

  Kind kind_ = Kind::kNone;
  // Only the member of kind_ is alive. Sharing the space keeps a tensor's
  // value (the common case) at 104 bytes, and so node metadata in a smaller
  // allocation.
  union {
    TensorMeta tensor_;                 // kTensor
    std::vector<ValueMeta>* elements_;  // owned; kTuple, kList
    int64_t int_;                       // kInt, kBool
    double float_;                      // kFloat
    Symbol text_;                       // kSymInt, kSymFloat, kSymBool, kOpaque
  };
};

absl::string_view ValueMetaKindName(ValueMeta::Kind kind);

// One nn_module_stack entry: key -> (module path, module type). Interned:
// every node of a module repeats the same entries.
struct ModuleStackEntry {
  Symbol key;
  Symbol path;
  Symbol type;
  friend bool operator==(const ModuleStackEntry& a, const ModuleStackEntry& b) {
    return a.key == b.key && a.path == b.path && a.type == b.type;
  }
  template <typename H>
  friend H AbslHashValue(H h, const ModuleStackEntry& e) {
    return H::combine(std::move(h), e.key, e.path, e.type);
  }
};

// A node's nn_module_stack: an immutable, interned list of entries. The
// nodes of a module repeat the exact same stack, so each distinct stack is
// stored once for the process (like Symbols, in an arena: no small
// long-lived blocks scattered through the heap) and a node holds a pointer:
// reading a graph allocates nothing per node for it, and freeing one frees
// nothing. Reads like a const container of ModuleStackEntry (and converts
// to a std::vector copy); "writes" replace the pointer with the interned
// result. Equal stacks are the same pointer, so == is one comparison.
// Thread-safe.
class ModuleStack {
 public:
  using value_type = ModuleStackEntry;
  using const_iterator = const ModuleStackEntry*;
  using iterator = const_iterator;
  using const_reference = const ModuleStackEntry&;
  using reference = const_reference;
  using size_type = size_t;

  ModuleStack() = default;
  ModuleStack(std::initializer_list<ModuleStackEntry> entries)  // NOLINT: a list literal
      : ModuleStack(absl::MakeConstSpan(entries.begin(), entries.size())) {}
  ModuleStack(const std::vector<ModuleStackEntry>& entries)  // NOLINT: built as a vector
      : ModuleStack(absl::MakeConstSpan(entries)) {}
  explicit ModuleStack(absl::Span<const ModuleStackEntry> entries);

  const ModuleStackEntry* data() const { return data_; }
  const_iterator begin() const { return data_; }
  const_iterator end() const { return data_ + size_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const ModuleStackEntry& operator[](size_t i) const { return data_[i]; }
  const ModuleStackEntry& front() const { return data_[0]; }
  const ModuleStackEntry& back() const { return data_[size_ - 1]; }
  absl::Span<const ModuleStackEntry> entries() const { return {data_, size_}; }
  // A copy, for code that keeps stacks as vectors.
  operator std::vector<ModuleStackEntry>() const { return {begin(), end()}; }  // NOLINT

  // This stack with `entry` appended (interned; readers append entry by
  // entry, so recent appends are remembered per thread without a lock).
  void push_back(const ModuleStackEntry& entry);
  void clear() { *this = ModuleStack(); }

  // Interned: the same entries are at the same address.
  friend bool operator==(const ModuleStack& a, const ModuleStack& b) { return a.data_ == b.data_; }
  friend bool operator!=(const ModuleStack& a, const ModuleStack& b) { return a.data_ != b.data_; }

 private:
  const ModuleStackEntry* data_ = nullptr;  // interned, never freed; null when empty
  size_t size_ = 0;
};

// One source_fn_stack entry: (name, target as a qualified name).
struct SourceFnEntry {
  Symbol name;
  Symbol target;
  friend bool operator==(const SourceFnEntry& a, const SourceFnEntry& b) {
    return a.name == b.name && a.target == b.target;
  }
};

// Strings are interned: stack traces, module stacks and tags repeat across
// the nodes of a layer and across identical layers.
struct NodeMeta {
  absl::optional<ValueMeta> val;
  Symbol stack_trace;  // empty when absent
  ModuleStack nn_module_stack;
  std::vector<SourceFnEntry> source_fn_stack;
  absl::optional<Symbol> tag;
  absl::optional<int64_t> seq_nr;
  // Everything else, key -> JSON text of the value, in insertion order.
  std::vector<std::pair<std::string, std::string>> extra;
  // Where a reader that keeps its source objects put the one this node was
  // read from (the in-process torch bridge: an index into the torch.fx nodes
  // it keeps), or -1. Part of the metadata so that the nodes a pass copies
  // metadata to find that source too. An index means nothing outside the
  // process that made it, so files do not hold it. A field, not an extra
  // entry: the bridge sets it on every node, and an entry would be a heap
  // allocation per node.
  int64_t source_index = -1;

  bool empty() const;
  // The JSON text of extra entry `key`, or nullptr.
  const std::string* FindExtra(absl::string_view key) const;
  void SetExtra(absl::string_view key, std::string json);

  friend bool operator==(const NodeMeta& a, const NodeMeta& b);
  friend bool operator!=(const NodeMeta& a, const NodeMeta& b) { return !(a == b); }
};

}  // namespace fxpp

#endif  // FXPP_IR_META_H_
