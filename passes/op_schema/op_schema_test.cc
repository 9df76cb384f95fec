#include "passes/op_schema/op_schema.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/graph.h"
#include "passes/op_schema/schema_table.h"
#include "testing/batchnorm_graph.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Pair;

Argument Ref(Node* n) { return Argument::Ref(n); }
KwArg Kw(absl::string_view name, Argument value) { return KwArg{Symbol::Intern(name), value}; }

class OpSchemaTest : public ::testing::Test {
 protected:
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  Node* z = g.Placeholder("z");
};

TEST_F(OpSchemaTest, InPlaceOpsMutateSelf) {
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("torch.ops.aten.add_.Tensor", {Ref(x), Ref(y)})),
              ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*g.CallMethod("mul_", {Ref(x), Argument::Int(2)})),
              ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("torch.ops.aten.copy_.default", {Ref(x), Ref(y)})),
              ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("operator.setitem",
                                                   {Ref(x), Argument::Int(0), Ref(y)})),
              ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("operator.iadd", {Ref(x), Ref(y)})),
              ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*g.CallMethod("__iadd__", {Ref(x), Ref(y)})), ElementsAre(0));
  // _foreach_ ops mutate every tensor of their first list.
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction(
                  "torch.ops.aten._foreach_add_.List",
                  {Argument::List({Ref(x), Ref(y)}), Argument::List({Ref(z), Ref(z)})})),
              ElementsAre(0, 1));
}

TEST_F(OpSchemaTest, FunctionalOpsMutateNothing) {
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("torch.ops.aten.add.Tensor", {Ref(x), Ref(y)})),
              IsEmpty());
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("operator.add", {Ref(x), Ref(y)})), IsEmpty());
  EXPECT_THAT(MutatedArgPositions(*g.CallMethod("__add__", {Ref(x), Ref(y)})), IsEmpty());
  EXPECT_THAT(MutatedArgPositions(*g.GetAttr("w")), IsEmpty());
}

TEST_F(OpSchemaTest, UnknownOperatorsMayWriteEveryArgument) {
  // torch.library.custom_op("mylib::bump", mutates_args={"x"}): nothing in
  // its name says it writes.
  Node* custom = g.CallFunction("torch.ops.mylib.bump.default",
                                {Ref(x), Argument::List({Ref(y), Ref(z)})}, {Kw("s", Ref(x))});
  EXPECT_TRUE(IsUnknownOperator(*custom));
  EXPECT_TRUE(MayMutateArguments(*custom));
  EXPECT_THAT(MutatedArgPositions(*custom), ElementsAre(0, 1, 2, 3));
  Node* bare = g.CallFunction("torch.ops.mylib.bump", {Ref(x)});
  EXPECT_THAT(MutatedArgPositions(*bare), ElementsAre(0));
  // Operators fxpp knows, and calls that are not torch.ops.
  for (Node* known : {g.CallFunction("torch.ops.aten.add.Tensor", {Ref(x), Ref(y)}),
                      g.CallFunction("torch.ops.aten.no_such_op.default", {Ref(x)}),
                      g.CallFunction("torch.ops.higher_order.invoke_subgraph", {Ref(x)}),
                      g.CallFunction("torch.ops.quantized_decomposed.quantize_per_tensor.default",
                                     {Ref(x), Argument::Float(0.1), Argument::Int(0)}),
                      g.CallFunction("mylib.bump", {Ref(x)}),
                      g.CallMethod("bump", {Ref(x)})}) {
    EXPECT_FALSE(IsUnknownOperator(*known)) << known->target();
    EXPECT_THAT(MutatedArgPositions(*known), IsEmpty()) << known->target();
  }
}

TEST_F(OpSchemaTest, InPlaceTrueWritesTheFirstArgument) {
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("torch.nn.functional.relu", {Ref(x)},
                                                  {Kw("inplace", Argument::Bool(true))})),
              ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*g.CallFunction("torch.nn.functional.relu", {Ref(x)},
                                                  {Kw("inplace", Argument::Bool(false))})),
              IsEmpty());
}

TEST_F(OpSchemaTest, OutKeywordIsMutated) {
  Node* n = g.CallFunction("torch.add", {Ref(x), Ref(y)}, {Kw("alpha", Argument::Int(2)),
                                                         Kw("out", Ref(z))});
  EXPECT_THAT(MutatedArgPositions(*n), ElementsAre(2));
  EXPECT_THAT(FlatNodeArgs(*n), ElementsAre(x, y, z));
}

TEST_F(OpSchemaTest, BatchNormMutatesRunningStatsOnlyWhenTraining) {
  Node* w = g.Placeholder("w");
  Node* b = g.Placeholder("b");
  auto bn = [&](bool training) {
    return g.CallFunction("torch.ops.aten._native_batch_norm_legit.default",
                          {Ref(x), Ref(w), Ref(b), Ref(y), Ref(z), Argument::Bool(training),
                           Argument::Float(0.1), Argument::Float(1e-5)});
  };
  EXPECT_THAT(MutatedArgPositions(*bn(true)), ElementsAre(3, 4));
  EXPECT_THAT(MutatedArgPositions(*bn(false)), IsEmpty());
  Node* functional = g.CallFunction("torch.nn.functional.batch_norm", {Ref(x), Ref(y), Ref(z)},
                                    {Kw("training", Argument::Bool(true))});
  EXPECT_THAT(MutatedArgPositions(*functional), ElementsAre(1, 2));
}

TEST_F(OpSchemaTest, ViewOps) {
  EXPECT_TRUE(IsViewOp(*g.CallFunction("torch.ops.aten.view.default", {Ref(x)})));
  EXPECT_TRUE(IsViewOp(*g.CallMethod("transpose", {Ref(x), Argument::Int(0), Argument::Int(1)})));
  EXPECT_TRUE(IsViewOp(*g.CallFunction("operator.getitem", {Ref(x), Argument::Int(0)})));
  EXPECT_TRUE(IsViewOp(*g.CallFunction("torch.split", {Ref(x), Argument::Int(2)})));
  EXPECT_FALSE(IsViewOp(*g.CallFunction("torch.ops.aten.add.Tensor", {Ref(x), Ref(y)})));
  EXPECT_FALSE(IsViewOp(*g.CallModule("view", {Ref(x)})));
}

TEST_F(OpSchemaTest, GlobalStateCalls) {
  EXPECT_TRUE(IsGlobalStateCall(*g.CallFunction("torch.amp._enter_autocast", {Argument::String("cpu")})));
  EXPECT_TRUE(IsGlobalStateCall(
      *g.CallFunction("torch.autograd.grad_mode._enter_inference_mode", {Argument::Bool(true)})));
  EXPECT_TRUE(IsGlobalStateCall(
      *g.CallFunction("torch._C._functorch._vmap_increment_nesting", {Argument::Int(2)})));
  EXPECT_TRUE(IsGlobalStateCall(*g.CallFunction("torch._C._set_grad_enabled", {Argument::Bool(false)})));
  EXPECT_FALSE(IsGlobalStateCall(*g.CallFunction("torch.sin", {Ref(x)})));
  EXPECT_FALSE(IsGlobalStateCall(*g.CallMethod("_set_grad_enabled", {Ref(x)})));
}

// MayMutateArguments is the cheap screen before MutatedArgPositions: never
// false where a mutation exists, and decided without reading arguments.
TEST_F(OpSchemaTest, MayMutateArgumentsScreensByTarget) {
  Node* add_ = g.CallFunction("torch.ops.aten.add_.Tensor", {Ref(x), Ref(y)});
  Node* add_constant = g.CallFunction("torch.ops.aten.add_.Tensor", {Argument::Int(1), Ref(y)});
  Node* add = g.CallFunction("torch.ops.aten.add.Tensor", {Ref(x), Ref(y)});
  Node* add_out = g.CallFunction("torch.add", {Ref(x), Ref(y)}, {Kw("out", Ref(z))});
  Node* bn = g.CallFunction("torch.ops.aten.native_batch_norm.default",
                            {Ref(x), Ref(y), Ref(y), Ref(y), Ref(z), Argument::Bool(false),
                             Argument::Float(0.1), Argument::Float(1e-5)});
  EXPECT_TRUE(MayMutateArguments(*add_));
  EXPECT_TRUE(MayMutateArguments(*add_constant));  // same target: same answer
  EXPECT_THAT(MutatedArgPositions(*add_constant), IsEmpty());
  EXPECT_FALSE(MayMutateArguments(*add));
  EXPECT_TRUE(MayMutateArguments(*add_out));
  EXPECT_TRUE(MayMutateArguments(*bn));  // training=False here, but not always
  EXPECT_THAT(MutatedArgPositions(*bn), IsEmpty());
  EXPECT_FALSE(MayMutateArguments(*x));
}

TEST_F(OpSchemaTest, MultiResultOutVariantsWriteEveryOutTensor) {
  // aten's out0=/out1= come from the schema table, not from a name list.
  Node* bn = g.CallFunction("torch.ops.aten.native_dropout.out",
                            {Ref(x), Argument::Float(0.5), Argument::Bool(true)},
                            {Kw("out0", Ref(y)), Kw("out1", Ref(z))});
  EXPECT_THAT(MutatedArgPositions(*bn), ElementsAre(1, 2));
  EXPECT_THAT(ResultAliasPositions(*bn), ElementsAre(1, 2));
}

TEST_F(OpSchemaTest, ResultsAliasViewedInPlaceAndOutTensors) {
  EXPECT_THAT(ResultAliasPositions(*g.CallMethod("view", {Ref(x), Argument::Int(-1)})),
              ElementsAre(0));
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("torch.ops.aten.slice.Tensor",
                                                   {Ref(x), Argument::Int(0)})),
              ElementsAre(0));
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("torch.ops.aten.add_.Tensor", {Ref(x), Ref(y)})),
              ElementsAre(0));
  EXPECT_THAT(ResultAliasPositions(*g.CallMethod("add_", {Ref(x), Ref(y)})), ElementsAre(0));
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("torch.sin", {Ref(x)}, {Kw("out", Ref(y))})),
              ElementsAre(1));
  EXPECT_THAT(ResultAliasPositions(*g.CallMethod("float", {Ref(x)})), ElementsAre(0));
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("torch.ops.aten.sin.default", {Ref(x)})),
              IsEmpty());
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("torch.sin", {Ref(x)})), IsEmpty());
  // builtins.float(n) is not a tensor method.
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("builtins.float", {Ref(x)})), IsEmpty());
}

TEST_F(OpSchemaTest, GetItemOfSeveralFreshResultsIsItsOwnStorage) {
  Node* max = g.CallMethod("max", {Ref(x), Argument::Int(1)});
  max->mutable_meta().val = ValueMeta::Tuple({});
  EXPECT_THAT(ResultAliasPositions(*g.CallFunction("operator.getitem", {Ref(max), Argument::Int(0)})),
              IsEmpty());
  Node* split = g.CallMethod("split", {Ref(x), Argument::Int(2)});
  split->mutable_meta().val = ValueMeta::Tuple({});
  EXPECT_THAT(
      ResultAliasPositions(*g.CallFunction("operator.getitem", {Ref(split), Argument::Int(0)})),
      ElementsAre(0));
}

TEST_F(OpSchemaTest, AliasSetsJoinChainsOfViewsInPlaceAndOutResults) {
  Node* view = g.CallMethod("view", {Ref(x), Argument::Int(-1)});
  Node* part = g.CallFunction("operator.getitem", {Ref(view), Argument::Int(0)});
  Node* t = g.CallFunction("torch.ops.aten.t.default", {Ref(part)});
  Node* inplace = g.CallMethod("mul_", {Ref(y), Argument::Int(2)});
  Node* out = g.CallFunction("torch.sin", {Ref(y)}, {Kw("out", Ref(z))});
  Node* fresh = g.CallFunction("torch.cos", {Ref(t)});
  Node* max = g.CallMethod("max", {Ref(fresh), Argument::Int(1)});
  max->mutable_meta().val = ValueMeta::Tuple({});
  Node* values = g.CallFunction("operator.getitem", {Ref(max), Argument::Int(0)});
  Node* values_again = g.CallFunction("operator.getitem", {Ref(max), Argument::Int(0)});
  Node* indices = g.CallFunction("operator.getitem", {Ref(max), Argument::Int(1)});
  const AliasSets sets(g);
  EXPECT_EQ(sets.Root(t), sets.Root(x));
  EXPECT_EQ(sets.Root(part), x);
  EXPECT_EQ(sets.Root(inplace), sets.Root(y));
  EXPECT_EQ(sets.Root(out), sets.Root(z));
  EXPECT_NE(sets.Root(y), sets.Root(z));
  EXPECT_NE(sets.Root(fresh), sets.Root(x));
  EXPECT_EQ(sets.Root(values), sets.Root(values_again));
  EXPECT_NE(sets.Root(values), sets.Root(indices));
  EXPECT_NE(sets.Root(values), sets.Root(max));
  // Nodes added afterwards are their own class.
  Node* later = g.CallMethod("view", {Ref(x), Argument::Int(-1)});
  EXPECT_EQ(sets.Root(later), later);
}

TEST_F(OpSchemaTest, AliasSetsJoinReadsOfOneAttribute) {
  // make_fx reads `buf` once per use: a write through one read is seen by
  // the others.
  Node* buf = g.GetAttr("buf");
  Node* add_ = g.CallMethod("add_", {Ref(buf), Ref(x)});
  Node* buf_1 = g.GetAttr("buf");
  Node* other = g.GetAttr("other");
  const AliasSets sets(g);
  EXPECT_EQ(sets.Root(buf_1), sets.Root(add_));
  EXPECT_NE(sets.Root(other), sets.Root(buf));
}

TEST(AliasSetsTest, GivenTheModuleReadsOfOneStorageGroupAreJoined) {
  // A tied weight: `tied` and `weight` share storage, `own` does not.
  GraphModule module;
  for (auto [name, group] : {std::pair<const char*, uint32_t>{"weight", 3}, {"tied", 3}, {"own", 0}}) {
    StateEntry entry{name, StateKind::kParameter, {}};
    entry.storage_group = group;
    ASSERT_TRUE(module.AddState(entry).ok());
  }
  Graph& g = module.graph();
  Node* weight = g.GetAttr("weight");
  Node* tied = g.GetAttr("tied");
  Node* own = g.GetAttr("own");
  const AliasSets with_groups(g, &module);
  EXPECT_EQ(with_groups.Root(tied), with_groups.Root(weight));
  EXPECT_NE(with_groups.Root(own), with_groups.Root(weight));
  // The graph alone does not say which attributes share storage.
  const AliasSets graph_only(g);
  EXPECT_NE(graph_only.Root(tied), graph_only.Root(weight));
}

TEST(AliasSetsTest, AModuleCallReadsTheStateUnderItsPathAndStorageItShares) {
  // `layer1` holds `weight`, whose storage `tied` shares; `layer10` is
  // another module whose name starts alike.
  GraphModule module;
  for (const char* name : {"layer1", "layer10"}) {
    auto child = std::make_unique<GraphModule>();
    StateEntry weight{"weight", StateKind::kParameter, {}};
    weight.storage_group = absl::string_view(name) == "layer1" ? 5 : 0;
    ASSERT_TRUE(child->AddState(weight).ok());
    ASSERT_TRUE(module.AddChild(name, std::move(child)).ok());
  }
  StateEntry tied{"tied", StateKind::kParameter, {}};
  tied.storage_group = 5;
  ASSERT_TRUE(module.AddState(tied).ok());
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  // The graph reads layer10.weight itself, and layer1.weight's storage as
  // `tied` only.
  Node* other = g.GetAttr("layer10.weight");
  Node* shared = g.GetAttr("tied");
  Node* call = g.CallModule("layer1", {Argument::Ref(x)});
  Node* call_other = g.CallModule("layer10", {Argument::Ref(x)});
  const AliasSets with_module(g, &module);
  EXPECT_THAT(with_module.StateAccessedBy(*call), ElementsAre(shared));
  EXPECT_THAT(with_module.StateAccessedBy(*call_other), ElementsAre(other));
  EXPECT_THAT(with_module.StateAccessedBy(*other), IsEmpty());
  // Read both ways, one class is listed once.
  Node* own = g.GetAttr("layer1.weight");
  const AliasSets both(g, &module);
  EXPECT_EQ(both.Root(own), both.Root(shared));
  EXPECT_THAT(both.StateAccessedBy(*call), ElementsAre(own));
  EXPECT_THAT(AliasSets(g).StateAccessedBy(*call), IsEmpty());
}

// A module call may write the state it reads (BatchNorm's running
// statistics in training): reads of that state stay on their side of it.
TEST(AliasSetsTest, AModuleCallIsOrderedWithTheReadsOfItsState) {
  ReadThenCallBatchNorm bn = MakeReadThenCallBatchNorm();
  Graph& g = bn.module->graph();
  Node* after = g.CallFunction("torch.mul", {Argument::Ref(bn.x), Argument::Ref(bn.mean)});
  std::vector<Node*> mutations;
  std::vector<std::pair<Node*, Node*>> edges;
  ForEachMutationOrderingEdge(
      g, AliasSets(g, bn.module.get()), [&](Node* n) { mutations.push_back(n); },
      [&](Node* earlier, Node* later) { edges.emplace_back(earlier, later); });
  EXPECT_THAT(edges, ElementsAre(Pair(bn.read, bn.call), Pair(bn.call, after)));
  // It writes no argument.
  EXPECT_THAT(mutations, IsEmpty());
  // Without the module, what it accesses is unknown to the graph.
  edges.clear();
  ForEachMutationOrderingEdge(
      g, AliasSets(g), [](Node*) {},
      [&](Node* earlier, Node* later) { edges.emplace_back(earlier, later); });
  EXPECT_THAT(edges, IsEmpty());
}

TEST_F(OpSchemaTest, RandomDraws) {
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction("torch.ops.aten.native_dropout.default", {Ref(x)})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction("torch.ops.aten.bernoulli_.float", {Ref(x)})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallMethod("uniform_", {Ref(x)})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction("torch.nn.functional.dropout", {Ref(x)})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction("torch.randn", {Argument::Int(3)})));
  EXPECT_FALSE(DrawsRandomNumbers(*g.CallFunction("torch.ops.aten.add.Tensor", {Ref(x), Ref(y)})));
  EXPECT_FALSE(DrawsRandomNumbers(*g.GetAttr("rand")));
}

// Attention and recurrent ops draw only to apply dropout: not when their
// probability is 0 (or left to its default 0) or their training flag False.
TEST_F(OpSchemaTest, AttentionAndRecurrentOpsDrawWhenTheyApplyDropout) {
  const Argument p = Argument::Float(0.1), zero = Argument::Float(0), none = Argument::None();
  const char* sdpa = "torch.ops.aten.scaled_dot_product_attention.default";
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction(sdpa, {Ref(x), Ref(y), Ref(z), none, p})));
  EXPECT_TRUE(DrawsRandomNumbers(
      *g.CallFunction(sdpa, {Ref(x), Ref(y), Ref(z)}, {Kw("dropout_p", p)})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction(sdpa, {Ref(x), Ref(y), Ref(z), none, Ref(x)})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction(
      "torch._C._nn.scaled_dot_product_attention", {Ref(x), Ref(y), Ref(z), none, p})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction(
      "torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default", {Ref(x), Ref(y), Ref(z), p})));
  EXPECT_FALSE(DrawsRandomNumbers(*g.CallFunction(sdpa, {Ref(x), Ref(y), Ref(z)})));
  EXPECT_FALSE(DrawsRandomNumbers(*g.CallFunction(sdpa, {Ref(x), Ref(y), Ref(z), none, zero})));
  EXPECT_FALSE(DrawsRandomNumbers(*g.CallFunction(
      "torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default", {Ref(x), Ref(y), Ref(z)})));

  auto lstm = [&](const char* overload, Argument dropout, bool train) {
    std::vector<Argument> args = {Ref(x), Argument::List({Ref(y), Ref(y)}), Argument::List({Ref(z)}),
                                  Argument::Bool(true), Argument::Int(2), dropout,
                                  Argument::Bool(train), Argument::Bool(false), Argument::Bool(false)};
    // lstm.data(data, batch_sizes, hx, params, ...): one more leading argument.
    if (absl::string_view(overload) == "data") args.insert(args.begin() + 1, Ref(x));
    return DrawsRandomNumbers(*g.CallFunction(absl::StrCat("torch.ops.aten.lstm.", overload), args));
  };
  for (const char* overload : {"input", "data"}) {
    EXPECT_TRUE(lstm(overload, p, true)) << overload;
    EXPECT_FALSE(lstm(overload, p, false)) << overload;
    EXPECT_FALSE(lstm(overload, zero, true)) << overload;
  }
  EXPECT_FALSE(DrawsRandomNumbers(*g.CallFunction(
      "torch.nn.functional.multi_head_attention_forward", {Ref(x), Ref(y), Ref(z)},
      {Kw("dropout_p", p), Kw("training", Argument::Bool(false))})));
  EXPECT_TRUE(DrawsRandomNumbers(*g.CallFunction(
      "torch.nn.functional.multi_head_attention_forward", {Ref(x), Ref(y), Ref(z)},
      {Kw("dropout_p", p)})));
}

// A custom operator is taken to write every tensor it is given until its
// schema is registered; then it writes what the schema says.
TEST_F(OpSchemaTest, RegisteredCustomOperatorsAreKnownByTheirSchema) {
  Node* pair = g.CallFunction("torch.ops.optest.pair.default", {Ref(x), Ref(y)});
  Node* scale = g.CallFunction("torch.ops.optest.scale_.default", {Ref(x), Argument::Float(2)});
  Node* log = g.CallFunction("torch.ops.optest.log.default", {Ref(x)});
  for (Node* n : {pair, scale, log}) EXPECT_TRUE(IsUnknownOperator(*n));
  EXPECT_THAT(MutatedArgPositions(*pair), ElementsAre(0, 1));
  EXPECT_THAT(MutatedArgPositions(*log), ElementsAre(0));
  ASSERT_TRUE(RegisterSchema("optest::pair(Tensor a, Tensor b) -> (Tensor, Tensor)").ok());
  ASSERT_TRUE(RegisterSchema("optest::scale_(Tensor(a!) x, float s) -> ()").ok());
  ASSERT_TRUE(RegisterSchema("optest::log(Tensor x) -> ()").ok());
  for (Node* n : {pair, scale, log}) EXPECT_FALSE(IsUnknownOperator(*n));
  EXPECT_THAT(MutatedArgPositions(*pair), IsEmpty());
  EXPECT_THAT(MutatedArgPositions(*scale), ElementsAre(0));
  EXPECT_THAT(MutatedArgPositions(*log), IsEmpty());
  // An operator that returns nothing exists for its effects.
  EXPECT_FALSE(KeepWhenUnused(*pair));
  EXPECT_TRUE(KeepWhenUnused(*log));
}

TEST_F(OpSchemaTest, RandomDrawsFollowEachOther) {
  Node* first = g.CallFunction("torch.ops.aten.rand_like.default", {Ref(x)});
  g.CallFunction("torch.ops.aten.sin.default", {Ref(x)});
  Node* second = g.CallFunction("torch.ops.aten.randn_like.default", {Ref(y)});
  Node* third = g.CallMethod("bernoulli", {Ref(z)});
  // Calls of one target draw or not by their arguments: attention without
  // dropout does not draw, with dropout it does.
  g.CallFunction("torch.ops.aten.scaled_dot_product_attention.default", {Ref(x), Ref(y), Ref(z)});
  Node* fourth = g.CallFunction("torch.ops.aten.scaled_dot_product_attention.default",
                                {Ref(x), Ref(y), Ref(z), Argument::None(), Argument::Float(0.5)});
  std::vector<std::pair<Node*, Node*>> edges;
  ForEachMutationOrderingEdge(
      g, AliasSets(g), [](Node*) {},
      [&](Node* earlier, Node* later) { edges.emplace_back(earlier, later); });
  EXPECT_THAT(edges, ElementsAre(Pair(first, second), Pair(second, third), Pair(third, fourth)));
}

TEST(RandomDrawsTest, CallsOfDropoutModulesDrawGivenTheModule) {
  GraphModule module;
  for (auto [name, type] : {std::pair<const char*, const char*>{"drop", "torch.nn.modules.dropout.Dropout"},
                            {"lin", "torch.nn.modules.linear.Linear"}}) {
    ASSERT_TRUE(module.AddChild(name, GraphModule::Opaque(type)).ok());
  }
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* rand = g.CallFunction("torch.rand_like", {Argument::Ref(x)});
  Node* lin = g.CallModule("lin", {Argument::Ref(x)});
  Node* drop = g.CallModule("drop", {Argument::Ref(lin)});
  EXPECT_TRUE(DrawsRandomNumbers(*drop, &module));
  EXPECT_FALSE(DrawsRandomNumbers(*lin, &module));
  EXPECT_FALSE(DrawsRandomNumbers(*drop));  // without the module, its class is unknown
  std::vector<std::pair<Node*, Node*>> edges;
  ForEachMutationOrderingEdge(
      g, AliasSets(g, &module), [](Node*) {},
      [&](Node* earlier, Node* later) { edges.emplace_back(earlier, later); });
  EXPECT_THAT(edges, ElementsAre(Pair(rand, drop)));
}

// Attention and recurrent layers apply dropout by a probability attribute,
// and a TransformerEncoderLayer holds Dropout modules: their calls may draw.
TEST(RandomDrawsTest, CallsOfModulesThatApplyDropoutDraw) {
  GraphModule module;
  auto layer = GraphModule::Opaque("torch.nn.modules.transformer.TransformerEncoderLayer");
  ASSERT_TRUE(layer->AddChild("dropout1", GraphModule::Opaque("torch.nn.modules.dropout.Dropout")).ok());
  ASSERT_TRUE(module.AddChild("layer", std::move(layer)).ok());
  for (auto [name, type] : {std::pair<const char*, const char*>{"attn", "torch.nn.modules.activation.MultiheadAttention"},
                            {"lstm", "torch.nn.modules.rnn.LSTM"},
                            {"pool", "torch.nn.modules.pooling.FractionalMaxPool2d"},
                            {"norm", "torch.nn.modules.normalization.LayerNorm"},
                            {"custom", "model.LSTM"}}) {
    ASSERT_TRUE(module.AddChild(name, GraphModule::Opaque(type)).ok());
  }
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  for (const char* name : {"layer", "attn", "lstm", "pool"}) {
    EXPECT_TRUE(DrawsRandomNumbers(*g.CallModule(name, {Argument::Ref(x)}), &module)) << name;
  }
  for (const char* name : {"norm", "custom"}) {
    EXPECT_FALSE(DrawsRandomNumbers(*g.CallModule(name, {Argument::Ref(x)}), &module)) << name;
  }
}

}  // namespace
}  // namespace fxpp
