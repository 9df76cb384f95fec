#include "passes/functional_checks/effect_tokens.h"
#include "passes/functional_checks/functional_checks.h"
#include "passes/functional_checks/joint_metadata.h"

#include <memory>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"
#include "passes/pipeline.h"
#include "testing/fx_module.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

TEST(AssertFunctionalGraphTest, CountsCopiesIntoInputs) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %y : [num_users=2] = placeholder[target=y]
    %add : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, %y), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%x, %add), kwargs = {})
    %set_ : [num_users=0] = call_function[target=torch.ops.aten.set_.source_Tensor](args = (%y, %add), kwargs = {})
    return None
)");
  absl::StatusOr<int64_t> copies = AssertFunctionalGraph(m->graph());
  ASSERT_TRUE(copies.ok()) << copies.status();
  EXPECT_EQ(*copies, 2);
  AssertFunctionalGraphPass pass;
  EXPECT_EQ(pass.Run(*m).value_or(true), false);
  EXPECT_EQ(pass.copy_count(), 2);
}

TEST(AssertFunctionalGraphTest, RejectsOtherWrites) {
  auto inplace = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%mul, 1), kwargs = {})
    return add_
)");
  absl::StatusOr<int64_t> result = AssertFunctionalGraph(inplace->graph());
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.status().message(), HasSubstr("node 'add_' (torch.ops.aten.add_.Tensor)"));

  auto copy_intermediate = ModuleFromFxText(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %copy_ : [num_users=1] = call_function[target=torch.ops.aten.copy_.default](args = (%mul, %x), kwargs = {})
    return copy_
)");
  result = AssertFunctionalGraph(copy_intermediate->graph());
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.status().message(), HasSubstr("writes 'mul', which is not a graph input"));

  auto method = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu_ : [num_users=1] = call_method[target=relu_](args = (%x,), kwargs = {})
    return relu_
)");
  EXPECT_FALSE(AssertFunctionalGraph(method->graph()).ok());

  auto batch_norm = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %m : [num_users=1] = placeholder[target=m]
    %v : [num_users=1] = placeholder[target=v]
    %bn : [num_users=1] = call_function[target=torch.ops.aten._native_batch_norm_legit.default](args = (%x, None, None, %m, %v, True, 0.1, 1e-05), kwargs = {})
    return bn
)");
  EXPECT_FALSE(AssertFunctionalGraph(batch_norm->graph()).ok());
}

// x <- add(x, 1) by copy_.
constexpr absl::string_view kCopyOfAdd = R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, 1), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%x, %add), kwargs = {})
    return None
)";

TEST(PropagateInputMutationStackTracesTest, CopiesTheSourceTrace) {
  auto m = ModuleFromFxText(kCopyOfAdd);
  m->graph().FindNode("add")->mutable_meta().stack_trace = Symbol::Intern("File \"m.py\", line 3\n");
  absl::StatusOr<int64_t> traced = PropagateInputMutationStackTraces(m->graph());
  ASSERT_TRUE(traced.ok()) << traced.status();
  EXPECT_EQ(*traced, 1);
  EXPECT_EQ(m->graph().FindNode("copy_")->meta().stack_trace.str(), "File \"m.py\", line 3\n");
}

// The pass (tools/functionalize's last step): changed, with its statistic,
// only when it gives a trace; the pipeline's changed check holds both times.
TEST(PropagateInputMutationStackTracesTest, PassChangesOnlyWhenItGivesATrace) {
  auto m = ModuleFromFxText(kCopyOfAdd);
  m->graph().FindNode("add")->mutable_meta().stack_trace = Symbol::Intern("File \"m.py\", line 3\n");
  PropagateInputMutationStackTracesPass pass;
  PassPipeline::Options checks;
  checks.check_changed = true;
  absl::StatusOr<bool> changed = RunPass(pass, *m, checks);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  ASSERT_EQ(pass.Report().statistics.size(), 1u);
  EXPECT_EQ(pass.Report().statistics[0].value, 1);
  changed = RunPass(pass, *m, checks);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_FALSE(*changed);
  EXPECT_EQ(pass.Report().statistics[0].value, 0);
}

TEST(PropagateInputMutationStackTracesTest, RejectsTwoCopiesIntoOneInput) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=3] = placeholder[target=x]
    %add : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, 1), kwargs = {})
    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%x, %add), kwargs = {})
    %copy__1 : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%x, %add), kwargs = {})
    return None
)");
  absl::StatusOr<int64_t> traced = PropagateInputMutationStackTraces(m->graph());
  ASSERT_FALSE(traced.ok());
  EXPECT_THAT(traced.status().message(), HasSubstr("'x' is copied into more than once"));
}

TEST(EffectTokensTest, CustomEffectfulOpWithAResult) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %log : [num_users=1] = call_function[target=torch.ops.mylib.log_and_scale.default](args = (%x,), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%log,), kwargs = {})
    return relu
)");
  EffectTokenOptions options;
  options.effectful_ops.insert("torch.ops.mylib.log_and_scale.default");
  absl::StatusOr<EffectTokenReport> report = LiftEffectTokens(*m, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->effectful_calls, 1);
  ASSERT_TRUE(VerifyGraph(m->graph()).ok());
  EXPECT_EQ(PrintFxGraph(m->graph()),
            "graph():\n"
            "    %token : [num_users=1] = placeholder[target=token]\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %with_effects : [num_users=2] = call_function[target=torch.ops.higher_order.with_effects](args = (%token, mylib.log_and_scale.default, %x), kwargs = {})\n"
            "    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%with_effects, 0), kwargs = {})\n"
            "    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%with_effects, 1), kwargs = {})\n"
            "    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%getitem_1,), kwargs = {})\n"
            "    return (getitem, relu)\n");
}

TEST(EffectTokensTest, NothingToDo) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return relu
)");
  const std::string before = PrintFxGraph(m->graph());
  absl::StatusOr<EffectTokenReport> lifted = LiftEffectTokens(*m);
  ASSERT_TRUE(lifted.ok());
  EXPECT_EQ(lifted->input_tokens + lifted->output_tokens + lifted->effectful_calls, 0);
  absl::StatusOr<EffectTokenReport> unlifted = UnliftEffectTokens(*m, 0);
  ASSERT_TRUE(unlifted.ok());
  EXPECT_EQ(PrintFxGraph(m->graph()), before);
}

TEST(CopyForwardMetadataToBackwardTest, FirstForwardNodeOfASeqNrWins) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %tangents_1 : [num_users=1] = placeholder[target=tangents_1]
    %relu : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    %detach : [num_users=1] = call_function[target=torch.ops.aten.detach.default](args = (%relu,), kwargs = {})
    %threshold_backward : [num_users=1] = call_function[target=torch.ops.aten.threshold_backward.default](args = (%tangents_1, %detach, 0), kwargs = {})
    %other : [num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%threshold_backward,), kwargs = {})
    return (relu, other)
)");
  Graph& g = m->graph();
  const ModuleStackEntry act{Symbol::Intern("L__self___act"), Symbol::Intern("act"),
                             Symbol::Intern("torch.nn.modules.activation.ReLU")};
  for (const char* name : {"relu", "detach"}) {
    NodeMeta& meta = g.FindNode(name)->mutable_meta();
    meta.nn_module_stack = {act};
    meta.seq_nr = 7;
    meta.stack_trace = Symbol::Intern(absl::StrCat("forward ", name, "\n"));
  }
  g.FindNode("relu")->mutable_meta().source_fn_stack = {
      SourceFnEntry{Symbol::Intern("act"), Symbol::Intern("torch.nn.modules.activation.ReLU")}};
  g.FindNode("threshold_backward")->mutable_meta().seq_nr = 7;
  g.FindNode("other")->mutable_meta().seq_nr = 8;  // no forward node with seq_nr 8

  const JointMetadataReport report = CopyForwardMetadataToBackward(g);
  EXPECT_EQ(report.forward_nodes, 1);
  EXPECT_EQ(report.backward_nodes, 1);
  const NodeMeta& backward = g.FindNode("threshold_backward")->meta();
  ASSERT_NE(backward.FindExtra("fwd_nn_module_stack"), nullptr);
  EXPECT_EQ(*backward.FindExtra("fwd_nn_module_stack"),
            R"({"L__self___act": ["act", "torch.nn.modules.activation.ReLU"]})");
  EXPECT_EQ(*backward.FindExtra("fwd_source_fn_stack"),
            R"([["act", "torch.nn.modules.activation.ReLU"]])");
  EXPECT_EQ(backward.stack_trace.str(), "forward relu\n");
  EXPECT_EQ(g.FindNode("other")->meta().FindExtra("fwd_nn_module_stack"), nullptr);
}

}  // namespace
}  // namespace fxpp
