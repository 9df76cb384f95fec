#include "ir/graph_module.h"

#include "absl/strings/str_cat.h"
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

// Modules with many children and state entries index them by name; small
// ones search in place. Both must agree through additions and removals.
TEST(GraphModuleTest, LargeModulesFindRemoveAndReplaceByName) {
  GraphModule root;
  for (int i = 0; i < 20; ++i) {
    const std::string name = absl::StrCat("m", i);
    ASSERT_TRUE(root.AddChild(name, GraphModule::Opaque(absl::StrCat("C", i))).ok());
    ASSERT_TRUE(root.AddState(Param(absl::StrCat("p", i), {i + 1})).ok());
    for (int j = 0; j <= i; ++j) {  // every name so far, across the switch to an index
      ASSERT_NE(root.FindChild(absl::StrCat("m", j)), nullptr) << i << " " << j;
      ASSERT_NE(root.FindState(absl::StrCat("p", j)), nullptr) << i << " " << j;
    }
  }
  EXPECT_EQ(root.AddChild("m3", GraphModule::Opaque("X")).status().code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(root.AddState(Param("m3", {1})).code(), absl::StatusCode::kAlreadyExists);
  EXPECT_NE(root.RemoveChild("m3"), nullptr);
  EXPECT_EQ(root.FindChild("m3"), nullptr);
  EXPECT_EQ(root.FindChild("m19")->class_name(), "C19");
  EXPECT_EQ(root.children()[3].first, "m4");
  EXPECT_EQ(root.FindChild("m4"), root.children()[3].second.get());
  // Replacing state in place keeps its position; replacing it by a module
  // removes it and shifts the others.
  StateEntry bigger = Param("unused", {99});
  ASSERT_TRUE(root.SetAttrRecursive("p5", GraphModule::AttributeRef{nullptr, &bigger}).ok());
  EXPECT_EQ(root.state()[5].tensor.shape[0], 99);
  EXPECT_EQ(root.FindState("p5"), &root.state()[5]);
  GraphModule lin("Lin");
  ASSERT_TRUE(root.SetAttrRecursive("p2", GraphModule::AttributeRef{&lin, nullptr}).ok());
  EXPECT_EQ(root.FindState("p2"), nullptr);
  EXPECT_EQ(root.FindChild("p2")->class_name(), "Lin");
  EXPECT_EQ(root.FindState("p3"), &root.state()[2]);
  EXPECT_EQ(root.FindState("p19"), &root.state()[18]);
  // Removing children back below the index size keeps lookups right.
  for (int i = 0; i < 20; ++i) {
    if (i != 3) {
      EXPECT_NE(root.RemoveChild(absl::StrCat("m", i)), nullptr) << i;
    }
  }
  EXPECT_EQ(root.FindChild("m7"), nullptr);
  EXPECT_NE(root.FindChild("p2"), nullptr);
  ASSERT_TRUE(root.AddChild("m7", GraphModule::Opaque("again")).ok());
  EXPECT_EQ(root.FindChild("m7")->class_name(), "again");
  std::unique_ptr<GraphModule> copy = root.Clone();
  EXPECT_EQ(copy->FindState("p19")->tensor.shape[0], 20);
  EXPECT_EQ(copy->FindChild("m7")->class_name(), "again");
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

TEST(GraphModuleTest, GetAttrRecursiveFindsModulesAndState) {
  GraphModule root;
  ASSERT_TRUE(root.SetSubmodule("enc.lin", GraphModule::Opaque("torch.nn.Linear")).ok());
  ASSERT_TRUE(root.FindSubmodule("enc.lin")->AddState(Param("weight", {4, 3})).ok());
  GraphModule::AttributeRef lin = root.GetAttrRecursive("enc.lin");
  EXPECT_EQ(lin.module, root.FindSubmodule("enc.lin"));
  EXPECT_EQ(lin.state, nullptr);
  GraphModule::AttributeRef weight = root.GetAttrRecursive("enc.lin.weight");
  EXPECT_EQ(weight.module, nullptr);
  ASSERT_NE(weight.state, nullptr);
  EXPECT_EQ(weight.state->tensor.shape, (DimVector{4, 3}));
  EXPECT_FALSE(root.GetAttrRecursive("enc.lin.bias").found());
  // Empty parts name nothing (the exported_program fuzzer's "bn..x").
  EXPECT_EQ(root.FindSubmodule("enc."), nullptr);
  EXPECT_EQ(root.FindSubmodule(".enc"), nullptr);
  EXPECT_EQ(root.FindSubmodule("enc..lin"), nullptr);
  EXPECT_FALSE(root.GetAttrRecursive("enc.lin..weight").found());
  EXPECT_FALSE(root.GetAttrRecursive("enc..lin.weight").found());
  EXPECT_FALSE(root.GetAttrRecursive("nope.weight").found());
}

// A shared-module reference stands for the module at its path, as one
// Python object under two names does: lookups go through it.
TEST(GraphModuleTest, ResolveAttributePathFollowsSharedReferences) {
  GraphModule root;
  ASSERT_TRUE(root.SetSubmodule("sub.lin", GraphModule::Opaque("torch.nn.Linear")).ok());
  ASSERT_TRUE(root.FindSubmodule("sub.lin")->AddState(Param("weight", {4, 4})).ok());
  ASSERT_TRUE(root.SetSubmodule("call.lin", SharedModuleReference("sub.lin")).ok());
  const GraphModule& call = *root.FindSubmodule("call");
  EXPECT_EQ(SharedModuleTarget(*call.FindChild("lin")), "sub.lin");
  EXPECT_EQ(SharedModuleTarget(call), "");
  EXPECT_EQ(ResolveAttributePath(root, call, "lin").module, root.FindSubmodule("sub.lin"));
  const GraphModule::AttributeRef weight = ResolveAttributePath(root, call, "lin.weight");
  ASSERT_NE(weight.state, nullptr);
  EXPECT_EQ(weight.state->name, "weight");
  // Without the reference, the plain lookup sees a graphless module.
  EXPECT_FALSE(call.HasAttribute("lin.weight"));
  EXPECT_FALSE(ResolveAttributePath(root, call, "lin.bias").found());
  EXPECT_FALSE(ResolveAttributePath(root, call, "nope").found());

  // A reference to a missing path, and references naming each other, name
  // nothing (no endless lookup).
  ASSERT_TRUE(root.SetSubmodule("dangling", SharedModuleReference("gone")).ok());
  EXPECT_FALSE(ResolveAttributePath(root, root, "dangling").found());
  ASSERT_TRUE(root.SetSubmodule("a", SharedModuleReference("b")).ok());
  ASSERT_TRUE(root.SetSubmodule("b", SharedModuleReference("a")).ok());
  EXPECT_FALSE(ResolveAttributePath(root, root, "a.weight").found());
  ASSERT_TRUE(root.SetSubmodule("self", SharedModuleReference("self.x")).ok());
  EXPECT_FALSE(ResolveAttributePath(root, root, "self.x").found());
}

TEST(GraphModuleTest, SetAttrRecursiveCopiesAndReplaces) {
  GraphModule source;
  ASSERT_TRUE(source.SetSubmodule("enc.lin", GraphModule::Opaque("torch.nn.Linear")).ok());
  ASSERT_TRUE(source.FindSubmodule("enc.lin")->AddState(Param("weight", {4, 3})).ok());
  ASSERT_TRUE(source.AddState(Param("scale", {1})).ok());

  GraphModule target;
  // Parents must exist unless asked to create them.
  EXPECT_EQ(target.SetAttrRecursive("enc.lin", source.GetAttrRecursive("enc.lin")).code(),
            absl::StatusCode::kNotFound);
  ASSERT_TRUE(
      target.SetAttrRecursive("enc.lin", source.GetAttrRecursive("enc.lin"), true).ok());
  EXPECT_EQ(target.FindSubmodule("enc")->class_name(), "torch.nn.Module");
  ASSERT_NE(target.FindStatePath("enc.lin.weight"), nullptr);
  EXPECT_NE(target.FindSubmodule("enc.lin"), source.FindSubmodule("enc.lin"));  // a copy

  ASSERT_TRUE(target.SetAttrRecursive("enc.s", source.GetAttrRecursive("scale")).ok());
  EXPECT_EQ(target.FindStatePath("enc.s")->name, "s");
  // A state entry replaces a module of the same name, and back.
  ASSERT_TRUE(target.SetAttrRecursive("enc.lin", source.GetAttrRecursive("scale")).ok());
  EXPECT_EQ(target.FindSubmodule("enc.lin"), nullptr);
  EXPECT_NE(target.FindStatePath("enc.lin"), nullptr);
  ASSERT_TRUE(target.SetAttrRecursive("enc.lin", source.GetAttrRecursive("enc.lin")).ok());
  EXPECT_EQ(target.FindStatePath("enc.lin"), nullptr);
  EXPECT_NE(target.FindStatePath("enc.lin.weight"), nullptr);
  // Setting an attribute to itself keeps it.
  ASSERT_TRUE(target.SetAttrRecursive("enc.s", target.GetAttrRecursive("enc.s")).ok());
  EXPECT_EQ(target.FindSubmodule("enc")->state().size(), 1u);
  EXPECT_FALSE(target.SetAttrRecursive("x", GraphModule::AttributeRef()).ok());
}

}  // namespace
}  // namespace fxpp
