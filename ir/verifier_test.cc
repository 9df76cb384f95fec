#include "ir/verifier.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/limits.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

Argument Ref(Node* n) { return Argument::Ref(n); }

std::string Message(const absl::Status& s) { return std::string(s.message()); }

TEST(VerifierTest, AcceptsWellFormedGraph) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.relu", {Ref(x)});
  g.Output(Ref(a));
  EXPECT_TRUE(VerifyGraph(g).ok());
}

// A reader that refused deep nesting as it read skips only that walk.
TEST(VerifierTest, NestingWalkIsSkippedOnlyWhenTheReaderCheckedIt) {
  Graph g;
  Node* x = g.Placeholder("x");
  Argument nested = Ref(x);
  for (int i = 0; i < kMaxArgumentNesting; ++i) nested = Argument::List({nested});
  Node* a = g.CallFunction("torch.relu", {nested});
  g.Output(Ref(a));
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("node 'relu': an argument nests more than"));
  GraphVerifyOptions options;
  options.nesting_checked_by_reader = true;
  EXPECT_TRUE(VerifyGraph(g, options).ok());
  g.Output(Ref(x));
  EXPECT_THAT(Message(VerifyGraph(g, options)), HasSubstr("second output node"));
}

// A reader that built the graph in order skips the walks over inputs and
// users, not what the text decides.
TEST(VerifierTest, GraphsBuiltInOrderStillNeedOneUnusedOutput) {
  GraphVerifyOptions options;
  options.built_in_order_by_reader = true;
  Graph g;
  Node* x = g.Placeholder("x");
  EXPECT_THAT(Message(VerifyGraph(g, options)), HasSubstr("graph has no output node"));
  Node* output = g.Output(Ref(x));
  EXPECT_TRUE(VerifyGraph(g, options).ok());
  g.CallFunction("torch.relu", {Ref(output)});
  EXPECT_THAT(Message(VerifyGraph(g, options)), HasSubstr("the output node has users"));
  g.Output(Ref(x));
  EXPECT_THAT(Message(VerifyGraph(g, options)), HasSubstr("second output node"));
}

TEST(VerifierTest, RejectsMissingAndDuplicateOutput) {
  Graph g;
  Node* x = g.Placeholder("x");
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("graph has no output node"));
  g.Output(Ref(x));
  g.Output(Ref(x));
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("node 'output_1': second output node"));
}

TEST(VerifierTest, RejectsUseBeforeDefinition) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.relu", {Ref(x)});
  Node* b = g.CallFunction("torch.neg", {Ref(a)});
  g.Output(Ref(b));
  a->Prepend(b);  // b now precedes its input a
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("node 'neg': uses 'relu' before it is defined"));
}

TEST(VerifierTest, RejectsCycle) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.relu", {Ref(x)});
  Node* b = g.CallFunction("torch.neg", {Ref(a)});
  g.Output(Ref(b));
  a->SetArgs({Ref(b)});
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("node 'relu': uses 'neg' before it is defined"));
}

TEST(VerifierTest, RejectsReferenceToAnotherGraphAndOutputUsers) {
  Graph g, other;
  Node* foreign = other.Placeholder("y");
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.add", {Ref(x), Ref(foreign)});
  Node* out = g.Output(Ref(a));
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("references 'y', which belongs to another graph"));
  a->SetArgs({Ref(x)});
  g.CallFunction("f", {Ref(out)});
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("the output node has users"));
}

TEST(VerifierTest, RejectsMalformedOps) {
  Graph g;
  Node* x = g.Placeholder("x");
  g.CreateNode(OpKind::kGetAttr, "w", {Ref(x)});
  g.Output(Ref(x));
  EXPECT_THAT(Message(VerifyGraph(g)), HasSubstr("get_attr takes no arguments"));

  Graph h;
  h.CreateNode(OpKind::kCallFunction, "", {}, {}, "f");
  h.Output(Argument::None());
  EXPECT_THAT(Message(VerifyGraph(h)), HasSubstr("node 'f': empty target"));

  Graph k;
  k.CreateNode(OpKind::kOutput, "output", {Argument::Int(1), Argument::Int(2)});
  EXPECT_THAT(Message(VerifyGraph(k)), HasSubstr("output node takes exactly one argument"));
}

TEST(VerifierTest, ModuleAttributesAndSubmodulePaths) {
  GraphModule root;
  Node* x = root.graph().Placeholder("x");
  Node* m = root.graph().CallModule("block.linear", {Ref(x)});
  Node* w = root.graph().GetAttr("scale");
  root.graph().Output(Argument::Tuple({Ref(m), Ref(w)}));
  EXPECT_THAT(Message(VerifyGraphModule(root)),
              HasSubstr("call_module target 'block.linear' is not a submodule"));
  EXPECT_TRUE(VerifyGraphModule(root, {/*check_attributes=*/false}).ok());
  ASSERT_TRUE(root.SetSubmodule("block.linear", GraphModule::Opaque("torch.nn.Linear")).ok());
  EXPECT_THAT(Message(VerifyGraphModule(root)), HasSubstr("get_attr target 'scale'"));
  StateEntry scale;
  scale.name = "scale";
  scale.kind = StateKind::kBuffer;
  ASSERT_TRUE(root.AddState(scale).ok());
  EXPECT_TRUE(VerifyGraphModule(root).ok());

  auto sub = std::make_unique<GraphModule>();
  sub->graph().Placeholder("a");  // no output
  ASSERT_TRUE(root.AddChild("sub", std::move(sub)).ok());
  EXPECT_THAT(Message(VerifyGraphModule(root)),
              HasSubstr("in submodule 'sub': graph has no output node"));
}

// Readers verify what unflatten writes: a call's module reading its child's
// weight through a shared-module reference (PyTorch 2.6's unflatten of
// testing/exported/preserved_tied.json) is valid.
TEST(VerifierTest, TargetsResolveThroughSharedModuleReferences) {
  GraphModule root;
  ASSERT_TRUE(root.SetSubmodule("sub.lin", GraphModule::Opaque("torch.nn.Linear")).ok());
  StateEntry weight;
  weight.name = "weight";
  ASSERT_TRUE(root.FindSubmodule("sub.lin")->AddState(weight).ok());
  auto call = std::make_unique<GraphModule>("InterpreterModule");
  Node* w = call->graph().GetAttr("lin.weight");
  call->graph().Output(Ref(w));
  ASSERT_TRUE(call->AddChild("lin", SharedModuleReference("sub.lin")).ok());
  GraphModule* call_module = *root.SetSubmodule("sub_call", std::move(call));
  Node* x = root.graph().Placeholder("x");
  root.graph().Output(Ref(root.graph().CallModule("sub_call", {Ref(x)})));
  EXPECT_TRUE(VerifyGraphModule(root).ok()) << VerifyGraphModule(root);

  // A reference that leads nowhere is still an error.
  ASSERT_TRUE(call_module->RemoveChild("lin") != nullptr);
  ASSERT_TRUE(call_module->AddChild("lin", SharedModuleReference("sub.gone")).ok());
  EXPECT_THAT(Message(VerifyGraphModule(root)),
              HasSubstr("in submodule 'sub_call': node 'lin_weight': get_attr target 'lin.weight' "
                        "is neither"));
}

// Without state (FX text), the targets the tree can answer for are still
// checked: those starting with a listed submodule, and every target's shape.
TEST(VerifierTest, StatelessModulesCheckTargetsBelowListedSubmodules) {
  ModuleVerifyOptions stateless;
  stateless.check_attributes = false;
  auto module_with = [](absl::string_view op_target, OpKind op) {
    auto root = std::make_unique<GraphModule>();
    Node* x = root->graph().Placeholder("x");
    Node* n = op == OpKind::kGetAttr ? root->graph().GetAttr(op_target)
                                     : root->graph().CallModule(op_target, {Ref(x)});
    root->graph().Output(Ref(n));
    EXPECT_TRUE(root->SetSubmodule("block.linear", GraphModule::Opaque("torch.nn.Linear")).ok());
    return root;
  };
  // Attributes of the module itself are unknown: not checked.
  EXPECT_TRUE(VerifyGraphModule(*module_with("weight", OpKind::kGetAttr), stateless).ok());
  EXPECT_TRUE(VerifyGraphModule(*module_with("head", OpKind::kCallModule), stateless).ok());
  EXPECT_TRUE(VerifyGraphModule(*module_with("block.linear", OpKind::kCallModule), stateless).ok());
  // Below a listed submodule the tree is known.
  EXPECT_THAT(Message(VerifyGraphModule(*module_with("block.conv", OpKind::kCallModule), stateless)),
              HasSubstr("node 'block_conv': call_module target 'block.conv' is not a submodule"));
  EXPECT_THAT(Message(VerifyGraphModule(*module_with("block.scale", OpKind::kGetAttr), stateless)),
              HasSubstr("get_attr target 'block.scale' is neither"));
  EXPECT_THAT(Message(VerifyGraphModule(*module_with("a..b", OpKind::kGetAttr), stateless)),
              HasSubstr("get_attr target 'a..b' has an empty name between dots"));
}

}  // namespace
}  // namespace fxpp
