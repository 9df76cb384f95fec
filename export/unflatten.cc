// The algorithm follows torch/export/unflatten.py (PyTorch 2.6): outline one
// graph per module call walking the flat graph once (_ModuleFrame), collect
// the buffer-mutation values that cross preserved signatures (_IVals), copy
// higher-order-op subgraphs, assign state to modules (_assign_attr), merge
// identical calls (_deduplicate_modules) and order submodules as the module
// call graph lists them (_reorder_submodules). Where PyTorch threads state
// through every module as placeholders and then sinks it into get_attr nodes
// (_sink_params), this reads it directly in the module that owns it, with the
// same result and a fraction of the nodes (see Outliner::ReadState).
// Modules are built as objects that, as in PyTorch, several paths may share
// (calls of one module share its submodules); the tree is materialized at
// the end, with references where a module is reached a second time.
#include "export/unflatten.h"

#include <algorithm>
#include <deque>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/hash/hash.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "export/effect_tokens.h"
#include "export/validate.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

// torch._export.passes._node_metadata_hook._EMPTY_NN_MODULE_STACK_KEY: a node
// that belongs to whatever module is running.
constexpr absl::string_view kEmptyStackKey = "_empty_nn_module_stack_from_metadata_hook";
constexpr absl::string_view kCopy = "torch.ops.aten.copy_";
constexpr absl::string_view kTreeFlattenSpec = "torch.fx._pytree.tree_flatten_spec";
constexpr absl::string_view kTreeUnflatten = "torch.utils._pytree.tree_unflatten";
// Attributes PyTorch's _IVals passes buffer-mutation values through.
constexpr absl::string_view kIntermediateValuePrefix = "__ival__";

// Calls whose results export shares between modules (sym_size and friends);
// a module with a preserved signature recomputes them rather than taking
// them as inputs (PyTorch's copy_sym_call_function).
bool IsRecomputedCall(const Node& node) {
  static const auto* const kTargets = new absl::flat_hash_set<absl::string_view>{
      "torch.ops.aten.sym_size.int",     "torch.ops.aten.item.default",
      "torch.ops.aten.unbind.int",       "torch.ops.aten.sum.dim_IntList",
      "torch.ops.aten.view.default",     "torch.ops.aten.diff.default",
  };
  if (node.op() != OpKind::kCallFunction) return false;
  absl::string_view target = node.target();
  return kTargets->contains(target) || absl::StartsWith(target, "operator.") ||
         absl::StartsWith(target, "_operator.");
}

// ---- module paths ------------------------------------------------------------

// "sub", "sub@1", "sub@2" for calls 1, 2, 3 of module `sub`.
std::string CallName(absl::string_view base, int64_t call) {
  return call == 1 ? std::string(base) : absl::StrCat(base, "@", call - 1);
}

// "sub" for "sub@2".
absl::string_view CallBase(absl::string_view name) {
  return name.substr(0, std::min(name.find('@'), name.size()));
}

// The path of `child` relative to `parent`; an error when it is not below.
absl::StatusOr<std::string> ComputeAccessor(absl::string_view parent, absl::string_view child) {
  if (parent.empty()) return std::string(child);
  if (!absl::StartsWith(child, parent) || child.size() <= parent.size() ||
      child[parent.size()] != '.') {
    return absl::InvalidArgumentError(
        absl::StrCat("module '", child, "' is called inside module '", parent,
                     "' but is not one of its submodules; unflatten cannot nest it"));
  }
  return std::string(child.substr(parent.size() + 1));
}

// Dynamo records a module path it cannot evaluate as Python source:
// `L['fn']` (the traced module itself), `getattr(L['fn'], '0')`,
// `L['self'].layers[0]`, `L['self']._modules['mlp']`. This reads such a
// source as a dotted path relative to the traced module (pytorch#130931).
class SourcePathParser {
 public:
  explicit SourcePathParser(absl::string_view text) : text_(text) {}

  absl::optional<std::string> Parse() {
    std::vector<std::string> parts;
    if (!Expr(&parts) || pos_ != text_.size()) return absl::nullopt;
    return absl::StrJoin(parts, ".");
  }

 private:
  bool Consume(absl::string_view token) {
    if (!absl::StartsWith(text_.substr(pos_), token)) return false;
    pos_ += token.size();
    return true;
  }
  bool Quoted(std::string* out) {
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) return false;
    const char quote = text_[pos_];
    const size_t end = text_.find(quote, pos_ + 1);
    if (end == absl::string_view::npos) return false;
    *out = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return true;
  }
  bool Identifier(std::string* out) {
    size_t end = pos_;
    while (end < text_.size() && (absl::ascii_isalnum(text_[end]) || text_[end] == '_')) ++end;
    if (end == pos_) return false;
    *out = std::string(text_.substr(pos_, end - pos_));
    pos_ = end;
    return true;
  }
  // A subscript: `['key']` or `[3]`.
  bool Subscript(std::string* out) {
    if (!Consume("[")) return false;
    if (!Quoted(out) && !Identifier(out)) return false;
    return Consume("]");
  }
  bool Expr(std::vector<std::string>* parts) {
    std::string name;
    if (Consume("L")) {
      if (!Subscript(&name)) return false;  // the traced frame's local: the root
    } else if (Consume("getattr(")) {
      if (!Expr(parts) || !Consume(", ") || !Quoted(&name) || !Consume(")")) return false;
      parts->push_back(name);
    } else {
      return false;
    }
    while (pos_ < text_.size()) {
      if (Consume(".")) {
        if (!Identifier(&name)) return false;
        // `._modules['x']` is `.x`.
        if (name != "_modules") parts->push_back(name);
      } else if (pos_ < text_.size() && text_[pos_] == '[') {
        if (!Subscript(&name)) return false;
        parts->push_back(name);
      } else {
        break;  // the end of an argument of an enclosing getattr
      }
    }
    return true;
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

// One frame of a node's module stack: which call of which module.
struct StackEntry {
  Symbol path;       // dotted module path
  int64_t call = 0;  // 0 for the first call, from the key's "@N"
  Symbol module_id;  // the key without "@N": one per module object
  bool SameCall(const StackEntry& other) const {
    return path == other.path && call == other.call;
  }
};

bool SameCalls(const std::vector<StackEntry>& a, size_t n, const std::vector<StackEntry>& b) {
  if (a.size() < n || b.size() < n) return false;
  for (size_t i = 0; i < n; ++i) {
    if (!a[i].SameCall(b[i])) return false;
  }
  return true;
}

// Reads nodes' nn_module_stack as StackEntries. Consecutive nodes usually
// share a stack, and stacks repeat their keys and paths, so both are cached.
class StackReader {
 public:
  absl::StatusOr<const std::vector<StackEntry>*> Read(const Node& node,
                                                      const std::vector<StackEntry>& running) {
    const std::vector<ModuleStackEntry>& raw = node.meta().nn_module_stack;
    if (raw.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "node '", node.name(), "' has no nn_module_stack; unflatten needs one on every node"));
    }
    if (raw.size() == 1 && raw[0].key.str() == kEmptyStackKey) return &running;
    if (last_raw_ != nullptr && (&raw == last_raw_ || raw == *last_raw_)) return &last_;
    std::vector<StackEntry> stack;
    stack.reserve(raw.size());
    for (const ModuleStackEntry& e : raw) {
      StackEntry entry = KeyEntry(e.key);
      entry.path = NormalizedPath(e.path);
      // Dynamo's frame for the traced module itself (`L['fn']`) repeats
      // the root.
      if (!stack.empty() && stack.back().SameCall(entry)) continue;
      stack.push_back(entry);
    }
    if (!stack[0].path.str().empty() || stack[0].call != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("node '", node.name(), "': its nn_module_stack starts at module '",
                       stack[0].path.str(), "', not at the root"));
    }
    // A second root ("") or an empty part would install a module inside
    // itself; too deep a path could not be written.
    for (size_t i = 1; i < stack.size(); ++i) {
      RETURN_IF_ERROR(CheckModulePath(
          stack[i].path.str(), absl::StrCat("node '", node.name(), "': nn_module_stack path '",
                                            stack[i].path.str(), "'")));
    }
    last_raw_ = &raw;  // the flat graph outlives the reader and stays unchanged
    last_ = std::move(stack);
    return &last_;
  }

 private:
  StackEntry KeyEntry(Symbol key) {
    auto it = keys_.find(key);
    if (it != keys_.end()) return it->second;
    StackEntry entry;
    entry.module_id = key;  // unless the key names a later call: `foo@1`
    absl::string_view text = key.str();
    const size_t at = text.rfind('@');
    int64_t call = 0;
    if (at != absl::string_view::npos && absl::SimpleAtoi(text.substr(at + 1), &call)) {
      entry.call = call;
      entry.module_id = Symbol::Intern(text.substr(0, at));
    }
    return keys_.emplace(key, entry).first->second;
  }

  Symbol NormalizedPath(Symbol path) {
    auto it = paths_.find(path);
    if (it != paths_.end()) return it->second;
    Symbol normalized = path;
    if (absl::StrContains(path.str(), "L[")) {
      absl::optional<std::string> parsed = SourcePathParser(path.str()).Parse();
      if (parsed.has_value()) normalized = Symbol::Intern(*parsed);
    }
    return paths_.emplace(path, normalized).first->second;
  }

  absl::flat_hash_map<Symbol, StackEntry> keys_;
  absl::flat_hash_map<Symbol, Symbol> paths_;
  const std::vector<ModuleStackEntry>* last_raw_ = nullptr;  // last_'s source
  std::vector<StackEntry> last_;
};

// ---- the module objects --------------------------------------------------------

struct ModuleObject;

// Whether `name` is a call name of `base`: `base`, `base@1`, ... (PyTorch's
// _is_call_name).
bool IsCallName(absl::string_view name, absl::string_view base) {
  if (!absl::ConsumePrefix(&name, base)) return false;
  if (name.empty()) return true;
  if (!absl::ConsumePrefix(&name, "@") || name.empty()) return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return absl::ascii_isdigit(c); });
}

// A module's submodules by name, in order, with Python dict semantics:
// setting a name keeps its place, removing one keeps the others' order. Calls
// of one module share one table, as PyTorch shares `_modules`. Most modules
// have a few children, searched in place; a table indexes its names once it
// grows (`layers` may have thousands).
class ChildTable {
 public:
  ModuleObject* Find(absl::string_view name) const {
    const size_t i = Position(name);
    return i == kNone ? nullptr : entries_[i].second;
  }
  void Set(absl::string_view name, ModuleObject* module) {
    const size_t i = Position(name);
    if (i != kNone) {
      entries_[i].second = module;
      return;
    }
    entries_.emplace_back(std::string(name), module);
    ++live_;
    if (!index_.empty()) {
      AddToIndex(entries_.size() - 1);
    } else if (entries_.size() > kIndexFrom) {
      for (size_t j = 0; j < entries_.size(); ++j) {
        if (entries_[j].second != nullptr) AddToIndex(j);
      }
    }
  }
  bool Remove(absl::string_view name) {
    const size_t i = Position(name);
    if (i == kNone) return false;
    entries_[i].second = nullptr;  // a tombstone; skipped everywhere
    --live_;
    if (!index_.empty()) index_.erase(name);
    return true;
  }
  // Calls fn(name, module) for the live entries, in order, copying nothing.
  template <typename Fn>
  void ForEachLive(Fn&& fn) const {
    for (const auto& [name, module] : entries_) {
      if (module != nullptr) fn(name, module);
    }
  }
  // (name, module) of the live entries, in order.
  std::vector<std::pair<std::string, ModuleObject*>> Live() const {
    std::vector<std::pair<std::string, ModuleObject*>> out;
    out.reserve(live_);
    for (const auto& entry : entries_) {
      if (entry.second != nullptr) out.push_back(entry);
    }
    return out;
  }
  // The modules named `base`, `base@1`, ..., in order.
  // Usually one: modules called once.
  using Modules = absl::InlinedVector<ModuleObject*, 2>;
  Modules CallVariants(absl::string_view base) const {
    Modules out;
    if (index_.empty()) {
      for (const auto& [name, module] : entries_) {
        if (module != nullptr && IsCallName(name, base)) out.push_back(module);
      }
      return out;
    }
    auto it = variants_.find(base);
    if (it == variants_.end()) return out;
    for (size_t i : it->second) {
      if (entries_[i].second != nullptr) out.push_back(entries_[i].second);
    }
    return out;
  }
  // Replaces the entries by `ordered`.
  void Reset(std::vector<std::pair<std::string, ModuleObject*>> ordered) {
    entries_.clear();
    index_.clear();
    variants_.clear();
    live_ = 0;
    for (auto& [name, module] : ordered) Set(name, module);
  }

 private:
  static constexpr size_t kNone = ~size_t{0};
  static constexpr size_t kIndexFrom = 16;

  size_t Position(absl::string_view name) const {
    if (!index_.empty()) {
      auto it = index_.find(name);
      return it == index_.end() ? kNone : it->second;
    }
    for (size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].second != nullptr && entries_[i].first == name) return i;
    }
    return kNone;
  }
  void AddToIndex(size_t i) {
    index_.emplace(entries_[i].first, i);
    variants_[CallBase(entries_[i].first)].push_back(i);
  }

  std::vector<std::pair<std::string, ModuleObject*>> entries_;
  size_t live_ = 0;
  absl::flat_hash_map<std::string, size_t> index_;
  absl::flat_hash_map<std::string, std::vector<size_t>> variants_;  // base -> positions
};

struct ModuleObject {
  ModuleObject() = default;
  ModuleObject(const ModuleObject&) = delete;  // `children` may point into it
  ModuleObject& operator=(const ModuleObject&) = delete;

  std::string class_name;
  std::unique_ptr<Graph> graph;  // InterpreterModule and the root
  // Calls of one module share the first call's table (`children` then
  // points there); objects live until the unflatten ends, so it stays valid.
  ChildTable own_children;
  ChildTable* children = &own_children;
  std::vector<StateEntry> state;
  // Attributes that are neither modules nor tensors: pytree specs and custom
  // objects (graphless modules of their class), per object as in PyTorch.
  std::vector<std::pair<std::string, std::unique_ptr<GraphModule>>> attributes;
  std::vector<std::pair<std::string, TreeSpec>> specs;
  // A higher-order-op subgraph copied from the program, kept whole.
  std::unique_ptr<GraphModule> subgraph;
  // An InterpreterModuleDispatcher's modules, one per call in call order
  // (merged calls repeat a module); not children, as PyTorch keeps them
  // outside `_modules`.
  std::vector<ModuleObject*> calls;

  bool HasState(absl::string_view name) const {
    for (const StateEntry& s : state) {
      if (s.name == name) return true;
    }
    return false;
  }
  bool HasAttribute(absl::string_view name) const {
    if (children->Find(name) != nullptr || HasState(name)) return true;
    for (const auto& attribute : attributes) {
      if (attribute.first == name) return true;
    }
    return false;
  }
};

// Owns every module object of one unflatten.
class ModulePool {
 public:
  static constexpr size_t kTypicalModuleNodes = 8;

  ModuleObject* New(absl::string_view class_name, bool with_graph) {
    ModuleObject* m = &objects_.emplace_back();
    m->class_name = std::string(class_name);
    if (with_graph) {
      m->graph = std::make_unique<Graph>();
      // Most module graphs are small; sizing the name table once spares
      // the first few rehashes.
      m->graph->Reserve(kTypicalModuleNodes);
    }
    return m;
  }

 private:
  // A deque: stable addresses, and objects allocated in blocks rather than
  // one by one (there is one per module call).
  std::deque<ModuleObject> objects_;
};

// The module at dotted `path` below `root`, or nullptr.
ModuleObject* FindModule(ModuleObject* root, absl::string_view path) {
  if (path.empty()) return root;
  ModuleObject* m = root;
  for (absl::string_view part : absl::StrSplit(path, '.')) {
    m = m->children->Find(part);
    if (m == nullptr) return nullptr;
  }
  return m;
}

// PyTorch's _add_submodule: installs `module` at dotted `path` below
// `parent`, creating missing modules on the way with `create(prefix)`.
template <typename Create>
void AddSubmodule(ModuleObject* parent, absl::string_view path, ModuleObject* module,
                  Create&& create) {
  ModuleObject* m = parent;
  size_t start = 0;
  for (size_t dot = path.find('.'); dot != absl::string_view::npos; dot = path.find('.', start)) {
    const absl::string_view part = path.substr(start, dot - start);
    ModuleObject* next = m->children->Find(part);
    if (next == nullptr) {
      next = create(path.substr(0, dot));
      m->children->Set(part, next);
    }
    m = next;
    start = dot + 1;
  }
  m->children->Set(path.substr(start), module);
}

// PyTorch's _add_spec: `spec` as a new attribute `_spec_N` of `module`.
std::string AddSpec(ModuleObject* module, const TreeSpec& spec) {
  for (int i = 0;; ++i) {
    std::string name = absl::StrCat("_spec_", i);
    if (!module->HasAttribute(name)) {
      module->attributes.emplace_back(name, GraphModule::Opaque(std::string(kTreeSpecClass)));
      module->specs.emplace_back(name, spec);
      return name;
    }
  }
}

// ---- buffer mutations ----------------------------------------------------------

// PyTorch's _inplace_buffer_mutations: a buffer mutation that export
// functionalized (the new value returned as a BUFFER_MUTATION output) becomes
// `aten.copy_(buffer, new_value)` right after the new value, whose users then
// read the copy; the graph stops returning it. The copy runs in the module
// that computes the new value, which reads the buffer as an attribute.
//
// A USER_INPUT_MUTATION output (the program writes a tensor its caller
// passed) is written back the same way, into the input's placeholder, so
// the unflattened module updates the caller's tensor as the signature says.
// (PyTorch 2.6 keeps it as a second result, and its module then fails when
// called: "treespec.unflatten(leaves): `leaves` has length 2 but the spec
// refers to a pytree that holds 1 items".)
absl::Status InplaceMutations(ExportedProgram& program) {
  Graph& graph = program.graph_module->graph();
  Node* output = graph.output_node();
  const std::vector<OutputSpec>& specs = program.graph_signature.output_specs;
  absl::flat_hash_map<absl::string_view, Node*> buffer_inputs;
  absl::flat_hash_map<absl::string_view, Node*> user_inputs;
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    if (spec.kind == InputKind::kBuffer) buffer_inputs.emplace(spec.target, graph.FindNode(spec.arg.name));
    if (spec.kind == InputKind::kUserInput) user_inputs.emplace(spec.arg.name, graph.FindNode(spec.arg.name));
  }
  auto is_written_back = [](const OutputSpec& spec) {
    return spec.kind == OutputKind::kBufferMutation || spec.kind == OutputKind::kUserInputMutation;
  };
  bool changed = false;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (!is_written_back(specs[i])) continue;
    const bool buffer = specs[i].kind == OutputKind::kBufferMutation;
    const auto& inputs = buffer ? buffer_inputs : user_inputs;
    auto input = inputs.find(specs[i].target);
    if (input == inputs.end() || input->second == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "output ", i, " mutates ", buffer ? "buffer '" : "user input '", specs[i].target,
          "', which is not an input of the program"));
    }
    const Argument& value = output->args()[0].elements()[i];
    if (!value.is_node()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "output ", i, " (the new value of '", specs[i].target, "') is not a node"));
    }
    changed = true;
    Node* mutation = value.node();
    Node* copy;
    {
      auto after = graph.InsertingAfter(mutation);
      copy = graph.CallFunction(kCopy, {Argument::Ref(input->second), Argument::Ref(mutation)});
    }
    copy->CopyMetaFrom(*mutation);
    mutation->ReplaceAllUsesWith(copy, /*propagate_meta=*/false,
                                 [copy](Node* user) { return user != copy; });
  }
  if (!changed) return absl::OkStatus();
  // The graph returns what is left: the user outputs.
  std::vector<Argument> rest;
  std::vector<OutputSpec> rest_specs;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (is_written_back(specs[i])) continue;
    rest.push_back(output->args()[0].elements()[i]);
    rest_specs.push_back(specs[i]);
  }
  output->SetArg(0, Argument::Tuple(std::move(rest)));
  program.graph_signature.output_specs = std::move(rest_specs);
  return absl::OkStatus();
}

// ---- outlining -----------------------------------------------------------------

// One call of a module with its parent call, as PyTorch's _SubmoduleEntry.
// The paths are interned (Symbol storage): one call, no copies.
struct CallEntry {
  absl::string_view parent_fqn;
  ModuleObject* parent_module;
  Node* parent_call;
  absl::string_view fqn;
  int64_t call;  // 1-based
  ModuleObject* module;
};

// PyTorch's _IVals: intermediate values of buffer mutations that cross a
// preserved signature, passed through attributes `__ival__<name>`.
class IntermediateValues {
 public:
  absl::StatusOr<Node*> Read(const std::string& fqn, Graph& graph, const Node& value) {
    auto it = storage_.find(value.name());
    if (it == storage_.end()) {
      const NodeMeta& meta = value.meta();
      if (!meta.val.has_value() || meta.val->kind() != ValueMeta::Kind::kTensor) {
        return absl::InvalidArgumentError(absl::StrCat(
            "value '", value.name(), "' crosses a preserved module signature but has no tensor "
            "metadata to allocate its attribute from"));
      }
      it = storage_.emplace(std::string(value.name()), meta.val->tensor()).first;
      order_.push_back(it->first);
    }
    AddFqn(it->first, fqn);
    auto at_start = graph.InsertingBefore(nullptr);
    Node* read = graph.CreateNode(OpKind::kGetAttr, AttributeName(value.name()), {}, {}, {},
                                  value.type_annotation());
    read->CopyMetaFrom(value);
    return read;
  }

  // Writes every read value after it is computed, in each module that
  // computes it, and gives the modules involved their attributes.
  absl::Status Create(const std::vector<std::vector<CallEntry>>& partitions,
                      ModuleObject* root) {
    if (storage_.empty()) return absl::OkStatus();
    std::vector<std::pair<std::string, ModuleObject*>> entries = {{"", root}};
    for (const std::vector<CallEntry>& partition : partitions) {
      for (const CallEntry& entry : partition) {
        entries.emplace_back(entry.fqn, entry.module);
        Graph& graph = *entry.module->graph;
        for (Node* node : graph.NodeVector()) {
          if (storage_.contains(node->name())) Update(entry.fqn, graph, node);
        }
      }
    }
    absl::flat_hash_map<std::string, std::vector<std::string>> by_fqn;
    for (const std::string& name : order_) {
      for (const std::string& fqn : fqns_[name]) by_fqn[fqn].push_back(name);
    }
    for (const auto& [fqn, module] : entries) {
      for (const std::string& name : by_fqn[fqn]) {
        std::string attribute = AttributeName(name);
        if (module->HasState(attribute)) continue;
        module->state.push_back(StateEntry{attribute, StateKind::kConstant, storage_[name], true});
      }
    }
    return absl::OkStatus();
  }

 private:
  static std::string AttributeName(absl::string_view value) {
    return absl::StrCat(kIntermediateValuePrefix, value);
  }
  void AddFqn(const std::string& name, absl::string_view fqn) {
    std::vector<std::string>& fqns = fqns_[name];
    if (std::find(fqns.begin(), fqns.end(), fqn) == fqns.end()) fqns.emplace_back(fqn);
  }
  void Update(absl::string_view fqn, Graph& graph, Node* node) {
    AddFqn(std::string(node->name()), fqn);
    Node* attribute;
    {
      auto after = graph.InsertingAfter(node);
      attribute = graph.CreateNode(OpKind::kGetAttr, AttributeName(node->name()), {}, {}, {},
                                   node->type_annotation());
      attribute->CopyMetaFrom(*node);
    }
    auto after = graph.InsertingAfter(attribute);
    Node* copy = graph.CallFunction(kCopy, {Argument::Ref(attribute), Argument::Ref(node)});
    copy->CopyMetaFrom(*node);
  }

  absl::flat_hash_map<std::string, TensorMeta> storage_;
  std::vector<std::string> order_;
  absl::flat_hash_map<std::string, std::vector<std::string>> fqns_;
};

// Calls fn(fqn, entry) for every state entry of the program's state tree,
// in order; `fqn` (built in `path`) is valid during the call.
template <typename Fn>
void ForEachStateEntry(const GraphModule& module, std::string& path, Fn& fn) {
  const size_t size = path.size();
  auto extend = [&](absl::string_view name) {
    if (size > 0) path.push_back('.');
    path.append(name.data(), name.size());
  };
  for (const StateEntry& entry : module.state()) {
    extend(entry.name);
    fn(absl::string_view(path), entry);
    path.resize(size);
  }
  for (const auto& [name, child] : module.children()) {
    extend(name);
    ForEachStateEntry(*child, path, fn);
    path.resize(size);
  }
}

// For each state placeholder of the flat graph, the dotted names its value
// may be read from: its signature target, then every name that holds the
// same tensor (tied weights, shared modules), in state order.
class StateNames {
 public:
  explicit StateNames(const ExportedProgram& program) {
    absl::flat_hash_map<absl::string_view, absl::string_view> alias_of;
    for (const StateAlias& alias : program.aliases) alias_of.emplace(alias.name, alias.alias_of);
    auto canonical = [&](absl::string_view name) {
      for (auto it = alias_of.find(name); it != alias_of.end(); it = alias_of.find(name)) {
        name = it->second;
      }
      return name;
    };
    auto add_name = [this](size_t group, absl::string_view name) {
      Names& names = groups_[group];
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    };
    // Without aliases a tensor has one name, its target: then each state
    // placeholder has a group of its own, and no table of names is needed
    // (it would hold every parameter of the model).
    const bool aliased = !program.aliases.empty();
    absl::flat_hash_map<absl::string_view, size_t> group_of_tensor;
    const Graph& graph = program.graph_module->graph();
    group_of_.assign(graph.id_bound(), kNoGroup);
    // Validation matched input spec i to the graph's i-th placeholder.
    const std::vector<InputSpec>& specs = program.graph_signature.input_specs;
    size_t i = 0;
    for (const Node* node : graph.nodes()) {
      if (i == specs.size()) break;
      if (node->op() != OpKind::kPlaceholder) continue;
      const InputSpec& spec = specs[i++];
      if (spec.target.empty()) continue;
      size_t group = groups_.size();
      if (aliased) group = group_of_tensor.try_emplace(canonical(spec.target), group).first->second;
      if (group == groups_.size()) groups_.emplace_back();
      add_name(group, spec.target);
      group_of_[node->id()] = group;
    }
    if (!aliased) return;
    auto add_alias = [&](absl::string_view name) {
      auto it = group_of_tensor.find(canonical(name));
      if (it != group_of_tensor.end()) add_name(it->second, owned_.emplace_back(name));
    };
    for (const CustomObject& object : program.custom_objects) add_alias(object.name);
    std::string path;
    auto visit = [&](absl::string_view name, const StateEntry&) { add_alias(name); };
    ForEachStateEntry(*program.state, path, visit);
  }

  // Most tensors have one name.
  using Names = absl::InlinedVector<absl::string_view, 1>;

  // nullptr when `placeholder` carries no state.
  const Names* Find(const Node* placeholder) const {
    const size_t group = group_of_[placeholder->id()];
    return group == kNoGroup ? nullptr : &groups_[group];
  }

 private:
  static constexpr size_t kNoGroup = ~size_t{0};

  std::deque<std::string> owned_;  // alias names, which the state walk only lends
  std::vector<Names> groups_;
  std::vector<size_t> group_of_;  // by flat node id
};

struct Frame {
  Frame* parent = nullptr;
  std::vector<StackEntry> stack;
  std::string fqn;
  std::string child_fqn;  // the call name
  ModuleObject* module = nullptr;
  Graph* graph = nullptr;
  // This call's signature, when export preserved it.
  const ModuleCallSignature* call_signature = nullptr;
  // Whether the module's first call has a preserved signature: then values
  // enter only through it (PyTorch looks the module up by fqn here).
  bool preserved = false;
  // Flat node -> its value in this graph, in insertion order.
  std::vector<std::pair<const Node*, Node*>> copied;
  absl::flat_hash_map<const Node*, Node*> node_map;
  // Flat input -> the placeholder (or state read) that brings it in.
  absl::flat_hash_map<const Node*, Node*> placeholders;
  // Reads of state this module owns (get_attr), in creation order, with the
  // flat placeholders they replace.
  std::vector<std::pair<const Node*, Node*>> state_reads;
  Node* parent_call = nullptr;
  // Arguments remap_input prepends to parent_call, oldest first; the call
  // gets them (newest first) before `call_args` when the frame finishes.
  std::vector<Argument> prepended;
  std::vector<Argument> call_args;
  KwArgs call_kwargs;

  // Empties the frame for another call, keeping its containers' storage
  // (calls at one depth reuse one frame).
  void Reset() {
    parent = nullptr;
    stack.clear();
    fqn.clear();
    child_fqn.clear();
    module = nullptr;
    graph = nullptr;
    call_signature = nullptr;
    preserved = false;
    copied.clear();
    node_map.clear();
    placeholders.clear();
    state_reads.clear();
    parent_call = nullptr;
    prepended.clear();
    call_args.clear();
    call_kwargs.clear();
  }

  void Map(const Node* flat, Node* local) {
    if (node_map.emplace(flat, local).second) {
      copied.emplace_back(flat, local);
    } else {
      node_map[flat] = local;
      for (auto& entry : copied) {
        if (entry.first == flat) entry.second = local;
      }
    }
  }
};

class Outliner {
 public:
  Outliner(const ExportedProgram& program, ModulePool& pool, ModuleObject* root)
      : flat_(program.graph_module->graph()),
        pool_(pool),
        root_(root),
        state_names_(program) {
    for (const ModuleCallEntry& entry : program.module_call_graph) {
      if (!entry.signature.has_value()) continue;
      signatures_.emplace(entry.fqn, &*entry.signature);
      calls_have_signatures_ |= !entry.fqn.empty();
    }
    seen_.assign(flat_.id_bound(), 0);
  }

  absl::Status Run() {
    nodes_ = flat_.NodeVector();
    Frame root;
    root.stack.push_back(StackEntry{Symbol::Intern(""), 0, Symbol::Intern("")});
    root.module = root_;
    root.graph = root_->graph.get();
    root.preserved = signatures_.contains("");
    root.graph->Reserve(nodes_.size());
    position_.assign(flat_.id_bound(), 0);
    for (uint32_t p = 0; p < nodes_.size(); ++p) position_[nodes_[p]->id()] = p;
    size_t i = 0;
    while (i < nodes_.size() && nodes_[i]->op() == OpKind::kPlaceholder) {
      // State is read where it is used (see ReadState); the root takes only
      // the user inputs.
      if (state_names_.Find(nodes_[i]) == nullptr) RETURN_IF_ERROR(CopyNode(root, nodes_[i]));
      seen_[nodes_[i]->id()] = 1;
      ++i;
    }
    // The frames of the running calls, innermost last; frames past
    // `running` are spare, kept for the next call at their depth.
    std::vector<std::unique_ptr<Frame>> frames;
    size_t running = 0;
    Frame* top = &root;
    while (i < nodes_.size()) {
      const Node* node = nodes_[i];
      if (node->op() == OpKind::kOutput) break;
      if (node->op() == OpKind::kPlaceholder) {
        return absl::InvalidArgumentError(
            absl::StrCat("placeholder '", node->name(), "' follows other nodes"));
      }
      ASSIGN_OR_RETURN(const std::vector<StackEntry>* stack, stacks_.Read(*node, top->stack));
      const size_t depth = top->stack.size();
      if (!SameCalls(*stack, depth, top->stack)) {
        // The running call has ended.
        RETURN_IF_ERROR(FinishCall(*top));
        top = top->parent;
        --running;
        continue;
      }
      if (stack->size() > depth) {
        // A new call starts here.
        if (running == frames.size()) frames.push_back(std::make_unique<Frame>());
        Frame& frame = *frames[running++];
        frame.Reset();
        RETURN_IF_ERROR(StartCall(*top, *stack, depth, frame));
        top = &frame;
        continue;
      }
      if (node->op() == OpKind::kGetAttr) NoteAttribute(top->child_fqn, node->target());
      RETURN_IF_ERROR(CopyNode(*top, node));
      ++i;
    }
    while (top != &root) {
      RETURN_IF_ERROR(FinishCall(*top));
      top = top->parent;
    }
    if (i == nodes_.size()) return absl::InvalidArgumentError("the graph has no output node");
    RETURN_IF_ERROR(CopyNode(root, nodes_[i]));
    // PyTorch sinks the root's state placeholders in graph order, each read
    // inserted right after the last input: they end up reversed.
    std::sort(root.state_reads.begin(), root.state_reads.end(),
              [this](const auto& a, const auto& b) {
                return position_[a.first->id()] > position_[b.first->id()];
              });
    PlaceStateReads(root);
    return absl::OkStatus();
  }

  const std::vector<std::vector<CallEntry>>& partitions() const { return partitions_; }
  const std::vector<std::pair<std::string, std::vector<std::string>>>& attributes() const {
    return attributes_;
  }
  IntermediateValues& intermediate_values() { return ivals_; }
  // Modules and the state paths their graphs read, to check once the state
  // is assigned.
  const std::vector<std::pair<ModuleObject*, std::string>>& state_paths() const {
    return state_paths_;
  }

 private:
  const Node* Seen(absl::string_view name) const {
    const Node* node = flat_.FindNode(name);
    return node != nullptr && seen_[node->id()] ? node : nullptr;
  }

  void NoteAttribute(const std::string& child_fqn, absl::string_view target) {
    auto [it, inserted] = attribute_index_.emplace(child_fqn, attributes_.size());
    if (inserted) attributes_.emplace_back(child_fqn, std::vector<std::string>());
    std::vector<std::string>& names = attributes_[it->second].second;
    if (std::find(names.begin(), names.end(), target) == names.end()) {
      names.emplace_back(target);
    }
  }

  // A NodeCopy/MapNodes callback taking flat nodes to their values in
  // `frame`; the first error goes to `*status` (the rest are skipped).
  auto Remapper(Frame& frame, absl::Status* status) {
    return [this, &frame, status](Node* input) -> Argument {
      if (!status->ok()) return Argument::None();
      absl::StatusOr<Node*> mapped = RemapInput(frame, input);
      if (!mapped.ok()) {
        *status = mapped.status();
        return Argument::None();
      }
      return Argument::Ref(*mapped);
    };
  }

  absl::Status CopyNode(Frame& frame, const Node* node) {
    absl::Status status;
    Node* local = frame.graph->NodeCopy(*node, Remapper(frame, &status));
    RETURN_IF_ERROR(status);
    frame.Map(node, local);
    seen_[node->id()] = 1;
    return absl::OkStatus();
  }

  // PyTorch's remap_input: the value of flat node `x` in `frame`'s graph.
  absl::StatusOr<Node*> RemapInput(Frame& frame, const Node* x) {
    if (auto it = frame.node_map.find(x); it != frame.node_map.end()) return it->second;
    if (auto it = frame.placeholders.find(x); it != frame.placeholders.end()) return it->second;
    if (Node* read = ReadState(frame, x)) return read;
    if (x->op() == OpKind::kPlaceholder || !frame.preserved) {
      if (frame.parent == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("node '", x->name(), "' is used at the root before it is computed"));
      }
      Node* placeholder;
      {
        auto at_start = frame.graph->InsertingBefore(nullptr);
        placeholder = frame.graph->Placeholder(x->name(), x->type_annotation());
      }
      placeholder->CopyMetaFrom(*x);
      frame.placeholders.emplace(x, placeholder);
      auto before_call = frame.parent->graph->InsertingBefore(frame.parent_call);
      ASSIGN_OR_RETURN(Node* outer, RemapInput(*frame.parent, x));
      frame.prepended.push_back(Argument::Ref(outer));
      return placeholder;
    }
    if (IsRecomputedCall(*x)) {
      absl::Status status;
      auto remap = Remapper(frame, &status);
      std::vector<Argument> args;
      for (const Argument& a : x->args()) args.push_back(a.MapNodes(remap));
      KwArgs kwargs;
      for (const KwArg& kw : x->kwargs()) kwargs.push_back(KwArg{kw.name, kw.value.MapNodes(remap)});
      RETURN_IF_ERROR(status);
      Node* copy = frame.graph->CreateNode(OpKind::kCallFunction, x->target(), std::move(args),
                                           std::move(kwargs), FxCallFunctionName(x->target()));
      copy->CopyMetaFrom(*x);
      frame.Map(x, copy);
      return copy;
    }
    return ivals_.Read(frame.fqn, *frame.graph, *x);
  }

  // PyTorch passes state (parameters, buffers, constants) into every module
  // as placeholders, then sinks each into a get_attr in the modules that own
  // it (_sink_params) and drops the arguments that carried it. This reads it
  // directly instead: `x` is state the frame's module owns (a name of it lies
  // below the module's path) -> a get_attr of its relative path; nullptr for
  // anything else, which comes in as a placeholder. Reads are placed where
  // sinking would put them when the call finishes (PlaceStateReads).
  Node* ReadState(Frame& frame, const Node* x) {
    if (x->op() != OpKind::kPlaceholder) return nullptr;
    const StateNames::Names* names = state_names_.Find(x);
    if (names == nullptr) return nullptr;
    absl::string_view path;
    for (absl::string_view name : *names) {
      if (frame.fqn.empty()) {
        path = name;
        break;
      }
      if (name.size() > frame.fqn.size() + 1 && name[frame.fqn.size()] == '.' &&
          absl::StartsWith(name, frame.fqn)) {
        path = name.substr(frame.fqn.size() + 1);
        break;
      }
    }
    if (path.empty()) return nullptr;
    Node* read = frame.graph->GetAttr(path);
    read->CopyMetaFrom(*x);
    frame.placeholders.emplace(x, read);
    frame.state_reads.emplace_back(x, read);
    state_paths_.emplace_back(frame.module, std::string(path));
    return read;
  }

  // Moves the frame's state reads right after its last placeholder, in
  // state_reads' order.
  void PlaceStateReads(Frame& frame) {
    if (frame.state_reads.empty()) return;
    Node* anchor = nullptr;
    for (Node* n = frame.graph->first_node(); n != nullptr; n = n->next()) {
      const bool ival = n->op() == OpKind::kGetAttr && absl::StartsWith(n->target(), kIntermediateValuePrefix);
      if (n->op() != OpKind::kPlaceholder && !ival) break;
      if (n->op() == OpKind::kPlaceholder) anchor = n;
    }
    for (const auto& [flat, read] : frame.state_reads) {
      if (anchor != nullptr) {
        anchor->Append(read);
      } else if (frame.graph->first_node() != read) {
        frame.graph->first_node()->Prepend(read);
      }
      anchor = read;
    }
  }

  absl::Status StartCall(Frame& parent, const std::vector<StackEntry>& stack, size_t depth,
                         Frame& frame) {
    const StackEntry& entry = stack[depth];
    frame.parent = &parent;
    // Sized once for a typical call rather than grown from empty.
    frame.copied.reserve(ModulePool::kTypicalModuleNodes);
    frame.node_map.reserve(ModulePool::kTypicalModuleNodes);
    frame.stack.assign(stack.begin(), stack.begin() + depth + 1);
    frame.fqn = std::string(entry.path.str());
    frame.child_fqn = CallName(frame.fqn, entry.call + 1);
    auto created = created_modules_.find(frame.fqn);
    frame.module = created != created_modules_.end()
                       ? created->second
                       : pool_.New(kInterpreterModuleClass, /*with_graph=*/true);
    frame.graph = frame.module->graph.get();
    ASSIGN_OR_RETURN(std::string accessor, ComputeAccessor(parent.fqn, frame.child_fqn));
    AddSubmodule(parent.module, accessor, frame.module, [&](absl::string_view prefix) {
      std::string path = JoinPath(parent.fqn, prefix);
      auto [it, inserted] = created_modules_.emplace(path, nullptr);
      if (inserted) it->second = pool_.New(kInterpreterModuleClass, /*with_graph=*/true);
      return it->second;
    });
    frame.parent_call = parent.graph->CallModule(accessor);
    auto [partition, inserted] = partition_index_.emplace(entry.module_id, partitions_.size());
    if (inserted) partitions_.emplace_back();
    std::vector<CallEntry>& calls = partitions_[partition->second];
    if (!calls.empty()) frame.module->children = calls[0].module->children;
    calls.push_back(CallEntry{parent.stack.back().path.str(), parent.module, frame.parent_call,
                              entry.path.str(), entry.call + 1, frame.module});
    if (!calls_have_signatures_) return absl::OkStatus();
    frame.preserved = signatures_.contains(frame.fqn);
    auto signature = signatures_.find(frame.child_fqn);
    if (signature != signatures_.end()) {
      frame.call_signature = signature->second;
      RETURN_IF_ERROR(StartPreservedCall(frame));
    }
    return absl::OkStatus();
  }

  // A call with a preserved signature takes its original (args, kwargs) and
  // flattens them with the signature's in_spec; the caller unflattens its
  // flat inputs into that structure.
  absl::Status StartPreservedCall(Frame& frame) {
    const ModuleCallSignature& sig = *frame.call_signature;
    const TreeSpec& in_spec = sig.in_spec;
    if (in_spec.children.size() != 2 || in_spec.children[0].is_leaf() ||
        in_spec.children[1].is_leaf()) {
      return absl::InvalidArgumentError(
          absl::StrCat("module call '", frame.child_fqn, "': in_spec ", in_spec.ToString(),
                       " is not an (args, kwargs) pair"));
    }
    const TreeSpec& args_spec = in_spec.children[0];
    ASSIGN_OR_RETURN(std::vector<std::string> kwarg_names, TreeSpecDictKeys(in_spec.children[1]));
    Graph& graph = *frame.graph;
    {
      auto at_end = graph.InsertingAfter(nullptr);
      std::vector<Argument> arg_placeholders;
      for (size_t i = 0; i < args_spec.children.size(); ++i) {
        arg_placeholders.push_back(
            Argument::Ref(graph.Placeholder(absl::StrCat("_positional_arg_", i))));
      }
      std::vector<std::pair<Argument, Argument>> kwarg_placeholders;
      for (const std::string& name : kwarg_names) {
        kwarg_placeholders.emplace_back(Argument::String(name),
                                        Argument::Ref(graph.Placeholder(name)));
      }
      Node* flat_args = FlattenSpec(frame.module, graph,
                                    Argument::Tuple({Argument::Tuple(std::move(arg_placeholders)),
                                                     Argument::Dict(std::move(kwarg_placeholders))}),
                                    in_spec);
      for (size_t i = 0; i < sig.inputs.size(); ++i) {
        const ArgumentSpec& input = sig.inputs[i];
        const bool constant = input.kind == ArgumentSpec::Kind::kConstant;
        Node* item = graph.CreateNode(
            OpKind::kCallFunction, kGetItem,
            {Argument::Ref(flat_args), Argument::Int(static_cast<int64_t>(i))}, {},
            constant ? absl::StrCat("_constant_", i) : input.name);
        if (constant) continue;
        if (const Node* seen = Seen(input.name)) {
          item->CopyMetaFrom(*seen);
          frame.placeholders[seen] = item;
        }
      }
    }
    Frame& parent = *frame.parent;
    auto before_call = parent.graph->InsertingBefore(frame.parent_call);
    std::vector<Argument> inputs;
    for (const ArgumentSpec& input : sig.inputs) {
      if (input.kind == ArgumentSpec::Kind::kConstant) {
        inputs.push_back(input.value);
      } else if (const Node* seen = Seen(input.name)) {
        if (input.kind == ArgumentSpec::Kind::kCustomObj || input.kind == ArgumentSpec::Kind::kToken) {
          return absl::InvalidArgumentError(absl::StrCat(
              "module call '", frame.child_fqn, "': input '", input.name,
              "' must be a tensor or a symbolic value"));
        }
        ASSIGN_OR_RETURN(Node* outer, RemapInput(parent, seen));
        inputs.push_back(Argument::Ref(outer));
      } else {
        inputs.push_back(Argument::None());
      }
    }
    Node* tree = Unflatten(parent.module, *parent.graph, Argument::List(std::move(inputs)), in_spec);
    Node* args = parent.graph->CallFunction(kGetItem, {Argument::Ref(tree), Argument::Int(0)});
    Node* kwargs = parent.graph->CallFunction(kGetItem, {Argument::Ref(tree), Argument::Int(1)});
    for (size_t i = 0; i < args_spec.children.size(); ++i) {
      frame.call_args.push_back(Argument::Ref(parent.graph->CallFunction(
          kGetItem, {Argument::Ref(args), Argument::Int(static_cast<int64_t>(i))})));
    }
    for (const std::string& name : kwarg_names) {
      frame.call_kwargs.push_back(KwArg{
          Symbol::Intern(name),
          Argument::Ref(parent.graph->CallFunction(kGetItem, {Argument::Ref(kwargs),
                                                              Argument::String(name)}))});
    }
    return absl::OkStatus();
  }

  // PyTorch's _generate_flatten_spec and _generate_unflatten.
  Node* FlattenSpec(ModuleObject* module, Graph& graph, Argument tree, const TreeSpec& spec) {
    Node* spec_node = graph.GetAttr(AddSpec(module, spec));
    return graph.CallFunction(kTreeFlattenSpec, {std::move(tree), Argument::Ref(spec_node)});
  }
  Node* Unflatten(ModuleObject* module, Graph& graph, Argument leaves, const TreeSpec& spec) {
    Node* spec_node = graph.GetAttr(AddSpec(module, spec));
    return graph.CallFunction(kTreeUnflatten, {std::move(leaves), Argument::Ref(spec_node)});
  }

  // PyTorch's finalize_outputs: the call's graph returns what later code
  // uses, and the caller reads it from the call.
  absl::Status FinishCall(Frame& frame) {
    created_modules_.erase(frame.fqn);
    PlaceStateReads(frame);
    Frame& parent = *frame.parent;
    // Flat nodes; nullptr for absent values. Most calls return one or two.
    absl::InlinedVector<const Node*, 4> outputs;
    Node* parent_out;
    Argument returned;
    absl::InlinedVector<Node*, 4> returned_nodes;
    if (frame.call_signature != nullptr) {
      const ModuleCallSignature& sig = *frame.call_signature;
      std::vector<Argument> leaves;
      for (const ArgumentSpec& output : sig.outputs) {
        if (!output.names_node() || output.kind == ArgumentSpec::Kind::kCustomObj ||
            output.kind == ArgumentSpec::Kind::kToken) {
          return absl::InvalidArgumentError(
              absl::StrCat("module call '", frame.child_fqn,
                           "': its preserved signature returns a value that is not a tensor or "
                           "a symbolic value"));
        }
        const Node* seen = Seen(output.name);
        outputs.push_back(seen);
        if (seen == nullptr) {
          leaves.push_back(Argument::None());
          continue;
        }
        Node* local = nullptr;
        if (auto it = frame.node_map.find(seen); it != frame.node_map.end()) {
          local = it->second;
        } else if (auto p = frame.placeholders.find(seen); p != frame.placeholders.end()) {
          local = p->second;
        } else {
          return absl::InvalidArgumentError(absl::StrCat("module call '", frame.child_fqn,
                                                         "': cannot find its output '",
                                                         output.name, "'"));
        }
        leaves.push_back(Argument::Ref(local));
      }
      Node* tree = Unflatten(frame.module, *frame.graph, Argument::Tuple(std::move(leaves)),
                             sig.out_spec);
      parent_out = FlattenSpec(parent.module, *parent.graph, Argument::Ref(frame.parent_call),
                               sig.out_spec);
      returned = Argument::Ref(tree);
      returned_nodes.push_back(tree);
    } else {
      std::vector<Argument> values;
      for (const auto& [flat, local] : frame.copied) {
        for (const Node* user : flat->users()) {
          if (!seen_[user->id()]) {
            outputs.push_back(flat);
            values.push_back(Argument::Ref(local));
            returned_nodes.push_back(local);
            break;
          }
        }
      }
      parent_out = frame.parent_call;
      returned = values.size() == 1 ? values[0] : Argument::List(std::move(values));
    }
    frame.graph->Output(std::move(returned));
    // The call's arguments: what inputs it picked up (newest first), then
    // its preserved (args, kwargs).
    std::vector<Argument> args;
    args.reserve(frame.prepended.size() + frame.call_args.size());
    args.insert(args.end(), frame.prepended.rbegin(), frame.prepended.rend());
    for (Argument& a : frame.call_args) args.push_back(std::move(a));
    frame.parent_call->SetArgsKwargs(std::move(args), std::move(frame.call_kwargs));

    auto value_of = [](const Node* n) {
      return n->meta().val.has_value() ? *n->meta().val : ValueMeta();
    };
    NodeMeta& out_meta = parent_out->mutable_meta();
    if (returned_nodes.size() == 1 && frame.call_signature == nullptr) {
      out_meta.val = value_of(returned_nodes[0]);
    } else if (frame.call_signature != nullptr) {
      out_meta.val = value_of(returned_nodes[0]);
    } else {
      std::vector<ValueMeta> values;
      for (const Node* n : returned_nodes) values.push_back(value_of(n));
      out_meta.val = ValueMeta::List(std::move(values));
    }
    if (outputs.size() == 1 && frame.call_signature == nullptr) {
      parent.Map(outputs[0], parent_out);
      return absl::OkStatus();
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (outputs[i] == nullptr) continue;
      Node* item = parent.graph->CallFunction(
          kGetItem, {Argument::Ref(parent_out), Argument::Int(static_cast<int64_t>(i))});
      if (outputs[i]->meta().val.has_value()) item->mutable_meta().val = *outputs[i]->meta().val;
      parent.Map(outputs[i], item);
    }
    return absl::OkStatus();
  }

  const Graph& flat_;
  ModulePool& pool_;
  ModuleObject* root_;
  std::vector<Node*> nodes_;
  std::vector<char> seen_;  // by flat node id
  StackReader stacks_;
  absl::flat_hash_map<std::string, const ModuleCallSignature*> signatures_;
  // Whether a module below the root has a preserved signature (usually only
  // the root's is): the calls skip the signature lookups otherwise.
  bool calls_have_signatures_ = false;
  absl::flat_hash_map<Symbol, size_t> partition_index_;
  std::vector<std::vector<CallEntry>> partitions_;
  absl::flat_hash_map<std::string, size_t> attribute_index_;
  std::vector<std::pair<std::string, std::vector<std::string>>> attributes_;
  absl::flat_hash_map<std::string, ModuleObject*> created_modules_;
  const StateNames state_names_;
  std::vector<uint32_t> position_;  // flat node id -> position
  std::vector<std::pair<ModuleObject*, std::string>> state_paths_;
  IntermediateValues ivals_;
};

// ---- state -----------------------------------------------------------------------

// PyTorch's _assign_attr: the modules at dotted `path`, including every call
// variant (`foo`, `foo@1`) at each level, creating plain modules where
// nothing is installed yet.
ChildTable::Modules OwnersOf(ModulePool& pool, ModuleObject* root, absl::string_view module_path) {
  ChildTable::Modules owners = {root};
  if (module_path.empty()) return owners;
  for (absl::string_view item : absl::StrSplit(module_path, '.')) {
    ChildTable::Modules next;
    for (ModuleObject* m : owners) {
      if (m->children->Find(item) == nullptr) {
        m->children->Set(item, pool.New(kPlainModuleClass, /*with_graph=*/false));
      }
      for (ModuleObject* variant : m->children->CallVariants(item)) next.push_back(variant);
    }
    owners = std::move(next);
  }
  return owners;
}

std::pair<absl::string_view, absl::string_view> SplitLast(absl::string_view fqn) {
  const size_t dot = fqn.rfind('.');
  if (dot == absl::string_view::npos) return {absl::string_view(), fqn};
  return {fqn.substr(0, dot), fqn.substr(dot + 1)};
}

// Puts state entries on the modules that own them. Consecutive entries
// usually share their module (`weight`, `bias`), whose owners are found once.
class StateAssigner {
 public:
  StateAssigner(ModulePool& pool, ModuleObject* root) : pool_(pool), root_(root) {}

  void Assign(absl::string_view fqn, const StateEntry& entry) {
    auto [module_path, name] = SplitLast(fqn);
    if (!has_owners_ || module_path != owners_path_) {
      // Finding the owners creates the missing modules: asking again for the
      // same path, with nothing else added in between, gives the same owners.
      owners_ = OwnersOf(pool_, root_, module_path);
      owners_path_.assign(module_path.data(), module_path.size());
      has_owners_ = true;
    }
    for (ModuleObject* owner : owners_) {
      if (owner->HasState(name)) continue;
      owner->state.push_back(entry);
      owner->state.back().name = std::string(name);
    }
  }

 private:
  ModulePool& pool_;
  ModuleObject* root_;
  bool has_owners_ = false;
  std::string owners_path_;
  ChildTable::Modules owners_;
};

void AssignCustomObject(ModulePool& pool, ModuleObject* root, const CustomObject& object) {
  auto [module_path, name] = SplitLast(object.name);
  for (ModuleObject* owner : OwnersOf(pool, root, module_path)) {
    if (!owner->HasAttribute(name)) {
      owner->attributes.emplace_back(
          std::string(name), GraphModule::Opaque(absl::StrCat(kScriptObjectClassPrefix, object.class_fqn)));
    }
  }
}

size_t CountStateEntries(const GraphModule& module) {
  size_t count = module.state().size();
  for (const auto& child : module.children()) count += CountStateEntries(*child.second);
  return count;
}

// The state entries no signature input names: the rest of the state dict,
// then constants.
void AssignRestOfState(const ExportedProgram& program,
                       const absl::flat_hash_set<absl::string_view>& assigned,
                       StateAssigner& assigner) {
  auto in_state_dict = [](const StateEntry& entry) {
    return entry.kind == StateKind::kParameter ||
           (entry.kind == StateKind::kBuffer && entry.persistent);
  };
  std::string path;
  auto rest_of_state_dict = [&](absl::string_view fqn, const StateEntry& entry) {
    if (in_state_dict(entry) && !assigned.contains(fqn)) assigner.Assign(fqn, entry);
  };
  ForEachStateEntry(*program.state, path, rest_of_state_dict);
  auto constants = [&](absl::string_view fqn, const StateEntry& entry) {
    if (!in_state_dict(entry) && !assigned.contains(fqn)) assigner.Assign(fqn, entry);
  };
  ForEachStateEntry(*program.state, path, constants);
}

// Places the program's state on the modules that own it, in PyTorch's order:
// the signature's parameters, its buffers, the rest of the state dict, then
// constants.
void AssignAllState(const ExportedProgram& program, ModulePool& pool, ModuleObject* root) {
  StateAssigner assigner(pool, root);
  StateLookup state(*program.state);
  absl::flat_hash_set<absl::string_view> assigned;
  for (InputKind kind : {InputKind::kParameter, InputKind::kBuffer}) {
    for (const InputSpec& spec : program.graph_signature.input_specs) {
      if (spec.kind != kind) continue;
      assigner.Assign(spec.target, *state.Find(spec.target));
      assigned.insert(spec.target);
    }
  }
  // Signature targets are distinct entries of the state: when they are as
  // many as the entries, nothing is left to assign.
  if (assigned.size() < CountStateEntries(*program.state)) {
    AssignRestOfState(program, assigned, assigner);
  }
  for (const CustomObject& object : program.custom_objects) AssignCustomObject(pool, root, object);
}

bool HasAttributePath(ModuleObject* module, absl::string_view path) {
  auto [module_path, name] = SplitLast(path);
  ModuleObject* owner = FindModule(module, module_path);
  return owner != nullptr && owner->HasAttribute(name);
}

// ---- merging identical calls -------------------------------------------------------

// PyTorch's _deduplicate_modules: a call whose graph equals an earlier call
// of the same module path is dropped and its caller calls the earlier one;
// one equal to a call under another path (a shared module) is replaced by
// that module. Returns call name -> the call name it now uses.
//
// `unsunk` are modules whose graphs PyTorch would still pass state in as
// placeholders (see Unflatten): they equal no module that reads its state.
absl::StatusOr<absl::flat_hash_map<std::string, std::string>> MergeIdenticalCalls(
    const std::vector<std::vector<CallEntry>>& partitions,
    const absl::flat_hash_set<const ModuleObject*>& unsunk) {
  absl::flat_hash_map<std::string, std::string> redirected;
  for (const std::vector<CallEntry>& calls : partitions) {
    if (calls.size() < 2) continue;  // a module called once: nothing to merge
    // Calls with equal graphs, each class with its first call per fqn.
    struct EqualCalls {
      const CallEntry* first;
      absl::flat_hash_map<absl::string_view, const CallEntry*> first_by_fqn;
    };
    absl::flat_hash_map<uint64_t, std::vector<EqualCalls>> by_hash;
    for (const CallEntry& call : calls) {
      const std::string child_fqn = CallName(call.fqn, call.call);
      ASSIGN_OR_RETURN(std::string target, ComputeAccessor(call.parent_fqn, child_fqn));
      const bool call_unsunk = unsunk.contains(call.module);
      std::vector<EqualCalls>& bucket =
          by_hash[absl::HashOf(StructuralHash(*call.module->graph), call_unsunk)];
      EqualCalls* same = nullptr;
      for (EqualCalls& candidate : bucket) {
        if (unsunk.contains(candidate.first->module) == call_unsunk &&
            StructurallyEqual(*candidate.first->module->graph, *call.module->graph)) {
          same = &candidate;
          break;
        }
      }
      if (same == nullptr) {
        bucket.push_back(EqualCalls{&call, {{call.fqn, &call}}});
        continue;
      }
      auto [module_path, name] = SplitLast(target);
      ModuleObject* holder = FindModule(call.parent_module, module_path);
      auto seen = same->first_by_fqn.find(call.fqn);
      if (seen != same->first_by_fqn.end()) {
        holder->children->Remove(name);
        const std::string seen_child = CallName(seen->second->fqn, seen->second->call);
        ASSIGN_OR_RETURN(std::string seen_target, ComputeAccessor(call.parent_fqn, seen_child));
        call.parent_call->set_target(seen_target);
        redirected.emplace(child_fqn, seen_child);
      } else {
        holder->children->Set(name, same->first->module);
        same->first_by_fqn.emplace(call.fqn, &call);
      }
    }
  }
  return redirected;
}

// ---- dispatching preserved calls ----------------------------------------------

// The module call graph's preserved-signature calls, per module path in
// first-call order: path -> the call module of each call, in call order.
using PreservedCalls = std::vector<std::pair<absl::string_view, std::vector<ModuleObject*>>>;

absl::StatusOr<PreservedCalls> FindPreservedCalls(
    const ExportedProgram& program, ModuleObject* root,
    const absl::flat_hash_map<std::string, std::string>& redirected) {
  PreservedCalls calls;
  absl::flat_hash_map<absl::string_view, size_t> position;
  std::vector<std::vector<std::pair<int64_t, ModuleObject*>>> indexed;
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    if (entry.fqn.empty() || !entry.signature.has_value()) continue;
    const absl::string_view base = CallBase(entry.fqn);
    int64_t index = 0;
    if (base.size() < entry.fqn.size() &&
        !absl::SimpleAtoi(absl::string_view(entry.fqn).substr(base.size() + 1), &index)) {
      return absl::InvalidArgumentError(absl::StrCat("module call '", entry.fqn, "': '",
                                                     entry.fqn.substr(base.size() + 1),
                                                     "' is not a call index"));
    }
    auto it = redirected.find(entry.fqn);
    const absl::string_view fqn = it == redirected.end() ? absl::string_view(entry.fqn) : it->second;
    ModuleObject* module = FindModule(root, fqn);
    if (module == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "module call '", entry.fqn,
          "' has a preserved signature, but no node's nn_module_stack records that call"));
    }
    auto [slot, added] = position.emplace(base, calls.size());
    if (added) {
      calls.emplace_back(base, std::vector<ModuleObject*>{});
      indexed.emplace_back();
    }
    indexed[slot->second].emplace_back(index, module);
  }
  for (size_t i = 0; i < calls.size(); ++i) {
    std::stable_sort(indexed[i].begin(), indexed[i].end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& call : indexed[i]) calls[i].second.push_back(call.second);
  }
  return calls;
}

// PyTorch's _dispatch_modules: the calls of a module whose signature export
// preserved are replaced by one InterpreterModuleDispatcher at the module's
// path, which runs them in turn (its `@i` children once materialized). Like
// PyTorch's, it shares the first call's submodules and carries the first
// call's own state (parameters stay parameters; buffers and constants become
// plain tensor attributes, which is what setattr makes of them) and custom
// objects. Returns whether it made any dispatcher.
absl::StatusOr<bool> DispatchPreservedCalls(
    const ExportedProgram& program, ModulePool& pool, ModuleObject* root,
    const absl::flat_hash_map<std::string, std::string>& redirected, PreservedCalls& preserved) {
  if (std::none_of(preserved.begin(), preserved.end(),
                   [](const auto& module) { return module.second.size() > 1; })) {
    return false;
  }
  absl::flat_hash_set<absl::string_view> state_targets;
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    if (spec.kind != InputKind::kUserInput && spec.kind != InputKind::kToken) {
      state_targets.insert(spec.target);
    }
  }
  for (auto& [base, calls] : preserved) {
    if (calls.size() < 2) continue;
    auto [parent_path, name] = SplitLast(base);
    ModuleObject* parent = FindModule(root, parent_path);
    if (parent == nullptr) {
      return absl::InternalError(absl::StrCat("the parent of module '", base, "' disappeared"));
    }
    for (size_t i = 0; i < calls.size(); ++i) {
      const std::string call_name = CallName(base, static_cast<int64_t>(i) + 1);
      if (redirected.contains(call_name)) continue;
      parent->children->Remove(SplitLast(call_name).second);
    }
    ModuleObject* dispatcher = pool.New(kModuleDispatcherClass, /*with_graph=*/false);
    const ModuleObject* first = calls.front();
    dispatcher->children = first->children;
    for (const StateEntry& entry : first->state) {
      if (!state_targets.contains(JoinPath(base, entry.name))) continue;
      StateEntry& copy = dispatcher->state.emplace_back(entry);
      if (copy.kind == StateKind::kBuffer) {
        copy.kind = StateKind::kConstant;
        copy.persistent = true;
      }
    }
    for (const auto& [attribute, value] : first->attributes) {
      if (state_targets.contains(JoinPath(base, attribute))) {
        dispatcher->attributes.emplace_back(attribute, value->Clone());
      }
    }
    dispatcher->calls = std::move(calls);
    parent->children->Set(name, dispatcher);
  }
  return true;
}

// The rest of _dispatch_modules: call_module targets name a module with a
// preserved signature without a call index (`sub@1` becomes `sub`), since its
// dispatcher counts the calls. Walks every path, as
// named_modules(remove_duplicate=False) does, and each dispatcher's call
// modules' graphs under the dispatcher's path.
void ElideCallIndices(Graph& graph, const std::string& path,
                      const absl::flat_hash_set<absl::string_view>& preserved_paths) {
  for (Node* node : graph.nodes()) {
    if (node->op() != OpKind::kCallModule) continue;
    const absl::string_view target = node->target();
    const size_t at = target.find('@');
    if (at != absl::string_view::npos && preserved_paths.contains(JoinPath(path, target.substr(0, at)))) {
      node->set_target(target.substr(0, at));
    }
  }
}

void ElideCallIndices(ModuleObject* module, const std::string& path,
                      const absl::flat_hash_set<absl::string_view>& preserved_paths) {
  if (module->graph != nullptr) ElideCallIndices(*module->graph, path, preserved_paths);
  module->children->ForEachLive([&](const std::string& name, ModuleObject* child) {
    ElideCallIndices(child, JoinPath(path, name), preserved_paths);
  });
  for (ModuleObject* call : module->calls) {
    if (call->graph != nullptr) ElideCallIndices(*call->graph, path, preserved_paths);
  }
}

// ---- ordering and materializing ------------------------------------------------

// PyTorch's _reorder_submodules: children in the order the module call graph
// lists their paths (`listed`: path -> position), others after them in the
// order named_modules(remove_duplicate=False) visits them, which is the
// preorder this walk numbers paths in (`visited`) before reordering them.
// `path` holds the module's dotted path; the walk extends it for each child
// and restores it (one buffer for the whole tree).
void ReorderSubmodules(ModuleObject* module, std::string& path,
                       const absl::flat_hash_map<absl::string_view, size_t>& listed,
                       size_t& visited) {
  std::vector<std::pair<std::string, ModuleObject*>> children = module->children->Live();
  std::vector<std::pair<size_t, size_t>> keys;  // (rank, position)
  keys.reserve(children.size());
  const size_t path_size = path.size();
  for (size_t i = 0; i < children.size(); ++i) {
    if (path_size > 0) path.push_back('.');
    path.append(children[i].first);
    auto it = listed.find(path);
    keys.emplace_back(it != listed.end() ? it->second : listed.size() + visited, i);
    ++visited;
    ReorderSubmodules(children[i].second, path, listed, visited);
    path.resize(path_size);
  }
  if (std::is_sorted(keys.begin(), keys.end())) return;
  std::stable_sort(keys.begin(), keys.end());
  std::vector<std::pair<std::string, ModuleObject*>> ordered;
  ordered.reserve(children.size());
  for (const auto& key : keys) ordered.push_back(children[key.second]);
  module->children->Reset(std::move(ordered));
}

class Materializer {
 public:
  explicit Materializer(std::vector<SpecAttribute>* specs) : specs_(specs) {}

  absl::StatusOr<std::unique_ptr<GraphModule>> Build(ModuleObject* object, const std::string& path) {
    auto [it, first] = paths_.emplace(object, path);
    if (!first) return SharedModuleReference(it->second);
    if (object->subgraph != nullptr) return std::move(object->subgraph);
    auto module = std::make_unique<GraphModule>(std::move(object->class_name),
                                                std::move(object->graph));
    module->ReserveState(object->state.size());
    for (StateEntry& entry : object->state) RETURN_IF_ERROR(module->AddState(std::move(entry)));
    for (auto& [name, spec] : object->specs) {
      specs_->push_back(SpecAttribute{path, name, std::move(spec)});
    }
    absl::Status status;
    auto add_child = [&](const std::string& name, ModuleObject* child) {
      if (!status.ok()) return;
      absl::StatusOr<std::unique_ptr<GraphModule>> built = Build(child, JoinPath(path, name));
      status = built.ok() ? module->AddChild(name, *std::move(built)).status() : built.status();
    };
    object->children->ForEachLive(add_child);
    RETURN_IF_ERROR(status);
    for (auto& [name, attribute] : object->attributes) {
      RETURN_IF_ERROR(module->AddChild(name, std::move(attribute)).status());
    }
    for (size_t i = 0; i < object->calls.size(); ++i) add_child(CallModuleName(i), object->calls[i]);
    RETURN_IF_ERROR(status);
    return module;
  }

 private:
  std::vector<SpecAttribute>* specs_;
  absl::flat_hash_map<const ModuleObject*, std::string> paths_;
};

}  // namespace

absl::StatusOr<std::vector<Argument>> MatchFlatArgs(const UnflattenResult& result,
                                                    const TreeSpec& input_spec,
                                                    std::vector<Argument> flat_args,
                                                    const FlatArgsAdapter* adapter) {
  if (result.module_call_graph.empty() || !result.module_call_graph[0].signature.has_value()) {
    return absl::FailedPreconditionError("the program records no signature for its root call");
  }
  const TreeSpec& target = result.module_call_graph[0].signature->in_spec;
  if (input_spec == target) return flat_args;
  if (adapter == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the call's arguments have structure ", input_spec.ToString(),
        " but the program was exported for ", target.ToString(),
        "; pass a FlatArgsAdapter to adapt them"));
  }
  ASSIGN_OR_RETURN(std::vector<Argument> adapted,
                   adapter->Adapt(target, input_spec, std::move(flat_args)));
  if (static_cast<int64_t>(adapted.size()) != target.num_leaves()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the FlatArgsAdapter returned ", adapted.size(), " arguments; the program takes ",
                     target.num_leaves(), " (", target.ToString(), ")"));
  }
  return adapted;
}

absl::StatusOr<UnflattenResult> Unflatten(const ExportedProgram& input,
                                          const UnflattenOptions& options) {
  if (options.validate) RETURN_IF_ERROR(ValidateExportedProgram(input));
  for (const OutputSpec& spec : input.graph_signature.output_specs) {
    if (spec.kind == OutputKind::kLossOutput || spec.kind == OutputKind::kGradientToParameter ||
        spec.kind == OutputKind::kGradientToUserInput) {
      return absl::UnimplementedError(
          "unflattening a joint (forward + backward) program is not supported (nor by PyTorch)");
    }
  }
  // Effect tokens and functionalized buffer and input mutations are
  // rewritten in a copy; other programs are read as they are.
  bool rewrites = false;
  for (const InputSpec& spec : input.graph_signature.input_specs) {
    rewrites |= spec.kind == InputKind::kToken;
  }
  for (const OutputSpec& spec : input.graph_signature.output_specs) {
    rewrites |= spec.kind == OutputKind::kBufferMutation ||
                spec.kind == OutputKind::kUserInputMutation || spec.kind == OutputKind::kToken;
  }
  ExportedProgram copy;
  if (rewrites) {
    copy = input.Clone();
    RETURN_IF_ERROR(RemoveEffectTokens(copy).status());
    RETURN_IF_ERROR(InplaceMutations(copy));
  }
  const ExportedProgram& program = rewrites ? copy : input;

  ModulePool pool;
  ModuleObject* root = pool.New(kUnflattenedModuleClass, /*with_graph=*/true);
  Outliner outliner(program, pool, root);
  RETURN_IF_ERROR(outliner.Run());
  RETURN_IF_ERROR(outliner.intermediate_values().Create(outliner.partitions(), root));

  // Higher-order-op subgraphs (and tensors) read by get_attr move to the
  // module that reads them.
  for (const auto& [child_fqn, names] : outliner.attributes()) {
    ModuleObject* module = FindModule(root, child_fqn);
    if (module == nullptr) {
      return absl::InternalError(absl::StrCat("module '", child_fqn, "' disappeared"));
    }
    for (const std::string& name : names) {
      if (const GraphModule* sub = program.graph_module->FindChild(name)) {
        ModuleObject* copy = pool.New(sub->class_name(), /*with_graph=*/false);
        copy->subgraph = sub->Clone();
        module->children->Set(name, copy);
      } else if (const StateEntry* entry = program.graph_module->FindState(name)) {
        if (!module->HasState(name)) module->state.push_back(*entry);
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat("get_attr target '", name, "' is not an attribute of the program"));
      }
    }
  }
  AssignAllState(program, pool, root);
  // A later call of a shared module may have replaced an earlier call's
  // submodule (they share their submodules, as in PyTorch). PyTorch sinks
  // state only into modules it reaches then, so the replaced one keeps its
  // state placeholders; it is remembered as such for merging.
  absl::flat_hash_set<const ModuleObject*> reachable;
  std::vector<ModuleObject*> pending = {root};
  while (!pending.empty()) {
    ModuleObject* m = pending.back();
    pending.pop_back();
    if (!reachable.insert(m).second) continue;
    m->children->ForEachLive(
        [&](const std::string&, ModuleObject* child) { pending.push_back(child); });
  }
  absl::flat_hash_set<const ModuleObject*> unsunk;
  for (const auto& [module, path] : outliner.state_paths()) {
    if (!reachable.contains(module)) {
      unsunk.insert(module);
    } else if (!HasAttributePath(module, path)) {
      return absl::InternalError(absl::StrCat("state '", path, "' read by a module was not assigned to it"));
    }
  }
  ASSIGN_OR_RETURN(auto redirected, MergeIdenticalCalls(outliner.partitions(), unsunk));

  ASSIGN_OR_RETURN(PreservedCalls preserved, FindPreservedCalls(program, root, redirected));
  ASSIGN_OR_RETURN(const bool dispatched,
                   DispatchPreservedCalls(program, pool, root, redirected, preserved));
  // Without a dispatcher no call index names a module with a preserved
  // signature.
  if (dispatched) {
    absl::flat_hash_set<absl::string_view> preserved_paths;
    for (const auto& [path, calls] : preserved) preserved_paths.insert(path);
    ElideCallIndices(root, "", preserved_paths);
  }

  // Views of the program's module call graph, which outlives them.
  std::vector<absl::string_view> fqn_list;
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    if (absl::StrContains(entry.fqn, '@')) continue;
    if (!redirected.empty() && redirected.contains(entry.fqn)) continue;
    fqn_list.push_back(entry.fqn);
  }
  for (size_t i = 1; i < fqn_list.size(); ++i) {
    const absl::string_view fqn = fqn_list[i];
    auto [module_path, name] = SplitLast(fqn);
    ModuleObject* parent = FindModule(root, module_path);
    if (parent != nullptr && parent->HasAttribute(name)) continue;
    AddSubmodule(root, fqn, pool.New(kPlainModuleClass, /*with_graph=*/false),
                 [&](absl::string_view) { return pool.New(kPlainModuleClass, false); });
  }
  absl::flat_hash_map<absl::string_view, size_t> listed;
  listed.reserve(fqn_list.size());
  for (absl::string_view fqn : fqn_list) listed.emplace(fqn, listed.size());
  size_t visited = 0;
  std::string path;
  ReorderSubmodules(root, path, listed, visited);

  UnflattenResult result;
  Materializer materializer(&result.specs);
  ASSIGN_OR_RETURN(result.module, materializer.Build(root, ""));
  result.module_call_graph = program.module_call_graph;
  return result;
}

}  // namespace fxpp
