#include "passes/region_tracking/node_key.h"

#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace fxpp {
namespace {

Argument Ref(Node* n) { return Argument::Ref(n); }
KwArg Kw(absl::string_view name, Argument v) { return KwArg{Symbol::Intern(name), std::move(v)}; }

TensorMeta Tensor(DimVector shape, ScalarType dtype = ScalarType::kFloat32) {
  TensorMeta t;
  t.shape = std::move(shape);
  t.dtype = dtype;
  return t;
}

class NodeKeyTest : public ::testing::Test {
 protected:
  Node* Input(absl::string_view name, TensorMeta t) {
    Node* n = g.Placeholder(name);
    n->mutable_meta().val = ValueMeta::Tensor(std::move(t));
    return n;
  }
  bool Same(Node* a, Node* b) {
    NodeKeys keys(g);
    return keys.key(a) != NodeKeys::kNoKey && keys.key(a) == keys.key(b);
  }
  Graph g;
};

TEST_F(NodeKeyTest, SameOpSameInputsMetaSameKey) {
  Node* x = Input("x", Tensor({2, 3}));
  Node* y = Input("y", Tensor({2, 3}));
  EXPECT_TRUE(Same(g.CallFunction("torch.sin", {Ref(x)}), g.CallFunction("torch.sin", {Ref(y)})));
}

TEST_F(NodeKeyTest, EveryLiteralCounts) {
  Node* x = Input("x", Tensor({2, 3}));
  auto add = [&](Argument c) { return g.CallFunction("operator.add", {Ref(x), std::move(c)}); };
  EXPECT_FALSE(Same(add(Argument::Float(0.0)), add(Argument::Float(1.0))));
  EXPECT_FALSE(Same(add(Argument::Float(0.0)), add(Argument::Float(-0.0))));
  EXPECT_FALSE(Same(add(Argument::Int(1)), add(Argument::Float(1.0))));
  EXPECT_FALSE(Same(add(Argument::String("a")), add(Argument::String("b"))));
  EXPECT_FALSE(Same(add(Argument::Bool(true)), add(Argument::Int(1))));
  EXPECT_FALSE(Same(add(Argument::Dtype(ScalarType::kFloat16)),
                    add(Argument::Dtype(ScalarType::kBFloat16))));
  EXPECT_FALSE(Same(add(Argument::Device("cpu")), add(Argument::Device("cuda:0"))));
  EXPECT_FALSE(Same(add(Argument::List({Argument::Int(1), Argument::Int(2)})),
                    add(Argument::Tuple({Argument::Int(1), Argument::Int(2)}))));
  EXPECT_FALSE(Same(add(Argument::List({Argument::List({Argument::Int(1)})})),
                    add(Argument::List({Argument::List({Argument::Int(2)})}))));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(Same(add(Argument::Float(nan)), add(Argument::Float(nan))));
  EXPECT_TRUE(Same(add(Argument::Float(0.5)), add(Argument::Float(0.5))));
}

TEST_F(NodeKeyTest, KwargOrderDoesNotMatterButValuesDo) {
  Node* x = Input("x", Tensor({4}));
  Node* a = g.CallFunction("torch.sum", {Ref(x)}, {Kw("dim", Argument::Int(0)), Kw("keepdim", Argument::Bool(true))});
  Node* b = g.CallFunction("torch.sum", {Ref(x)}, {Kw("keepdim", Argument::Bool(true)), Kw("dim", Argument::Int(0))});
  Node* c = g.CallFunction("torch.sum", {Ref(x)}, {Kw("keepdim", Argument::Bool(false)), Kw("dim", Argument::Int(0))});
  EXPECT_TRUE(Same(a, b));
  EXPECT_FALSE(Same(a, c));
}

TEST_F(NodeKeyTest, InputMetadataCounts) {
  Node* f32 = Input("a", Tensor({2, 3}));
  Node* f16 = Input("b", Tensor({2, 3}, ScalarType::kFloat16));
  Node* other_shape = Input("c", Tensor({3, 2}));
  Node* symbolic = Input("d", Tensor({SymDim::Symbolic("s0"), 3}));
  Node* symbolic2 = Input("e", Tensor({SymDim::Symbolic("s1"), 3}));
  TensorMeta grad = Tensor({2, 3});
  grad.requires_grad = true;
  Node* needs_grad = Input("f", grad);
  TensorMeta strided = Tensor({2, 3});
  strided.stride = {1, 2};
  Node* transposed = Input("g", strided);
  Node* on_cuda_meta = Input("h", Tensor({2, 3}));
  on_cuda_meta->mutable_meta().val->mutable_tensor().device = Symbol::Intern("cuda:0");
  auto relu = [&](Node* n) { return g.CallFunction("torch.relu", {Ref(n)}); };
  Node* base = relu(f32);
  for (Node* other : {f16, other_shape, symbolic, needs_grad, transposed, on_cuda_meta}) {
    EXPECT_FALSE(Same(base, relu(other))) << other->name();
  }
  EXPECT_FALSE(Same(relu(symbolic), relu(symbolic2)));
  EXPECT_TRUE(Same(relu(symbolic), relu(Input("i", Tensor({SymDim::Symbolic("s0"), 3})))));
}

TEST_F(NodeKeyTest, GlobalStateCounts) {
  Node* x = Input("x", Tensor({2}));
  Node* a = g.CallFunction("torch.sin", {Ref(x)});
  Node* b = g.CallFunction("torch.sin", {Ref(x)});
  Node* c = g.CallFunction("torch.sin", {Ref(x)});
  a->mutable_meta().SetExtra(kGlobalStateMetaKey, R"({"grad_enabled": false})");
  c->mutable_meta().SetExtra(kGlobalStateMetaKey, R"({"grad_enabled": false})");
  EXPECT_FALSE(Same(a, b));
  EXPECT_TRUE(Same(a, c));
  // Other meta (names, stack traces, module paths) does not.
  b->mutable_meta().stack_trace = Symbol::Intern("File model.py, line 3");
  EXPECT_TRUE(Same(b, g.CallFunction("torch.sin", {Ref(x)})));
}

TEST_F(NodeKeyTest, NodesThatNeverJoinRegionsHaveNoKey) {
  Node* x = Input("x", Tensor({2}));
  Node* w = g.GetAttr("w");
  Node* grad = g.CallFunction("torch._C._set_grad_enabled", {Argument::Bool(false)});
  Node* assertion = g.CallFunction("torch._assert", {Argument::Bool(true), Argument::String("m")});
  Node* inplace = g.CallFunction("torch.ops.aten.add_.Tensor", {Ref(x), Argument::Int(1)});
  Node* out = g.Output(Ref(x));
  NodeKeys keys(g);
  for (Node* n : {x, w, grad, assertion, out}) EXPECT_EQ(keys.key(n), NodeKeys::kNoKey) << n->name();
  EXPECT_NE(keys.key(inplace), NodeKeys::kNoKey);  // mutation is dedup's to judge
}

TEST_F(NodeKeyTest, ContextKeySeparatesRolesWithDifferentInputs) {
  Node* x = Input("x", Tensor({2}));
  Node* s = g.CallFunction("torch.sin", {Ref(x)});
  Node* c = g.CallFunction("torch.cos", {Ref(x)});
  Node* a1 = g.CallFunction("torch.relu", {Ref(s)});
  Node* a2 = g.CallFunction("torch.relu", {Ref(c)});
  Node* a3 = g.CallFunction("torch.relu", {Ref(g.CallFunction("torch.sin", {Ref(x)}))});
  NodeKeys keys(g);
  EXPECT_EQ(keys.key(a1), keys.key(a2));  // no meta: structurally identical
  EXPECT_NE(keys.context_key(a1), keys.context_key(a2));
  EXPECT_EQ(keys.context_key(a1), keys.context_key(a3));
}

}  // namespace
}  // namespace fxpp
