#include "ir/names.h"

#include <vector>

#include "gtest/gtest.h"
#include "ir/node.h"

namespace fxpp {
namespace {

TEST(NameSpaceTest, FollowsFxCreateName) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("add"), "add");
  EXPECT_EQ(ns.CreateName("add"), "add_1");
  EXPECT_EQ(ns.CreateName("add"), "add_2");
  EXPECT_EQ(ns.CreateName("add_1"), "add_3");  // suffix split: base "add"
  EXPECT_EQ(ns.CreateName("mul_5"), "mul_5");
  EXPECT_EQ(ns.CreateName("mul"), "mul");
  EXPECT_EQ(ns.CreateName("mul"), "mul_6");
}

// FX reads the suffix as a number: `x_05` is `x_5`; `x_0` counts on from
// the base's last number when taken.
TEST(NameSpaceTest, SuffixesAreNumbers) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("x_05"), "x_5");
  EXPECT_EQ(ns.CreateName("x_5"), "x_6");
  EXPECT_EQ(ns.CreateName("x_0"), "x_0");
  EXPECT_EQ(ns.CreateName("x_00"), "x_7");  // x_0 is taken: count on from 6
  EXPECT_EQ(ns.CreateName("y_12"), "y_12");
  EXPECT_EQ(ns.CreateName("y_12"), "y_13");
  EXPECT_EQ(ns.CreateName("y.12"), "y_14");
}

TEST(NameSpaceTest, SanitizesLikeFx) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("layer1.0.conv"), "layer1_0_conv");
  EXPECT_EQ(ns.CreateName("a..b"), "a_b");  // a run of illegal chars -> one _
  EXPECT_EQ(ns.CreateName("0abc"), "_0abc");
  EXPECT_EQ(ns.CreateName(""), "_unnamed");
  EXPECT_EQ(ns.CreateName("x_"), "x_");
  EXPECT_EQ(ns.CreateName("x_"), "x__1");
}

TEST(NameSpaceTest, ReservedNamesAreSkipped) {
  NameSpace ns;
  EXPECT_EQ(ns.CreateName("input"), "input_1");
  EXPECT_EQ(ns.CreateName("torch"), "torch_1");
  EXPECT_EQ(ns.CreateName("None"), "None_1");
  EXPECT_TRUE(IsReservedPythonName("getattr"));
  EXPECT_TRUE(IsReservedPythonName("inf"));
  EXPECT_FALSE(IsReservedPythonName("relu"));
}

TEST(NameSpaceTest, ClaimIsExact) {
  NameSpace ns;
  EXPECT_EQ(ns.Claim("add_3"), "add_3");
  EXPECT_FALSE(ns.Claim("add_3").has_value());
  EXPECT_FALSE(ns.Claim("bad name").has_value());
  EXPECT_FALSE(ns.Claim("1x").has_value());
  EXPECT_FALSE(ns.Claim("print").has_value());
  EXPECT_TRUE(ns.IsTaken("add_3"));
  EXPECT_FALSE(ns.IsTaken("add_4"));
}

TEST(NameSpaceTest, ClaimedSuffixesCountForLaterNames) {
  // Claims move FX's per-base counts in claim order (the namespace settles
  // them when a name is next created).
  NameSpace ns;
  ASSERT_TRUE(ns.Claim("add_3").has_value());
  ASSERT_TRUE(ns.Claim("add").has_value());
  ASSERT_TRUE(ns.Claim("mul_0").has_value());  // _0 starts no count
  EXPECT_EQ(ns.CreateName("add"), "add_4");
  EXPECT_EQ(ns.CreateName("mul"), "mul");
  ASSERT_TRUE(ns.Claim("add_9").has_value());
  ASSERT_TRUE(ns.Claim("add_7").has_value());  // the last claim counts, not the largest
  ASSERT_TRUE(ns.Claim("mul_0x").has_value());  // no suffix
  EXPECT_EQ(ns.CreateName("add"), "add_8");
  EXPECT_EQ(ns.CreateName("mul"), "mul_1");
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

TEST(NameSpaceTest, NamesStayValidAsTheArenaGrows) {
  NameSpace ns;
  absl::string_view first = ns.CreateName("first");
  std::vector<absl::string_view> many;
  for (int i = 0; i < 5000; ++i) many.push_back(ns.CreateName("a_long_candidate_name"));
  EXPECT_EQ(first, "first");
  EXPECT_EQ(many[0], "a_long_candidate_name");
  EXPECT_EQ(many[4999], "a_long_candidate_name_4999");
}

TEST(IdentifierTest, Python) {
  EXPECT_TRUE(IsPythonIdentifier("_x1"));
  EXPECT_FALSE(IsPythonIdentifier(""));
  EXPECT_FALSE(IsPythonIdentifier("9a"));
  EXPECT_FALSE(IsPythonIdentifier("a-b"));
}

}  // namespace
}  // namespace fxpp
