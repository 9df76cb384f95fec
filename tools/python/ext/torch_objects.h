// What one in-process conversion between torch.fx and fxpp's IR remembers of
// the Python side, so that the way back returns the very objects it was
// given: call targets, argument values fxpp cannot model (kept by identity),
// module classes, and each source node with its metadata.
#ifndef FXPP_TOOLS_PYTHON_EXT_TORCH_OBJECTS_H_
#define FXPP_TOOLS_PYTHON_EXT_TORCH_OBJECTS_H_

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "ir/argument.h"
#include "ir/meta.h"
#include "ir/node.h"
#include "ir/symbol.h"
#include "ir/torch_enums.h"

namespace fxpp {
namespace pyext {

namespace py = pybind11;

// The fields of a source node's converted metadata that the way back
// compares with the node's metadata then, to write only what a pass changed
// (source_fn_stack and extra entries are not written back): a copy of these
// alone per node, not of the whole NodeMeta.
struct SourceMeta {
  absl::optional<ValueMeta> val;
  Symbol stack_trace;
  ModuleStack nn_module_stack;
  absl::optional<Symbol> tag;
  absl::optional<int64_t> seq_nr;
};

// Interned attribute names (Python strings made once; lookups by pointer).
struct Names {
  PyObject *op, *name, *target, *args, *kwargs, *meta, *type, *tag, *graph, *nodes, *shape,
      *stride, *dtype, *device, *requires_grad, *memory_format, *modules, *parameters,
      *buffers, *non_persistent, *dict, *val, *example_value, *tensor_meta, *stack_trace,
      *nn_module_stack, *source_fn_stack, *seq_nr, *create_node, *get, *items, *copy,
      *private_args, *private_kwargs, *root, *next, *input_nodes, *append, *fake_device,
      *is_cpu, *class_name, *fields;
};
const Names& names();

// obj.name as a new reference; a Python error propagates as an exception.
inline py::object Attr(PyObject* obj, PyObject* name) {
  PyObject* value = PyObject_GetAttr(obj, name);
  if (value == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(value);
}

// The text of a Python str (UTF-8, owned by the object). An ASCII str (most
// names and metadata) keeps its text right after its header: read in place,
// without a call into Python per string.
absl::string_view StrViewSlow(PyObject* s);
inline absl::string_view StrView(PyObject* s) {
  if (PyUnicode_CheckExact(s) && PyUnicode_IS_COMPACT_ASCII(s)) {
    return absl::string_view(static_cast<const char*>(PyUnicode_DATA(s)),
                             static_cast<size_t>(PyUnicode_GET_LENGTH(s)));
  }
  return StrViewSlow(s);
}
py::str Str(absl::string_view s);

// The torch classes and enum objects conversions test values against, and
// the modules they call into: module-level objects of torch and fxpp, alive
// as long as the interpreter. Looked up once per process, not per
// conversion: a graph of a few hundred nodes converts in well under a
// millisecond, and these lookups, out of cache by then, took a tenth of it.
struct TorchTypes {
  // Built on first use, under the GIL.
  static const TorchTypes& Process();

  PyObject* node_type;
  PyObject* graph_module_type;
  PyObject* tensor_type;
  PyObject* size_type;
  PyObject* dtype_type;
  PyObject* device_type;
  PyObject* memory_format_type;
  PyObject* layout_type;
  PyObject* sym_int_type;  // nullptr on torches without SymInt
  PyObject* sym_float_type;
  PyObject* sym_bool_type;
  py::module_ torch;
  py::module_ targets;  // fxpp._targets
  py::object operator_types;  // fxpp._values._OPERATOR_TYPES
  py::object getitem;  // operator.getitem

  // torch.float32 ... <-> ScalarType, and likewise memory formats and layouts.
  absl::flat_hash_map<PyObject*, ScalarType> dtype_of;
  absl::flat_hash_map<PyObject*, MemoryFormat> format_of;
  absl::flat_hash_map<PyObject*, Layout> layout_of;
  std::vector<py::object> dtypes, formats, layouts;  // indexed by the enums

 private:
  TorchTypes();
  template <typename Enum>
  void AddEnum(absl::flat_hash_map<PyObject*, Enum>& table, std::vector<py::object>& objects,
               py::handle pairs, absl::optional<Enum> (*parse)(absl::string_view));
};

class TorchObjects {
 public:
  TorchObjects();

  // ---- torch -> IR ---------------------------------------------------------
  // FX's printed name of a call_function target (`torch.ops.aten.add.Tensor`).
  Symbol CallableName(PyObject* target);
  // `torch.nn.modules.linear.Linear` for a class.
  Symbol TypeName(PyObject* cls);
  // A value fxpp cannot model, kept by identity: an opaque argument whose
  // text names it.
  Argument OpaqueArgument(PyObject* value);
  absl::optional<ScalarType> Dtype(PyObject* v) const;
  absl::optional<MemoryFormat> Format(PyObject* v) const;
  absl::optional<Layout> LayoutOf(PyObject* v) const;
  // Room for `n` more sources.
  void ReserveSources(size_t n);
  // The index the next AddSource returns.
  int64_t next_source() const { return static_cast<int64_t>(sources_.size()); }
  // Records a source node and its converted metadata; returns its index.
  int64_t AddSource(PyObject* fx_node, const NodeMeta& meta);

  // ---- IR -> torch ---------------------------------------------------------
  // The callable of a call_function target; names not seen on the way in
  // are resolved by fxpp._targets.resolve_callable.
  py::object Callable(absl::string_view name);
  // The object an opaque argument stands for (fxpp._targets.opaque_value for
  // text that came from elsewhere, e.g. a file).
  py::object OpaqueValue(absl::string_view text);
  // The class a type name came from, or the name itself as a str.
  py::object Type(Symbol name);
  py::object DtypeObject(ScalarType t) const { return types.dtypes[static_cast<int>(t)]; }
  py::object FormatObject(MemoryFormat f) const { return types.formats[static_cast<int>(f)]; }
  py::object LayoutObject(Layout l) const { return types.layouts[static_cast<int>(l)]; }
  // Source `index`'s node, and its metadata as converted.
  PyObject* source_node(int64_t index) const { return sources_[index].ptr(); }
  const SourceMeta& source_meta(int64_t index) const { return source_metas_[index]; }
  // For converters that complete a value after recording its node.
  SourceMeta& mutable_source_meta(int64_t index) { return source_metas_[index]; }
  int64_t num_sources() const { return static_cast<int64_t>(sources_.size()); }
  // Whether nn_module_stack entries are PyTorch 2's key -> (path, type).
  bool module_stack_tuples = false;

  const TorchTypes& types;
  // FakeTensor, when torch._subclasses.fake_tensor is loaded (nullptr
  // otherwise: then no value is one).
  PyObject* fake_tensor_type = nullptr;

 private:
  absl::flat_hash_map<PyObject*, Symbol> callable_names_;  // target -> name
  absl::flat_hash_map<std::string, py::object> callables_;  // name -> target
  absl::flat_hash_map<PyObject*, Symbol> type_names_;
  absl::flat_hash_map<uint32_t, py::object> types_;  // Symbol id -> class
  absl::flat_hash_map<PyObject*, uint32_t> opaque_index_;
  std::vector<py::object> opaque_;
  std::vector<py::object> sources_;
  std::vector<SourceMeta> source_metas_;
};

}  // namespace pyext
}  // namespace fxpp

#endif  // FXPP_TOOLS_PYTHON_EXT_TORCH_OBJECTS_H_
