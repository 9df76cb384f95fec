// The cases of PyTorch's torch/fx/passes/tests/_test_split_utils.py
// (TestMoveNonTensorNodesOnBoundary) on real graphs, with the
// expectations PyTorch's tests leave loose made exact.
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class MoveTest : public ::testing::Test {
 protected:
  // A call node reading `inputs`, whose value is a tensor or an int.
  Node* Call(absl::string_view name, bool tensor, std::vector<Node*> inputs = {}) {
    std::vector<Argument> args;
    for (Node* input : inputs) args.push_back(Argument::Ref(input));
    Node* node = graph_.CreateNode(OpKind::kCallFunction, "torch.add", std::move(args), {}, name);
    node->mutable_meta().val = tensor ? ValueMeta::Tensor(TensorMeta{}) : ValueMeta::Int(1);
    return node;
  }

  absl::StatusOr<BoundaryMoveReport> Move(std::vector<Subgraph>& subgraphs) {
    return MoveNonTensorNodesOnBoundary(subgraphs);
  }

  Graph graph_;
};

TEST_F(MoveTest, BasicCase) {
  Node* node1 = Call("node1", false);
  Node* node2 = Call("node2", true, {node1});
  Node* node3 = Call("node3", true, {node1});
  std::vector<Subgraph> subgraphs = {{"", true, {node1}}, {"", true, {node2, node3}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_THAT(subgraphs[0].nodes, IsEmpty());
  EXPECT_THAT(NodeNames(subgraphs[1].nodes), ElementsAre("node2", "node3", "node1"));
  EXPECT_EQ(report->ToText(), "moved node1 from subgraph 0 to subgraph 1: node1\n");
}

TEST_F(MoveTest, TensorNodesStay) {
  Node* node1 = Call("node1", true);
  Node* node2 = Call("node2", true, {node1});
  std::vector<Subgraph> subgraphs = {{"", true, {node1}}, {"", true, {node2}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(subgraphs[0].nodes), ElementsAre("node1"));
  EXPECT_EQ(report->ToText(), "no non-tensor node on a subgraph boundary\n");
}

TEST_F(MoveTest, NonAccSubgraphsGiveNothingAway) {
  Node* node1 = Call("node1", false);
  Node* node2 = Call("node2", true, {node1});
  std::vector<Subgraph> subgraphs = {{"gpu", false, {node1}}, {"acc", true, {node2}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(subgraphs[0].nodes), ElementsAre("node1"));
  EXPECT_EQ(report->ToText(), "kept node1 in gpu: its subgraph is not an accelerator subgraph\n");
}

TEST_F(MoveTest, UsersInSeveralSubgraphs) {
  Node* node1 = Call("node1", false);
  Node* node2 = Call("node2", true, {node1});
  Node* node3 = Call("node3", true, {node1});
  std::vector<Subgraph> subgraphs = {{"", true, {node1}}, {"", true, {node2}}, {"", true, {node3}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(subgraphs[0].nodes), ElementsAre("node1"));
  EXPECT_EQ(report->ToText(),
            "kept node1 in subgraph 0: its users are in several subgraphs: subgraph 1, "
            "subgraph 2\n");
}

TEST_F(MoveTest, DependencyChainMovesWhole) {
  // node1 -> node2 -> node3 (non-tensors, subgraph 0) -> node4 (subgraph 1):
  // node3 moves, then its parent node2, then node1.
  Node* node1 = Call("node1", false);
  Node* node2 = Call("node2", false, {node1});
  Node* node3 = Call("node3", false, {node2});
  Node* node4 = Call("node4", true, {node3});
  std::vector<Subgraph> subgraphs = {{"", true, {node1, node2, node3}}, {"", true, {node4}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(subgraphs[0].nodes, IsEmpty());
  EXPECT_THAT(NodeNames(subgraphs[1].nodes), ElementsAre("node4", "node1", "node2", "node3"));
  EXPECT_EQ(report->moves.size(), 3u);
}

TEST_F(MoveTest, DescendantsInTheSameSubgraphFollow) {
  // a (non-tensor) feeds b (tensor, same subgraph) and c (subgraph 1); b
  // must follow a.
  Node* a = Call("a", false);
  Node* b = Call("b", true, {a});
  Node* c = Call("c", true, {a, b});
  std::vector<Subgraph> subgraphs = {{"", true, {a, b}}, {"", true, {c}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(subgraphs[1].nodes), ElementsAre("c", "a", "b"));
  EXPECT_EQ(report->ToText(), "moved a from subgraph 0 to subgraph 1: a, b\n");
}

TEST_F(MoveTest, ThirdSubgraphBlocksTheMove) {
  Node* node_a = Call("node_a", false);
  Node* node_b = Call("node_b", true, {node_a});
  Node* node_c = Call("node_c", true, {node_a});
  Node* node_d = Call("node_d", true, {node_b});
  std::vector<Subgraph> subgraphs = {
      {"", true, {node_a, node_b}}, {"", true, {node_d}}, {"", true, {node_c}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(subgraphs[0].nodes), ElementsAre("node_a", "node_b"));
  EXPECT_THAT(NodeNames(subgraphs[2].nodes), ElementsAre("node_c"));
  EXPECT_EQ(report->ToText(),
            "kept node_a in subgraph 0: moving it to subgraph 2 would take along nodes that "
            "feed 'node_d' in subgraph 1\n");
}

TEST_F(MoveTest, ParentWhoseUsersStayIsSkipped) {
  // node1 cannot move (b would follow it, and b feeds subgraph 2); PyTorch
  // then asserts that its non-tensor parent has users outside subgraph 0,
  // which it has not.
  Node* parent = Call("parent", false);
  Node* node1 = Call("node1", false, {parent});
  Node* x = Call("x", true, {node1});
  Node* b = Call("b", true, {node1});
  Node* d = Call("d", true, {b});
  std::vector<Subgraph> subgraphs = {
      {"", true, {parent, node1, b}}, {"", true, {x}}, {"", true, {d}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_THAT(NodeNames(subgraphs[0].nodes), ElementsAre("parent", "node1", "b"));
  EXPECT_EQ(report->ToText(),
            "kept node1 in subgraph 0: moving it to subgraph 1 would take along nodes that "
            "feed 'd' in subgraph 2\n");
}

TEST_F(MoveTest, AccToNonAcc) {
  Node* node_a = Call("node_a", false);
  Node* node_b = Call("node_b", true, {node_a});
  std::vector<Subgraph> subgraphs = {{"acc", true, {node_a}}, {"cpu", false, {node_b}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(subgraphs);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(subgraphs[1].nodes), ElementsAre("node_b", "node_a"));
}

TEST_F(MoveTest, EmptyAndSingleSubgraphs) {
  std::vector<Subgraph> empty = {{}, {}};
  ASSERT_TRUE(Move(empty).ok());
  EXPECT_THAT(empty[0].nodes, IsEmpty());
  Node* node1 = Call("node1", false);
  Node* node2 = Call("node2", true, {node1});
  std::vector<Subgraph> single = {{"", true, {node1, node2}}};
  absl::StatusOr<BoundaryMoveReport> report = Move(single);
  ASSERT_TRUE(report.ok());
  EXPECT_THAT(NodeNames(single[0].nodes), ElementsAre("node1", "node2"));
  EXPECT_TRUE(report->moves.empty());
}

TEST_F(MoveTest, WhatCountsAsATensor) {
  Node* typed = graph_.Placeholder("p", "torch.Tensor");
  Node* param = graph_.Placeholder("q", "torch.nn.parameter.Parameter");
  Node* bare = graph_.CallFunction("torch.relu", {Argument::Ref(typed)});
  Node* tuple = graph_.CallFunction("torch.split", {Argument::Ref(typed)});
  tuple->mutable_meta().val = ValueMeta::Tuple({ValueMeta::Tensor(TensorMeta{})});
  EXPECT_TRUE(IsTensorOutput(*typed));
  EXPECT_TRUE(IsTensorOutput(*param));
  EXPECT_FALSE(IsTensorOutput(*bare));  // nothing recorded: not a tensor, as in PyTorch
  EXPECT_FALSE(IsTensorOutput(*tuple));
}

TEST_F(MoveTest, TagsAndPass) {
  Node* size = Call("size", false);
  Node* view = Call("view", true, {size});
  size->mutable_meta().tag = Symbol::Intern("a");
  view->mutable_meta().tag = Symbol::Intern("b");
  EXPECT_THAT(MoveNonTensorNodesBetweenTags(graph_, {"a", "a"}).status().message(),
              HasSubstr("tag 'a' appears twice"));
  GraphModule module;
  module.set_graph(std::make_unique<Graph>());
  MoveNonTensorNodesOnBoundaryPass empty_pass({"a", "b"});
  absl::StatusOr<bool> changed = empty_pass.Run(module);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);

  absl::StatusOr<BoundaryMoveReport> report = MoveNonTensorNodesBetweenTags(graph_, {"a", "b"});
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(size->meta().tag->str(), "b");
  EXPECT_EQ(report->ToText(), "moved size from a to b: size\n");
}

}  // namespace
}  // namespace fxpp
