#include "testing/same_computation.h"

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

std::unique_ptr<GraphModule> Parse(absl::string_view text) {
  absl::StatusOr<ParsedFxModule> parsed = ParseFxModule(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? std::move(parsed->module) : std::make_unique<GraphModule>();
}

// x - 1 and y - 2, each times 3.
constexpr absl::string_view kFlat = R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sub : [num_users=1] = call_function[target=operator.sub](args = (%x, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%sub, 3), kwargs = {})
    %sub_1 : [num_users=1] = call_function[target=operator.sub](args = (%y, 2), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=operator.mul](args = (%sub_1, 3), kwargs = {})
    return (mul, mul_1)
)";

// The same, with `sub(p, c)` and `mul` outlined into a subgraph taking the
// constant as an operand: what a correct dedup of kFlat would make.
constexpr absl::string_view kOutlined = R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sub_graph : [num_users=2] = get_attr[target=subgraph_0]
    %invoke : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%sub_graph, subgraph_0, %x, 1), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%invoke, 0), kwargs = {})
    %invoke_1 : [num_users=1] = call_function[target=torch.ops.higher_order.invoke_subgraph](args = (%sub_graph, subgraph_0, %y, 2), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%invoke_1, 0), kwargs = {})
    return (getitem, getitem_1)

graph subgraph_0():
    %p : [num_users=1] = placeholder[target=p]
    %c : [num_users=1] = placeholder[target=c]
    %sub : [num_users=1] = call_function[target=operator.sub](args = (%p, %c), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%sub, 3), kwargs = {})
    return (mul,)
)";

TEST(SameComputationTest, CorrectOutliningComputesTheSame) {
  EXPECT_TRUE(CheckSameComputation(*Parse(kFlat), *Parse(kOutlined)).ok())
      << CheckSameComputation(*Parse(kFlat), *Parse(kOutlined));
}

TEST(SameComputationTest, InliningReplacesCallsAndGetitems) {
  absl::StatusOr<std::unique_ptr<Graph>> inlined = InlineSubmoduleCalls(*Parse(kOutlined));
  ASSERT_TRUE(inlined.ok()) << inlined.status();
  for (Node* n : (*inlined)->nodes()) {
    EXPECT_NE(n->op(), OpKind::kGetAttr) << n->name();
    EXPECT_NE(n->target(), "operator.getitem") << n->name();
  }
  EXPECT_EQ((*inlined)->size(), 7u);  // 2 placeholders, 2 x (sub, mul), the output
}

// PyTorch 2.6's dedup merges regions that differ only in a constant.
TEST(SameComputationTest, MergingRegionsThatDifferInAConstantIsCaught) {
  std::string wrong(kOutlined);
  wrong.replace(wrong.find("%y, 2"), 5, "%y, 1");
  const absl::Status same = CheckSameComputation(*Parse(kFlat), *Parse(wrong));
  EXPECT_THAT(std::string(same.message()), HasSubstr("changed what the module computes"));
  EXPECT_THAT(std::string(same.message()), HasSubstr("-v2 = call_function operator.sub(in1, 2)\n+v2 = call_function operator.sub(in1, 1)"));
}

TEST(SameComputationTest, OperandsInTheWrongOrderAreCaught) {
  std::string wrong(kOutlined);
  wrong.replace(wrong.find("args = (%p, %c)"), 15, "args = (%c, %p)");
  EXPECT_FALSE(CheckSameComputation(*Parse(kFlat), *Parse(wrong)).ok());
}

TEST(SameComputationTest, OutputsWiredToTheWrongCallAreCaught) {
  std::string wrong(kOutlined);
  wrong.replace(wrong.find("return (getitem, getitem_1)"), 27, "return (getitem_1, getitem)");
  EXPECT_FALSE(CheckSameComputation(*Parse(kFlat), *Parse(wrong)).ok());
}

// split_by_tags' shape: call_module of a child returning a tuple, read by
// getitems, and a child returning one value.
TEST(SameComputationTest, CallModuleChildrenAreInlined) {
  constexpr absl::string_view kSplit = R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %a : [num_users=2] = call_module[target=a](args = (%x, %y), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%a, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%a, 1), kwargs = {})
    %b : [num_users=1] = call_module[target=b](args = (%getitem_1,), kwargs = {})
    return (getitem, b)

graph a():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %sub : [num_users=1] = call_function[target=operator.sub](args = (%x, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%sub, 3), kwargs = {})
    %sub_1 : [num_users=1] = call_function[target=operator.sub](args = (%y, 2), kwargs = {})
    return (mul, sub_1)

graph b():
    %sub_1 : [num_users=1] = placeholder[target=sub_1]
    %mul_1 : [num_users=1] = call_function[target=operator.mul](args = (%sub_1, 3), kwargs = {})
    return mul_1
)";
  EXPECT_TRUE(CheckSameComputation(*Parse(kFlat), *Parse(kSplit)).ok())
      << CheckSameComputation(*Parse(kFlat), *Parse(kSplit));
}

TEST(SameComputationTest, ATupleResultUsedWholeIsAnError) {
  std::string whole(kOutlined);
  whole.replace(whole.find("return (getitem, getitem_1)"), 27, "return (invoke, getitem_1)");
  whole.replace(whole.find("%invoke : [num_users=1]"), 23, "%invoke : [num_users=2]");
  whole.replace(whole.find("%getitem : [num_users=1]"), 24, "%getitem : [num_users=0]");
  const absl::Status same = CheckSameComputation(*Parse(kFlat), *Parse(whole));
  EXPECT_THAT(std::string(same.message()), HasSubstr("in a way inlining cannot follow"));
}

TEST(SameComputationTest, AMissingOperandIsAnError) {
  std::string missing(kOutlined);
  missing.replace(missing.find("%y, 2)"), 6, "%y)");
  EXPECT_THAT(std::string(CheckSameComputation(*Parse(kFlat), *Parse(missing)).message()),
              HasSubstr("passes no value for 'c'"));
}

}  // namespace
}  // namespace fxpp
