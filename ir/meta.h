// Typed node metadata: what FX keeps in node.meta that passes rely on.
// Tensor metadata mirrors torch.fx's TensorMetadata / FakeTensor values and
// may nest in tuples and lists (multi-output ops). Everything fxpp does not
// model stays as free-form extra entries holding JSON text, so nothing a
// producer wrote is lost.
#ifndef FXPP_IR_META_H_
#define FXPP_IR_META_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/symbol.h"
#include "ir/torch_enums.h"

namespace fxpp {

// One dimension of a shape or stride: a concrete integer, or a symbolic
// expression such as "s0" or "2*s1" (kept as text, compared as text).
class SymDim {
 public:
  SymDim() = default;
  SymDim(int64_t value) : value_(value) {}  // NOLINT: dims are usually ints
  static SymDim Symbolic(absl::string_view expr);

  bool is_symbolic() const { return !expr_.empty(); }
  int64_t value() const { return value_; }
  absl::string_view expr() const { return expr_.str(); }
  Symbol expr_symbol() const { return expr_; }

  friend bool operator==(const SymDim& a, const SymDim& b) {
    return a.value_ == b.value_ && a.expr_ == b.expr_;
  }
  friend bool operator!=(const SymDim& a, const SymDim& b) { return !(a == b); }

 private:
  int64_t value_ = 0;
  Symbol expr_;
};

struct TensorMeta {
  std::vector<SymDim> shape;
  std::vector<SymDim> stride;  // empty when the producer did not record it
  ScalarType dtype = ScalarType::kFloat32;
  Symbol device = Symbol::Intern("cpu");
  bool requires_grad = false;
  absl::optional<MemoryFormat> memory_format;

  friend bool operator==(const TensorMeta& a, const TensorMeta& b);
  friend bool operator!=(const TensorMeta& a, const TensorMeta& b) { return !(a == b); }
};

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

  ValueMeta() = default;
  static ValueMeta Tensor(TensorMeta t);
  static ValueMeta Tuple(std::vector<ValueMeta> elements);
  static ValueMeta List(std::vector<ValueMeta> elements);
  static ValueMeta Int(int64_t v);
  static ValueMeta Float(double v);
  static ValueMeta Bool(bool v);
  static ValueMeta Symbolic(Kind kind, absl::string_view expr);
  static ValueMeta Opaque(absl::string_view repr);

  Kind kind() const { return kind_; }
  const TensorMeta& tensor() const { return tensor_; }
  TensorMeta& mutable_tensor() { return tensor_; }
  const std::vector<ValueMeta>& elements() const { return elements_; }
  int64_t int_value() const { return int_; }
  double float_value() const { return float_; }
  bool bool_value() const { return int_ != 0; }
  absl::string_view text() const { return text_; }

  friend bool operator==(const ValueMeta& a, const ValueMeta& b);
  friend bool operator!=(const ValueMeta& a, const ValueMeta& b) { return !(a == b); }

 private:
  Kind kind_ = Kind::kNone;
  int64_t int_ = 0;
  double float_ = 0;
  std::string text_;
  TensorMeta tensor_;
  std::vector<ValueMeta> elements_;
};

absl::string_view ValueMetaKindName(ValueMeta::Kind kind);

// One nn_module_stack entry: key -> (module path, module type).
struct ModuleStackEntry {
  std::string key;
  std::string path;
  std::string type;
  friend bool operator==(const ModuleStackEntry& a, const ModuleStackEntry& b) {
    return a.key == b.key && a.path == b.path && a.type == b.type;
  }
};

// One source_fn_stack entry: (name, target as a qualified name).
struct SourceFnEntry {
  std::string name;
  std::string target;
  friend bool operator==(const SourceFnEntry& a, const SourceFnEntry& b) {
    return a.name == b.name && a.target == b.target;
  }
};

struct NodeMeta {
  absl::optional<ValueMeta> val;
  std::string stack_trace;
  std::vector<ModuleStackEntry> nn_module_stack;
  std::vector<SourceFnEntry> source_fn_stack;
  absl::optional<std::string> tag;
  absl::optional<int64_t> seq_nr;
  // Everything else, key -> JSON text of the value, in insertion order.
  std::vector<std::pair<std::string, std::string>> extra;

  bool empty() const;
  // The JSON text of extra entry `key`, or nullptr.
  const std::string* FindExtra(absl::string_view key) const;
  void SetExtra(absl::string_view key, std::string json);

  friend bool operator==(const NodeMeta& a, const NodeMeta& b);
  friend bool operator!=(const NodeMeta& a, const NodeMeta& b) { return !(a == b); }
};

}  // namespace fxpp

#endif  // FXPP_IR_META_H_
