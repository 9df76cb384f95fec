#include "ir/dot/dot.h"

#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace fxpp {
namespace {

// A DOT double-quoted string.
std::string Quote(absl::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (c == '\n') {
      out.append("\\n");
      continue;
    }
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

// Targets without the prefixes every node repeats.
absl::string_view ShortTarget(absl::string_view target) {
  for (absl::string_view prefix : {"torch.ops.higher_order.", "torch.ops.", "torch.nn.functional.",
                                   "torch._C._nn.", "_operator.", "operator."}) {
    if (absl::StartsWith(target, prefix)) return target.substr(prefix.size());
  }
  return target;
}

std::string OpLine(const Node& node) {
  switch (node.op()) {
    case OpKind::kPlaceholder:
      return "input";
    case OpKind::kGetAttr:
      return absl::StrCat("get_attr ", node.target());
    case OpKind::kCallFunction: {
      std::string line(ShortTarget(node.target()));
      // A higher-order op (invoke_subgraph, cond, ...) names the subgraphs
      // it calls, as a call_module names its module.
      if (absl::StartsWith(node.target(), "torch.ops.higher_order.")) {
        std::vector<absl::string_view> called;
        node.ForEachInput([&](const Node* input) {
          if (input->op() == OpKind::kGetAttr) called.push_back(input->target());
        });
        if (!called.empty()) absl::StrAppend(&line, "\ncalls ", absl::StrJoin(called, ", "));
      }
      return line;
    }
    case OpKind::kCallMethod:
      return absl::StrCat(".", node.target(), "()");
    case OpKind::kCallModule:
      return absl::StrCat("call ", node.target());
    case OpKind::kOutput:
      return "output";
  }
  return "";
}

std::string TypeLine(const Node& node) {
  if (!node.has_meta() || !node.meta().val.has_value()) return "";
  const ValueMeta& val = *node.meta().val;
  switch (val.kind()) {
    case ValueMeta::Kind::kTensor:
      return TensorTypeText(val.tensor());
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList:
      return absl::StrCat(val.kind() == ValueMeta::Kind::kTuple ? "tuple" : "list", "(",
                          val.elements().size(), ")");
    case ValueMeta::Kind::kSymInt:
    case ValueMeta::Kind::kSymFloat:
    case ValueMeta::Kind::kSymBool:
      return absl::StrCat("Sym(", val.text(), ")");
    default:
      return "";
  }
}

absl::string_view FillColor(const Node& node) {
  switch (node.op()) {
    case OpKind::kPlaceholder:
      return "#cfe8fc";
    case OpKind::kGetAttr:
      return "#fff3c4";
    case OpKind::kCallModule:
      return "#d5f5d5";
    case OpKind::kOutput:
      return "#dddddd";
    case OpKind::kCallMethod:
      return "#f4f4f4";
    case OpKind::kCallFunction:
      return node.target() == kInvokeSubgraph ? "#ffd8a8" : "#ffffff";
  }
  return "#ffffff";
}

bool Chainable(const Node& node) {
  return node.op() == OpKind::kCallFunction || node.op() == OpKind::kCallMethod ||
         node.op() == OpKind::kCallModule;
}

bool HasGraphBelow(const GraphModule& module) {
  if (module.has_graph()) return true;
  for (const auto& [name, child] : module.children()) {
    if (HasGraphBelow(*child)) return true;
  }
  return false;
}

std::string JoinPath(absl::string_view path, absl::string_view name) {
  return path.empty() ? std::string(name) : absl::StrCat(path, ".", name);
}

class DotWriter {
 public:
  explicit DotWriter(const DotOptions& options) : options_(options) {}

  std::string Print(const GraphModule& module) {
    out_ = absl::StrCat(
        "digraph fxpp {\n"
        "  compound=true;\n"
        "  rankdir=TB;\n"
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", "
        "fontname=\"Helvetica\", fontsize=10];\n"
        "  edge [color=\"#555555\", arrowsize=0.6];\n");
    EmitModule(module, "", "  ");
    // Calls point at clusters, which must all exist first.
    for (const auto& [from, to_module] : calls_) {
      auto entry = cluster_entry_.find(to_module);
      if (entry == cluster_entry_.end()) continue;
      absl::StrAppend(&out_, "  ", Quote(from), " -> ", Quote(entry->second),
                      " [style=dashed, color=\"#d9822b\", lhead=", Quote(ClusterId(to_module)),
                      "];\n");
    }
    out_.append("}\n");
    return std::move(out_);
  }

 private:
  // One cluster of a graph's nodes (a tag or a module scope), nested.
  struct Group {
    std::string label;
    std::vector<const Node*> nodes;
    std::vector<size_t> children;  // indices into groups_
  };

  static std::string ClusterId(absl::string_view module_path) {
    return absl::StrCat("cluster_", module_path);
  }
  static std::string NodeId(absl::string_view module_path, const Node& node) {
    return module_path.empty() ? std::string(node.name())
                               : absl::StrCat(module_path, "/", node.name());
  }

  void EmitModule(const GraphModule& module, const std::string& path, const std::string& indent) {
    if (module.has_graph()) EmitGraph(module, path, indent);
    for (const auto& [name, child] : module.children()) {
      if (!HasGraphBelow(*child)) continue;
      const std::string child_path = JoinPath(path, name);
      absl::StrAppend(&out_, indent, "subgraph ", Quote(ClusterId(child_path)), " {\n", indent,
                      "  label=", Quote(absl::StrCat(child_path, " (", child->class_name(), ")")),
                      "; style=\"rounded\"; color=\"#d9822b\"; fontname=\"Helvetica\";\n");
      EmitModule(*child, child_path, indent + "  ");
      absl::StrAppend(&out_, indent, "}\n");
    }
  }

  void EmitGraph(const GraphModule& module, const std::string& path, const std::string& indent) {
    const Graph& graph = module.graph();
    BuildGroups(graph);
    group_of_.clear();
    for (size_t g = 0; g < groups_.size(); ++g) {
      for (const Node* n : groups_[g].nodes) group_of_[n] = g;
    }
    FindChains(graph, path);
    FoldSingleUseInputs(graph, path);
    for (const Node* n : graph.nodes()) {
      if (hidden_.contains(n)) continue;
      cluster_entry_.emplace(path, NodeId(path, *n));
      break;
    }
    EmitGroup(0, path, indent);
    // Data edges, except those of hidden nodes (chain middles, folded
    // inputs); calls into submodules start at what shows the caller.
    for (const Node* node : graph.nodes()) {
      if (node->op() == OpKind::kCallModule ||
          (node->op() == OpKind::kGetAttr && module.FindSubmodule(node->target()) != nullptr)) {
        auto shown = shown_as_.find(node);
        calls_.emplace_back(shown == shown_as_.end() ? NodeId(path, *node) : shown->second,
                            JoinPath(path, node->target()));
      }
      if (hidden_.contains(node)) continue;
      const std::string to = NodeId(path, *node);
      node->ForEachInput([&](const Node* input) {
        if (hidden_.contains(input)) return;
        absl::StrAppend(&out_, indent, Quote(NodeId(path, *input)), " -> ", Quote(to), ";\n");
      });
    }
    for (const auto& [first, box, last] : chains_) {
      absl::StrAppend(&out_, indent, Quote(NodeId(path, *first)), " -> ", Quote(box), ";\n",
                      indent, Quote(box), " -> ", Quote(NodeId(path, *last)), ";\n");
    }
  }

  DotOptions::Clusters ClusterMode(const Graph& graph) const {
    if (options_.clusters != DotOptions::Clusters::kAuto) return options_.clusters;
    bool tags = false;
    bool modules = false;
    for (const Node* n : graph.nodes()) {
      if (!n->has_meta()) continue;
      tags |= n->meta().tag.has_value();
      modules |= !n->meta().nn_module_stack.empty();
    }
    return tags ? DotOptions::Clusters::kTags
                : (modules ? DotOptions::Clusters::kModules : DotOptions::Clusters::kNone);
  }

  // groups_[0] is the graph itself; the others are clusters below it.
  void BuildGroups(const Graph& graph) {
    groups_.assign(1, Group{});
    const DotOptions::Clusters mode = ClusterMode(graph);
    absl::flat_hash_map<std::pair<size_t, uint32_t>, size_t> child_index;  // (parent, label)
    auto child = [&](size_t parent, Symbol label, absl::string_view prefix) {
      auto [it, inserted] = child_index.try_emplace({parent, label.id()}, groups_.size());
      if (inserted) {
        groups_.push_back(Group{absl::StrCat(prefix, label.str()), {}, {}});
        groups_[parent].children.push_back(it->second);
      }
      return it->second;
    };
    for (const Node* n : graph.nodes()) {
      size_t group = 0;
      if (n->has_meta() && n->op() != OpKind::kPlaceholder && n->op() != OpKind::kOutput) {
        const NodeMeta& meta = n->meta();
        if (mode == DotOptions::Clusters::kTags && meta.tag.has_value()) {
          group = child(0, *meta.tag, "tag: ");
        } else if (mode == DotOptions::Clusters::kModules) {
          for (const ModuleStackEntry& scope : meta.nn_module_stack) {
            group = child(group, scope.path, "");
          }
        }
      }
      groups_[group].nodes.push_back(n);
    }
  }

  // Chains of single-use nodes within one group, longer than the option.
  void FindChains(const Graph& graph, const std::string& path) {
    hidden_.clear();
    shown_as_.clear();
    chains_.clear();
    box_in_group_.clear();
    if (options_.collapse_chains_longer_than <= 0) return;
    auto next_in_chain = [&](const Node* n) -> const Node* {
      if (!Chainable(*n) || n->num_users() != 1) return nullptr;
      const Node* user = *n->users().begin();
      if (!Chainable(*user) || user->num_inputs() != 1 || group_of_[user] != group_of_[n]) {
        return nullptr;
      }
      return user;
    };
    absl::flat_hash_set<const Node*> continued;  // nodes that are some chain's successor
    for (const Node* n : graph.nodes()) {
      if (const Node* next = next_in_chain(n)) continued.insert(next);
    }
    for (const Node* start : graph.nodes()) {
      if (continued.contains(start) || next_in_chain(start) == nullptr) continue;
      std::vector<const Node*> chain = {start};
      while (const Node* next = next_in_chain(chain.back())) chain.push_back(next);
      if (static_cast<int>(chain.size()) <= options_.collapse_chains_longer_than) continue;
      std::vector<std::string> targets;
      absl::flat_hash_set<std::string> seen;
      const std::string box = absl::StrCat(NodeId(path, *start), "/chain");
      for (size_t i = 1; i + 1 < chain.size(); ++i) {
        hidden_.insert(chain[i]);
        shown_as_[chain[i]] = box;
        std::string op = OpLine(*chain[i]);
        if (targets.size() < 4 && seen.insert(op).second) targets.push_back(std::move(op));
      }
      const size_t middle = chain.size() - 2;
      box_in_group_[group_of_[start]].push_back(
          {box, absl::StrCat("… ", middle, " nodes\n", absl::StrJoin(targets, ", "),
                             seen.size() > targets.size() ? ", …" : "")});
      chains_.push_back({start, box, chain.back()});
    }
  }

  void FoldSingleUseInputs(const Graph& graph, const std::string& path) {
    folded_into_.clear();
    if (!options_.fold_single_use_inputs) return;
    for (const Node* n : graph.nodes()) {
      if ((n->op() != OpKind::kPlaceholder && n->op() != OpKind::kGetAttr) ||
          n->num_users() != 1) {
        continue;
      }
      const Node* user = *n->users().begin();
      if (hidden_.contains(user) || user->op() == OpKind::kOutput) continue;
      hidden_.insert(n);
      folded_into_[user].push_back(n);
      shown_as_[n] = NodeId(path, *user);
    }
  }

  void EmitGroup(size_t g, const std::string& path, const std::string& indent) {
    const Group& group = groups_[g];
    for (const Node* n : group.nodes) {
      if (hidden_.contains(n)) continue;
      const std::string op = OpLine(*n);
      // The name, unless the op's first line already says it.
      const bool named = absl::StartsWith(op, n->name()) &&
                         (op.size() == n->name().size() || op[n->name().size()] == '\n');
      std::string label = named ? op : absl::StrCat(n->name(), "\n", op);
      const std::string type = TypeLine(*n);
      if (!type.empty()) absl::StrAppend(&label, "\n", type);
      auto folded = folded_into_.find(n);
      if (folded != folded_into_.end()) {
        for (const Node* input : folded->second) {
          absl::StrAppend(&label, "\n", input->op() == OpKind::kGetAttr ? "attr " : "in ",
                          input->op() == OpKind::kGetAttr ? input->target() : input->name());
        }
      }
      absl::StrAppend(&out_, indent, Quote(NodeId(path, *n)), " [label=", Quote(label),
                      ", fillcolor=", Quote(FillColor(*n)), "];\n");
    }
    auto boxes = box_in_group_.find(g);
    if (boxes != box_in_group_.end()) {
      for (const auto& [id, label] : boxes->second) {
        absl::StrAppend(&out_, indent, Quote(id), " [label=", Quote(label),
                        ", style=\"rounded,dashed,filled\", fillcolor=\"#eeeeee\"];\n");
      }
    }
    for (size_t c : group.children) {
      absl::StrAppend(&out_, indent, "subgraph ",
                      Quote(absl::StrCat(ClusterId(path), "#", c)), " {\n", indent,
                      "  label=", Quote(groups_[c].label),
                      "; style=\"rounded,filled\"; fillcolor=\"#f7f7fb\"; color=\"#9999bb\";\n");
      EmitGroup(c, path, indent + "  ");
      absl::StrAppend(&out_, indent, "}\n");
    }
  }

  const DotOptions& options_;
  std::string out_;
  // Per graph, rebuilt for each.
  std::vector<Group> groups_;
  absl::flat_hash_map<const Node*, size_t> group_of_;
  absl::flat_hash_set<const Node*> hidden_;
  absl::flat_hash_map<const Node*, std::vector<const Node*>> folded_into_;
  absl::flat_hash_map<const Node*, std::string> shown_as_;  // hidden node -> visible id
  std::vector<std::tuple<const Node*, std::string, const Node*>> chains_;
  absl::flat_hash_map<size_t, std::vector<std::pair<std::string, std::string>>> box_in_group_;
  // Whole module: node id -> module path it calls; module path -> the node
  // id edges into its cluster end at.
  std::vector<std::pair<std::string, std::string>> calls_;
  absl::flat_hash_map<std::string, std::string> cluster_entry_;
};

}  // namespace

std::string PrintDot(const GraphModule& module, const DotOptions& options) {
  return DotWriter(options).Print(module);
}

}  // namespace fxpp
