#include "ir/node.h"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

#include <sanitizer/asan_interface.h>  // no-op macros without AddressSanitizer

#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "ir/block_pool.h"
#include "ir/graph.h"

namespace fxpp {

absl::string_view OpKindName(OpKind op) {
  switch (op) {
    case OpKind::kPlaceholder: return "placeholder";
    case OpKind::kGetAttr: return "get_attr";
    case OpKind::kCallFunction: return "call_function";
    case OpKind::kCallMethod: return "call_method";
    case OpKind::kCallModule: return "call_module";
    case OpKind::kOutput: return "output";
  }
  return "unknown";
}

absl::optional<OpKind> ParseOpKind(absl::string_view name) {
  // Readers call this per node: the first letter and the length tell the
  // candidates apart before one comparison.
  OpKind op;
  switch (name.empty() ? '\0' : name[0]) {
    case 'p': op = OpKind::kPlaceholder; break;
    case 'g': op = OpKind::kGetAttr; break;
    case 'o': op = OpKind::kOutput; break;
    case 'c':
      if (name.size() == 13) {
        op = OpKind::kCallFunction;
      } else {
        op = name.size() > 6 && name[6] == 'e' ? OpKind::kCallMethod : OpKind::kCallModule;
      }
      break;
    default: return absl::nullopt;
  }
  if (OpKindName(op) != name) return absl::nullopt;
  return op;
}

Node::Node(ConstructionKey, Graph* graph, uint32_t id, OpKind op, NameSpace::Entry* name,
           absl::optional<Symbol> target, Symbol type)
    : graph_(graph),
      name_(name),
      id_(id),
      target_(target.value_or(Symbol())),
      type_(type),
      op_(op),
      local_target_(!target.has_value()) {}

Node::~Node() { DestroyArgs(); }

void Node::DestroyArgs() {
  for (Argument& a : mutable_args()) a.~Argument();
  num_args_ = 0;
}

void Node::StoreArgs(std::vector<Argument>&& args) {
  DestroyArgs();
  if (args.size() > UINT32_MAX) std::abort();  // programmer error
  const uint32_t count = static_cast<uint32_t>(args.size());
  if (count > args_capacity_) {
    // What args() returned before is gone: AddressSanitizer reports a read
    // through it, as it would had the arguments been freed.
    ASAN_POISON_MEMORY_REGION(args_, sizeof(Argument) * args_capacity_);
    // Growing: at least double, as inputs_ does.
    args_capacity_ = std::max(count, 2 * args_capacity_);
    args_ = static_cast<Argument*>(
        graph_->arguments_.Allocate(sizeof(Argument) * args_capacity_, alignof(Argument)));
  }
  for (uint32_t i = 0; i < count; ++i) new (&args_[i]) Argument(std::move(args[i]));
  num_args_ = count;
}

const KwArgs& Node::EmptyKwargs() {
  static const KwArgs* const kEmpty = new KwArgs();
  return *kEmpty;
}

void Node::StoreKwargs(KwArgs kwargs) {
  if (kwargs.empty()) {
    kwargs_.reset();
  } else {
    kwargs_ = std::make_unique<KwArgs>(std::move(kwargs));
  }
}

const Argument* Node::FindKwarg(absl::string_view name) const {
  for (const KwArg& kw : kwargs()) {
    if (kw.name.str() == name) return &kw.value;
  }
  return nullptr;
}

void Node::UnlinkInputs() {
  for (uint32_t i = 0; i < num_inputs_; ++i) {
    Use* use = &inputs_[i];
    Node* producer = use->other_end(this);
    // Only Graph::EraseNodes erases a producer with users left: users
    // erased with it, whose uses it has counted off already.
    if (producer->erased_) continue;
    Use* first = producer->first_user_;
    if (use == first) {
      producer->first_user_ = use->next_user;
      if (use->next_user != nullptr) use->next_user->prev_user = use->prev_user;
    } else {
      use->prev_user->next_user = use->next_user;
      // The successor's back link, or the head's link to the last use.
      (use->next_user != nullptr ? use->next_user : first)->prev_user = use->prev_user;
    }
    --producer->num_users_;
  }
  num_inputs_ = 0;
}

void Node::LinkInputs() {
  static_assert(std::is_trivially_destructible<Use>::value,
                "uses live in the graph's arena, which runs no destructors");
  // Distinct inputs in first-reference order; graphs are small per node, but
  // a node like a 1,000-way concat must not go quadratic. Scanning stays
  // cheaper than a hash set up to a few dozen inputs (a call of a shared
  // subgraph takes one per weight).
  constexpr size_t kScanned = 32;
  absl::InlinedVector<Node*, 8> distinct;
  absl::flat_hash_set<Node*> seen;  // used only past kScanned inputs
  auto add = [&](Node* n) {
    if (n == nullptr) return;
    if (distinct.size() < kScanned) {
      for (Node* d : distinct) {
        if (d == n) return;
      }
      distinct.push_back(n);
      if (distinct.size() == kScanned) seen.insert(distinct.begin(), distinct.end());
      return;
    }
    if (seen.insert(n).second) distinct.push_back(n);
  };
  ForEachNodeArgument(add);

  num_inputs_ = static_cast<uint32_t>(distinct.size());
  if (num_inputs_ > inputs_capacity_) {
    // Growing: at least double, so a node rewritten ever larger leaves a
    // geometric series behind, not one array per rewrite.
    inputs_capacity_ = std::max(num_inputs_, 2 * inputs_capacity_);
    inputs_ = static_cast<Use*>(
        graph_->edges_.Allocate(sizeof(Use) * inputs_capacity_, alignof(Use)));
  }
  for (uint32_t i = 0; i < num_inputs_; ++i) {
    Use& use = *new (&inputs_[i]) Use;
    Node* producer = distinct[i];
    use.set_ends(producer, this);
    use.next_user = nullptr;
    Use* first = producer->first_user_;
    if (first == nullptr) {
      producer->first_user_ = &use;
      use.prev_user = &use;
    } else {
      Use* last = first->prev_user;
      last->next_user = &use;
      use.prev_user = last;
      first->prev_user = &use;
    }
    ++producer->num_users_;
  }
}

void Node::SetArgs(std::vector<Argument> args) {
  UnlinkInputs();
  StoreArgs(std::move(args));
  LinkInputs();
}

void Node::SetKwargs(KwArgs kwargs) {
  UnlinkInputs();
  StoreKwargs(std::move(kwargs));
  LinkInputs();
}

void Node::SetArgsKwargs(std::vector<Argument> args, KwArgs kwargs) {
  UnlinkInputs();
  StoreArgs(std::move(args));
  StoreKwargs(std::move(kwargs));
  LinkInputs();
}

void Node::SetArg(size_t index, Argument value) {
  if (index >= num_args_) std::abort();  // programmer error
  UnlinkInputs();
  args_[index] = std::move(value);
  LinkInputs();
}

void Node::SetKwarg(absl::string_view name, Argument value) {
  UnlinkInputs();
  if (!kwargs_) kwargs_ = std::make_unique<KwArgs>();
  bool found = false;
  for (KwArg& kw : *kwargs_) {
    if (kw.name.str() == name) {
      kw.value = std::move(value);
      found = true;
      break;
    }
  }
  if (!found) kwargs_->push_back(KwArg{Symbol::Intern(name), std::move(value)});
  LinkInputs();
}

void Node::ReplaceInputWith(Node* old_input, Node* new_input) {
  UnlinkInputs();
  for (Argument& a : mutable_args()) a.ReplaceNode(old_input, new_input);
  if (kwargs_) {
    for (KwArg& kw : *kwargs_) kw.value.ReplaceNode(old_input, new_input);
  }
  LinkInputs();
}

std::vector<Node*> Node::ReplaceAllUsesWith(Node* replacement, bool propagate_meta) {
  return ReplaceAllUsesWith(replacement, propagate_meta, [](Node*) { return true; });
}

std::vector<Node*> Node::ReplaceAllUsesWith(Node* replacement, bool propagate_meta,
                                            absl::FunctionRef<bool(Node*)> should_replace) {
  if (propagate_meta && meta_ != nullptr) replacement->CopyMetaFrom(*this);
  std::vector<Node*> changed;
  for (Node* user : UserVector()) {
    if (!should_replace(user)) continue;
    user->ReplaceInputWith(this, replacement);
    changed.push_back(user);
  }
  return changed;
}

std::vector<Node*> Node::UserVector() const {
  std::vector<Node*> out;
  out.reserve(num_users_);
  for (Node* u : users()) out.push_back(u);
  return out;
}

const NodeMeta& Node::EmptyMeta() {
  static const NodeMeta* const kEmpty = new NodeMeta();
  return *kEmpty;
}

// Node metadata comes from a pool: see ir/block_pool.h for why not malloc.
template <typename... Args>
std::shared_ptr<NodeMeta> Node::NewMeta(Args&&... args) {
  return std::allocate_shared<NodeMeta>(PoolAllocator<NodeMeta>(), std::forward<Args>(args)...);
}

std::shared_ptr<NodeMeta> Node::MakeMeta() { return NewMeta(); }

NodeMeta& Node::mutable_meta() {
  if (!meta_) {
    meta_ = NewMeta();
  } else if (meta_.use_count() > 1) {
    meta_ = NewMeta(*meta_);
  }
  return *meta_;
}

void Node::set_meta(const NodeMeta& meta) {
  if (meta.empty()) {
    meta_.reset();
  } else if (meta_ != nullptr && meta_.use_count() == 1) {
    *meta_ = meta;
  } else {
    meta_ = NewMeta(meta);
  }
}

void Node::set_meta(NodeMeta&& meta) {
  if (meta.empty()) {
    meta_.reset();
  } else if (meta_ != nullptr && meta_.use_count() == 1) {
    *meta_ = std::move(meta);
  } else {
    meta_ = NewMeta(std::move(meta));
  }
}

Node* Node::next() const { return next_ == &graph_->sentinel_ ? nullptr : next_; }
Node* Node::prev() const { return prev_ == &graph_->sentinel_ ? nullptr : prev_; }

void Node::Prepend(Node* node) {
  if (node == this) return;
  graph_->Unlink(node);
  graph_->LinkBefore(node, this);
}

void Node::Append(Node* node) {
  if (node == this) return;
  graph_->Unlink(node);
  graph_->LinkBefore(node, next_);
}

namespace {

// Functions FX (torch/fx/node.py _side_effectful_functions) and Dynamo treat
// as side-effecting, by printed target name.
const absl::flat_hash_set<absl::string_view>& SideEffectfulTargets() {
  static const auto* const kTargets = new absl::flat_hash_set<absl::string_view>{
      "torch._assert",
      "torch._assert_async",
      "_assert",
      "torch.ops.aten._assert_async.default",
      "torch.ops.aten._assert_async.msg",
      "torch.ops.aten._assert_scalar.default",
      "torch.ops.aten._assert_tensor_metadata.default",
      "torch.ops.aten.sym_constrain_range.default",
      "torch.ops.aten.sym_constrain_range_for_size.default",
      "torch.ops.profiler._record_function_enter",
      "torch.ops.profiler._record_function_enter_new",
      "torch.ops.profiler._record_function_exit",
      "torch.ops.profiler._record_function_exit._RecordFunction",
      "torch.ops.higher_order.with_effects",
      "torch.ops.higher_order.auto_functionalized",
      "operator.setitem",
      "_operator.setitem",
      // Augmented assignment mutates tensors in place.
      "operator.iadd", "operator.isub", "operator.imul", "operator.itruediv",
      "operator.ifloordiv", "operator.imod", "operator.ipow", "operator.imatmul",
      "operator.iand", "operator.ior", "operator.ixor", "operator.ilshift", "operator.irshift",
      "setattr",
      "print",
  };
  return *kTargets;
}

// IsGlobalStateCall's targets. Passes ask this of every node: a
// call_function's target is already an interned symbol, so the targets are
// matched by symbol id, not by text.
const absl::flat_hash_set<uint32_t>& GlobalStateTargets() {
  static const auto* const kTargets = [] {
    auto* ids = new absl::flat_hash_set<uint32_t>;
    for (absl::string_view target : {
             "torch._C._set_grad_enabled",
             "torch.autograd.grad_mode.set_grad_enabled",
             "torch.autograd.grad_mode._enter_inference_mode",
             "torch.autograd.grad_mode._exit_inference_mode",
             "torch.amp._enter_autocast",
             "torch.amp._exit_autocast",
             "torch.amp.autocast_mode._enter_autocast",
             "torch.amp.autocast_mode._exit_autocast",
             "torch._C._set_deterministic_algorithms",
             "torch._C._autograd._saved_tensors_hooks_disable",
             "torch._C._autograd._saved_tensors_hooks_enable",
             "torch._C._set_fwd_grad_enabled",
             "torch._C._enter_dual_level",
             "torch._C._exit_dual_level",
             "torch._C._functorch._vmap_increment_nesting",
             "torch._C._functorch._vmap_decrement_nesting",
             "torch._C._functorch._grad_increment_nesting",
             "torch._C._functorch._grad_decrement_nesting",
             "torch._C._functorch._jvp_increment_nesting",
             "torch._C._functorch._jvp_decrement_nesting",
             "torch._C._functorch.set_inplace_requires_grad_allowed",
             "torch._C._log_api_usage_once",
             "torch._functorch.vmap.lazy_load_decompositions",
         }) {
      ids->insert(Symbol::Intern(target).id());
    }
    return ids;
  }();
  return *kTargets;
}

// The operator name of a call_function target: `add_` for
// `torch.ops.aten.add_.Tensor`, `iadd` for `operator.iadd`.
absl::string_view FunctionOperatorName(absl::string_view target) {
  constexpr absl::string_view kOps = "torch.ops.";
  if (absl::StartsWith(target, kOps)) {
    // torch . ops . namespace . op [. overload]; passes ask this of every
    // node, so the fourth component is found without splitting.
    const size_t namespace_end = target.find('.', kOps.size());
    if (namespace_end != absl::string_view::npos) {
      const size_t op_begin = namespace_end + 1;
      return target.substr(op_begin, target.find('.', op_begin) - op_begin);
    }
  }
  size_t dot = target.rfind('.');
  return dot == absl::string_view::npos ? target : target.substr(dot + 1);
}

}  // namespace

bool IsInPlaceOpName(absl::string_view op_name) {
  return op_name.size() > 1 && op_name.back() == '_' && !absl::EndsWith(op_name, "__");
}

bool IsGetAttrCall(const Node& node) {
  return node.op() == OpKind::kCallFunction && node.target() == "builtins.getattr" &&
         node.args().size() >= 2 && node.args()[1].kind() == ArgKind::kString;
}

bool IsInPlaceCall(const Node& node) {
  // Fetching a bound method (`getattr(x, "add_")`) calls nothing.
  if (!IsInPlaceOpName(OperatorName(node)) || IsGetAttrCall(node)) return false;
  const absl::string_view target = node.target();
  return node.op() != OpKind::kCallFunction ||
         (!absl::StartsWith(target, "operator.") && !absl::StartsWith(target, "_operator."));
}

absl::string_view OperatorName(const Node& node) {
  switch (node.op()) {
    case OpKind::kCallMethod:
      return node.target();
    case OpKind::kCallFunction:
      if (IsGetAttrCall(node)) return node.args()[1].text();
      return FunctionOperatorName(node.target());
    default:
      return absl::string_view();
  }
}

bool HasInPlaceKeyword(const Node& node) {
  const Argument* inplace = node.FindKwarg("inplace");
  return inplace != nullptr && inplace->kind() == ArgKind::kBool && inplace->bool_value();
}

bool IsGlobalStateCall(const Node& node) {
  return node.op() == OpKind::kCallFunction &&
         GlobalStateTargets().contains(node.target_symbol().id());
}

bool IsSideEffectful(const Node& node) {
  switch (node.op()) {
    case OpKind::kPlaceholder:
    case OpKind::kOutput:
      return true;
    case OpKind::kGetAttr:
    case OpKind::kCallModule:
      return false;
    case OpKind::kCallMethod:
    case OpKind::kCallFunction:
      if (node.op() == OpKind::kCallFunction &&
          (SideEffectfulTargets().contains(node.target()) || IsGlobalStateCall(node))) {
        return true;
      }
      return IsInPlaceCall(node) || node.FindKwarg("out") != nullptr || HasInPlaceKeyword(node);
  }
  return false;
}

std::string CandidateNameForTarget(OpKind op, absl::string_view target) {
  absl::string_view base = target;
  if (op == OpKind::kCallFunction) {
    base = FunctionOperatorName(target);
  } else if (op == OpKind::kCallMethod) {
    // FX strips the underscores of magic methods: __getitem__ -> getitem.
    if (base.size() > 4 && absl::StartsWith(base, "__") && absl::EndsWith(base, "__")) {
      base = base.substr(2, base.size() - 4);
    }
  }
  // FX's _snake_case: an upper-case letter after a lower-case one starts a
  // new word; everything is lower-cased.
  std::string out;
  out.reserve(base.size() + 4);
  bool prev_lower = false;
  for (char c : base) {
    if (prev_lower && absl::ascii_isupper(c)) out.push_back('_');
    out.push_back(absl::ascii_tolower(c));
    prev_lower = absl::ascii_islower(c);
  }
  return out;
}

}  // namespace fxpp
