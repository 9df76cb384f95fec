#include "passes/split_by_tags/split_by_tags.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/optional.h"
#include "ir/graph.h"
#include "ir/node.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"
#include "passes/tag_order.h"

namespace fxpp {
namespace {


// What one tag's submodule is built from (PyTorch's Component).
struct Component {
  std::string name;
  int order = 0;
  std::unique_ptr<Graph> graph = std::make_unique<Graph>();
  // Values read from outside, in first-use order, and their placeholders.
  std::vector<Node*> orig_inputs;
  absl::flat_hash_map<uint32_t, Node*> placeholder_of;  // original node id -> placeholder
  // This component's original nodes that are used outside it.
  std::vector<Node*> orig_outputs;
  // get_attr nodes of the original graph -> this component's copies.
  absl::flat_hash_map<uint32_t, Node*> get_attr_of;
};

// The meta of a node that stands for `source` in another graph
// (placeholders, get_attr copies): PyTorch copies node.meta, and a tag is
// not part of it there.
NodeMeta MetaWithoutTag(const Node& source) {
  NodeMeta meta = source.meta();
  meta.tag.reset();
  return meta;
}

Node* CreateStandIn(Graph& graph, OpKind op, absl::string_view target, const Node& source) {
  Node* node = graph.CreateNode(op, target, {}, {}, /*name=*/{}, source.type_annotation());
  if (source.has_meta()) node->set_meta(MetaWithoutTag(source));
  return node;
}

// Copies the attribute `path` of `source` to the same path of `target`
// (PyTorch's lift_subgraph_as_module, one target at a time).
absl::Status CopyAttribute(const GraphModule& source, absl::string_view path,
                           GraphModule& target, absl::string_view install_path,
                           bool require_attributes) {
  GraphModule::AttributeRef attribute = source.GetAttrRecursive(path);
  if (!attribute.found()) {
    if (!require_attributes) return absl::OkStatus();
    return absl::NotFoundError(absl::StrCat("split_by_tags: the module has no attribute '", path,
                                            "' (a get_attr or call_module target)"));
  }
  return target.SetAttrRecursive(install_path, attribute, /*create_parents=*/true);
}

class Splitter {
 public:
  Splitter(const GraphModule& module, const SplitByTagsOptions& options)
      : module_(module),
        graph_(module.graph()),
        options_(options),
        component_of_(graph_.id_bound(), -1),
        aliases_(graph_, &module_),
        last_write_(graph_.id_bound(), -1),
        last_access_(graph_.id_bound(), -1),
        copy_of_(graph_.id_bound(), nullptr),
        main_value_of_(graph_.id_bound(), nullptr),
        used_in_main_flag_(graph_.id_bound(), false) {}

  absl::StatusOr<SplitByTagsResult> Run(absl::Span<const std::string> tags) {
    RETURN_IF_ERROR(CreateComponents(tags));
    ReserveNames();
    for (Node* node : graph_.nodes()) {
      switch (node->op()) {
        case OpKind::kOutput:
          if (output_ != nullptr) {
            return absl::InvalidArgumentError(
                absl::StrCat("split_by_tags: multiple output nodes in graph ('", output_->name(),
                             "' and '", node->name(), "')"));
          }
          output_ = node;
          break;
        case OpKind::kPlaceholder:
          main_value_of_[node->id()] = CreateInput(*node);
          break;
        case OpKind::kGetAttr:
          break;  // copied into each component that reads it
        default:
          RETURN_IF_ERROR(CopyIntoComponent(node));
      }
    }
    if (output_ == nullptr) return absl::InvalidArgumentError("split_by_tags: graph had no output node");
    CollectOutputs();
    SplitByTagsResult result;
    result.module = std::make_unique<GraphModule>();
    RETURN_IF_ERROR(BuildSubmodules(*result.module, result.fqn_mapping));
    main_graph_owner_->Output(output_->args()[0].MapNodes(
        [this](Node* n) { return Argument::Ref(main_value_of_[n->id()]); }));
    result.module->set_graph(std::move(main_graph_owner_));
    return result;
  }

 private:
  absl::Status CreateComponents(absl::Span<const std::string> tags) {
    components_.reserve(tags.size());
    for (const std::string& tag : tags) {
      if (!component_of_tag_.emplace(Symbol::Intern(tag), components_.size()).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("split_by_tags: tag '", tag, "' appears twice in the tag order"));
      }
      components_.emplace_back();
      components_.back().name = tag;
      components_.back().order = static_cast<int>(components_.size()) - 1;
    }
    return absl::OkStatus();
  }

  // The main graph takes the same inputs as the original, named after the
  // nodes as PyTorch's split_by_tags names them, but keeping what that
  // drops: defaults, and the stars of `*rest` and `**kwargs` (PyTorch's
  // `forward(x, _rest)` takes the first extra argument for the whole tuple).
  Node* CreateInput(const Node& placeholder) {
    const absl::string_view target = absl::StartsWith(placeholder.target(), "*")
                                         ? placeholder.target()
                                         : placeholder.name();
    Node* input = main_graph_.CreateNode(OpKind::kPlaceholder, target,
                                         {placeholder.args().begin(), placeholder.args().end()},
                                         {}, placeholder.name(),
                                         placeholder.type_annotation());
    if (placeholder.has_meta()) input->set_meta(MetaWithoutTag(placeholder));
    return input;
  }

  // Sizes each component's name table for its nodes plus about as many
  // placeholders and attribute copies again, so it rarely rehashes.
  void ReserveNames() {
    std::vector<size_t> count(components_.size(), 0);
    main_graph_.Reserve(graph_.size() / 8 + 8);
    for (const Node* node : graph_.nodes()) {
      if (!node->meta().tag.has_value()) continue;
      auto found = component_of_tag_.find(*node->meta().tag);
      if (found != component_of_tag_.end()) ++count[found->second];
    }
    for (size_t c = 0; c < components_.size(); ++c) components_[c].graph->Reserve(2 * count[c] + 8);
  }

  absl::Status CopyIntoComponent(Node* node) {
    const absl::optional<Symbol>& tag = node->meta().tag;
    if (!tag.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("split_by_tags: node does not have a tag: '", node->name(), "' (",
                       OpKindName(node->op()), " ", node->target(), ")"));
    }
    auto found = component_of_tag_.find(*tag);
    if (found == component_of_tag_.end()) {
      std::vector<absl::string_view> names;
      for (const Component& c : components_) names.push_back(c.name);
      return absl::InvalidArgumentError(absl::StrCat(
          "split_by_tags: node '", node->name(), "' has tag '", tag->str(),
          "', which is not in the tag order [", absl::StrJoin(names, ", "), "]"));
    }
    Component& component = components_[found->second];

    // Every component this node reads from must come no later in the order.
    absl::Status upstream_error;
    node->ForEachInput([&](Node* input) {
      if (!upstream_error.ok() || input->op() == OpKind::kPlaceholder ||
          input->op() == OpKind::kGetAttr) {
        return;
      }
      const int upstream = component_of_[input->id()];
      if (upstream < 0) {
        upstream_error = absl::InvalidArgumentError(
            absl::StrCat("split_by_tags: node '", node->name(), "' reads '", input->name(),
                         "', which is not defined before it"));
      } else if (upstream > component.order) {
        const Component& other = components_[upstream];
        upstream_error = absl::InvalidArgumentError(absl::StrCat(
            "split_by_tags: component '", component.name, "' (order ", component.order,
            ") comes before component '", other.name, "' (order ", other.order,
            ") but its node '", node->name(), "' reads '", input->name(),
            "' from it; a component's order must be >= that of every component it reads "
            "from"));
      }
    });
    RETURN_IF_ERROR(upstream_error);
    RETURN_IF_ERROR(CheckMutationOrder(*node, component));

    Graph& graph = *component.graph;
    Node* copy = graph.NodeCopy(*node, [&](Node* input) -> Argument {
      if (input->op() == OpKind::kGetAttr) {
        Node*& attr = component.get_attr_of[input->id()];
        if (attr == nullptr) attr = CreateStandIn(graph, OpKind::kGetAttr, input->target(), *input);
        return Argument::Ref(attr);
      }
      if (input->op() != OpKind::kPlaceholder && component_of_[input->id()] == component.order) {
        return Argument::Ref(copy_of_[input->id()]);
      }
      // A graph input or another component's value: a placeholder here.
      Node*& placeholder = component.placeholder_of[input->id()];
      if (placeholder == nullptr) {
        placeholder = CreateStandIn(graph, OpKind::kPlaceholder, input->name(), *input);
        component.orig_inputs.push_back(input);
        MarkUsedInMain(input);
      }
      return Argument::Ref(placeholder);
    });
    component_of_[node->id()] = component.order;
    copy_of_[node->id()] = copy;
    return absl::OkStatus();
  }

  // Components run in tag order, so a write and a read (or two writes) of
  // one tensor in different components run in that order, not the graph's:
  // refused when the two differ, as the split would compute something else
  // (PyTorch's split_by_tags does not look, and returns wrong results).
  absl::Status CheckMutationOrder(const Node& node, const Component& component) {
    const std::vector<int> writes = MutatedArgPositions(node);
    const int order = component.order;
    absl::Status error;
    // A module call may write the state it accesses (below).
    const absl::string_view write_verb = node.op() == OpKind::kCallModule ? "may write" : "writes";
    auto access = [&](const Node* input, bool write) {
      const uint32_t storage = aliases_.Root(input)->id();
      const int before = write ? last_access_[storage] : last_write_[storage];
      if (error.ok() && before > order) {
        error = absl::InvalidArgumentError(absl::StrCat(
            "split_by_tags: node '", node.name(), "' (component '", component.name, "') ",
            write ? write_verb : "reads", " '", input->name(), "', which component '",
            components_[before].name, "' ", write ? "reads or writes" : "writes",
            " before it in the graph but runs after it in the tag order; the split would "
            "reorder the two"));
      }
      if (write) last_write_[storage] = std::max(last_write_[storage], order);
      last_access_[storage] = std::max(last_access_[storage], order);
    };
    int position = 0;
    node.ForEachNodeArgument([&](const Node* input) {
      access(input, std::binary_search(writes.begin(), writes.end(), position++));
    });
    // A module call reads its module's state (and the storage it shares),
    // and may write it in place (BatchNorm's running statistics in training).
    for (const Node* state : aliases_.StateAccessedBy(node)) access(state, true);
    if (error.ok() && DrawsRandomNumbers(node, &module_)) {
      if (last_draw_ != nullptr && component_of_[last_draw_->id()] > order) {
        error = absl::InvalidArgumentError(absl::StrCat(
            "split_by_tags: node '", node.name(), "' (component '", component.name,
            "') draws random numbers after '", last_draw_->name(), "' (component '",
            components_[component_of_[last_draw_->id()]].name, "') in the graph but would run "
            "before it in the tag order; a seeded run would draw other numbers"));
      }
      last_draw_ = &node;
    }
    return error;
  }

  void MarkUsedInMain(Node* node) {
    if (used_in_main_flag_[node->id()]) return;
    used_in_main_flag_[node->id()] = true;
    used_in_main_.push_back(node);
  }

  // Values the graph output reads: attributes are fetched in the main graph,
  // the rest become component outputs.
  void CollectOutputs() {
    output_->args()[0].ForEachNode([this](Node* value) {
      if (value->op() != OpKind::kGetAttr) {
        MarkUsedInMain(value);
      } else if (main_value_of_[value->id()] == nullptr) {
        main_value_of_[value->id()] =
            CreateStandIn(main_graph_, OpKind::kGetAttr, value->name(), *value);
        output_attributes_.push_back(value);
      }
    });
    for (Node* value : used_in_main_) {
      if (value->op() != OpKind::kPlaceholder) {
        components_[component_of_[value->id()]].orig_outputs.push_back(value);
      }
    }
  }

  absl::Status BuildSubmodules(GraphModule& root,
                               std::vector<std::pair<std::string, std::string>>& fqn_mapping) {
    // Python dict semantics for the mapping: first insertion fixes the
    // position, the last write the value.
    absl::flat_hash_map<std::string, size_t> fqn_position;
    for (Component& component : components_) {
      std::vector<Argument> outputs;
      outputs.reserve(component.orig_outputs.size());
      for (Node* value : component.orig_outputs) {
        outputs.push_back(Argument::Ref(copy_of_[value->id()]));
      }
      const bool bare = outputs.size() == 1 && !options_.return_tuple;
      component.graph->Output(bare ? std::move(outputs[0]) : Argument::Tuple(std::move(outputs)));

      auto submodule = std::make_unique<GraphModule>();
      for (Node* node : component.graph->nodes()) {
        if (node->op() != OpKind::kCallModule && node->op() != OpKind::kGetAttr) continue;
        RETURN_IF_ERROR(CopyAttribute(module_, node->target(), *submodule, node->target(),
                                      options_.require_attributes));
        if (!options_.return_fqn_mapping) continue;
        std::string split_path = absl::StrCat(component.name, ".", node->target());
        auto [it, inserted] = fqn_position.emplace(std::string(node->target()), fqn_mapping.size());
        if (inserted) {
          fqn_mapping.emplace_back(std::string(node->target()), std::move(split_path));
        } else {
          fqn_mapping[it->second].second = std::move(split_path);
        }
      }
      submodule->set_graph(std::move(component.graph));
      RETURN_IF_ERROR(root.AddChild(component.name, std::move(submodule)).status());

      std::vector<Argument> inputs;
      inputs.reserve(component.orig_inputs.size());
      for (Node* input : component.orig_inputs) {
        inputs.push_back(Argument::Ref(main_value_of_[input->id()]));
      }
      Node* call = main_graph_.CallModule(component.name, std::move(inputs));
      if (bare) {
        main_value_of_[component.orig_outputs[0]->id()] = call;
        continue;
      }
      for (size_t i = 0; i < component.orig_outputs.size(); ++i) {
        main_value_of_[component.orig_outputs[i]->id()] = main_graph_.CallFunction(
            kGetItem, {Argument::Ref(call), Argument::Int(static_cast<int64_t>(i))});
      }
    }
    // Attributes the output returns directly live on the root, by node name.
    for (Node* attr : output_attributes_) {
      if (root.HasAttribute(attr->name())) {
        return absl::InvalidArgumentError(absl::StrCat(
            "split_by_tags: the output returns attribute node '", attr->name(),
            "', whose name is also a submodule's"));
      }
      RETURN_IF_ERROR(CopyAttribute(module_, attr->target(), root, attr->name(),
                                    options_.require_attributes));
    }
    return absl::OkStatus();
  }

  const GraphModule& module_;
  const Graph& graph_;
  const SplitByTagsOptions& options_;
  std::unique_ptr<Graph> main_graph_owner_ = std::make_unique<Graph>();
  Graph& main_graph_ = *main_graph_owner_;
  std::vector<Component> components_;
  absl::flat_hash_map<Symbol, int> component_of_tag_;
  Node* output_ = nullptr;
  // Indexed by original node id.
  std::vector<int> component_of_;      // -1: not in a component
  // CheckMutationOrder's: each value's storage (its alias class), and for
  // each storage (by root id) the last component order that wrote it, and
  // that read or wrote it.
  const AliasSets aliases_;
  std::vector<int> last_write_, last_access_;
  const Node* last_draw_ = nullptr;  // the last random draw (DrawsRandomNumbers) so far
  std::vector<Node*> copy_of_;         // the node's copy in its component
  std::vector<Node*> main_value_of_;   // what stands for the node in the main graph
  std::vector<bool> used_in_main_flag_;
  std::vector<Node*> used_in_main_;    // in first-use order
  std::vector<Node*> output_attributes_;
};

}  // namespace

absl::StatusOr<SplitByTagsResult> SplitByTags(const GraphModule& module,
                                              absl::Span<const std::string> tags,
                                              const SplitByTagsOptions& options) {
  if (!module.has_graph()) return absl::InvalidArgumentError("split_by_tags: module has no graph");
  return Splitter(module, options).Run(tags);
}

const PassDescriptor& SplitByTagsPass::Descriptor() {
  using Options = SplitByTagsPassOptions;
  static const auto* const descriptor = new TypedPassDescriptor<Options>(
      "split_by_tags", "One submodule per node tag (meta tag), in the given tag order",
      {
          PassOption<Options>("tags", &Options::tags,
                              "the tags in component order (default: the tags found, each after "
                              "the tags it reads from; ties: first appearance)"),
          PassOption<Options>("return_tuple", &Options::split, &SplitByTagsOptions::return_tuple,
                              "submodules always return a tuple"),
          PassOption<Options>("require_attributes", &Options::split,
                              &SplitByTagsOptions::require_attributes,
                              "get_attr targets must exist (off for FX text, which has no state)"),
      },
      [](Options options) {
        // Kept for callers of the pass (split --fqn_map) and its report.
        options.split.return_fqn_mapping = true;
        return std::make_unique<SplitByTagsPass>(std::move(options.tags), options.split);
      });
  return *descriptor;
}

PassReport SplitByTagsPass::Report() const {
  return {{{"submodules", submodules_, "children of the split module"},
           {"fqn_mappings", static_cast<int64_t>(fqn_mapping_.size()),
            "attribute paths moved (when asked for)"}}};
}

absl::StatusOr<bool> SplitByTagsPass::Run(GraphModule& module) {
  submodules_ = 0;
  ASSIGN_OR_RETURN(const Graph* graph, RootGraph(name(), module));
  const std::vector<std::string> tags = tags_.empty() ? TagOrder(*graph) : tags_;
  if (tags.empty()) {
    return absl::InvalidArgumentError(
        "no tags: the graph's call nodes carry none (tag them first: tag_nodes, or split's "
        "--tag_by)");
  }
  ASSIGN_OR_RETURN(SplitByTagsResult result, SplitByTags(module, tags, options_));
  module = std::move(*result.module);
  fqn_mapping_ = std::move(result.fqn_mapping);
  submodules_ = static_cast<int64_t>(module.children().size());
  return true;
}

}  // namespace fxpp
