#include "passes/topo_sort/topo_sort.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/node_names.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

Argument Ref(Node* n) { return Argument::Ref(n); }

// x -> a -> b -> output, plus an independent c.
struct Chain {
  Graph g;
  Node *x, *a, *b, *c, *out;
  Chain() {
    x = g.Placeholder("x");
    a = g.CreateNode(OpKind::kCallFunction, "torch.sin", {Ref(x)}, {}, "a");
    b = g.CreateNode(OpKind::kCallFunction, "torch.cos", {Ref(a)}, {}, "b");
    c = g.CreateNode(OpKind::kCallFunction, "torch.tan", {Ref(x)}, {}, "c");
    out = g.Output(Argument::Tuple({Ref(b), Ref(c)}));
  }
};

TEST(StableTopologicalSortTest, SortedGraphIsUnchanged) {
  Chain t;
  absl::StatusOr<bool> changed = StableTopologicalSort(t.g);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
  EXPECT_THAT(NodeNames(t.g), ElementsAre("x", "a", "b", "c", "output"));
}

TEST(StableTopologicalSortTest, MovesOnlyWhatMust) {
  Chain t;
  t.x->Prepend(t.b);  // b before everything: b must wait for a
  EXPECT_THAT(NodeNames(t.g), ElementsAre("b", "x", "a", "c", "output"));
  absl::StatusOr<bool> changed = StableTopologicalSort(t.g);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  // b goes right after its last dependency; c keeps its place after it.
  EXPECT_THAT(NodeNames(t.g), ElementsAre("x", "a", "b", "c", "output"));
  EXPECT_TRUE(VerifyGraph(t.g).ok());
}

TEST(StableTopologicalSortTest, HonoursExtraEdgesAndKeepsOutputLast) {
  Chain t;
  t.a->Prepend(t.out);  // output in the middle
  OrderingEdges extra;
  extra[t.a].push_back(t.c);  // a must come after c
  absl::StatusOr<bool> changed = StableTopologicalSort(t.g, extra);
  ASSERT_TRUE(changed.ok());
  EXPECT_THAT(NodeNames(t.g), ElementsAre("x", "c", "a", "b", "output"));
  EXPECT_TRUE(VerifyGraph(t.g).ok());
}

TEST(StableTopologicalSortTest, CycleIsAnErrorAndLeavesGraphUntouched) {
  Chain t;
  OrderingEdges extra;
  extra[t.a].push_back(t.b);  // b uses a, and a must come after b
  absl::StatusOr<bool> changed = StableTopologicalSort(t.g, extra);
  ASSERT_FALSE(changed.ok());
  EXPECT_THAT(std::string(changed.status().message()),
              HasSubstr("dependency cycle a -> b -> a"));
  EXPECT_THAT(NodeNames(t.g), ElementsAre("x", "a", "b", "c", "output"));
}

TEST(FindCycleTest, ReturnsOneConcreteCycleInOrder) {
  Chain t;
  EXPECT_THAT(FindCycle(t.g), IsEmpty());
  t.a->SetArgs({Ref(t.x), Ref(t.c)});
  t.c->SetArgs({Ref(t.b)});  // a -> c -> b -> a (each depends on the next)
  std::vector<Node*> cycle = FindCycle(t.g);
  ASSERT_EQ(cycle.size(), 3u);
  // Rotate to start at a for a stable assertion.
  while (cycle.front() != t.a) std::rotate(cycle.begin(), cycle.begin() + 1, cycle.end());
  EXPECT_THAT(NodeNames(cycle), ElementsAre("a", "c", "b"));
  EXPECT_EQ(FormatCycle(cycle), "a -> c -> b -> a");
  EXPECT_FALSE(StableTopologicalSort(t.g).ok());
}

TEST(FindCycleTest, SelfLoopViaExtraEdge) {
  Chain t;
  OrderingEdges extra;
  extra[t.c].push_back(t.c);
  EXPECT_THAT(NodeNames(FindCycle(t.g, extra)), ElementsAre("c"));
}

TEST(StableTopologicalSortTest, ReversedChainOfManyNodesSortsInLinearPasses) {
  // 100k nodes in exactly the wrong order: every node precedes its input.
  Graph g;
  Node* prev = g.Placeholder("x");
  std::vector<Node*> chain;
  for (int i = 0; i < 100000; ++i) {
    auto scope = g.InsertingBefore(nullptr);
    prev = g.CallFunction("torch.neg", {Ref(prev)});
    chain.push_back(prev);
  }
  g.Output(Ref(prev));
  ASSERT_FALSE(VerifyGraph(g).ok());
  absl::StatusOr<bool> changed = StableTopologicalSort(g);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyGraph(g).ok());
  EXPECT_EQ(g.first_node()->name(), "x");
  EXPECT_EQ(g.last_node()->op(), OpKind::kOutput);
}

TEST(TopoSortPassTest, SortsSubgraphsToo) {
  GraphModule m;
  Node* x = m.graph().Placeholder("x");
  m.graph().Output(Ref(x));
  auto sub = std::make_unique<GraphModule>();
  Node* y = sub->graph().Placeholder("y");
  Node* n = sub->graph().CallFunction("torch.neg", {Ref(y)});
  sub->graph().Output(Ref(n));
  y->Prepend(n);
  ASSERT_TRUE(m.AddChild("sub", std::move(sub)).ok());
  TopoSortPass pass;
  absl::StatusOr<bool> changed = pass.Run(m);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyGraphModule(m, {false}).ok());
  EXPECT_FALSE(*pass.Run(m));
}

}  // namespace
}  // namespace fxpp
