#include "passes/split_module/split_module.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "ir/graph.h"
#include "ir/names.h"
#include "ir/node.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {


enum class GlobalState { kNone, kSetGrad, kEnterAutocast, kExitAutocast };

GlobalState GlobalStateOf(const Node& node) {
  if (node.op() != OpKind::kCallFunction) return GlobalState::kNone;
  const absl::string_view target = node.target();
  if (target == "torch._C._set_grad_enabled") return GlobalState::kSetGrad;
  if (target == "torch.amp.autocast_mode._enter_autocast" || target == "torch.amp._enter_autocast") {
    return GlobalState::kEnterAutocast;
  }
  if (target == "torch.amp.autocast_mode._exit_autocast" || target == "torch.amp._exit_autocast") {
    return GlobalState::kExitAutocast;
  }
  return GlobalState::kNone;
}

// Insertion-ordered set of nodes (PyTorch's dict[str, None] of names).
class OrderedNodes {
 public:
  void Add(Node* node) {
    if (seen_.insert(node).second) items_.push_back(node);
  }
  const std::vector<Node*>& items() const { return items_; }
  size_t size() const { return items_.size(); }

 private:
  std::vector<Node*> items_;
  absl::flat_hash_set<const Node*> seen_;
};

// Symbols of a symbolic expression: identifiers not called as functions
// ("s0", "u1" in "Max(1, 2*s0 + u1)").
void CollectSymbols(absl::string_view expr, std::set<std::string>* out) {
  size_t i = 0;
  while (i < expr.size()) {
    if (!absl::ascii_isalpha(expr[i]) && expr[i] != '_') {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < expr.size() && (absl::ascii_isalnum(expr[end]) || expr[end] == '_')) ++end;
    if (end >= expr.size() || expr[end] != '(') out->emplace(expr.substr(i, end - i));
    i = end;
  }
}

// PyTorch's free_symbols(example_value), sorted by name.
void FreeSymbols(const ValueMeta& value, std::set<std::string>* out) {
  switch (value.kind()) {
    case ValueMeta::Kind::kTensor:
      for (const SymDim& d : value.tensor().shape) {
        if (d.is_symbolic()) CollectSymbols(d.expr(), out);
      }
      for (const SymDim& d : value.tensor().stride) {
        if (d.is_symbolic()) CollectSymbols(d.expr(), out);
      }
      break;
    case ValueMeta::Kind::kSymInt:
    case ValueMeta::Kind::kSymFloat:
    case ValueMeta::Kind::kSymBool:
      CollectSymbols(value.text(), out);
      break;
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList:
      for (const ValueMeta& e : value.elements()) FreeSymbols(e, out);
      break;
    default:
      break;
  }
}

// The symbol a node binds: its value is a SymInt/SymFloat that is exactly
// one symbol ("s0", not "s0 + 1").
absl::optional<std::string> BoundSymbol(const Node& node) {
  if (!node.meta().val.has_value()) return absl::nullopt;
  const ValueMeta& val = *node.meta().val;
  if (val.kind() != ValueMeta::Kind::kSymInt && val.kind() != ValueMeta::Kind::kSymFloat) {
    return absl::nullopt;
  }
  if (!IsPythonIdentifier(val.text())) return absl::nullopt;
  return std::string(val.text());
}

// An attribute to install at a path: a fresh submodule or one found in the
// source module.
struct Attribute {
  std::unique_ptr<GraphModule> owned;
  GraphModule::AttributeRef source;
};

// GraphModule(dict, graph): the attributes the graph's get_attr/call_module
// targets name, shallowest paths first (stable), as torch.fx.GraphModule
// installs a dict root.
absl::Status InstallAttributes(GraphModule& module, std::vector<std::pair<std::string, Attribute>> attributes) {
  std::stable_sort(attributes.begin(), attributes.end(), [](const auto& a, const auto& b) {
    return std::count(a.first.begin(), a.first.end(), '.') <
           std::count(b.first.begin(), b.first.end(), '.');
  });
  for (auto& [path, attribute] : attributes) {
    if (attribute.owned != nullptr) {
      RETURN_IF_ERROR(module.SetSubmodule(path, std::move(attribute.owned)).status());
    } else if (attribute.source.found()) {
      RETURN_IF_ERROR(module.SetAttrRecursive(path, attribute.source, /*create_parents=*/true));
    }
  }
  return absl::OkStatus();
}

struct Partition {
  std::string name;
  std::string submod_name;
  OrderedNodes inputs;
  OrderedNodes outputs;
  absl::flat_hash_set<int> dependencies;
  std::vector<int> dependents;  // in insertion order
  absl::flat_hash_set<int> dependent_set;
  std::unique_ptr<Graph> graph = std::make_unique<Graph>();
  absl::flat_hash_map<const Node*, Node*> environment;
  // Attribute path in the submodule -> attribute (dict semantics: the first
  // assignment fixes the position).
  std::vector<std::pair<std::string, GraphModule::AttributeRef>> targets;
  absl::flat_hash_map<std::string, size_t> target_index;

  void SetTarget(std::string path, GraphModule::AttributeRef attribute) {
    auto [it, inserted] = target_index.emplace(path, targets.size());
    if (inserted) {
      targets.emplace_back(std::move(path), attribute);
    } else {
      targets[it->second].second = attribute;
    }
  }
  void AddDependent(int partition) {
    if (dependent_set.insert(partition).second) dependents.push_back(partition);
  }
};

// A grad or autocast region: the node opening it and the partitions it spans.
struct Region {
  Node* node;
  std::set<int64_t> partition_ids;
  Node* exit = nullptr;  // autocast only
};

class ModuleSplitter {
 public:
  ModuleSplitter(const GraphModule& module, SplitCallback callback, const SplitModuleOptions& options)
      : module_(module),
        graph_(module.graph()),
        callback_(callback),
        options_(options),
        partition_of_(graph_.id_bound(), -1),
        partition_id_of_(graph_.id_bound(), 0) {}

  absl::StatusOr<SplitModuleResult> Run() {
    RETURN_IF_ERROR(AssignPartitions());
    RETURN_IF_ERROR(RecordCrossPartitionUses());
    AddMutationDependencies();
    ASSIGN_OR_RETURN(std::vector<int> sorted, TopologicalOrder());
    EnterRegions(autocast_regions_);
    EnterRegions(grad_regions_);
    RETURN_IF_ERROR(AddPartitionInputs(sorted));
    RETURN_IF_ERROR(CopyNodes());
    ExitAutocastRegions();
    return BuildModule(sorted);
  }

 private:
  absl::StatusOr<GraphModule::AttributeRef> Resolve(absl::string_view target) const {
    GraphModule::AttributeRef attribute = module_.GetAttrRecursive(target);
    if (!attribute.found() && options_.require_attributes) {
      return absl::NotFoundError(absl::StrCat("split_module: node target ", target, " not found"));
    }
    return attribute;
  }

  int PartitionFor(int64_t id) {
    auto [it, inserted] = partition_by_id_.emplace(id, static_cast<int>(partitions_.size()));
    if (inserted) {
      partitions_.emplace_back();
      Partition& p = partitions_.back();
      p.name = options_.partition_affix.has_value()
                   ? absl::StrCat(*options_.partition_affix, "_", id)
                   : absl::StrCat(id);
      p.submod_name = absl::StrCat("submod_", p.name);
    }
    return it->second;
  }

  // Partitions in order of appearance, symbols, grad/autocast regions.
  absl::Status AssignPartitions() {
    int active_grad = -1;               // index into grad_regions_
    std::vector<int> active_autocasts;  // indices into autocast_regions_
    absl::flat_hash_map<const Node*, int> autocast_of_enter;
    for (Node* node : graph_.nodes()) {
      if (absl::optional<std::string> symbol = BoundSymbol(*node)) symbol_to_node_.emplace(*symbol, node);
      if (node->op() == OpKind::kPlaceholder || node->op() == OpKind::kGetAttr ||
          node->op() == OpKind::kOutput) {
        continue;
      }
      ASSIGN_OR_RETURN(const int64_t id, callback_(*node));
      partition_of_[node->id()] = PartitionFor(id);
      partition_id_of_[node->id()] = id;
      switch (GlobalStateOf(*node)) {
        case GlobalState::kSetGrad:
          if (node->args().size() != 1 || node->args()[0].kind() != ArgKind::kBool) {
            return absl::InvalidArgumentError(absl::StrCat(
                "split_module: '", node->name(), "' must take one bool argument"));
          }
          active_grad = static_cast<int>(grad_regions_.size());
          grad_regions_.push_back({node, {id}});
          break;
        case GlobalState::kEnterAutocast: {
          bool constant = true;
          node->ForEachNodeArgument([&](Node*) { constant = false; });
          if (!constant) {
            return absl::InvalidArgumentError(absl::StrCat(
                "split_module: '", node->name(), "' must take constant arguments only"));
          }
          autocast_of_enter[node] = static_cast<int>(autocast_regions_.size());
          active_autocasts.push_back(static_cast<int>(autocast_regions_.size()));
          autocast_regions_.push_back({node, {id}});
          break;
        }
        case GlobalState::kExitAutocast: {
          auto enter = node->args().size() == 1 && node->args()[0].is_node()
                           ? autocast_of_enter.find(node->args()[0].node())
                           : autocast_of_enter.end();
          if (enter == autocast_of_enter.end()) {
            return absl::InvalidArgumentError(absl::StrCat(
                "split_module: '", node->name(), "' does not exit an _enter_autocast"));
          }
          Region& region = autocast_regions_[enter->second];
          region.partition_ids.insert(id);
          region.exit = node;
          active_autocasts.erase(
              std::find(active_autocasts.begin(), active_autocasts.end(), enter->second));
          break;
        }
        case GlobalState::kNone:
          break;
      }
      if (active_grad >= 0) grad_regions_[active_grad].partition_ids.insert(id);
      for (int open : active_autocasts) autocast_regions_[open].partition_ids.insert(id);
    }
    for (const Region& region : autocast_regions_) {
      if (region.exit == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("split_module: autocast '", region.node->name(), "' must exit"));
      }
    }
    return absl::OkStatus();
  }

  absl::Status RecordUse(Node* def, Node* use) {
    const int defined = partition_of_[def->id()];
    const int used = use == nullptr ? -1 : partition_of_[use->id()];
    if (defined == used) return absl::OkStatus();
    if (defined >= 0) {
      partitions_[defined].outputs.Add(def);
      if (used >= 0) partitions_[defined].AddDependent(used);
    }
    if (used < 0) return absl::OkStatus();
    Partition& user = partitions_[used];
    user.inputs.Add(def);
    // The sizes of a value passed in may mention symbols: pass their
    // defining nodes in too.
    std::set<std::string> symbols;
    if (def->meta().val.has_value()) FreeSymbols(*def->meta().val, &symbols);
    for (const std::string& symbol : symbols) {
      auto found = symbol_to_node_.find(symbol);
      if (found == symbol_to_node_.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "split_module: the value of '", def->name(), "' mentions symbol ", symbol,
            ", which no node defines"));
      }
      Node* symbol_node = found->second;
      const int symbol_partition = partition_of_[symbol_node->id()];
      if (symbol_partition == used) continue;  // already in scope there
      user.inputs.Add(symbol_node);
      if (symbol_node->op() != OpKind::kPlaceholder && symbol_partition >= 0) {
        partitions_[symbol_partition].outputs.Add(symbol_node);
        partitions_[symbol_partition].AddDependent(used);
        user.dependencies.insert(symbol_partition);
      }
    }
    if (defined >= 0) user.dependencies.insert(defined);
    return absl::OkStatus();
  }

  absl::Status RecordCrossPartitionUses() {
    const bool monotonic = !autocast_regions_.empty() || !grad_regions_.empty();
    int64_t highest = INT64_MIN;
    for (Node* node : graph_.nodes()) {
      if (node->op() == OpKind::kPlaceholder || node->op() == OpKind::kGetAttr) continue;
      absl::Status status;
      if (node->op() == OpKind::kOutput) {
        node->args()[0].ForEachNode([&](Node* def) {
          if (status.ok()) status = RecordUse(def, nullptr);
        });
        RETURN_IF_ERROR(status);
        continue;
      }
      if (monotonic) {
        const int64_t id = partition_id_of_[node->id()];
        if (id < highest) {
          return absl::InvalidArgumentError(absl::StrCat(
              "split_module: autocast or set_grad_enabled require monotonically increasing "
              "partitions: highest: ", highest, ", this node's ('", node->name(), "'): ", id));
        }
        highest = id;
      }
      // Global-state nodes are re-created per partition, not passed around.
      if (GlobalStateOf(*node) != GlobalState::kNone) continue;
      node->ForEachNodeArgument([&](Node* def) {
        if (status.ok()) status = RecordUse(def, node);
      });
      RETURN_IF_ERROR(status);
    }
    return absl::OkStatus();
  }

  // Partitions run in a topological order of what they pass each other; one
  // that writes storage another reads (through any alias) must also keep
  // its side of that read, which PyTorch's split_module does not ensure
  // (a later partition's write could run before an earlier one's read).
  void AddMutationDependencies() {
    const AliasSets aliases(graph_, &module_);
    ForEachMutationOrderingEdge(
        graph_, aliases, [](Node*) {},
        [this](Node* earlier, Node* later) {
          const int from = partition_of_[earlier->id()];
          const int to = partition_of_[later->id()];
          if (from < 0 || to < 0 || from == to) return;
          partitions_[from].AddDependent(to);
          partitions_[to].dependencies.insert(from);
        });
  }

  // Kahn's algorithm on a stack, exactly as PyTorch orders partitions.
  absl::StatusOr<std::vector<int>> TopologicalOrder() {
    std::vector<size_t> unmet(partitions_.size());
    std::vector<int> ready;
    for (int p = 0; p < static_cast<int>(partitions_.size()); ++p) {
      unmet[p] = partitions_[p].dependencies.size();
      if (unmet[p] == 0) ready.push_back(p);
    }
    std::vector<int> sorted;
    while (!ready.empty()) {
      const int p = ready.back();
      ready.pop_back();
      sorted.push_back(p);
      for (int dependent : partitions_[p].dependents) {
        if (--unmet[dependent] == 0) ready.push_back(dependent);
      }
    }
    if (sorted.size() != partitions_.size()) {
      std::vector<std::string> cyclic;
      for (size_t p = 0; p < partitions_.size(); ++p) {
        if (unmet[p] > 0) cyclic.push_back(partitions_[p].name);
      }
      return absl::InvalidArgumentError(absl::StrCat(
          "split_module: cycle exists between partitions! (partitions ",
          absl::StrJoin(cyclic, ", "), " depend on each other)"));
    }
    return sorted;
  }

  // Later partitions of a region start by re-entering it.
  void EnterRegions(const std::vector<Region>& regions) {
    for (const Region& region : regions) {
      bool first = true;
      for (int64_t id : region.partition_ids) {
        Partition& partition = partitions_[partition_by_id_.at(id)];
        if (first) {
          first = false;
          continue;
        }
        const Node& node = *region.node;
        Node* copy = partition.graph->CreateNode(
            node.op(), node.target(), std::vector<Argument>(node.args().begin(), node.args().end()),
            {}, {}, node.type_annotation());
        copy->CopyMetaFrom(node);
        partition.environment[region.node] = copy;
      }
    }
  }

  absl::Status AddPartitionInputs(const std::vector<int>& sorted) {
    for (int p : sorted) {
      Partition& partition = partitions_[p];
      OrderedNodes passed_in;
      int counter = 0;
      for (Node* input : partition.inputs.items()) {
        Node* stand_in = nullptr;
        if (input->op() == OpKind::kGetAttr) {
          ASSIGN_OR_RETURN(GraphModule::AttributeRef attribute, Resolve(input->target()));
          // A submodule is fetched inside the partition, not passed in.
          if (attribute.module != nullptr) {
            stand_in = partition.graph->GetAttr(input->target());
            partition.SetTarget(std::string(input->target()), attribute);
          }
        }
        if (stand_in == nullptr) {
          const std::string name = options_.keep_original_input_name
                                       ? std::string(input->name())
                                       : absl::StrCat("arg_", counter++);
          stand_in = partition.graph->CreateNode(OpKind::kPlaceholder, name, {}, {}, {},
                                                 input->type_annotation());
          passed_in.Add(input);
        }
        stand_in->CopyMetaFrom(*input);
        partition.environment[input] = stand_in;
      }
      partition.inputs = std::move(passed_in);
    }
    return absl::OkStatus();
  }

  absl::Status CopyNodes() {
    for (Node* node : graph_.nodes()) {
      const int p = partition_of_[node->id()];
      if (p < 0) continue;
      Partition& partition = partitions_[p];
      absl::Status status;
      auto remap = [&](Node* input) -> Argument {
        auto it = partition.environment.find(input);
        if (it == partition.environment.end()) {
          if (status.ok()) {
            status = absl::InvalidArgumentError(absl::StrCat(
                "split_module: '", node->name(), "' reads '", input->name(),
                "', which is not available in partition ", partition.name,
                " (is it defined after its use?)"));
          }
          return Argument::None();
        }
        return Argument::Ref(it->second);
      };
      std::vector<Argument> args;
      for (const Argument& a : node->args()) args.push_back(a.MapNodes(remap));
      KwArgs kwargs;
      for (const KwArg& kw : node->kwargs()) kwargs.push_back({kw.name, kw.value.MapNodes(remap)});
      RETURN_IF_ERROR(status);

      std::string target(node->target());
      if (node->op() == OpKind::kCallModule) {
        ASSIGN_OR_RETURN(GraphModule::AttributeRef attribute, Resolve(node->target()));
        target = absl::StrReplaceAll(node->target(), {{".", "_"}});
        partition.SetTarget(target, attribute);
        const std::string qualname = absl::StrCat(partition.submod_name, ".", target);
        auto [it, inserted] = qualname_index_.emplace(qualname, qualname_map_.size());
        if (inserted) {
          qualname_map_.emplace_back(qualname, std::string(node->target()));
        } else {
          qualname_map_[it->second].second = std::string(node->target());
        }
      }
      Node* copy = partition.graph->CreateNode(
          node->op(), target, std::move(args), std::move(kwargs),
          options_.keep_original_node_name ? node->name() : absl::string_view(),
          node->type_annotation());
      copy->CopyMetaFrom(*node);
      partition.environment[node] = copy;
    }
    return absl::OkStatus();
  }

  // Earlier partitions of an autocast region end by exiting it (innermost
  // region first).
  void ExitAutocastRegions() {
    for (auto region = autocast_regions_.rbegin(); region != autocast_regions_.rend(); ++region) {
      auto last = std::prev(region->partition_ids.end());
      for (auto id = region->partition_ids.begin(); id != last; ++id) {
        Partition& partition = partitions_[partition_by_id_.at(*id)];
        const Node& exit = *region->exit;
        Node* copy = partition.graph->CreateNode(
            exit.op(), exit.target(), {Argument::Ref(partition.environment.at(region->node))}, {},
            {}, exit.type_annotation());
        copy->CopyMetaFrom(exit);
      }
    }
  }

  // The main graph's stand-in for a placeholder or get_attr node.
  absl::Status ConstructBaseNode(Node* node) {
    if (base_env_.contains(node)) return absl::OkStatus();
    Node* copy = nullptr;
    if (node->op() == OpKind::kPlaceholder) {
      // PyTorch names it from the target, or keeps the name.
      const absl::string_view target =
          options_.keep_original_node_name ? node->name() : node->target();
      copy = base_graph_->CreateNode(
          OpKind::kPlaceholder, target,
          std::vector<Argument>(node->args().begin(), node->args().end()), {}, {},
          node->type_annotation());
    } else if (node->op() == OpKind::kGetAttr) {
      copy = base_graph_->GetAttr(node->target());
      ASSIGN_OR_RETURN(GraphModule::AttributeRef attribute, Resolve(node->target()));
      base_attributes_.emplace_back(std::string(node->target()), Attribute{nullptr, attribute});
    } else {
      return absl::OkStatus();
    }
    copy->CopyMetaFrom(*node);
    base_env_[node] = copy;
    return absl::OkStatus();
  }

  absl::StatusOr<SplitModuleResult> BuildModule(const std::vector<int>& sorted) {
    std::vector<Node*> placeholders;
    for (Node* node : graph_.nodes()) {
      if (!options_.keep_original_order) {
        RETURN_IF_ERROR(ConstructBaseNode(node));
      } else if (node->op() == OpKind::kPlaceholder) {
        placeholders.push_back(node);
      }
    }
    std::vector<int> order = sorted;
    if (options_.keep_original_order) {
      order.clear();
      for (int p = 0; p < static_cast<int>(partitions_.size()); ++p) order.push_back(p);
    }
    for (int p : order) RETURN_IF_ERROR(EmitPartition(partitions_[p], placeholders));
    RETURN_IF_ERROR(EmitBaseOutput(placeholders));

    SplitModuleResult result;
    result.module = std::make_unique<GraphModule>();
    // Install in the order the main graph names them (dict-root semantics).
    absl::flat_hash_set<std::string> installed;
    std::vector<std::pair<std::string, Attribute>> in_graph_order;
    for (auto& entry : base_attributes_) {
      if (installed.insert(entry.first).second) in_graph_order.push_back(std::move(entry));
    }
    RETURN_IF_ERROR(InstallAttributes(*result.module, std::move(in_graph_order)));
    result.module->set_graph(std::move(base_graph_));
    result.qualname_map = std::move(qualname_map_);
    return result;
  }

  // Closes `partition`'s graph with its outputs, makes it a submodule of
  // the base module and calls it there (getitems for tuple outputs).
  absl::Status EmitPartition(Partition& partition, const std::vector<Node*>& placeholders) {
    std::vector<Argument> outputs;
    for (Node* value : partition.outputs.items()) {
      outputs.push_back(Argument::Ref(partition.environment.at(value)));
    }
    const bool bare = outputs.size() == 1 && !options_.tuple_return;
    partition.graph->Output(bare ? std::move(outputs[0]) : Argument::Tuple(std::move(outputs)));

    if (options_.keep_original_order) {
      // All graph inputs first (the signature), then the attributes this
      // partition is passed, just before its call.
      for (Node* placeholder : placeholders) RETURN_IF_ERROR(ConstructBaseNode(placeholder));
      for (Node* input : partition.inputs.items()) RETURN_IF_ERROR(ConstructBaseNode(input));
    }

    auto submodule = std::make_unique<GraphModule>();
    std::vector<std::pair<std::string, Attribute>> attributes;
    for (const auto& [path, attribute] : partition.targets) {
      attributes.emplace_back(path, Attribute{nullptr, attribute});
    }
    RETURN_IF_ERROR(InstallAttributes(*submodule, std::move(attributes)));
    submodule->set_graph(std::move(partition.graph));
    base_attributes_.emplace_back(partition.submod_name, Attribute{std::move(submodule), {}});

    std::vector<Argument> args;
    for (Node* input : partition.inputs.items()) {
      auto it = base_env_.find(input);
      if (it == base_env_.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "split_module: partition ", partition.name, " reads '", input->name(),
            "', which a partition after it in the original order computes; "
            "keep_original_order needs partitions in dependency order"));
      }
      args.push_back(Argument::Ref(it->second));
    }
    Node* call = base_graph_->CallModule(partition.submod_name, std::move(args));
    const std::vector<Node*>& values = partition.outputs.items();
    if (bare) {
      base_env_[values[0]] = call;
    } else if (!values.empty()) {
      for (size_t i = 0; i < values.size(); ++i) {
        base_env_[values[i]] = base_graph_->CallFunction(
            kGetItem, {Argument::Ref(call), Argument::Int(static_cast<int64_t>(i))});
      }
    }
    return absl::OkStatus();
  }

  // The base graph's output, after the graph inputs and attributes no
  // partition reads (keep_original_order).
  absl::Status EmitBaseOutput(const std::vector<Node*>& placeholders) {
    const Node* output = graph_.output_node();
    if (output == nullptr) return absl::InvalidArgumentError("split_module: graph has no output node");
    for (Node* placeholder : placeholders) RETURN_IF_ERROR(ConstructBaseNode(placeholder));
    absl::Status status;
    output->args()[0].ForEachNode([&](Node* value) {
      if (status.ok()) status = ConstructBaseNode(value);
    });
    RETURN_IF_ERROR(status);
    base_graph_->Output(output->args()[0].MapNodes(
        [&](Node* value) { return Argument::Ref(base_env_.at(value)); }));
    return absl::OkStatus();
  }

  const GraphModule& module_;
  const Graph& graph_;
  SplitCallback callback_;
  const SplitModuleOptions& options_;

  std::vector<Partition> partitions_;  // in order of first appearance
  absl::flat_hash_map<int64_t, int> partition_by_id_;
  std::vector<int> partition_of_;  // by node id; -1: not partitioned
  std::vector<int64_t> partition_id_of_;  // by node id: the callback's answer
  absl::flat_hash_map<std::string, Node*> symbol_to_node_;
  std::vector<Region> grad_regions_;
  std::vector<Region> autocast_regions_;

  std::unique_ptr<Graph> base_graph_ = std::make_unique<Graph>();
  absl::flat_hash_map<const Node*, Node*> base_env_;
  std::vector<std::pair<std::string, Attribute>> base_attributes_;
  std::vector<std::pair<std::string, std::string>> qualname_map_;
  absl::flat_hash_map<std::string, size_t> qualname_index_;
};

}  // namespace

absl::StatusOr<SplitModuleResult> SplitModule(const GraphModule& module,
                                              SplitCallback split_callback,
                                              const SplitModuleOptions& options) {
  if (!module.has_graph()) return absl::InvalidArgumentError("split_module: module has no graph");
  return ModuleSplitter(module, split_callback, options).Run();
}

absl::StatusOr<SplitModuleResult> SplitModule(
    const GraphModule& module, const absl::flat_hash_map<const Node*, int64_t>& partition_of,
    const SplitModuleOptions& options) {
  return SplitModule(
      module,
      [&](const Node& node) -> absl::StatusOr<int64_t> {
        auto it = partition_of.find(&node);
        if (it == partition_of.end()) {
          return absl::InvalidArgumentError(
              absl::StrCat("split_module: no partition given for node '", node.name(), "'"));
        }
        return it->second;
      },
      options);
}

const PassDescriptor& SplitModulePass::Descriptor() {
  using Options = SplitModuleOptions;
  static const auto* const descriptor = new TypedPassDescriptor<Options>(
      "split_module", "Partitions by the integer tags of call nodes into submod_N submodules",
      {
          PassOption<Options>("keep_original_order", &Options::keep_original_order,
                              "call partitions in first-appearance order, not topological order"),
          PassOption<Options>("keep_original_node_name", &Options::keep_original_node_name,
                              "partition nodes keep their names"),
          PassOption<Options>("partition_affix", &Options::partition_affix,
                              "partitions named <affix>_<id>"),
          PassOption<Options>("tuple_return", &Options::tuple_return,
                              "submodules always return a tuple"),
          PassOption<Options>("require_attributes", &Options::require_attributes,
                              "get_attr targets must exist (off for FX text, which has no state)"),
      },
      [](Options options) { return std::make_unique<SplitModulePass>(std::move(options)); });
  return *descriptor;
}

PassReport SplitModulePass::Report() const {
  return {{{"submodules", submodules_, "children of the split module"},
           {"qualname_map", static_cast<int64_t>(qualname_map_.size()),
            "call_module targets copied into partitions"}}};
}

absl::StatusOr<bool> SplitModulePass::Run(GraphModule& module) {
  submodules_ = 0;
  qualname_map_.clear();
  // Without call nodes there is no partition: the module stays as it is
  // (the split would be a renamed copy of it).
  int64_t partitioned_nodes = 0;
  ASSIGN_OR_RETURN(
      SplitModuleResult result,
      SplitModule(
          module,
          [&partitioned_nodes](const Node& node) -> absl::StatusOr<int64_t> {
            ++partitioned_nodes;
            int64_t id = 0;
            if (!node.meta().tag.has_value() || !absl::SimpleAtoi(node.meta().tag->str(), &id)) {
              return absl::InvalidArgumentError(absl::StrCat(
                  "split_module: node '", node.name(), "' has no partition number as its tag"));
            }
            return id;
          },
          options_));
  if (partitioned_nodes == 0) return false;
  module = std::move(*result.module);
  qualname_map_ = std::move(result.qualname_map);
  submodules_ = static_cast<int64_t>(module.children().size());
  return true;
}

}  // namespace fxpp
