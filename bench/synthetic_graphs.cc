#include "bench/synthetic_graphs.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace fxpp {
namespace {

// Contiguous strides of a shape.
DimVector ContiguousStride(const DimVector& shape) {
  DimVector stride(shape.size());
  int64_t running = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    stride[i] = running;
    running *= shape[i].value();
  }
  return stride;
}

TensorMeta Tensor(DimVector shape) {
  TensorMeta t;
  t.stride = ContiguousStride(shape);
  t.shape = std::move(shape);
  return t;
}

std::vector<Argument> IntList(std::initializer_list<int64_t> values) {
  std::vector<Argument> out;
  for (int64_t v : values) out.push_back(Argument::Int(v));
  return out;
}

class LayerBuilder {
 public:
  LayerBuilder(GraphModule& module, TransformerShape shape) : module_(module), s_(shape) {}

  Node* Weight(const std::string& path, DimVector shape) {
    const size_t dot = path.rfind('.');
    StateEntry entry;
    entry.name = path.substr(dot + 1);
    entry.kind = StateKind::kParameter;
    entry.tensor = Tensor(shape);
    entry.tensor.requires_grad = true;
    GraphModule* owner = module_.FindSubmodule(path.substr(0, dot));
    if (owner == nullptr) {
      owner = *module_.SetSubmodule(path.substr(0, dot), GraphModule::Opaque("torch.nn.Module"));
    }
    (void)owner->AddState(std::move(entry));
    Node* n = graph().GetAttr(path);
    n->mutable_meta().val = ValueMeta::Tensor(Tensor(std::move(shape)));
    return n;
  }

  Node* Op(absl::string_view target, std::vector<Argument> args, DimVector out_shape) {
    Node* n = graph().CallFunction(target, std::move(args));
    n->mutable_meta().val = ValueMeta::Tensor(Tensor(std::move(out_shape)));
    return n;
  }

  Node* Linear(Node* x, const std::string& prefix, int64_t in, int64_t out,
               DimVector out_shape) {
    Node* w = Weight(prefix + ".weight", {out, in});
    Node* b = Weight(prefix + ".bias", {out});
    return Op("torch.ops.aten.linear.default", {Ref(x), Ref(w), Ref(b)}, std::move(out_shape));
  }

  Node* LayerNorm(Node* x, const std::string& prefix) {
    Node* w = Weight(prefix + ".weight", {s_.hidden});
    Node* b = Weight(prefix + ".bias", {s_.hidden});
    Node* ln = graph().CallFunction(
        "torch.ops.aten.native_layer_norm.default",
        {Ref(x), Argument::List(IntList({s_.hidden})), Ref(w), Ref(b), Argument::Float(1e-05)});
    ln->mutable_meta().val = ValueMeta::Tuple({ValueMeta::Tensor(Tensor(Hidden())),
                                              ValueMeta::Tensor(Tensor({s_.batch, s_.seq, 1})),
                                              ValueMeta::Tensor(Tensor({s_.batch, s_.seq, 1}))});
    return Op("operator.getitem", {Ref(ln), Argument::Int(0)}, Hidden());
  }

  Node* Heads(Node* x) {
    Node* v = Op("torch.ops.aten.view.default",
                 {Ref(x), Argument::List(IntList({s_.batch, s_.seq, s_.heads, HeadDim()}))},
                 {s_.batch, s_.seq, s_.heads, HeadDim()});
    return Op("torch.ops.aten.transpose.int", {Ref(v), Argument::Int(1), Argument::Int(2)},
              {s_.batch, s_.heads, s_.seq, HeadDim()});
  }

  Node* Layer(Node* x, int64_t index) {
    const std::string p = absl::StrCat("layers.", index);
    const int64_t d = s_.hidden;
    Node* h = LayerNorm(x, p + ".ln1");
    Node* q = Heads(Linear(h, p + ".attn.q", d, d, Hidden()));
    Node* k = Heads(Linear(h, p + ".attn.k", d, d, Hidden()));
    Node* v = Heads(Linear(h, p + ".attn.v", d, d, Hidden()));
    Node* kt = Op("torch.ops.aten.transpose.int", {Ref(k), Argument::Int(-2), Argument::Int(-1)},
                  {s_.batch, s_.heads, HeadDim(), s_.seq});
    Node* scores = Op("torch.ops.aten.matmul.default", {Ref(q), Ref(kt)},
                      {s_.batch, s_.heads, s_.seq, s_.seq});
    Node* scaled = Op("torch.ops.aten.mul.Tensor", {Ref(scores), Argument::Float(0.125)},
                      {s_.batch, s_.heads, s_.seq, s_.seq});
    Node* probs = Op("torch.ops.aten._softmax.default",
                     {Ref(scaled), Argument::Int(-1), Argument::Bool(false)},
                     {s_.batch, s_.heads, s_.seq, s_.seq});
    Node* ctx = Op("torch.ops.aten.matmul.default", {Ref(probs), Ref(v)},
                   {s_.batch, s_.heads, s_.seq, HeadDim()});
    Node* ctx_t = Op("torch.ops.aten.transpose.int", {Ref(ctx), Argument::Int(1), Argument::Int(2)},
                     {s_.batch, s_.seq, s_.heads, HeadDim()});
    Node* merged = Op("torch.ops.aten.view.default",
                      {Ref(ctx_t), Argument::List(IntList({s_.batch, s_.seq, d}))}, Hidden());
    Node* attn = Linear(merged, p + ".attn.out", d, d, Hidden());
    Node* res1 = Op("torch.ops.aten.add.Tensor", {Ref(x), Ref(attn)}, Hidden());
    Node* h2 = LayerNorm(res1, p + ".ln2");
    Node* up = Linear(h2, p + ".mlp.up", d, 4 * d, {s_.batch, s_.seq, 4 * d});
    Node* act = Op("torch.ops.aten.gelu.default", {Ref(up)}, {s_.batch, s_.seq, 4 * d});
    Node* down = Linear(act, p + ".mlp.down", 4 * d, d, Hidden());
    return Op("torch.ops.aten.add.Tensor", {Ref(res1), Ref(down)}, Hidden());
  }

  Node* Input() {
    Node* x = graph().Placeholder("x");
    x->mutable_meta().val = ValueMeta::Tensor(Tensor(Hidden()));
    return x;
  }

 private:
  static Argument Ref(Node* n) { return Argument::Ref(n); }
  Graph& graph() { return module_.graph(); }
  DimVector Hidden() const { return {s_.batch, s_.seq, s_.hidden}; }
  int64_t HeadDim() const { return s_.hidden / s_.heads; }

  GraphModule& module_;
  TransformerShape s_;
};

}  // namespace

int64_t TransformerNodesPerLayer() {
  static const int64_t kPerLayer = [] {
    // Measured rather than hand-counted, so it stays true when Layer changes.
    return static_cast<int64_t>(MakeTransformerStack(2)->graph().size() -
                                MakeTransformerStack(1)->graph().size());
  }();
  return kPerLayer;
}

std::unique_ptr<GraphModule> MakeTransformerStack(int64_t layers, TransformerShape shape) {
  auto module = std::make_unique<GraphModule>();
  LayerBuilder builder(*module, shape);
  Node* x = builder.Input();
  for (int64_t i = 0; i < layers; ++i) x = builder.Layer(x, i);
  module->graph().Output(Argument::Tuple({Argument::Ref(x)}));
  return module;
}

std::unique_ptr<GraphModule> MakeTransformerWithNodes(int64_t nodes, TransformerShape shape) {
  const int64_t per_layer = TransformerNodesPerLayer();
  return MakeTransformerStack((nodes + per_layer - 1) / per_layer, shape);
}

void AddFullMeta(Graph& graph) {
  int64_t index = 0;
  for (Node* node : graph.nodes()) {
    NodeMeta& meta = node->mutable_meta();
    const int64_t layer = index / 42;
    meta.stack_trace = Symbol::Intern(absl::StrCat(
        "  File \"model.py\", line ", 100 + index % 42, ", in forward\n    x = self.op", index % 42,
        "(x)\n"));
    if (meta.nn_module_stack.empty()) {
      meta.nn_module_stack.push_back({Symbol::Intern(absl::StrCat("L__self___layers_", layer)),
                                      Symbol::Intern(absl::StrCat("layers.", layer)),
                                      Symbol::Intern("model.Block")});
    }
    meta.seq_nr = index++;
  }
}

}  // namespace fxpp
