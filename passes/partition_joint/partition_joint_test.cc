#include "passes/partition_joint/partition_joint.h"

#include <memory>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::unique_ptr<GraphModule> Module(absl::string_view text) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "joint.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  auto module = std::make_unique<GraphModule>();
  if (parsed.ok()) module->set_graph(std::move(parsed->graph));
  return module;
}

// y = sin(x) * w; dx = cos(x) * w * g; dw = sin(x) * g.
constexpr absl::string_view kJoint = R"(graph():
    %primals_1 : [num_users=2] = placeholder[target=primals_1]
    %primals_2 : [num_users=2] = placeholder[target=primals_2]
    %tangents_1 : [num_users=2] = placeholder[target=tangents_1]
    %sin : [num_users=2] = call_function[target=torch.ops.aten.sin.default](args = (%primals_1,), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sin, %primals_2), kwargs = {})
    %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tangents_1, %primals_2), kwargs = {})
    %cos : [num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%primals_1,), kwargs = {})
    %mul_2 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_1, %cos), kwargs = {})
    %mul_3 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tangents_1, %sin), kwargs = {})
    return [mul, mul_2, mul_3]
)";

TEST(PartitionJointTest, SavesWhatTheBackwardReads) {
  auto joint = Module(kJoint);
  absl::StatusOr<JointPartition> p = PartitionJointGraph(*joint, 1);
  ASSERT_TRUE(p.ok()) << p.status();
  // cos is not needed by the forward: the backward recomputes it from primals_1.
  EXPECT_THAT(p->saved_values, ElementsAre("primals_1", "primals_2", "sin"));
  EXPECT_TRUE(p->saved_symbols.empty());
  EXPECT_TRUE(VerifyGraphModule(*p->forward, {false}).ok());
  EXPECT_TRUE(VerifyGraphModule(*p->backward, {false}).ok());
  EXPECT_EQ(PrintFxGraph(p->forward->graph()),
            "graph():\n"
            "    %primals_1 : [num_users=2] = placeholder[target=primals_1]\n"
            "    %primals_2 : [num_users=2] = placeholder[target=primals_2]\n"
            "    %sin : [num_users=2] = call_function[target=torch.ops.aten.sin.default](args = (%primals_1,), kwargs = {})\n"
            "    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sin, %primals_2), kwargs = {})\n"
            "    return (mul, primals_1, primals_2, sin)\n");
  EXPECT_EQ(PrintFxGraph(p->backward->graph()),
            "graph():\n"
            "    %primals_1 : [num_users=1] = placeholder[target=primals_1]\n"
            "    %primals_2 : [num_users=1] = placeholder[target=primals_2]\n"
            "    %sin : [num_users=1] = placeholder[target=sin]\n"
            "    %tangents_1 : [num_users=2] = placeholder[target=tangents_1]\n"
            "    %mul_1 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tangents_1, %primals_2), kwargs = {})\n"
            "    %cos : [num_users=1] = call_function[target=torch.ops.aten.cos.default](args = (%primals_1,), kwargs = {})\n"
            "    %mul_2 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_1, %cos), kwargs = {})\n"
            "    %mul_3 : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tangents_1, %sin), kwargs = {})\n"
            "    return (mul_2, mul_3)\n");
}

TEST(PartitionJointTest, Errors) {
  auto joint = Module(kJoint);
  absl::StatusOr<JointPartition> p = PartitionJointGraph(*joint, 4);
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(p.status().message(), HasSubstr("num_fwd_outputs is 4 but the joint graph has 3 outputs"));
  // A "forward output" computed from a tangent.
  p = PartitionJointGraph(*joint, 2);
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(p.status().message(), HasSubstr("forward output 'mul_2' cannot be computed"));

  joint->graph().FindNode("cos")->mutable_meta().SetExtra("recompute", "\"MUST_RECOMPUTE\"");
  p = PartitionJointGraph(*joint, 1);
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(p.status().message(), HasSubstr("node 'cos' asks to be recomputed"));
}

}  // namespace
}  // namespace fxpp
