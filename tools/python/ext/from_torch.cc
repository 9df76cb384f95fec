#include "tools/python/ext/from_torch.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "ir/names.h"
#include "tools/python/ext/topo_sort.h"

namespace fxpp {
namespace pyext {
namespace {

bool IsInstance(PyObject* obj, PyObject* type) {
  if (type == nullptr) return false;
  if (Py_TYPE(obj) == reinterpret_cast<PyTypeObject*>(type)) return true;
  const int r = PyObject_IsInstance(obj, type);
  if (r < 0) throw py::error_already_set();
  return r == 1;
}

// A dim of a shape or stride: an int, or a SymInt (symbolic unless its text
// is a plain number).
SymDim Dim(PyObject* d) {
  if (PyLong_Check(d)) return SymDim(PyLong_AsLongLong(d));
  py::str text(py::handle{d});
  absl::string_view s = StrView(text.ptr());
  int64_t value = 0;
  if (absl::SimpleAtoi(s, &value)) return SymDim(value);
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

class Converter {
 public:
  Converter(TorchObjects& objects, const FromTorchOptions& options)
      : objects_(objects), options_(options), n_(names()) {}

  std::unique_ptr<GraphModule> Module(py::handle module) {
    std::unique_ptr<GraphModule> out;
    if (IsInstance(module.ptr(), objects_.graph_module_type)) {
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
      Check(out->AddChild(StrView(name.ptr()), Module(child)).status());
    }
    AddState(module, *out);
    return out;
  }

  void Graph(py::handle fx_graph, fxpp::Graph& graph) {
    py::object nodes = Attr(fx_graph.ptr(), n_.nodes);
    const size_t size = static_cast<size_t>(py::len(nodes));
    graph.Reserve(size);
    env_.reserve(env_.size() + size);
    // Walks the node list itself (root._next ...), as Graph.nodes does but
    // without a Python generator step per node.
    PyObject* root = PyObject_GetAttr(fx_graph.ptr(), n_.root);
    if (root == nullptr) {
      PyErr_Clear();
      for (py::handle node : nodes) AddNode(node.ptr(), graph);
      return;
    }
    py::object sentinel = py::reinterpret_steal<py::object>(root);
    if (options_.sort) {
      for (PyObject* node : StableOrder(fx_graph, OutputPlacement::kLast)) AddNode(node, graph);
      return;
    }
    for (py::object node = Attr(root, n_.next); node.ptr() != root;
         node = Attr(node.ptr(), n_.next)) {
      AddNode(node.ptr(), graph);
    }
  }

  TensorMeta Tensor(PyObject* t) {
    TensorMeta meta;
    const bool is_tensor = IsInstance(t, objects_.tensor_type);
    meta.shape = Dims(Attr(t, n_.shape).ptr());
    if (is_tensor) {
      PyObject* stride = PyObject_CallMethodNoArgs(t, n_.stride);
      if (stride != nullptr) {
        meta.stride = Dims(stride);
        Py_DECREF(stride);
      } else {
        PyErr_Clear();  // sparse and nested tensors have no strides
      }
    } else {
      py::object stride = Attr(t, n_.stride);
      if (!stride.is_none()) meta.stride = Dims(stride.ptr());
      py::object format = Attr(t, n_.memory_format);
      if (!format.is_none()) meta.memory_format = objects_.Format(format.ptr());
    }
    py::object dtype = Attr(t, n_.dtype);
    absl::optional<ScalarType> scalar = objects_.Dtype(dtype.ptr());
    if (!scalar.has_value()) {
      throw py::value_error(absl::StrCat("fxpp has no scalar type for ",
                                         std::string(py::str(dtype))));
    }
    meta.dtype = *scalar;
    if (is_tensor) meta.device = Device(t);
    meta.requires_grad = PyObject_IsTrue(Attr(t, n_.requires_grad).ptr()) == 1;
    return meta;
  }

 private:
  static void Check(const absl::Status& status) {
    if (!status.ok()) throw py::value_error(std::string(status.message()));
  }

  void AddState(py::handle module, GraphModule& out) {
    py::dict parameters = Attr(module.ptr(), n_.parameters);
    for (auto [name, p] : parameters) {
      if (p.is_none()) continue;
      Check(out.AddState({std::string(StrView(name.ptr())), StateKind::kParameter,
                          Tensor(p.ptr()), true}));
    }
    py::dict buffers = Attr(module.ptr(), n_.buffers);
    py::object non_persistent = py::getattr(module, n_.non_persistent, py::set());
    for (auto [name, b] : buffers) {
      if (b.is_none()) continue;
      const bool persistent = !non_persistent.contains(name);
      Check(out.AddState({std::string(StrView(name.ptr())), StateKind::kBuffer, Tensor(b.ptr()),
                          persistent}));
    }
    // Plain tensor attributes: the constants get_attr nodes read.
    py::dict attributes = Attr(module.ptr(), n_.dict);
    for (auto [name, value] : attributes) {
      absl::string_view attr = StrView(name.ptr());
      if (attr.substr(0, 2) == "__" || !IsInstance(value.ptr(), objects_.tensor_type)) continue;
      Check(out.AddState({std::string(attr), StateKind::kConstant, Tensor(value.ptr()), true}));
    }
  }

  void AddNode(PyObject* node, fxpp::Graph& graph) {
    py::object op_text = Attr(node, n_.op);
    absl::optional<OpKind> op = ParseOpKind(StrView(op_text.ptr()));
    if (!op.has_value()) {
      throw py::value_error(absl::StrCat("unknown op '", StrView(op_text.ptr()), "'"));
    }
    py::object name_obj = Attr(node, n_.name);
    absl::string_view name = StrView(name_obj.ptr());
    py::object target_obj = Attr(node, n_.target);
    Symbol target_symbol;
    absl::string_view target;
    py::str target_text;
    if (*op == OpKind::kCallFunction) {
      target_symbol = objects_.CallableName(target_obj.ptr());
      target = target_symbol.str();
    } else {
      target_text = PyUnicode_Check(target_obj.ptr()) ? py::str(target_obj) : py::str(target_obj);
      target = StrView(target_text.ptr());
    }
    // node._args / node._kwargs: what the args / kwargs properties return,
    // read without calling Python.
    py::object args_obj = Attr(node, n_.private_args);
    std::vector<Argument> args;
    args.reserve(static_cast<size_t>(PyTuple_GET_SIZE(args_obj.ptr())));
    for (py::handle a : args_obj) args.push_back(Arg(a.ptr()));
    KwArgs kwargs;
    py::dict kwargs_obj = Attr(node, n_.private_kwargs);
    for (auto [key, value] : kwargs_obj) {
      kwargs.push_back({Symbol::Intern(StrView(key.ptr())), Arg(value.ptr())});
    }
    std::string annotation;
    py::object type = Attr(node, n_.type);
    if (!type.is_none()) {
      annotation = py::cast<std::string>(objects_.targets.attr("type_annotation")(type));
    }
    Node* created;
    if (IsPythonIdentifier(name) && !IsReservedPythonName(name)) {
      auto named = graph.CreateNamedNode(*op, name, target, std::move(args), std::move(kwargs),
                                         annotation);
      Check(named.status());
      created = *named;
    } else {
      // A name FX's namespace would not give (torch.export lets `input`
      // through): the next free `name_N`, as the bridge renames it.
      created = graph.CreateNode(*op, target, std::move(args), std::move(kwargs), name,
                                 annotation);
    }
    created->set_meta(Meta(node));
    env_[node] = created;
  }

  Argument Arg(PyObject* v) {
    if (v == Py_None) return Argument::None();
    PyTypeObject* type = Py_TYPE(v);
    if (type == reinterpret_cast<PyTypeObject*>(objects_.node_type) ||
        IsInstance(v, objects_.node_type)) {
      auto it = env_.find(v);
      if (it == env_.end()) {
        throw py::value_error(absl::StrCat("argument '", py::cast<std::string>(py::str(
                                                             py::handle(v).attr("name"))),
                                           "' is not a node defined before it"));
      }
      return Argument::Ref(it->second);
    }
    if (PyBool_Check(v)) return Argument::Bool(v == Py_True);
    if (PyLong_CheckExact(v)) {
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (overflow == 0) return Argument::Int(value);
      return objects_.OpaqueArgument(v);
    }
    if (PyFloat_CheckExact(v)) return Argument::Float(PyFloat_AS_DOUBLE(v));
    if (PyUnicode_CheckExact(v)) return Argument::String(StrView(v));
    // FX keeps list and dict arguments as immutable_list / immutable_dict
    // (subclasses); a tuple subclass (a named tuple) is a value of its own.
    if (PyTuple_CheckExact(v) || PyList_Check(v)) {
      std::vector<Argument> elements;
      py::handle h(v);
      elements.reserve(static_cast<size_t>(Py_SIZE(v)));
      for (py::handle e : h) elements.push_back(Arg(e.ptr()));
      return PyTuple_CheckExact(v) ? Argument::Tuple(std::move(elements))
                                   : Argument::List(std::move(elements));
    }
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
    if (type == reinterpret_cast<PyTypeObject*>(objects_.dtype_type)) {
      if (auto d = objects_.Dtype(v)) return Argument::Dtype(*d);
    } else if (type == reinterpret_cast<PyTypeObject*>(objects_.device_type)) {
      return Argument::Device(StrView(py::str(py::handle(v)).ptr()));
    } else if (type == reinterpret_cast<PyTypeObject*>(objects_.memory_format_type)) {
      if (auto f = objects_.Format(v)) return Argument::Format(*f);
    } else if (type == reinterpret_cast<PyTypeObject*>(objects_.layout_type)) {
      if (auto l = objects_.LayoutOf(v)) return Argument::LayoutValue(*l);
    } else if (objects_.sym_int_type != nullptr && IsInstance(v, objects_.sym_int_type)) {
      return Argument::SymInt(StrView(py::str(py::handle(v)).ptr()));
    }
    // torch.Size, tensors, operators passed as values, big ints, ...: kept
    // by identity, so that the way back returns the same object.
    return objects_.OpaqueArgument(v);
  }

  ValueMeta Value(PyObject* v) {
    if (v == Py_None) return ValueMeta();
    if (IsInstance(v, objects_.tensor_type)) return ValueMeta::Tensor(Tensor(v));
    if (IsTensorMetadata(v)) return ValueMeta::Tensor(Tensor(v));
    if (PyBool_Check(v)) return ValueMeta::Bool(v == Py_True);
    if (PyLong_Check(v)) {
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(v, &overflow);
      if (overflow == 0) return ValueMeta::Int(value);
    }
    if (PyFloat_Check(v)) return ValueMeta::Float(PyFloat_AS_DOUBLE(v));
    if (IsInstance(v, objects_.sym_int_type)) {
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, StrView(py::str(py::handle(v)).ptr()));
    }
    if (IsInstance(v, objects_.sym_float_type)) {
      return ValueMeta::Symbolic(ValueMeta::Kind::kSymFloat,
                                 StrView(py::str(py::handle(v)).ptr()));
    }
    if (IsInstance(v, objects_.sym_bool_type)) {
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
  static bool IsTensorMetadata(PyObject* v) {
    return PyTuple_Check(v) && absl::string_view(Py_TYPE(v)->tp_name) == "TensorMetadata";
  }

  // Looks `key` up in the meta dict (borrowed reference or nullptr).
  static PyObject* Find(PyObject* meta, PyObject* key) { return PyDict_GetItemWithError(meta, key); }

  NodeMeta Meta(PyObject* node) {
    NodeMeta meta;
    py::object meta_dict = Attr(node, n_.meta);
    PyObject* m = meta_dict.ptr();
    if (PyDict_Check(m) && PyDict_GET_SIZE(m) > 0) {
      PyObject* tensor_meta = Find(m, n_.tensor_meta);
      PyObject* val = Find(m, n_.val);
      if (tensor_meta != nullptr && IsTensorMetadata(tensor_meta) && val != nullptr &&
          IsInstance(val, objects_.tensor_type)) {
        // Both recorded (make_fx, export): TensorMetadata's plain fields
        // read several times faster than a FakeTensor's; its device comes
        // from the tensor.
        ValueMeta value = Value(tensor_meta);
        value.mutable_tensor().device = Device(val);
        meta.val = std::move(value);
      } else {
        for (PyObject* key : {n_.val, n_.tensor_meta, n_.example_value}) {
          if (PyObject* v = Find(m, key)) {
            meta.val = Value(v);
            break;
          }
        }
      }
      if (PyObject* trace = Find(m, n_.stack_trace); trace && PyUnicode_Check(trace)) {
        meta.stack_trace = Interned(trace);
      }
      if (PyObject* stack = Find(m, n_.nn_module_stack); stack && PyDict_Check(stack)) {
        meta.nn_module_stack = ModuleStack(stack);
      }
      if (PyObject* sources = Find(m, n_.source_fn_stack); sources && PyList_Check(sources)) {
        for (py::handle entry : py::handle(sources)) {
          py::handle name = entry[py::int_(0)];
          py::object target = entry[py::int_(1)];
          Symbol target_name = PyUnicode_Check(target.ptr()) ? Symbol::Intern(StrView(target.ptr()))
                               : PyType_Check(target.ptr()) ? objects_.TypeName(target.ptr())
                                                            : objects_.CallableName(target.ptr());
          meta.source_fn_stack.push_back(
              {Symbol::Intern(StrView(py::str(name).ptr())), target_name});
        }
      }
      if (PyObject* tag = Find(m, n_.tag); tag && PyUnicode_Check(tag)) {
        meta.tag = Symbol::Intern(StrView(tag));
      }
      if (PyObject* seq = Find(m, n_.seq_nr); seq && PyLong_Check(seq)) {
        meta.seq_nr = PyLong_AsLongLong(seq);
      }
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
    // Everything else stays in the Python dict, which the way back reuses.
    const int64_t source = objects_.AddSource(node, meta);
    meta.SetExtra(kSourceMetaKey, absl::StrCat(source));
    return meta;
  }

  // A node's nn_module_stack: passes that copy metadata share one dict among
  // many nodes, so entries are converted once per dict.
  const std::vector<ModuleStackEntry>& ModuleStack(PyObject* stack) {
    auto [it, inserted] = module_stacks_.try_emplace(stack);
    if (!inserted) return it->second;
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
      const Symbol type_name = PyUnicode_Check(type) ? Interned(type) : objects_.TypeName(type);
      it->second.push_back({Interned(key), Interned(path), type_name});
    }
    return it->second;
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

  // A tensor's device ("cpu", "cuda:0"). FakeTensors return the device
  // object they hold, so that is usually one lookup; a new object is kept
  // alive, so that no later device takes its address in the cache.
  Symbol Device(PyObject* tensor) {
    py::object device = Attr(tensor, n_.device);
    auto it = symbols_.find(device.ptr());
    if (it != symbols_.end()) return it->second;
    const Symbol symbol = Interned(device.ptr());
    devices_.push_back(std::move(device));
    return symbol;
  }

  TorchObjects& objects_;
  const FromTorchOptions& options_;
  const Names& n_;
  absl::flat_hash_map<PyObject*, Node*> env_;  // fx.Node -> its IR node
  // By identity: the objects live in the graph being converted, which
  // outlives the conversion, so no address is reused meanwhile.
  absl::flat_hash_map<PyObject*, Symbol> symbols_;
  absl::flat_hash_map<PyObject*, std::vector<ModuleStackEntry>> module_stacks_;
  std::vector<py::object> devices_;
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
