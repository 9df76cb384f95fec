// ExportedProgram: fxpp's model of torch.export.ExportedProgram.
//
// - `graph_module` holds the flat graph: parameters, buffers, constants and
//   user inputs are all placeholders, described in order by the graph
//   signature; the output returns mutated buffers/inputs, then user outputs.
// - `module_call_graph` lists every module call export recorded (fqn, and
//   for calls whose signature export preserved, the flattened inputs and
//   outputs with their pytree specs).
// - `state` describes the program's tensors (names, shapes, dtypes; never
//   data) as state entries of a tree of graphless modules, so that
//   "layers.0.q.weight" is entry `weight` of module `layers.0.q`.
//
// Programs come from fxpp's protobuf formats (export/exported_program.proto),
// which the Python bridge writes for real torch.export programs
// (tools/python/fxpp: `fxpp.dump(ep, "model.json")`).
//
// This header is the model; beside it, as in ir/: export/validate.h checks a
// program, export/program_proto.h reads and writes the serialized form, and
// export/effect_tokens.h removes effect tokens.
#ifndef FXPP_EXPORT_EXPORTED_PROGRAM_H_
#define FXPP_EXPORT_EXPORTED_PROGRAM_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/argument.h"
#include "ir/graph_module.h"

namespace fxpp {

// torch.export.graph_signature.InputKind / OutputKind.
enum class InputKind : uint8_t {
  kUserInput,
  kParameter,
  kBuffer,
  kConstantTensor,
  kCustomObj,
  kToken,
};
enum class OutputKind : uint8_t {
  kUserOutput,
  kLossOutput,
  kBufferMutation,
  kGradientToParameter,
  kGradientToUserInput,
  kUserInputMutation,
  kToken,
};
// PyTorch's spelling: "USER_INPUT", "BUFFER_MUTATION", ...
absl::string_view InputKindName(InputKind kind);
absl::string_view OutputKindName(OutputKind kind);

// One input or output of the flat graph or of a module call
// (torch.export's TensorArgument, SymIntArgument, ConstantArgument, ...).
struct ArgumentSpec {
  enum class Kind : uint8_t { kTensor, kSymInt, kSymFloat, kSymBool, kConstant, kCustomObj, kToken };
  Kind kind = Kind::kTensor;
  // The node producing the value; for constants, the placeholder's name
  // (may be empty in module call signatures).
  std::string name;
  Argument value;         // constants: None, bool, int, float or str
  std::string class_fqn;  // custom objects

  // Whether `name` must name a node (everything but constants).
  bool names_node() const { return kind != Kind::kConstant; }
  friend bool operator==(const ArgumentSpec& a, const ArgumentSpec& b);
};

struct InputSpec {
  InputKind kind = InputKind::kUserInput;
  ArgumentSpec arg;
  std::string target;  // state/constant name; empty for user inputs and tokens
  absl::optional<bool> persistent;  // buffers only
};

struct OutputSpec {
  OutputKind kind = OutputKind::kUserOutput;
  ArgumentSpec arg;
  std::string target;  // the mutated buffer/input, or a gradient's parameter/input
};

struct GraphSignature {
  std::vector<InputSpec> input_specs;    // one per placeholder, in order
  std::vector<OutputSpec> output_specs;  // one per returned value, in order
};

// A pytree TreeSpec (torch.utils._pytree.TreeSpec).
struct TreeSpec {
  std::string type;              // "builtins.tuple", ...; empty for a leaf
  std::string context = "null";  // JSON text: dict keys, namedtuple type, ...
  std::vector<TreeSpec> children;

  static TreeSpec Leaf() { return TreeSpec{"", "null", {}}; }
  bool is_leaf() const { return type.empty(); }
  int64_t num_leaves() const;
  // PyTorch's repr on one line: "TreeSpec(tuple, null, [*, TreeSpec(dict, [\"y\"], [*])])".
  std::string ToString() const;
  friend bool operator==(const TreeSpec& a, const TreeSpec& b);
  friend bool operator!=(const TreeSpec& a, const TreeSpec& b) { return !(a == b); }
};

// The keys of a dict TreeSpec (its context), in order.
absl::StatusOr<std::vector<std::string>> TreeSpecDictKeys(const TreeSpec& spec);

struct ModuleCallSignature {
  std::vector<ArgumentSpec> inputs;
  std::vector<ArgumentSpec> outputs;
  TreeSpec in_spec;
  TreeSpec out_spec;
  std::vector<std::string> forward_arg_names;  // the root call's only
};

// absl::optional's interface with the value on the heap: a module call
// graph has an entry for every call (30k in a 100k-node model), few with a
// signature, and an inline signature made each entry 288 bytes rather than
// 40 (8.6 MB of fresh memory faulted in page by page at every read).
template <typename T>
class HeapOptional {
 public:
  HeapOptional() = default;
  HeapOptional(absl::nullopt_t) {}  // NOLINT: as absl::optional converts
  HeapOptional(T value) : value_(std::make_unique<T>(std::move(value))) {}  // NOLINT: likewise
  HeapOptional(const HeapOptional& other)
      : value_(other.has_value() ? std::make_unique<T>(*other) : nullptr) {}
  HeapOptional(HeapOptional&&) noexcept = default;
  HeapOptional& operator=(const HeapOptional& other) {
    if (this != &other) value_ = other.has_value() ? std::make_unique<T>(*other) : nullptr;
    return *this;
  }
  HeapOptional& operator=(HeapOptional&&) noexcept = default;

  bool has_value() const { return value_ != nullptr; }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return value_.get(); }
  const T* operator->() const { return value_.get(); }

 private:
  std::unique_ptr<T> value_;
};

struct ModuleCallEntry {
  std::string fqn;  // "" for the root, "sub@1" for sub's second call
  HeapOptional<ModuleCallSignature> signature;
};

// Whether `entry` has a signature that records the call's arguments. PyTorch
// 2.6's export gives a preserved module it reaches through a container
// (`blocks.0` of an nn.ModuleList, `layer2.1` of an nn.Sequential) a
// signature with specs but no inputs or outputs: such a call is taken as not
// preserved. The root's signature lists none by design and records them.
bool RecordsArguments(const ModuleCallEntry& entry);

struct CustomObject {
  std::string name;
  std::string class_fqn;
};

// A name holding the very same tensor or object as an earlier name.
struct StateAlias {
  std::string name;
  std::string alias_of;
};

struct ExportedProgram {
  ExportedProgram();
  ExportedProgram(ExportedProgram&&) = default;
  ExportedProgram& operator=(ExportedProgram&&) = default;

  std::unique_ptr<GraphModule> graph_module;
  GraphSignature graph_signature;
  std::vector<ModuleCallEntry> module_call_graph;
  // Graphless modules whose state entries are the program's tensors:
  // parameters and persistent buffers (the state dict), non-persistent
  // buffers and tensor constants (StateKind::kConstant).
  std::unique_ptr<GraphModule> state;
  std::vector<CustomObject> custom_objects;
  std::vector<StateAlias> aliases;
  std::string torch_version;

  // Deep copy.
  ExportedProgram Clone() const;
};

// Looks up state entries of a program's state tree by dotted path, as
// GraphModule::FindStatePath does, remembering the last module found:
// signatures list consecutive entries of one module (`weight`, `bias`).
class StateLookup {
 public:
  explicit StateLookup(const GraphModule& state) : state_(state) {}
  // nullptr when there is no entry at `path`. `path` must stay valid until
  // the next call (it is remembered).
  const StateEntry* Find(absl::string_view path);

 private:
  const GraphModule& state_;
  absl::string_view module_path_;
  const GraphModule* module_ = nullptr;
  bool cached_ = false;
};

// The name candidate FX derives for a call_function node it creates with
// `target` (Graph.call_function without a name): `_print_default` for the
// OpOverload `torch.ops.aten._print.default`, `copy_` for the packet
// `torch.ops.aten.copy_`, the last component otherwise. Export's own graphs
// name nodes after the op alone, which is what Graph::CreateNode derives.
std::string FxCallFunctionName(absl::string_view target);

}  // namespace fxpp

#endif  // FXPP_EXPORT_EXPORTED_PROGRAM_H_
