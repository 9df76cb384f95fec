#include "export/synthetic_program.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"

namespace fxpp {
namespace {

constexpr absl::string_view kRootKey = "L__self__";
constexpr absl::string_view kRootType = "Model";

DimVector ContiguousStride(const DimVector& shape) {
  DimVector stride(shape.size());
  int64_t step = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    stride[i] = step;
    step *= shape[i].value();
  }
  return stride;
}

// The module of the state tree at `path`, created on the way.
GraphModule* StateModule(GraphModule& root, absl::string_view path) {
  GraphModule* m = &root;
  if (path.empty()) return m;
  for (absl::string_view part : absl::StrSplit(path, '.')) {
    GraphModule* child = m->FindChild(part);
    if (child == nullptr) child = *m->AddChild(part, GraphModule::Opaque("torch.nn.Module"));
    m = child;
  }
  return m;
}

TreeSpec Container(absl::string_view type, std::vector<TreeSpec> children,
                   absl::string_view context = "null") {
  return TreeSpec{std::string(type), std::string(context), std::move(children)};
}

}  // namespace

TensorMeta FloatTensor(DimVector shape) {
  TensorMeta t;
  t.stride = ContiguousStride(shape);
  t.shape = std::move(shape);
  return t;
}

ModuleCallSignature RootSignature(int64_t inputs, int64_t outputs) {
  ModuleCallSignature sig;
  std::vector<TreeSpec> args(inputs, TreeSpec::Leaf());
  sig.in_spec = Container("builtins.tuple", {Container("builtins.tuple", std::move(args)),
                                             Container("builtins.dict", {}, "[]")});
  sig.out_spec = outputs == 1 ? TreeSpec::Leaf()
                              : Container("builtins.tuple",
                                          std::vector<TreeSpec>(outputs, TreeSpec::Leaf()));
  return sig;
}

ProgramBuilder::ProgramBuilder() {
  stack_.push_back(ModuleStackEntry{Symbol::Intern(kRootKey), Symbol::Intern(""),
                                    Symbol::Intern(kRootType)});
  fqns_.push_back("");
  entered_.insert("");
}

Node* ProgramBuilder::InsertPlaceholder(absl::string_view name, Node* after) {
  Graph& g = graph();
  // At the start when there is nothing to follow.
  auto insert = after != nullptr ? g.InsertingAfter(after) : g.InsertingBefore(nullptr);
  return g.Placeholder(name);
}

Node* ProgramBuilder::StateInput(absl::string_view prefix, absl::string_view fqn, DimVector shape,
                                 StateKind kind, bool persistent) {
  // State placeholders come first, then user inputs, as export lays them out.
  Node* node =
      InsertPlaceholder(absl::StrCat(prefix, absl::StrReplaceAll(fqn, {{".", "_"}})), last_state_);
  last_state_ = node;
  TensorMeta tensor = FloatTensor(std::move(shape));
  node->mutable_meta().val = ValueMeta::Tensor(tensor);
  const size_t dot = fqn.rfind('.');
  GraphModule* owner =
      StateModule(*program_.state, dot == absl::string_view::npos ? "" : fqn.substr(0, dot));
  StateEntry entry{std::string(dot == absl::string_view::npos ? fqn : fqn.substr(dot + 1)), kind,
                   tensor, persistent};
  (void)owner->AddState(std::move(entry));
  InputSpec spec;
  spec.kind = kind == StateKind::kParameter ? InputKind::kParameter : InputKind::kBuffer;
  spec.arg.name = std::string(node->name());
  spec.target = std::string(fqn);
  if (kind == StateKind::kBuffer) spec.persistent = persistent;
  auto& specs = program_.graph_signature.input_specs;
  specs.insert(specs.end() - user_inputs_, std::move(spec));
  return node;
}

Node* ProgramBuilder::Parameter(absl::string_view fqn, DimVector shape) {
  return StateInput("p_", fqn, std::move(shape), StateKind::kParameter, true);
}

Node* ProgramBuilder::Buffer(absl::string_view fqn, DimVector shape, bool persistent) {
  return StateInput("b_", fqn, std::move(shape), StateKind::kBuffer, persistent);
}

Node* ProgramBuilder::UserInput(absl::string_view name, DimVector shape) {
  Node* node = InsertPlaceholder(name, last_input_ != nullptr ? last_input_ : last_state_);
  last_input_ = node;
  node->mutable_meta().val = ValueMeta::Tensor(FloatTensor(std::move(shape)));
  InputSpec spec;
  spec.arg.name = std::string(node->name());
  program_.graph_signature.input_specs.push_back(std::move(spec));
  ++user_inputs_;
  return node;
}

void ProgramBuilder::Enter(absl::string_view path, absl::string_view type, int call,
                           absl::string_view key) {
  std::string base = key.empty() ? absl::StrReplaceAll(path, {{".", "_"}}) : std::string(key);
  std::string full_key = call == 0 ? base : absl::StrCat(base, "@", call);
  stack_.push_back(ModuleStackEntry{Symbol::Intern(full_key), Symbol::Intern(path),
                                    Symbol::Intern(type)});
  if (call == 0 && entered_.insert(std::string(path)).second) fqns_.emplace_back(path);
}

void ProgramBuilder::Exit() { stack_.pop_back(); }

Node* ProgramBuilder::Call(absl::string_view target, std::vector<Argument> args, DimVector shape) {
  Node* node = graph().CallFunction(target, std::move(args));
  NodeMeta& meta = node->mutable_meta();
  meta.val = ValueMeta::Tensor(FloatTensor(std::move(shape)));
  meta.nn_module_stack = stack_;
  return node;
}

void ProgramBuilder::MutateBuffer(Node* buffer, Node* new_value) {
  for (const InputSpec& spec : program_.graph_signature.input_specs) {
    if (spec.arg.name == buffer->name()) mutations_.emplace_back(new_value, spec.target);
  }
}

void ProgramBuilder::PreserveSignature(absl::string_view fqn, ModuleCallSignature signature) {
  preserved_.emplace_back(std::string(fqn), std::move(signature));
}

ExportedProgram ProgramBuilder::Finish(const std::vector<Node*>& outputs) {
  std::vector<Argument> returned;
  for (const auto& [value, buffer] : mutations_) {
    returned.push_back(Argument::Ref(value));
    OutputSpec spec;
    spec.kind = OutputKind::kBufferMutation;
    spec.arg.name = std::string(value->name());
    spec.target = buffer;
    program_.graph_signature.output_specs.push_back(std::move(spec));
  }
  for (Node* out : outputs) {
    returned.push_back(Argument::Ref(out));
    OutputSpec spec;
    spec.arg.name = std::string(out->name());
    program_.graph_signature.output_specs.push_back(std::move(spec));
  }
  graph().Output(Argument::Tuple(std::move(returned)));
  for (const std::string& fqn : fqns_) {
    ModuleCallEntry entry{fqn, absl::nullopt};
    if (fqn.empty()) entry.signature = RootSignature(user_inputs_, outputs.size());
    for (auto& [preserved_fqn, signature] : preserved_) {
      if (preserved_fqn == fqn) entry.signature = signature;
    }
    program_.module_call_graph.push_back(std::move(entry));
  }
  // Preserved signatures of repeated calls (`sub@1`) follow.
  for (auto& [fqn, signature] : preserved_) {
    if (!entered_.contains(fqn)) {
      program_.module_call_graph.push_back(ModuleCallEntry{fqn, signature});
    }
  }
  return std::move(program_);
}

int64_t ExportedTransformerNodesPerLayer() { return 40; }

ExportedProgram MakeExportedTransformer(int64_t layers) {
  constexpr int64_t kBatch = 2, kSeq = 16, kHidden = 64, kHeads = 4;
  const DimVector act = {kBatch, kSeq, kHidden};
  const DimVector heads = {kBatch, kHeads, kSeq, kHidden / kHeads};
  const DimVector scores = {kBatch, kHeads, kSeq, kSeq};
  auto ref = [](Node* n) { return Argument::Ref(n); };
  auto ints = [](std::vector<int64_t> v) {
    std::vector<Argument> out;
    for (int64_t i : v) out.push_back(Argument::Int(i));
    return Argument::List(std::move(out));
  };
  ProgramBuilder b;
  Node* x = b.UserInput("x", act);
  auto linear = [&](const std::string& path, Node* in, int64_t in_dim, int64_t out_dim,
                    DimVector out_shape) {
    Node* w = b.Parameter(path + ".weight", {out_dim, in_dim});
    Node* bias = b.Parameter(path + ".bias", {out_dim});
    b.Enter(path, "torch.nn.modules.linear.Linear");
    Node* y = b.Call("torch.ops.aten.linear.default", {ref(in), ref(w), ref(bias)},
                     std::move(out_shape));
    b.Exit();
    return y;
  };
  auto layer_norm = [&](const std::string& path, Node* in) {
    Node* w = b.Parameter(path + ".weight", {kHidden});
    Node* bias = b.Parameter(path + ".bias", {kHidden});
    b.Enter(path, "torch.nn.modules.normalization.LayerNorm");
    Node* y = b.Call("torch.ops.aten.layer_norm.default",
                     {ref(in), ints({kHidden}), ref(w), ref(bias)}, act);
    b.Exit();
    return y;
  };
  for (int64_t l = 0; l < layers; ++l) {
    const std::string layer = absl::StrCat("layers.", l);
    b.Enter(layer, "Block");
    Node* h = layer_norm(layer + ".ln1", x);
    const std::string attn = layer + ".attn";
    b.Enter(attn, "Attention");
    Node* proj[3];
    const char* names[3] = {"q", "k", "v"};
    for (int i = 0; i < 3; ++i) {
      Node* y = linear(absl::StrCat(attn, ".", names[i]), h, kHidden, kHidden, act);
      Node* view = b.Call("torch.ops.aten.view.default",
                          {ref(y), ints({kBatch, kSeq, kHeads, kHidden / kHeads})},
                          {kBatch, kSeq, kHeads, kHidden / kHeads});
      proj[i] = b.Call("torch.ops.aten.transpose.int", {ref(view), Argument::Int(1), Argument::Int(2)},
                       heads);
    }
    Node* kt = b.Call("torch.ops.aten.transpose.int",
                      {ref(proj[1]), Argument::Int(-2), Argument::Int(-1)},
                      {kBatch, kHeads, kHidden / kHeads, kSeq});
    Node* s = b.Call("torch.ops.aten.matmul.default", {ref(proj[0]), ref(kt)}, scores);
    s = b.Call("torch.ops.aten.mul.Tensor", {ref(s), Argument::Float(0.25)}, scores);
    s = b.Call("torch.ops.aten.softmax.int", {ref(s), Argument::Int(-1)}, scores);
    Node* o = b.Call("torch.ops.aten.matmul.default", {ref(s), ref(proj[2])}, heads);
    o = b.Call("torch.ops.aten.transpose.int", {ref(o), Argument::Int(1), Argument::Int(2)},
               {kBatch, kSeq, kHeads, kHidden / kHeads});
    o = b.Call("torch.ops.aten.reshape.default", {ref(o), ints({kBatch, kSeq, kHidden})}, act);
    o = linear(attn + ".proj", o, kHidden, kHidden, act);
    b.Exit();
    Node* r = b.Call("torch.ops.aten.add.Tensor", {ref(x), ref(o)}, act);
    h = layer_norm(layer + ".ln2", r);
    b.Enter(layer + ".mlp", "torch.nn.modules.container.Sequential");
    Node* m = linear(layer + ".mlp.0", h, kHidden, 4 * kHidden, {kBatch, kSeq, 4 * kHidden});
    b.Enter(layer + ".mlp.1", "torch.nn.modules.activation.GELU");
    m = b.Call("torch.ops.aten.gelu.default", {ref(m)}, {kBatch, kSeq, 4 * kHidden});
    b.Exit();
    m = linear(layer + ".mlp.2", m, 4 * kHidden, kHidden, act);
    b.Exit();
    x = b.Call("torch.ops.aten.add.Tensor", {ref(r), ref(m)}, act);
    b.Exit();
  }
  return b.Finish({x});
}

ExportedProgram MakeExportedTransformerWithNodes(int64_t nodes) {
  const int64_t per_layer = ExportedTransformerNodesPerLayer();
  return MakeExportedTransformer(std::max<int64_t>(1, (nodes - 2 + per_layer - 1) / per_layer));
}

}  // namespace fxpp
