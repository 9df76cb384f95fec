#include "passes/op_schema/op_schema.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"

namespace fxpp {
namespace {

const absl::flat_hash_set<absl::string_view>& InPlaceOperatorFunctions() {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      "setitem", "iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow",
      "imatmul", "iand", "ior", "ixor", "ilshift", "irshift",
  };
  return *kNames;
}

const absl::flat_hash_set<absl::string_view>& ViewOps() {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      "view", "_unsafe_view", "view_as", "reshape", "reshape_as", "expand", "expand_as",
      "permute", "transpose", "swapaxes", "swapdims", "movedim", "moveaxis", "t", "T", "mT",
      "squeeze", "unsqueeze", "select", "slice", "narrow", "as_strided", "alias", "detach",
      "diagonal", "unfold", "unbind", "split", "split_with_sizes", "tensor_split", "chunk",
      "flatten", "unflatten", "view_as_real", "view_as_complex", "real", "imag", "contiguous",
      "getitem", "__getitem__", "lift_fresh", "_reshape_alias", "indices", "values",
  };
  return *kNames;
}

// Flat position range [begin, end) of positional argument `index`, or of
// keyword argument `name`.
struct Span {
  int begin = 0;
  int end = 0;
};

Span PositionalSpan(const Node& node, size_t index) {
  int next = 0;
  Span span;
  for (size_t i = 0; i < node.args().size(); ++i) {
    if (i == index) span.begin = next;
    node.args()[i].ForEachNode([&](Node*) { ++next; });
    if (i == index) {
      span.end = next;
      return span;
    }
  }
  return span;
}

Span KeywordSpan(const Node& node, absl::string_view name) {
  // Every call asks for `out=`, which few nodes have: find the keyword
  // before counting the node references ahead of it.
  const KwArgs& kwargs = node.kwargs();
  auto kw = std::find_if(kwargs.begin(), kwargs.end(),
                         [name](const KwArg& k) { return k.name.str() == name; });
  if (kw == kwargs.end()) return Span{};
  int next = 0;
  for (const Argument& a : node.args()) a.ForEachNode([&](Node*) { ++next; });
  for (auto it = kwargs.begin(); it != kw; ++it) it->value.ForEachNode([&](Node*) { ++next; });
  const int begin = next;
  kw->value.ForEachNode([&](Node*) { ++next; });
  return Span{begin, next};
}

void AddSpan(Span span, std::vector<int>* out) {
  for (int p = span.begin; p < span.end; ++p) out->push_back(p);
}

// The argument `name` at position `index` or as a keyword, or nullptr.
const Argument* FindArg(const Node& node, size_t index, absl::string_view name) {
  if (index < node.args().size()) return &node.args()[index];
  return node.FindKwarg(name);
}

bool IsTrue(const Argument* arg) {
  return arg != nullptr && arg->kind() == ArgKind::kBool && arg->bool_value();
}

// Batch norms update running_mean/running_var in training mode.
struct BatchNormSchema {
  absl::string_view target;
  size_t running_mean;
  size_t running_var;
  size_t training;  // index of the `training` flag; kAlways when always mutating
};
constexpr size_t kAlways = ~size_t{0};
constexpr BatchNormSchema kBatchNorms[] = {
    {"torch.ops.aten._native_batch_norm_legit.default", 3, 4, 5},
    {"torch.ops.aten._native_batch_norm_legit_functional.default", kAlways, kAlways, kAlways},
    {"torch.ops.aten.native_batch_norm.default", 3, 4, 5},
    {"torch.ops.aten.batch_norm.default", 3, 4, 5},
    {"torch.ops.aten._batch_norm_impl_index.default", 3, 4, 5},
    {"torch.ops.aten.cudnn_batch_norm.default", 3, 4, 5},
    {"torch.ops.aten.miopen_batch_norm.default", 3, 4, 5},
    {"torch.batch_norm", 3, 4, 5},
    {"torch.nn.functional.batch_norm", 1, 2, 5},
};

// Passes ask this of every node: a call_function's target is already an
// interned symbol, so the targets are matched by symbol id, not by text.
const absl::flat_hash_set<uint32_t>& GlobalStateTargets() {
  static const auto* const kTargets = [] {
    auto* ids = new absl::flat_hash_set<uint32_t>;
    for (absl::string_view target : {
             "torch._C._set_grad_enabled",
             "torch.autograd.grad_mode.set_grad_enabled",
             "torch.amp._enter_autocast",
             "torch.amp._exit_autocast",
             "torch.amp.autocast_mode._enter_autocast",
             "torch.amp.autocast_mode._exit_autocast",
             "torch._C._log_api_usage_once",
             "torch._functorch.vmap.lazy_load_decompositions",
         }) {
      ids->insert(Symbol::Intern(target).id());
    }
    return ids;
  }();
  return *kTargets;
}

}  // namespace

bool IsGlobalStateBarrier(const Node& node) {
  return node.op() == OpKind::kCallFunction &&
         GlobalStateTargets().contains(node.target_symbol().id());
}

std::vector<Node*> FlatNodeArgs(const Node& node) {
  std::vector<Node*> out;
  node.ForEachNodeArgument([&out](Node* n) { out.push_back(n); });
  return out;
}

Node* FlatNodeArg(const Node& node, int position) {
  Node* found = nullptr;
  int next = 0;
  node.ForEachNodeArgument([&](Node* n) {
    if (next++ == position) found = n;
  });
  return found;
}

namespace {

// Whether `node` writes its self argument: in-place ops (`add_`),
// operator-module in-place functions (`operator.iadd`, `operator.setitem`)
// and their method forms (`x.__iadd__(y)`).
bool WritesSelf(const Node& node) {
  const absl::string_view target = node.target();
  const absl::string_view op = OperatorName(node);
  const bool operator_module =
      absl::StartsWith(target, "operator.") || absl::StartsWith(target, "_operator.");
  const bool augmented_method = node.op() == OpKind::kCallMethod && op.size() > 4 &&
                                absl::StartsWith(op, "__") && absl::EndsWith(op, "__") &&
                                InPlaceOperatorFunctions().contains(op.substr(2, op.size() - 4));
  return IsInPlaceOpName(op) || augmented_method ||
         (operator_module && InPlaceOperatorFunctions().contains(op));
}

const BatchNormSchema* FindBatchNorm(absl::string_view target) {
  for (const BatchNormSchema& bn : kBatchNorms) {
    if (target == bn.target) return &bn;
  }
  return nullptr;
}

}  // namespace

bool MayMutateArguments(const Node& node) {
  if (node.op() != OpKind::kCallFunction && node.op() != OpKind::kCallMethod) return false;
  return !node.kwargs().empty() || WritesSelf(node) || FindBatchNorm(node.target()) != nullptr;
}

std::vector<int> MutatedArgPositions(const Node& node) {
  std::vector<int> positions;
  if (!MayMutateArguments(node)) return positions;
  if (WritesSelf(node)) AddSpan(PositionalSpan(node, 0), &positions);
  AddSpan(KeywordSpan(node, "out"), &positions);
  // Functional batch norm variants (training == kAlways) return new stats.
  const BatchNormSchema* bn = FindBatchNorm(node.target());
  if (bn != nullptr && bn->training != kAlways &&
      IsTrue(FindArg(node, bn->training, "training"))) {
    for (auto [index, name] :
         {std::pair<size_t, absl::string_view>{bn->running_mean, "running_mean"},
          {bn->running_var, "running_var"}}) {
      if (index < node.args().size()) {
        AddSpan(PositionalSpan(node, index), &positions);
      } else {
        AddSpan(KeywordSpan(node, name), &positions);
      }
    }
  }
  std::sort(positions.begin(), positions.end());
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  return positions;
}

bool IsViewOp(const Node& node) {
  if (node.op() != OpKind::kCallFunction && node.op() != OpKind::kCallMethod) return false;
  return ViewOps().contains(OperatorName(node));
}

bool IsGetItem(const Node& node) {
  return node.op() == OpKind::kCallFunction && node.target() == kGetItem &&
         node.args().size() == 2 && node.args()[0].is_node() &&
         node.args()[1].kind() == ArgKind::kInt;
}

const ViewInverse* FindViewInverse(absl::string_view op) {
  using K = ViewInverseKind;
  static const auto* const kInverses = new absl::flat_hash_map<absl::string_view, ViewInverse>{
      {"alias", {K::kIdentity, "", ""}},
      {"detach", {K::kIdentity, "", ""}},
      {"lift_fresh", {K::kIdentity, "", ""}},
      {"select", {K::kScatter, "", ""}},
      {"slice", {K::kScatter, "", ""}},
      {"diagonal", {K::kScatter, "", ""}},
      {"as_strided", {K::kScatter, "", ""}},
      {"narrow", {K::kNarrowScatter, "", ""}},
      {"getitem", {K::kIndexScatter, "", ""}},
      {"t", {K::kSelfInverse, "torch.ops.aten.t.default", "t"}},
      {"transpose", {K::kSwapDims, "torch.ops.aten.transpose.int", "transpose"}},
      {"swapaxes", {K::kSwapDims, "torch.ops.aten.transpose.int", "transpose"}},
      {"swapdims", {K::kSwapDims, "torch.ops.aten.transpose.int", "transpose"}},
      {"permute", {K::kInversePermute, "torch.ops.aten.permute.default", "permute"}},
      {"unsqueeze", {K::kSqueezeDim, "torch.ops.aten.squeeze.dim", "squeeze"}},
      {"squeeze", {K::kUnsqueezeDims, "torch.ops.aten.unsqueeze.default", "unsqueeze"}},
      {"view", {K::kViewAsBase, "torch.ops.aten.view.default", "view"}},
      {"_reshape_alias", {K::kViewAsBase, "torch.ops.aten.view.default", "view"}},
      {"view_as", {K::kViewAsBase, "torch.ops.aten.view.default", "view"}},
      {"unflatten", {K::kViewAsBase, "torch.ops.aten.view.default", "view"}},
      {"expand", {K::kOverlapping, "", ""}},
      {"expand_as", {K::kOverlapping, "", ""}},
      {"broadcast_to", {K::kOverlapping, "", ""}},
  };
  auto it = kInverses->find(op);
  return it == kInverses->end() ? nullptr : &it->second;
}

}  // namespace fxpp
