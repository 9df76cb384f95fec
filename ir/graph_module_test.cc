#include "ir/graph_module.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

StateEntry Param(std::string name, DimVector shape) {
  StateEntry e;
  e.name = std::move(name);
  e.kind = StateKind::kParameter;
  e.tensor.shape = std::move(shape);
  return e;
}

TEST(GraphModuleTest, SubmoduleTreeAndPaths) {
  GraphModule root;
  ASSERT_TRUE(root.SetSubmodule("layer1.0.conv1", GraphModule::Opaque("torch.nn.Conv2d")).ok());
  GraphModule* conv = root.FindSubmodule("layer1.0.conv1");
  ASSERT_NE(conv, nullptr);
  EXPECT_FALSE(conv->has_graph());
  EXPECT_EQ(conv->class_name(), "torch.nn.Conv2d");
  ASSERT_TRUE(conv->AddState(Param("weight", {8, 3, 3, 3})).ok());
  EXPECT_NE(root.FindStatePath("layer1.0.conv1.weight"), nullptr);
  EXPECT_EQ(root.FindStatePath("layer1.0.conv1.bias"), nullptr);
  EXPECT_TRUE(root.HasAttribute("layer1.0"));
  EXPECT_TRUE(root.HasAttribute("layer1.0.conv1.weight"));
  EXPECT_FALSE(root.HasAttribute("layer2"));
  EXPECT_EQ(root.FindSubmodule(""), &root);
  EXPECT_EQ(root.FindSubmodule("layer1.1"), nullptr);
}

TEST(GraphModuleTest, DuplicateAndInvalidNamesAreErrors) {
  GraphModule root;
  ASSERT_TRUE(root.AddState(Param("w", {2})).ok());
  EXPECT_EQ(root.AddState(Param("w", {3})).code(), absl::StatusCode::kAlreadyExists);
  EXPECT_FALSE(root.AddChild("w", std::make_unique<GraphModule>()).ok());
  EXPECT_FALSE(root.AddChild("a.b", std::make_unique<GraphModule>()).ok());
  EXPECT_FALSE(root.AddState(Param("", {})).ok());
}

TEST(GraphModuleTest, InstallSubgraphPicksFreshNames) {
  GraphModule root;
  EXPECT_EQ(root.InstallSubgraph("subgraph", std::make_unique<GraphModule>()), "subgraph_0");
  EXPECT_EQ(root.InstallSubgraph("subgraph", std::make_unique<GraphModule>()), "subgraph_1");
  EXPECT_NE(root.RemoveChild("subgraph_0"), nullptr);
  EXPECT_EQ(root.InstallSubgraph("subgraph", std::make_unique<GraphModule>()), "subgraph_0");
  EXPECT_EQ(root.RemoveChild("absent"), nullptr);
}

TEST(GraphModuleTest, CloneCopiesEverything) {
  GraphModule root;
  Node* x = root.graph().Placeholder("x");
  Node* w = root.graph().GetAttr("w");
  root.graph().Output(Argument::Tuple({Argument::Ref(x), Argument::Ref(w)}));
  ASSERT_TRUE(root.AddState(Param("w", {SymDim::Symbolic("s0"), 4})).ok());
  auto sub = std::make_unique<GraphModule>();
  sub->graph().Output(Argument::None());
  root.InstallSubgraph("subgraph", std::move(sub));
  std::unique_ptr<GraphModule> copy = root.Clone();
  EXPECT_EQ(copy->state(), root.state());
  ASSERT_EQ(copy->children().size(), 1u);
  EXPECT_EQ(copy->graph().size(), 3u);
  EXPECT_NE(&copy->graph(), &root.graph());
  EXPECT_TRUE(VerifyGraphModule(*copy).ok());
}

}  // namespace
}  // namespace fxpp
