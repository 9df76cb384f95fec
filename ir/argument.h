// Argument: the recursive value that FX stores in node.args / node.kwargs
// (and that a graph's output returns). It is a small tagged value (16 bytes);
// lists, tuples, dicts and slices own their elements on the heap.
#ifndef FXPP_IR_ARGUMENT_H_
#define FXPP_IR_ARGUMENT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "ir/symbol.h"
#include "ir/torch_enums.h"

namespace fxpp {

class Node;

enum class ArgKind : uint8_t {
  kNone,
  kBool,
  kInt,
  kFloat,
  kString,
  kNode,          // a reference to another node of the same graph
  kList,
  kTuple,
  kDict,          // ordered; keys are Arguments (strings in practice)
  kSlice,         // slice(start, stop, step)
  kDtype,
  kDevice,        // "cpu", "cuda:0", ...
  kMemoryFormat,
  kLayout,
  kSymInt,        // a symbolic integer, kept as its expression text ("s0 + 1")
  kEllipsis,
  kOpaque,        // a Python object fxpp cannot model, kept as its repr text
};

absl::string_view ArgKindName(ArgKind kind);

class Argument {
 public:
  Argument() = default;  // None
  Argument(const Argument& other);
  Argument(Argument&& other) noexcept;  // leaves `other` None
  Argument& operator=(const Argument& other);
  Argument& operator=(Argument&& other) noexcept;
  ~Argument();

  static Argument None() { return Argument(); }
  static Argument Bool(bool v);
  static Argument Int(int64_t v);
  static Argument Float(double v);
  static Argument String(absl::string_view v);
  static Argument Ref(Node* node);
  static Argument List(std::vector<Argument> elements);
  static Argument Tuple(std::vector<Argument> elements);
  // `entries` alternate key, value, key, value, ...
  static Argument Dict(std::vector<std::pair<Argument, Argument>> entries);
  static Argument Slice(Argument start, Argument stop, Argument step);
  static Argument Dtype(ScalarType v);
  static Argument Device(absl::string_view v);
  static Argument Format(MemoryFormat v);
  static Argument LayoutValue(Layout v);
  static Argument SymInt(absl::string_view expr);
  static Argument EllipsisValue();
  static Argument Opaque(absl::string_view repr);

  ArgKind kind() const { return kind_; }
  bool is_none() const { return kind_ == ArgKind::kNone; }
  bool is_node() const { return kind_ == ArgKind::kNode; }
  // List, tuple, dict and slice hold elements.
  bool is_composite() const { return composite_kind(kind_); }

  bool bool_value() const { return payload_.b; }
  int64_t int_value() const { return payload_.i; }
  double float_value() const { return payload_.f; }
  Node* node() const { return payload_.node; }
  ScalarType dtype() const { return static_cast<ScalarType>(payload_.small); }
  MemoryFormat memory_format() const { return static_cast<MemoryFormat>(payload_.small); }
  Layout layout() const { return static_cast<Layout>(payload_.small); }
  // The text of a string, device, symbolic int or opaque value.
  Symbol text_symbol() const { return Symbol::FromId(payload_.symbol); }
  absl::string_view text() const { return text_symbol().str(); }

  // Elements of a list, tuple or slice (3: start, stop, step); for a dict the
  // keys and values alternate. Empty for scalars.
  const std::vector<Argument>& elements() const;
  std::vector<Argument>& mutable_elements();
  size_t dict_size() const { return elements().size() / 2; }
  const Argument& dict_key(size_t i) const { return elements()[2 * i]; }
  const Argument& dict_value(size_t i) const { return elements()[2 * i + 1]; }

  // Calls `fn` on every node reference, depth first, in print order.
  void ForEachNode(absl::FunctionRef<void(Node*)> fn) const;
  // A copy with every node reference replaced by `fn(node)`.
  Argument MapNodes(absl::FunctionRef<Argument(Node*)> fn) const;
  // Replaces references to `from` by references to `to` in place; returns
  // whether anything changed.
  bool ReplaceNode(const Node* from, Node* to);
  bool ContainsNode() const;

  // Structural equality: floats compare bit for bit, nodes by identity.
  friend bool operator==(const Argument& a, const Argument& b);
  friend bool operator!=(const Argument& a, const Argument& b) { return !(a == b); }

 private:
  struct Composite {
    std::vector<Argument> elements;
  };
  static constexpr bool composite_kind(ArgKind k) {
    return k == ArgKind::kList || k == ArgKind::kTuple || k == ArgKind::kDict ||
           k == ArgKind::kSlice;
  }
  static Argument MakeComposite(ArgKind kind, std::vector<Argument> elements);
  void Release();

  ArgKind kind_ = ArgKind::kNone;
  union Payload {
    bool b;
    int64_t i;
    double f;
    Node* node;
    uint32_t symbol;
    uint8_t small;
    Composite* composite;
  } payload_{};
};

// A keyword argument; kwargs keep their insertion order as FX dicts do.
struct KwArg {
  Symbol name;
  Argument value;
  friend bool operator==(const KwArg& a, const KwArg& b) {
    return a.name == b.name && a.value == b.value;
  }
};
using KwArgs = std::vector<KwArg>;

}  // namespace fxpp

#endif  // FXPP_IR_ARGUMENT_H_
