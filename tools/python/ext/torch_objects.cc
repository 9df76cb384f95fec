#include "tools/python/ext/torch_objects.h"

#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "passes/op_schema/schema_table.h"

namespace fxpp {
namespace pyext {
namespace {

// Opaque arguments made in process read "fxpp.object[N]".
constexpr absl::string_view kObjectPrefix = "fxpp.object[";

PyObject* Intern(const char* s) { return PyUnicode_InternFromString(s); }

PyObject* OptionalType(py::handle module, const char* name) {
  py::object t = py::getattr(module, name, py::none());
  return t.is_none() ? nullptr : t.release().ptr();  // kept for the process
}

}  // namespace

const Names& names() {
  // Leaked on purpose: interned strings live as long as the interpreter.
  static const Names* const kNames = new Names{
      Intern("op"), Intern("name"), Intern("target"), Intern("args"), Intern("kwargs"),
      Intern("meta"), Intern("type"), Intern("tag"), Intern("graph"), Intern("nodes"),
      Intern("shape"), Intern("stride"), Intern("dtype"), Intern("device"),
      Intern("requires_grad"), Intern("memory_format"), Intern("_modules"),
      Intern("_parameters"), Intern("_buffers"), Intern("_non_persistent_buffers_set"),
      Intern("__dict__"), Intern("val"), Intern("example_value"), Intern("tensor_meta"),
      Intern("stack_trace"), Intern("nn_module_stack"), Intern("source_fn_stack"),
      Intern("seq_nr"), Intern("create_node"), Intern("get"), Intern("items"), Intern("copy"),
      Intern("_args"), Intern("_kwargs"), Intern("_root"), Intern("_next"),
      Intern("_input_nodes"), Intern("append"), Intern("fake_device"),
      Intern("is_cpu"), Intern("__class__"), Intern("_fields")};
  return *kNames;
}

absl::string_view StrViewSlow(PyObject* s) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(s, &size);
  if (data == nullptr) throw py::error_already_set();
  return absl::string_view(data, static_cast<size_t>(size));
}

py::str Str(absl::string_view s) { return py::str(s.data(), s.size()); }

template <typename Enum>
void TorchTypes::AddEnum(absl::flat_hash_map<PyObject*, Enum>& table,
                         std::vector<py::object>& objects, py::handle pairs,
                         absl::optional<Enum> (*parse)(absl::string_view)) {
  for (py::handle pair : pairs) {
    std::string attr = py::cast<std::string>(pair[py::int_(0)]);
    py::object obj = py::getattr(torch, attr.c_str(), py::none());
    absl::optional<Enum> value = parse(attr);
    if (obj.is_none() || !value.has_value()) continue;
    table[obj.ptr()] = *value;
    const size_t index = static_cast<size_t>(*value);
    if (objects.size() <= index) objects.resize(index + 1);
    objects[index] = obj;
  }
}

const TorchTypes& TorchTypes::Process() {
  // Guarded by the GIL rather than a static's lock: a lookup that released
  // the GIL could otherwise deadlock a second thread waiting on that lock.
  // Two threads racing here build twice; both results stay valid (leaked on
  // purpose: they hold interpreter-lifetime objects).
  static const TorchTypes* types = nullptr;
  if (types == nullptr) types = new TorchTypes();
  return *types;
}

TorchTypes::TorchTypes()
    : torch(py::module_::import("torch")),
      targets(py::module_::import("fxpp._targets")),
      getitem(py::module_::import("operator").attr("getitem")) {
  py::module_ fx = py::module_::import("torch.fx");
  py::module_ values = py::module_::import("fxpp._values");
  node_type = fx.attr("Node").ptr();
  graph_module_type = fx.attr("GraphModule").ptr();
  operator_types = values.attr("_OPERATOR_TYPES");
  tensor_type = torch.attr("Tensor").ptr();
  size_type = torch.attr("Size").ptr();
  dtype_type = torch.attr("dtype").ptr();
  device_type = torch.attr("device").ptr();
  memory_format_type = torch.attr("memory_format").ptr();
  layout_type = torch.attr("layout").ptr();
  sym_int_type = OptionalType(torch, "SymInt");
  sym_float_type = OptionalType(torch, "SymFloat");
  sym_bool_type = OptionalType(torch, "SymBool");
  AddEnum(dtype_of, dtypes, values.attr("_DTYPE_NAMES"), &ParseScalarType);
  AddEnum(format_of, formats, values.attr("_MEMORY_FORMAT_NAMES"), &ParseMemoryFormat);
  AddEnum(layout_of, layouts, values.attr("_LAYOUT_NAMES"), &ParseLayout);
}

TorchObjects::TorchObjects() : types(TorchTypes::Process()) {
  // Looked up per conversion: the module may be loaded after the first one.
  if (PyObject* fake = PyImport_GetModule(Str("torch._subclasses.fake_tensor").ptr())) {
    // Borrowed: the loaded module keeps its class, as torch keeps Tensor.
    py::object cls = py::getattr(fake, "FakeTensor", py::none());
    Py_DECREF(fake);
    if (!cls.is_none()) fake_tensor_type = cls.ptr();
  } else if (PyErr_Occurred()) {
    throw py::error_already_set();
  }
}

namespace {

// The names of ATen operators (OpOverloads) and builtin functions, for the
// process: every conversion meets the same few dozen, and asking Python for
// one costs as much as converting several nodes. Their objects live as long
// as torch does; each one cached is kept alive, so no other object takes its
// address. Other targets (user functions) are not kept past a conversion.
class ProcessCallableNames {
 public:
  static ProcessCallableNames& Get() {
    static ProcessCallableNames* const kNames = new ProcessCallableNames();  // leaked on purpose
    return *kNames;
  }

  // Whether `target`'s name is one the process keeps.
  bool Keeps(PyObject* target) const { return PyCFunction_Check(target) || IsOpOverload(target); }
  bool IsOpOverload(PyObject* target) const {
    return op_overload_ != nullptr && Py_TYPE(target) == op_overload_;
  }
  const Symbol* Find(PyObject* target) const {
    auto it = names_.find(target);
    return it == names_.end() ? nullptr : &it->second;
  }
  void Add(PyObject* target, Symbol name) {
    if (names_.emplace(target, name).second) Py_INCREF(target);
  }

 private:
  ProcessCallableNames() {
    py::object op_overload =
        py::getattr(py::module_::import("torch._ops"), "OpOverload", py::none());
    if (PyType_Check(op_overload.ptr())) {
      op_overload_ = reinterpret_cast<PyTypeObject*>(op_overload.release().ptr());
    }
  }

  PyTypeObject* op_overload_ = nullptr;
  absl::flat_hash_map<PyObject*, Symbol> names_;
};

// Makes the schema of a custom operator (torch.library, torchvision::nms)
// known to the passes, which take an operator they know nothing of to write
// every tensor it is given. One whose schema fxpp cannot parse stays
// unknown.
void RegisterOperatorSchema(py::handle op_overload, Symbol name) {
  if (FindSchema(name.str()) != nullptr) return;  // ATen's, or registered already
  py::object schema = py::getattr(op_overload, "_schema", py::none());
  if (schema.is_none()) return;
  RegisterSchema(std::string(py::str(schema))).IgnoreError();
}

}  // namespace

Symbol TorchObjects::CallableName(PyObject* target) {
  auto it = callable_names_.find(target);
  if (it != callable_names_.end()) return it->second;
  ProcessCallableNames& process = ProcessCallableNames::Get();
  const bool kept = process.Keeps(target);
  const Symbol* known = kept ? process.Find(target) : nullptr;
  py::handle t(target);
  Symbol symbol;
  if (known != nullptr) {
    symbol = *known;
  } else {
    symbol = Symbol::Intern(StrView(types.targets.attr("callable_name")(t).ptr()));
    if (kept) process.Add(target, symbol);
    if (process.IsOpOverload(target)) RegisterOperatorSchema(t, symbol);
  }
  callable_names_.emplace(target, symbol);
  callables_.emplace(std::string(symbol.str()), py::reinterpret_borrow<py::object>(t));
  return symbol;
}

Symbol TorchObjects::TypeName(PyObject* cls) {
  auto it = type_names_.find(cls);
  if (it != type_names_.end()) return it->second;
  py::handle c(cls);
  const Symbol symbol = Symbol::Intern(
      StrView(py::module_::import("fxpp._values").attr("qualified_type_name")(c).ptr()));
  type_names_.emplace(cls, symbol);
  types_.emplace(symbol.id(), py::reinterpret_borrow<py::object>(c));
  return symbol;
}

Argument TorchObjects::OpaqueArgument(PyObject* value) {
  // An operator passed as a value (with_effects' callee) by its name, as the
  // bridge writes it, so that passes can call it (RemoveEffectTokens).
  const int is_operator = PyObject_IsInstance(value, types.operator_types.ptr());
  if (is_operator < 0) throw py::error_already_set();
  if (is_operator == 1) return Argument::Opaque(CallableName(value).str());
  auto [it, inserted] = opaque_index_.try_emplace(value, static_cast<uint32_t>(opaque_.size()));
  if (inserted) opaque_.push_back(py::reinterpret_borrow<py::object>(value));
  return Argument::Opaque(absl::StrCat(kObjectPrefix, it->second, "]"));
}

absl::optional<ScalarType> TorchObjects::Dtype(PyObject* v) const {
  auto it = types.dtype_of.find(v);
  if (it == types.dtype_of.end()) return absl::nullopt;
  return it->second;
}
absl::optional<MemoryFormat> TorchObjects::Format(PyObject* v) const {
  auto it = types.format_of.find(v);
  if (it == types.format_of.end()) return absl::nullopt;
  return it->second;
}
absl::optional<Layout> TorchObjects::LayoutOf(PyObject* v) const {
  auto it = types.layout_of.find(v);
  if (it == types.layout_of.end()) return absl::nullopt;
  return it->second;
}

void TorchObjects::ReserveSources(size_t n) {
  sources_.reserve(sources_.size() + n);
  source_metas_.reserve(source_metas_.size() + n);
}

int64_t TorchObjects::AddSource(PyObject* fx_node, const NodeMeta& meta) {
  sources_.push_back(py::reinterpret_borrow<py::object>(fx_node));
  source_metas_.push_back(
      SourceMeta{meta.val, meta.stack_trace, meta.nn_module_stack, meta.tag, meta.seq_nr});
  return static_cast<int64_t>(sources_.size()) - 1;
}

py::object TorchObjects::Callable(absl::string_view name) {
  auto it = callables_.find(name);
  if (it != callables_.end()) return it->second;
  py::object target = types.targets.attr("resolve_callable")(Str(name));
  callables_.emplace(std::string(name), target);
  return target;
}

py::object TorchObjects::OpaqueValue(absl::string_view text) {
  if (auto it = callables_.find(text); it != callables_.end()) return it->second;
  if (absl::StartsWith(text, kObjectPrefix) && absl::EndsWith(text, "]")) {
    uint32_t index = 0;
    absl::string_view digits = text.substr(kObjectPrefix.size());
    digits.remove_suffix(1);
    if (absl::SimpleAtoi(digits, &index) && index < opaque_.size()) return opaque_[index];
  }
  return types.targets.attr("opaque_value")(Str(text));
}

py::object TorchObjects::Type(Symbol name) {
  auto it = types_.find(name.id());
  if (it != types_.end()) return it->second;
  return Str(name.str());
}

}  // namespace pyext
}  // namespace fxpp
