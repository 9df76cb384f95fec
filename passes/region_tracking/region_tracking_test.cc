#include "passes/region_tracking/region_tracking.h"

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "bench/synthetic_graphs.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

Argument Ref(Node* n) { return Argument::Ref(n); }

// Options that keep every group, however little it saves: most tests here
// check how regions grow, on graphs too small to be worth a subgraph.
RegionTrackingOptions AnyGroup() {
  RegionTrackingOptions options;
  options.min_nodes_saved = std::numeric_limits<int64_t>::min();
  return options;
}

// FindIdenticalRegions on a graph the test built sorted.
std::vector<RegionGroup> Regions(const Graph& g, const RegionTrackingOptions& options = AnyGroup(),
                                 const OrderingEdges& extra = {}) {
  absl::StatusOr<std::vector<RegionGroup>> groups = FindIdenticalRegions(g, options, extra);
  EXPECT_TRUE(groups.ok()) << groups.status();
  return groups.ok() ? *std::move(groups) : std::vector<RegionGroup>{};
}

std::string Describe(const std::vector<RegionGroup>& groups) {
  std::vector<std::string> out;
  for (const RegionGroup& g : groups) {
    std::vector<std::string> regions;
    for (const Region& r : g.regions) {
      regions.push_back("[" + absl::StrJoin(r, ", ", [](std::string* s, const Node* n) {
                          absl::StrAppend(s, n->name());
                        }) + "]");
    }
    out.push_back("{" + absl::StrJoin(regions, " ") + "}");
  }
  return absl::StrJoin(out, " ");
}

void ExpectDisjoint(const std::vector<RegionGroup>& groups) {
  absl::flat_hash_set<const Node*> seen;
  for (const RegionGroup& g : groups) {
    for (const Region& r : g.regions) {
      for (const Node* n : r) EXPECT_TRUE(seen.insert(n).second) << n->name() << " in two regions";
    }
  }
}

// PyTorch's test_get_regions_single_region_group:
//   def inner_fn(x, y): x0 = x + 1; y0 = y + 2; z = x0.sum() + y0.sum(); return z
//   o0 = inner_fn(x, y); o1 = torch.sin(y); o2 = inner_fn(x, o1)
//   o3 = inner_fn(x, y); o4 = o3 * o3; return o2 * o4
TEST(FindIdenticalRegionsTest, SingleRegionGroupLikePyTorch) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  auto inner = [&](Node* a, Node* b) {
    Node* x0 = g.CallFunction("operator.add", {Ref(a), Argument::Int(1)});
    Node* y0 = g.CallFunction("operator.add", {Ref(b), Argument::Int(2)});
    Node* s0 = g.CallMethod("sum", {Ref(x0)});
    Node* s1 = g.CallMethod("sum", {Ref(y0)});
    return g.CallFunction("operator.add", {Ref(s0), Ref(s1)});
  };
  Node* o0 = inner(x, y);
  Node* o1 = g.CallFunction("torch.sin", {Ref(y)});
  Node* o2 = inner(x, o1);
  Node* o3 = inner(x, y);
  Node* o4 = g.CallFunction("operator.mul", {Ref(o3), Ref(o3)});
  Node* out = g.CallFunction("operator.mul", {Ref(o2), Ref(o4)});
  g.Output(Argument::Tuple({Ref(out), Ref(o0)}));
  std::vector<RegionGroup> groups = Regions(g);
  EXPECT_EQ(Describe(groups),
            "{[add, add_1, sum_1, sum_2, add_2] [add_3, add_4, sum_3, sum_4, add_5] "
            "[add_6, add_7, sum_5, sum_6, add_8]}");
  ExpectDisjoint(groups);
}

// PyTorch 2.6 merges the three iterations of
//   sum(torch.sin(x + i) * torch.cos(x) for i in range(3))
// into one region including `x + i`, so all three compute x + 0. Here the
// additions differ in their constant and stay outside the regions.
TEST(FindIdenticalRegionsTest, ConstantsKeepRegionsApart) {
  Graph g;
  Node* x = g.Placeholder("x");
  std::vector<Node*> terms;
  for (int i = 0; i < 3; ++i) {
    Node* add = g.CallFunction("operator.add", {Ref(x), Argument::Int(i)});
    Node* sin = g.CallFunction("torch.sin", {Ref(add)});
    Node* cos = g.CallFunction("torch.cos", {Ref(x)});
    terms.push_back(g.CallFunction("operator.mul", {Ref(sin), Ref(cos)}));
  }
  Node* total = g.CallFunction("builtins.sum", {Argument::List({Ref(terms[0]), Ref(terms[1]), Ref(terms[2])})});
  g.Output(Ref(total));
  std::vector<RegionGroup> groups = Regions(g);
  EXPECT_EQ(Describe(groups), "{[sin, cos, mul] [sin_1, cos_1, mul_1] [sin_2, cos_2, mul_2]}");
}

TEST(FindIdenticalRegionsTest, DifferentWiringIsNotTheSameRegion) {
  // r1, r3: add(s, s); r2: add(s, t) with t another sin: same keys, but r2
  // would compute something else with r1's subgraph.
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  Node* z = g.Placeholder("z");
  Node* w = g.Placeholder("w");
  Node* s1 = g.CallFunction("torch.sin", {Ref(x)});
  Node* b1 = g.CallFunction("operator.add", {Ref(s1), Ref(s1)});
  Node* t2 = g.CallFunction("torch.sin", {Ref(z)});
  Node* s2 = g.CallFunction("torch.sin", {Ref(y)});
  Node* b2 = g.CallFunction("operator.add", {Ref(s2), Ref(t2)});
  Node* s3 = g.CallFunction("torch.sin", {Ref(w)});
  Node* b3 = g.CallFunction("operator.add", {Ref(s3), Ref(s3)});
  g.Output(Argument::Tuple({Ref(b1), Ref(b2), Ref(b3)}));
  std::vector<RegionGroup> groups = Regions(g);
  EXPECT_EQ(Describe(groups), "{[sin, add] [sin_3, add_2]}");
}

// Two kinds of block whose ends are alike, as T5's encoder and decoder
// blocks (issue 20): A(h) = h + tanh(e) * tanh(e) and B(h) = h + tanh(e) *
// tanh(m) with m one value all B blocks read (cross attention's memory),
// e = relu(neg(h)) in A and relu(exp(h)) in B. The last adds of A1, A2 and
// the Bs seed one group; in lock-step it stops at neg/exp, and the wiring
// (tanh(e) twice, or tanh(e) and tanh(m)) parts it by kind. Each part then
// grows to its whole block: two groups of whole blocks, not the common tail
// of both and loose neg/exp nodes.
TEST(FindIdenticalRegionsTest, BlocksOfTwoKindsEndingAlikeGrowWhole) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  Node* m = g.CallFunction("torch.sigmoid", {Ref(y)});
  auto block = [&](Node* h, bool cross) {
    Node* pre = g.CallFunction(cross ? "torch.exp" : "torch.neg", {Ref(h)});
    Node* e = g.CallFunction("torch.relu", {Ref(pre)});
    Node* t1 = g.CallFunction("torch.tanh", {Ref(e)});
    Node* t2 = g.CallFunction("torch.tanh", {Ref(cross ? m : e)});
    Node* prod = g.CallFunction("operator.mul", {Ref(t1), Ref(t2)});
    return g.CallFunction("operator.add", {Ref(h), Ref(prod)});
  };
  Node* h = x;
  for (int i = 0; i < 6; ++i) h = block(h, /*cross=*/i >= 3);
  g.Output(Ref(h));
  for (const int64_t eager_mining_work : {int64_t{1} << 16, int64_t{0}}) {
    SCOPED_TRACE(eager_mining_work);
    RegionTrackingOptions options;
    options.eager_mining_work = eager_mining_work;
    const std::vector<RegionGroup> groups = Regions(g, options);
    ASSERT_EQ(groups.size(), 2u) << Describe(groups);
    for (const RegionGroup& group : groups) {
      EXPECT_EQ(group.regions.size(), 3u) << Describe(groups);
      for (const Region& region : group.regions) EXPECT_EQ(region.size(), 6u) << Describe(groups);
    }
    ExpectDisjoint(groups);
  }
}

TEST(FindIdenticalRegionsTest, NoRegionThatWouldCreateACycle) {
  // b = add(a, e) with e = f(a) outside the region: {a, b} collapsed would
  // both feed and consume e.
  Graph g;
  Node* x = g.Placeholder("x");
  std::vector<Node*> outs;
  for (absl::string_view between : {"torch.relu", "torch.tanh"}) {
    Node* a = g.CallFunction("torch.sin", {Ref(x)});
    Node* e = g.CallFunction(between, {Ref(a)});
    outs.push_back(g.CallFunction("operator.add", {Ref(a), Ref(e)}));
  }
  g.Output(Argument::Tuple({Ref(outs[0]), Ref(outs[1])}));
  EXPECT_THAT(Regions(g), IsEmpty());
}

TEST(FindIdenticalRegionsTest, ExtraOrderingEdgesCanForbidACollapse) {
  // Two copies of a -> b; an ordering edge "a must follow e" where e reads b
  // makes {a, b} cyclic once collapsed, so the group is dropped.
  Graph g;
  Node* x = g.Placeholder("x");
  OrderingEdges extra;
  std::vector<Node*> outs;
  for (int i = 0; i < 2; ++i) {
    Node* a = g.CallFunction("torch.sin", {Ref(x)});
    Node* b = g.CallFunction("torch.cos", {Ref(a)});
    outs.push_back(b);
    if (i == 0) {
      Node* e = g.CallFunction("torch.relu", {Ref(b)});
      extra[a].push_back(e);
      outs.push_back(e);
    }
  }
  g.Output(Argument::Tuple({Ref(outs[0]), Ref(outs[1]), Ref(outs[2])}));
  EXPECT_EQ(Describe(Regions(g)), "{[sin, cos] [sin_1, cos_1]}");
  EXPECT_THAT(Regions(g, AnyGroup(), extra), IsEmpty());
}

TEST(FindIdenticalRegionsTest, OptionsBoundRegionAndGroupSize) {
  Graph g;
  Node* x = g.Placeholder("x");
  std::vector<Argument> outs;
  for (int i = 0; i < 3; ++i) {
    Node* a = g.CallFunction("torch.sin", {Ref(x)});
    outs.push_back(Ref(g.CallFunction("torch.cos", {Ref(a)})));
  }
  g.Output(Argument::Tuple(outs));
  RegionTrackingOptions options = AnyGroup();
  EXPECT_EQ(Regions(g, options).size(), 1u);
  options.min_region_size = 3;
  EXPECT_THAT(Regions(g, options), IsEmpty());
  options.min_region_size = 2;
  options.min_regions = 4;
  EXPECT_THAT(Regions(g, options), IsEmpty());
}

TEST(FindIdenticalRegionsTest, RejectsAGraphThatIsNotTopologicallySorted) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* sin = g.CallFunction("torch.sin", {Ref(x)});
  {
    auto at = g.InsertingBefore(sin);
    g.CallFunction("torch.cos", {Ref(sin)});
  }
  g.Output(Ref(sin));
  absl::StatusOr<std::vector<RegionGroup>> groups = FindIdenticalRegions(g);
  EXPECT_EQ(groups.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(groups.status().message(),
              ::testing::HasSubstr("node 'cos' uses 'sin' before it is defined"));
}

// Both seeds read `c`: growing alone, the first region would take it, but
// in lock-step the second region refuses it (claimed), so neither has it.
// Replaying the first region's steps must notice and give the lock-step
// result.
TEST(FindIdenticalRegionsTest, SharedInputJoinsNoRegion) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* c = g.CallFunction("torch.relu", {Ref(x)});
  std::vector<Argument> outs;
  for (int i = 0; i < 2; ++i) {
    Node* a = g.CallFunction("torch.neg", {Ref(c)});
    outs.push_back(Ref(g.CallFunction("torch.sin", {Ref(a)})));
  }
  g.Output(Argument::Tuple(outs));
  for (bool replay : {true, false}) {
    RegionTrackingOptions options = AnyGroup();
    options.replay_first_region = replay;
    EXPECT_EQ(Describe(Regions(g, options)), "{[neg, sin] [neg_1, sin_1]}") << replay;
  }
}

// Random graphs of repeated blocks, wired to each other, to shared nodes and
// to noise in random ways: replaying the first region's steps finds exactly
// the regions lock-step growth finds.
TEST(FindIdenticalRegionsTest, ReplayFindsWhatLockStepFinds) {
  std::mt19937 random(20261121);
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(random); };
  const std::vector<absl::string_view> unary = {"torch.sin", "torch.relu", "torch.neg"};
  int graphs_with_regions = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Graph g;
    std::vector<Node*> nodes = {g.Placeholder("x"), g.Placeholder("y")};
    // A block: `size` ops, each unary or binary, each argument an earlier op
    // of the block or (by index into `nodes`, counted back from the block's
    // start) a node before it.
    struct Op {
      bool binary;
      size_t target;
      std::vector<int64_t> args;  // >= 0: op of the block; < 0: nodes[start + arg]
    };
    const size_t size = 2 + pick(5);
    std::vector<Op> block;
    for (size_t i = 0; i < size; ++i) {
      Op op{pick(2) == 1, pick(unary.size()), {}};
      for (int a = 0; a < (op.binary ? 2 : 1); ++a) {
        const bool inside = i > 0 && pick(3) != 0;
        op.args.push_back(inside ? static_cast<int64_t>(pick(i)) : -1 - static_cast<int64_t>(pick(3)));
      }
      block.push_back(op);
    }
    const size_t copies = 2 + pick(5);
    for (size_t copy = 0; copy < copies; ++copy) {
      const int64_t start = static_cast<int64_t>(nodes.size());
      std::vector<Node*> ops;
      for (const Op& op : block) {
        std::vector<Argument> args;
        for (int64_t a : op.args) {
          args.push_back(Ref(a >= 0 ? ops[a] : nodes[std::max<int64_t>(0, start + a)]));
        }
        ops.push_back(op.binary ? g.CallFunction("operator.add", std::move(args))
                                : g.CallFunction(unary[op.target], std::move(args)));
        nodes.push_back(ops.back());
      }
      // Noise between copies: ops on random earlier nodes.
      for (size_t k = pick(3); k > 0; --k) {
        nodes.push_back(g.CallFunction(unary[pick(unary.size())], {Ref(nodes[pick(nodes.size())])}));
      }
    }
    std::vector<Argument> outs;
    for (Node* n : nodes) {
      if (n->op() == OpKind::kCallFunction) outs.push_back(Ref(n));
    }
    g.Output(Argument::Tuple(outs));
    RegionTrackingOptions lock_step = AnyGroup();
    lock_step.replay_first_region = false;
    const std::vector<RegionGroup> expected = Regions(g, lock_step);
    const std::vector<RegionGroup> replayed = Regions(g);
    ASSERT_EQ(Describe(replayed), Describe(expected)) << "trial " << trial;
    ExpectDisjoint(replayed);
    graphs_with_regions += !expected.empty();
  }
  // The generator must exercise region growth, not only empty results.
  EXPECT_GT(graphs_with_regions, 100);
}

TEST(FindIdenticalRegionsTest, NamesTheCycleOfACyclicGraph) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.sin", {Ref(x)});
  Node* b = g.CallFunction("torch.cos", {Ref(a)});
  a->SetArgs({Ref(b)});
  g.Output(Ref(b));
  absl::StatusOr<std::vector<RegionGroup>> groups = FindIdenticalRegions(g);
  EXPECT_EQ(groups.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(groups.status().message(),
              ::testing::HasSubstr("dependency cycle: sin -> cos -> sin"));
}

// A residual stack of 1,000 identical transformer layers (aten ops, tensor
// meta, get_attr weights): every layer becomes one region of all its compute
// nodes, and nothing is quadratic — whether the seed groups are grown while
// mining or queued with an estimate (as on larger stacks).
TEST(FindIdenticalRegionsTest, ThousandLayerTransformerStack) {
  const int64_t layers = 1000;
  std::unique_ptr<GraphModule> m = MakeTransformerStack(layers);
  int64_t get_attrs_per_layer = 0;
  std::unique_ptr<GraphModule> one_layer = MakeTransformerStack(1);
  for (const Node* n : one_layer->graph().nodes()) {
    get_attrs_per_layer += n->op() == OpKind::kGetAttr;
  }
  for (const int64_t eager_mining_work : {int64_t{1} << 30, int64_t{0}}) {
    SCOPED_TRACE(eager_mining_work);
    RegionTrackingOptions options = AnyGroup();
    options.eager_mining_work = eager_mining_work;
    std::vector<RegionGroup> groups = Regions(m->graph(), options);
    ASSERT_EQ(groups.size(), 1u) << Describe(groups).substr(0, 2000);
    const RegionGroup& group = groups[0];
    EXPECT_EQ(static_cast<int64_t>(group.regions.size()), layers);
    for (const Region& r : group.regions) {
      ASSERT_EQ(static_cast<int64_t>(r.size()), TransformerNodesPerLayer() - get_attrs_per_layer);
    }
    // Index-aligned: node i has the same target in every region.
    for (size_t i = 0; i < group.regions[0].size(); ++i) {
      EXPECT_EQ(group.regions[0][i]->target(), group.regions[layers - 1][i]->target());
    }
    ExpectDisjoint(groups);
  }
}

}  // namespace
}  // namespace fxpp

namespace fxpp {
namespace {

// A node of the graph ValidReorderingsSelectAlike builds, in any valid order.
struct Spec {
  std::string name, target;
  std::vector<int> inputs;  // earlier specs; -1 = x, -2 = y
  bool constant;            // second argument a constant
};

// rt_overlapping_regions.fx as specs: chains a0 -> a1 over x and b0 -> b1
// over y, summed; chains c0 over x and d0 over y, added.
std::vector<Spec> OverlappingRegionsSpecs() {
  std::vector<Spec> specs;
  auto chain = [&](int input, const std::string& suffix) {
    specs.push_back({"mul" + suffix, "operator.mul", {input}, true});
    specs.push_back({"relu" + suffix, "torch.relu", {static_cast<int>(specs.size()) - 1}, false});
    specs.push_back({"add" + suffix, "operator.add", {static_cast<int>(specs.size()) - 1}, true});
    return static_cast<int>(specs.size()) - 1;
  };
  const int a0 = chain(-1, "_a0"), a1 = chain(a0, "_a1");
  specs.push_back({"sum_a", "torch.sum", {a1}, false});
  const int b0 = chain(-2, "_b0"), b1 = chain(b0, "_b1");
  specs.push_back({"sum_b", "torch.sum", {b1}, false});
  const int c0 = chain(-1, "_c0"), d0 = chain(-2, "_d0");
  specs.push_back({"total", "operator.add", {a1 + 1, b1 + 1}, false});
  specs.push_back({"other", "operator.add", {c0, d0}, false});
  return specs;
}

// A random topological order of `specs`.
std::vector<int> RandomOrder(const std::vector<Spec>& specs, std::mt19937& rng) {
  std::vector<int> order, ready;
  std::vector<int> pending(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    for (int in : specs[i].inputs) pending[i] += in >= 0;
    if (pending[i] == 0) ready.push_back(static_cast<int>(i));
  }
  while (!ready.empty()) {
    const size_t pick = rng() % ready.size();
    const int i = ready[pick];
    ready.erase(ready.begin() + pick);
    order.push_back(i);
    for (size_t j = 0; j < specs.size(); ++j) {
      for (int in : specs[j].inputs) {
        if (in == i && --pending[j] == 0) ready.push_back(static_cast<int>(j));
      }
    }
  }
  return order;
}

// The groups found in `specs` built in `order`, as text independent of
// node creation order: regions' spec names sorted, regions and groups too.
// `*num_regions` counts the regions.
std::string DescribeRegions(const std::vector<Spec>& specs, const std::vector<int>& order,
                            size_t* num_regions) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  std::vector<Node*> made(specs.size(), nullptr);
  absl::flat_hash_map<const Node*, std::string> spec_name;
  for (int i : order) {
    std::vector<Argument> args;
    for (int in : specs[i].inputs) args.push_back(Ref(in == -1 ? x : in == -2 ? y : made[in]));
    if (specs[i].constant) args.push_back(Argument::Int(specs[i].target == "operator.mul" ? 2 : 1));
    made[i] = g.CallFunction(specs[i].target, std::move(args));
    spec_name[made[i]] = specs[i].name;
  }
  g.Output(Argument::Tuple({Ref(made[specs.size() - 2]), Ref(made[specs.size() - 1])}));
  std::vector<std::string> described;
  *num_regions = 0;
  for (const RegionGroup& group : Regions(g)) {
    std::vector<std::string> regions;
    for (const Region& r : group.regions) {
      std::vector<std::string> names;
      for (const Node* n : r) names.push_back(spec_name[n]);
      std::sort(names.begin(), names.end());
      regions.push_back(absl::StrJoin(names, ","));
    }
    *num_regions += group.regions.size();
    std::sort(regions.begin(), regions.end());
    described.push_back(absl::StrJoin(regions, " "));
  }
  std::sort(described.begin(), described.end());
  return absl::StrJoin(described, " | ");
}

// Issue 21: a valid reordering of passes/dedup/testdata/rt_overlapping_regions.fx
// (three chains mul -> relu -> add twice over x and y, two of them summed)
// gave 4 regions instead of 6. Regions are chosen in a canonical order now:
// every random topological order of the same graph gives the same groups.
TEST(FindIdenticalRegionsTest, ValidReorderingsSelectAlike) {
  const std::vector<Spec> specs = OverlappingRegionsSpecs();
  std::mt19937 rng(7);
  size_t num_regions = 0;
  const std::string first = DescribeRegions(specs, RandomOrder(specs, rng), &num_regions);
  EXPECT_EQ(num_regions, 6u) << first;
  for (int trial = 1; trial < 50; ++trial) {
    ASSERT_EQ(DescribeRegions(specs, RandomOrder(specs, rng), &num_regions), first)
        << "trial " << trial;
  }
}

}  // namespace
}  // namespace fxpp
