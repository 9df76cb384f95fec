#include "export/unflatten_outliner.h"

#include <algorithm>
#include <memory>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "export/graph_structure.h"
#include "export/module_tree.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace unflatten_internal {
namespace {

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

}  // namespace

void Frame::Reset() {
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

void Frame::Map(const Node* flat, Node* local) {
  if (node_map.emplace(flat, local).second) {
    copied.emplace_back(flat, local);
  } else {
    node_map[flat] = local;
    for (auto& entry : copied) {
      if (entry.first == flat) entry.second = local;
    }
  }
}

Outliner::Outliner(const ExportedProgram& program, ModulePool& pool, ModuleObject* root)
    : flat_(program.graph_module->graph()),
      pool_(pool),
      root_(root),
      state_names_(program) {
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    if (!RecordsArguments(entry)) continue;
    signatures_.emplace(entry.fqn, &*entry.signature);
    calls_have_signatures_ |= !entry.fqn.empty();
  }
  seen_.assign(flat_.id_bound(), 0);
}

absl::Status Outliner::CheckNewCall(const Node& node, const StackEntry& entry) {
  // A module shared under two paths has one key for both (PyTorch shares its
  // submodules); only a key naming a module and one inside it is wrong.
  auto below = [](absl::string_view inner, absl::string_view outer) {
    return absl::StartsWith(inner, outer) && inner.size() > outer.size() &&
           inner[outer.size()] == '.';
  };
  absl::InlinedVector<Symbol, 1>& paths = module_paths_[entry.module_id];
  bool known = false;
  for (Symbol path : paths) {
    known |= path == entry.path;
    if (below(entry.path.str(), path.str()) || below(path.str(), entry.path.str())) {
      return absl::InvalidArgumentError(absl::StrCat(
          "node '", node.name(), "': nn_module_stack key '", entry.key.str(), "' names module '",
          entry.path.str(), "', but earlier nodes' key '", entry.module_id.str(),
          "' named module '", path.str(), "'; a module cannot contain itself"));
    }
  }
  if (!known) paths.push_back(entry.path);
  if (started_calls_.emplace(entry.path, entry.call).second) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "node '", node.name(), "': nn_module_stack key '", entry.key.str(), "' names call ",
      entry.call + 1, " of module '", entry.path.str(),
      "' (call name '", CallName(entry.path.str(), entry.call + 1),
      "'), which earlier nodes already made and ended; the nodes of one module call must be "
      "consecutive and each call's key (\"@N\") distinct"));
}

absl::Status Outliner::Run() {
  nodes_ = flat_.NodeVector();
  Frame root;
  root.stack.push_back(StackEntry{Symbol::Intern(""), 0, Symbol::Intern(""), Symbol::Intern("")});
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
      RETURN_IF_ERROR(CheckNewCall(*node, (*stack)[depth]));
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
  RETURN_IF_ERROR(CheckReplacedCalls());
  // Values a preserved call reads that the root computes itself (its copy
  // keeps the flat name; a call's result has the name of its getitem).
  for (const std::string& name : ivals_.value_names()) {
    const Node* flat = flat_.FindNode(name);
    auto copy = flat != nullptr ? root.node_map.find(flat) : root.node_map.end();
    if (copy != root.node_map.end() && copy->second->name() == name &&
        copy->second->op() != OpKind::kPlaceholder) {
      root_ivals_.push_back(copy->second);
    }
  }
  // PyTorch sinks the root's state placeholders in graph order, each read
  // inserted right after the last input: they end up reversed.
  std::sort(root.state_reads.begin(), root.state_reads.end(),
            [this](const auto& a, const auto& b) {
              return position_[a.first->id()] > position_[b.first->id()];
            });
  PlaceStateReads(root);
  return absl::OkStatus();
}

// The modules of two calls that share a submodule table name their
// submodules alike, so equal call_module targets call the same module.
absl::Status Outliner::CheckReplacedCalls() const {
  const auto call_targets = [](const Graph& graph) {
    std::vector<absl::string_view> targets;
    for (const Node* node : graph.nodes()) {
      if (node->op() == OpKind::kCallModule) targets.push_back(node->target());
    }
    return targets;
  };
  for (const ReplacedCall& call : replaced_calls_) {
    const Graph& replaced = *call.replaced->graph;
    const Graph& by = *call.by->graph;
    if (StructurallyEqual(replaced, by) && call_targets(replaced) == call_targets(by)) continue;
    return absl::InvalidArgumentError(absl::StrCat(
        "module call '", call.by_fqn, "' is a call of a submodule its caller shares with an "
        "earlier call's (one nn_module_stack key), but traces to another graph: one module "
        "would run both calls' code (a module reachable under two names, called differently "
        "under each; a non-strict export records the names' calls apart)"));
  }
  return absl::OkStatus();
}

const Node* Outliner::Seen(absl::string_view name) const {
  const Node* node = flat_.FindNode(name);
  return node != nullptr && seen_[node->id()] ? node : nullptr;
}

void Outliner::NoteAttribute(const std::string& child_fqn, absl::string_view target) {
  auto [it, inserted] = attribute_index_.emplace(child_fqn, attributes_.size());
  if (inserted) attributes_.emplace_back(child_fqn, std::vector<std::string>());
  std::vector<std::string>& names = attributes_[it->second].second;
  if (std::find(names.begin(), names.end(), target) == names.end()) {
    names.emplace_back(target);
  }
}

auto Outliner::Remapper(Frame& frame, absl::Status* status) {
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

absl::Status Outliner::CopyNode(Frame& frame, const Node* node) {
  absl::Status status;
  Node* local = frame.graph->NodeCopy(*node, Remapper(frame, &status));
  RETURN_IF_ERROR(status);
  frame.Map(node, local);
  seen_[node->id()] = 1;
  return absl::OkStatus();
}

absl::StatusOr<Node*> Outliner::RemapInput(Frame& frame, const Node* x) {
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
  if (IsRecomputedCall(*x)) return Recompute(frame, x);
  return ivals_.Read(frame.fqn, *frame.graph, *x);
}

absl::StatusOr<Node*> Outliner::Recompute(Frame& frame, const Node* x) {
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

Node* Outliner::ReadState(Frame& frame, const Node* x) {
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

void Outliner::PlaceStateReads(Frame& frame) {
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

}  // namespace unflatten_internal
}  // namespace fxpp
