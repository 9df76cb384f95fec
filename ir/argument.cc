#include "ir/argument.h"

#include <cstdlib>
#include <cstring>

namespace fxpp {

absl::string_view ArgKindName(ArgKind kind) {
  switch (kind) {
    case ArgKind::kNone: return "none";
    case ArgKind::kBool: return "bool";
    case ArgKind::kInt: return "int";
    case ArgKind::kFloat: return "float";
    case ArgKind::kString: return "string";
    case ArgKind::kNode: return "node";
    case ArgKind::kList: return "list";
    case ArgKind::kTuple: return "tuple";
    case ArgKind::kDict: return "dict";
    case ArgKind::kSlice: return "slice";
    case ArgKind::kDtype: return "dtype";
    case ArgKind::kDevice: return "device";
    case ArgKind::kMemoryFormat: return "memory_format";
    case ArgKind::kLayout: return "layout";
    case ArgKind::kSymInt: return "symint";
    case ArgKind::kEllipsis: return "ellipsis";
    case ArgKind::kOpaque: return "opaque";
  }
  return "unknown";
}

Argument::Argument(const Argument& other) : kind_(other.kind_), payload_(other.payload_) {
  if (is_composite()) payload_.composite = new Composite(*other.payload_.composite);
}

Argument::Argument(Argument&& other) noexcept : kind_(other.kind_), payload_(other.payload_) {
  other.kind_ = ArgKind::kNone;
  other.payload_.i = 0;
}

Argument& Argument::operator=(const Argument& other) {
  if (this != &other) *this = Argument(other);
  return *this;
}

Argument& Argument::operator=(Argument&& other) noexcept {
  if (this != &other) {
    Release();
    kind_ = other.kind_;
    payload_ = other.payload_;
    other.kind_ = ArgKind::kNone;
    other.payload_.i = 0;
  }
  return *this;
}

Argument::~Argument() { Release(); }

void Argument::Release() {
  if (is_composite()) delete payload_.composite;
  kind_ = ArgKind::kNone;
  payload_.i = 0;
}

Argument Argument::Bool(bool v) {
  Argument a;
  a.kind_ = ArgKind::kBool;
  a.payload_.b = v;
  return a;
}

Argument Argument::Int(int64_t v) {
  Argument a;
  a.kind_ = ArgKind::kInt;
  a.payload_.i = v;
  return a;
}

Argument Argument::Float(double v) {
  Argument a;
  a.kind_ = ArgKind::kFloat;
  a.payload_.f = v;
  return a;
}

Argument Argument::String(absl::string_view v) {
  Argument a;
  a.kind_ = ArgKind::kString;
  a.payload_.symbol = Symbol::Intern(v).id();
  return a;
}

Argument Argument::Device(absl::string_view v) {
  Argument a = String(v);
  a.kind_ = ArgKind::kDevice;
  return a;
}

Argument Argument::SymInt(absl::string_view expr) {
  Argument a = String(expr);
  a.kind_ = ArgKind::kSymInt;
  return a;
}

Argument Argument::Opaque(absl::string_view repr) {
  Argument a = String(repr);
  a.kind_ = ArgKind::kOpaque;
  return a;
}

Argument Argument::Ref(Node* node) {
  Argument a;
  a.kind_ = ArgKind::kNode;
  a.payload_.node = node;
  return a;
}

Argument Argument::MakeComposite(ArgKind kind, std::vector<Argument> elements) {
  Argument a;
  a.kind_ = kind;
  a.payload_.composite = new Composite{std::move(elements)};
  return a;
}

Argument Argument::List(std::vector<Argument> elements) {
  return MakeComposite(ArgKind::kList, std::move(elements));
}

Argument Argument::Tuple(std::vector<Argument> elements) {
  return MakeComposite(ArgKind::kTuple, std::move(elements));
}

Argument Argument::Dict(std::vector<std::pair<Argument, Argument>> entries) {
  std::vector<Argument> flat;
  flat.reserve(2 * entries.size());
  for (auto& [key, value] : entries) {
    flat.push_back(std::move(key));
    flat.push_back(std::move(value));
  }
  return MakeComposite(ArgKind::kDict, std::move(flat));
}

Argument Argument::Slice(Argument start, Argument stop, Argument step) {
  std::vector<Argument> parts;
  parts.reserve(3);
  parts.push_back(std::move(start));
  parts.push_back(std::move(stop));
  parts.push_back(std::move(step));
  return MakeComposite(ArgKind::kSlice, std::move(parts));
}

Argument Argument::Dtype(ScalarType v) {
  Argument a;
  a.kind_ = ArgKind::kDtype;
  a.payload_.small = static_cast<uint8_t>(v);
  return a;
}

Argument Argument::Format(MemoryFormat v) {
  Argument a;
  a.kind_ = ArgKind::kMemoryFormat;
  a.payload_.small = static_cast<uint8_t>(v);
  return a;
}

Argument Argument::LayoutValue(Layout v) {
  Argument a;
  a.kind_ = ArgKind::kLayout;
  a.payload_.small = static_cast<uint8_t>(v);
  return a;
}

Argument Argument::EllipsisValue() {
  Argument a;
  a.kind_ = ArgKind::kEllipsis;
  return a;
}

const std::vector<Argument>& Argument::elements() const {
  static const std::vector<Argument>* const kEmpty = new std::vector<Argument>();
  return is_composite() ? payload_.composite->elements : *kEmpty;
}

std::vector<Argument>& Argument::mutable_elements() {
  if (!is_composite()) std::abort();  // programmer error: scalars have no elements
  return payload_.composite->elements;
}

void Argument::ForEachNode(absl::FunctionRef<void(Node*)> fn) const {
  if (kind_ == ArgKind::kNode) {
    fn(payload_.node);
  } else if (is_composite()) {
    // Passes walk every node's arguments: elements that are neither nodes
    // nor containers (most of a shape list) are skipped without a call.
    for (const Argument& e : payload_.composite->elements) {
      if (e.kind_ == ArgKind::kNode) {
        fn(e.payload_.node);
      } else if (e.is_composite()) {
        e.ForEachNode(fn);
      }
    }
  }
}

Argument Argument::MapNodes(absl::FunctionRef<Argument(Node*)> fn) const {
  if (kind_ == ArgKind::kNode) return fn(payload_.node);
  if (!is_composite()) return *this;
  std::vector<Argument> mapped;
  mapped.reserve(payload_.composite->elements.size());
  for (const Argument& e : payload_.composite->elements) mapped.push_back(e.MapNodes(fn));
  return MakeComposite(kind_, std::move(mapped));
}

bool Argument::ReplaceNode(const Node* from, Node* to) {
  if (kind_ == ArgKind::kNode) {
    if (payload_.node != from) return false;
    payload_.node = to;
    return true;
  }
  bool changed = false;
  if (is_composite()) {
    for (Argument& e : payload_.composite->elements) changed |= e.ReplaceNode(from, to);
  }
  return changed;
}

bool Argument::ContainsNode() const {
  if (kind_ == ArgKind::kNode) return true;
  if (!is_composite()) return false;
  for (const Argument& e : payload_.composite->elements) {
    if (e.ContainsNode()) return true;
  }
  return false;
}

bool operator==(const Argument& a, const Argument& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case ArgKind::kNone:
    case ArgKind::kEllipsis:
      return true;
    case ArgKind::kBool:
      return a.payload_.b == b.payload_.b;
    case ArgKind::kInt:
      return a.payload_.i == b.payload_.i;
    case ArgKind::kFloat:
      // Bit-exact: 0.0 and -0.0 differ, a NaN equals the same NaN.
      return std::memcmp(&a.payload_.f, &b.payload_.f, sizeof(double)) == 0;
    case ArgKind::kNode:
      return a.payload_.node == b.payload_.node;
    case ArgKind::kString:
    case ArgKind::kDevice:
    case ArgKind::kSymInt:
    case ArgKind::kOpaque:
      return a.payload_.symbol == b.payload_.symbol;
    case ArgKind::kDtype:
    case ArgKind::kMemoryFormat:
    case ArgKind::kLayout:
      return a.payload_.small == b.payload_.small;
    case ArgKind::kList:
    case ArgKind::kTuple:
    case ArgKind::kDict:
    case ArgKind::kSlice:
      return a.payload_.composite->elements == b.payload_.composite->elements;
  }
  return false;
}

}  // namespace fxpp
