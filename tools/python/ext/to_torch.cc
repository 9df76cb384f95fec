#include "tools/python/ext/to_torch.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace fxpp {
namespace pyext {
namespace {

// The subgraph module an invoke_subgraph call runs: its first argument, a
// get_attr node.
const Node* InvokedSubgraph(const Node& node) {
  if (node.op() != OpKind::kCallFunction || node.target() != kInvokeSubgraph ||
      node.args().empty() || !node.args()[0].is_node()) {
    return nullptr;
  }
  const Node* attr = node.args()[0].node();
  return attr->op() == OpKind::kGetAttr ? attr : nullptr;
}

class Builder {
 public:
  Builder(const Graph& graph, TorchObjects& objects)
      : graph_(graph), objects_(objects), n_(names()), env_(graph.id_bound()) {}

  py::object Build() {
    py::object fx_graph = py::module_::import("torch.fx").attr("Graph")();
    py::object create_node = fx_graph.attr("create_node");
    py::str op_names[] = {py::str("placeholder"),   py::str("get_attr"),
                          py::str("call_function"), py::str("call_method"),
                          py::str("call_module"),   py::str("output")};
    for (const Node* node : graph_.nodes()) {
      if (node->op() == OpKind::kGetAttr && OnlyInvoked(*node)) continue;
      OpKind op = node->op();
      py::object target;
      py::tuple args;
      if (const Node* subgraph = InvokedSubgraph(*node)) {
        op = OpKind::kCallModule;
        target = Str(subgraph->target());
        args = InvokeOperands(*node);
      } else {
        target = op == OpKind::kCallFunction ? objects_.Callable(node->target())
                                             : py::object(Str(node->target()));
        args = py::tuple(node->args().size());
        for (size_t i = 0; i < node->args().size(); ++i) args[i] = Value(node->args()[i]);
      }
      py::dict kwargs;
      for (const KwArg& kw : node->kwargs()) kwargs[Str(kw.name.str())] = Value(kw.value);
      const int64_t source = node->meta().source_index;
      py::object type = py::none();
      if (!node->type_annotation().empty() && source >= 0) {
        type = py::reinterpret_steal<py::object>(
            PyObject_GetAttr(objects_.source_node(source), n_.type));
        if (!type) throw py::error_already_set();
      }
      py::object fx_node = create_node(op_names[static_cast<int>(op)], target, args, kwargs,
                                       Str(node->name()), type);
      // Filled in place: the new node's own (empty) dict. Assigning
      // node.meta instead costs a Node.__setattr__ on PyTorch 2.x, which
      // re-indexes the node in the graph's lookup table.
      PyObject* meta = PyObject_GetAttr(fx_node.ptr(), n_.meta);
      if (meta == nullptr) throw py::error_already_set();
      FillMeta(*node, source, py::reinterpret_steal<py::dict>(meta));
      env_[node->id()] = fx_node;
    }
    return fx_graph;
  }

 private:
  // A get_attr whose every user calls it through invoke_subgraph: the
  // call_module replacing those calls names the module itself.
  static bool OnlyInvoked(const Node& node) {
    if (node.num_users() == 0) return false;
    for (const Node* user : node.users()) {
      if (InvokedSubgraph(*user) != &node) return false;
    }
    return true;
  }

  // invoke_subgraph(subgraph, identifier, *operands); PyTorch 2.6 passes
  // the operands as one tuple.
  py::tuple InvokeOperands(const Node& node) {
    const absl::Span<const Argument> args = node.args();
    std::vector<const Argument*> operands;
    for (size_t i = 2; i < args.size(); ++i) operands.push_back(&args[i]);
    if (operands.size() == 1 && operands[0]->kind() == ArgKind::kTuple) {
      operands.clear();
      for (const Argument& a : args[2].elements()) operands.push_back(&a);
    }
    py::tuple out(operands.size());
    for (size_t i = 0; i < operands.size(); ++i) out[i] = Value(*operands[i]);
    return out;
  }

  py::object Value(const Argument& a) {
    switch (a.kind()) {
      case ArgKind::kNone:
        return py::none();
      case ArgKind::kBool:
        return py::bool_(a.bool_value());
      case ArgKind::kInt:
        return py::int_(a.int_value());
      case ArgKind::kFloat:
        return py::float_(a.float_value());
      case ArgKind::kString:
        return Str(a.text());
      case ArgKind::kNode:
        return env_[a.node()->id()];
      case ArgKind::kList:
      case ArgKind::kTuple: {
        py::list items;
        for (const Argument& e : a.elements()) items.append(Value(e));
        if (a.kind() == ArgKind::kList) return std::move(items);
        return py::tuple(items);
      }
      case ArgKind::kDict: {
        py::dict d;
        for (size_t i = 0; i < a.dict_size(); ++i) d[Value(a.dict_key(i))] = Value(a.dict_value(i));
        return std::move(d);
      }
      case ArgKind::kSlice: {
        const std::vector<Argument>& e = a.elements();
        return py::reinterpret_steal<py::object>(
            PySlice_New(Value(e[0]).ptr(), Value(e[1]).ptr(), Value(e[2]).ptr()));
      }
      case ArgKind::kDtype:
        return objects_.DtypeObject(a.dtype());
      case ArgKind::kDevice:
        return objects_.types.torch.attr("device")(Str(a.text()));
      case ArgKind::kMemoryFormat:
        return objects_.FormatObject(a.memory_format());
      case ArgKind::kLayout:
        return objects_.LayoutObject(a.layout());
      case ArgKind::kEllipsis:
        return py::ellipsis();
      case ArgKind::kSymInt:
        throw py::value_error(absl::StrCat("a symbolic size (", a.text(),
                                           ") made by a pass cannot be rebuilt"));
      case ArgKind::kOpaque:
        return objects_.OpaqueValue(a.text());
    }
    return py::none();
  }

  // An example value for a node a pass made: meta tensors with the
  // recorded shape, stride and dtype (None when a size is symbolic).
  py::object ExampleValue(const ValueMeta& v) {
    switch (v.kind()) {
      case ValueMeta::Kind::kTensor: {
        const TensorMeta& t = v.tensor();
        py::list shape, stride;
        for (const SymDim& d : t.shape) {
          if (d.is_symbolic()) return py::none();
          shape.append(d.value());
        }
        for (const SymDim& d : t.stride) {
          if (d.is_symbolic()) return py::none();
          stride.append(d.value());
        }
        py::object dtype = objects_.DtypeObject(t.dtype);
        if (t.stride.size() != t.shape.size()) {
          return objects_.types.torch.attr("empty")(shape, py::arg("dtype") = dtype,
                                                    py::arg("device") = "meta");
        }
        return objects_.types.torch.attr("empty_strided")(shape, stride,
                                                          py::arg("dtype") = dtype,
                                                          py::arg("device") = "meta");
      }
      case ValueMeta::Kind::kTuple:
      case ValueMeta::Kind::kList: {
        py::list items;
        for (const ValueMeta& e : v.elements()) items.append(ExampleValue(e));
        if (v.kind() == ValueMeta::Kind::kList) return std::move(items);
        return py::tuple(items);
      }
      case ValueMeta::Kind::kInt:
        return py::int_(v.int_value());
      case ValueMeta::Kind::kFloat:
        return py::float_(v.float_value());
      case ValueMeta::Kind::kBool:
        return py::bool_(v.bool_value());
      default:
        return py::none();
    }
  }

  py::object ModuleStack(const std::vector<ModuleStackEntry>& stack) {
    py::dict d;
    for (const ModuleStackEntry& e : stack) {
      py::object type = objects_.Type(e.type);
      if (objects_.module_stack_tuples) {
        d[Str(e.key.str())] = py::make_tuple(Str(e.path.str()), type);
      } else {
        d[Str(e.path.str())] = type;
      }
    }
    return std::move(d);
  }

  static void Set(py::dict& d, PyObject* key, py::handle value) {
    if (PyDict_SetItem(d.ptr(), key, value.ptr()) < 0) throw py::error_already_set();
  }
  static void Remove(py::dict& d, PyObject* key) {
    if (PyDict_DelItem(d.ptr(), key) < 0) PyErr_Clear();
  }

  // Fills `meta` (node.meta of the node built for `node`) with its source's
  // entries and what a pass changed rewritten, or with the IR's fields.
  void FillMeta(const Node& node, int64_t source, py::dict meta) {
    const NodeMeta& now = node.meta();
    static const SourceMeta kEmpty;
    const SourceMeta& before = source >= 0 ? objects_.source_meta(source) : kEmpty;
    if (source >= 0) {
      py::object src = py::reinterpret_steal<py::object>(
          PyObject_GetAttr(objects_.source_node(source), n_.meta));
      if (!src) throw py::error_already_set();
      if (PyDict_Update(meta.ptr(), src.ptr()) < 0) throw py::error_already_set();
    }
    if (now.val != before.val) {
      Remove(meta, n_.tensor_meta);
      Remove(meta, n_.example_value);
      if (now.val.has_value()) {
        py::object value = ExampleValue(*now.val);
        if (value.is_none()) Remove(meta, n_.val); else Set(meta, n_.val, value);
      } else {
        Remove(meta, n_.val);
      }
    }
    if (now.stack_trace != before.stack_trace) {
      if (now.stack_trace.str().empty()) Remove(meta, n_.stack_trace);
      else Set(meta, n_.stack_trace, Str(now.stack_trace.str()));
    }
    if (now.nn_module_stack != before.nn_module_stack) {
      if (now.nn_module_stack.empty()) Remove(meta, n_.nn_module_stack);
      else Set(meta, n_.nn_module_stack, ModuleStack(now.nn_module_stack));
    }
    if (now.tag != before.tag) {
      if (now.tag.has_value()) Set(meta, n_.tag, Str(now.tag->str())); else Remove(meta, n_.tag);
    }
    if (now.seq_nr != before.seq_nr) {
      if (now.seq_nr.has_value()) Set(meta, n_.seq_nr, py::int_(*now.seq_nr));
      else Remove(meta, n_.seq_nr);
    }
  }

  const Graph& graph_;
  TorchObjects& objects_;
  const Names& n_;
  std::vector<py::object> env_;  // by node id
};

}  // namespace

py::object GraphToTorch(const Graph& graph, TorchObjects& objects) {
  return Builder(graph, objects).Build();
}

}  // namespace pyext
}  // namespace fxpp
