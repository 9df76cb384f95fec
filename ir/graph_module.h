// GraphModule: a graph plus the module state it refers to, like
// torch.fx.GraphModule. Submodules form a tree (call_module targets and
// subgraphs such as `subgraph_0` for invoke_subgraph); a submodule without a
// graph stands for an ordinary nn.Module (e.g. torch.nn.Linear) known by its
// type and state. Tensors are described, never stored: fxpp needs names,
// shapes and dtypes only.
#ifndef FXPP_IR_GRAPH_MODULE_H_
#define FXPP_IR_GRAPH_MODULE_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/graph.h"
#include "ir/meta.h"

namespace fxpp {

enum class StateKind : uint8_t { kParameter, kBuffer, kConstant };
absl::string_view StateKindName(StateKind kind);

// A parameter, buffer or constant tensor owned directly by a module.
struct StateEntry {
  std::string name;  // attribute name within its module (no dots)
  StateKind kind = StateKind::kParameter;
  TensorMeta tensor;
  bool persistent = true;  // buffers only: part of the state_dict
  // Nonzero: the state tensors of one module tree with this storage group
  // share their storage (a tied weight; a symbolic_trace constant that is a
  // view of a buffer), so a write through one changes the others. Zero: the
  // storage is this tensor's own, or the producer did not say.
  uint32_t storage_group = 0;
  friend bool operator==(const StateEntry& a, const StateEntry& b) {
    return a.name == b.name && a.kind == b.kind && a.tensor == b.tensor &&
           a.persistent == b.persistent && a.storage_group == b.storage_group;
  }
};

class GraphModule {
 public:
  // A module with a graph (an FX GraphModule) of class `class_name`.
  explicit GraphModule(std::string class_name = "GraphModule");
  // A module of class `class_name` taking `graph` as it is (nullptr: an
  // opaque module), without first creating an empty graph of its own.
  GraphModule(std::string class_name, std::unique_ptr<Graph> graph);
  // A module without a graph: an ordinary nn.Module such as
  // "torch.nn.modules.linear.Linear".
  static std::unique_ptr<GraphModule> Opaque(std::string type_name);

  GraphModule(const GraphModule&) = delete;
  GraphModule& operator=(const GraphModule&) = delete;
  // Movable, so a pass that builds a new module can replace one in place.
  GraphModule(GraphModule&&) = default;
  GraphModule& operator=(GraphModule&&) = default;

  // The Python class name printed by print_readable ("GraphModule") or the
  // type of an opaque module.
  const std::string& class_name() const { return class_name_; }
  void set_class_name(std::string name) { class_name_ = std::move(name); }

  bool has_graph() const { return graph_ != nullptr; }
  // The graph; calling it on a module without one (check has_graph()) is a
  // programmer error that aborts with a message naming the module's class,
  // never undefined behaviour.
  Graph& graph() {
    if (graph_ == nullptr) DieWithoutGraph();
    return *graph_;
  }
  const Graph& graph() const {
    if (graph_ == nullptr) DieWithoutGraph();
    return *graph_;
  }
  void set_graph(std::unique_ptr<Graph> graph) { graph_ = std::move(graph); }

  // ---- submodules (ordered) -----------------------------------------------
  using Child = std::pair<std::string, std::unique_ptr<GraphModule>>;
  const std::vector<Child>& children() const { return children_; }
  // Adds a direct child; fails on a duplicate or dotted name.
  absl::StatusOr<GraphModule*> AddChild(absl::string_view name,
                                        std::unique_ptr<GraphModule> child);
  // Sizes the child list for `children` children in all, for readers that
  // add a module's children at once.
  void ReserveChildren(size_t children) { children_.reserve(children); }
  // Removes a direct child; returns it, or nullptr when absent.
  std::unique_ptr<GraphModule> RemoveChild(absl::string_view name);
  GraphModule* FindChild(absl::string_view name) const;
  // Resolves a dotted path ("layer1.0.conv1"); "" is this module.
  GraphModule* FindSubmodule(absl::string_view path) const;
  // Installs `module` at a dotted path, creating empty opaque parents as
  // needed (torch's setattr_recursive / add_submodule).
  absl::StatusOr<GraphModule*> SetSubmodule(absl::string_view path,
                                            std::unique_ptr<GraphModule> module);
  // Installs a subgraph module under a fresh name `prefix_N` (N = 0, 1, ...)
  // like Dynamo's install_subgraph; returns the name.
  std::string InstallSubgraph(absl::string_view prefix, std::unique_ptr<GraphModule> module);

  // ---- state ----------------------------------------------------------------
  const std::vector<StateEntry>& state() const { return state_; }
  // Adds a state entry; fails on a duplicate name.
  absl::Status AddState(StateEntry entry);
  // Sizes the state table for `entries` entries in all, for callers that
  // add a module's state at once.
  void ReserveState(size_t entries) { state_.reserve(entries); }
  const StateEntry* FindState(absl::string_view name) const;
  // Resolves a dotted path to a state entry of this module or a descendant.
  const StateEntry* FindStatePath(absl::string_view path) const;
  // Every state entry of this module and its descendants.
  void ForEachStateInTree(absl::FunctionRef<void(const StateEntry&)> visit) const;
  // True when `path` names a submodule or a state entry (get_attr targets).
  bool HasAttribute(absl::string_view path) const;

  // ---- attributes by dotted path (FX's getattr_recursive / setattr_recursive)
  // What a path names: a submodule or a state entry, or neither (where
  // getattr_recursive returns None).
  struct AttributeRef {
    const GraphModule* module = nullptr;
    const StateEntry* state = nullptr;
    bool found() const { return module != nullptr || state != nullptr; }
  };
  AttributeRef GetAttrRecursive(absl::string_view path) const;
  // Installs a deep copy of `value` (which may live in any module tree,
  // this one included) at `path`, replacing whatever the last component
  // names. The modules along the path must exist, as setattr_recursive's
  // getattr requires, unless `create_parents`: then missing ones are added
  // as empty torch.nn.Module, as GraphModule's constructor does.
  absl::Status SetAttrRecursive(absl::string_view path, AttributeRef value,
                                bool create_parents = false);

  // Deep copy of the whole module tree.
  std::unique_ptr<GraphModule> Clone() const;

 private:
  [[noreturn]] void DieWithoutGraph() const;

  std::string class_name_;
  std::unique_ptr<Graph> graph_;
  std::vector<Child> children_;
  std::vector<StateEntry> state_;
  // Positions in children_ / state_ (kNone when absent). Most modules have
  // a few children and state entries, searched in place; past kIndexFrom
  // they are indexed by name (`layers` can have tens of thousands).
  static constexpr size_t kNone = ~size_t{0};
  static constexpr size_t kIndexFrom = 8;
  size_t ChildPosition(absl::string_view name) const;
  size_t StatePosition(absl::string_view name) const;
  // Records the names from position `from` on in the index, building it
  // once the module is large enough.
  void IndexChildren(size_t from);
  void IndexState(size_t from);

  // Name -> position, for large modules only (empty otherwise).
  absl::flat_hash_map<std::string, size_t> child_index_;
  absl::flat_hash_map<std::string, size_t> state_index_;
};

// A module standing for the module at another path of the same tree (one
// Python object under two names, as PyTorch's unflatten shares modules): a
// graphless module of class "shared:<path from the root>".
std::unique_ptr<GraphModule> SharedModuleReference(absl::string_view target_path);
// The path a reference stands for; empty for any other module.
absl::string_view SharedModuleTarget(const GraphModule& module);

// What dotted `path` names from `module` (a module of the tree at `root`),
// following shared-module references as Python's attribute lookup would:
// nothing when a part is missing, a reference names a missing path, or
// references chain more than kMaxModuleDepth times (a cycle).
GraphModule::AttributeRef ResolveAttributePath(const GraphModule& root, const GraphModule& module,
                                               absl::string_view path);

}  // namespace fxpp

#endif  // FXPP_IR_GRAPH_MODULE_H_
