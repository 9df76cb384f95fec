#include "passes/op_schema/op_schema.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/graph.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

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

TEST_F(OpSchemaTest, GlobalStateBarriers) {
  EXPECT_TRUE(IsGlobalStateBarrier(*g.CallFunction("torch.amp._enter_autocast", {Argument::String("cpu")})));
  EXPECT_TRUE(IsGlobalStateBarrier(*g.CallFunction("torch._C._set_grad_enabled", {Argument::Bool(false)})));
  EXPECT_FALSE(IsGlobalStateBarrier(*g.CallFunction("torch.sin", {Ref(x)})));
  EXPECT_FALSE(IsGlobalStateBarrier(*g.CallMethod("_set_grad_enabled", {Ref(x)})));
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

}  // namespace
}  // namespace fxpp
