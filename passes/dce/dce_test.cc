#include "passes/dce/dce.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"
#include "passes/op_schema/schema_table.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;

std::unique_ptr<GraphModule> Parse(absl::string_view text) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  auto module = std::make_unique<GraphModule>();
  module->set_graph(std::move(parsed->graph));
  return module;
}

TEST(DeadCodeEliminationPassTest, ErasesUnusedPureNodesInEveryGraphKeepsSideEffects) {
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [#users=3] = placeholder[target=x]
    %unused : [#users=0] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
    %cos : [#users=1] = call_function[target=torch.cos](args = (%x,), kwargs = {})
    return cos)");
  std::unique_ptr<GraphModule> child = Parse(R"(graph():
    %y : [#users=1] = placeholder[target=y]
    %dead : [#users=0] = call_function[target=torch.relu](args = (%y,), kwargs = {})
    return y)");
  ASSERT_TRUE(module->AddChild("sub", std::move(child)).ok());
  DeadCodeEliminationPass pass;
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_EQ(module->graph().FindNode("unused"), nullptr);
  EXPECT_NE(module->graph().FindNode("add_"), nullptr);  // in-place: a side effect
  EXPECT_EQ(module->FindChild("sub")->graph().FindNode("dead"), nullptr);
  EXPECT_TRUE(VerifyGraphModule(*module).ok());
  // A second run has nothing left to do.
  changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
}

TEST(DeadCodeEliminationPassTest, KeepsUnusedCallsWithInPlaceTrue) {
  // symbolic_trace of `F.relu(y, True)`: the call writes y (PyTorch's DCE
  // drops it, and the write with it).
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [#users=1] = placeholder[target=x]
    %mul : [#users=4] = call_function[target=operator.mul](args = (%x, 1), kwargs = {})
    %relu : [#users=0] = call_function[target=torch.nn.functional.relu](args = (%mul,), kwargs = {inplace: True})
    %dropout : [#users=0] = call_method[target=dropout](args = (%mul,), kwargs = {p: 0.5, inplace: True})
    %relu_1 : [#users=0] = call_function[target=torch.nn.functional.relu](args = (%mul,), kwargs = {inplace: False})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, 1), kwargs = {})
    return add)");
  DeadCodeEliminationPass pass;
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_NE(module->graph().FindNode("relu"), nullptr);
  EXPECT_NE(module->graph().FindNode("dropout"), nullptr);
  EXPECT_EQ(module->graph().FindNode("relu_1"), nullptr);
  // The IR's own DCE (Graph::EliminateDeadCode) keeps them too.
  EXPECT_TRUE(IsSideEffectful(*module->graph().FindNode("relu")));
}

TEST(DeadCodeEliminationPassTest, KeepsUnusedCallsThatDrawRandomNumbers) {
  // An unused draw still advances the generator: without it, `noise`
  // would get the numbers `rand` got in eager mode.
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [#users=6] = placeholder[target=x]
    %rand : [#users=0] = call_function[target=torch.ops.aten.rand.default](args = ([3],), kwargs = {})
    %dropout : [#users=0] = call_function[target=torch.nn.functional.dropout](args = (%x, 0.5, True), kwargs = {})
    %bernoulli : [#users=0] = call_method[target=bernoulli](args = (%x,), kwargs = {})
    %relu : [#users=0] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    %attention : [#users=0] = call_function[target=torch.ops.aten.scaled_dot_product_attention.default](args = (%x, %x, %x, None, 0.1), kwargs = {})
    %attention_no_dropout : [#users=0] = call_function[target=torch.ops.aten.scaled_dot_product_attention.default](args = (%x, %x, %x), kwargs = {})
    %noise : [#users=1] = call_function[target=torch.randn_like](args = (%x,), kwargs = {})
    return noise)");
  DeadCodeEliminationPass pass;
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  for (absl::string_view kept : {"rand", "dropout", "bernoulli", "attention", "noise"}) {
    EXPECT_NE(module->graph().FindNode(kept), nullptr) << kept;
  }
  for (absl::string_view removed : {"relu", "attention_no_dropout"}) {
    EXPECT_EQ(module->graph().FindNode(removed), nullptr) << removed;
  }
}

TEST(DeadCodeEliminationPassTest, KeepsUnusedCustomOperators) {
  // A custom operator may write its arguments (torch.library.custom_op with
  // mutates_args): PyTorch's DCE keeps it by its schema, which the graph
  // does not carry, so fxpp keeps every one.
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [#users=1] = placeholder[target=x]
    %mul : [#users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %bump : [#users=0] = call_function[target=torch.ops.mylib.bump.default](args = (%mul,), kwargs = {})
    %unused : [#users=0] = call_function[target=torch.ops.aten.sin.default](args = (%mul,), kwargs = {})
    %add : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul, 1), kwargs = {})
    return add)");
  DeadCodeEliminationPass pass;
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_EQ(module->graph().FindNode("unused"), nullptr);
  EXPECT_NE(module->graph().FindNode("bump"), nullptr);
}

TEST(DeadCodeEliminationPassTest, CustomOperatorsWithRegisteredSchemas) {
  // With their schemas registered (the Python extension does, from the
  // operators' own), an unused pure custom operator goes; one that writes
  // its argument or returns nothing (it exists for its effects) stays.
  ASSERT_TRUE(RegisterSchema("dcetest::pure(Tensor x) -> Tensor").ok());
  ASSERT_TRUE(RegisterSchema("dcetest::bump(Tensor(a!) x) -> Tensor(a!)").ok());
  ASSERT_TRUE(RegisterSchema("dcetest::log(Tensor x) -> ()").ok());
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [#users=4] = placeholder[target=x]
    %pure : [#users=0] = call_function[target=torch.ops.dcetest.pure.default](args = (%x,), kwargs = {})
    %bump : [#users=0] = call_function[target=torch.ops.dcetest.bump.default](args = (%x,), kwargs = {})
    %log : [#users=0] = call_function[target=torch.ops.dcetest.log.default](args = (%x,), kwargs = {})
    %add : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, 1), kwargs = {})
    return add)");
  DeadCodeEliminationPass pass;
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_EQ(module->graph().FindNode("pure"), nullptr);
  EXPECT_NE(module->graph().FindNode("bump"), nullptr);
  EXPECT_NE(module->graph().FindNode("log"), nullptr);
}

TEST(DeadCodeEliminationPassTest, KeepsUnusedCallsOfModulesWithState) {
  // symbolic_trace of `self.bn(x); return self.act(x)` with the BatchNorm in
  // training: the unused call updates the running statistics (PyTorch's DCE
  // drops it). A module without state, or its unused call, goes.
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [#users=3] = placeholder[target=x]
    %bn : [#users=0] = call_module[target=bn](args = (%x,), kwargs = {})
    %act : [#users=0] = call_module[target=act](args = (%x,), kwargs = {})
    %act_1 : [#users=1] = call_module[target=act](args = (%x,), kwargs = {})
    return act_1)");
  auto bn = GraphModule::Opaque("torch.nn.modules.batchnorm.BatchNorm1d");
  ASSERT_TRUE(bn->AddState(StateEntry{"running_mean", StateKind::kBuffer, {}}).ok());
  ASSERT_TRUE(module->AddChild("bn", std::move(bn)).ok());
  ASSERT_TRUE(module->AddChild("act", GraphModule::Opaque("torch.nn.modules.activation.ReLU")).ok());
  DeadCodeEliminationPass pass;
  ASSERT_TRUE(pass.Run(*module).ok());
  EXPECT_THAT(NodeNames(module->graph()), ElementsAre("x", "bn", "act_1", "output"));
}

TEST(DeadCodeEliminationPassTest, KeepsGlobalStateCalls) {
  // Dynamo's graph of inference_mode, use_deterministic_algorithms and
  // disable_saved_tensors_hooks: each call changes state the rest of the
  // program sees, whether or not the graph uses its result.
  std::unique_ptr<GraphModule> module = Parse(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=2] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %_enter_inference_mode : [num_users=1] = call_function[target=torch.autograd.grad_mode._enter_inference_mode](args = (True,), kwargs = {})
    %b : [num_users=1] = call_function[target=operator.add](args = (%a, 1), kwargs = {})
    %_exit_inference_mode : [num_users=0] = call_function[target=torch.autograd.grad_mode._exit_inference_mode](args = (%_enter_inference_mode,), kwargs = {})
    %_set_deterministic_algorithms : [num_users=0] = call_function[target=torch._C._set_deterministic_algorithms](args = (True,), kwargs = {})
    %_saved_tensors_hooks_disable : [num_users=0] = call_function[target=torch._C._autograd._saved_tensors_hooks_disable](args = (no,), kwargs = {})
    %c : [num_users=2] = call_method[target=sin](args = (%a,), kwargs = {})
    %unused : [num_users=0] = call_method[target=cos](args = (%c,), kwargs = {})
    %_saved_tensors_hooks_enable : [num_users=0] = call_function[target=torch._C._autograd._saved_tensors_hooks_enable](args = (), kwargs = {})
    return (b, c))");
  DeadCodeEliminationPass pass;
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok());
  EXPECT_THAT(NodeNames(module->graph()),
              ElementsAre("x", "a", "_enter_inference_mode", "b", "_exit_inference_mode",
                          "_set_deterministic_algorithms", "_saved_tensors_hooks_disable", "c",
                          "_saved_tensors_hooks_enable", "output"));
}

}  // namespace
}  // namespace fxpp
