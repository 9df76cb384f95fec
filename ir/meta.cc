#include "ir/meta.h"

#include <cstring>

namespace fxpp {

SymDim SymDim::Symbolic(absl::string_view expr) {
  SymDim d;
  d.raw_ = kSymbolicBase + Symbol::Intern(expr).id();
  return d;
}

bool operator==(const TensorMeta& a, const TensorMeta& b) {
  return a.shape == b.shape && a.stride == b.stride && a.dtype == b.dtype &&
         a.device == b.device && a.requires_grad == b.requires_grad &&
         a.memory_format == b.memory_format;
}

ValueMeta ValueMeta::Tensor(TensorMeta t) {
  ValueMeta v;
  v.kind_ = Kind::kTensor;
  v.tensor_ = std::move(t);
  return v;
}

ValueMeta::ValueMeta(const ValueMeta& other)
    : kind_(other.kind_), text_(other.text_), number_(other.number_), tensor_(other.tensor_) {
  if (other.elements_) elements_ = std::make_unique<std::vector<ValueMeta>>(*other.elements_);
}

ValueMeta& ValueMeta::operator=(const ValueMeta& other) {
  if (this != &other) *this = ValueMeta(other);
  return *this;
}

const std::vector<ValueMeta>& ValueMeta::elements() const {
  static const std::vector<ValueMeta>* const kEmpty = new std::vector<ValueMeta>();
  return elements_ ? *elements_ : *kEmpty;
}

ValueMeta ValueMeta::Tuple(std::vector<ValueMeta> elements) {
  ValueMeta v;
  v.kind_ = Kind::kTuple;
  v.elements_ = std::make_unique<std::vector<ValueMeta>>(std::move(elements));
  return v;
}

ValueMeta ValueMeta::List(std::vector<ValueMeta> elements) {
  ValueMeta v = Tuple(std::move(elements));
  v.kind_ = Kind::kList;
  return v;
}

ValueMeta ValueMeta::Int(int64_t i) {
  ValueMeta v;
  v.kind_ = Kind::kInt;
  v.number_.i = i;
  return v;
}

ValueMeta ValueMeta::Float(double f) {
  ValueMeta v;
  v.kind_ = Kind::kFloat;
  v.number_.f = f;
  return v;
}

ValueMeta ValueMeta::Bool(bool b) {
  ValueMeta v;
  v.kind_ = Kind::kBool;
  v.number_.i = b ? 1 : 0;
  return v;
}

ValueMeta ValueMeta::Symbolic(Kind kind, absl::string_view expr) {
  ValueMeta v;
  v.kind_ = kind;
  v.text_ = Symbol::Intern(expr);
  return v;
}

ValueMeta ValueMeta::Opaque(absl::string_view repr) { return Symbolic(Kind::kOpaque, repr); }

bool operator==(const ValueMeta& a, const ValueMeta& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case ValueMeta::Kind::kNone:
      return true;
    case ValueMeta::Kind::kTensor:
      return a.tensor_ == b.tensor_;
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList:
      return a.elements() == b.elements();
    case ValueMeta::Kind::kInt:
    case ValueMeta::Kind::kBool:
      return a.number_.i == b.number_.i;
    case ValueMeta::Kind::kFloat:
      return std::memcmp(&a.number_.f, &b.number_.f, sizeof(double)) == 0;
    case ValueMeta::Kind::kSymInt:
    case ValueMeta::Kind::kSymFloat:
    case ValueMeta::Kind::kSymBool:
    case ValueMeta::Kind::kOpaque:
      return a.text_ == b.text_;
  }
  return false;
}

absl::string_view ValueMetaKindName(ValueMeta::Kind kind) {
  switch (kind) {
    case ValueMeta::Kind::kNone: return "none";
    case ValueMeta::Kind::kTensor: return "tensor";
    case ValueMeta::Kind::kTuple: return "tuple";
    case ValueMeta::Kind::kList: return "list";
    case ValueMeta::Kind::kInt: return "int";
    case ValueMeta::Kind::kFloat: return "float";
    case ValueMeta::Kind::kBool: return "bool";
    case ValueMeta::Kind::kSymInt: return "symint";
    case ValueMeta::Kind::kSymFloat: return "symfloat";
    case ValueMeta::Kind::kSymBool: return "symbool";
    case ValueMeta::Kind::kOpaque: return "opaque";
  }
  return "unknown";
}

bool NodeMeta::empty() const {
  return !val.has_value() && stack_trace.empty() && nn_module_stack.empty() &&
         source_fn_stack.empty() && !tag.has_value() && !seq_nr.has_value() && extra.empty();
}

const std::string* NodeMeta::FindExtra(absl::string_view key) const {
  for (const auto& [k, v] : extra) {
    if (k == key) return &v;
  }
  return nullptr;
}

void NodeMeta::SetExtra(absl::string_view key, std::string json) {
  for (auto& [k, v] : extra) {
    if (k == key) {
      v = std::move(json);
      return;
    }
  }
  extra.emplace_back(std::string(key), std::move(json));
}

bool operator==(const NodeMeta& a, const NodeMeta& b) {
  return a.val == b.val && a.stack_trace == b.stack_trace &&
         a.nn_module_stack == b.nn_module_stack && a.source_fn_stack == b.source_fn_stack &&
         a.tag == b.tag && a.seq_nr == b.seq_nr && a.extra == b.extra;
}

}  // namespace fxpp
