#include "ir/graph_module.h"

#include <cstdlib>
#include <iostream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/types/optional.h"
#include "ir/limits.h"

namespace fxpp {

void GraphModule::DieWithoutGraph() const {
  std::cerr << "fxpp: GraphModule::graph() called on a module of class '" << class_name_
            << "', which has no graph; check has_graph() (passes: RootGraph, ForEachGraph)\n";
  std::abort();
}

absl::string_view StateKindName(StateKind kind) {
  switch (kind) {
    case StateKind::kParameter: return "parameter";
    case StateKind::kBuffer: return "buffer";
    case StateKind::kConstant: return "constant";
  }
  return "unknown";
}

GraphModule::GraphModule(std::string class_name)
    : class_name_(std::move(class_name)), graph_(std::make_unique<Graph>()) {}

GraphModule::GraphModule(std::string class_name, std::unique_ptr<Graph> graph)
    : class_name_(std::move(class_name)), graph_(std::move(graph)) {}

std::unique_ptr<GraphModule> GraphModule::Opaque(std::string type_name) {
  return std::make_unique<GraphModule>(std::move(type_name), nullptr);
}

size_t GraphModule::ChildPosition(absl::string_view name) const {
  if (!child_index_.empty()) {
    auto it = child_index_.find(name);
    return it == child_index_.end() ? kNone : it->second;
  }
  for (size_t i = 0; i < children_.size(); ++i) {
    if (children_[i].first == name) return i;
  }
  return kNone;
}

size_t GraphModule::StatePosition(absl::string_view name) const {
  if (!state_index_.empty()) {
    auto it = state_index_.find(name);
    return it == state_index_.end() ? kNone : it->second;
  }
  for (size_t i = 0; i < state_.size(); ++i) {
    if (state_[i].name == name) return i;
  }
  return kNone;
}

void GraphModule::IndexChildren(size_t from) {
  if (child_index_.empty()) {
    if (children_.size() <= kIndexFrom) return;
    from = 0;
  }
  for (size_t i = from; i < children_.size(); ++i) child_index_[children_[i].first] = i;
}

void GraphModule::IndexState(size_t from) {
  if (state_index_.empty()) {
    if (state_.size() <= kIndexFrom) return;
    from = 0;
  }
  for (size_t i = from; i < state_.size(); ++i) state_index_[state_[i].name] = i;
}

absl::StatusOr<GraphModule*> GraphModule::AddChild(absl::string_view name,
                                                   std::unique_ptr<GraphModule> child) {
  if (name.empty() || absl::StrContains(name, '.')) {
    return absl::InvalidArgumentError(absl::StrCat("invalid submodule name '", name, "'"));
  }
  if (FindChild(name) != nullptr || FindState(name) != nullptr) {
    return absl::AlreadyExistsError(absl::StrCat("attribute '", name, "' already exists"));
  }
  children_.emplace_back(std::string(name), std::move(child));
  IndexChildren(children_.size() - 1);
  return children_.back().second.get();
}

std::unique_ptr<GraphModule> GraphModule::RemoveChild(absl::string_view name) {
  const size_t position = ChildPosition(name);
  if (position == kNone) return nullptr;
  child_index_.erase(name);
  std::unique_ptr<GraphModule> removed = std::move(children_[position].second);
  children_.erase(children_.begin() + position);
  IndexChildren(position);
  return removed;
}

GraphModule* GraphModule::FindChild(absl::string_view name) const {
  const size_t position = ChildPosition(name);
  return position == kNone ? nullptr : children_[position].second.get();
}

GraphModule* GraphModule::FindSubmodule(absl::string_view path) const {
  const GraphModule* current = this;
  while (!path.empty()) {
    const size_t dot = path.find('.');
    current = current->FindChild(path.substr(0, dot));
    if (current == nullptr) return nullptr;
    if (dot == absl::string_view::npos) break;
    path = path.substr(dot + 1);
    // "bn." names nothing: taking it for "bn" let a state target
    // "bn..x" pass as "bn.x" where other code splits it differently.
    if (path.empty()) return nullptr;
  }
  return const_cast<GraphModule*>(current);
}

absl::StatusOr<GraphModule*> GraphModule::SetSubmodule(absl::string_view path,
                                                       std::unique_ptr<GraphModule> module) {
  GraphModule* parent = this;
  size_t dot;
  while ((dot = path.find('.')) != absl::string_view::npos) {
    absl::string_view head = path.substr(0, dot);
    GraphModule* next = parent->FindChild(head);
    if (next == nullptr) {
      auto created = parent->AddChild(head, Opaque("torch.nn.Module"));
      if (!created.ok()) return created.status();
      next = *created;
    }
    parent = next;
    path = path.substr(dot + 1);
  }
  parent->RemoveChild(path);
  return parent->AddChild(path, std::move(module));
}

std::string GraphModule::InstallSubgraph(absl::string_view prefix,
                                         std::unique_ptr<GraphModule> module) {
  for (int i = 0;; ++i) {
    std::string name = absl::StrCat(prefix, "_", i);
    if (!HasAttribute(name)) {
      children_.emplace_back(name, std::move(module));
      IndexChildren(children_.size() - 1);
      return name;
    }
  }
}

absl::Status GraphModule::AddState(StateEntry entry) {
  if (entry.name.empty() || absl::StrContains(entry.name, '.')) {
    return absl::InvalidArgumentError(absl::StrCat("invalid state name '", entry.name, "'"));
  }
  if (FindState(entry.name) != nullptr || FindChild(entry.name) != nullptr) {
    return absl::AlreadyExistsError(absl::StrCat("attribute '", entry.name, "' already exists"));
  }
  state_.push_back(std::move(entry));
  IndexState(state_.size() - 1);
  return absl::OkStatus();
}

const StateEntry* GraphModule::FindState(absl::string_view name) const {
  const size_t position = StatePosition(name);
  return position == kNone ? nullptr : &state_[position];
}

void GraphModule::ForEachStateInTree(absl::FunctionRef<void(const StateEntry&)> visit) const {
  for (const StateEntry& entry : state_) visit(entry);
  for (const Child& child : children_) child.second->ForEachStateInTree(visit);
}

const StateEntry* GraphModule::FindStatePath(absl::string_view path) const {
  const size_t dot = path.rfind('.');
  if (dot == absl::string_view::npos) return FindState(path);
  const GraphModule* owner = FindSubmodule(path.substr(0, dot));
  return owner == nullptr ? nullptr : owner->FindState(path.substr(dot + 1));
}

bool GraphModule::HasAttribute(absl::string_view path) const {
  return FindSubmodule(path) != nullptr || FindStatePath(path) != nullptr;
}

GraphModule::AttributeRef GraphModule::GetAttrRecursive(absl::string_view path) const {
  AttributeRef ref;
  ref.module = FindSubmodule(path);
  if (ref.module == nullptr) ref.state = FindStatePath(path);
  return ref;
}

absl::Status GraphModule::SetAttrRecursive(absl::string_view path, AttributeRef value,
                                           bool create_parents) {
  if (!value.found()) {
    return absl::InvalidArgumentError(absl::StrCat("no value to set at '", path, "'"));
  }
  // Copy first: `value` may be the very attribute being replaced.
  std::unique_ptr<GraphModule> module_copy = value.module ? value.module->Clone() : nullptr;
  absl::optional<StateEntry> state_copy;
  if (value.state != nullptr) state_copy = *value.state;

  const size_t dot = path.rfind('.');
  const absl::string_view parent_path =
      dot == absl::string_view::npos ? absl::string_view() : path.substr(0, dot);
  const absl::string_view leaf = dot == absl::string_view::npos ? path : path.substr(dot + 1);
  GraphModule* parent = FindSubmodule(parent_path);
  if (parent == nullptr) {
    if (!create_parents) {
      return absl::NotFoundError(
          absl::StrCat("cannot set '", path, "': no module '", parent_path, "'"));
    }
    auto created = SetSubmodule(parent_path, Opaque("torch.nn.Module"));
    if (!created.ok()) return created.status();
    parent = *created;
  }
  // Replace in place where the kind stays, so the attribute keeps its position.
  const size_t child = parent->ChildPosition(leaf);
  if (child != kNone && module_copy != nullptr) {
    parent->children_[child].second = std::move(module_copy);
    return absl::OkStatus();
  }
  const size_t state = parent->StatePosition(leaf);
  if (state != kNone && state_copy.has_value()) {
    state_copy->name = std::string(leaf);
    parent->state_[state] = std::move(*state_copy);
    return absl::OkStatus();
  }
  parent->RemoveChild(leaf);
  if (state != kNone) {
    parent->state_index_.erase(leaf);
    parent->state_.erase(parent->state_.begin() + state);
    parent->IndexState(state);
  }
  if (module_copy != nullptr) return parent->AddChild(leaf, std::move(module_copy)).status();
  state_copy->name = std::string(leaf);
  return parent->AddState(std::move(*state_copy));
}

std::unique_ptr<GraphModule> GraphModule::Clone() const {
  auto copy = std::make_unique<GraphModule>(class_name_, graph_ ? graph_->Clone() : nullptr);
  copy->state_ = state_;
  copy->state_index_ = state_index_;
  copy->child_index_ = child_index_;
  for (const Child& child : children_) {
    copy->children_.emplace_back(child.first, child.second->Clone());
  }
  return copy;
}

namespace {

constexpr absl::string_view kSharedPrefix = "shared:";

// The module at `path` below `current`, every reference on the way (and
// the result itself) replaced by the module it stands for; `hops_left`
// bounds the references followed in all.
const GraphModule* ResolveModule(const GraphModule& root, const GraphModule* current,
                                 absl::string_view path, int* hops_left) {
  while (current != nullptr) {
    const absl::string_view target = SharedModuleTarget(*current);
    if (!target.empty()) {
      if ((*hops_left)-- == 0) return nullptr;
      current = ResolveModule(root, &root, target, hops_left);
      continue;
    }
    if (path.empty()) return current;
    const size_t dot = path.find('.');
    current = current->FindChild(path.substr(0, dot));
    path = dot == absl::string_view::npos ? absl::string_view() : path.substr(dot + 1);
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<GraphModule> SharedModuleReference(absl::string_view target_path) {
  return GraphModule::Opaque(absl::StrCat(kSharedPrefix, target_path));
}

absl::string_view SharedModuleTarget(const GraphModule& module) {
  absl::string_view name = module.class_name();
  if (module.has_graph() || !absl::ConsumePrefix(&name, kSharedPrefix)) return {};
  return name;
}

GraphModule::AttributeRef ResolveAttributePath(const GraphModule& root, const GraphModule& module,
                                               absl::string_view path) {
  GraphModule::AttributeRef ref;
  int hops_left = kMaxModuleDepth;
  ref.module = ResolveModule(root, &module, path, &hops_left);
  if (ref.module != nullptr) return ref;
  // Not a module: a state entry of the module the path's prefix names.
  const size_t dot = path.rfind('.');
  const absl::string_view owner_path =
      dot == absl::string_view::npos ? absl::string_view() : path.substr(0, dot);
  hops_left = kMaxModuleDepth;
  const GraphModule* owner = ResolveModule(root, &module, owner_path, &hops_left);
  if (owner != nullptr) ref.state = owner->FindState(path.substr(dot + 1));
  return ref;
}

}  // namespace fxpp
