#include "passes/dedup/dedup.h"

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "bench/synthetic_graphs.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/verifier.h"
#include "testing/same_computation.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

Argument Ref(Node* n) { return Argument::Ref(n); }

ValueMeta TensorVal(DimVector shape) {
  TensorMeta t;
  t.shape = std::move(shape);
  return ValueMeta::Tensor(std::move(t));
}

std::vector<std::string> Targets(const Graph& g) {
  std::vector<std::string> out;
  for (Node* n : g.nodes()) out.emplace_back(n->op() == OpKind::kCallFunction ? n->target() : OpKindName(n->op()));
  return out;
}

int Count(const Graph& g, absl::string_view target) {
  int n = 0;
  for (Node* node : g.nodes()) n += node->target() == target;
  return n;
}

// Options that replace any group, however little it saves: most tests here
// check what a replacement does, on graphs too small to be worth it.
DedupOptions AnyGroup() {
  DedupOptions options;
  options.tracking.min_nodes_saved = std::numeric_limits<int64_t>::min();
  return options;
}

// Runs dedup and checks the invariants every result must satisfy.
DedupReport Dedup(GraphModule& m, DedupOptions options = AnyGroup()) {
  const std::unique_ptr<GraphModule> before = m.Clone();
  absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(m, options);
  EXPECT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(VerifyGraphModule(m).ok()) << VerifyGraphModule(m);
  EXPECT_TRUE(CheckSameComputation(*before, m).ok()) << CheckSameComputation(*before, m);
  EXPECT_EQ(m.graph().last_node()->op(), OpKind::kOutput);
  return report.ok() ? *report : DedupReport{};
}

// `copies` times: a = sin(x_i); b = cos(a); out_i = b (+ hooks).
struct Repeated {
  GraphModule m;
  std::vector<Node*> inputs, outs;
  explicit Repeated(int copies) {
    for (int i = 0; i < copies; ++i) {
      Node* x = m.graph().Placeholder(absl::StrCat("x", i));
      x->mutable_meta().val = TensorVal({4});
      inputs.push_back(x);
    }
  }
  void Finish() {
    std::vector<Argument> results;
    for (Node* n : outs) results.push_back(Ref(n));
    m.graph().Output(Argument::Tuple(std::move(results)));
  }
};

TEST(DedupTest, ReplacesRegionsWithInvokeSubgraph) {
  Repeated t(3);
  for (Node* x : t.inputs) {
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    a->mutable_meta().val = TensorVal({4});
    Node* b = t.m.graph().CallFunction("torch.cos", {Ref(a)});
    b->mutable_meta().val = TensorVal({4});
    Node* c = t.m.graph().CallFunction("torch.tanh", {Ref(b)});
    c->mutable_meta().val = TensorVal({4});
    t.outs.push_back(c);
  }
  t.Finish();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 3);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_EQ(report.groups[0].subgraph, "subgraph_0");
  EXPECT_EQ(Count(t.m.graph(), kInvokeSubgraph), 3);
  EXPECT_EQ(Count(t.m.graph(), "torch.sin"), 0);
  const GraphModule* sub = t.m.FindSubmodule("subgraph_0");
  ASSERT_NE(sub, nullptr);
  EXPECT_THAT(Targets(sub->graph()),
              ElementsAre("placeholder", "torch.sin", "torch.cos", "torch.tanh", "output"));
  EXPECT_EQ(sub->graph().first_node()->name(), "subgraph_input_x0");
  // invoke_subgraph(%subgraph_0, 'subgraph_0', x_i), outputs read by getitem.
  Node* invoke = nullptr;
  for (Node* n : t.m.graph().nodes()) {
    if (n->target() == kInvokeSubgraph) {
      invoke = n;
      break;
    }
  }
  ASSERT_NE(invoke, nullptr);
  ASSERT_THAT(invoke->args(), SizeIs(3));
  EXPECT_EQ(invoke->args()[0].node()->op(), OpKind::kGetAttr);
  EXPECT_EQ(invoke->args()[1], Argument::String("subgraph_0"));
  EXPECT_EQ(invoke->args()[2].node(), t.inputs[0]);
  ASSERT_TRUE(invoke->meta().val.has_value());
  EXPECT_EQ(invoke->meta().val->kind(), ValueMeta::Kind::kTuple);
  EXPECT_EQ(report.nodes_before, 3 + 9 + 1);
  EXPECT_EQ(report.nodes_after, 1 + 3 + 3 * 2 + 1);
}

TEST(DedupTest, SkipsRegionsThatMutateAnInput) {
  Repeated t(3);
  for (int i = 0; i < 3; ++i) {
    Node* x = t.inputs[i];
    Node* a = t.m.graph().CallFunction("torch.cos", {Ref(t.m.graph().CallFunction("torch.sin", {Ref(x)}))});
    // The second copy mutates its input in place, directly.
    Node* b = i == 1 ? t.m.graph().CallMethod("mul_", {Ref(x), Ref(a)})
                     : t.m.graph().CallMethod("mul", {Ref(x), Ref(a)});
    t.outs.push_back(b);
  }
  t.Finish();
  // mul_ and mul differ in target, so the mutating copy cannot even join.
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 2);
}

TEST(DedupTest, SkipsRegionsThatMutateAnInputThroughAView) {
  Repeated t(3);
  for (int i = 0; i < 3; ++i) {
    Node* x = t.inputs[i];
    Node* v = t.m.graph().CallMethod("view", {Ref(x), Argument::Int(-1)});
    Node* a = t.m.graph().CallMethod("add_", {Ref(v), Argument::Int(1)});
    t.outs.push_back(t.m.graph().CallFunction("torch.relu", {Ref(a)}));
  }
  t.Finish();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 0);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_THAT(report.groups[0].skipped, SizeIs(3));
  EXPECT_THAT(report.groups[0].skipped[0], HasSubstr("input mutation: 'add_' mutates 'view'"));
  EXPECT_THAT(report.groups[0].group_skipped, HasSubstr("only 0 of 3 regions replaceable"));
  EXPECT_EQ(t.m.children().size(), 0u);  // nothing installed for a skipped group
}

// Copies of `relu_(p); p * 2` (relu_ as resnet's F.relu(out, inplace=True))
// on values p the graph computes, each by another op so that p stays outside
// the regions; with `read_after`, the output reads each p as well.
DedupReport DedupWritesOfComputedInputs(bool read_after) {
  Repeated t(3);
  const char* producers[] = {"torch.sin", "torch.cos", "torch.tanh"};
  for (int i = 0; i < 3; ++i) {
    Node* p = t.m.graph().CallFunction(producers[i], {Ref(t.inputs[i])});
    Node* relu = t.m.graph().CallFunction("torch.nn.functional.relu", {Ref(p)},
                                          {{Symbol::Intern("inplace"), Argument::Bool(true)}});
    Node* doubled = t.m.graph().CallFunction("operator.mul", {Ref(relu), Argument::Int(2)});
    t.outs.push_back(t.m.graph().CallFunction("operator.add", {Ref(doubled), Argument::Int(1)}));
    if (read_after) t.outs.push_back(p);
  }
  t.Finish();
  return Dedup(t.m);
}

TEST(DedupTest, RegionsMayWriteAComputedInputNothingElseReads) {
  // The write is seen by the region alone: replaced, as PyTorch does on
  // resnet's blocks (where it does not see the write at all).
  EXPECT_EQ(DedupWritesOfComputedInputs(/*read_after=*/false).regions_replaced, 3);
  // The output reads each p after the write: skipped.
  DedupReport report = DedupWritesOfComputedInputs(/*read_after=*/true);
  EXPECT_EQ(report.regions_replaced, 0);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_THAT(report.groups[0].skipped[0], HasSubstr("input mutation: 'relu' mutates 'sin'"));
}

TEST(DedupTest, InternalMutationIsFine) {
  // PyTorch's test_single_subgraph2: o = x * 7; o += 1; o += 2 per call.
  Repeated t(2);
  for (Node* x : t.inputs) {
    Node* o = t.m.graph().CallFunction("operator.mul", {Ref(x), Argument::Int(7)});
    Node* o1 = t.m.graph().CallFunction("operator.iadd", {Ref(o), Argument::Int(1)});
    Node* o2 = t.m.graph().CallFunction("operator.iadd", {Ref(o1), Argument::Int(2)});
    t.outs.push_back(o2);
  }
  t.Finish();
  EXPECT_EQ(Dedup(t.m).regions_replaced, 2);
}

TEST(DedupTest, DetectsAliasing) {
  // Output-output: a region returning y and a view of y.
  Repeated t(2);
  for (Node* x : t.inputs) {
    Node* y = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    Node* v = t.m.graph().CallMethod("view", {Ref(y), Argument::Int(2), Argument::Int(2)});
    Node* z = t.m.graph().CallFunction("torch.relu", {Ref(v)});
    t.outs.push_back(y);
    t.outs.push_back(z);
    t.outs.push_back(v);
  }
  t.Finish();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 0);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_THAT(report.groups[0].skipped[0], HasSubstr("output-output aliasing"));
}

TEST(DedupTest, DetectsInputOutputAndInputInputAliasing) {
  // Region returns a view of its input: input-output aliasing.
  {
    Repeated t(2);
    for (Node* x : t.inputs) {
      Node* v = t.m.graph().CallMethod("transpose", {Ref(x), Argument::Int(0), Argument::Int(1)});
      Node* r = t.m.graph().CallFunction("torch.relu", {Ref(v)});
      t.outs.push_back(v);
      t.outs.push_back(r);
    }
    t.Finish();
    DedupReport report = Dedup(t.m);
    EXPECT_EQ(report.regions_replaced, 0) << report.ToText();
    ASSERT_THAT(report.groups, SizeIs(1));
    ASSERT_THAT(report.groups[0].skipped, SizeIs(2));
    EXPECT_THAT(report.groups[0].skipped[0], HasSubstr("input-output aliasing"));
  }
  // Region reads x and a view of x as two inputs: input-input aliasing. The
  // views differ per copy, so they stay outside the regions.
  {
    Repeated t(2);
    for (Node* x : t.inputs) {
      Node* v = t.m.graph().CallMethod("view", {Ref(x), Argument::Int(x == t.inputs[0] ? -1 : 4)});
      Node* a = t.m.graph().CallFunction("torch.sin", {Ref(x)});
      Node* b = t.m.graph().CallFunction("operator.add", {Ref(a), Ref(v)});
      t.outs.push_back(b);
    }
    t.Finish();
    DedupReport report = Dedup(t.m);
    EXPECT_EQ(report.regions_replaced, 0) << report.ToText();
    ASSERT_THAT(report.groups, SizeIs(1));
    ASSERT_THAT(report.groups[0].skipped, SizeIs(2));
    EXPECT_THAT(report.groups[0].skipped[0], HasSubstr("input-input aliasing"));
  }
}

TEST(DedupTest, SkipsUnsupportedOutputTypes) {
  Repeated t(2);
  for (Node* x : t.inputs) {
    Node* s = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    Node* size = t.m.graph().CallMethod("size", {Ref(s), Argument::Int(0)});
    size->mutable_meta().val = ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, "s0");
    t.outs.push_back(size);
  }
  t.Finish();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 0);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_THAT(report.groups[0].skipped[0], HasSubstr("unsupported output type: 'size' is a symint"));
}

TEST(DedupTest, TupleOutputsAreFlattenedThroughGetitems) {
  Repeated t(2);
  for (Node* x : t.inputs) {
    Node* s = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    s->mutable_meta().val = TensorVal({4});
    Node* parts = t.m.graph().CallFunction("torch.ops.aten.split.Tensor", {Ref(s), Argument::Int(2)});
    parts->mutable_meta().val = ValueMeta::Tuple({TensorVal({2}), TensorVal({2})});
    Node* g0 = t.m.graph().CallFunction("operator.getitem", {Ref(parts), Argument::Int(0)});
    Node* g1 = t.m.graph().CallFunction("operator.getitem", {Ref(parts), Argument::Int(1)});
    t.outs.push_back(t.m.graph().CallFunction("operator.mul", {Ref(g0), Ref(g1)}));
  }
  t.Finish();
  // Seeds: with min_region_size 3 regions end at the split (not the mul).
  DedupOptions options = AnyGroup();
  DedupReport report = Dedup(t.m, options);
  EXPECT_EQ(report.regions_replaced, 2);
  EXPECT_EQ(Count(t.m.graph(), "torch.ops.aten.split.Tensor"), 0);
}

// Regression (resnet/GPT make_fx graphs): a tuple output after another
// output was read at twice its offset, past the end of the subgraph's
// outputs. Its getitems outside the region are rewritten in place.
TEST(DedupTest, TupleOutputAfterAnotherOutputKeepsItsOffsets) {
  Repeated t(2);
  std::vector<Node*> items;
  for (size_t i = 0; i < t.inputs.size(); ++i) {
    Node* c = t.m.graph().CallFunction("torch.cos", {Ref(t.inputs[i])});
    c->mutable_meta().val = TensorVal({4});
    Node* s = t.m.graph().CallFunction("torch.sin", {Ref(c)});
    s->mutable_meta().val = TensorVal({4});
    Node* max = t.m.graph().CallFunction("torch.ops.aten.max.dim", {Ref(s), Argument::Int(0)});
    max->mutable_meta().val = ValueMeta::Tuple({TensorVal({}), TensorVal({})});
    // Copies read different elements, so the getitems stay outside the
    // regions and the max is a tuple output, after the sin.
    const int64_t element = i == 0 ? 1 : 0;
    items.push_back(t.m.graph().CallFunction("operator.getitem", {Ref(max), Argument::Int(element)}));
    t.outs.push_back(s);
    t.outs.push_back(items.back());
  }
  t.Finish();
  DedupReport report = Dedup(t.m);
  ASSERT_EQ(report.regions_replaced, 2) << report.ToText();
  const GraphModule* sub = t.m.FindSubmodule("subgraph_0");
  ASSERT_NE(sub, nullptr);
  // Outputs: sin, then the max's two elements.
  EXPECT_THAT(Targets(sub->graph()),
              ElementsAre("placeholder", "torch.cos", "torch.sin", "torch.ops.aten.max.dim",
                          "operator.getitem", "operator.getitem", "output"));
  ASSERT_FALSE(items[0]->is_erased());
  ASSERT_FALSE(items[1]->is_erased());
  EXPECT_EQ(items[0]->args()[0].node()->target(), kInvokeSubgraph);
  EXPECT_EQ(items[0]->args()[1], Argument::Int(2));
  EXPECT_EQ(items[1]->args()[1], Argument::Int(1));
}

TEST(DedupTest, GlobalStateCallsKeepTheirPlace) {
  // x0 -> sin -> cos -> tanh; then autocast enter; x1 -> sin -> cos -> tanh; exit.
  Repeated t(2);
  Node* enter = nullptr;
  for (int i = 0; i < 2; ++i) {
    if (i == 1) enter = t.m.graph().CallFunction("torch.amp._enter_autocast", {Argument::String("cpu")});
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(t.inputs[i])});
    Node* b = t.m.graph().CallFunction("torch.cos", {Ref(a)});
    t.outs.push_back(t.m.graph().CallFunction("torch.tanh", {Ref(b)}));
  }
  Node* exit = t.m.graph().CallFunction("torch.amp._exit_autocast", {Ref(enter)});
  (void)exit;
  t.Finish();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 2);
  // The second invoke stays between enter and exit; the first before enter.
  std::vector<std::string> order = Targets(t.m.graph());
  std::vector<std::string> calls;
  for (const std::string& s : order) {
    if (s == kInvokeSubgraph || s == "torch.amp._enter_autocast" || s == "torch.amp._exit_autocast") calls.push_back(s);
  }
  EXPECT_THAT(calls, ElementsAre(kInvokeSubgraph, "torch.amp._enter_autocast", kInvokeSubgraph, "torch.amp._exit_autocast"));
}

TEST(DedupTest, ModuleCallsStayInTheirGraph) {
  // symbolic_trace's graphs call leaf modules by their path in the root
  // module (a shared `mlp` called twice): a subgraph module has no such
  // child, so the calls stay where they are and regions form around them.
  Repeated t(2);
  ASSERT_TRUE(t.m.AddChild("mlp", GraphModule::Opaque("torch.nn.modules.linear.Linear")).ok());
  for (int i = 0; i < 2; ++i) {
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(t.inputs[i])});
    Node* b = t.m.graph().CallFunction("torch.cos", {Ref(a)});
    Node* c = t.m.graph().CallFunction("torch.exp", {Ref(b)});
    Node* call = t.m.graph().CallModule("mlp", {Ref(c)});
    Node* d = t.m.graph().CallFunction("torch.tanh", {Ref(call)});
    Node* e = t.m.graph().CallFunction("torch.relu", {Ref(d)});
    t.outs.push_back(t.m.graph().CallFunction("torch.neg", {Ref(e)}));
    for (Node* n : {a, b, c, call, d, e, t.outs.back()}) n->mutable_meta().val = TensorVal({4});
  }
  t.Finish();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 4) << report.ToText();
  EXPECT_EQ(Count(t.m.graph(), "mlp"), 2);
}

// x_i -> relu -> sin -> mv(w_i, .): w_i a get_attr without a recorded
// value (make_fx's parameters), whose state entries have these rows.
DedupReport DedupWeightsOfRows(int64_t rows0, int64_t rows1) {
  Repeated t(2);
  const int64_t rows[] = {rows0, rows1};
  for (int i = 0; i < 2; ++i) {
    const std::string name = absl::StrCat("w", i);
    TensorMeta weight;
    weight.shape = {rows[i], 4};
    EXPECT_TRUE(t.m.AddState({name, StateKind::kParameter, weight, true}).ok());
    Node* w = t.m.graph().GetAttr(name);
    Node* a = t.m.graph().CallFunction("torch.relu", {Ref(t.inputs[i])});
    Node* b = t.m.graph().CallFunction("torch.sin", {Ref(a)});
    t.outs.push_back(t.m.graph().CallFunction("torch.mv", {Ref(w), Ref(b)}));
    a->mutable_meta().val = TensorVal({4});
    b->mutable_meta().val = TensorVal({4});
    t.outs.back()->mutable_meta().val = TensorVal({rows[i]});
  }
  t.Finish();
  return Dedup(t.m);
}

TEST(DedupTest, WeightsWithoutValuesAreKeyedByTheirState) {
  // Squeezenet's fire modules after functionalize: the same ops on inputs
  // of one shape, with weights of different shapes. One subgraph for both
  // would record one weight's shapes for the other's call.
  EXPECT_EQ(DedupWeightsOfRows(4, 8).regions_replaced, 0);
  EXPECT_EQ(DedupWeightsOfRows(4, 4).regions_replaced, 2);
}

TEST(DedupTest, GroupsWithoutInputsAreSkipped) {
  GraphModule m;
  std::vector<Argument> outs;
  for (int i = 0; i < 2; ++i) {
    Node* z = m.graph().CallFunction("torch.zeros", {Argument::Int(3)});
    outs.push_back(Ref(m.graph().CallFunction("torch.sin", {Ref(z)})));
  }
  m.graph().Output(Argument::Tuple(outs));
  DedupReport report = Dedup(m);
  EXPECT_EQ(report.regions_replaced, 0);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_EQ(report.groups[0].group_skipped, "no external inputs");
}

TEST(DedupTest, MinRegionsIsTheCostKnob) {
  Repeated t(3);
  for (Node* x : t.inputs) {
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    t.outs.push_back(t.m.graph().CallFunction("torch.cos", {Ref(a)}));
  }
  t.Finish();
  DedupOptions options = AnyGroup();
  options.tracking.min_regions = 4;
  DedupReport report = Dedup(t.m, options);
  EXPECT_EQ(report.regions_replaced, 0);
  EXPECT_THAT(report.groups, IsEmpty());
}

TEST(DedupTest, RejectsInvalidInputGraphUnchanged) {
  GraphModule m;
  Node* x = m.graph().Placeholder("x");
  Node* a = m.graph().CallFunction("torch.sin", {Ref(x)});
  Node* b = m.graph().CallFunction("torch.cos", {Ref(a)});
  m.graph().Output(Ref(b));
  x->Prepend(b);  // b before its input
  absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(m);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(std::string(report.status().message()),
              HasSubstr("node 'cos' uses 'sin' before it is defined"));
  EXPECT_EQ(m.graph().first_node(), b);  // unchanged
  EXPECT_EQ(m.graph().size(), 4u);
}

TEST(DedupTest, ReportAsTextAndJson) {
  Repeated t(3);
  for (Node* x : t.inputs) {
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    Node* b = t.m.graph().CallFunction("torch.cos", {Ref(a)});
    t.outs.push_back(t.m.graph().CallFunction("torch.tanh", {Ref(b)}));
  }
  t.Finish();
  DedupPass pass;
  absl::StatusOr<bool> changed = pass.Run(t.m);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_EQ(pass.report().ToText(),
            "dedup: 13 -> 11 nodes, 3 regions replaced, 5 nodes in subgraphs\n"
            "  subgraph_0: 3 regions x 3 nodes, 3 replaced, 3 nodes saved\n");
  const std::string json = pass.report().ToJson();
  EXPECT_THAT(json, HasSubstr("\"regions_replaced\": \"3\""));
  EXPECT_THAT(json, HasSubstr("\"subgraph\": \"subgraph_0\""));
  EXPECT_THAT(json, HasSubstr("\"nodes_saved\": \"3\""));
  // A second run finds nothing more to do.
  changed = pass.Run(t.m);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
}

// Two copies of two nodes would compile as many nodes as before (a body of
// two and two calls): left alone, and the report says why.
TEST(DedupTest, GroupThatSavesNothingIsNotTaken) {
  Repeated t(2);
  for (Node* x : t.inputs) {
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    t.outs.push_back(t.m.graph().CallFunction("torch.cos", {Ref(a)}));
  }
  t.Finish();
  DedupPass pass;
  absl::StatusOr<bool> changed = pass.Run(t.m);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
  EXPECT_EQ(pass.report().ToText(),
            "dedup: 7 -> 7 nodes, 0 regions replaced, 0 nodes in subgraphs\n"
            "  not taken: group at 'cos' (2 regions x 2 nodes, would save 0): "
            "cost: saves too few nodes to compile\n");
  EXPECT_THAT(pass.report().ToJson(), HasSubstr("\"why\": \"cost: saves too few"));
}

// The case PyTorch 2.6 crashes on: a deep residual stack. All 1,000 layers
// become calls of one subgraph, and the result verifies. At ~40k nodes it is
// also the test of keying the nodes beside the alias analysis (two threads,
// from 20k nodes on).
TEST(DedupTest, ThousandLayerResidualStack) {
  std::unique_ptr<GraphModule> m = MakeTransformerStack(1000);
  ASSERT_GE(m->graph().size(), 20000u);
  DedupReport report = Dedup(*m);
  EXPECT_EQ(report.regions_replaced, 1000);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_EQ(Count(m->graph(), kInvokeSubgraph), 1000);
  // Left: placeholder, output, 16 weights per layer, get_attr of the
  // subgraph, and per layer one invoke and one getitem.
  EXPECT_EQ(report.nodes_after, 2 + 1000 * 16 + 1 + 1000 * 2);
}

// A group whose replacement saves no node is skipped, with the reason in
// the report (issue 16): two regions of two nodes, both of them outputs,
// would trade 2 nodes for an invoke and 2 getitems each, plus a get_attr.
TEST(DedupTest, SkipsGroupsThatWouldMakeTheGraphLarger) {
  Repeated t(2);
  for (Node* x : t.inputs) {
    Node* a = t.m.graph().CallFunction("torch.sin", {Ref(x)});
    a->mutable_meta().val = TensorVal({4});
    Node* b = t.m.graph().CallFunction("torch.cos", {Ref(a)});
    b->mutable_meta().val = TensorVal({4});
    t.outs.push_back(a);
    t.outs.push_back(b);
  }
  t.Finish();
  const size_t before = t.m.graph().size();
  DedupReport report = Dedup(t.m);
  EXPECT_EQ(report.regions_replaced, 0);
  EXPECT_EQ(t.m.graph().size(), before);
  EXPECT_EQ(report.nodes_after, report.nodes_before);
  ASSERT_THAT(report.groups, SizeIs(1));
  EXPECT_THAT(report.groups[0].group_skipped,
              HasSubstr("replacing saves nothing: 2 regions x (2 nodes removed - 3 added) - 1 "
                        "get_attr = -3 nodes"));
}

TEST(DedupTest, RandomDrawsKeepTheirOrder) {
  // Two blocks draw rand_like; a randn_like drawn between the first block's
  // draw and its end must still come after that draw, so that a seeded run
  // gives each draw the same numbers.
  GraphModule m;
  Graph& g = m.graph();
  Node* x = g.Placeholder("x");
  x->mutable_meta().val = TensorVal({4});
  auto block_draw = [&] { return g.CallFunction("torch.ops.aten.rand_like.default", {Ref(x)}); };
  Node* r1 = block_draw();
  Node* between = g.CallFunction("torch.ops.aten.randn_like.default", {Ref(x)});
  Node* s1 = g.CallFunction("torch.ops.aten.sin.default",
                            {Ref(g.CallFunction("torch.ops.aten.mul.Tensor", {Ref(r1), Ref(x)}))});
  Node* r3 = block_draw();
  Node* s3 = g.CallFunction("torch.ops.aten.sin.default",
                            {Ref(g.CallFunction("torch.ops.aten.mul.Tensor", {Ref(r3), Ref(x)}))});
  g.Output(Argument::Tuple({Ref(s1), Ref(between), Ref(s3)}));
  const DedupReport report = Dedup(m);  // checks the draws' order too
  EXPECT_EQ(report.regions_replaced, 2);
  EXPECT_THAT(Targets(g),
              ElementsAre("get_attr", "placeholder", "torch.ops.higher_order.invoke_subgraph",
                          "torch.ops.aten.randn_like.default", "operator.getitem",
                          "torch.ops.higher_order.invoke_subgraph", "operator.getitem", "output"));
}

}  // namespace
}  // namespace fxpp
