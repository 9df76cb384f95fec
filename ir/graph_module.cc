#include "ir/graph_module.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/types/optional.h"

namespace fxpp {

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

std::unique_ptr<GraphModule> GraphModule::Opaque(std::string type_name) {
  auto module = std::make_unique<GraphModule>(std::move(type_name));
  module->graph_.reset();
  return module;
}

absl::StatusOr<GraphModule*> GraphModule::AddChild(absl::string_view name,
                                                   std::unique_ptr<GraphModule> child) {
  if (name.empty() || absl::StrContains(name, '.')) {
    return absl::InvalidArgumentError(absl::StrCat("invalid submodule name '", name, "'"));
  }
  if (FindChild(name) != nullptr || FindState(name) != nullptr) {
    return absl::AlreadyExistsError(absl::StrCat("attribute '", name, "' already exists"));
  }
  child_index_.emplace(std::string(name), children_.size());
  children_.emplace_back(std::string(name), std::move(child));
  return children_.back().second.get();
}

std::unique_ptr<GraphModule> GraphModule::RemoveChild(absl::string_view name) {
  auto it = child_index_.find(name);
  if (it == child_index_.end()) return nullptr;
  const size_t position = it->second;
  child_index_.erase(it);
  std::unique_ptr<GraphModule> removed = std::move(children_[position].second);
  children_.erase(children_.begin() + position);
  for (size_t i = position; i < children_.size(); ++i) child_index_[children_[i].first] = i;
  return removed;
}

GraphModule* GraphModule::FindChild(absl::string_view name) const {
  auto it = child_index_.find(name);
  return it == child_index_.end() ? nullptr : children_[it->second].second.get();
}

GraphModule* GraphModule::FindSubmodule(absl::string_view path) const {
  const GraphModule* current = this;
  while (!path.empty()) {
    const size_t dot = path.find('.');
    current = current->FindChild(path.substr(0, dot));
    if (current == nullptr) return nullptr;
    path = dot == absl::string_view::npos ? absl::string_view() : path.substr(dot + 1);
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
      child_index_.emplace(name, children_.size());
      children_.emplace_back(name, std::move(module));
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
  state_index_.emplace(entry.name, state_.size());
  state_.push_back(std::move(entry));
  return absl::OkStatus();
}

const StateEntry* GraphModule::FindState(absl::string_view name) const {
  auto it = state_index_.find(name);
  return it == state_index_.end() ? nullptr : &state_[it->second];
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
  auto child = parent->child_index_.find(leaf);
  if (child != parent->child_index_.end() && module_copy != nullptr) {
    parent->children_[child->second].second = std::move(module_copy);
    return absl::OkStatus();
  }
  auto state = parent->state_index_.find(leaf);
  if (state != parent->state_index_.end() && state_copy.has_value()) {
    state_copy->name = std::string(leaf);
    parent->state_[state->second] = std::move(*state_copy);
    return absl::OkStatus();
  }
  parent->RemoveChild(leaf);
  if (state != parent->state_index_.end()) {
    const size_t position = state->second;
    parent->state_index_.erase(state);
    parent->state_.erase(parent->state_.begin() + position);
    for (size_t i = position; i < parent->state_.size(); ++i) {
      parent->state_index_[parent->state_[i].name] = i;
    }
  }
  if (module_copy != nullptr) return parent->AddChild(leaf, std::move(module_copy)).status();
  state_copy->name = std::string(leaf);
  return parent->AddState(std::move(*state_copy));
}

std::unique_ptr<GraphModule> GraphModule::Clone() const {
  auto copy = std::make_unique<GraphModule>(class_name_);
  copy->graph_ = graph_ ? graph_->Clone() : nullptr;
  copy->state_ = state_;
  copy->state_index_ = state_index_;
  copy->child_index_ = child_index_;
  for (const Child& child : children_) {
    copy->children_.emplace_back(child.first, child.second->Clone());
  }
  return copy;
}

}  // namespace fxpp
