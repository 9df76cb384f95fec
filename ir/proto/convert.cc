#include "ir/proto/convert.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "ir/limits.h"
#include "ir/proto/json_position.h"
#include "ir/proto/string_table.h"
#include "ir/proto/wire_writer.h"
#include "ir/proto/wire_reader.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

// Proto enums are the IR enums shifted by one (0 is UNSPECIFIED); these keep
// the two in step when either grows.
static_assert(proto::OpKind_MAX == static_cast<int>(OpKind::kOutput) + 1, "OpKind");
static_assert(proto::StateKind_MAX == static_cast<int>(StateKind::kConstant) + 1, "StateKind");
static_assert(proto::ScalarType_MAX == static_cast<int>(ScalarType::kUInt64) + 1, "ScalarType");
static_assert(proto::MemoryFormat_MAX == static_cast<int>(MemoryFormat::kPreserve) + 1,
              "MemoryFormat");
static_assert(proto::Layout_MAX == static_cast<int>(Layout::kJagged) + 1, "Layout");

template <typename ProtoEnum, typename IrEnum>
ProtoEnum ToProtoEnum(IrEnum value) {
  return static_cast<ProtoEnum>(static_cast<int>(value) + 1);
}

// ---- floats ---------------------------------------------------------------

uint64_t BitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

double FromBits(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

template <typename Message>
void SetFloat(double value, Message* out) {
  if (WritesFloatBits(value)) {
    out->set_float_bits(BitsOf(value));
  } else {
    out->set_float_value(value);
  }
}

// ---- IR -> proto -------------------------------------------------------------

}  // namespace

bool WriteScalarArgument(const Argument& arg, proto::Argument* out) {
  switch (arg.kind()) {
    case ArgKind::kNone:
      out->mutable_none();
      return true;
    case ArgKind::kBool:
      out->set_bool_value(arg.bool_value());
      return true;
    case ArgKind::kInt:
      out->set_int_value(arg.int_value());
      return true;
    case ArgKind::kFloat:
      SetFloat(arg.float_value(), out);
      return true;
    case ArgKind::kString:
      out->set_string_value(std::string(arg.text()));
      return true;
    default:
      return false;
  }
}

absl::optional<Argument> ReadScalarArgument(const proto::Argument& in) {
  switch (in.value_case()) {
    case proto::Argument::kNone:
      return Argument::None();
    case proto::Argument::kBoolValue:
      return Argument::Bool(in.bool_value());
    case proto::Argument::kIntValue:
      return Argument::Int(in.int_value());
    case proto::Argument::kFloatValue:
      return Argument::Float(in.float_value());
    case proto::Argument::kFloatBits:
      return Argument::Float(FromBits(in.float_bits()));
    case proto::Argument::kStringValue:
      return Argument::String(in.string_value());
    default:
      return absl::nullopt;
  }
}

namespace {

// How a module tree is being written: with a string table and node
// references by position (version 2), or every string inline (version 1,
// for JSON that reads without a table at hand).
struct Writer {
  StringTable* strings = nullptr;  // null: version 1
  // Version 2: each node's position in the graph being written, by Node::id().
  std::vector<uint32_t> position;
};

void WriteArgument(const Argument& arg, proto::Argument* out, const Writer& writer) {
  if (WriteScalarArgument(arg, out)) return;
  switch (arg.kind()) {
    case ArgKind::kNone:
    case ArgKind::kBool:
    case ArgKind::kInt:
    case ArgKind::kFloat:
    case ArgKind::kString:
      return;  // written above
    case ArgKind::kNode:
      if (writer.strings != nullptr) {
        out->set_node_index(writer.position[arg.node()->id()]);
      } else {
        out->set_node(std::string(arg.node()->name()));
      }
      return;
    case ArgKind::kList:
    case ArgKind::kTuple: {
      proto::ArgumentList* list =
          arg.kind() == ArgKind::kList ? out->mutable_list() : out->mutable_tuple();
      list->mutable_elements()->Reserve(static_cast<int>(arg.elements().size()));
      for (const Argument& e : arg.elements()) WriteArgument(e, list->add_elements(), writer);
      return;
    }
    case ArgKind::kDict: {
      proto::ArgumentDict* dict = out->mutable_dict();
      for (size_t i = 0; i < arg.dict_size(); ++i) {
        proto::DictEntry* entry = dict->add_entries();
        WriteArgument(arg.dict_key(i), entry->mutable_key(), writer);
        WriteArgument(arg.dict_value(i), entry->mutable_value(), writer);
      }
      return;
    }
    case ArgKind::kSlice: {
      proto::Slice* slice = out->mutable_slice();
      WriteArgument(arg.elements()[0], slice->mutable_start(), writer);
      WriteArgument(arg.elements()[1], slice->mutable_stop(), writer);
      WriteArgument(arg.elements()[2], slice->mutable_step(), writer);
      return;
    }
    case ArgKind::kDtype:
      out->set_dtype(ToProtoEnum<proto::ScalarType>(arg.dtype()));
      return;
    case ArgKind::kDevice:
      out->set_device(std::string(arg.text()));
      return;
    case ArgKind::kMemoryFormat:
      out->set_memory_format(ToProtoEnum<proto::MemoryFormat>(arg.memory_format()));
      return;
    case ArgKind::kLayout:
      out->set_layout(ToProtoEnum<proto::Layout>(arg.layout()));
      return;
    case ArgKind::kSymInt:
      out->set_sym_int(std::string(arg.text()));
      return;
    case ArgKind::kEllipsis:
      out->mutable_ellipsis();
      return;
    case ArgKind::kOpaque:
      out->set_opaque(std::string(arg.text()));
      return;
  }
}

void WriteDims(const DimVector& dims, google::protobuf::RepeatedPtrField<proto::SymDim>* out) {
  out->Reserve(static_cast<int>(dims.size()));
  for (const SymDim& d : dims) {
    proto::SymDim* dim = out->Add();
    if (d.is_symbolic()) {
      dim->set_expr(std::string(d.expr()));
    } else {
      dim->set_value(d.value());
    }
  }
}

// Version 2 writes integer-only dims packed: a SymDim message per dimension
// is most of the cost of a tensor's metadata.
bool WritePackedDims(const DimVector& dims, google::protobuf::RepeatedField<int64_t>* out) {
  for (const SymDim& d : dims) {
    if (d.is_symbolic()) return false;
  }
  out->Reserve(static_cast<int>(dims.size()));
  for (const SymDim& d : dims) out->AddAlreadyReserved(d.value());
  return true;
}

void WriteTensorMeta(const TensorMeta& t, proto::TensorMeta* out, const Writer& writer) {
  if (writer.strings == nullptr || !WritePackedDims(t.shape, out->mutable_shape_values())) {
    WriteDims(t.shape, out->mutable_shape());
  }
  if (writer.strings == nullptr || !WritePackedDims(t.stride, out->mutable_stride_values())) {
    WriteDims(t.stride, out->mutable_stride());
  }
  out->set_dtype(ToProtoEnum<proto::ScalarType>(t.dtype));
  if (writer.strings != nullptr) {
    out->set_device_ref(writer.strings->Ref(t.device));
  } else {
    out->set_device(std::string(t.device.str()));
  }
  out->set_requires_grad(t.requires_grad);
  if (t.memory_format.has_value()) {
    out->set_memory_format(ToProtoEnum<proto::MemoryFormat>(*t.memory_format));
  }
}

void WriteValueMeta(const ValueMeta& v, proto::ValueMeta* out, const Writer& writer) {
  switch (v.kind()) {
    case ValueMeta::Kind::kNone:
      out->mutable_none();
      return;
    case ValueMeta::Kind::kTensor:
      WriteTensorMeta(v.tensor(), out->mutable_tensor(), writer);
      return;
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList: {
      proto::ValueMetaList* list =
          v.kind() == ValueMeta::Kind::kList ? out->mutable_list() : out->mutable_tuple();
      for (const ValueMeta& e : v.elements()) WriteValueMeta(e, list->add_elements(), writer);
      return;
    }
    case ValueMeta::Kind::kInt:
      out->set_int_value(v.int_value());
      return;
    case ValueMeta::Kind::kFloat:
      SetFloat(v.float_value(), out);
      return;
    case ValueMeta::Kind::kBool:
      out->set_bool_value(v.bool_value());
      return;
    case ValueMeta::Kind::kSymInt:
      out->set_sym_int(std::string(v.text()));
      return;
    case ValueMeta::Kind::kSymFloat:
      out->set_sym_float(std::string(v.text()));
      return;
    case ValueMeta::Kind::kSymBool:
      out->set_sym_bool(std::string(v.text()));
      return;
    case ValueMeta::Kind::kOpaque:
      out->set_opaque(std::string(v.text()));
      return;
  }
}

void WriteNodeMeta(const NodeMeta& meta, proto::NodeMeta* out, const Writer& writer) {
  if (meta.val.has_value()) WriteValueMeta(*meta.val, out->mutable_val(), writer);
  if (writer.strings != nullptr) {
    if (!meta.stack_trace.empty()) out->set_stack_trace_ref(writer.strings->Ref(meta.stack_trace));
    google::protobuf::RepeatedField<uint32_t>* refs = out->mutable_nn_module_stack_refs();
    refs->Reserve(3 * static_cast<int>(meta.nn_module_stack.size()));
    for (const ModuleStackEntry& e : meta.nn_module_stack) {
      refs->Add(writer.strings->Ref(e.key));
      refs->Add(writer.strings->Ref(e.path));
      refs->Add(writer.strings->Ref(e.type));
    }
  } else {
    out->set_stack_trace(std::string(meta.stack_trace.str()));
    for (const ModuleStackEntry& e : meta.nn_module_stack) {
      proto::ModuleStackEntry* entry = out->add_nn_module_stack();
      entry->set_key(std::string(e.key.str()));
      entry->set_path(std::string(e.path.str()));
      entry->set_type(std::string(e.type.str()));
    }
  }
  for (const SourceFnEntry& e : meta.source_fn_stack) {
    proto::SourceFnEntry* entry = out->add_source_fn_stack();
    entry->set_name(std::string(e.name.str()));
    entry->set_target(std::string(e.target.str()));
  }
  if (meta.tag.has_value()) out->set_tag(std::string(meta.tag->str()));
  if (meta.seq_nr.has_value()) out->set_seq_nr(*meta.seq_nr);
  for (const auto& [key, json] : meta.extra) {
    proto::ExtraEntry* entry = out->add_extra();
    entry->set_key(key);
    entry->set_json_text(json);
  }
}

void WriteNode(const Node& node, proto::Node* out, const Writer& writer) {
  out->set_name(std::string(node.name()));
  out->set_op(ToProtoEnum<proto::OpKind>(node.op()));
  if (writer.strings != nullptr && SharedTarget(node.op())) {
    out->set_target_ref(writer.strings->Ref(node.target_symbol()));
  } else {
    out->set_target(std::string(node.target()));
  }
  out->set_type_annotation(std::string(node.type_annotation()));
  out->mutable_args()->Reserve(static_cast<int>(node.args().size()));
  for (const Argument& a : node.args()) WriteArgument(a, out->add_args(), writer);
  for (const KwArg& kw : node.kwargs()) {
    proto::KwArg* kwarg = out->add_kwargs();
    kwarg->set_name(std::string(kw.name.str()));
    WriteArgument(kw.value, kwarg->mutable_value(), writer);
  }
  if (node.has_meta()) WriteNodeMeta(node.meta(), out->mutable_meta(), writer);
}

void WriteModule(const GraphModule& module, proto::Module* out, Writer& writer) {
  out->set_class_name(module.class_name());
  if (module.has_graph()) {
    const Graph& g = module.graph();
    proto::Graph* graph = out->mutable_graph();
    graph->mutable_nodes()->Reserve(static_cast<int>(g.size()));
    if (writer.strings != nullptr) {
      writer.position.assign(g.id_bound(), 0);
      uint32_t position = 0;
      for (const Node* node : g.nodes()) writer.position[node->id()] = position++;
    }
    for (const Node* node : g.nodes()) WriteNode(*node, graph->add_nodes(), writer);
  }
  for (const auto& [name, child] : module.children()) {
    proto::Child* c = out->add_children();
    c->set_name(name);
    WriteModule(*child, c->mutable_module(), writer);
  }
  for (const StateEntry& s : module.state()) {
    proto::StateEntry* entry = out->add_state();
    entry->set_name(s.name);
    entry->set_kind(ToProtoEnum<proto::StateKind>(s.kind));
    WriteTensorMeta(s.tensor, entry->mutable_tensor(), writer);
    entry->set_persistent(s.persistent);
    entry->set_storage_group(s.storage_group);
  }
}

// ---- proto -> IR -------------------------------------------------------------

// Errors from FromProto carry the path of the offending field
// ("module.graph.nodes[3].args[0].node") under this payload key, so ParseJson
// can point at it in the text.
constexpr char kFieldPathPayload[] = "type.fxpp.dev/proto.FieldPath";

// A position in the message being read, as a chain of stack frames; only
// rendered when there is an error. A FieldPath points at its parent, so it
// must not outlive it: name each level (no `at.Element(..).Field(..)` kept
// beyond one expression).
struct FieldPath {
  const FieldPath* parent = nullptr;
  absl::string_view field;
  int index = -1;  // >= 0 for an element of a repeated field

  FieldPath Field(absl::string_view name) const { return FieldPath{this, name, -1}; }
  FieldPath Element(absl::string_view name, int i) const { return FieldPath{this, name, i}; }

  std::string ToString() const {
    std::vector<const FieldPath*> chain;
    for (const FieldPath* p = this; p != nullptr && !p->field.empty(); p = p->parent) {
      chain.push_back(p);
    }
    std::string out;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      if (!out.empty()) out += '.';
      absl::StrAppend(&out, (*it)->field);
      if ((*it)->index >= 0) absl::StrAppend(&out, "[", (*it)->index, "]");
    }
    return out;
  }
};

// The module (and node) an error is about, for its message, and the string
// table `*_ref` fields index (interned once per file, not once per use).
struct Where {
  const std::string* module_path = nullptr;  // "" for the root
  absl::string_view node;                     // empty outside a node
  const std::vector<Symbol>* strings = nullptr;

  std::string ToString() const {
    std::string out = module_path->empty() ? "root module"
                                           : absl::StrCat("module '", *module_path, "'");
    if (!node.empty()) absl::StrAppend(&out, ", node '", node, "'");
    return out;
  }
};

absl::Status Error(const FieldPath& at, const Where& where, absl::string_view what) {
  absl::Status status =
      absl::InvalidArgumentError(absl::StrCat(where.ToString(), ": ", what));
  status.SetPayload(kFieldPathPayload, absl::Cord(at.ToString()));
  return status;
}

absl::Status TooDeep(const FieldPath& at, const Where& where, absl::string_view what) {
  return Error(at, where, absl::StrCat(what, " nested more than ", kMaxArgumentNesting,
                                       " deep (fxpp's limit, so that every format can hold them)"));
}

// fxg and FX text print class names, targets and type annotations verbatim
// on one line; PyTorch never puts a line break in them, and a module that
// held one could not be written in those formats and read back.
absl::Status CheckOneLine(absl::string_view text, absl::string_view what, const FieldPath& at,
                          const Where& where) {
  if (text.find('\n') == absl::string_view::npos) return absl::OkStatus();
  return Error(at, where, absl::StrCat(what, " contains a line break"));
}

// The string `ref` points at in the file's string table, for the field
// `what` whose inline spelling `inline_text` must then be empty.
absl::StatusOr<Symbol> ReadRef(uint32_t ref, absl::string_view inline_text,
                               absl::string_view what, const FieldPath& at, const Where& where) {
  if (!inline_text.empty()) {
    return Error(at, where, absl::StrCat(what, " is given both inline and as a string table index"));
  }
  if (ref >= where.strings->size()) {
    return Error(at, where, absl::StrCat(what, " refers to string #", ref, " of a table of ",
                                         where.strings->size()));
  }
  return (*where.strings)[ref];
}

// Reads a proto enum value as the IR enum; 0 (UNSPECIFIED) counts as missing.
template <typename IrEnum>
absl::StatusOr<IrEnum> ReadEnum(int value, bool (*is_valid)(int), absl::string_view what,
                                const FieldPath& at, const Where& where) {
  if (value == 0) return Error(at, where, absl::StrCat("missing ", what));
  if (!is_valid(value)) return Error(at, where, absl::StrCat("unknown ", what, " value ", value));
  return static_cast<IrEnum>(value - 1);
}

// A shape or stride as SymDim messages.
absl::Status ReadDims(const google::protobuf::RepeatedPtrField<proto::SymDim>& dims,
                      absl::string_view field, const FieldPath& at, const Where& where,
                      DimVector* out) {
  out->reserve(dims.size());
  for (int i = 0; i < dims.size(); ++i) {
    const proto::SymDim& d = dims[i];
    switch (d.dim_case()) {
      case proto::SymDim::kValue:
        // SymDim keeps symbolic dims in a reserved range of int64 values.
        if (SymDim(d.value()).is_symbolic()) {
          return Error(at.Element(field, i).Field("value"), where,
                       absl::StrCat(field, " dimension ", d.value(), " is out of range"));
        }
        out->push_back(SymDim(d.value()));
        break;
      case proto::SymDim::kExpr:
        if (d.expr().empty()) {
          return Error(at.Element(field, i).Field("expr"), where,
                       "empty symbolic dimension expression");
        }
        out->push_back(SymDim::Symbolic(d.expr()));
        break;
      case proto::SymDim::DIM_NOT_SET:
        return Error(at.Element(field, i), where,
                     absl::StrCat(field, " dimension ", i, " has no value"));
    }
  }
  return absl::OkStatus();
}

// A shape or stride packed (version 2); `messages` is its other spelling,
// which must then be empty.
absl::Status ReadPackedDims(const google::protobuf::RepeatedField<int64_t>& values,
                            const google::protobuf::RepeatedPtrField<proto::SymDim>& messages,
                            absl::string_view field, const FieldPath& at, const Where& where,
                            DimVector* out) {
  if (values.empty()) return absl::OkStatus();
  if (!messages.empty()) {
    return Error(at.Field(field), where,
                 absl::StrCat(field, " is given both packed and as SymDim messages"));
  }
  out->reserve(values.size());
  for (int i = 0; i < values.size(); ++i) {
    if (SymDim(values[i]).is_symbolic()) {
      return Error(at.Element(field, i), where,
                   absl::StrCat(field, " dimension ", values[i], " is out of range"));
    }
    out->push_back(SymDim(values[i]));
  }
  return absl::OkStatus();
}

absl::StatusOr<TensorMeta> ReadTensorMeta(const proto::TensorMeta& in, const FieldPath& at,
                                          const Where& where) {
  TensorMeta t;
  RETURN_IF_ERROR(ReadDims(in.shape(), "shape", at, where, &t.shape));
  RETURN_IF_ERROR(ReadDims(in.stride(), "stride", at, where, &t.stride));
  RETURN_IF_ERROR(
      ReadPackedDims(in.shape_values(), in.shape(), "shape_values", at, where, &t.shape));
  RETURN_IF_ERROR(
      ReadPackedDims(in.stride_values(), in.stride(), "stride_values", at, where, &t.stride));
  ASSIGN_OR_RETURN(t.dtype, ReadEnum<ScalarType>(in.dtype(), proto::ScalarType_IsValid,
                                                 "tensor dtype", at.Field("dtype"), where));
  if (in.has_device_ref()) {
    ASSIGN_OR_RETURN(t.device, ReadRef(in.device_ref(), in.device(), "device",
                                       at.Field("device_ref"), where));
  } else {
    t.device = Symbol::Intern(in.device());
  }
  t.requires_grad = in.requires_grad();
  if (in.has_memory_format()) {
    ASSIGN_OR_RETURN(t.memory_format,
                     ReadEnum<MemoryFormat>(in.memory_format(), proto::MemoryFormat_IsValid,
                                            "tensor memory_format", at.Field("memory_format"),
                                            where));
  }
  return t;
}

// `depth`: the nesting this value is at (ir/limits.h).
absl::StatusOr<ValueMeta> ReadValueMeta(const proto::ValueMeta& in, const FieldPath& at,
                                        const Where& where, int depth = 0) {
  if (depth == kMaxArgumentNesting) return TooDeep(at, where, "value metadata");
  switch (in.value_case()) {
    case proto::ValueMeta::kNone:
      return ValueMeta();
    case proto::ValueMeta::kTensor: {
      ASSIGN_OR_RETURN(TensorMeta t, ReadTensorMeta(in.tensor(), at.Field("tensor"), where));
      return ValueMeta::Tensor(std::move(t));
    }
    case proto::ValueMeta::kTuple:
    case proto::ValueMeta::kList: {
      const bool is_list = in.value_case() == proto::ValueMeta::kList;
      const proto::ValueMetaList& list = is_list ? in.list() : in.tuple();
      const FieldPath list_at = at.Field(is_list ? "list" : "tuple");
      std::vector<ValueMeta> elements;
      elements.reserve(list.elements_size());
      for (int i = 0; i < list.elements_size(); ++i) {
        ASSIGN_OR_RETURN(ValueMeta e,
                         ReadValueMeta(list.elements(i), list_at.Element("elements", i), where,
                                       depth + 1));
        elements.push_back(std::move(e));
      }
      return is_list ? ValueMeta::List(std::move(elements))
                     : ValueMeta::Tuple(std::move(elements));
    }
    case proto::ValueMeta::kIntValue:
      return ValueMeta::Int(in.int_value());
    case proto::ValueMeta::kFloatValue:
      return ValueMeta::Float(in.float_value());
    case proto::ValueMeta::kFloatBits:
      return ValueMeta::Float(FromBits(in.float_bits()));
    case proto::ValueMeta::kBoolValue:
      return ValueMeta::Bool(in.bool_value());
    case proto::ValueMeta::kSymInt:
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, in.sym_int());
    case proto::ValueMeta::kSymFloat:
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymFloat, in.sym_float());
    case proto::ValueMeta::kSymBool:
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymBool, in.sym_bool());
    case proto::ValueMeta::kOpaque:
      return ValueMeta::Opaque(in.opaque());
    case proto::ValueMeta::VALUE_NOT_SET:
      break;
  }
  return Error(at, where, "value metadata has no value");
}

// nn_module_stack_refs: (key, path, type) triples of string table indexes.
absl::Status ReadModuleStackRefs(const proto::NodeMeta& in, const FieldPath& at,
                                 const Where& where, ModuleStack* out) {
  const FieldPath refs_at = at.Field("nn_module_stack_refs");
  const int size = in.nn_module_stack_refs_size();
  if (in.nn_module_stack_size() > 0) {
    return Error(refs_at, where, "nn_module_stack is given both inline and as string table indexes");
  }
  if (size % 3 != 0) {
    return Error(refs_at, where,
                 absl::StrCat("nn_module_stack_refs holds ", size,
                              " indexes, not (key, path, type) triples"));
  }
  for (int i = 0; i < size; i += 3) {
    Symbol entry[3];
    for (int j = 0; j < 3; ++j) {
      ASSIGN_OR_RETURN(entry[j], ReadRef(in.nn_module_stack_refs(i + j), {}, "nn_module_stack",
                                         refs_at, where));
    }
    out->push_back(ModuleStackEntry{entry[0], entry[1], entry[2]});
  }
  return absl::OkStatus();
}

absl::StatusOr<NodeMeta> ReadNodeMeta(const proto::NodeMeta& in, const FieldPath& at,
                                      const Where& where) {
  NodeMeta meta;
  if (in.has_val()) {
    ASSIGN_OR_RETURN(meta.val, ReadValueMeta(in.val(), at.Field("val"), where));
  }
  if (in.has_stack_trace_ref()) {
    ASSIGN_OR_RETURN(meta.stack_trace, ReadRef(in.stack_trace_ref(), in.stack_trace(),
                                               "stack trace", at.Field("stack_trace_ref"), where));
  } else {
    meta.stack_trace = Symbol::Intern(in.stack_trace());
  }
  if (in.nn_module_stack_refs_size() > 0) {
    RETURN_IF_ERROR(ReadModuleStackRefs(in, at, where, &meta.nn_module_stack));
  } else {
    for (const proto::ModuleStackEntry& e : in.nn_module_stack()) {
      meta.nn_module_stack.push_back(ModuleStackEntry{
          Symbol::Intern(e.key()), Symbol::Intern(e.path()), Symbol::Intern(e.type())});
    }
  }
  meta.source_fn_stack.reserve(in.source_fn_stack_size());
  for (const proto::SourceFnEntry& e : in.source_fn_stack()) {
    meta.source_fn_stack.push_back(
        SourceFnEntry{Symbol::Intern(e.name()), Symbol::Intern(e.target())});
  }
  if (in.has_tag()) meta.tag = Symbol::Intern(in.tag());
  if (in.has_seq_nr()) meta.seq_nr = in.seq_nr();
  meta.extra.reserve(in.extra_size());
  for (const proto::ExtraEntry& e : in.extra()) meta.extra.emplace_back(e.key(), e.json_text());
  return meta;
}

// The nodes of one graph being read, in file order: all of them exist
// before any argument is read. References by name resolve through the
// graph's own name table.
struct GraphScope {
  const Graph* graph = nullptr;
  std::vector<Node*> created;
};

// `depth`: the nesting this argument is at (ir/limits.h).
absl::StatusOr<Argument> ReadArgument(const proto::Argument& in, const FieldPath& at,
                                      const Where& where, const GraphScope& scope,
                                      int depth = 0);

// A list or tuple at `depth`.
absl::StatusOr<Argument> ReadSequence(const proto::Argument& in, const FieldPath& at,
                                      const Where& where, const GraphScope& scope, int depth) {
  const bool is_list = in.value_case() == proto::Argument::kList;
  const proto::ArgumentList& list = is_list ? in.list() : in.tuple();
  const FieldPath list_at = at.Field(is_list ? "list" : "tuple");
  std::vector<Argument> elements;
  elements.reserve(list.elements_size());
  for (int i = 0; i < list.elements_size(); ++i) {
    ASSIGN_OR_RETURN(Argument e, ReadArgument(list.elements(i),
                                              list_at.Element("elements", i), where, scope, depth + 1));
    elements.push_back(std::move(e));
  }
  return is_list ? Argument::List(std::move(elements)) : Argument::Tuple(std::move(elements));
}

absl::StatusOr<Argument> ReadDict(const proto::ArgumentDict& dict, const FieldPath& dict_at,
                                  const Where& where, const GraphScope& scope, int depth) {
  std::vector<std::pair<Argument, Argument>> entries;
  entries.reserve(dict.entries_size());
  for (int i = 0; i < dict.entries_size(); ++i) {
    const proto::DictEntry& entry = dict.entries(i);
    const FieldPath entry_at = dict_at.Element("entries", i);
    if (!entry.has_key() || !entry.has_value()) {
      return Error(entry_at, where,
                   absl::StrCat("dict entry ", i, " lacks its ",
                                entry.has_key() ? "value" : "key"));
    }
    ASSIGN_OR_RETURN(Argument key,
                     ReadArgument(entry.key(), entry_at.Field("key"), where, scope, depth + 1));
    ASSIGN_OR_RETURN(Argument value,
                     ReadArgument(entry.value(), entry_at.Field("value"), where, scope, depth + 1));
    entries.emplace_back(std::move(key), std::move(value));
  }
  return Argument::Dict(std::move(entries));
}

absl::StatusOr<Argument> ReadSlice(const proto::Slice& slice, const FieldPath& slice_at,
                                   const Where& where, const GraphScope& scope, int depth) {
  if (!slice.has_start() || !slice.has_stop() || !slice.has_step()) {
    return Error(slice_at, where, "a slice needs start, stop and step (None when unset)");
  }
  ASSIGN_OR_RETURN(Argument start,
                   ReadArgument(slice.start(), slice_at.Field("start"), where, scope, depth + 1));
  ASSIGN_OR_RETURN(Argument stop,
                   ReadArgument(slice.stop(), slice_at.Field("stop"), where, scope, depth + 1));
  ASSIGN_OR_RETURN(Argument step,
                   ReadArgument(slice.step(), slice_at.Field("step"), where, scope, depth + 1));
  return Argument::Slice(std::move(start), std::move(stop), std::move(step));
}

absl::StatusOr<Argument> ReadArgument(const proto::Argument& in, const FieldPath& at,
                                      const Where& where, const GraphScope& scope, int depth) {
  if (depth == kMaxArgumentNesting) return TooDeep(at, where, "values");
  if (absl::optional<Argument> scalar = ReadScalarArgument(in)) return *std::move(scalar);
  switch (in.value_case()) {
    case proto::Argument::kNode: {
      const std::string& name = in.node();
      Node* node = scope.graph->FindNode(name);
      if (node == nullptr) {
        return Error(at.Field("node"), where,
                     absl::StrCat("refers to '", name, "', which is not a node of this graph"));
      }
      return Argument::Ref(node);
    }
    case proto::Argument::kNodeIndex:
      if (in.node_index() >= scope.created.size()) {
        return Error(at.Field("node_index"), where,
                     absl::StrCat("refers to node #", in.node_index(), " of a graph of ",
                                  scope.created.size(), " nodes"));
      }
      return Argument::Ref(scope.created[in.node_index()]);
    case proto::Argument::kList:
    case proto::Argument::kTuple:
      return ReadSequence(in, at, where, scope, depth);
    case proto::Argument::kDict:
      return ReadDict(in.dict(), at.Field("dict"), where, scope, depth);
    case proto::Argument::kSlice:
      return ReadSlice(in.slice(), at.Field("slice"), where, scope, depth);
    case proto::Argument::kDtype: {
      ASSIGN_OR_RETURN(ScalarType t, ReadEnum<ScalarType>(in.dtype(), proto::ScalarType_IsValid,
                                                          "dtype", at.Field("dtype"), where));
      return Argument::Dtype(t);
    }
    case proto::Argument::kDevice:
      return Argument::Device(in.device());
    case proto::Argument::kMemoryFormat: {
      ASSIGN_OR_RETURN(MemoryFormat f,
                       ReadEnum<MemoryFormat>(in.memory_format(), proto::MemoryFormat_IsValid,
                                              "memory_format", at.Field("memory_format"), where));
      return Argument::Format(f);
    }
    case proto::Argument::kLayout: {
      ASSIGN_OR_RETURN(Layout l, ReadEnum<Layout>(in.layout(), proto::Layout_IsValid, "layout",
                                                  at.Field("layout"), where));
      return Argument::LayoutValue(l);
    }
    case proto::Argument::kSymInt:
      return Argument::SymInt(in.sym_int());
    case proto::Argument::kEllipsis:
      return Argument::EllipsisValue();
    case proto::Argument::kOpaque:
      return Argument::Opaque(in.opaque());
    case proto::Argument::kNone:
    case proto::Argument::kBoolValue:
    case proto::Argument::kIntValue:
    case proto::Argument::kFloatValue:
    case proto::Argument::kFloatBits:
    case proto::Argument::kStringValue:
      break;  // read above
    case proto::Argument::VALUE_NOT_SET:
      break;
  }
  return Error(at, where, "argument has no value");
}

// Node #`index` of its graph, without arguments.
absl::StatusOr<Node*> CreateNode(const proto::Node& node, int index, const FieldPath& node_at,
                                 const Where& module_only, const GraphScope& scope,
                                 Graph* graph) {
  Where where = module_only;
  where.node = node.name();
  ASSIGN_OR_RETURN(OpKind op, ReadEnum<OpKind>(node.op(), proto::OpKind_IsValid, "op",
                                               node_at.Field("op"), where));
  absl::string_view target = node.target();
  if (node.has_target_ref()) {
    ASSIGN_OR_RETURN(Symbol shared, ReadRef(node.target_ref(), node.target(), "target",
                                            node_at.Field("target_ref"), where));
    target = shared.str();
  }
  RETURN_IF_ERROR(CheckOneLine(target, "target", node_at.Field("target"), where));
  RETURN_IF_ERROR(CheckOneLine(node.type_annotation(), "type annotation",
                               node_at.Field("type_annotation"), where));
  absl::StatusOr<Node*> created =
      graph->CreateNamedNode(op, node.name(), target, {}, {}, node.type_annotation());
  if (created.ok()) return created;
  const FieldPath name_at = node_at.Field("name");
  if (absl::IsAlreadyExists(created.status())) {
    // Rare: find the first holder of the name only now.
    const Node* first = graph->FindNode(node.name());
    const auto it = std::find(scope.created.begin(), scope.created.end(), first);
    return Error(name_at, module_only,
                 absl::StrCat("duplicate node name '", node.name(), "' (nodes #",
                              it - scope.created.begin(), " and #", index, ")"));
  }
  return Error(name_at, module_only, created.status().message());
}

absl::Status ReadGraph(const proto::Graph& in, const FieldPath& at, Where where, Graph* graph) {
  const int size = in.nodes_size();
  GraphScope scope;
  scope.graph = graph;
  graph->Reserve(size);
  // Every node first, then the arguments: FX graphs may use a node before
  // the line that defines it (an unsorted graph prints and reads back as FX
  // text does); the verifier decides whether that is allowed.
  scope.created.reserve(size);
  for (int i = 0; i < size; ++i) {
    const proto::Node& node = in.nodes(i);
    const FieldPath node_at = at.Element("nodes", i);
    where.node = {};
    if (node.name().empty()) {
      return Error(node_at.Field("name"), where, absl::StrCat("node #", i, " has no name"));
    }
    ASSIGN_OR_RETURN(Node* created, CreateNode(node, i, node_at, where, scope, graph));
    where.node = node.name();
    if (node.has_meta()) {
      ASSIGN_OR_RETURN(NodeMeta meta, ReadNodeMeta(node.meta(), node_at.Field("meta"), where));
      created->set_meta(std::move(meta));
    }
    scope.created.push_back(created);
  }
  for (int i = 0; i < size; ++i) {
    const proto::Node& node = in.nodes(i);
    const FieldPath node_at = at.Element("nodes", i);
    where.node = node.name();
    std::vector<Argument> args;
    args.reserve(node.args_size());
    for (int a = 0; a < node.args_size(); ++a) {
      ASSIGN_OR_RETURN(Argument arg,
                       ReadArgument(node.args(a), node_at.Element("args", a), where, scope));
      args.push_back(std::move(arg));
    }
    KwArgs kwargs;
    kwargs.reserve(node.kwargs_size());
    absl::flat_hash_set<absl::string_view> keywords;
    for (int k = 0; k < node.kwargs_size(); ++k) {
      const proto::KwArg& kw = node.kwargs(k);
      const FieldPath kw_at = node_at.Element("kwargs", k);
      if (kw.name().empty()) {
        return Error(kw_at.Field("name"), where,
                     absl::StrCat("keyword argument #", k, " has no name"));
      }
      if (!keywords.insert(kw.name()).second) {
        return Error(kw_at.Field("name"), where,
                     absl::StrCat("keyword argument '", kw.name(), "' is given twice"));
      }
      if (!kw.has_value()) {
        return Error(kw_at, where, absl::StrCat("keyword argument '", kw.name(), "' has no value"));
      }
      ASSIGN_OR_RETURN(Argument value,
                       ReadArgument(kw.value(), kw_at.Field("value"), where, scope));
      kwargs.push_back(KwArg{Symbol::Intern(kw.name()), std::move(value)});
    }
    scope.created[i]->SetArgsKwargs(std::move(args), std::move(kwargs));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<GraphModule>> ReadModule(const proto::Module& in,
                                                        const FieldPath& at,
                                                        const std::string& path,
                                                        const std::vector<Symbol>& strings,
                                                        int depth = 0) {
  const Where where{&path, {}, &strings};
  if (depth > kMaxModuleDepth) {
    return Error(at, where, absl::StrCat("submodules nested more than ", kMaxModuleDepth,
                                         " levels deep (fxpp's limit)"));
  }
  RETURN_IF_ERROR(CheckOneLine(in.class_name(), "class name", at.Field("class_name"), where));
  std::unique_ptr<GraphModule> module = in.has_graph()
                                            ? std::make_unique<GraphModule>(in.class_name())
                                            : GraphModule::Opaque(in.class_name());
  if (in.has_graph()) {
    RETURN_IF_ERROR(ReadGraph(in.graph(), at.Field("graph"), where, &module->graph()));
  }
  for (int i = 0; i < in.state_size(); ++i) {
    const proto::StateEntry& s = in.state(i);
    const FieldPath state_at = at.Element("state", i);
    StateEntry entry;
    entry.name = s.name();
    ASSIGN_OR_RETURN(entry.kind,
                     ReadEnum<StateKind>(s.kind(), proto::StateKind_IsValid,
                                         absl::StrCat("kind of state entry '", s.name(), "'"),
                                         state_at.Field("kind"), where));
    if (!s.has_tensor()) {
      return Error(state_at, where, absl::StrCat("state entry '", s.name(), "' has no tensor"));
    }
    ASSIGN_OR_RETURN(entry.tensor, ReadTensorMeta(s.tensor(), state_at.Field("tensor"), where));
    entry.persistent = s.persistent();
    entry.storage_group = s.storage_group();
    absl::Status added = module->AddState(std::move(entry));
    if (!added.ok()) return Error(state_at.Field("name"), where, added.message());
  }
  for (int i = 0; i < in.children_size(); ++i) {
    const proto::Child& c = in.children(i);
    const FieldPath child_at = at.Element("children", i);
    if (!c.has_module()) {
      return Error(child_at, where, absl::StrCat("submodule '", c.name(), "' has no module"));
    }
    const std::string child_path = path.empty() ? c.name() : absl::StrCat(path, ".", c.name());
    ASSIGN_OR_RETURN(std::unique_ptr<GraphModule> child,
                     ReadModule(c.module(), child_at.Field("module"), child_path, strings,
                                depth + 1));
    absl::StatusOr<GraphModule*> added = module->AddChild(c.name(), std::move(child));
    if (!added.ok()) return Error(child_at.Field("name"), where, added.status().message());
  }
  return module;
}

// ---- file helpers ------------------------------------------------------------

absl::Status FileError(absl::string_view filename, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat(filename, ": ", message));
}

absl::Status FileErrorAt(absl::string_view filename, absl::string_view text, size_t offset,
                         absl::string_view message) {
  return absl::InvalidArgumentError(
      absl::StrCat(json_position::Located(filename, text, offset), ": ", message));
}

void WriteRoot(const GraphModule& module, ProtoStrings strings, proto::GraphModule* out) {
  Writer writer;
  StringTable table;
  if (strings == ProtoStrings::kTable) writer.strings = &table;
  out->set_format_version(strings == ProtoStrings::kTable ? 2 : 1);
  WriteModule(module, out->mutable_module(), writer);
  out->mutable_strings()->Reserve(static_cast<int>(table.strings().size()));
  for (Symbol s : table.strings()) out->add_strings(std::string(s.str()));
}

// A message for the I/O helpers' own use. A graph is millions of small
// messages; an arena makes allocating and freeing them several times cheaper.
proto::GraphModule* NewMessage(google::protobuf::Arena* arena) {
  return google::protobuf::Arena::CreateMessage<proto::GraphModule>(arena);
}

}  // namespace

proto::GraphModule ToProto(const GraphModule& module) {
  proto::GraphModule out;
  WriteRoot(module, ProtoStrings::kInline, &out);
  return out;
}

void ToProto(const GraphModule& module, ProtoStrings strings, proto::GraphModule* out) {
  WriteRoot(module, strings, out);
}

absl::StatusOr<std::unique_ptr<GraphModule>> FromProto(const proto::GraphModule& message) {
  const FieldPath root;
  const std::string root_path;
  const Where where{&root_path, {}};
  if (message.format_version() == 0) {
    return Error(root.Field("format_version"), where, "missing format_version");
  }
  if (message.format_version() > kProtoFormatVersion) {
    return Error(root.Field("format_version"), where,
                 absl::StrCat("format_version ", message.format_version(),
                              " is newer than this reader supports (", kProtoFormatVersion, ")"));
  }
  if (!message.has_module()) return Error(root, where, "missing module");
  std::vector<Symbol> strings;
  strings.reserve(message.strings_size());
  for (const std::string& s : message.strings()) strings.push_back(Symbol::Intern(s));
  return ReadModule(message.module(), root.Field("module"), root_path, strings);
}

std::string SerializeBinary(const GraphModule& module) { return WriteCanonicalBinary(module); }

absl::StatusOr<std::unique_ptr<GraphModule>> ParseBinary(absl::string_view bytes,
                                                         absl::string_view filename) {
  if (bytes.size() > static_cast<size_t>(INT_MAX)) {
    return FileError(filename, "file too large for the protobuf binary format (over 2 GiB)");
  }
  // What protobuf's serializer wrote reads without the message tree; the
  // tree is the reference for anything else, and for every error.
  if (absl::optional<std::unique_ptr<GraphModule>> module = ReadCanonicalBinary(bytes)) {
    return *std::move(module);
  }
  google::protobuf::Arena arena;
  proto::GraphModule* message = NewMessage(&arena);
  if (!message->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return FileError(filename,
                     "not a valid fxpp binary GraphModule (truncated or corrupt protobuf data)");
  }
  absl::StatusOr<std::unique_ptr<GraphModule>> module = FromProto(*message);
  if (!module.ok()) return FileError(filename, module.status().message());
  return module;
}

absl::StatusOr<std::string> SerializeJson(const GraphModule& module) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  google::protobuf::Arena arena;
  proto::GraphModule* message = NewMessage(&arena);
  WriteRoot(module, ProtoStrings::kInline, message);
  std::string json;
  const auto status = google::protobuf::util::MessageToJsonString(*message, &json, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write JSON: ", std::string(status.message())));
  }
  return json;
}

absl::StatusOr<std::unique_ptr<GraphModule>> ParseJson(absl::string_view text,
                                                       absl::string_view filename) {
  if (absl::optional<json_position::SyntaxError> error = json_position::FindSyntaxError(text)) {
    return FileErrorAt(filename, text, error->offset, error->message);
  }
  // Points at `path` (or as close to it as the text allows) when known.
  auto error_at = [&](const absl::optional<std::string>& path, absl::string_view message) {
    return path.has_value()
               ? FileErrorAt(filename, text, json_position::FindPath(text, *path), message)
               : FileError(filename, message);
  };
  google::protobuf::Arena arena;
  proto::GraphModule* message = NewMessage(&arena);
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), message);
  if (!status.ok()) {
    const json_position::ProtobufError error =
        json_position::LocateProtobufError(text, std::string(status.message()));
    return error.offset.has_value() ? FileErrorAt(filename, text, *error.offset, error.message)
                                    : FileError(filename, error.message);
  }
  absl::StatusOr<std::unique_ptr<GraphModule>> module = FromProto(*message);
  if (!module.ok()) {
    absl::optional<absl::Cord> path = module.status().GetPayload(kFieldPathPayload);
    return error_at(path ? absl::make_optional(std::string(*path)) : absl::nullopt,
                    module.status().message());
  }
  return module;
}

}  // namespace fxpp
