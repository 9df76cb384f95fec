#include "tools/python/ext/from_torch.h"

#include <structmember.h>  // T_OBJECT(_EX): after Python.h, which from_torch.h includes

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/types/optional.h"
#include "ir/names.h"
#include "tools/python/ext/topo_sort.h"

namespace fxpp {
namespace pyext {
namespace {

bool IsInstance(PyObject* obj, PyObject* type) {
  if (type == nullptr) return false;
  if (Py_TYPE(obj) == reinterpret_cast<PyTypeObject*>(type)) return true;
  // A subtype's instance is one to isinstance when the class's metaclass is
  // plain `type` (its __instancecheck__ starts with this check), without the
  // protocol's lookups: a make_fx GraphModule is an instance of its own
  // subclass of GraphModule.
  if (Py_TYPE(type) == &PyType_Type &&
      PyType_IsSubtype(Py_TYPE(obj), reinterpret_cast<PyTypeObject*>(type))) {
    return true;
  }
  const int r = PyObject_IsInstance(obj, type);
  if (r < 0) throw py::error_already_set();
  return r == 1;
}

// Whether `obj` is a torch.Tensor (FakeTensors, Parameters included): a
// subtype check. torch.Tensor's metaclass defines no __instancecheck__, so
// this is what isinstance answers, without looking that hook up per value.
bool IsTensor(PyObject* obj, PyObject* tensor_type) {
  return PyObject_TypeCheck(obj, reinterpret_cast<PyTypeObject*>(tensor_type));
}

// Whether `v`, an int, is stored in one machine word, and then its value
// in `value`: read in place on Pythons that expose compact ints (3.12+),
// without PyLong_AsLongLong's checks and error state (most of a shape's
// cost).
inline bool CompactInt([[maybe_unused]] PyObject* v, [[maybe_unused]] long long* value) {
#if PY_VERSION_HEX >= 0x030C0000
  auto* number = reinterpret_cast<PyLongObject*>(v);
  if (PyUnstable_Long_IsCompact(number)) {
    *value = PyUnstable_Long_CompactValue(number);
    return true;
  }
#endif
  return false;
}

// A dim of a shape or stride: an int, or a SymInt (symbolic unless its text
// is a plain number).
SymDim Dim(PyObject* d) {
  long long value = 0;
  if (PyLong_CheckExact(d) && CompactInt(d, &value)) return SymDim(value);
  if (PyLong_Check(d)) return SymDim(PyLong_AsLongLong(d));
  py::str text(py::handle{d});
  absl::string_view s = StrView(text.ptr());
  int64_t number = 0;
  if (absl::SimpleAtoi(s, &number)) return SymDim(number);
  return SymDim::Symbolic(s);
}

DimVector Dims(PyObject* seq) {
  DimVector dims;
  if (PyTuple_Check(seq)) {  // torch.Size and strides: no iterator, no new references
    const Py_ssize_t n = PyTuple_GET_SIZE(seq);
    dims.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) dims.push_back(Dim(PyTuple_GET_ITEM(seq, i)));
    return dims;
  }
  py::handle h(seq);
  for (py::handle d : h) dims.push_back(Dim(d.ptr()));
  return dims;
}

// A dict's version: a number CPython changes whenever the dict changes
// (PEP 509, kept up to 3.13), or nullopt on versions without one.
absl::optional<uint64_t> DictVersion([[maybe_unused]] PyObject* dict) {
#if PY_VERSION_HEX < 0x030E0000
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // 3.12 deprecates it, 3.14 drops it
  return reinterpret_cast<PyDictObject*>(dict)->ma_version_tag;
#pragma GCC diagnostic pop
#else
  return absl::nullopt;
#endif
}

// Where dicts built alike keep a key: FX sets every node's attributes in one
// order, and make_fx writes every node's meta entries in one order, so the
// next such dict mostly holds the key at the same PyDict_Next position (an
// entry index). A hit is the entry at that position having that very key
// object, so a stale position costs a scan, never a wrong value.
class KeyPosition {
 public:
  // dict[key] if one of its keys is `key` itself (borrowed), else nullptr
  // (no error set).
  PyObject* Find(PyObject* dict, PyObject* key) {
    Py_ssize_t next = position_;
    PyObject *found, *value;
    if (next >= 0 && PyDict_Next(dict, &next, &found, &value) && found == key) return value;
    next = 0;
    for (Py_ssize_t at = next; PyDict_Next(dict, &next, &found, &value); at = next) {
      if (found == key) {
        position_ = at;
        return value;
      }
    }
    return nullptr;
  }

 private:
  Py_ssize_t position_ = -1;  // none yet
};

class Converter {
 public:
  Converter(TorchObjects& objects, const FromTorchOptions& options)
      : objects_(objects), options_(options), n_(names()) {}

  // `module`'s tree; `prefix`: its path and a dot ("" at the root).
  std::unique_ptr<GraphModule> Module(py::handle module, const std::string& prefix = "") {
    std::unique_ptr<GraphModule> out;
    if (IsInstance(module.ptr(), objects_.types.graph_module_type)) {
      std::string class_name = py::cast<std::string>(
          py::type::handle_of(module).attr("__name__"));
      if (!IsPythonIdentifier(class_name)) class_name = "GraphModule";
      out = std::make_unique<GraphModule>(class_name);
      GraphFromTorch(Attr(module.ptr(), n_.graph), out->graph(), objects_, options_);
    } else {
      out = GraphModule::Opaque(
          std::string(objects_.TypeName(reinterpret_cast<PyObject*>(Py_TYPE(module.ptr()))).str()));
    }
    py::dict children = Attr(module.ptr(), n_.modules);
    for (auto [name, child] : children) {
      if (child.is_none()) continue;
      const absl::string_view child_name = StrView(name.ptr());
      Check(out->AddChild(child_name, Module(child, absl::StrCat(prefix, child_name, ".")))
                .status());
    }
    AddState(module, prefix, *out);
    return out;
  }

  void Graph(py::handle fx_graph, fxpp::Graph& graph) {
    py::object nodes = Attr(fx_graph.ptr(), n_.nodes);
    const size_t size = static_cast<size_t>(py::len(nodes));
    graph.Reserve(size);
    env_.reserve(env_.size() + size);
    objects_.ReserveSources(size);
    // Walks the node list itself (root._next ...), as Graph.nodes does but
    // without a Python generator step per node.
    PyObject* root = PyObject_GetAttr(fx_graph.ptr(), n_.root);
    if (root == nullptr) {
      PyErr_Clear();
      for (py::handle node : nodes) AddNode(node.ptr(), graph);
    } else {
      py::object sentinel = py::reinterpret_steal<py::object>(root);
      if (options_.sort) {
        for (PyObject* node : StableOrder(fx_graph, OutputPlacement::kLast)) AddNode(node, graph);
      } else {
        ReadAhead ahead(*this, root);
        for (py::object node = Attr(root, n_.next); node.ptr() != root; node = Next(node.ptr())) {
          ahead.Advance(node.ptr());
          AddNode(node.ptr(), graph, &ahead);
        }
      }
    }
    FinishTupleValues();
  }

  TensorMeta Tensor(PyObject* t) {
    if (!IsTensor(t, objects_.types.tensor_type)) return Metadata(t);
    TensorMeta meta;
    meta.shape = Dims(Attr(t, n_.shape).ptr());
    PyObject* stride = PyObject_CallMethodNoArgs(t, n_.stride);
    if (stride != nullptr) {
      meta.stride = Dims(stride);
      Py_DECREF(stride);
    } else {
      PyErr_Clear();  // sparse and nested tensors have no strides
    }
    meta.dtype = ScalarTypeOf(Attr(t, n_.dtype).ptr());
    meta.device = Device(t);
    meta.requires_grad = PyObject_IsTrue(Attr(t, n_.requires_grad).ptr()) == 1;
    return meta;
  }

 private:
  static void Check(const absl::Status& status) {
    if (!status.ok()) throw py::value_error(std::string(status.message()));
  }

  ScalarType ScalarTypeOf(PyObject* dtype) {
    // Tensors mostly share one dtype object (torch's own, which live as long
    // as torch): the last one found is checked first.
    if (dtype == last_dtype_) return last_scalar_type_;
    absl::optional<ScalarType> scalar = objects_.Dtype(dtype);
    if (!scalar.has_value()) {
      throw py::value_error(absl::StrCat("fxpp has no scalar type for ",
                                         std::string(py::str(py::handle(dtype)))));
    }
    last_dtype_ = dtype;
    last_scalar_type_ = *scalar;
    return *scalar;
  }

  // Where a TensorMetadata-like type keeps the fields Metadata reads: tuple
  // positions taken from its _fields once per type, or -1 (read by name).
  struct MetadataLayout {
    PyTypeObject* type = nullptr;
    int shape = -1, dtype = -1, requires_grad = -1, stride = -1, memory_format = -1;
  };

  const MetadataLayout& LayoutOf(PyTypeObject* type) {
    if (layout_.type == type) return layout_;
    layout_ = MetadataLayout();
    layout_.type = type;
    // A class attribute of NamedTuples: looked up in the class without an
    // attribute read (borrowed, no error when absent).
    PyObject* fields = _PyType_Lookup(type, n_.fields);
    if (fields == nullptr || !PyTuple_Check(fields)) return layout_;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields); ++i) {
      PyObject* field = PyTuple_GET_ITEM(fields, i);
      if (!PyUnicode_Check(field)) continue;
      const absl::string_view name = StrView(field);
      const int index = static_cast<int>(i);
      if (name == "shape") layout_.shape = index;
      if (name == "dtype") layout_.dtype = index;
      if (name == "requires_grad") layout_.requires_grad = index;
      if (name == "stride") layout_.stride = index;
      if (name == "memory_format") layout_.memory_format = index;
    }
    return layout_;
  }

  // t.<name>, or the tuple item at `index` when the layout knows it (a
  // NamedTuple's fields are descriptors returning exactly that item).
  // Borrowed: an attribute read is kept in `held`.
  static PyObject* Field(PyObject* t, int index, PyObject* name, py::object& held) {
    if (index >= 0 && index < PyTuple_GET_SIZE(t)) return PyTuple_GET_ITEM(t, index);
    held = Attr(t, name);
    return held.ptr();
  }

  // The memory format `format` is, or none (the last one found checked
  // first, as in ScalarTypeOf).
  absl::optional<MemoryFormat> FormatOf(PyObject* format) {
    if (format == last_format_) return last_memory_format_;
    absl::optional<MemoryFormat> found = objects_.Format(format);
    if (found.has_value()) {
      last_format_ = format;
      last_memory_format_ = *found;
    }
    return found;
  }

  // shape_prop's TensorMetadata (or a value with its fields): no device,
  // TensorMeta's default.
  TensorMeta Metadata(PyObject* t) {
    static const MetadataLayout kByName;
    const MetadataLayout& layout = PyTuple_Check(t) ? LayoutOf(Py_TYPE(t)) : kByName;
    TensorMeta meta;
    py::object held;
    meta.shape = Dims(Field(t, layout.shape, n_.shape, held));
    PyObject* stride = Field(t, layout.stride, n_.stride, held);
    if (stride != Py_None) meta.stride = Dims(stride);
    PyObject* format = Field(t, layout.memory_format, n_.memory_format, held);
    if (format != Py_None) meta.memory_format = FormatOf(format);
    meta.dtype = ScalarTypeOf(Field(t, layout.dtype, n_.dtype, held));
    meta.requires_grad = PyObject_IsTrue(Field(t, layout.requires_grad, n_.requires_grad, held)) == 1;
    return meta;
  }

  // `module`'s parameters, buffers and tensor attributes; `prefix`: its
  // path and a dot.
  void AddState(py::handle module, const std::string& prefix, GraphModule& out) {
    py::dict parameters = Attr(module.ptr(), n_.parameters);
    for (auto [name, p] : parameters) {
      if (p.is_none()) continue;
      AddState(prefix, {std::string(StrView(name.ptr())), StateKind::kParameter, Tensor(p.ptr())},
               out);
    }
    py::dict buffers = Attr(module.ptr(), n_.buffers);
    py::object non_persistent = py::getattr(module, n_.non_persistent, py::set());
    for (auto [name, b] : buffers) {
      if (b.is_none()) continue;
      const bool persistent = !non_persistent.contains(name);
      AddState(prefix,
               {std::string(StrView(name.ptr())), StateKind::kBuffer, Tensor(b.ptr()), persistent},
               out);
    }
    // Plain tensor attributes: the constants get_attr nodes read.
    py::dict attributes = Attr(module.ptr(), n_.dict);
    for (auto [name, value] : attributes) {
      absl::string_view attr = StrView(name.ptr());
      if (attr.substr(0, 2) == "__" || !IsInstance(value.ptr(), objects_.types.tensor_type)) {
        continue;
      }
      AddState(prefix, {std::string(attr), StateKind::kConstant, Tensor(value.ptr())}, out);
    }
  }

  // Adds `entry`, with its storage group if options_ give it one.
  void AddState(const std::string& prefix, StateEntry entry, GraphModule& out) {
    if (!options_.storage_groups.empty()) {
      auto group = options_.storage_groups.find(absl::StrCat(prefix, entry.name));
      if (group != options_.storage_groups.end()) entry.storage_group = group->second;
    }
    Check(out.AddState(std::move(entry)));
  }

  // The torch.fx.Node attributes AddNode reads.
  enum NodeField { kOp, kName, kTarget, kArgs, kKwargs, kType, kMeta, kNumFields };

  // A torch.fx.Node's attributes. PyTorch 1.13 - 2.6 keep them in the
  // node's instance __dict__ (Node's class defines none of these names), so
  // they are looked up there, at the position the last node had them
  // (KeyPosition), instead of a generic attribute read (the class's MRO for
  // a descriptor, then the dict). A Node class that defines them (slots,
  // properties) is read as usual.
  class NodeFields {
   public:
    // Each field's name and position, kept by the converter across nodes.
    struct Table {
      explicit Table(const Names& n)
          : name{n.op, n.name, n.target, n.private_args, n.private_kwargs, n.type, n.meta} {}
      PyObject* name[kNumFields];
      KeyPosition position[kNumFields];
    };

    NodeFields(PyObject* node, bool plain, Table& table) : node_(node), table_(table) {
      if (plain && (dict_ = PyObject_GenericGetDict(node, nullptr)) == nullptr) PyErr_Clear();
    }
    ~NodeFields() { Py_XDECREF(dict_); }
    NodeFields(const NodeFields&) = delete;
    NodeFields& operator=(const NodeFields&) = delete;

    // node.<field>, borrowed: from the node's dict (which the node keeps
    // alive), or read as an attribute and held until the fields go.
    PyObject* Get(NodeField field) {
      PyObject* name = table_.name[field];
      if (dict_ != nullptr) {
        if (PyObject* value = Find(field)) return value;
        // A key equal to the name but another object, or none.
        if (PyObject* value = PyDict_GetItemWithError(dict_, name)) return value;
        if (PyErr_Occurred()) throw py::error_already_set();
      }
      held_.push_back(Attr(node_, name));
      return held_.back().ptr();
    }

    // node.<field> from the node's dict, whose key is the field's name
    // itself (borrowed), or nullptr.
    PyObject* Find(NodeField field) {
      return dict_ == nullptr ? nullptr
                              : table_.position[field].Find(dict_, table_.name[field]);
    }

   private:
    PyObject* node_;
    Table& table_;
    PyObject* dict_ = nullptr;
    std::vector<py::object> held_;  // attributes read outside the dict
  };

  // The entries of a node's meta dict that Meta reads: borrowed, nullptr
  // when absent.
  struct MetaEntries {
    PyObject *val = nullptr, *tensor_meta = nullptr, *example_value = nullptr,
             *stack_trace = nullptr, *nn_module_stack = nullptr, *source_fn_stack = nullptr,
             *tag = nullptr, *seq_nr = nullptr;
  };

  // Brings the objects of the next few nodes into the cache while a node is
  // converted. A large graph's objects (each node, its __dict__, meta dict,
  // name, args, tensor_meta ...) are mostly out of cache when their turn
  // comes: their first touches, one after the other, were a third of the
  // time at 32k nodes. Each node ahead is one step further down the chain
  // of objects that leads to its metadata, so that every step prefetches
  // objects whose addresses it reads from ones fetched a step before.
  //
  // Mostly prefetches: the nodes ahead (and the meta dicts found) are owned
  // references, and an object found through them is only prefetched, at
  // once, never kept. The one thing kept is which entries a meta dict
  // holds, which Meta reuses only while the dict is unchanged (EntriesOf);
  // AddNode reads everything else again. The walk still follows
  // each node's _next after converting it; nodes ahead that turn out not to
  // follow are read again.
  class ReadAhead {
   public:
    ReadAhead(Converter& converter, PyObject* root) : c_(converter), root_(root) {}

    // `node` is the next one converted.
    void Advance(PyObject* node) {
      if (count_ > 0 && At(0).node.ptr() == node) {
        current_ = std::move(At(0));
        At(0) = Ahead();
        first_ = (first_ + 1) % kDepth;
        --count_;
      } else {
        Clear();
        Append(node);
      }
      while (count_ > 0 && count_ < kDepth && Append(At(count_ - 1).node.ptr())) {
      }
      for (int k = count_ - 1; k >= 0; --k) Prefetch(k, At(k));
      // The node the next Advance appends: taking its reference is the
      // walk's first touch of it, so its object is fetched one step early.
      if (count_ > 0) {
        if (const PyObject* next = c_.PeekNext(At(count_ - 1).node.ptr())) Lines(next, 4, -32);
      }
    }

   private:
    static constexpr int kDepth = 10;
    struct Ahead {
      py::object node;
      py::object meta;  // its meta dict, once read
      // The dict's entries that Meta reads (borrowed), once read, and the
      // dict's version then: they are only used while it is unchanged.
      absl::optional<MetaEntries> entries;
      uint64_t version = 0;
    };

    Ahead& At(int k) { return ahead_[(first_ + k) % kDepth]; }

    void Clear() {
      for (Ahead& a : ahead_) a = Ahead();
      current_ = Ahead();
      first_ = count_ = 0;
    }

    // Appends `after`'s _next, unless it is the end or cannot be read (the
    // walk reports that when it gets there); whether it did.
    bool Append(PyObject* after) {
      PyObject* next = c_.NextOrNull(after);
      if (next == nullptr) {
        PyErr_Clear();
        return false;
      }
      py::object owned = py::reinterpret_steal<py::object>(next);
      if (next == root_) return false;
      At(count_++).node = std::move(owned);
      return true;
    }

    // Prefetches `lines` cache lines from `offset` bytes past `object`
    // (before it if negative: CPython's pre-header). A prefetch never
    // faults, so the address need not be mapped.
    static void Lines(const void* object, int lines, intptr_t offset = 0) {
      const uintptr_t start = reinterpret_cast<uintptr_t>(object) + offset;
      for (int i = 0; i < lines; ++i) {
        __builtin_prefetch(reinterpret_cast<const void*>(start + 64 * i));
      }
    }

    // `object`'s __dict__ if it has one yet (borrowed: `object` must be kept
    // alive), else nullptr. Read from the slot CPython 3.12 and 3.13 keep
    // three words before an object whose class manages its dict (3.12 tags
    // it when it holds values instead), without PyObject_GenericGetDict's
    // reference, whose count update would wait for the dict's cache line.
    static const PyObject* PeekManagedDict([[maybe_unused]] PyObject* object) {
#if PY_VERSION_HEX >= 0x030C0000 && PY_VERSION_HEX < 0x030E0000
      if (PyType_HasFeature(Py_TYPE(object), Py_TPFLAGS_MANAGED_DICT)) {
        const auto slot = *reinterpret_cast<const uintptr_t*>(
            reinterpret_cast<const char*>(object) - 3 * sizeof(PyObject*));
        if ((slot & 1) == 0) return reinterpret_cast<const PyObject*>(slot);
      }
#endif
      return nullptr;
    }

    // Prefetches `lines` cache lines of the table a dict (fetched a step
    // before) keeps its keys in, and the first of its values when split.
    static void DictEntries(const PyObject* dict, int lines) {
      if (dict == nullptr || Py_TYPE(const_cast<PyObject*>(dict)) != &PyDict_Type) return;
      const auto* d = reinterpret_cast<const PyDictObject*>(dict);
      if (d->ma_values != nullptr) Lines(d->ma_values, 1);
      Lines(d->ma_keys, lines);
    }

    // The step for the node `k + 1` places ahead of the one converted.
    // Objects a step reaches through borrowed pointers are found again from
    // the owned meta dict in that step (no Python code runs within one).
    void Prefetch(int k, Ahead& a) {
      PyObject* node = a.node.ptr();
      switch (kDepth - 1 - k) {
        case 0:  // the node: its managed dict pointer (before it) and inline values
          Lines(node, 4, -32);
          return;
        case 1:  // its __dict__ (the pointer read from the node fetched a step ago)
          if (const PyObject* dict = c_.PlainFields(node) ? PeekManagedDict(node) : nullptr) {
            Lines(dict, 1);
          }
          return;
        case 2:  // the __dict__'s keys and values, where the fields are found
          if (c_.PlainFields(node)) DictEntries(PeekManagedDict(node), 6);
          return;
        case 3: {  // its fields
          if (!c_.PlainFields(node)) return;
          NodeFields fields(node, true, c_.fields_);
          for (NodeField field : {kName, kArgs, kKwargs, kMeta}) {
            if (PyObject* value = fields.Find(field)) Lines(value, field == kName ? 2 : 1);
          }
          return;
        }
        case 4: {  // the meta dict's entries; its reference taken now that its count is cached
          if (!c_.PlainFields(node)) return;
          NodeFields fields(node, true, c_.fields_);
          if (PyObject* meta = fields.Find(kMeta)) {
            a.meta = py::reinterpret_borrow<py::object>(meta);
            DictEntries(meta, 3);
          }
          return;
        }
        case 5:  // the values Meta reads
          NoteEntries(a);
          if (PyObject* tensor_meta = Value(a, &MetaEntries::tensor_meta)) Lines(tensor_meta, 2);
          if (PyObject* val = Value(a, &MetaEntries::val)) Lines(val, 2, -32);
          // The text follows a str's header: a stack trace's first lines.
          if (PyObject* trace = Value(a, &MetaEntries::stack_trace)) Lines(trace, 3);
          for (PyObject* value : {Value(a, &MetaEntries::nn_module_stack),
                                  Value(a, &MetaEntries::source_fn_stack),
                                  Value(a, &MetaEntries::seq_nr)}) {
            if (value != nullptr) Lines(value, 1);
          }
          return;
        case 6:  // what they hold: a TensorMetadata's shape and stride, a FakeTensor's
                 // __dict__, the module stack's entries, the source function list's items
          ShapeAndStride(a);
          if (const PyObject* dict = FakeTensorDict(a)) Lines(dict, 1);
          DictEntries(Value(a, &MetaEntries::nn_module_stack), 2);
          if (PyObject* list = Value(a, &MetaEntries::source_fn_stack);
              list != nullptr && PyList_CheckExact(list) && PyList_GET_SIZE(list) > 0) {
            Lines(reinterpret_cast<PyListObject*>(list)->ob_item, 1);
          }
          return;
        case 7:  // that __dict__'s entries (Device reads fake_device); the module stack's
                 // keys and (path, type) tuples; the source function entries
          DictEntries(FakeTensorDict(a), 2);
          ForEachItem(a, [](PyObject* key, PyObject* value) {
            if (key != nullptr) Lines(key, 1);
            Lines(value, 1);
          });
          return;
        default:  // what those tuples hold: module paths and types, function names
          ForEachItem(a, [](PyObject*, PyObject* value) {
            if (!PyTuple_CheckExact(value)) return;
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(value) && i < 2; ++i) {
              Lines(PyTuple_GET_ITEM(value, i), 1);
            }
          });
          return;
      }
    }

    // Prefetches the shape and stride tuples of a's TensorMetadata.
    void ShapeAndStride(const Ahead& a) {
      PyObject* tensor_meta = Value(a, &MetaEntries::tensor_meta);
      const MetadataLayout& layout = c_.layout_;
      if (tensor_meta == nullptr || Py_TYPE(tensor_meta) != layout.type) return;
      for (int index : {layout.shape, layout.stride}) {
        if (index >= 0 && index < PyTuple_GET_SIZE(tensor_meta)) {
          Lines(PyTuple_GET_ITEM(tensor_meta, index), 1);
        }
      }
    }

    // Calls visit(key, value) for the entries of a's nn_module_stack and
    // visit(nullptr, item) for the items of its source_fn_stack, when they
    // are a dict and a list (borrowed, for this step only).
    template <typename Visit>
    void ForEachItem(const Ahead& a, Visit visit) {
      if (PyObject* stack = Value(a, &MetaEntries::nn_module_stack);
          stack != nullptr && PyDict_CheckExact(stack)) {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(stack, &pos, &key, &value)) visit(key, value);
      }
      if (PyObject* list = Value(a, &MetaEntries::source_fn_stack);
          list != nullptr && PyList_CheckExact(list)) {
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); ++i) {
          visit(nullptr, PyList_GET_ITEM(list, i));
        }
      }
    }

    // a's meta entry `entry` (borrowed from the meta dict, which a owns),
    // or nullptr when absent, not read yet, or the dict changed since.
    static PyObject* Value(const Ahead& a, PyObject* MetaEntries::*entry) {
      return Unchanged(a) ? (*a.entries).*entry : nullptr;
    }

    static bool Unchanged(const Ahead& a) {
      if (!a.entries.has_value()) return false;
      const absl::optional<uint64_t> version = DictVersion(a.meta.ptr());
      return version.has_value() && *version == a.version;
    }

    // Reads a's entries with the one pass over its meta dict Meta would
    // make (when the dict has a version to tell a change by).
    void NoteEntries(Ahead& a) {
      if (!a.meta || !PyDict_CheckExact(a.meta.ptr())) return;
      const absl::optional<uint64_t> version = DictVersion(a.meta.ptr());
      if (!version.has_value()) return;
      a.version = *version;
      a.entries = c_.Entries(a.meta.ptr());
    }

    // Where the __dict__ of a's meta["val"] is when it is a FakeTensor that
    // Device reads it from (PeekManagedDict), or nullptr.
    const PyObject* FakeTensorDict(Ahead& a) {
      PyObject* val = Value(a, &MetaEntries::val);
      if (val == nullptr || c_.objects_.fake_tensor_type == nullptr ||
          Py_TYPE(val) != reinterpret_cast<PyTypeObject*>(c_.objects_.fake_tensor_type) ||
          !c_.FakeDeviceInDict(Py_TYPE(val))) {
        return nullptr;
      }
      return PeekManagedDict(val);
    }

   public:
    // The entries of the meta dict `meta` of the node being converted, found
    // when it was read ahead, if the dict has not changed since; else
    // nullptr. Nodes are converted by C++ code alone, but reading a tensor's
    // attribute or naming a target runs Python code, which could change a
    // dict (and free a value an entry points at).
    const MetaEntries* EntriesOf(PyObject* meta) const {
      return current_.meta.ptr() == meta && Unchanged(current_) ? &*current_.entries : nullptr;
    }

   private:
    Converter& c_;
    PyObject* root_;
    Ahead ahead_[kDepth];
    Ahead current_;  // the node being converted, as read ahead
    int first_ = 0;
    int count_ = 0;
  };

  // node._next, as a new reference or nullptr with the error set. PyTorch
  // 2.5+ keeps it in a member of the C base class _NodeBase: the member's
  // descriptor, a data descriptor, is what a generic attribute read would
  // call (before looking in the instance dict), so it is found once per
  // class and called directly, without the class's MRO per node. Other
  // classes are read generically.
  PyObject* NextOrNull(PyObject* node) {
    PyTypeObject* type = Py_TYPE(node);
    if (type != next_type_) {
      next_type_ = type;
      next_descriptor_ = py::object();
      next_get_ = nullptr;
      PyObject* found = type->tp_getattro == PyObject_GenericGetAttr &&
                                Py_TYPE(type) == &PyType_Type
                            ? PyObject_GetAttr(reinterpret_cast<PyObject*>(type), n_.next)
                            : nullptr;
      if (found == nullptr) {
        PyErr_Clear();
      } else {
        next_descriptor_ = py::reinterpret_steal<py::object>(found);
        PyTypeObject* kind = Py_TYPE(found);
        if (kind == &PyMemberDescr_Type && kind->tp_descr_set != nullptr) {
          next_get_ = kind->tp_descr_get;
        }
      }
    }
    if (next_get_ != nullptr) {
      return next_get_(next_descriptor_.ptr(), node, reinterpret_cast<PyObject*>(type));
    }
    return PyObject_GetAttr(node, n_.next);
  }

  // node._next without a reference, only to prefetch (it may be gone by the
  // time it is read properly), or nullptr: read from _NodeBase's member slot
  // when NextOrNull found one for node's class.
  const PyObject* PeekNext(PyObject* node) const {
    if (next_get_ == nullptr || Py_TYPE(node) != next_type_) return nullptr;
    const PyMemberDef* member =
        reinterpret_cast<PyMemberDescrObject*>(next_descriptor_.ptr())->d_member;
    if (member->type != T_OBJECT && member->type != T_OBJECT_EX) return nullptr;
    return *reinterpret_cast<PyObject* const*>(reinterpret_cast<const char*>(node) +
                                               member->offset);
  }

  py::object Next(PyObject* node) {
    PyObject* next = NextOrNull(node);
    if (next == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(next);
  }

  // Whether `node`'s class defines none of the attributes AddNode reads
  // (decided once per class).
  bool PlainFields(PyObject* node) {
    PyTypeObject* type = Py_TYPE(node);
    if (type == plain_type_) return plain_;
    plain_type_ = type;
    plain_ = true;
    for (PyObject* name : {n_.op, n_.name, n_.target, n_.private_args, n_.private_kwargs,
                           n_.type, n_.meta}) {
      if (ClassDefines(type, name, /*skip_object=*/false)) plain_ = false;
    }
    return plain_;
  }

  // A node's op kind. FX's op strings are a few interned literals, so the
  // last one is recognized by identity (it is held, so no other object
  // takes its address meanwhile).
  OpKind Op(PyObject* text) {
    if (text == last_op_text_.ptr()) return last_op_;
    absl::optional<OpKind> op = ParseOpKind(StrView(text));
    if (!op.has_value()) throw py::value_error(absl::StrCat("unknown op '", StrView(text), "'"));
    last_op_text_ = py::reinterpret_borrow<py::object>(text);
    last_op_ = *op;
    return *op;
  }

  // `ahead`: the walk's read-ahead, if it read this node ahead.
  void AddNode(PyObject* node, fxpp::Graph& graph, const ReadAhead* ahead = nullptr) {
    NodeFields fields(node, PlainFields(node), fields_);
    const OpKind op = Op(fields.Get(kOp));
    absl::string_view name = StrView(fields.Get(kName));
    PyObject* target_obj = fields.Get(kTarget);
    Symbol target_symbol;
    absl::string_view target;
    py::object target_text;  // a null handle until needed: a py::str would make "" per node
    if (op == OpKind::kCallFunction) {
      target_symbol = objects_.CallableName(target_obj);
      target = target_symbol.str();
    } else if (PyUnicode_Check(target_obj)) {
      target = StrView(target_obj);
    } else {
      target_text = py::str(py::handle(target_obj));
      target = StrView(target_text.ptr());
    }
    // node._args / node._kwargs: what the args / kwargs properties return,
    // read without calling Python.
    PyObject* args_obj = fields.Get(kArgs);
    std::vector<Argument> args = Elements(args_obj);
    KwArgs kwargs;
    PyObject* kwargs_obj = fields.Get(kKwargs);
    if (!PyDict_Check(kwargs_obj)) throw py::type_error("node._kwargs is not a dict");
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs_obj, &pos, &key, &value)) {
      kwargs.push_back({Interned(key), Arg(value)});
    }
    std::string annotation;
    PyObject* type = fields.Get(kType);
    if (type != Py_None) {
      annotation = py::cast<std::string>(
          objects_.types.targets.attr("type_annotation")(py::handle(type)));
    }
    // call_function targets are already symbols; the others stay text (a
    // graph keeps get_attr/call_module/placeholder targets to itself).
    absl::StatusOr<Node*> named =
        op == OpKind::kCallFunction
            ? graph.CreateNamedNode(op, name, target_symbol, std::move(args), std::move(kwargs),
                                    Symbol::Intern(annotation))
            : graph.CreateNamedNode(op, name, target, std::move(args), std::move(kwargs),
                                    annotation);
    Node* created;
    if (absl::IsInvalidArgument(named.status())) {
      // A name FX's namespace would not give (torch.export lets `input`
      // through): the next free `name_N`, as the bridge renames it. A
      // refused name leaves args and kwargs unmoved-from (nothing was built).
      created = graph.CreateNode(op, target, std::move(args), std::move(kwargs), name,
                                 annotation);
    } else {
      Check(named.status());
      created = *named;
    }
    // The source index goes in before the metadata moves into the node, so
    // the node's copy is made once (mutable_meta would copy-check it again).
    const int64_t source = objects_.next_source();
    NodeMeta meta = Meta(node, fields, ahead);
    meta.source_index = source;
    objects_.AddSource(node, meta);
    created->set_meta(std::move(meta));
    if (deferred_ != nullptr) {
      pending_index_.emplace(created, pending_.size());
      pending_.push_back({created, source, deferred_, std::move(deferred_elements_)});
      deferred_ = nullptr;
    }
    if (op == OpKind::kCallFunction && target_obj == objects_.types.getitem.ptr()) {
      NoteElement(args_obj, created->meta());
    }
    env_[node] = created;
  }

  // A multi-output op's example value (native_layer_norm, split ...) is a
  // tuple or list of FakeTensors without tensor_meta: ~2 us per element
  // through Python dispatch. Its getitem users record each element's facts
  // again (as other FakeTensor objects, with tensor_meta, which read fast),
  // so those elements are taken from the users' converted metadata; the
  // rest are read from the tensors when the graph is done.
  struct PendingValue {
    Node* node;
    int64_t source;
    PyObject* value;  // the tuple or list (kept alive by node.meta)
    // Converted elements; tensors not yet read are absent.
    std::vector<absl::optional<ValueMeta>> elements;
  };

  // Whether `v` is a tuple or list holding a tensor: then Meta defers it
  // (deferred_, deferred_elements_ with its other elements converted).
  bool DeferTupleValue(PyObject* v) {
    if (!PyTuple_CheckExact(v) && !PyList_CheckExact(v)) return false;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(v);
    bool any_tensor = false;
    for (Py_ssize_t i = 0; i < n && !any_tensor; ++i) {
      any_tensor = IsTensor(PySequence_Fast_GET_ITEM(v, i), objects_.types.tensor_type);
    }
    if (!any_tensor) return false;
    deferred_ = v;
    deferred_elements_.clear();
    deferred_elements_.resize(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* e = PySequence_Fast_GET_ITEM(v, i);
      if (!IsTensor(e, objects_.types.tensor_type)) deferred_elements_[i] = Value(e);
    }
    return true;
  }

  // `getitem_args` of an operator.getitem node with metadata `meta`: when it
  // reads tensor element i of a deferred value, that element is `meta`'s
  // tensor (without the memory format, which only TensorMetadata records
  // and the tensor path leaves unset).
  void NoteElement(PyObject* getitem_args, const NodeMeta& meta) {
    if (!meta.val.has_value() || meta.val->kind() != ValueMeta::Kind::kTensor ||
        !PyTuple_CheckExact(getitem_args) || PyTuple_GET_SIZE(getitem_args) != 2) {
      return;
    }
    PyObject* index = PyTuple_GET_ITEM(getitem_args, 1);
    auto from = env_.find(PyTuple_GET_ITEM(getitem_args, 0));
    if (from == env_.end() || !PyLong_CheckExact(index)) return;
    auto pending = pending_index_.find(from->second);
    if (pending == pending_index_.end()) return;
    PendingValue& value = pending_[pending->second];
    const long long i = PyLong_AsLongLong(index);
    if (i < 0 || i >= static_cast<long long>(value.elements.size()) ||
        value.elements[i].has_value()) {
      PyErr_Clear();
      return;
    }
    TensorMeta tensor = meta.val->tensor();
    tensor.memory_format = absl::nullopt;
    value.elements[i] = ValueMeta::Tensor(std::move(tensor));
  }

  // Completes the deferred values (tensors no user gave read as usual), in
  // the nodes and in their sources' recorded metadata.
  void FinishTupleValues() {
    for (PendingValue& pending : pending_) {
      std::vector<ValueMeta> elements;
      elements.reserve(pending.elements.size());
      for (size_t i = 0; i < pending.elements.size(); ++i) {
        elements.push_back(pending.elements[i].has_value()
                               ? std::move(*pending.elements[i])
                               : Value(PySequence_Fast_GET_ITEM(pending.value,
                                                                static_cast<Py_ssize_t>(i))));
      }
      ValueMeta value = PyList_CheckExact(pending.value) ? ValueMeta::List(std::move(elements))
                                                         : ValueMeta::Tuple(std::move(elements));
      objects_.mutable_source_meta(pending.source).val = value;
      pending.node->mutable_meta().val = std::move(value);
    }
    pending_.clear();
    pending_index_.clear();
  }

  Argument Arg(PyObject* v) {
    if (v == Py_None) return Argument::None();
    // The builtin scalars and tuples first: isinstance(v, Node) is false for
    // them without asking (their __class__ is their type).
    if (PyBool_Check(v)) return Argument::Bool(v == Py_True);
    if (PyLong_CheckExact(v)) {
      long long compact = 0;
      if (CompactInt(v, &compact)) return Argument::Int(compact);
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (overflow == 0) return Argument::Int(value);
      return objects_.OpaqueArgument(v);
    }
    if (PyFloat_CheckExact(v)) return Argument::Float(PyFloat_AS_DOUBLE(v));
    if (PyUnicode_CheckExact(v)) return Argument::String(StrView(v));
    if (PyTuple_CheckExact(v)) return Argument::Tuple(Elements(v));
    PyTypeObject* type = Py_TYPE(v);
    if (type == reinterpret_cast<PyTypeObject*>(objects_.types.node_type) ||
        (!NeverNode(type) && IsInstance(v, objects_.types.node_type))) {
      auto it = env_.find(v);
      if (it == env_.end()) {
        throw py::value_error(absl::StrCat("argument '", py::cast<std::string>(py::str(
                                                             py::handle(v).attr("name"))),
                                           "' is not a node defined before it"));
      }
      return Argument::Ref(it->second);
    }
    // FX keeps list and dict arguments as immutable_list / immutable_dict
    // (subclasses); a tuple subclass (a named tuple) is a value of its own.
    if (PyList_Check(v)) return Argument::List(Elements(v));
    if (PyDict_Check(v)) {
      std::vector<std::pair<Argument, Argument>> entries;
      PyObject *key, *value;
      Py_ssize_t pos = 0;
      while (PyDict_Next(v, &pos, &key, &value)) entries.emplace_back(Arg(key), Arg(value));
      return Argument::Dict(std::move(entries));
    }
    if (PySlice_Check(v)) {
      auto* s = reinterpret_cast<PySliceObject*>(v);
      return Argument::Slice(Arg(s->start), Arg(s->stop), Arg(s->step));
    }
    if (v == Py_Ellipsis) return Argument::EllipsisValue();
    if (type == reinterpret_cast<PyTypeObject*>(objects_.types.dtype_type)) {
      if (auto d = objects_.Dtype(v)) return Argument::Dtype(*d);
    } else if (type == reinterpret_cast<PyTypeObject*>(objects_.types.device_type)) {
      return Argument::Device(StrView(py::str(py::handle(v)).ptr()));
    } else if (type == reinterpret_cast<PyTypeObject*>(objects_.types.memory_format_type)) {
      if (auto f = objects_.Format(v)) return Argument::Format(*f);
    } else if (type == reinterpret_cast<PyTypeObject*>(objects_.types.layout_type)) {
      if (auto l = objects_.LayoutOf(v)) return Argument::LayoutValue(*l);
    } else if (objects_.types.sym_int_type != nullptr &&
               IsInstance(v, objects_.types.sym_int_type)) {
      return Argument::SymInt(StrView(py::str(py::handle(v)).ptr()));
    }
    // torch.Size, tensors, operators passed as values, big ints, ...: kept
    // by identity, so that the way back returns the same object.
    return objects_.OpaqueArgument(v);
  }

  // Whether no instance of `type` is a torch.fx.Node to isinstance, decided
  // once per type without an isinstance call per argument (which looks up
  // the instance's __class__): Node's metaclass is plain `type`, `type` is
  // not a Node subclass, and its instances' __class__ is object's
  // descriptor (generic attribute reads, no class in the MRO defining
  // __class__), which answers the instance's own type.
  bool NeverNode(PyTypeObject* type) {
    auto [it, inserted] = never_node_.try_emplace(type, false);
    if (!inserted) return it->second;
    auto* node_type = reinterpret_cast<PyTypeObject*>(objects_.types.node_type);
    if (Py_TYPE(objects_.types.node_type) != &PyType_Type || PyType_IsSubtype(type, node_type) ||
        type->tp_getattro != PyObject_GenericGetAttr || type->tp_mro == nullptr) {
      return false;
    }
    it->second = !ClassDefines(type, n_.class_name, /*skip_object=*/true);
    return it->second;
  }

  // Whether a class in `type`'s MRO (`object` left out if `skip_object`)
  // has `name` in its own __dict__: the class lookup an attribute read
  // starts with (cached by CPython, no error raised when absent), rather
  // than a read of each class's __dict__ (a conversion's first reads of
  // these, with an AttributeError made per absent name, were a few percent
  // of a small graph's).
  static bool ClassDefines(PyTypeObject* type, PyObject* name, bool skip_object) {
    PyObject* found = _PyType_Lookup(type, name);
    if (found == nullptr) return false;
    return !skip_object || found != _PyType_Lookup(&PyBaseObject_Type, name);
  }

  // Whether `type`'s instances keep `fake_device` in their __dict__ where a
  // generic attribute read finds it (no class in the MRO defines the name,
  // no custom attribute hook), decided once per type.
  bool FakeDeviceInDict(PyTypeObject* type) {
    if (type == fake_device_type_) return fake_device_in_dict_;
    fake_device_type_ = type;
    fake_device_in_dict_ = type->tp_getattro == PyObject_GenericGetAttr &&
                           type->tp_dictoffset != 0 && type->tp_mro != nullptr &&
                           !ClassDefines(type, n_.fake_device, /*skip_object=*/false);
    return fake_device_in_dict_;
  }

  // A FakeTensor's fake_device as a new reference, from its __dict__ when
  // FakeDeviceInDict (a generic read's answer, one dict lookup), else as an
  // attribute; nullptr (no error set) if it has none.
  PyObject* FakeDevice(PyObject* tensor) {
    if (FakeDeviceInDict(Py_TYPE(tensor))) {
      PyObject* dict = PyObject_GenericGetDict(tensor, nullptr);
      if (dict == nullptr) throw py::error_already_set();
      PyObject* device = PyDict_GetItemWithError(dict, n_.fake_device);
      Py_XINCREF(device);
      Py_DECREF(dict);  // the tensor keeps its dict, and the dict the device
      if (device != nullptr) return device;
      if (PyErr_Occurred()) throw py::error_already_set();
    }
    PyObject* device = PyObject_GetAttr(tensor, n_.fake_device);
    if (device == nullptr) PyErr_Clear();
    return device;
  }

  // a == b, as PyObject_RichCompareBool answers it; two objects of one type
  // (torch.device) through that type's comparison directly.
  static bool Equal(PyObject* a, PyObject* b) {
    if (a == b) return true;
    PyTypeObject* type = Py_TYPE(a);
    if (type == Py_TYPE(b) && type->tp_richcompare != nullptr) {
      PyObject* result = type->tp_richcompare(a, b, Py_EQ);
      if (result == nullptr) throw py::error_already_set();
      if (result != Py_NotImplemented) {
        const int truth = PyObject_IsTrue(result);
        Py_DECREF(result);
        if (truth < 0) throw py::error_already_set();
        return truth == 1;
      }
      Py_DECREF(result);
    }
    const int equal = PyObject_RichCompareBool(a, b, Py_EQ);
    if (equal < 0) throw py::error_already_set();
    return equal == 1;
  }

  // The items of a tuple or list (FX's immutable_list included), converted.
  std::vector<Argument> Elements(PyObject* seq) {
    // Lists and tuples, subclasses included (FX's immutable_list), are read
    // in place; other sequences through a list copy.
    py::object copy;
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
      PyObject* fast = PySequence_Fast(seq, "node arguments must be a tuple or list");
      if (fast == nullptr) throw py::error_already_set();
      copy = py::reinterpret_steal<py::object>(fast);
      seq = fast;
    }
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    std::vector<Argument> elements;
    elements.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) elements.push_back(Arg(PySequence_Fast_GET_ITEM(seq, i)));
    return elements;
  }

  ValueMeta Value(PyObject* v) {
    if (v == Py_None) return ValueMeta();
    if (IsTensor(v, objects_.types.tensor_type) || IsTensorMetadata(v)) {
      return ValueMeta::Tensor(Tensor(v));
    }
    if (PyBool_Check(v)) return ValueMeta::Bool(v == Py_True);
    if (PyLong_Check(v)) {
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (overflow == 0) return ValueMeta::Int(value);
    }
    if (PyFloat_Check(v)) return ValueMeta::Float(PyFloat_AS_DOUBLE(v));
    if (IsInstance(v, objects_.types.sym_int_type)) {
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, StrView(py::str(py::handle(v)).ptr()));
    }
    if (IsInstance(v, objects_.types.sym_float_type)) {
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymFloat,
                                 StrView(py::str(py::handle(v)).ptr()));
    }
    if (IsInstance(v, objects_.types.sym_bool_type)) {
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymBool,
                                 StrView(py::str(py::handle(v)).ptr()));
    }
    if (PyList_Check(v) || PyTuple_Check(v)) {
      std::vector<ValueMeta> elements;
      py::handle h(v);
      for (py::handle e : h) elements.push_back(Value(e.ptr()));
      return PyList_Check(v) ? ValueMeta::List(std::move(elements))
                             : ValueMeta::Tuple(std::move(elements));
    }
    return ValueMeta::Opaque(StrView(py::repr(py::handle(v)).ptr()));
  }

  // torch.fx.passes.shape_prop.TensorMetadata (a NamedTuple).
  bool IsTensorMetadata(PyObject* v) const {
    return Py_TYPE(v) == layout_.type ||
           (PyTuple_Check(v) && absl::string_view(Py_TYPE(v)->tp_name) == "TensorMetadata");
  }

  // One pass over the dict rather than a lookup per key (most dicts hold
  // two or three entries). Its keys are normally the interned literals of
  // the code that wrote them, matched by identity; any other str key is
  // compared by value, as a lookup would.
  MetaEntries Entries(PyObject* m) const {
    MetaEntries e;
    const std::pair<PyObject*, PyObject**> slots[] = {
        {n_.val, &e.val},
        {n_.tensor_meta, &e.tensor_meta},
        {n_.example_value, &e.example_value},
        {n_.stack_trace, &e.stack_trace},
        {n_.nn_module_stack, &e.nn_module_stack},
        {n_.source_fn_stack, &e.source_fn_stack},
        {n_.tag, &e.tag},
        {n_.seq_nr, &e.seq_nr}};
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(m, &pos, &key, &value)) {
      const bool unique_text = PyUnicode_CheckExact(key) && PyUnicode_CHECK_INTERNED(key);
      for (const auto& [name, out] : slots) {
        if (key == name ||
            (!unique_text && PyUnicode_Check(key) && PyUnicode_Compare(key, name) == 0)) {
          *out = value;
          break;
        }
      }
    }
    return e;
  }

  // A node's metadata; `ahead` as AddNode's (its entries found there are
  // reused).
  NodeMeta Meta(PyObject* node, NodeFields& fields, const ReadAhead* ahead) {
    NodeMeta meta;
    PyObject* m = fields.Get(kMeta);
    if (PyDict_Check(m) && PyDict_GET_SIZE(m) > 0) {
      const MetaEntries* known = ahead != nullptr ? ahead->EntriesOf(m) : nullptr;
      const MetaEntries e = known != nullptr ? *known : Entries(m);
      PyObject* tensor_meta = e.tensor_meta;
      PyObject* val = e.val;
      if (tensor_meta != nullptr && IsTensorMetadata(tensor_meta) && val != nullptr &&
          IsTensor(val, objects_.types.tensor_type)) {
        // Both recorded (make_fx, export): TensorMetadata's plain fields
        // read several times faster than a FakeTensor's; its device comes
        // from the tensor.
        TensorMeta tensor = Metadata(tensor_meta);
        tensor.device = Device(val);
        meta.val = ValueMeta::Tensor(std::move(tensor));
      } else {
        for (PyObject* v : {e.val, e.tensor_meta, e.example_value}) {
          if (v != nullptr) {
            if (!DeferTupleValue(v)) meta.val = Value(v);
            break;
          }
        }
      }
      if (e.stack_trace && PyUnicode_Check(e.stack_trace)) {
        meta.stack_trace = last_stack_trace_ = Recalled(e.stack_trace, last_stack_trace_);
      }
      if (e.nn_module_stack && PyDict_Check(e.nn_module_stack)) {
        meta.nn_module_stack = ModuleStack(e.nn_module_stack);
      }
      if (e.source_fn_stack && PyList_Check(e.source_fn_stack)) {
        meta.source_fn_stack = SourceFnStack(e.source_fn_stack);
      }
      if (e.tag && PyUnicode_Check(e.tag)) meta.tag = Symbol::Intern(StrView(e.tag));
      if (e.seq_nr && PyLong_Check(e.seq_nr)) meta.seq_nr = PyLong_AsLongLong(e.seq_nr);
      if (PyErr_Occurred()) throw py::error_already_set();
    }
    if (options_.read_tags) {
      PyObject* tag = PyObject_GetAttr(node, n_.tag);
      if (tag == nullptr) {
        PyErr_Clear();
      } else {
        if (PyUnicode_Check(tag)) meta.tag = Symbol::Intern(StrView(tag));
        Py_DECREF(tag);
      }
    }
    // Everything else stays in the Python dict, which the way back reuses
    // (AddNode records the source).
    return meta;
  }

  // A node's nn_module_stack. Export gives each node a dict of its own,
  // whose (path, type) tuples and type names are new objects per entry (and
  // so are the keys of a loaded program): each entry is checked against the
  // one last converted under the same key text, by text, so only an entry
  // that changed is interned.
  fxpp::ModuleStack ModuleStack(PyObject* stack) {
    absl::InlinedVector<ModuleStackEntry, 8> entries;
    PyObject *key, *entry;
    Py_ssize_t pos = 0;
    while (PyDict_Next(stack, &pos, &key, &entry)) {
      PyObject* path = key;
      PyObject* type = entry;
      if (PyTuple_Check(entry) && PyTuple_GET_SIZE(entry) >= 2) {  // 2.x: key -> (path, type)
        objects_.module_stack_tuples = true;
        path = PyTuple_GET_ITEM(entry, 0);
        type = PyTuple_GET_ITEM(entry, 1);
      }
      const absl::string_view key_text = PyUnicode_Check(key) ? StrView(key) : "";
      auto it = module_entries_.find(key_text);
      if (it == module_entries_.end() || key_text.empty()) {
        const Symbol key_symbol = Interned(key);
        it = module_entries_.try_emplace(key_symbol.str()).first;
        it->second.key = key_symbol;
      }
      ModuleStackEntry& known = it->second;
      known.path = Recalled(path, known.path);
      known.type = PyUnicode_Check(type) ? Recalled(type, known.type) : objects_.TypeName(type);
      entries.push_back(known);
    }
    return fxpp::ModuleStack(absl::MakeConstSpan(entries));
  }

  // A node's source_fn_stack: a list of (name, target) pairs, the target a
  // class, a function or its qualified name. Consecutive nodes often share
  // the list.
  std::vector<SourceFnEntry> SourceFnStack(PyObject* list) {
    if (list == last_source_fns_.first.ptr()) return last_source_fns_.second;
    std::vector<SourceFnEntry> entries;
    const Py_ssize_t n = PyList_GET_SIZE(list);
    entries.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) {
      py::handle entry(PyList_GET_ITEM(list, i));
      py::object name, target;
      if (PyTuple_CheckExact(entry.ptr()) && PyTuple_GET_SIZE(entry.ptr()) == 2) {
        name = py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(entry.ptr(), 0));
        target = py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(entry.ptr(), 1));
      } else {
        name = entry[py::int_(0)];
        target = entry[py::int_(1)];
      }
      const Symbol target_name = PyUnicode_Check(target.ptr()) ? Interned(target.ptr())
                                 : PyType_Check(target.ptr())  ? objects_.TypeName(target.ptr())
                                                               : objects_.CallableName(target.ptr());
      entries.push_back({Interned(name.ptr()), target_name});
    }
    last_source_fns_ = {py::reinterpret_borrow<py::object>(list), entries};
    return entries;
  }

  // The symbol of str `text`: `last`, the symbol a string in its place had
  // before, when the text is the same (compared, not hashed), else interned.
  Symbol Recalled(PyObject* text, Symbol last) {
    if (!last.empty() && PyUnicode_CheckExact(text) && StrView(text) == last.str()) return last;
    return Interned(text);
  }

  // The symbol of a str (or of str(obj)): metadata strings (stack traces,
  // module paths) are shared objects, so each is hashed and interned once.
  Symbol Interned(PyObject* obj) {
    auto [it, inserted] = symbols_.try_emplace(obj);
    if (inserted) {
      it->second = PyUnicode_Check(obj)
                       ? Symbol::Intern(StrView(obj))
                       : Symbol::Intern(StrView(py::str(py::handle(obj)).ptr()));
    }
    return it->second;
  }

  // The distinct devices the process's conversions met, each with its name,
  // kept alive (a handful). Naming a device is a str() through c10's stream
  // formatting, cold code: in each conversion's first FakeTensor that was
  // as much as converting a dozen nodes.
  static std::vector<std::pair<py::object, Symbol>>& KnownDevices() {
    static auto* const kDevices = new std::vector<std::pair<py::object, Symbol>>();  // leaked
    return *kDevices;
  }

  // A tensor's device ("cpu", "cuda:0"). A FakeTensor's `device` (a Python
  // property on 2.x) returns its fake_device outside kernel invocations,
  // where conversions run, so that attribute is read instead. Tensors
  // usually hold a device object each: a device not seen by identity is
  // compared with the few distinct ones known (KnownDevices).
  Symbol Device(PyObject* tensor) {
    PyObject* device = nullptr;
    if (objects_.fake_tensor_type != nullptr &&
        PyObject_TypeCheck(tensor, reinterpret_cast<PyTypeObject*>(objects_.fake_tensor_type))) {
      device = FakeDevice(tensor);
    } else if (PyObject* is_cpu = PyObject_GetAttr(tensor, n_.is_cpu)) {
      // Real tensors (parameters, constants) make a new device object per
      // `device` read; `is_cpu` answers the common case without one.
      Py_DECREF(is_cpu);
      if (is_cpu == Py_True) return CpuDevice();
    } else {
      PyErr_Clear();
    }
    if (device == nullptr) device = PyObject_GetAttr(tensor, n_.device);
    if (device == nullptr) throw py::error_already_set();
    py::object owned = py::reinterpret_steal<py::object>(device);
    if (auto it = symbols_.find(device); it != symbols_.end()) return it->second;
    std::vector<std::pair<py::object, Symbol>>& known_devices = KnownDevices();
    for (const auto& [known, symbol] : known_devices) {
      if (Equal(device, known.ptr())) return symbol;
    }
    const Symbol symbol = Interned(device);
    known_devices.emplace_back(std::move(owned), symbol);
    return symbol;
  }

  TorchObjects& objects_;
  const FromTorchOptions& options_;
  const Names& n_;
  absl::flat_hash_map<PyObject*, Node*> env_;  // fx.Node -> its IR node
  // By identity: the objects live in the graph being converted, which
  // outlives the conversion, so no address is reused meanwhile.
  absl::flat_hash_map<PyObject*, Symbol> symbols_;
  // The entry last converted under each nn_module_stack key, by its text
  // (the symbol's: it outlives the map).
  absl::flat_hash_map<absl::string_view, ModuleStackEntry> module_entries_;
  Symbol last_stack_trace_;  // the last node's stack trace
  // The last source_fn_stack list converted (held: its address stays its own).
  std::pair<py::object, std::vector<SourceFnEntry>> last_source_fns_;
  MetadataLayout layout_;  // of the last TensorMetadata type seen
  PyObject* last_dtype_ = nullptr;  // ScalarTypeOf's last answer (a torch.dtype)
  ScalarType last_scalar_type_ = ScalarType::kFloat32;
  PyObject* last_format_ = nullptr;  // FormatOf's last answer (a torch.memory_format)
  MemoryFormat last_memory_format_ = MemoryFormat::kContiguous;
  // The value Meta deferred for the node being added (DeferTupleValue).
  PyObject* deferred_ = nullptr;
  std::vector<absl::optional<ValueMeta>> deferred_elements_;
  std::vector<PendingValue> pending_;
  absl::flat_hash_map<const Node*, size_t> pending_index_;
  PyTypeObject* plain_type_ = nullptr;  // PlainFields' answer for that class
  bool plain_ = false;
  absl::flat_hash_map<PyTypeObject*, bool> never_node_;  // NeverNode's answers
  PyTypeObject* fake_device_type_ = nullptr;  // FakeDeviceInDict's answer for that type
  bool fake_device_in_dict_ = false;
  PyTypeObject* next_type_ = nullptr;  // NextOrNull's class, and its _next member's
  py::object next_descriptor_;         // descriptor and getter (nullptr: read generically)
  descrgetfunc next_get_ = nullptr;
  NodeFields::Table fields_{n_};  // where nodes keep their fields
  py::object last_op_text_;  // Op's last text and its kind
  OpKind last_op_ = OpKind::kPlaceholder;
};

}  // namespace

std::unique_ptr<GraphModule> ModuleFromTorch(py::handle module, TorchObjects& objects,
                                             const FromTorchOptions& options) {
  return Converter(objects, options).Module(module);
}

void GraphFromTorch(py::handle fx_graph, Graph& graph, TorchObjects& objects,
                    const FromTorchOptions& options) {
  Converter(objects, options).Graph(fx_graph, graph);
}

TensorMeta TensorFromTorch(PyObject* tensor, TorchObjects& objects) {
  return Converter(objects, FromTorchOptions()).Tensor(tensor);
}

}  // namespace pyext
}  // namespace fxpp
