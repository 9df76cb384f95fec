#include "ir/graph.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/node_names.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Argument Ref(Node* n) { return Argument::Ref(n); }

TEST(GraphTest, BuildsInOrderWithFxNames) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("operator.add", {Ref(x), Argument::Int(1)});
  Node* b = g.CallFunction("operator.add", {Ref(a), Argument::Int(1)});
  Node* r = g.CallFunction("torch.ops.aten.relu.default", {Ref(b)});
  Node* v = g.CallMethod("view", {Ref(r), Argument::Int(-1)});
  Node* m = g.CallModule("layer1.0.conv1", {Ref(v)});
  Node* w = g.GetAttr("conv.weight");
  Node* gi = g.CallMethod("__getitem__", {Ref(m), Argument::Int(0)});
  g.Output(Argument::Tuple({Ref(gi), Ref(w)}));
  EXPECT_THAT(NodeNames(g), ElementsAre("x", "add", "add_1", "relu", "view", "layer1_0_conv1",
                                    "conv_weight", "getitem", "output"));
  EXPECT_EQ(g.size(), 9u);
  EXPECT_EQ(g.output_node()->name(), "output");
  EXPECT_EQ(g.FindNode("add_1"), b);
  EXPECT_EQ(g.FindNode("nope"), nullptr);
  EXPECT_TRUE(VerifyGraph(g).ok());
}

TEST(GraphTest, BuiltinAndKeywordNamesGetSuffixes) {
  Graph g;
  EXPECT_EQ(g.Placeholder("input")->name(), "input_1");
  EXPECT_EQ(g.CallFunction("getattr", {Argument::Int(0)})->name(), "getattr_1");
  EXPECT_EQ(g.CreateNode(OpKind::kCallFunction, "f", {}, {}, "class")->name(), "class_1");
  EXPECT_EQ(g.CreateNode(OpKind::kCallFunction, "f", {}, {}, "3d.conv")->name(), "_3d_conv");
}

TEST(GraphTest, UsersAreInsertionOrderedAndMoveToEndOnUpdate) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.sin", {Ref(x)});
  Node* b = g.CallFunction("torch.cos", {Ref(x)});
  Node* c = g.CallFunction("operator.add", {Ref(a), Ref(x), Ref(x)});
  EXPECT_THAT(NodeNames(x->UserVector()), ElementsAre("sin", "cos", "add"));
  EXPECT_EQ(c->num_inputs(), 2u);  // distinct inputs
  EXPECT_EQ(c->input(0), a);
  // FX pops and re-adds a node's uses when its args change.
  a->SetArgs({Ref(x), Argument::Int(2)});
  EXPECT_THAT(NodeNames(x->UserVector()), ElementsAre("cos", "add", "sin"));
  b->SetKwarg("out", Ref(a));
  EXPECT_EQ(b->FindKwarg("out")->node(), a);
  EXPECT_THAT(NodeNames(a->UserVector()), ElementsAre("add", "cos"));
}

TEST(GraphTest, ReplaceAllUsesWithAndFilterAndMeta) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  Node* a = g.CallFunction("torch.neg", {Ref(x)});
  Node* b = g.CallFunction("torch.abs", {Ref(x)});
  Node* c = g.CallFunction("operator.mul", {Ref(x), Ref(x)});
  x->mutable_meta().tag = Symbol::Intern("t");
  std::vector<Node*> changed =
      x->ReplaceAllUsesWith(y, /*propagate_meta=*/true, [&](Node* u) { return u != b; });
  EXPECT_THAT(NodeNames(changed), ElementsAre("neg", "mul"));
  EXPECT_EQ(a->args()[0].node(), y);
  EXPECT_EQ(b->args()[0].node(), x);
  EXPECT_EQ(c->args()[1].node(), y);
  EXPECT_EQ(x->num_users(), 1u);
  EXPECT_EQ(y->meta().tag, Symbol::Intern("t"));
  c->ReplaceInputWith(y, b);
  EXPECT_EQ(c->args()[0].node(), b);
  EXPECT_EQ(y->num_users(), 1u);
}

TEST(GraphTest, SetMetaCopiesMovesAndClears) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  x->mutable_meta().tag = Symbol::Intern("t");
  x->mutable_meta().seq_nr = 7;
  y->set_meta(x->meta());  // a copy into a node without metadata
  EXPECT_EQ(y->meta(), x->meta());
  EXPECT_NE(&y->meta(), &x->meta());
  NodeMeta other;
  other.seq_nr = 9;
  y->set_meta(other);  // a copy over existing metadata
  EXPECT_EQ(y->meta().seq_nr, 9);
  EXPECT_FALSE(y->meta().tag.has_value());
  EXPECT_EQ(x->meta().seq_nr, 7);
  NodeMeta moved;
  moved.tag = Symbol::Intern("m");
  y->set_meta(std::move(moved));
  EXPECT_EQ(y->meta().tag, Symbol::Intern("m"));
  y->set_meta(NodeMeta());  // empty metadata clears it
  EXPECT_FALSE(y->has_meta());
  const NodeMeta empty;
  x->set_meta(empty);
  EXPECT_FALSE(x->has_meta());
}

// Copied metadata is shared until one side changes it: neither node ever
// sees the other's later changes, whichever writes first.
TEST(GraphTest, CopiedMetaIsSharedCopyOnWrite) {
  Graph g;
  Node* x = g.Placeholder("x");
  x->mutable_meta().seq_nr = 1;
  Node* y = g.Placeholder("y");
  y->CopyMetaFrom(*x);
  EXPECT_EQ(&y->meta(), &x->meta());  // shared, not copied
  y->mutable_meta().seq_nr = 2;       // the copy writes first
  EXPECT_EQ(x->meta().seq_nr, 1);
  EXPECT_EQ(y->meta().seq_nr, 2);

  Node* z = g.NodeCopy(*x, [](Node* n) { return Argument::Ref(n); });
  EXPECT_EQ(&z->meta(), &x->meta());
  x->mutable_meta().seq_nr = 3;  // the original writes first
  EXPECT_EQ(z->meta().seq_nr, 1);
  x->set_meta(NodeMeta());  // clearing one leaves the other
  EXPECT_EQ(z->meta().seq_nr, 1);
  NodeMeta replacement;
  replacement.seq_nr = 4;
  Node* w = g.Placeholder("w");
  w->CopyMetaFrom(*z);
  w->set_meta(replacement);  // replacing a shared one
  EXPECT_EQ(z->meta().seq_nr, 1);
  EXPECT_EQ(w->meta().seq_nr, 4);
  Node* v = g.Placeholder("v");  // without metadata: stays without
  v->CopyMetaFrom(*g.Placeholder("u"));
  EXPECT_FALSE(v->has_meta());
}

TEST(GraphTest, EraseRequiresNoUsersAndKeepsIterationStable) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.neg", {Ref(x)});
  Node* b = g.CallFunction("torch.neg", {Ref(a)});
  g.Output(Ref(x));
  absl::Status busy = g.EraseNode(a);
  EXPECT_FALSE(busy.ok());
  EXPECT_THAT(std::string(busy.message()), HasSubstr("cannot erase node 'neg': it still has 1 user(s) in the graph: neg_1"));
  // Erase while iterating, including the node the loop stands on.
  std::vector<std::string> visited;
  for (Node* n : g.nodes()) {
    visited.emplace_back(n->name());
    if (n == b) {
      ASSERT_TRUE(g.EraseNode(b).ok());
      ASSERT_TRUE(g.EraseNode(a).ok());
    }
  }
  EXPECT_THAT(visited, ElementsAre("x", "neg", "neg_1", "output"));
  EXPECT_THAT(NodeNames(g), ElementsAre("x", "output"));
  EXPECT_TRUE(a->is_erased());
  EXPECT_EQ(x->num_users(), 1u);
  EXPECT_FALSE(g.EraseNode(a).ok());  // twice
  EXPECT_EQ(g.FindNode("neg"), nullptr);
  // Erased names stay reserved, as in FX.
  EXPECT_EQ(g.CallFunction("torch.neg", {Ref(x)})->name(), "neg_2");
}

// Nodes that use each other go together; a set with a user outside it is
// refused whole, leaving every user list as it was.
TEST(GraphTest, EraseNodesTakesNodesThatUseEachOther) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.neg", {Ref(x)});
  Node* b = g.CallFunction("torch.add", {Ref(a), Ref(x)});
  Node* c = g.CallFunction("torch.mul", {Ref(a), Ref(b)});
  Node* d = g.CallFunction("torch.relu", {Ref(c)});
  g.Output(Ref(x));
  ASSERT_EQ(x->num_users(), 3u);  // neg, add, output

  absl::Status busy = g.EraseNodes({a, b, c});  // d still reads c
  EXPECT_EQ(busy.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(busy.message()),
              HasSubstr("cannot erase node 'mul': it still has 1 user(s) in the graph: relu"));
  EXPECT_FALSE(a->is_erased() || b->is_erased() || c->is_erased());
  EXPECT_EQ(x->num_users(), 3u);
  EXPECT_EQ(a->num_users(), 2u);
  EXPECT_THAT(NodeNames(g), ElementsAre("x", "neg", "add", "mul", "relu", "output"));
  EXPECT_TRUE(VerifyGraph(g).ok());

  EXPECT_FALSE(g.EraseNodes({d, c, d}).ok());  // listed twice
  EXPECT_FALSE(d->is_erased() || c->is_erased());
  EXPECT_TRUE(VerifyGraph(g).ok());

  // Any order: producers before their users too.
  ASSERT_TRUE(g.EraseNodes({a, b, c, d}).ok());
  EXPECT_THAT(NodeNames(g), ElementsAre("x", "output"));
  EXPECT_EQ(g.size(), 2u);
  EXPECT_EQ(x->num_users(), 1u);  // the output only
  for (Node* n : {a, b, c, d}) {
    EXPECT_TRUE(n->is_erased());
    EXPECT_EQ(n->num_users(), 0u);
    EXPECT_EQ(n->num_inputs(), 0u);
    EXPECT_TRUE(n->users().begin() == n->users().end());
  }
  EXPECT_TRUE(b->args()[0].is_none());  // references dropped, as FX does
  EXPECT_TRUE(VerifyGraph(g).ok());
  EXPECT_EQ(g.FindNode("mul"), nullptr);
  EXPECT_FALSE(g.EraseNodes({a}).ok());  // already erased
  EXPECT_TRUE(g.EraseNodes({}).ok());
}

TEST(GraphTest, InsertionPointsFollowFx) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* out = g.Output(Ref(x));
  {
    auto scope = g.InsertingBefore(out);
    g.CallFunction("f1");
    g.CallFunction("f2");
  }
  {
    // FX quirk: consecutive nodes "after x" come out in reverse order.
    auto scope = g.InsertingAfter(x);
    g.CallFunction("a1");
    g.CallFunction("a2");
  }
  {
    auto scope = g.InsertingBefore(nullptr);  // start of graph
    g.GetAttr("w");
  }
  g.CallFunction("tail");  // default: end of graph
  EXPECT_THAT(NodeNames(g), ElementsAre("w", "x", "a2", "a1", "f1", "f2", "output", "tail"));
}

TEST(GraphTest, OrderKeysStayConsistentUnderDenseInsertion) {
  Graph g;
  Node* first = g.Placeholder("x");
  Node* last = g.Output(Argument::None());
  // Insert 5,000 nodes always directly after `first`, then 5,000 directly
  // before `last`: forces relabelling of the order-maintenance keys.
  for (int i = 0; i < 5000; ++i) {
    auto scope = g.InsertingAfter(first);
    g.CallFunction("f");
  }
  for (int i = 0; i < 5000; ++i) {
    auto scope = g.InsertingBefore(last);
    g.CallFunction("f");
  }
  std::vector<Node*> order = g.NodeVector();
  ASSERT_EQ(order.size(), 10002u);
  for (size_t i = 1; i < order.size(); ++i) {
    ASSERT_TRUE(order[i - 1]->IsBefore(order[i])) << i;
    ASSERT_FALSE(order[i]->IsBefore(order[i - 1])) << i;
  }
}

TEST(GraphTest, PrependAndAppendMoveNodes) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("fa");
  Node* b = g.CallFunction("fb");
  Node* c = g.CallFunction("fc");
  a->Prepend(c);
  EXPECT_THAT(NodeNames(g), ElementsAre("x", "fc", "fa", "fb"));
  b->Append(x);
  EXPECT_THAT(NodeNames(g), ElementsAre("fc", "fa", "fb", "x"));
  EXPECT_TRUE(b->IsBefore(x));
  EXPECT_EQ(g.first_node(), c);
  EXPECT_EQ(g.last_node(), x);
  EXPECT_EQ(c->prev(), nullptr);
  EXPECT_EQ(x->next(), nullptr);
}

TEST(GraphTest, NodeCopyRemapsArgumentsAndCopiesMeta) {
  Graph src;
  Node* x = src.Placeholder("x");
  Node* add = src.CallFunction("operator.add", {Ref(x), Argument::Int(1)},
                               {KwArg{Symbol::Intern("alpha"), Ref(x)}});
  add->mutable_meta().seq_nr = 4;
  add->set_type_annotation("torch.Tensor");
  Graph dst;
  Node* y = dst.Placeholder("y");
  Node* copy = dst.NodeCopy(*add, [&](Node* n) { return Argument::Ref(n == x ? y : n); });
  EXPECT_EQ(copy->name(), "add");
  EXPECT_EQ(copy->args()[0].node(), y);
  EXPECT_EQ(copy->kwargs()[0].value.node(), y);
  EXPECT_EQ(copy->meta().seq_nr, 4);
  EXPECT_EQ(copy->type_annotation(), "torch.Tensor");
  EXPECT_EQ(y->num_users(), 1u);
  EXPECT_EQ(dst.NodeCopy(*add, [&](Node*) { return Argument::Ref(y); })->name(), "add_1");
}

TEST(GraphTest, DeadCodeEliminationKeepsSideEffects) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* unused_placeholder = g.Placeholder("unused");
  Node* dead = g.CallFunction("torch.sin", {Ref(x)});
  g.CallFunction("torch.cos", {Ref(dead)});  // dead chain: cos -> sin
  g.CallFunction("torch.ops.aten.add_.Tensor", {Ref(x), Argument::Int(1)});
  g.CallMethod("mul_", {Ref(x), Argument::Int(2)});
  g.CallFunction("torch.add", {Ref(x), Ref(x)}, {KwArg{Symbol::Intern("out"), Ref(x)}});
  g.CallFunction("torch._assert", {Argument::Bool(true), Argument::String("msg")});
  g.CallFunction("operator.setitem", {Ref(x), Argument::Int(0), Argument::Int(1)});
  g.CallFunction("operator.iadd", {Ref(x), Argument::Int(1)});
  g.CallFunction("torch.amp._enter_autocast", {Argument::String("cpu")});
  // Python's operator module: `and_`, `or_`, `not_` are not in-place.
  g.CallFunction("operator.or_", {Ref(x), Ref(x)});
  g.CallFunction("_operator.and_", {Ref(x), Ref(x)});
  g.CallFunction("operator.not_", {Ref(x)});
  g.Output(Ref(x));
  EXPECT_TRUE(g.EliminateDeadCode());
  EXPECT_THAT(NodeNames(g), ElementsAre("x", "unused", "add_", "mul_", "add", "_assert", "setitem",
                                    "iadd", "_enter_autocast", "output"));
  EXPECT_FALSE(g.EliminateDeadCode());
  EXPECT_EQ(unused_placeholder->num_users(), 0u);
  EXPECT_TRUE(VerifyGraph(g).ok());
}

TEST(GraphTest, CloneIsDeepAndIndependent) {
  Graph g;
  Node* x = g.Placeholder("x", "torch.Tensor");
  Node* a = g.CallFunction("torch.relu", {Ref(x)});
  a->mutable_meta().stack_trace = Symbol::Intern("File x.py");
  g.Output(Argument::List({Ref(a), Argument::String("s")}));
  absl::flat_hash_map<const Node*, Node*> mapping;
  std::unique_ptr<Graph> copy = g.Clone(&mapping);
  EXPECT_EQ(NodeNames(*copy), NodeNames(g));
  Node* ca = mapping.at(a);
  EXPECT_NE(ca, a);
  EXPECT_EQ(ca->graph(), copy.get());
  EXPECT_EQ(ca->args()[0].node(), mapping.at(x));
  EXPECT_EQ(ca->meta().stack_trace.str(), "File x.py");
  EXPECT_EQ(mapping.at(x)->type_annotation(), "torch.Tensor");
  EXPECT_TRUE(VerifyGraph(*copy).ok());
  ASSERT_TRUE(copy->EraseNode(copy->output_node()).ok());
  EXPECT_EQ(g.size(), 3u);
  EXPECT_EQ(copy->CallFunction("torch.relu")->name(), "relu_1");
}

// Unsorted graphs and cycles are legal IR (topo_sort repairs or rejects
// them): a clone must refer to its own nodes even for inputs defined later,
// and leave the original's users alone (found by the pipeline fuzzer: the
// copy had become a user of the original's node, which kept a dangling use
// once the copy was destroyed).
TEST(GraphTest, CloneOfAnUnsortedGraphRefersToItsOwnNodes) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.relu", {Ref(x)});
  Node* b = g.CallFunction("torch.neg", {Ref(a)});
  a->SetArgs({Ref(x), Ref(b)});  // a reads b, which comes later: a cycle
  Node* c = g.CallFunction("torch.sin", {Ref(x)});
  b->SetArgs({Ref(a), Ref(c)});  // b reads c, defined after it
  g.Output(Ref(b));
  for (int round = 0; round < 2; ++round) {  // the second clone reads what the first left
    absl::flat_hash_map<const Node*, Node*> mapping;
    std::unique_ptr<Graph> copy = g.Clone(&mapping);
    const Node* ca = mapping.at(a);
    const Node* cb = mapping.at(b);
    EXPECT_EQ(ca->args()[1].node(), cb);
    EXPECT_EQ(cb->args()[0].node(), ca);
    EXPECT_EQ(cb->args()[1].node(), mapping.at(c));
    EXPECT_EQ(mapping.at(c)->num_users(), 1u);
    EXPECT_THAT(a->UserVector(), ElementsAre(b));
    EXPECT_THAT(b->UserVector(), ::testing::UnorderedElementsAre(a, g.output_node()));
    EXPECT_THAT(c->UserVector(), ElementsAre(b));
  }
}

TEST(GraphTest, CreateNamedNodeRejectsDuplicatesAndBadNames) {
  Graph g;
  ASSERT_TRUE(g.CreateNamedNode(OpKind::kPlaceholder, "add_7", "x").ok());
  absl::StatusOr<Node*> dup = g.CreateNamedNode(OpKind::kPlaceholder, "add_7", "x");
  EXPECT_EQ(dup.status().code(), absl::StatusCode::kAlreadyExists);
  EXPECT_FALSE(g.CreateNamedNode(OpKind::kPlaceholder, "not valid", "x").ok());
  EXPECT_FALSE(g.CreateNamedNode(OpKind::kPlaceholder, "lambda", "x").ok());
  // Names created later continue the claimed sequence, as FX's namespace does.
  EXPECT_EQ(g.CallFunction("operator.add")->name(), "add");
  EXPECT_EQ(g.CallFunction("operator.add")->name(), "add_8");
}

// The symbol-taking overload: the same node as from text, the same errors,
// and arguments left to the caller when the name is refused.
TEST(GraphTest, CreateNamedNodeFromSymbolsMatchesText) {
  Graph g;
  Node* x = *g.CreateNamedNode(OpKind::kPlaceholder, "x", Symbol::Intern("x"), {}, {},
                               Symbol::Intern("torch.Tensor"));
  EXPECT_EQ(x->target(), "x");
  EXPECT_EQ(x->type_annotation(), "torch.Tensor");
  Node* w = *g.CreateNamedNode(OpKind::kGetAttr, "w", Symbol::Intern("sub.weight"), {}, {},
                               Symbol());
  EXPECT_EQ(w->target(), "sub.weight");
  EXPECT_EQ(w->type_annotation(), "");
  const Symbol add = Symbol::Intern("operator.add");
  Node* a = *g.CreateNamedNode(OpKind::kCallFunction, "add_3", add, {Ref(x), Ref(w)}, {},
                               Symbol());
  EXPECT_EQ(a->target_symbol(), add);
  EXPECT_THAT(a->UserVector(), ElementsAre());
  EXPECT_THAT(x->UserVector(), ElementsAre(a));
  for (absl::string_view bad : {"add_3", "not valid", "lambda", "3x"}) {
    std::vector<Argument> args = {Ref(x)};
    KwArgs kwargs = {{Symbol::Intern("alpha"), Argument::Int(2)}};
    absl::StatusOr<Node*> by_symbol =
        g.CreateNamedNode(OpKind::kCallFunction, bad, add, std::move(args), std::move(kwargs),
                          Symbol());
    absl::StatusOr<Node*> by_text = g.CreateNamedNode(OpKind::kCallFunction, bad,
                                                      "operator.add", {Ref(x)}, {}, "");
    EXPECT_EQ(by_symbol.status(), by_text.status()) << bad;
    EXPECT_FALSE(by_symbol.ok()) << bad;
    EXPECT_EQ(args.size(), 1u) << bad;
    EXPECT_EQ(kwargs.size(), 1u) << bad;
  }
  EXPECT_EQ(g.CallFunction("operator.add")->name(), "add");
  EXPECT_EQ(g.CallFunction("operator.add")->name(), "add_4");
}

TEST(GraphTest, IdsAreDenseAndNeverReused) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("f", {Ref(x)});
  ASSERT_TRUE(g.EraseNode(a).ok());
  Node* b = g.CallFunction("f", {Ref(x)});
  EXPECT_EQ(x->id(), 0u);
  EXPECT_EQ(a->id(), 1u);
  EXPECT_EQ(b->id(), 2u);
  EXPECT_EQ(g.id_bound(), 3u);
}

TEST(GraphTest, FindNodeAcrossStorageChunks) {
  // Enough nodes to fill the growing storage chunks and several full ones.
  Graph g;
  std::vector<Node*> nodes;
  for (int i = 0; i < 5000; ++i) nodes.push_back(g.GetAttr(absl::StrCat("w", i)));
  for (Node* n : nodes) ASSERT_EQ(g.FindNode(n->name()), n) << n->name();
  ASSERT_TRUE(g.EraseNode(nodes[1007]).ok());
  ASSERT_TRUE(g.EraseNode(nodes[1008]).ok());
  EXPECT_EQ(g.FindNode("w1007"), nullptr);
  EXPECT_EQ(g.FindNode("w1008"), nullptr);
  EXPECT_EQ(g.FindNode("w4999"), nodes[4999]);
  // A name reserved without a node finds nothing.
  EXPECT_EQ(g.FindNode(g.CreateName("reserved")), nullptr);
}

TEST(GraphTest, TargetsSurviveSetTargetAndClone) {
  Graph g;
  Node* w = g.GetAttr("layer.weight");
  Node* f = g.CallFunction("torch.relu", {Ref(w)});
  EXPECT_EQ(w->target(), "layer.weight");
  EXPECT_EQ(w->target_symbol(), Symbol::Intern("layer.weight"));
  w->set_target("layer.bias");
  EXPECT_EQ(w->target(), "layer.bias");
  std::unique_ptr<Graph> copy = g.Clone();
  EXPECT_EQ(copy->FindNode(w->name())->target(), "layer.bias");
  EXPECT_EQ(copy->FindNode(f->name())->target_symbol(), Symbol::Intern("torch.relu"));
  EXPECT_EQ(copy->FindNode(f->name())->input(0), copy->FindNode(w->name()));
}

TEST(GraphTest, RewritingArgumentsReusesTheInputEdges) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  Node* z = g.Placeholder("z");
  Node* add = g.CallFunction("operator.add", {Ref(x), Ref(y)});
  const void* edges = add->input_storage();
  // Fewer or as many inputs: the same storage, relinked.
  for (int i = 0; i < 100; ++i) {
    add->SetArgs({Ref(y), Ref(x)});
    add->SetArgs({Ref(z)});
  }
  EXPECT_EQ(add->input_storage(), edges);
  ASSERT_EQ(add->num_inputs(), 1u);
  EXPECT_EQ(add->input(0), z);
  EXPECT_EQ(x->num_users(), 0u);
  // More inputs than ever: new storage, and every user list stays right.
  add->SetArgs({Ref(x), Ref(y), Ref(z)});
  EXPECT_NE(add->input_storage(), edges);
  EXPECT_THAT(x->UserVector(), ElementsAre(add));
  EXPECT_THAT(y->UserVector(), ElementsAre(add));
  EXPECT_THAT(z->UserVector(), ElementsAre(add));
  g.Output(Ref(add));
  EXPECT_TRUE(VerifyGraph(g).ok()) << VerifyGraph(g);
}

}  // namespace
}  // namespace fxpp
