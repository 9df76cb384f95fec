#include "passes/op_schema/op_schema.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/match.h"
#include "passes/op_schema/schema_table.h"

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
      "getitem", "__getitem__", "lift_fresh", "_reshape_alias", "indices", "values", "data",
  };
  return *kNames;
}

// Methods that return their tensor itself when there is nothing to convert
// (`x.float()` of a float tensor is `x`): their result may alias it.
const absl::flat_hash_set<absl::string_view>& MayReturnSelfMethods() {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      "to", "type", "type_as", "float", "double", "half", "bfloat16", "int", "long", "short",
      "bool", "byte", "char", "cpu", "cuda", "resolve_conj", "resolve_neg", "requires_grad_",
      "ravel", "adjoint", "H", "mH", "hsplit", "vsplit", "dsplit", "unsafe_split",
      "unsafe_chunk", "align_to", "rename", "refine_names", "numpy_T",
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

}  // namespace

namespace {

// Whether a call of `module` (a torch.nn module symbolic_trace left as a
// leaf) may draw random numbers: a dropout, RReLU or fractional max pooling
// module, one that applies
// dropout by a probability attribute (attention, recurrent layers), or one
// holding any of these (a TransformerEncoderLayer's Dropout children).
bool MayDrawRandomNumbers(const GraphModule& module) {
  static const auto* const kModules = new absl::flat_hash_set<absl::string_view>{
      "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout",
      "RReLU", "FractionalMaxPool2d", "FractionalMaxPool3d", "MultiheadAttention", "RNN", "LSTM",
      "GRU",
  };
  const absl::string_view type = module.class_name();
  const size_t dot = type.rfind('.');
  if (absl::StartsWith(type, "torch.nn.") &&
      kModules->contains(dot == absl::string_view::npos ? type : type.substr(dot + 1))) {
    return true;
  }
  for (const auto& [name, child] : module.children()) {
    if (MayDrawRandomNumbers(*child)) return true;
  }
  return false;
}

// Ops that draw only to apply dropout (attention, recurrent layers): with
// their dropout probability at `probability` (or keyword
// `probability_name`; absent: 0) and their training flag at `training`
// (kAlways: the op has none). The `.data` overloads of the recurrent ops
// (packed sequences) take one more leading argument.
struct DropoutArguments {
  absl::string_view op;
  size_t probability;
  absl::string_view probability_name;
  size_t training = kAlways;
  absl::string_view training_name = {};
};
constexpr DropoutArguments kDropoutArguments[] = {
    {"scaled_dot_product_attention", 4, "dropout_p"},
    {"_scaled_dot_product_attention_math", 4, "dropout_p"},
    {"_scaled_dot_product_flash_attention", 3, "dropout_p"},
    {"_scaled_dot_product_flash_attention_for_cpu", 3, "dropout_p"},
    {"_scaled_dot_product_efficient_attention", 5, "dropout_p"},
    {"_scaled_dot_product_cudnn_attention", 5, "dropout_p"},
    {"_scaled_dot_product_fused_attention_overrideable", 4, "dropout_p"},
    {"_flash_attention_forward", 7, "dropout_p"},
    {"_efficient_attention_forward", 8, "dropout_p"},
    {"multi_head_attention_forward", 10, "dropout_p", 13, "training"},
    {"lstm", 5, "dropout", 6, "train"},
    {"gru", 5, "dropout", 6, "train"},
    {"rnn_tanh", 5, "dropout", 6, "train"},
    {"rnn_relu", 5, "dropout", 6, "train"},
    {"_cudnn_rnn", 11, "dropout", 12, "train"},
};

// Whether a call of one of kDropoutArguments' ops may apply dropout: unless
// its probability is a literal 0 or its training flag a literal False. A
// probability or flag computed in the graph counts as dropout.
bool MayApplyDropout(const Node& node, const DropoutArguments& op) {
  const size_t shift = absl::EndsWith(node.target(), ".data") ? 1 : 0;
  const Argument* probability = FindArg(node, op.probability + shift, op.probability_name);
  if (probability == nullptr) return false;
  if ((probability->kind() == ArgKind::kFloat && probability->float_value() == 0) ||
      (probability->kind() == ArgKind::kInt && probability->int_value() == 0)) {
    return false;
  }
  if (op.training == kAlways) return true;
  const Argument* training = FindArg(node, op.training + shift, op.training_name);
  return training == nullptr || training->kind() != ArgKind::kBool || training->bool_value();
}

// What a call's target says of its random draws: whether every call
// draws, or (`dropout`) whether it depends on the dropout arguments.
struct TargetDraws {
  bool always = false;
  const DropoutArguments* dropout = nullptr;

  bool Of(const Node& node) const {
    return always || (dropout != nullptr && MayApplyDropout(node, *dropout));
  }
};

TargetDraws DrawsByTarget(const Node& node, const GraphModule* owner) {
  static const auto* const kOps = new absl::flat_hash_set<absl::string_view>{
      "rand", "rand_like", "randn", "randn_like", "randint", "randint_like", "randperm",
      "bernoulli", "multinomial", "normal", "poisson", "binomial", "uniform", "exponential",
      "geometric", "cauchy", "log_normal", "random", "native_dropout", "_fused_dropout",
      "dropout", "dropout1d", "dropout2d", "dropout3d", "feature_dropout", "alpha_dropout",
      "feature_alpha_dropout", "rrelu", "rrelu_with_noise", "_standard_gamma",
      "_sample_dirichlet", "gumbel_softmax", "fractional_max_pool2d", "fractional_max_pool3d",
      "rrelu_with_noise_functional",
  };
  TargetDraws draws;
  if (node.op() == OpKind::kCallModule && owner != nullptr) {
    const GraphModule* callee = owner->FindSubmodule(node.target());
    draws.always = callee != nullptr && MayDrawRandomNumbers(*callee);
    return draws;
  }
  if (node.op() != OpKind::kCallFunction && node.op() != OpKind::kCallMethod) return draws;
  absl::string_view op = OperatorName(node);
  if (op.size() > 1 && op.back() == '_') op.remove_suffix(1);  // bernoulli_, x.uniform_()
  draws.always = kOps->contains(op);
  for (const DropoutArguments& dropout_op : kDropoutArguments) {
    if (dropout_op.op == op) draws.dropout = &dropout_op;
  }
  return draws;
}

}  // namespace

bool DrawsRandomNumbers(const Node& node, const GraphModule* owner) {
  return DrawsByTarget(node, owner).Of(node);
}

std::vector<Node*> FlatNodeArgs(const Node& node) {
  std::vector<Node*> out;
  node.ForEachNodeArgument([&out](Node* n) { out.push_back(n); });
  return out;
}

namespace {

// The node reference `*position` references ahead in `a` (in ForEachNode's
// order), or nullptr with `*position` lowered by the references `a` holds.
Node* FindFlatNode(const Argument& a, int* position) {
  if (a.is_node()) return (*position)-- == 0 ? a.node() : nullptr;
  if (!a.is_composite()) return nullptr;
  for (const Argument& e : a.elements()) {
    if (Node* found = FindFlatNode(e, position)) return found;
  }
  return nullptr;
}

}  // namespace

Node* FlatNodeArg(const Node& node, int position) {
  // Stops at the reference instead of visiting all: dedup asks this for
  // every input of every region it replaces.
  if (position < 0) return nullptr;
  for (const Argument& a : node.args()) {
    if (Node* found = FindFlatNode(a, &position)) return found;
  }
  for (const KwArg& kw : node.kwargs()) {
    if (Node* found = FindFlatNode(kw.value, &position)) return found;
  }
  return nullptr;
}

namespace {

// Whether `node` writes its self argument: in-place ops (`add_`),
// operator-module in-place functions (`operator.iadd`, `operator.setitem`)
// and their method forms (`x.__iadd__(y)`), calls with `inplace=True`.
bool WritesSelf(const Node& node) {
  const absl::string_view target = node.target();
  const absl::string_view op = OperatorName(node);
  const bool operator_module =
      absl::StartsWith(target, "operator.") || absl::StartsWith(target, "_operator.");
  const bool augmented_method = node.op() == OpKind::kCallMethod && op.size() > 4 &&
                                absl::StartsWith(op, "__") && absl::EndsWith(op, "__") &&
                                InPlaceOperatorFunctions().contains(op.substr(2, op.size() - 4));
  return IsInPlaceCall(node) || augmented_method || HasInPlaceKeyword(node) ||
         (operator_module && InPlaceOperatorFunctions().contains(op));
}

const BatchNormSchema* FindBatchNorm(absl::string_view target) {
  for (const BatchNormSchema& bn : kBatchNorms) {
    if (target == bn.target) return &bn;
  }
  return nullptr;
}

// The schema of a `torch.ops.*` call (ATen's, or a registered custom
// operator's: FindSchema), or nullptr. Looked up once per target symbol
// (passes ask this of every node), and again after a miss once more
// schemas are registered.
const OpSchema* KnownSchema(const Node& node) {
  if (node.op() != OpKind::kCallFunction || !absl::StartsWith(node.target(), "torch.ops.")) {
    return nullptr;
  }
  struct Lookup {
    const OpSchema* schema = nullptr;
    uint64_t registered_version = 0;  // of a miss
  };
  thread_local absl::flat_hash_map<uint32_t, Lookup> by_symbol;
  auto [it, inserted] = by_symbol.try_emplace(node.target_symbol().id());
  Lookup& lookup = it->second;
  if (inserted || (lookup.schema == nullptr &&
                   lookup.registered_version != RegisteredSchemasVersion())) {
    lookup.registered_version = RegisteredSchemasVersion();
    lookup.schema = FindSchema(node.target());
  }
  return lookup.schema;
}

// The flat positions of schema argument `index` as `node` passes it.
void AddSchemaArgument(const Node& node, const OpSchema& schema, size_t index,
                       std::vector<int>* out) {
  if (index < node.args().size()) {
    AddSpan(PositionalSpan(node, index), out);
  } else {
    AddSpan(KeywordSpan(node, schema.arguments[index].name), out);
  }
}

}  // namespace

bool IsUnknownOperator(const Node& node) {
  constexpr absl::string_view kOps = "torch.ops.";
  const absl::string_view target = node.target();
  if (node.op() != OpKind::kCallFunction || !absl::StartsWith(target, kOps)) return false;
  // ATen: the bundled table and the in-place naming convention. Higher-order
  // ops: their effects are their subgraphs' (auto_functionalized and
  // with_effects are side effects by target). Decomposed quantization ops:
  // functional, every one.
  const absl::string_view ns = target.substr(kOps.size(), target.find('.', kOps.size()) - kOps.size());
  if (ns == "aten" || ns == "higher_order" || ns == "quantized_decomposed") return false;
  return KnownSchema(node) == nullptr;
}

bool KeepWhenUnused(const Node& node, const GraphModule* owner) {
  if (IsSideEffectful(node) || DrawsRandomNumbers(node, owner)) return true;
  // An operator that returns nothing exists for its effects (aten._print, a
  // custom logging op).
  const OpSchema* schema = KnownSchema(node);
  return schema != nullptr && schema->returns.empty();
}

bool MayMutateArguments(const Node& node) {
  if (node.op() != OpKind::kCallFunction && node.op() != OpKind::kCallMethod) return false;
  if (!node.kwargs().empty() || WritesSelf(node) || FindBatchNorm(node.target()) != nullptr) {
    return true;
  }
  const OpSchema* schema = KnownSchema(node);
  return schema != nullptr ? schema->is_mutable() : IsUnknownOperator(node);
}

std::vector<int> MutatedArgPositions(const Node& node) {
  std::vector<int> positions;
  if (!MayMutateArguments(node)) return positions;
  if (IsUnknownOperator(node)) {
    // It may write any tensor it is given.
    const int count = static_cast<int>(FlatNodeArgs(node).size());
    for (int p = 0; p < count; ++p) positions.push_back(p);
    return positions;
  }
  if (WritesSelf(node)) AddSpan(PositionalSpan(node, 0), &positions);
  AddSpan(KeywordSpan(node, "out"), &positions);
  // Functional batch norm variants (training == kAlways) return new stats.
  const BatchNormSchema* bn = FindBatchNorm(node.target());
  // Other ATen ops write what their schema marks `Tensor(a!)` (`out0=`,
  // `out1=` of multi-result out variants, `index_put_`'s self).
  const OpSchema* schema = bn == nullptr ? KnownSchema(node) : nullptr;
  if (schema != nullptr) {
    for (int index : schema->MutatedArguments()) AddSchemaArgument(node, *schema, index, &positions);
  }
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
      {"data", {K::kIdentity, "", ""}},  // x.data
      // Only when it returns its input (functionalize checks the strides).
      {"contiguous", {K::kIdentity, "", ""}},
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

namespace {

// Any spelling of indexing, with any index (unlike IsGetItem, which only
// matches the traced `operator.getitem(<node>, <int>)`): a slice or tensor
// index of a view reads the viewed storage too.
bool IsGetItemCall(const Node& node) {
  return (node.op() == OpKind::kCallFunction &&
          (node.target() == kGetItem || node.target() == "_operator.getitem")) ||
         (node.op() == OpKind::kCallMethod && node.target() == "__getitem__");
}

// Which arguments a call's result may alias, by op and target alone (the
// `out=` keyword aside): ATen ops' arguments that share an alias set with
// a result (schema argument indices), the self argument of views,
// in-place ops and methods that may return self (positional index 0).
// Indexing calls depend on what they index (IsElementOfResults).
struct CallAliasing {
  const OpSchema* schema = nullptr;  // set when `arguments` are its indices
  bool indexing = false;
  absl::InlinedVector<size_t, 2> arguments;  // ascending
};

CallAliasing AliasedArguments(const Node& node) {
  CallAliasing aliasing;
  if (const OpSchema* schema = KnownSchema(node)) {
    aliasing.schema = schema;
    for (size_t i = 0; i < schema->arguments.size(); ++i) {
      for (const SchemaArgument& result : schema->returns) {
        if (!result.alias_set.empty() && schema->arguments[i].alias_set == result.alias_set) {
          aliasing.arguments.push_back(i);
          break;
        }
      }
    }
  } else if (IsGetItemCall(node)) {
    aliasing.indexing = true;
  } else if (IsViewOp(node) || WritesSelf(node) ||
             (node.op() == OpKind::kCallMethod &&
              MayReturnSelfMethods().contains(OperatorName(node)))) {
    aliasing.arguments.push_back(0);
  }
  return aliasing;
}

bool IsCollectionValued(const Node& node) {
  const auto& val = node.meta().val;
  return val.has_value() &&
         (val->kind() == ValueMeta::Kind::kTuple || val->kind() == ValueMeta::Kind::kList);
}

// A getitem picking one result of a call that returns several fresh values
// (`max(dim)`, a batch norm, invoke_subgraph) or one element of a tuple
// input: the element is its own storage.
bool IsElementOfResults(const Node& getitem) {
  if (getitem.args().empty() || !getitem.args()[0].is_node()) return false;
  const Node& producer = *getitem.args()[0].node();
  const bool several_values = IsCollectionValued(producer) ||
                              producer.target() == kInvokeSubgraph;
  return several_values && ResultAliasPositions(producer).empty();
}

}  // namespace

std::vector<int> ResultAliasPositions(const Node& node) {
  std::vector<int> positions;
  if (node.op() != OpKind::kCallFunction && node.op() != OpKind::kCallMethod) return positions;
  const CallAliasing aliasing = AliasedArguments(node);
  if (aliasing.indexing && !IsElementOfResults(node)) AddSpan(PositionalSpan(node, 0), &positions);
  for (size_t index : aliasing.arguments) {
    if (aliasing.schema != nullptr) {
      AddSchemaArgument(node, *aliasing.schema, index, &positions);
    } else {
      AddSpan(PositionalSpan(node, index), &positions);
    }
  }
  if (!node.kwargs().empty()) AddSpan(KeywordSpan(node, "out"), &positions);
  std::sort(positions.begin(), positions.end());
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  return positions;
}

AliasSets::AliasSets(const Graph& graph, const GraphModule* owner)
    : node_(graph.id_bound(), nullptr), parent_(graph.id_bound()), owner_(owner) {
  // Asked once per (op, target): for calls without keyword arguments it is
  // all ResultAliasPositions needs but for indexing, and a graph has few
  // distinct targets.
  absl::flat_hash_map<uint64_t, CallAliasing> aliasing_by_target;
  // Constant-index getitems of one value: (value id, index) -> first getitem.
  absl::flat_hash_map<std::pair<uint32_t, int64_t>, uint32_t> first_getitem;
  auto join = [this](uint32_t a, uint32_t b) {
    a = Find(a);
    b = Find(b);
    // The earlier node (smaller id) stays the root: any choice is linear
    // enough with path halving, and this one keeps roots stable.
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  };
  // Reads of one attribute (make_fx and symbolic_trace give each use its
  // own get_attr) are one tensor: target symbol -> the first read.
  absl::flat_hash_map<uint32_t, uint32_t> first_attribute_read;
  // Storage group -> the first read of an attribute in it.
  absl::flat_hash_map<uint32_t, uint32_t> first_group_read;
  std::vector<const Node*> attribute_reads;  // the first of each target
  std::vector<const Node*> module_calls;
  for (const Node* n : graph.nodes()) {
    node_[n->id()] = n;
    parent_[n->id()] = n->id();
    if (n->op() == OpKind::kCallModule) module_calls.push_back(n);
    if (n->op() == OpKind::kGetAttr) {
      auto [first, inserted] = first_attribute_read.emplace(n->target_symbol().id(), n->id());
      join(n->id(), first->second);
      if (inserted) attribute_reads.push_back(n);
      const StateEntry* state = inserted && owner != nullptr ? owner->FindStatePath(n->target()) : nullptr;
      if (state != nullptr && state->storage_group != 0) {
        join(n->id(), first_group_read.emplace(state->storage_group, n->id()).first->second);
      }
    }
    if (n->op() != OpKind::kCallFunction && n->op() != OpKind::kCallMethod) continue;
    has_barrier_ = has_barrier_ || IsGlobalStateCall(*n);
    if (n->kwargs().empty()) {
      const uint64_t key = static_cast<uint64_t>(n->op()) << 32 | n->target_symbol().id();
      auto [it, inserted] = aliasing_by_target.try_emplace(key);
      if (inserted) it->second = AliasedArguments(*n);
      if (!it->second.indexing) {
        // Without keywords, schema indices past the positional arguments
        // name nothing.
        for (size_t index : it->second.arguments) {
          if (index >= n->args().size()) break;
          n->args()[index].ForEachNode([&](Node* arg) { join(n->id(), arg->id()); });
        }
        continue;
      }
    }
    const std::vector<int> aliased = ResultAliasPositions(*n);
    if (!aliased.empty()) {
      int next = 0;
      size_t k = 0;
      n->ForEachNodeArgument([&](Node* arg) {
        while (k < aliased.size() && aliased[k] < next) ++k;
        if (k < aliased.size() && aliased[k] == next) join(n->id(), arg->id());
        ++next;
      });
    } else if (IsGetItemCall(*n) && n->args().size() == 2 && n->args()[0].is_node() &&
               n->args()[1].kind() == ArgKind::kInt) {
      auto [it, inserted] = first_getitem.try_emplace(
          std::make_pair(n->args()[0].node()->id(), n->args()[1].int_value()), n->id());
      if (!inserted) join(n->id(), it->second);
    }
  }
  if (owner != nullptr && !module_calls.empty() && !attribute_reads.empty()) {
    RecordModuleStateReads(*owner, std::move(attribute_reads), module_calls, first_group_read);
  }
}

void AliasSets::RecordModuleStateReads(
    const GraphModule& owner, std::vector<const Node*> attribute_reads,
    absl::Span<const Node* const> calls,
    const absl::flat_hash_map<uint32_t, uint32_t>& first_group_read) {
  // By target: the reads under a module's path are one run of the sorted list.
  std::sort(attribute_reads.begin(), attribute_reads.end(),
            [](const Node* a, const Node* b) { return a->target() < b->target(); });
  for (const Node* call : calls) {
    auto [it, inserted] = state_reads_by_target_.try_emplace(call->target_symbol().id());
    if (!inserted) continue;
    // One read per class: the joins are all made by now.
    std::vector<const Node*>& reads = it->second;
    auto add = [&](const Node* read) {
      const uint32_t root = Find(read->id());
      if (std::none_of(reads.begin(), reads.end(),
                       [&](const Node* r) { return Find(r->id()) == root; })) {
        reads.push_back(read);
      }
    };
    const absl::string_view path = call->target();
    auto read = std::lower_bound(attribute_reads.begin(), attribute_reads.end(), path,
                                 [](const Node* a, absl::string_view p) { return a->target() < p; });
    for (; read != attribute_reads.end() && absl::StartsWith((*read)->target(), path); ++read) {
      const absl::string_view target = (*read)->target();
      if (target.size() == path.size() || target[path.size()] == '.') add(*read);
    }
    const GraphModule* callee = owner.FindSubmodule(path);
    if (callee == nullptr || first_group_read.empty()) continue;
    callee->ForEachStateInTree([&](const StateEntry& entry) {
      auto group = first_group_read.find(entry.storage_group);
      if (entry.storage_group != 0 && group != first_group_read.end()) add(node_[group->second]);
    });
  }
}

absl::Span<const Node* const> AliasSets::StateAccessedBy(const Node& n) const {
  if (n.op() != OpKind::kCallModule) return {};
  auto it = state_reads_by_target_.find(n.target_symbol().id());
  return it == state_reads_by_target_.end() ? absl::Span<const Node* const>() : it->second;
}

uint32_t AliasSets::Find(uint32_t id) const {
  while (parent_[id] != id) {
    parent_[id] = parent_[parent_[id]];  // path halving
    id = parent_[id];
  }
  return id;
}

const Node* AliasSets::Root(const Node* n) const {
  if (n->id() >= node_.size() || node_[n->id()] != n) return n;
  return node_[Find(n->id())];
}

namespace {

// The alias classes a node writes, by root id: the arguments it mutates
// and, for a module call, the state it accesses, which it may write in
// place (BatchNorm's running statistics in training), so that a get_attr
// read of that state does not move across the call either way.
class NodeWrites {
 public:
  explicit NodeWrites(const AliasSets& aliases) : aliases_(aliases) {}

  // Sets `written` to `n`'s; returns whether `n` writes an argument.
  bool Roots(const Node& n, std::vector<uint32_t>& written) {
    written.clear();
    for (const Node* state : aliases_.StateAccessedBy(n)) {
      written.push_back(aliases_.Root(state)->id());
    }
    if (!MayMutate(n)) return false;
    const size_t state_roots = written.size();
    for (int p : MutatedArgPositions(n)) written.push_back(aliases_.Root(FlatNodeArg(n, p))->id());
    return written.size() > state_roots;
  }

 private:
  // Most nodes cannot mutate an argument, which for calls without keyword
  // arguments depends on op and target only: asked once per target. Only
  // calls are asked at all (the others' targets are not interned symbols,
  // and a placeholder or get_attr mutates nothing).
  bool MayMutate(const Node& n) {
    if (n.op() != OpKind::kCallFunction && n.op() != OpKind::kCallMethod) return false;
    if (!n.kwargs().empty()) return MayMutateArguments(n);
    const uint64_t key = static_cast<uint64_t>(n.op()) << 32 | n.target_symbol().id();
    auto [it, inserted] = may_mutate_by_target_.try_emplace(key);
    if (inserted) it->second = MayMutateArguments(n);
    return it->second;
  }

  const AliasSets& aliases_;
  absl::flat_hash_map<uint64_t, bool> may_mutate_by_target_;
};

}  // namespace

void ForEachMutationOrderingEdge(const Graph& graph, const AliasSets& aliases,
                                 absl::FunctionRef<void(Node* mutation)> on_mutation,
                                 absl::FunctionRef<void(Node* earlier, Node* later)> on_edge) {
  NodeWrites writes(aliases);
  // Random draws, each to follow the one before as a write and a read of
  // the generator's state would (after the mutations' edges); asked once
  // per target, like NodeWrites' question, then of the dropout ops' arguments.
  absl::flat_hash_map<uint64_t, TargetDraws> draws_by_target;
  std::vector<Node*> draws;
  auto order_draws = [&] {
    for (size_t i = 1; i < draws.size(); ++i) on_edge(draws[i - 1], draws[i]);
  };
  // The roots some node writes, found first: only their readers need
  // recording (readers of storage nothing writes get no edges), and a graph
  // without mutations is done after this one pass.
  std::vector<bool> is_written;
  std::vector<uint32_t> written;  // roots the current node writes
  for (Node* n : graph.nodes()) {
    if (n->op() == OpKind::kCallFunction || n->op() == OpKind::kCallMethod ||
        n->op() == OpKind::kCallModule) {
      const uint64_t key = static_cast<uint64_t>(n->op()) << 32 | n->target_symbol().id();
      auto [draw, inserted] = draws_by_target.try_emplace(key);
      if (inserted) draw->second = DrawsByTarget(*n, aliases.owner());
      if (draw->second.Of(*n)) draws.push_back(n);
    }
    writes.Roots(*n, written);
    if (written.empty()) continue;
    if (is_written.empty()) is_written.assign(graph.id_bound(), false);
    for (uint32_t root : written) is_written[root] = true;
  }
  if (is_written.empty()) return order_draws();
  // By alias class root id: the last mutation so far, and the readers since.
  std::vector<Node*> last_mutation(graph.id_bound(), nullptr);
  std::vector<std::vector<Node*>> readers_since(graph.id_bound());
  for (Node* n : graph.nodes()) {
    if (writes.Roots(*n, written)) on_mutation(n);
    auto read = [&](const Node* input) {
      const uint32_t root = aliases.Root(input)->id();
      if (!is_written[root]) return;
      if (std::find(written.begin(), written.end(), root) != written.end()) return;
      std::vector<Node*>& readers = readers_since[root];
      if (!readers.empty() && readers.back() == n) return;
      if (Node* m = last_mutation[root]; m != nullptr) on_edge(m, n);
      readers.push_back(n);
    };
    n->ForEachInput(read);
    for (uint32_t root : written) {
      if (last_mutation[root] == n) continue;  // written through two arguments
      if (Node* m = last_mutation[root]; m != nullptr) on_edge(m, n);
      for (Node* reader : readers_since[root]) on_edge(reader, n);
      readers_since[root].clear();
      last_mutation[root] = n;
    }
  }
  order_draws();
}

}  // namespace fxpp
