#include "ir/proto/wire_reader.h"

#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "ir/limits.h"
#include "ir/proto/convert.h"
#include "ir/proto/fxpp.pb.h"
#include "ir/proto/wire_fields.h"

namespace fxpp {
namespace {

using wire_internal::Enum;
using wire_internal::Fields;
using wire_internal::TextFields;

bool OneLine(absl::string_view text) { return text.find('\n') == absl::string_view::npos; }

class Decoder {
 public:
  absl::optional<std::unique_ptr<GraphModule>> Root(absl::string_view bytes);

 private:
  // A node's argument fields (args then kwargs), read once every node exists.
  struct PendingArgs {
    Node* node;
    absl::string_view bytes;
    int args = 0;  // how many of them are positional
  };

  bool Module(absl::string_view bytes, int depth, std::unique_ptr<GraphModule>* out);
  bool State(absl::string_view bytes, GraphModule* module);
  bool Child(absl::string_view bytes, int depth, GraphModule* module);
  bool ReadGraph(absl::string_view bytes, Graph* graph);
  bool ReadNode(absl::string_view bytes, Graph* graph, PendingArgs* pending);
  bool Arguments(const PendingArgs& pending);
  bool KeywordArgument(absl::string_view bytes, KwArgs* kwargs);
  bool ReadArgument(absl::string_view bytes, int depth, Argument* out);
  bool Composite(Fields& f, int depth, Argument* out);
  template <typename T>
  bool Elements(absl::string_view bytes, int depth,
                bool (Decoder::*read)(absl::string_view, int, T*), std::vector<T>* out);
  bool Dict(absl::string_view bytes, int depth, Argument* out);
  bool ReadSlice(absl::string_view bytes, int depth, Argument* out);
  bool Tensor(absl::string_view bytes, TensorMeta* out);
  bool Value(absl::string_view bytes, int depth, ValueMeta* out);
  bool Meta(absl::string_view bytes, NodeMeta* out);
  bool ModuleStackRefs(Fields& f, bool inline_stack, NodeMeta* out);
  bool MetaEntry(Fields& f, NodeMeta* out);
  bool Ref(uint32_t index, Symbol* out) const {
    if (index >= strings_.size()) return false;
    *out = strings_[index];
    return true;
  }

  std::vector<Symbol> strings_;  // the file's string table, interned
  const Graph* graph_ = nullptr;  // the graph being read
  std::vector<Node*> nodes_;      // its nodes, in file order
};

// GraphModule: format_version, module, strings. The table comes after the
// module it serves, so it is read first.
absl::optional<std::unique_ptr<GraphModule>> Decoder::Root(absl::string_view bytes) {
  Fields f(bytes);
  uint32_t version = 0;
  absl::optional<absl::string_view> module;
  while (f.Next()) {
    absl::string_view s;
    switch (f.field()) {
      case 1:
        if (!f.Uint32(&version)) return absl::nullopt;
        break;
      case 2:
        if (!f.Bytes(&s)) return absl::nullopt;
        module = s;
        break;
      case 3:
        if (!f.TextElement(&s)) return absl::nullopt;
        strings_.push_back(Symbol::Intern(s));
        break;
      default:
        return absl::nullopt;
    }
  }
  if (!f.ok() || version == 0 || version > kProtoFormatVersion || !module) {
    return absl::nullopt;
  }
  std::unique_ptr<GraphModule> root;
  if (!Module(*module, 0, &root)) return absl::nullopt;
  return root;
}

// Module: class_name, graph, children, state.
bool Decoder::Module(absl::string_view bytes, int depth, std::unique_ptr<GraphModule>* out) {
  if (depth > kMaxModuleDepth) return false;
  Fields f(bytes);
  absl::string_view class_name;
  absl::optional<absl::string_view> graph;
  // Most modules have a few children and state entries: no allocation.
  absl::InlinedVector<absl::string_view, 4> children, state;
  while (f.Next()) {
    absl::string_view s;
    switch (f.field()) {
      case 1:
        if (!f.Text(&class_name)) return false;
        break;
      case 2:
        if (!f.Bytes(&s)) return false;
        graph = s;
        break;
      case 3:
      case 4:
        if (!f.Element(&s)) return false;
        (f.field() == 3 ? children : state).push_back(s);
        break;
      default:
        return false;
    }
  }
  if (!f.ok() || !OneLine(class_name)) return false;
  *out = graph ? std::make_unique<GraphModule>(std::string(class_name))
               : GraphModule::Opaque(std::string(class_name));
  if (graph && !ReadGraph(*graph, &(*out)->graph())) return false;
  (*out)->ReserveState(state.size());
  (*out)->ReserveChildren(children.size());
  for (absl::string_view s : state) {
    if (!State(s, out->get())) return false;
  }
  for (absl::string_view c : children) {
    if (!Child(c, depth, out->get())) return false;
  }
  return true;
}

// StateEntry: name, kind, tensor, persistent, storage_group.
bool Decoder::State(absl::string_view bytes, GraphModule* module) {
  Fields f(bytes);
  StateEntry entry;
  entry.persistent = false;  // proto3 leaves false out
  absl::string_view name;
  absl::optional<absl::string_view> tensor;
  bool has_kind = false;
  while (f.Next()) {
    absl::string_view s;
    switch (f.field()) {
      case 1:
        if (!f.Text(&name)) return false;
        break;
      case 2:
        if (!Enum(f, proto::StateKind_IsValid, &entry.kind)) return false;
        has_kind = true;
        break;
      case 3:
        if (!f.Bytes(&s)) return false;
        tensor = s;
        break;
      case 4:
        if (!f.Bool(&entry.persistent)) return false;
        break;
      case 5:
        if (!f.Uint32(&entry.storage_group)) return false;
        break;
      default:
        return false;
    }
  }
  if (!f.ok() || !has_kind || !tensor || !Tensor(*tensor, &entry.tensor)) return false;
  entry.name = std::string(name);
  return module->AddState(std::move(entry)).ok();
}

// A (name, message) pair (Child, KwArg): field 1 a string, field 2 a
// message, which must be present.
bool NamedMessage(absl::string_view bytes, absl::string_view* name, absl::string_view* message) {
  Fields f(bytes);
  bool has_message = false;
  while (f.Next()) {
    if (f.field() == 1) {
      if (!f.Text(name)) return false;
    } else if (f.field() == 2) {
      if (!f.Bytes(message)) return false;
      has_message = true;
    } else {
      return false;
    }
  }
  return f.ok() && has_message;
}

// Child: name, module.
bool Decoder::Child(absl::string_view bytes, int depth, GraphModule* module) {
  absl::string_view name, child;
  std::unique_ptr<GraphModule> read;
  return NamedMessage(bytes, &name, &child) && Module(child, depth + 1, &read) &&
         module->AddChild(name, std::move(read)).ok();
}

// Graph: nodes. Every node first, then the arguments, as FromProto does
// (an argument may refer to a later node).
bool Decoder::ReadGraph(absl::string_view bytes, Graph* graph) {
  Fields f(bytes);
  std::vector<absl::string_view> nodes;
  while (f.Next()) {
    absl::string_view s;
    if (f.field() != 1 || !f.Element(&s)) return false;
    nodes.push_back(s);
  }
  if (!f.ok()) return false;
  graph->Reserve(nodes.size());
  graph_ = graph;
  nodes_.clear();
  nodes_.reserve(nodes.size());
  std::vector<PendingArgs> pending(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!ReadNode(nodes[i], graph, &pending[i])) return false;
  }
  for (const PendingArgs& p : pending) {
    if (!Arguments(p)) return false;
  }
  return true;
}

// Node: name, op, target, type_annotation, args, kwargs, meta, target_ref;
// the node and its metadata, its arguments' bytes for later.
bool Decoder::ReadNode(absl::string_view bytes, Graph* graph, PendingArgs* pending) {
  Fields f(bytes);
  absl::string_view name, target, type;
  OpKind op = OpKind::kPlaceholder;  // set with has_op
  bool has_op = false;
  absl::optional<absl::string_view> meta;
  absl::optional<uint32_t> target_ref;
  int args_begin = -1, args_end = -1;
  while (f.Next()) {
    absl::string_view s;
    uint32_t ref;
    switch (f.field()) {
      case 1:
        if (!f.Text(&name)) return false;
        break;
      case 2:
        if (!Enum(f, proto::OpKind_IsValid, &op)) return false;
        has_op = true;
        break;
      case 3:
        if (!f.Text(&target)) return false;
        break;
      case 4:
        if (!f.Text(&type)) return false;
        break;
      case 5:
      case 6:
        if (args_begin < 0) args_begin = f.field_start();
        if (!f.Element(&s)) return false;
        pending->args += f.field() == 5;
        args_end = f.position();
        break;
      case 7:
        if (!f.Bytes(&s)) return false;
        meta = s;
        break;
      case 8:
        if (!f.Uint32(&ref)) return false;
        target_ref = ref;
        break;
      default:
        return false;
    }
  }
  if (!f.ok() || name.empty() || !has_op) return false;
  // A shared target is already a symbol: the node takes it as is.
  Symbol shared;
  if (target_ref) {
    if (!target.empty() || !Ref(*target_ref, &shared)) return false;
    target = shared.str();
  }
  if (!OneLine(target) || !OneLine(type)) return false;
  absl::StatusOr<Node*> created =
      target_ref ? graph->CreateNamedNode(op, name, shared, {}, {}, Symbol::Intern(type))
                 : graph->CreateNamedNode(op, name, target, {}, {}, type);
  if (!created.ok()) return false;
  if (meta) {
    // Read in place; an empty message leaves no metadata, as set_meta does.
    Node* node = *created;
    if (!Meta(*meta, &node->mutable_meta())) return false;
    if (node->meta().empty()) node->set_meta(NodeMeta());
  }
  nodes_.push_back(*created);
  pending->node = *created;
  if (args_begin >= 0) pending->bytes = absl::string_view(f.data() + args_begin, args_end - args_begin);
  return true;
}

bool Decoder::Arguments(const PendingArgs& pending) {
  Fields f(pending.bytes);
  std::vector<Argument> args;
  args.reserve(pending.args);
  KwArgs kwargs;
  while (f.Next()) {
    absl::string_view s;
    if (!f.Element(&s)) return false;
    if (f.field() == 5) {
      args.emplace_back();
      if (!ReadArgument(s, 0, &args.back())) return false;
    } else if (!KeywordArgument(s, &kwargs)) {
      return false;
    }
  }
  if (!f.ok()) return false;
  pending.node->SetArgsKwargs(std::move(args), std::move(kwargs));
  return true;
}

// KwArg: name, value; names are unique within a node.
bool Decoder::KeywordArgument(absl::string_view bytes, KwArgs* kwargs) {
  absl::string_view name, value;
  if (!NamedMessage(bytes, &name, &value) || name.empty()) return false;
  const Symbol keyword = Symbol::Intern(name);
  for (const KwArg& kw : *kwargs) {
    if (kw.name == keyword) return false;
  }
  kwargs->push_back(KwArg{keyword, Argument()});
  return ReadArgument(value, 0, &kwargs->back().value);
}

// Argument's scalar and text cases; false for the others (`*read` then
// tells a case that is not scalar from bytes that are not taken).
bool ScalarArgument(Fields& f, Argument* out, bool* read) {
  absl::string_view s;
  bool b;
  int64_t i;
  double d;
  uint64_t bits;
  *read = true;
  switch (f.field()) {
    case 1:
      if (!f.Empty()) return false;
      *out = Argument::None();
      return true;
    case 2:
      if (!f.Bool(&b)) return false;
      *out = Argument::Bool(b);
      return true;
    case 3:
      if (!f.Int64(&i)) return false;
      *out = Argument::Int(i);
      return true;
    case 4:
      if (!f.Double(&d)) return false;
      *out = Argument::Float(d);
      return true;
    case 5:
      if (!f.Fixed64(&bits)) return false;
      std::memcpy(&d, &bits, sizeof d);
      *out = Argument::Float(d);
      return true;
    case 6:
    case 13:
    case 16:
    case 18:
      if (!f.Text(&s)) return false;
      *out = f.field() == 6    ? Argument::String(s)
             : f.field() == 13 ? Argument::Device(s)
             : f.field() == 16 ? Argument::SymInt(s)
                               : Argument::Opaque(s);
      return true;
    case 17:
      if (!f.Empty()) return false;
      *out = Argument::EllipsisValue();
      return true;
    default:
      *read = false;
      return false;
  }
}

// Argument: exactly one of its oneof's fields.
bool Decoder::ReadArgument(absl::string_view bytes, int depth, Argument* out) {
  if (depth == kMaxArgumentNesting) return false;
  Fields f(bytes);
  if (!f.Next()) return false;
  bool scalar;
  if (!ScalarArgument(f, out, &scalar) && (scalar || !Composite(f, depth, out))) return false;
  return f.Done();
}

// Argument's node references, containers and enums.
bool Decoder::Composite(Fields& f, int depth, Argument* out) {
  absl::string_view s;
  uint32_t index;
  std::vector<Argument> elements;
  switch (f.field()) {
    case 7: {
      if (!f.Text(&s)) return false;
      Node* node = graph_->FindNode(s);
      if (node == nullptr) return false;
      *out = Argument::Ref(node);
      return true;
    }
    case 19:
      if (!f.Uint32(&index) || index >= nodes_.size()) return false;
      *out = Argument::Ref(nodes_[index]);
      return true;
    case 8:
    case 9:
      if (!f.Bytes(&s) || !Elements(s, depth + 1, &Decoder::ReadArgument, &elements)) return false;
      *out = f.field() == 8 ? Argument::List(std::move(elements))
                            : Argument::Tuple(std::move(elements));
      return true;
    case 10:
      return f.Bytes(&s) && Dict(s, depth + 1, out);
    case 11:
      return f.Bytes(&s) && ReadSlice(s, depth + 1, out);
    case 12: {
      ScalarType t;
      if (!Enum(f, proto::ScalarType_IsValid, &t)) return false;
      *out = Argument::Dtype(t);
      return true;
    }
    case 14: {
      MemoryFormat m;
      if (!Enum(f, proto::MemoryFormat_IsValid, &m)) return false;
      *out = Argument::Format(m);
      return true;
    }
    case 15: {
      Layout l;
      if (!Enum(f, proto::Layout_IsValid, &l)) return false;
      *out = Argument::LayoutValue(l);
      return true;
    }
    default:
      return false;
  }
}

// A list message (ArgumentList, ValueMetaList): field 1 repeated, each
// element read by `read` at `depth`.
template <typename T>
bool Decoder::Elements(absl::string_view bytes, int depth,
                       bool (Decoder::*read)(absl::string_view, int, T*), std::vector<T>* out) {
  Fields f(bytes);
  while (f.Next()) {
    absl::string_view s;
    if (f.field() != 1 || !f.Element(&s)) return false;
    out->emplace_back();
    if (!(this->*read)(s, depth, &out->back())) return false;
  }
  return f.ok();
}

// A message whose fields 1..N are all messages and all present (DictEntry,
// Slice).
template <size_t N>
bool MessageFields(absl::string_view bytes, absl::string_view (&out)[N]) {
  Fields f(bytes);
  size_t count = 0;
  while (f.Next()) {
    if (f.field() != static_cast<int>(count) + 1 || count == N || !f.Bytes(&out[count])) {
      return false;
    }
    ++count;
  }
  return f.ok() && count == N;
}

// ArgumentDict: entries of (key, value).
bool Decoder::Dict(absl::string_view bytes, int depth, Argument* out) {
  Fields f(bytes);
  std::vector<std::pair<Argument, Argument>> entries;
  while (f.Next()) {
    absl::string_view s;
    if (f.field() != 1 || !f.Element(&s)) return false;
    absl::string_view parts[2];
    if (!MessageFields(s, parts)) return false;
    entries.emplace_back();
    if (!ReadArgument(parts[0], depth, &entries.back().first) ||
        !ReadArgument(parts[1], depth, &entries.back().second)) {
      return false;
    }
  }
  if (!f.ok()) return false;
  *out = Argument::Dict(std::move(entries));
  return true;
}

// Slice: start, stop, step, all present.
bool Decoder::ReadSlice(absl::string_view bytes, int depth, Argument* out) {
  absl::string_view parts[3];
  Argument read[3];
  if (!MessageFields(bytes, parts)) return false;
  for (int i = 0; i < 3; ++i) {
    if (!ReadArgument(parts[i], depth, &read[i])) return false;
  }
  *out = Argument::Slice(std::move(read[0]), std::move(read[1]), std::move(read[2]));
  return true;
}

// SymDim messages of a shape or stride.
bool SymDimElement(absl::string_view bytes, DimVector* out) {
  Fields f(bytes);
  if (!f.Next()) return false;
  int64_t value;
  absl::string_view expr;
  if (f.field() == 1) {
    if (!f.Int64(&value) || SymDim(value).is_symbolic()) return false;
    out->push_back(SymDim(value));
  } else if (f.field() == 2) {
    if (!f.Text(&expr) || expr.empty()) return false;
    out->push_back(SymDim::Symbolic(expr));
  } else {
    return false;
  }
  return f.Done();
}

// A packed shape or stride; the SymDim spelling must then be absent.
bool PackedDims(Fields& f, DimVector* out) {
  if (!out->empty()) return false;
  return f.Packed([out](uint64_t v) {
    const SymDim dim(static_cast<int64_t>(v));
    out->push_back(dim);
    return !dim.is_symbolic();
  });
}

// TensorMeta: shape, stride, dtype, device, requires_grad, memory_format,
// device_ref, shape_values, stride_values.
bool Decoder::Tensor(absl::string_view bytes, TensorMeta* out) {
  Fields f(bytes);
  bool has_dtype = false;
  absl::string_view device, s;
  absl::optional<uint32_t> device_ref;
  while (f.Next()) {
    uint32_t ref;
    switch (f.field()) {
      case 1:
      case 2:
        if (!f.Element(&s) || !SymDimElement(s, f.field() == 1 ? &out->shape : &out->stride)) {
          return false;
        }
        break;
      case 3:
        if (!Enum(f, proto::ScalarType_IsValid, &out->dtype)) return false;
        has_dtype = true;
        break;
      case 4:
        if (!f.Text(&device)) return false;
        break;
      case 5:
        if (!f.Bool(&out->requires_grad)) return false;
        break;
      case 6: {
        MemoryFormat m;
        if (!Enum(f, proto::MemoryFormat_IsValid, &m)) return false;
        out->memory_format = m;
        break;
      }
      case 7:
        if (!f.Uint32(&ref)) return false;
        device_ref = ref;
        break;
      case 8:
      case 9:
        if (!PackedDims(f, f.field() == 8 ? &out->shape : &out->stride)) return false;
        break;
      default:
        return false;
    }
  }
  if (!f.ok() || !has_dtype) return false;
  if (!device_ref) {
    out->device = Symbol::Intern(device);
    return true;
  }
  return device.empty() && Ref(*device_ref, &out->device);
}

// ValueMeta: exactly one of its oneof's fields.
bool Decoder::Value(absl::string_view bytes, int depth, ValueMeta* out) {
  if (depth == kMaxArgumentNesting) return false;
  Fields f(bytes);
  if (!f.Next()) return false;
  absl::string_view s;
  int64_t i;
  double d;
  uint64_t bits;
  bool b;
  std::vector<ValueMeta> elements;
  switch (f.field()) {
    case 1:
      if (!f.Empty()) return false;
      *out = ValueMeta();
      break;
    case 2:
      // Read in place: a tensor's value is most of a node's metadata.
      if (!f.Bytes(&s) || !Tensor(s, &out->EmplaceTensor())) return false;
      break;
    case 3:
    case 4:
      if (!f.Bytes(&s) || !Elements(s, depth + 1, &Decoder::Value, &elements)) return false;
      *out = f.field() == 4 ? ValueMeta::List(std::move(elements))
                            : ValueMeta::Tuple(std::move(elements));
      break;
    case 5:
      if (!f.Int64(&i)) return false;
      *out = ValueMeta::Int(i);
      break;
    case 6:
    case 7:
      if (f.field() == 6 ? !f.Double(&d) : !f.Fixed64(&bits)) return false;
      if (f.field() == 7) std::memcpy(&d, &bits, sizeof d);
      *out = ValueMeta::Float(d);
      break;
    case 8:
      if (!f.Bool(&b)) return false;
      *out = ValueMeta::Bool(b);
      break;
    case 9:
    case 10:
    case 11:
      if (!f.Text(&s)) return false;
      *out = ValueMeta::Symbolic(f.field() == 9    ? ValueMeta::Kind::kSymInt
                                 : f.field() == 10 ? ValueMeta::Kind::kSymFloat
                                                   : ValueMeta::Kind::kSymBool,
                                 s);
      break;
    case 12:
      if (!f.Text(&s)) return false;
      *out = ValueMeta::Opaque(s);
      break;
    default:
      return false;
  }
  return f.Done();
}

// NodeMeta: val, stack_trace, nn_module_stack, source_fn_stack, tag, seq_nr,
// extra, stack_trace_ref, nn_module_stack_refs.
bool Decoder::Meta(absl::string_view bytes, NodeMeta* out) {
  Fields f(bytes);
  absl::string_view stack_trace;
  absl::optional<uint32_t> stack_trace_ref;
  bool inline_stack = false;
  while (f.Next()) {
    absl::string_view s, text[3];
    uint32_t ref;
    switch (f.field()) {
      case 1:
        out->val.emplace();
        if (!f.Bytes(&s) || !Value(s, 0, &*out->val)) return false;
        break;
      case 2:
        if (!f.Text(&stack_trace)) return false;
        break;
      case 3:
        if (!f.Element(&s) || !TextFields(s, text)) return false;
        out->nn_module_stack.push_back(ModuleStackEntry{
            Symbol::Intern(text[0]), Symbol::Intern(text[1]), Symbol::Intern(text[2])});
        inline_stack = true;
        break;
      case 8:
        if (!f.Uint32(&ref)) return false;
        stack_trace_ref = ref;
        break;
      case 9:
        if (!ModuleStackRefs(f, inline_stack, out)) return false;
        break;
      default:
        if (!MetaEntry(f, out)) return false;
        break;
    }
  }
  if (!f.ok()) return false;
  if (!stack_trace_ref) {
    out->stack_trace = Symbol::Intern(stack_trace);
    return true;
  }
  return stack_trace.empty() && Ref(*stack_trace_ref, &out->stack_trace);
}

// nn_module_stack_refs: (key, path, type) triples of string table indexes;
// the inline spelling must then be absent.
bool Decoder::ModuleStackRefs(Fields& f, bool inline_stack, NodeMeta* out) {
  Symbol entry[3];
  size_t count = 0;
  // A repeated field may come in several pieces: they append.
  absl::InlinedVector<ModuleStackEntry, 8> stack(out->nn_module_stack.begin(),
                                                 out->nn_module_stack.end());
  if (inline_stack || !f.Packed([&](uint64_t v) {
        if (v > UINT32_MAX || !Ref(static_cast<uint32_t>(v), &entry[count % 3])) return false;
        if (++count % 3 == 0) stack.push_back(ModuleStackEntry{entry[0], entry[1], entry[2]});
        return true;
      })) {
    return false;
  }
  if (count % 3 != 0) return false;
  out->nn_module_stack = ModuleStack(absl::MakeConstSpan(stack));
  return true;
}

// NodeMeta's source_fn_stack, tag, seq_nr and extra.
bool Decoder::MetaEntry(Fields& f, NodeMeta* out) {
  absl::string_view s, text[2];
  int64_t seq_nr;
  switch (f.field()) {
    case 4:
      if (!f.Element(&s) || !TextFields(s, text)) return false;
      out->source_fn_stack.push_back(SourceFnEntry{Symbol::Intern(text[0]), Symbol::Intern(text[1])});
      return true;
    case 5:
      if (!f.Text(&s)) return false;
      out->tag = Symbol::Intern(s);
      return true;
    case 6:
      if (!f.Int64(&seq_nr)) return false;
      out->seq_nr = seq_nr;
      return true;
    case 7:
      if (!f.Element(&s) || !TextFields(s, text)) return false;
      out->extra.emplace_back(std::string(text[0]), std::string(text[1]));
      return true;
    default:
      return false;
  }
}

}  // namespace

absl::optional<std::unique_ptr<GraphModule>> ReadCanonicalBinary(absl::string_view bytes) {
  if (bytes.size() > static_cast<size_t>(INT_MAX)) return absl::nullopt;
  return Decoder().Root(bytes);
}

}  // namespace fxpp
