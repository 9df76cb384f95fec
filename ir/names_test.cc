#include "ir/names.h"

#include "gtest/gtest.h"
#include "ir/node.h"

namespace fxpp {
namespace {

TEST(NameSpaceTest, FollowsFxCreateName) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("add").str(), "add");
  EXPECT_EQ(ns.CreateName("add").str(), "add_1");
  EXPECT_EQ(ns.CreateName("add").str(), "add_2");
  EXPECT_EQ(ns.CreateName("add_1").str(), "add_3");  // suffix split: base "add"
  EXPECT_EQ(ns.CreateName("mul_5").str(), "mul_5");
  EXPECT_EQ(ns.CreateName("mul").str(), "mul");
  EXPECT_EQ(ns.CreateName("mul").str(), "mul_6");
}

TEST(NameSpaceTest, SanitizesLikeFx) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("layer1.0.conv").str(), "layer1_0_conv");
  EXPECT_EQ(ns.CreateName("a..b").str(), "a_b");  // a run of illegal chars -> one _
  EXPECT_EQ(ns.CreateName("0abc").str(), "_0abc");
  EXPECT_EQ(ns.CreateName("").str(), "_unnamed");
  EXPECT_EQ(ns.CreateName("x_").str(), "x_");
  EXPECT_EQ(ns.CreateName("x_").str(), "x__1");
}

TEST(NameSpaceTest, ReservedNamesAreSkipped) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("input").str(), "input_1");
  EXPECT_EQ(ns.CreateName("torch").str(), "torch_1");
  EXPECT_EQ(ns.CreateName("None").str(), "None_1");
  EXPECT_TRUE(IsReservedPythonName("getattr"));
  EXPECT_TRUE(IsReservedPythonName("inf"));
  EXPECT_FALSE(IsReservedPythonName("relu"));
}

TEST(NameSpaceTest, ClaimIsExact) {
  NameSpace ns;
  EXPECT_TRUE(ns.Claim("add_3"));
  EXPECT_FALSE(ns.Claim("add_3"));
  EXPECT_FALSE(ns.Claim("bad name"));
  EXPECT_FALSE(ns.Claim("1x"));
  EXPECT_FALSE(ns.Claim("print"));
  EXPECT_TRUE(ns.IsTaken("add_3"));
  EXPECT_FALSE(ns.IsTaken("add_4"));
}

TEST(CandidateNameTest, DerivesFromTargets) {
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallFunction, "torch.ops.aten.add.Tensor"), "add");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallFunction, "torch.ops.aten.add_.Tensor"), "add_");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallFunction, "torch.ops.aten.sym_size"), "sym_size");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallFunction, "operator.getitem"), "getitem");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallFunction, "torch.nn.functional.relu"), "relu");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallFunction, "getattr"), "getattr");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallMethod, "__getitem__"), "getitem");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kCallModule, "MyBlock.subModule"), "my_block.sub_module");
  EXPECT_EQ(CandidateNameForTarget(OpKind::kGetAttr, "conv.weight"), "conv.weight");
}

TEST(IdentifierTest, Python) {
  EXPECT_TRUE(IsPythonIdentifier("_x1"));
  EXPECT_FALSE(IsPythonIdentifier(""));
  EXPECT_FALSE(IsPythonIdentifier("9a"));
  EXPECT_FALSE(IsPythonIdentifier("a-b"));
}

}  // namespace
}  // namespace fxpp
