#include "passes/functionalize/functionalize.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

constexpr absl::string_view kAtenCopy = "torch.ops.aten.copy.default";
constexpr absl::string_view kAtenCopyInPlace = "torch.ops.aten.copy_.default";
constexpr absl::string_view kAutoFunctionalized = "torch.ops.higher_order.auto_functionalized";

// What a call does to the tensors it touches.
enum class Effect : uint8_t {
  kPure,       // a new value
  kView,       // a view of args[0]
  kMultiView,  // a list of views of args[0] (split, unbind, chunk)
  kElement,    // getitem of a kMultiView: one view
  kMaybeView,  // a view or a copy depending on strides (reshape, contiguous, x[idx])
  kInPlace,    // writes args[0] and returns it
  kOut,        // writes its out= arguments and returns them
  kMutable,    // writes some arguments; its `_functional` twin returns their new values
  kBatchNorm,  // composite batch norms that update running stats in training
  kSetItem,    // operator.setitem: x[idx] = value
  kNoWrite,    // an in-place op whose arguments make it write nothing: args[0] itself
};

// How to rewrite a mutating call.
struct Action {
  Effect effect = Effect::kPure;
  OpKind twin_op = OpKind::kCallFunction;
  std::string twin_target;
  const OpSchema* schema = nullptr;       // the ATen op, when known
  const OpSchema* twin_schema = nullptr;  // its functional variant
  bool inplace_kwarg = false;             // F.relu(x, inplace=True)
  bool auto_functionalized = false;       // kMutable: a custom op, through auto_functionalized
  std::string maybe_view_reason;          // kMaybeView: why aliasing is unknown
};

const Argument* ArgAt(const Node& n, size_t index, absl::string_view name) {
  if (index < n.args().size()) return &n.args()[index];
  return name.empty() ? nullptr : n.FindKwarg(name);
}

// A schema's default ("0.5", "1.", "-1", "True", "None") as an argument,
// or nullopt for another kind (a list, a string).
absl::optional<Argument> DefaultArgument(absl::string_view text) {
  if (text == "None") return Argument::None();
  if (text == "True" || text == "False") return Argument::Bool(text == "True");
  int64_t integer;
  if (absl::SimpleAtoi(text, &integer)) return Argument::Int(integer);
  double number;
  if (absl::SimpleAtod(text, &number)) return Argument::Float(number);
  return absl::nullopt;
}

const TensorMeta* TensorVal(const Node* n) {
  if (n == nullptr || !n->meta().val.has_value()) return nullptr;
  const ValueMeta& val = *n->meta().val;
  return val.kind() == ValueMeta::Kind::kTensor ? &val.tensor() : nullptr;
}

// A batch norm's arguments in ATen's order (input, weight, bias,
// running_mean, running_var, training, momentum, eps): ATen's ops and
// torch.batch_norm take them so, torch.nn.functional.batch_norm (what
// nn.BatchNorm calls, as Dynamo records it) as (input, running_mean,
// running_var, weight, bias, training, momentum, eps) with defaults after
// the running stats. IsBatchNormCall says which calls these are.
// Positional or by name; nullopt for other calls or when an argument
// without a default is missing.
bool IsBatchNormCall(const Node& n) {
  const absl::string_view target = n.target();
  return n.op() == OpKind::kCallFunction &&
         (target == "torch.nn.functional.batch_norm" || target == "torch.batch_norm" ||
          target == "torch.ops.aten.batch_norm.default" ||
          target == "torch.ops.aten.native_batch_norm.default");
}

absl::optional<std::vector<Argument>> BatchNormArgs(const Node& n) {
  static constexpr absl::string_view kNames[] = {"input",       "weight",   "bias",
                                                 "running_mean", "running_var", "training",
                                                 "momentum",    "eps"};
  static constexpr size_t kFunctionalPosition[] = {0, 3, 4, 1, 2, 5, 6, 7};
  if (!IsBatchNormCall(n)) return absl::nullopt;
  const bool functional = n.target() == "torch.nn.functional.batch_norm";
  std::vector<Argument> args;
  for (size_t i = 0; i < 8; ++i) {
    if (const Argument* a = ArgAt(n, functional ? kFunctionalPosition[i] : i, kNames[i])) {
      args.push_back(*a);
    } else if (functional && (i == 1 || i == 2)) {
      args.push_back(Argument::None());
    } else if (functional && i >= 5) {
      args.push_back(i == 5 ? Argument::Bool(false) : Argument::Float(i == 6 ? 0.1 : 1e-5));
    } else {
      return absl::nullopt;
    }
  }
  return args;
}

// Whether aten.contiguous(x) returns x itself (x is contiguous in the
// format asked for; only the default format is judged), from x's recorded
// shape and strides; nullopt when they are not recorded or symbolic.
absl::optional<bool> ContiguousReturnsInput(const Node& n) {
  const Argument* format = ArgAt(n, 1, "memory_format");
  if (format != nullptr && !(format->kind() == ArgKind::kMemoryFormat &&
                             format->memory_format() == MemoryFormat::kContiguous)) {
    return absl::nullopt;
  }
  const TensorMeta* input =
      n.args().empty() || !n.args()[0].is_node() ? nullptr : TensorVal(n.args()[0].node());
  if (input == nullptr || input->stride.size() != input->shape.size()) return absl::nullopt;
  int64_t expected = 1;  // PyTorch's rule: dims of size 1 have any stride
  for (size_t d = input->shape.size(); d-- > 0;) {
    const SymDim& size = input->shape[d];
    const SymDim& stride = input->stride[d];
    if (size.is_symbolic() || stride.is_symbolic()) return absl::nullopt;
    if (size.value() == 0) return true;
    if (size.value() != 1 && stride.value() != expected) return false;
    expected *= size.value();
  }
  return true;
}

bool KnownNonTensor(const Node& n) {
  return n.meta().val.has_value() && n.meta().val->kind() != ValueMeta::Kind::kTensor;
}

bool IsAten(const Node& n) {
  return n.op() == OpKind::kCallFunction && absl::StartsWith(n.target(), "torch.ops.");
}

// Torch-level ops whose result aliases its input or is a copy depending on
// strides, dtype or device; ATen graphs never hold them (they decompose).
// An in-place dropout in eval mode (`aten.dropout_(x, p, False)`, as
// export records `nn.Dropout(inplace=True)`, or symbolic_trace's
// `F.dropout(x, training=False, inplace=True)`) returns its input untouched.
bool IsDropoutInEval(const Node& n) {
  static const auto* const kInPlace = new absl::flat_hash_set<absl::string_view>{
      "dropout_", "alpha_dropout_", "feature_dropout_", "feature_alpha_dropout_"};
  static const auto* const kFunctional = new absl::flat_hash_set<absl::string_view>{
      "dropout", "alpha_dropout", "feature_alpha_dropout", "dropout1d", "dropout2d", "dropout3d"};
  const absl::string_view op = OperatorName(n);
  const Argument* train = nullptr;
  if (kInPlace->contains(op)) {
    train = ArgAt(n, 2, "train");
  } else if (kFunctional->contains(op) && HasInPlaceKeyword(n)) {
    train = ArgAt(n, 2, "training");
  }
  return train != nullptr && train->kind() == ArgKind::kBool && !train->bool_value();
}

bool IsMaybeAliasName(absl::string_view op) {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      "reshape", "reshape_as", "flatten", "contiguous", "to", "type", "type_as", "float",
      "double", "half", "bfloat16", "int", "long", "bool", "cpu", "cuda",
      // x.H, x.mH, x.adjoint(): a transposed view, conjugated when complex.
      "H", "mH", "adjoint",
  };
  return kNames->contains(op);
}

// Ops whose in-place forms swap storage or change metadata; functionalizing
// them needs tensor metadata tracking fxpp does not do.
bool IsStorageMutation(absl::string_view op) {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      "set_", "resize_", "resize_as_", "_resize_output_", "share_memory_", "storage_offset_",
  };
  return kNames->contains(op);
}

// Out-of-place twins of in-place Tensor methods that are no Tensor methods
// themselves (`x.copy_(y)` has no `x.copy(y)`): the twin is the ATen op.
bool HasNoMethodTwin(absl::string_view base) {
  static const auto* const kNames = new absl::flat_hash_set<absl::string_view>{
      "copy", "fill", "zero", "uniform", "normal", "random", "exponential", "geometric",
      "cauchy", "log_normal",
  };
  return kNames->contains(base);
}

// The overload of `overloads` a call with `n`'s positional arguments
// selects: tensors where the schema takes tensors, other values elsewhere,
// the rest defaulted; nullptr when none fits.
const OpSchema* OverloadForCall(const std::vector<const OpSchema*>& overloads, const Node& n) {
  for (const OpSchema* schema : overloads) {
    const std::vector<SchemaArgument>& params = schema->arguments;
    bool fits = params.size() >= n.args().size();
    for (size_t i = 0; fits && i < params.size(); ++i) {
      if (i >= n.args().size()) {
        fits = params[i].default_value.has_value() || params[i].kwarg_only;
      } else {
        fits = !params[i].kwarg_only && params[i].is_tensor_like() == n.args()[i].is_node();
      }
    }
    if (fits && !schema->is_mutable()) return schema;
  }
  return nullptr;
}

// `operator.iadd` -> `operator.add`; `__iadd__` -> `__add__`.
absl::optional<std::string> AugmentedTwin(const Node& n) {
  static const auto* const kOps = new absl::flat_hash_set<absl::string_view>{
      "iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow", "imatmul",
      "iand", "ior", "ixor", "ilshift", "irshift",
  };
  const absl::string_view target = n.target();
  if (n.op() == OpKind::kCallFunction && absl::StartsWith(target, "operator.") &&
      kOps->contains(target.substr(9))) {
    return absl::StrCat("operator.", target.substr(10));
  }
  if (n.op() == OpKind::kCallMethod && target.size() > 5 && absl::StartsWith(target, "__") &&
      absl::EndsWith(target, "__") && kOps->contains(target.substr(2, target.size() - 4))) {
    return absl::StrCat("__", target.substr(3));
  }
  return absl::nullopt;
}

// An index that selects along one dimension: `i`, `a:b:c`, or a tuple of
// full slices followed by one of those (x[:, 1]). Sets the dimension and the
// index element.
bool IsFullSlice(const Argument& a) {
  return a.kind() == ArgKind::kSlice && a.elements()[0].is_none() && a.elements()[1].is_none() &&
         a.elements()[2].is_none();
}

bool SimpleIndex(const Argument& index, int64_t* dim, const Argument** element) {
  const auto selects = [](const Argument& a) {
    return a.kind() == ArgKind::kInt || a.kind() == ArgKind::kSlice;
  };
  if (selects(index)) {
    *dim = 0;
    *element = &index;
    return true;
  }
  if (index.kind() != ArgKind::kTuple || index.elements().empty()) return false;
  const std::vector<Argument>& parts = index.elements();
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    if (!IsFullSlice(parts[i])) return false;
  }
  if (!selects(parts.back())) return false;
  *dim = static_cast<int64_t>(parts.size()) - 1;
  *element = &parts.back();
  return true;
}

// `x[index]` for an index of integers and slices along several dimensions
// (`x[a:b, c:d]`, swin's attention mask): the simple indices (SimpleIndex)
// of a chain of views, one per dimension selected, each index counting the
// dimensions the ones before it left. nullopt for any other index.
absl::optional<std::vector<Argument>> SimpleIndexChain(const Argument& index) {
  int64_t dim = 0;
  const Argument* element = nullptr;
  if (SimpleIndex(index, &dim, &element)) return std::vector<Argument>{index};
  if (index.kind() != ArgKind::kTuple) return absl::nullopt;
  std::vector<Argument> chain;
  int64_t kept = 0;  // dimensions of the view so far before the next part
  for (const Argument& part : index.elements()) {
    if (IsFullSlice(part)) {
      ++kept;
      continue;
    }
    if (part.kind() != ArgKind::kInt && part.kind() != ArgKind::kSlice) return absl::nullopt;
    std::vector<Argument> step(kept, Argument::Slice(Argument::None(), Argument::None(),
                                                     Argument::None()));
    step.push_back(part);
    chain.push_back(Argument::Tuple(std::move(step)));
    if (part.kind() == ArgKind::kSlice) ++kept;  // an integer drops its dimension
  }
  return chain;
}

// aten.index_put's indices for `x[index] = v` when the index is tensors
// (x[mask], x[i, j]) or tensors and full slices (x[:, pos]): None for each
// full slice, as PyTorch's indexing passes them, trailing ones dropped.
// nullopt for any other index (a node known not to be a tensor, such as a
// symbolic int, selects).
absl::optional<std::vector<Argument>> IndexPutIndices(const Argument& index) {
  const auto is_tensor = [](const Argument& a) { return a.is_node() && !KnownNonTensor(*a.node()); };
  if (is_tensor(index)) return std::vector<Argument>{index};
  if (index.kind() != ArgKind::kTuple && index.kind() != ArgKind::kList) return absl::nullopt;
  std::vector<Argument> indices;
  bool any_tensor = false;
  for (const Argument& a : index.elements()) {
    if (is_tensor(a)) {
      indices.push_back(a);
      any_tensor = true;
    } else if (IsFullSlice(a)) {
      indices.push_back(Argument::None());
    } else {
      return absl::nullopt;
    }
  }
  if (!any_tensor) return absl::nullopt;
  while (indices.back().is_none()) indices.pop_back();
  return indices;
}

class Functionalizer {
 public:
  // `module` owns the state the graph's get_attr and call_module nodes name.
  Functionalizer(Graph& graph, const GraphModule& module, const FunctionalizeOptions& options,
                 FunctionalizeReport* report)
      : graph_(graph),
        module_(module),
        options_(options),
        table_(options.schemas != nullptr ? *options.schemas : SchemaTable::Default()),
        report_(report) {}

  absl::Status Run();

 private:
  // Per node (by id), for nodes of the input graph and nodes this pass adds.
  struct State {
    Effect effect = Effect::kPure;
    Action action;
    // The tensor a mutating call's result is (its written argument), or the
    // value replacing a call (kMutable, kBatchNorm); null: the node itself.
    Node* resolved = nullptr;
    // kOut with several written arguments: getitem i is elements[i].
    std::vector<Node*> elements;
    // Views: the tensor viewed; null for storage roots.
    Node* base = nullptr;
    // Views: the node recomputed from the base (the split for an element).
    Node* regen_from = nullptr;
    int64_t element = -1;
    Node* root = nullptr;      // the storage root (null: the node itself)
    Node* current = nullptr;   // the value last computed for this view
    uint64_t version = 0;      // the root's version `current` reflects
    // Roots: the latest value and how often it was written.
    Node* latest = nullptr;
    uint64_t root_version = 0;
    const Node* first_writer = nullptr;
    bool assigned = false;
    // kMaybeView: the root whose writes make reading this node ambiguous.
    Node* maybe_root = nullptr;
    uint64_t maybe_version = 0;
  };

  // A deque: growing it for new nodes keeps references to existing states.
  State& S(const Node* n) {
    if (n->id() >= state_.size()) state_.resize(graph_.id_bound() + 64);
    return state_[n->id()];
  }
  Node* Resolve(Node* n) {
    while (S(n).resolved != nullptr && S(n).resolved != n) n = S(n).resolved;
    return n;
  }
  Node* RootOf(Node* n) {
    Node* r = S(n).root;
    return r == nullptr ? n : r;
  }

  absl::StatusOr<Action> Classify(const Node& n);
  absl::StatusOr<Action> ClassifyAten(const Node& n);
  absl::StatusOr<Action> ClassifyBatchNorm(const Node& n);
  absl::StatusOr<Action> ClassifyInPlaceName(const Node& n);
  absl::Status Process(Node* n);
  absl::Status ProcessInPlace(Node* n, const Action& action);
  absl::Status ProcessOut(Node* n, const Action& action);
  absl::Status ProcessMutable(Node* n, const Action& action);
  absl::Status ProcessAutoFunctionalized(Node* n, const OpSchema& schema);
  absl::Status ReplaceByFunctionalCall(Node* n, Node* call, int64_t first_written,
                                       const std::vector<const Argument*>& written,
                                       bool one_result);
  absl::Status ProcessGetItem(Node* n);
  absl::Status ProcessSetItem(Node* n);
  absl::Status ProcessOutput(Node* output);
  // A module call reads (and may write) the state under its path in place,
  // while this pass gives a written attribute its new value only at the
  // graph's end: a call after such a write is refused, as it would see the
  // old value.
  absl::Status CheckCallFollowsNoAttributeWrite(const Node& call);
  // Rewrites every node argument to its current value.
  absl::Status RewriteArgs(Node* n);
  absl::StatusOr<Argument> CurrentArg(const Argument& a);
  // The current value of `n` (its latest write, or the view recomputed from
  // its updated base).
  absl::StatusOr<Node*> Current(Node* n);
  // Records that `mutator` gave `target` the value `value`, writing it back
  // through every view to the storage root.
  absl::Status Mutate(const Node& mutator, Node* target, Node* value);
  // The new value of a view's base after the view became `value`.
  absl::StatusOr<Node*> Inverse(const Node& mutator, Node* view, Node* base_value, Node* value);
  // What writing `value` back through `view` into `base_value` needs.
  struct WriteBack {
    const Node& mutator;
    Node* view;
    Node* base_value;
    Node* value;
    const Node& tmpl;  // the call that made the view (an element's: the split)
    bool aten;         // ATen ops get ATen inverses, others torch.* / methods
    absl::string_view op;
    const TensorMeta* base_meta;  // nullptr when the graph records no shape
  };
  // X_scatter(base, value, *extra) for the view op X.
  Node* Scatter(const WriteBack& w, absl::string_view name, std::vector<Argument> extra,
                KwArgs kwargs = {});
  // The inverse view op applied to `from` (with `args` after it).
  Node* ReshapeBack(const WriteBack& w, const ViewInverse& inverse, Node* from,
                    std::vector<Argument> args, Node* val_from);
  absl::Status NeedShape(const WriteBack& w);
  // The base's recorded shape as a size list; symbolic sizes are read from
  // the base's current value at run time.
  Argument BaseShape(const WriteBack& w);
  // An element of unbind/split/split_with_sizes.
  absl::StatusOr<Node*> ElementInverse(const WriteBack& w);
  absl::StatusOr<Node*> IndexScatter(const WriteBack& w);
  // select_scatter or slice_scatter of w.value into w.base_value at a
  // simple index (SimpleIndex).
  absl::StatusOr<Node*> ScatterAtSimpleIndex(const WriteBack& w, const Argument& index);
  absl::StatusOr<Node*> InversePermute(const WriteBack& w, const ViewInverse& inverse);
  absl::StatusOr<Node*> UnsqueezeBack(const WriteBack& w, const ViewInverse& inverse);
  void MakeView(Node* view, Node* base, Node* regen_from);
  // `n` may alias `source` or copy it: an error if it is written, or read
  // after `source`'s storage is written.
  void MakeMaybeView(Node* n, Node* source);

  Node* Emit(OpKind op, absl::string_view target, std::vector<Argument> args, KwArgs kwargs,
             const Node& meta_from, const Node* val_from);
  absl::Status Unsupported(const Node& n, absl::string_view why) {
    return absl::UnimplementedError(
        absl::StrCat("node '", n.name(), "' (", n.target(), "): ", why));
  }

  // Gives the twin the arguments it requires that the call left to the
  // mutating op's defaults (bernoulli_.float's p=0.5: bernoulli.p has no
  // default), from the mutating op's schema: positionally where the call's
  // positional arguments end there, else by name.
  absl::Status CompleteTwinArguments(const Node& n, const Action& action,
                                     std::vector<Argument>& args, KwArgs& kwargs) {
    if (action.schema == nullptr || action.twin_schema == nullptr) return absl::OkStatus();
    const std::vector<SchemaArgument>& params = action.twin_schema->arguments;
    for (size_t i = 0; i < params.size(); ++i) {
      const SchemaArgument& param = params[i];
      if (param.default_value.has_value() || (!param.kwarg_only && i < args.size()) ||
          std::any_of(kwargs.begin(), kwargs.end(),
                      [&](const KwArg& kw) { return kw.name.str() == param.name; })) {
        continue;
      }
      const int source = action.schema->ArgumentIndex(param.name);
      const absl::optional<std::string>& default_text =
          source >= 0 ? action.schema->arguments[source].default_value : absl::nullopt;
      const absl::optional<Argument> value =
          default_text.has_value() ? DefaultArgument(*default_text) : absl::nullopt;
      if (!value.has_value()) {
        return Unsupported(n, absl::StrCat("its out-of-place twin ",
                                           action.twin_schema->QualifiedName(), " needs argument '",
                                           param.name, "', which the call leaves out"));
      }
      if (!param.kwarg_only && i == args.size()) {
        args.push_back(*value);
      } else {
        kwargs.push_back(KwArg{Symbol::Intern(param.name), *value});
      }
    }
    return absl::OkStatus();
  }

  // The schema of a call's `target`: the given table's, or without one
  // ATen's and the registered custom operators' (FindSchema).
  const OpSchema* Schema(absl::string_view target) const {
    return options_.schemas != nullptr ? table_.Find(target) : FindSchema(target);
  }

  Graph& graph_;
  const GraphModule& module_;
  const FunctionalizeOptions& options_;
  const SchemaTable& table_;
  FunctionalizeReport* report_;
  std::deque<State> state_;
  std::vector<Node*> erase_;  // rewritten mutating calls
  // get_attr target -> its first read.
  absl::flat_hash_map<std::string, Node*> attribute_reads_;
  // The first reads of the attributes written so far, in write order.
  std::vector<const Node*> written_attributes_;
  // What module calls read, from the first call after an attribute write.
  absl::optional<AliasSets> module_call_reads_;
};

Node* Functionalizer::Emit(OpKind op, absl::string_view target, std::vector<Argument> args,
                           KwArgs kwargs, const Node& meta_from, const Node* val_from) {
  Node* n = graph_.CreateNode(op, target, std::move(args), std::move(kwargs));
  NodeMeta meta = meta_from.meta();
  meta.val.reset();
  if (val_from != nullptr && val_from->meta().val.has_value()) meta.val = *val_from->meta().val;
  n->set_meta(std::move(meta));
  return n;
}

absl::StatusOr<Action> Functionalizer::Classify(const Node& n) {
  Action action;
  if (n.op() != OpKind::kCallFunction && n.op() != OpKind::kCallMethod) return action;
  const absl::string_view op = OperatorName(n);
  const absl::string_view target = n.target();
  if (IsBatchNormCall(n)) return ClassifyBatchNorm(n);
  if (IsDropoutInEval(n)) {
    action.effect = Effect::kNoWrite;
    return action;
  }
  if (IsAten(n)) return ClassifyAten(n);
  // symbolic_trace records `x[i] = v` as x.__setitem__(i, v).
  if ((n.op() == OpKind::kCallFunction &&
       (target == "operator.setitem" || target == "_operator.setitem")) ||
      (n.op() == OpKind::kCallMethod && target == "__setitem__")) {
    action.effect = Effect::kSetItem;
    return action;
  }
  if (absl::optional<std::string> twin = AugmentedTwin(n)) {
    // `+=` on a Python number rebinds; only tensors are written.
    if (!n.args().empty() && n.args()[0].is_node() && KnownNonTensor(*n.args()[0].node())) {
      return action;
    }
    action.effect = Effect::kInPlace;
    action.twin_op = n.op();
    action.twin_target = *std::move(twin);
    return action;
  }
  if (HasInPlaceKeyword(n)) {
    action.effect = Effect::kInPlace;
    action.twin_op = n.op();
    action.twin_target = std::string(target);
    action.inplace_kwarg = true;
    return action;
  }
  if (n.FindKwarg("out") != nullptr) {
    action.effect = Effect::kOut;
    action.twin_op = n.op();
    action.twin_target = std::string(target);
    return action;
  }
  if (IsInPlaceCall(n)) return ClassifyInPlaceName(n);
  if (op == "contiguous" && n.op() == OpKind::kCallMethod) {
    // As aten.contiguous (ClassifyAten): the recorded strides decide.
    if (const absl::optional<bool> aliases = ContiguousReturnsInput(n)) {
      if (*aliases) action.effect = Effect::kView;
      return action;
    }
  }
  // symbolic_trace's `x.data` and `x.T`: views that no ATen op of that name
  // tells (x.mT, x.real and x.imag have theirs).
  if (IsGetAttrCall(n) && (op == "data" || op == "T")) {
    action.effect = Effect::kView;
    return action;
  }
  if (IsMaybeAliasName(op)) {
    action.effect = Effect::kMaybeView;
    action.maybe_view_reason = absl::StrCat("'", op, "' returns its input or a copy depending on "
                                            "strides, dtype or device");
    return action;
  }
  for (const OpSchema* schema : table_.Overloads("aten", op)) {
    if (!schema->is_view()) continue;
    action.effect = absl::EndsWith(schema->returns[0].type, "[]") ? Effect::kMultiView : Effect::kView;
    return action;
  }
  if (!MutatedArgPositions(n).empty()) {
    return Unsupported(n, "mutates its arguments in a way fxpp can only functionalize at the "
                          "ATen level; functionalize the make_fx/export graph instead");
  }
  return action;
}

// An ATen op: by its schema.
absl::StatusOr<Action> Functionalizer::ClassifyAten(const Node& n) {
  Action action;
  const absl::string_view op = OperatorName(n);
  const absl::string_view target = n.target();
  if (target == "torch.ops.aten.contiguous.default") {
    // Its input itself when that is contiguous already, else a copy: the
    // input's recorded strides tell which.
    const absl::optional<bool> aliases = ContiguousReturnsInput(n);
    if (aliases.has_value() && !*aliases) return action;  // a new tensor
    if (!aliases.has_value()) {
      action.effect = Effect::kMaybeView;
      action.maybe_view_reason =
          "'contiguous' returns its input or a copy depending on strides the graph does not "
          "record";
      return action;
    }
  }
  const OpSchema* schema = Schema(target);
  action.schema = schema;
  if (schema == nullptr) {
    if (IsUnknownOperator(n)) {
      return Unsupported(n, "an operator outside ATen whose schema fxpp does not know, so it may "
                            "write any tensor it is given; functionalize with PyTorch (make_fx, "
                            "export), which calls custom operators through auto_functionalized");
    }
    if (IsInPlaceOpName(op) || n.FindKwarg("out") != nullptr) {
      return Unsupported(n, "a mutating op the schema table does not know, so its "
                            "out-of-place twin is unknown");
    }
    // An overload packet (`torch.ops.aten.alias`) runs the overload its
    // arguments select.
    const std::vector<const OpSchema*>& overloads = table_.Overloads("aten", op);
    if (std::any_of(overloads.begin(), overloads.end(), [](const OpSchema* overload) {
          return overload->is_view() || overload->is_mutable();
        })) {
      return Unsupported(n, "an overload packet whose overloads alias or write their "
                            "arguments; call one overload (torch.ops.aten.<op>.<overload>)");
    }
    return action;  // unknown ATen ops are taken to be functional
  }
  if (schema->is_view()) {
    if (schema->aliased_argument() != 0) return Unsupported(n, "a view of an argument other than self");
    action.effect = absl::EndsWith(schema->returns[0].type, "[]") ? Effect::kMultiView : Effect::kView;
    return action;
  }
  if (!schema->is_mutable()) return action;
  if (IsStorageMutation(schema->name)) {
    return Unsupported(n, "swaps or resizes storage, which functionalization cannot express");
  }
  action.twin_schema = table_.FunctionalVariant(*schema);
  if (action.twin_schema == nullptr && schema->ns != "aten") {
    // A custom operator (torch.library's mutates_args): called through
    // auto_functionalized, as PyTorch's functionalization calls it.
    action.effect = Effect::kMutable;
    action.auto_functionalized = true;
    return action;
  }
  if (action.twin_schema == nullptr) {
    return Unsupported(n, "the schema table has no out-of-place twin for this mutating op");
  }
  if (action.twin_schema->is_view()) {
    return Unsupported(n, "mutates tensor metadata (an in-place view op)");
  }
  action.twin_target = action.twin_schema->FxTarget();
  action.effect = schema->is_inplace() ? Effect::kInPlace
                  : schema->is_out()   ? Effect::kOut
                                       : Effect::kMutable;
  return action;
}

// A batch norm updates its running statistics in training mode: it is then
// replaced by _native_batch_norm_legit_functional (ProcessMutable).
absl::StatusOr<Action> Functionalizer::ClassifyBatchNorm(const Node& n) {
  Action action;
  const absl::optional<std::vector<Argument>> args = BatchNormArgs(n);
  if (!args.has_value()) {
    return Unsupported(n, "a batch norm without its input or running statistics");
  }
  const Argument& training = (*args)[5];
  if (training.kind() != ArgKind::kBool) {
    return Unsupported(n, "whether this batch norm trains (and so updates its running "
                          "statistics) is not a constant");
  }
  const Argument& running_mean = (*args)[3];
  const Argument& running_var = (*args)[4];
  if (!training.bool_value() || (running_mean.is_none() && running_var.is_none())) return action;
  if (!running_mean.is_node() || !running_var.is_node()) {
    return Unsupported(n, "a training batch norm with one running statistic");
  }
  action.effect = Effect::kBatchNorm;
  return action;
}

// A non-ATen call named like an in-place op (`x.add_(y)`): its twin is the
// name without the underscore, when the schema table knows both.
absl::StatusOr<Action> Functionalizer::ClassifyInPlaceName(const Node& n) {
  Action action;
  const absl::string_view op = OperatorName(n);
  const absl::string_view target = n.target();
  const absl::string_view base = op.substr(0, op.size() - 1);
  if (IsStorageMutation(op)) {
    return Unsupported(n, "swaps or resizes storage, which functionalization cannot express");
  }
  const std::vector<const OpSchema*>& functional = table_.Overloads("aten", base);
  if (functional.empty() || table_.Overloads("aten", op).empty()) {
    return Unsupported(n, "an in-place op the schema table does not know");
  }
  if (functional.front()->is_view()) return Unsupported(n, "mutates tensor metadata (an in-place view op)");
  action.effect = Effect::kInPlace;
  action.twin_op = n.op();
  action.twin_target = n.op() == OpKind::kCallMethod
                           ? std::string(base)
                           : absl::StrCat(target.substr(0, target.size() - 1));
  if (n.op() == OpKind::kCallMethod && HasNoMethodTwin(base)) {
    const OpSchema* twin = OverloadForCall(functional, n);
    if (twin == nullptr) return Unsupported(n, "no ATen overload of its out-of-place twin fits");
    action.twin_op = OpKind::kCallFunction;
    action.twin_target = twin->FxTarget();
  }
  return action;
}

void Functionalizer::MakeMaybeView(Node* n, Node* source) {
  // Through chains of maybe-views, the storage the first one may share.
  const State& from = S(RootOf(Resolve(source)));
  State& s = S(n);
  s.maybe_root = from.maybe_root != nullptr ? from.maybe_root : RootOf(Resolve(source));
  s.maybe_version = from.maybe_root != nullptr ? from.maybe_version : S(s.maybe_root).root_version;
}

void Functionalizer::MakeView(Node* view, Node* base, Node* regen_from) {
  State& s = S(view);
  base = Resolve(base);
  s.base = base;
  s.regen_from = regen_from;
  s.root = RootOf(base);
  s.current = view;
  s.version = S(s.root).root_version;
}

absl::StatusOr<Argument> Functionalizer::CurrentArg(const Argument& a) {
  absl::Status status;
  Argument mapped = a.MapNodes([&](Node* n) {
    absl::StatusOr<Node*> current = Current(n);
    if (!current.ok()) {
      status.Update(current.status());
      return Argument::Ref(n);
    }
    return Argument::Ref(*current);
  });
  RETURN_IF_ERROR(status);
  return mapped;
}

absl::Status Functionalizer::RewriteArgs(Node* n) {
  bool changed = false;
  std::vector<Argument> args;
  args.reserve(n->args().size());
  for (const Argument& a : n->args()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(a));
    changed |= mapped != a;
    args.push_back(std::move(mapped));
  }
  KwArgs kwargs;
  for (const KwArg& kw : n->kwargs()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(kw.value));
    changed |= mapped != kw.value;
    kwargs.push_back(KwArg{kw.name, std::move(mapped)});
  }
  if (changed) n->SetArgsKwargs(std::move(args), std::move(kwargs));
  return absl::OkStatus();
}

absl::StatusOr<Node*> Functionalizer::Current(Node* n) {
  Node* const read = n;
  n = Resolve(n);
  State& s = S(n);
  // A value that may alias a tensor written since (through its storage root).
  const State& root = S(RootOf(n));
  if (root.maybe_root != nullptr && S(root.maybe_root).root_version != root.maybe_version) {
    return absl::UnimplementedError(absl::StrCat(
        "node '", n->name(), "' is read after '", S(root.maybe_root).first_writer->name(),
        "' wrote '", root.maybe_root->name(), "', but ", root.action.maybe_view_reason,
        ", so whether it sees the write is unknown; functionalize the ATen graph "
        "(make_fx/export) instead"));
  }
  if (s.base == nullptr) {
    if (s.latest != nullptr) return s.latest;
    // An attribute not written yet: each read stays as it is.
    return read->op() == OpKind::kGetAttr ? read : n;
  }
  const uint64_t version = S(s.root).root_version;
  if (s.current != nullptr && s.version == version) return s.current;
  // The base changed since this view was computed: recompute it from the
  // base's current value (an element from its recomputed split).
  ASSIGN_OR_RETURN(Node* from, Current(s.regen_from));
  Node* old_from = n->args()[0].node();
  Node* fresh = graph_.NodeCopy(*n, [&](Node* ref) { return Argument::Ref(ref == old_from ? from : ref); });
  ++report_->views_regenerated;
  s.current = fresh;
  s.version = version;
  return fresh;
}

absl::Status Functionalizer::Mutate(const Node& mutator, Node* target, Node* value) {
  target = Resolve(target);
  Node* node = target;
  while (S(node).base != nullptr) {
    Node* base = S(node).base;
    ASSIGN_OR_RETURN(Node* base_value, Current(base));
    ASSIGN_OR_RETURN(Node* new_base, Inverse(mutator, node, base_value, value));
    if (new_base != value) ++report_->scatters;
    value = new_base;
    node = base;
  }
  State& root = S(node);
  if (root.maybe_root != nullptr) {
    return absl::UnimplementedError(absl::StrCat(
        "node '", mutator.name(), "' writes '", node->name(), "', but ",
        root.action.maybe_view_reason, ", so whether the write reaches '",
        root.maybe_root->name(), "' is unknown; functionalize the ATen graph (make_fx/export) "
        "instead"));
  }
  root.latest = value;
  ++root.root_version;
  if (root.first_writer == nullptr) {
    root.first_writer = &mutator;
    if (node->op() == OpKind::kGetAttr) written_attributes_.push_back(node);
  }
  return absl::OkStatus();
}

// Integer arguments of views.
absl::StatusOr<int64_t> IntArg(const Node& n, size_t index, absl::string_view name,
                               absl::optional<int64_t> default_value) {
  const Argument* a = ArgAt(n, index, name);
  if (a == nullptr || a->is_none()) {
    if (default_value.has_value()) return *default_value;
  } else if (a->kind() == ArgKind::kInt) {
    return a->int_value();
  }
  return absl::UnimplementedError(absl::StrCat("node '", n.name(), "': argument '", name,
                                               "' is not a constant integer"));
}

// A size or dims argument: a list, or (torch-level methods) varargs.
std::vector<Argument> ListArg(const Node& n, size_t index, absl::string_view name) {
  const Argument* a = ArgAt(n, index, name);
  if (a != nullptr && (a->kind() == ArgKind::kList || a->kind() == ArgKind::kTuple)) {
    return a->elements();
  }
  if (a == nullptr) return {};
  return std::vector<Argument>(n.args().begin() + index, n.args().end());
}

Node* Functionalizer::Scatter(const WriteBack& w, absl::string_view name,
                              std::vector<Argument> extra, KwArgs kwargs) {
  std::vector<Argument> args = {Argument::Ref(w.base_value), Argument::Ref(w.value)};
  if (!w.aten && name == "slice_scatter") {
    // torch.slice_scatter of PyTorch 1.13 misreads omitted trailing
    // arguments (`slice_scatter(x, src, 0, 0, 2)` scatters one row, or
    // fails with "slice step must be positive"): pass every one.
    const Argument defaults[] = {Argument::Int(0), Argument::None(), Argument::None(),
                                 Argument::Int(1)};
    while (extra.size() < 4) extra.push_back(defaults[extra.size()]);
  }
  for (Argument& a : extra) args.push_back(std::move(a));
  const std::string target = w.aten ? absl::StrCat("torch.ops.aten.", name, ".default")
                                    : absl::StrCat("torch.", name);
  return Emit(OpKind::kCallFunction, target, std::move(args), std::move(kwargs), w.mutator,
              w.base_value);
}

Node* Functionalizer::ReshapeBack(const WriteBack& w, const ViewInverse& inverse, Node* from,
                                  std::vector<Argument> args, Node* val_from) {
  args.insert(args.begin(), Argument::Ref(from));
  return w.aten ? Emit(OpKind::kCallFunction, inverse.aten_target, std::move(args), {}, w.mutator,
                       val_from)
                : Emit(OpKind::kCallMethod, inverse.method, std::move(args), {}, w.mutator,
                       val_from);
}

absl::Status Functionalizer::NeedShape(const WriteBack& w) {
  return Unsupported(w.mutator, absl::StrCat("writes through '", w.view->name(), "' (", w.op,
                                             "), whose inverse needs the shape of '",
                                             S(w.view).base->name(), "', which the graph does "
                                             "not record (no meta val); read the graph from fxg "
                                             "or json"));
}

// A symbolic size (`s0`) is an expression of the graph's shape
// environment, not a value of the graph: a rebuilt graph could not name
// it. aten.sym_size / Tensor.size compute it, as export's graphs do.
Argument Functionalizer::BaseShape(const WriteBack& w) {
  std::vector<Argument> shape;
  for (size_t d = 0; d < w.base_meta->shape.size(); ++d) {
    const SymDim& dim = w.base_meta->shape[d];
    if (!dim.is_symbolic()) {
      shape.push_back(Argument::Int(dim.value()));
      continue;
    }
    std::vector<Argument> args = {Argument::Ref(w.base_value),
                                  Argument::Int(static_cast<int64_t>(d))};
    Node* size = w.aten ? Emit(OpKind::kCallFunction, "torch.ops.aten.sym_size.int",
                               std::move(args), {}, w.mutator, nullptr)
                        : Emit(OpKind::kCallMethod, "size", std::move(args), {}, w.mutator,
                               nullptr);
    size->mutable_meta().val = ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, dim.expr());
    shape.push_back(Argument::Ref(size));
  }
  return Argument::List(std::move(shape));
}

absl::StatusOr<Node*> Functionalizer::ElementInverse(const WriteBack& w) {
  const int64_t element = S(w.view).element;
  ASSIGN_OR_RETURN(int64_t dim, IntArg(w.tmpl, w.op == "unbind" ? 1 : 2, "dim", 0));
  if (w.op == "unbind") return Scatter(w, "select_scatter", {Argument::Int(dim), Argument::Int(element)});
  int64_t start = 0, end = 0;
  if (w.op == "split_with_sizes") {
    const std::vector<Argument> sizes = ListArg(w.tmpl, 1, "split_sizes");
    for (int64_t i = 0; i <= element && i < static_cast<int64_t>(sizes.size()); ++i) {
      if (sizes[i].kind() != ArgKind::kInt) return Unsupported(w.mutator, "split sizes are not constants");
      start = end;
      end += sizes[i].int_value();
    }
  } else if (w.op == "split") {
    ASSIGN_OR_RETURN(int64_t size, IntArg(w.tmpl, 1, "split_size", absl::nullopt));
    start = element * size;
    end = start + size;
    const TensorMeta* base_meta = w.base_meta;
    if (base_meta != nullptr && dim >= 0 && dim < static_cast<int64_t>(base_meta->shape.size()) &&
        !base_meta->shape[dim].is_symbolic()) {
      end = std::min(end, base_meta->shape[dim].value());
    }
  } else {
    return Unsupported(w.mutator, absl::StrCat("writes through an element of '", w.tmpl.name(),
                                               "' (", w.op, "), which fxpp cannot write back"));
  }
  return Scatter(w, "slice_scatter", {Argument::Int(dim), Argument::Int(start), Argument::Int(end)});
}

absl::StatusOr<Node*> Functionalizer::IndexScatter(const WriteBack& w) {
  const absl::optional<std::vector<Argument>> chain = SimpleIndexChain(w.tmpl.args()[1]);
  if (!chain.has_value()) {
    return Unsupported(w.mutator, absl::StrCat("writes through '", w.view->name(),
                                               "', an index with an ellipsis, None or a tensor"));
  }
  // x[a:b, c:d] is x[a:b][:, c:d]: the views between the base and the last
  // one, from the base's current value, then each written back in turn.
  std::vector<Node*> bases = {w.base_value};
  for (size_t k = 0; k + 1 < chain->size(); ++k) {
    bases.push_back(Emit(OpKind::kCallFunction, kGetItem, {Argument::Ref(bases.back()), (*chain)[k]},
                         {}, w.mutator, nullptr));
  }
  Node* value = w.value;
  for (size_t k = chain->size(); k-- > 0;) {
    const WriteBack step{w.mutator, w.view, bases[k], value, w.tmpl, w.aten, w.op, w.base_meta};
    ASSIGN_OR_RETURN(value, ScatterAtSimpleIndex(step, (*chain)[k]));
  }
  return value;
}

absl::StatusOr<Node*> Functionalizer::ScatterAtSimpleIndex(const WriteBack& w,
                                                           const Argument& index) {
  int64_t dim = 0;
  const Argument* element = nullptr;
  if (!SimpleIndex(index, &dim, &element)) return absl::InternalError("not a simple index");
  if (element->kind() == ArgKind::kInt) {
    return Scatter(w, "select_scatter", {Argument::Int(dim), *element});
  }
  const std::vector<Argument>& parts = element->elements();  // start, stop, step
  return Scatter(w, "slice_scatter", {Argument::Int(dim), parts[0], parts[1],
                                      parts[2].is_none() ? Argument::Int(1) : parts[2]});
}

absl::StatusOr<Node*> Functionalizer::InversePermute(const WriteBack& w,
                                                     const ViewInverse& inverse) {
  const std::vector<Argument> dims = ListArg(w.tmpl, 1, "dims");
  std::vector<Argument> inverted(dims.size());
  const int64_t rank = static_cast<int64_t>(dims.size());
  for (int64_t i = 0; i < rank; ++i) {
    if (dims[i].kind() != ArgKind::kInt) return Unsupported(w.mutator, "permute dims are not constants");
    int64_t d = dims[i].int_value();
    if (d < 0) d += rank;
    if (d < 0 || d >= rank) return Unsupported(w.mutator, "permute dims out of range");
    inverted[d] = Argument::Int(i);
  }
  return ReshapeBack(w, inverse, w.value, {Argument::List(std::move(inverted))}, w.base_value);
}

absl::StatusOr<Node*> Functionalizer::UnsqueezeBack(const WriteBack& w,
                                                    const ViewInverse& inverse) {
  const TensorMeta* base_meta = w.base_meta;
  if (base_meta == nullptr) return NeedShape(w);
  const int64_t rank = static_cast<int64_t>(base_meta->shape.size());
  std::vector<int64_t> dims;
  if (const Argument* d = ArgAt(w.tmpl, 1, "dim"); d != nullptr && !d->is_none()) {
    const std::vector<Argument> listed =
        d->kind() == ArgKind::kInt ? std::vector<Argument>{*d} : d->elements();
    for (const Argument& a : listed) {
      if (a.kind() != ArgKind::kInt) return Unsupported(w.mutator, "squeeze dims are not constants");
      dims.push_back(a.int_value() < 0 ? a.int_value() + rank : a.int_value());
    }
  } else {
    for (int64_t i = 0; i < rank; ++i) dims.push_back(i);
  }
  std::sort(dims.begin(), dims.end());
  // Only size-1 dims were removed; put them back, lowest first.
  Node* restored = w.value;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank || base_meta->shape[d] != SymDim(1)) continue;
    restored = ReshapeBack(w, inverse, restored, {Argument::Int(d)}, nullptr);
  }
  return restored;
}

absl::StatusOr<Node*> Functionalizer::Inverse(const Node& mutator, Node* view, Node* base_value,
                                              Node* value) {
  const State& s = S(view);
  const Node& tmpl = s.effect == Effect::kElement ? *s.regen_from : *view;
  const TensorMeta* base_meta = TensorVal(base_value);
  if (base_meta == nullptr) base_meta = TensorVal(s.base);
  const WriteBack w{mutator, view, base_value, value, tmpl, IsAten(tmpl), OperatorName(tmpl),
                    base_meta};
  const absl::string_view op = w.op;
  if (s.effect == Effect::kElement) return ElementInverse(w);
  // The rule is data (op_schema's view inverses); each kind's arguments here.
  const ViewInverse* inverse = FindViewInverse(op);
  if (inverse == nullptr) {
    return Unsupported(mutator, absl::StrCat("writes through '", view->name(), "' (", op,
                                             "), a view fxpp cannot write back to its base"));
  }
  // A view of `value` shaped like the base: the inverse of a view-like op.
  const auto reshape_back_with = [&](std::vector<Argument> args) {
    return ReshapeBack(w, *inverse, value, std::move(args), base_value);
  };
  switch (inverse->kind) {
    case ViewInverseKind::kIdentity:
      return value;
    case ViewInverseKind::kScatter:
      // X_scatter(base, src, *X's arguments): what PyTorch's inverses emit.
      return Scatter(w, absl::StrCat(op, "_scatter"),
                     std::vector<Argument>(tmpl.args().begin() + 1, tmpl.args().end()),
                     tmpl.kwargs());
    case ViewInverseKind::kNarrowScatter: {
      ASSIGN_OR_RETURN(int64_t dim, IntArg(tmpl, 1, "dim", absl::nullopt));
      ASSIGN_OR_RETURN(int64_t start, IntArg(tmpl, 2, "start", absl::nullopt));
      ASSIGN_OR_RETURN(int64_t length, IntArg(tmpl, 3, "length", absl::nullopt));
      return Scatter(w, "slice_scatter", {Argument::Int(dim), Argument::Int(start),
                                          Argument::Int(start + length), Argument::Int(1)});
    }
    case ViewInverseKind::kIndexScatter:
      return IndexScatter(w);
    case ViewInverseKind::kSelfInverse:
      return reshape_back_with({});
    case ViewInverseKind::kSwapDims: {
      ASSIGN_OR_RETURN(int64_t d0, IntArg(tmpl, 1, "dim0", absl::nullopt));
      ASSIGN_OR_RETURN(int64_t d1, IntArg(tmpl, 2, "dim1", absl::nullopt));
      return reshape_back_with({Argument::Int(d0), Argument::Int(d1)});
    }
    case ViewInverseKind::kInversePermute:
      return InversePermute(w, *inverse);
    case ViewInverseKind::kSqueezeDim: {
      ASSIGN_OR_RETURN(int64_t dim, IntArg(tmpl, 1, "dim", absl::nullopt));
      return reshape_back_with({Argument::Int(dim)});
    }
    case ViewInverseKind::kUnsqueezeDims:
      return UnsqueezeBack(w, *inverse);
    case ViewInverseKind::kViewAsBase:
      if (base_meta == nullptr) return NeedShape(w);
      return reshape_back_with({BaseShape(w)});
    case ViewInverseKind::kOverlapping:
      return Unsupported(mutator, absl::StrCat("writes through '", view->name(), "' (", op,
                                               "), where several elements share one memory "
                                               "location (PyTorch rejects this write too)"));
  }
  return absl::InternalError("unhandled view inverse kind");
}

absl::Status Functionalizer::ProcessGetItem(Node* n) {
  Node* producer = n->args().empty() || !n->args()[0].is_node() ? nullptr : n->args()[0].node();
  if (producer == nullptr || n->args().size() < 2) return RewriteArgs(n);
  // A copy: RewriteArgs below replaces n's arguments, and a reference into
  // them would dangle.
  const Argument index = n->args()[1];
  State& ps = S(producer);
  if (ps.effect == Effect::kMultiView) {
    if (index.kind() != ArgKind::kInt) return Unsupported(*n, "a non-constant index into a list of views");
    RETURN_IF_ERROR(RewriteArgs(n));
    State& s = S(n);
    s.effect = Effect::kElement;
    s.element = index.int_value();
    s.base = ps.base;
    s.regen_from = producer;
    s.root = ps.root;
    s.current = n;
    s.version = S(s.root).root_version;
    return absl::OkStatus();
  }
  if (!ps.elements.empty()) {  // out= with several outputs
    if (index.kind() != ArgKind::kInt || index.int_value() < 0 ||
        index.int_value() >= static_cast<int64_t>(ps.elements.size())) {
      return Unsupported(*n, "an index out of the out= results");
    }
    S(n).resolved = ps.elements[index.int_value()];
    erase_.push_back(n);
    return absl::OkStatus();
  }
  const TensorMeta* tensor = TensorVal(producer);
  const bool tuple_producer =
      ps.effect == Effect::kMutable || ps.effect == Effect::kBatchNorm ||
      (producer->meta().val.has_value() && !tensor) ||
      (ps.action.schema != nullptr && (ps.action.schema->returns.size() != 1 ||
                                        absl::EndsWith(ps.action.schema->returns[0].type, "[]")));
  RETURN_IF_ERROR(RewriteArgs(n));
  if (tuple_producer && tensor == nullptr) return absl::OkStatus();
  State& s = S(n);
  if (tensor != nullptr && SimpleIndexChain(index).has_value()) {
    s.effect = Effect::kView;
    MakeView(n, producer, producer);
    return absl::OkStatus();
  }
  // A tensor indexed in a way fxpp cannot write back, or a value of unknown
  // kind: fine unless written or read after a write.
  s.effect = Effect::kMaybeView;
  s.action.maybe_view_reason = tensor != nullptr
      ? std::string("the index holds an ellipsis, None or a tensor")
      : absl::StrCat("'", producer->name(), "' may be a tensor or a tuple (no meta val)");
  MakeMaybeView(n, producer);
  return absl::OkStatus();
}

absl::Status Functionalizer::ProcessSetItem(Node* n) {
  if (n->args().size() != 3 || !n->args()[0].is_node()) return Unsupported(*n, "unexpected arguments");
  Node* base = n->args()[0].node();
  // Copies, not references into n's arguments: nothing may hold those
  // across a change of n.
  const Argument index = n->args()[1];
  const Argument value = n->args()[2];
  ASSIGN_OR_RETURN(Node* base_value, Current(base));
  ASSIGN_OR_RETURN(Argument new_part, CurrentArg(value));
  erase_.push_back(n);
  ++report_->ops_replaced;
  if (absl::optional<std::vector<Argument>> tensor_indices = IndexPutIndices(index)) {
    ASSIGN_OR_RETURN(Argument indices, CurrentArg(Argument::List(std::move(*tensor_indices))));
    if (!new_part.is_node()) {
      const TensorMeta* meta = TensorVal(base_value);
      if (meta == nullptr) {
        return Unsupported(*n, "assigns a Python scalar through a tensor index; the dtype "
                               "of the target is unknown (no meta val)");
      }
      new_part = Argument::Ref(Emit(OpKind::kCallFunction, "torch.ops.aten.scalar_tensor.default",
                                    {new_part},
                                    {KwArg{Symbol::Intern("dtype"), Argument::Dtype(meta->dtype)},
                                     KwArg{Symbol::Intern("device"), Argument::Device(meta->device.str())}},
                                    *n, nullptr));
    }
    Node* put = Emit(OpKind::kCallFunction, "torch.ops.aten.index_put.default",
                     {Argument::Ref(base_value), indices, new_part}, {}, *n, base_value);
    return Mutate(*n, base, put);
  }
  const absl::optional<std::vector<Argument>> chain = SimpleIndexChain(index);
  if (!chain.has_value()) {
    return Unsupported(*n, "assigns through an index with an ellipsis, None or a tensor beside "
                           "other selections");
  }
  // Each view of the chain is written back into the one before it.
  Node* view = base;
  Node* view_value = base_value;
  for (const Argument& step : *chain) {
    Node* next = Emit(OpKind::kCallFunction, kGetItem, {Argument::Ref(view_value), step}, {}, *n,
                      nullptr);
    S(next).effect = Effect::kView;
    MakeView(next, view, view);
    view = view_value = next;
  }
  Node* written = new_part.is_node()
      ? Emit(OpKind::kCallFunction, kAtenCopy, {Argument::Ref(view), new_part}, {}, *n, view)
      : Emit(OpKind::kCallFunction, "torch.ops.aten.fill.Scalar", {Argument::Ref(view), new_part}, {},
             *n, view);
  return Mutate(*n, view, written);
}

absl::Status Functionalizer::CheckCallFollowsNoAttributeWrite(const Node& call) {
  if (written_attributes_.empty()) return absl::OkStatus();
  // What a module call reads is AliasSets' to say (the state under its path,
  // and what shares storage with it); the classes of the graph's attribute
  // reads stay as they are while the pass rewrites, so they are found once.
  if (!module_call_reads_.has_value()) module_call_reads_.emplace(graph_, &module_);
  const AliasSets& aliases = *module_call_reads_;
  const absl::Span<const Node* const> reads = aliases.StateAccessedBy(call);
  for (const Node* attribute : written_attributes_) {
    const Node* root = aliases.Root(attribute);
    if (std::none_of(reads.begin(), reads.end(),
                     [&](const Node* read) { return aliases.Root(read) == root; })) {
      continue;
    }
    const absl::string_view called = call.target();
    const absl::string_view path = attribute->target();
    const bool under_call =
        path == called || (absl::StartsWith(path, called) && path[called.size()] == '.');
    return Unsupported(call, absl::StrCat(
        "calls module '", called, "', which reads ", under_call ? "" : "storage shared with ",
        "'", path, "', after '", state_[attribute->id()].first_writer->name(), "' wrote it; a "
        "functionalized graph writes attributes back at its end, so the call would read the "
        "old value"));
  }
  return absl::OkStatus();
}

absl::Status Functionalizer::Process(Node* n) {
  if (n->op() == OpKind::kGetAttr) {
    // Every read of one attribute is the same tensor (make_fx and
    // symbolic_trace give each read its own node): later reads resolve to
    // the first, so that they see the writes through any of them.
    auto [first, inserted] = attribute_reads_.emplace(n->target(), n);
    if (!inserted) S(n).resolved = first->second;
    return absl::OkStatus();
  }
  if (n->op() == OpKind::kCallModule) RETURN_IF_ERROR(CheckCallFollowsNoAttributeWrite(*n));
  ASSIGN_OR_RETURN(Action action, Classify(*n));
  S(n).action = action;
  S(n).effect = action.effect;
  switch (action.effect) {
    case Effect::kPure:
      if (n->op() == OpKind::kCallFunction && (n->target() == kGetItem || n->target() == "_operator.getitem")) {
        return ProcessGetItem(n);
      }
      return RewriteArgs(n);
    case Effect::kView:
    case Effect::kMultiView: {
      if (n->args().empty() || !n->args()[0].is_node()) return RewriteArgs(n);
      Node* base = n->args()[0].node();  // before the rewrite: the tensor viewed
      RETURN_IF_ERROR(RewriteArgs(n));
      MakeView(n, base, base);
      return absl::OkStatus();
    }
    case Effect::kMaybeView: {
      Node* source = n->args().empty() || !n->args()[0].is_node() ? nullptr : n->args()[0].node();
      RETURN_IF_ERROR(RewriteArgs(n));
      if (source != nullptr) MakeMaybeView(n, source);
      return absl::OkStatus();
    }
    case Effect::kSetItem:
      return ProcessSetItem(n);
    case Effect::kElement:
      break;
    case Effect::kInPlace:
      return ProcessInPlace(n, action);
    case Effect::kNoWrite:
      if (n->args().empty() || !n->args()[0].is_node()) return Unsupported(*n, "no tensor to write");
      S(n).resolved = Resolve(n->args()[0].node());
      ++report_->ops_replaced;
      erase_.push_back(n);
      return absl::OkStatus();
    case Effect::kOut:
      return ProcessOut(n, action);
    case Effect::kMutable:
    case Effect::kBatchNorm:
      return ProcessMutable(n, action);
  }
  return absl::OkStatus();
}

// An in-place op (`add_`, `x += y`, `inplace=True`): its out-of-place twin,
// whose result becomes the written tensor's value.
absl::Status Functionalizer::ProcessInPlace(Node* n, const Action& action) {
  if (n->args().empty() || !n->args()[0].is_node()) return Unsupported(*n, "no tensor to write");
  Node* target = n->args()[0].node();
  std::vector<Argument> args;
  for (const Argument& a : n->args()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(a));
    args.push_back(std::move(mapped));
  }
  KwArgs kwargs;
  for (const KwArg& kw : n->kwargs()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(kw.value));
    if (action.inplace_kwarg && kw.name.str() == "inplace") mapped = Argument::Bool(false);
    kwargs.push_back(KwArg{kw.name, std::move(mapped)});
  }
  RETURN_IF_ERROR(CompleteTwinArguments(*n, action, args, kwargs));
  Node* twin = Emit(action.twin_op, action.twin_target, std::move(args), std::move(kwargs), *n, n);
  ++report_->ops_replaced;
  RETURN_IF_ERROR(Mutate(*n, target, twin));
  S(n).resolved = Resolve(target);
  erase_.push_back(n);
  return absl::OkStatus();
}

// An out= call: the twin's results become the out= tensors' values.
absl::Status Functionalizer::ProcessOut(Node* n, const Action& action) {
  // Written arguments: out= (torch-level) or the schema's written kwargs.
  std::vector<std::pair<size_t, Node*>> written;  // kwarg index, tensor
  std::vector<Argument> args;
  for (const Argument& a : n->args()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(a));
    args.push_back(std::move(mapped));
  }
  KwArgs kwargs;
  for (size_t i = 0; i < n->kwargs().size(); ++i) {
    const KwArg& kw = n->kwargs()[i];
    const bool is_written =
        action.schema != nullptr
            ? action.schema->ArgumentIndex(kw.name.str()) >= 0 &&
                  action.schema->arguments[action.schema->ArgumentIndex(kw.name.str())].is_write
            : kw.name.str() == "out";
    if (is_written) {
      if (kw.value.is_node()) {
        written.emplace_back(i, kw.value.node());
      } else if (kw.value.kind() == ArgKind::kTuple || kw.value.kind() == ArgKind::kList) {
        for (const Argument& e : kw.value.elements()) {
          if (!e.is_node()) return Unsupported(*n, "an out= argument that is not a tensor");
          written.emplace_back(i, e.node());
        }
      } else {
        return Unsupported(*n, "an out= argument that is not a tensor");
      }
      continue;
    }
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(kw.value));
    kwargs.push_back(KwArg{kw.name, std::move(mapped)});
  }
  if (written.empty()) return Unsupported(*n, "no out= tensor to write");
  RETURN_IF_ERROR(CompleteTwinArguments(*n, action, args, kwargs));
  Node* twin = Emit(action.twin_op, action.twin_target, std::move(args), std::move(kwargs), *n, n);
  ++report_->ops_replaced;
  if (written.size() == 1) {
    RETURN_IF_ERROR(Mutate(*n, written[0].second, twin));
    S(n).resolved = Resolve(written[0].second);
  } else {
    std::vector<Node*> elements;
    for (size_t i = 0; i < written.size(); ++i) {
      Node* part = Emit(OpKind::kCallFunction, kGetItem, {Argument::Ref(twin), Argument::Int(i)},
                        {}, *n, written[i].second);
      RETURN_IF_ERROR(Mutate(*n, written[i].second, part));
      elements.push_back(Resolve(written[i].second));
    }
    S(n).elements = std::move(elements);
  }
  erase_.push_back(n);
  return absl::OkStatus();
}

// A mutable ATen op (or training batch_norm): its functional variant returns
// the written arguments' new values after its results.
absl::Status Functionalizer::ProcessMutable(Node* n, const Action& action) {
  if (action.auto_functionalized) return ProcessAutoFunctionalized(n, *action.schema);
  const bool batch_norm = action.effect == Effect::kBatchNorm;
  // A batch norm's in ATen's order, all positional (cudnn_enabled dropped).
  const std::vector<Argument> given =
      batch_norm ? *BatchNormArgs(*n) : std::vector<Argument>(n->args().begin(), n->args().end());
  std::vector<Argument> args;
  for (const Argument& a : given) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(a));
    args.push_back(std::move(mapped));
  }
  KwArgs kwargs;
  const KwArgs none;
  for (const KwArg& kw : batch_norm ? none : n->kwargs()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(kw.value));
    kwargs.push_back(KwArg{kw.name, std::move(mapped)});
  }
  if (!batch_norm) RETURN_IF_ERROR(CompleteTwinArguments(*n, action, args, kwargs));
  const std::string target = batch_norm ? "torch.ops.aten._native_batch_norm_legit_functional.default"
                                        : action.twin_target;
  Node* twin = Emit(OpKind::kCallFunction, target, std::move(args), std::move(kwargs), *n, nullptr);
  // The written arguments' new values follow the original results.
  std::vector<int> mutated = batch_norm ? std::vector<int>{3, 4} : action.schema->MutatedArguments();
  std::vector<const Argument*> written;
  for (int index : mutated) {
    written.push_back(batch_norm ? &given[index]
                                 : ArgAt(*n, index, action.schema->arguments[index].name));
  }
  const int64_t results = batch_norm ? 3 : static_cast<int64_t>(action.schema->returns.size());
  // native_batch_norm returns (out, mean, rstd) as its twin begins; the
  // other batch norms return the normalized tensor alone, as does an op of
  // one result (rrelu_with_noise) whose twin returns it first.
  const bool one_result = batch_norm ? n->target() != "torch.ops.aten.native_batch_norm.default"
                                     : results == 1;
  return ReplaceByFunctionalCall(n, twin, results, written, one_result);
}

// Replaces the mutating call `n` by `call`, which returns n's results, then
// from position `first_written` on the new values of the arguments n
// writes (`written`, in that order; an argument that is not a tensor is
// skipped). `one_result`: n's users read call's first element.
absl::Status Functionalizer::ReplaceByFunctionalCall(Node* n, Node* call, int64_t first_written,
                                                     const std::vector<const Argument*>& written,
                                                     bool one_result) {
  ++report_->ops_replaced;
  for (size_t k = 0; k < written.size(); ++k) {
    if (written[k] == nullptr || !written[k]->is_node()) continue;
    Node* part = Emit(OpKind::kCallFunction, kGetItem,
                      {Argument::Ref(call), Argument::Int(first_written + static_cast<int64_t>(k))},
                      {}, *n, written[k]->node());
    RETURN_IF_ERROR(Mutate(*n, written[k]->node(), part));
  }
  S(n).resolved = one_result ? Emit(OpKind::kCallFunction, kGetItem,
                                    {Argument::Ref(call), Argument::Int(0)}, {}, *n, n)
                             : call;
  erase_.push_back(n);
  return absl::OkStatus();
}

// A custom operator that writes its arguments, as PyTorch's
// functionalization calls it: auto_functionalized(op, **arguments), which
// returns the op's results (None when it has none), then the new values of
// the arguments it writes, in schema order.
absl::Status Functionalizer::ProcessAutoFunctionalized(Node* n, const OpSchema& schema) {
  if (n->args().size() > schema.arguments.size()) {
    return Unsupported(*n, "more arguments than its schema has");
  }
  KwArgs kwargs;
  for (size_t i = 0; i < n->args().size(); ++i) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(n->args()[i]));
    kwargs.push_back(KwArg{Symbol::Intern(schema.arguments[i].name), std::move(mapped)});
  }
  for (const KwArg& kw : n->kwargs()) {
    ASSIGN_OR_RETURN(Argument mapped, CurrentArg(kw.value));
    kwargs.push_back(KwArg{kw.name, std::move(mapped)});
  }
  std::vector<const Argument*> written;
  for (int index : schema.MutatedArguments()) {
    written.push_back(ArgAt(*n, index, schema.arguments[index].name));
    if (written.back() != nullptr && !written.back()->is_node() && !written.back()->is_none()) {
      return Unsupported(*n, absl::StrCat("a custom operator writing '", schema.arguments[index].name,
                                          "', which is not one tensor (a list)"));
    }
  }
  Node* call = Emit(OpKind::kCallFunction, kAutoFunctionalized, {Argument::Opaque(n->target())},
                    std::move(kwargs), *n, nullptr);
  const int64_t results = std::max<int64_t>(1, static_cast<int64_t>(schema.returns.size()));
  return ReplaceByFunctionalCall(n, call, results, written, schema.returns.size() == 1);
}

absl::Status Functionalizer::ProcessOutput(Node* output) {
  // Export-style buffer assignments: the assigned value is the buffer's new value.
  for (const auto& [buffer, node_name] : options_.assigned_buffers) {
    Node* input = nullptr;
    for (Node* n : graph_.nodes()) {
      if ((n->op() == OpKind::kPlaceholder && n->name() == buffer) ||
          (n->op() == OpKind::kGetAttr && n->target() == buffer)) {
        input = n;
        break;
      }
    }
    if (input == nullptr) {
      return absl::NotFoundError(absl::StrCat("assigned buffer '", buffer,
                                              "' is neither a placeholder nor a get_attr target"));
    }
    Node* assigned = graph_.FindNode(node_name);
    if (assigned == nullptr || assigned->is_erased()) {
      return absl::NotFoundError(absl::StrCat("the value assigned to buffer '", buffer, "' ('",
                                              node_name, "') is not a node of the graph"));
    }
    ASSIGN_OR_RETURN(Node* value, Current(assigned));
    State& root = S(input);
    root.latest = value;
    ++root.root_version;
    root.assigned = true;
    if (root.first_writer == nullptr) root.first_writer = assigned;
  }
  RETURN_IF_ERROR(RewriteArgs(output));

  std::vector<Argument> updated;
  int placeholder_index = 0;
  for (Node* n : graph_.NodeVector()) {
    const bool placeholder = n->op() == OpKind::kPlaceholder;
    const int index = placeholder ? placeholder_index++ : -1;
    if (!placeholder && n->op() != OpKind::kGetAttr) continue;
    const State& s = S(n);
    if (s.root_version == 0) continue;
    InputMutation m;
    m.input = std::string(placeholder ? n->name() : n->target());
    m.input_index = index;
    m.kind = !placeholder || options_.buffer_inputs.contains(n->name()) ? MutatedInputKind::kBuffer
                                                                         : MutatedInputKind::kUserInput;
    m.assigned = s.assigned;
    m.value = std::string(s.latest->name());
    if (options_.keep_input_mutations) {
      // Like AOTAutograd's, the copy_ has no stack trace of its own
      // (propagate_input_mutation_stacktraces gives it its source's).
      Emit(OpKind::kCallFunction, kAtenCopyInPlace, {Argument::Ref(n), Argument::Ref(s.latest)}, {}, *n, n);
      ++report_->copies_added;
    } else {
      m.output_index = static_cast<int>(updated.size());
      updated.push_back(Argument::Ref(s.latest));
    }
    report_->mutations.push_back(std::move(m));
  }
  if (updated.empty()) return absl::OkStatus();
  // AOTAutograd's order: the updated inputs, then the original outputs.
  // (A copy: SetArg below replaces what a reference would point into.)
  const Argument result = output->args()[0];
  std::vector<Argument> outputs = updated;
  if (result.kind() == ArgKind::kTuple || result.kind() == ArgKind::kList) {
    outputs.insert(outputs.end(), result.elements().begin(), result.elements().end());
    output->SetArg(0, result.kind() == ArgKind::kTuple ? Argument::Tuple(std::move(outputs))
                                                       : Argument::List(std::move(outputs)));
  } else {
    outputs.push_back(result);
    output->SetArg(0, Argument::Tuple(std::move(outputs)));
  }
  report_->outputs_added = static_cast<int64_t>(updated.size());
  return absl::OkStatus();
}

absl::Status Functionalizer::Run() {
  state_.resize(graph_.id_bound() + 64);
  Node* output = graph_.output_node();
  if (output == nullptr) return absl::InvalidArgumentError("the graph has no output node");
  for (Node* n : graph_.NodeVector()) {
    if (n->is_erased()) continue;
    Graph::ScopedInsertPoint at = graph_.InsertingBefore(n);
    if (n == output) {
      RETURN_IF_ERROR(ProcessOutput(n));
      continue;
    }
    RETURN_IF_ERROR(Process(n));
  }
  for (auto it = erase_.rbegin(); it != erase_.rend(); ++it) {
    if ((*it)->num_users() != 0) {
      return absl::InternalError(absl::StrCat("rewritten node '", (*it)->name(), "' still has users"));
    }
    RETURN_IF_ERROR(graph_.EraseNode(*it));
  }
  // Ops without results (aten._print) exist for their effects, and random
  // draws for theirs on the generator: KeepWhenUnused keeps them.
  graph_.EliminateDeadCode([](const Node& n) { return KeepWhenUnused(n); });
  return absl::OkStatus();
}

// The dotted paths of the state `module`'s tree reads: its graphs' used
// get_attr targets, and every tensor of an ordinary module a graph calls
// and of the modules inside it. `called`: the paths of the modules called
// so far (parents are walked before their children).
void CollectReadState(const GraphModule& module, const std::string& path,
                      absl::flat_hash_set<std::string>* paths,
                      absl::flat_hash_set<std::string>* called) {
  const bool runs = called->contains(path);
  const std::string prefix = path.empty() ? "" : absl::StrCat(path, ".");
  if (module.has_graph()) {
    for (const Node* n : module.graph().nodes()) {
      // ep.module() keeps a get_attr, unused, for each path of shared state.
      if (n->op() == OpKind::kGetAttr && n->num_users() > 0) {
        paths->insert(absl::StrCat(prefix, n->target()));
      } else if (n->op() == OpKind::kCallModule) {
        called->insert(absl::StrCat(prefix, n->target()));
      }
    }
  } else if (runs) {
    for (const StateEntry& entry : module.state()) paths->insert(absl::StrCat(prefix, entry.name));
  }
  for (const auto& [name, child] : module.children()) {
    const std::string child_path = absl::StrCat(prefix, name);
    if (runs && !module.has_graph()) called->insert(child_path);  // an ordinary module's own call
    CollectReadState(*child, child_path, paths, called);
  }
}

// Functionalization writes an attribute's final value back once, at the
// end of the graph; until then, another attribute sharing its storage (a
// tied weight, a symbolic_trace constant viewing a buffer, a module
// registered under two paths) keeps the old value, where eager sees each
// write at once. Refused, naming both, when the module reads the other.
absl::Status CheckWrittenAttributesOwnTheirStorage(const GraphModule& module,
                                                   const FunctionalizeReport& report) {
  absl::flat_hash_set<std::string> reads;  // collected when a written one shares
  for (const InputMutation& m : report.mutations) {
    if (m.input_index >= 0) continue;  // a placeholder
    const StateEntry* entry = module.FindStatePath(m.input);
    if (entry == nullptr || entry->storage_group == 0) continue;
    if (reads.empty()) {
      absl::flat_hash_set<std::string> called;
      CollectReadState(module, "", &reads, &called);
    }
    std::vector<std::string> others;  // the message names the smallest: the same every run
    for (const std::string& path : reads) {
      const StateEntry* read = module.FindStatePath(path);
      if (path != m.input && read != nullptr && read->storage_group == entry->storage_group) {
        others.push_back(path);
      }
    }
    if (!others.empty()) {
      const std::string& other = *std::min_element(others.begin(), others.end());
      return absl::UnimplementedError(absl::StrCat(
          "the graph writes attribute '", m.input, "', which shares its storage with '", other,
          "': reads of '", other, "' would not see the write (fxpp does not follow writes from "
          "one attribute to another)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::string FunctionalizeReport::ToText() const {
  std::string out = absl::StrFormat(
      "nodes: %d -> %d\nmutating ops replaced: %d\nwrites through views replayed: %d\n"
      "views regenerated: %d\n",
      nodes_before, nodes_after, ops_replaced, scatters, views_regenerated);
  if (mutations.empty()) {
    absl::StrAppend(&out, "input mutations: none\n");
    return out;
  }
  absl::StrAppend(&out, "input mutations:\n");
  for (const InputMutation& m : mutations) {
    absl::StrAppend(&out, "  ", m.kind == MutatedInputKind::kBuffer ? "buffer " : "user input ",
                    m.input, m.input_index >= 0 ? absl::StrCat(" (input ", m.input_index, ")") : " (get_attr)",
                    m.assigned ? " assigned" : " mutated", " -> ");
    if (m.output_index >= 0) {
      absl::StrAppend(&out, "output ", m.output_index, " = ", m.value, "\n");
    } else {
      absl::StrAppend(&out, "copy_(", m.input, ", ", m.value, ")\n");
    }
  }
  return out;
}

std::string FunctionalizeReport::SignatureText(const GraphModule& module) const {
  std::string out;
  for (const InputMutation& m : mutations) {
    if (m.output_index < 0) continue;
    absl::StrAppend(&out, "output ", m.output_index, " updates input ", m.input_index, " (",
                    m.kind == MutatedInputKind::kBuffer ? "buffer" : "user_input", ")\n");
  }
  int inputs = 0;
  for (Node* n : module.graph().nodes()) inputs += n->op() == OpKind::kPlaceholder;
  const Node* output = module.graph().output_node();
  size_t outputs = 1;
  if (output != nullptr && !output->args().empty()) {
    const Argument& result = output->args()[0];
    if (result.kind() == ArgKind::kTuple || result.kind() == ArgKind::kList) {
      outputs = result.elements().size();
    }
  }
  absl::StrAppend(&out, "outputs ", outputs, ", inputs ", inputs, "\n");
  return out;
}

// Whether `n` calls an ATen op that changes only the metadata of the
// tensor it is called on (t_, transpose_, squeeze_, as_strided_, detach_):
// then its view twin, else nullptr.
const OpSchema* InPlaceViewTwin(const Node& n, const SchemaTable& table) {
  if (!IsAten(n) || n.args().empty() || !n.args()[0].is_node()) return nullptr;
  const OpSchema* schema = table.Find(n.target());
  if (schema == nullptr || !schema->is_inplace()) return nullptr;
  const OpSchema* twin = table.FunctionalVariant(*schema);
  return twin != nullptr && twin->is_view() ? twin : nullptr;
}

// An in-place view op returns the tensor it is called on with new
// metadata. On a tensor the graph made, `y = x.t_()` computes what
// `y = x.t()` does when every later read of x reads y instead; the
// functionalizer then sees a plain view. Left as they are (Classify
// refuses them): writes to an input's or attribute's metadata, which the
// caller would see, and tensors that are also other nodes (the result of an
// in-place op, or `x` with an in-place user before this call), whose later
// reads would be missed. Returns how many it replaced.
int64_t ReplaceInPlaceViewOps(Graph& graph, const SchemaTable& table) {
  int64_t replaced = 0;
  absl::flat_hash_map<const Node*, size_t> position;
  for (Node* n : graph.nodes()) position.emplace(n, position.size());
  for (Node* n : graph.nodes()) {
    const OpSchema* twin = InPlaceViewTwin(*n, table);
    if (twin == nullptr) continue;
    Node* self = n->args()[0].node();
    if (self->op() == OpKind::kPlaceholder || self->op() == OpKind::kGetAttr ||
        IsInPlaceCall(*self)) {
      continue;
    }
    const size_t at = position.at(n);
    bool aliased = false;
    for (const Node* user : self->users()) {
      aliased |= user != n && position.at(user) < at && IsInPlaceCall(*user);
    }
    if (aliased) continue;
    n->set_target(twin->FxTarget());
    self->ReplaceAllUsesWith(n, /*propagate_meta=*/false,
                             [&](Node* user) { return position.at(user) > at; });
    ++replaced;
  }
  return replaced;
}

absl::StatusOr<FunctionalizeReport> Functionalize(GraphModule& module,
                                                  const FunctionalizeOptions& options) {
  if (!module.has_graph()) return absl::InvalidArgumentError("the module has no graph");
  RETURN_IF_ERROR(VerifyGraph(module.graph()));
  // Work on a copy so that an error leaves the module as it was.
  std::unique_ptr<Graph> graph = module.graph().Clone();
  FunctionalizeReport report;
  report.nodes_before = static_cast<int64_t>(graph->size());
  const int64_t view_ops = ReplaceInPlaceViewOps(
      *graph, options.schemas != nullptr ? *options.schemas : SchemaTable::Default());
  RETURN_IF_ERROR(Functionalizer(*graph, module, options, &report).Run());
  RETURN_IF_ERROR(CheckWrittenAttributesOwnTheirStorage(module, report));
  report.ops_replaced += view_ops;
  report.nodes_after = static_cast<int64_t>(graph->size());
  module.set_graph(std::move(graph));
  return report;
}

const TypedPassDescriptor<FunctionalizeOptions>& FunctionalizePass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<FunctionalizeOptions>(
      "functionalize",
      "In-place ops -> out-of-place twins; input mutations -> extra outputs (or copy_)",
      {
          PassOption<FunctionalizeOptions>(
              "keep_input_mutations", &FunctionalizeOptions::keep_input_mutations,
              "end the graph with copy_(input, new) instead of returning new values"),
          PassOption<FunctionalizeOptions>(
              "buffers", &FunctionalizeOptions::buffer_inputs,
              "placeholder names that are buffers rather than user inputs"),
          PassOption<FunctionalizeOptions>(
              "assign", &FunctionalizeOptions::assigned_buffers,
              "buffer assignments BUFFER=NODE,...: NODE's value becomes BUFFER's (non-strict "
              "export); each BUFFER is a buffer input"),
      },
      [](FunctionalizeOptions options) {
        for (const auto& [buffer, node] : options.assigned_buffers) {
          options.buffer_inputs.insert(buffer);
        }
        return std::make_unique<FunctionalizePass>(std::move(options));
      });
  return *descriptor;
}

PassReport FunctionalizePass::Report() const {
  return {{{"ops_replaced", report_.ops_replaced, "mutating ops rewritten to out-of-place twins"},
           {"scatters", report_.scatters, "inverse views / scatters writing views back"},
           {"views_regenerated", report_.views_regenerated, "views recomputed from a new base"},
           {"mutated_inputs", static_cast<int64_t>(report_.mutations.size()),
            "inputs whose value changes"},
           {"outputs_added", report_.outputs_added, "new leading outputs"},
           {"copies_added", report_.copies_added, "copy_ into inputs (keep_input_mutations)"},
           {"nodes_before", report_.nodes_before, "nodes before"},
           {"nodes_after", report_.nodes_after, "nodes after"}},
          report_.ToText()};
}

absl::StatusOr<bool> FunctionalizePass::Run(GraphModule& module) {
  // A misspelt buffer name would silently change nothing.
  for (const std::string& buffer : options_.buffer_inputs) {
    const Node* node = module.has_graph() ? module.graph().FindNode(buffer) : nullptr;
    if (node == nullptr || node->op() != OpKind::kPlaceholder) {
      return absl::InvalidArgumentError(absl::StrCat(
          "buffers/assign name '", buffer, "', which is not a placeholder of the graph"));
    }
  }
  ASSIGN_OR_RETURN(report_, Functionalize(module, options_));
  return report_.ops_replaced > 0 || !report_.mutations.empty() || report_.nodes_after != report_.nodes_before;
}

}  // namespace fxpp
