#include "passes/split_module/split_module.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/batchnorm_graph.h"
#include "ir/verifier.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

std::vector<std::string> ChildNames(const GraphModule& module) {
  std::vector<std::string> names;
  for (const auto& [name, child] : module.children()) names.push_back(name);
  return names;
}

// x -> relu (p) -> neg (q) -> add(relu, neg) (r)
struct Chain {
  GraphModule module;
  Node* relu;
  Node* neg;
  Node* add;
  Chain() {
    Graph& g = module.graph();
    Node* x = g.Placeholder("x");
    relu = g.CallFunction("torch.relu", {Argument::Ref(x)});
    neg = g.CallFunction("torch.neg", {Argument::Ref(relu)});
    add = g.CallFunction("operator.add", {Argument::Ref(relu), Argument::Ref(neg)});
    g.Output(Argument::Ref(add));
  }
};

TEST(SplitModuleTest, CallbackPartitionsAndOrders) {
  Chain chain;
  std::vector<const Node*> asked;
  absl::StatusOr<SplitModuleResult> split = SplitModule(
      chain.module, [&](const Node& node) -> absl::StatusOr<int64_t> {
        asked.push_back(&node);
        return node.name() == "relu" ? 3 : 7;
      });
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_EQ(asked.size(), 3u);  // once per call node
  const GraphModule& out = *split->module;
  EXPECT_TRUE(VerifyGraphModule(out).ok()) << VerifyGraphModule(out);
  EXPECT_THAT(ChildNames(out), ElementsAre("submod_3", "submod_7"));
  EXPECT_THAT(NodeNames(out.graph()), ElementsAre("x", "submod_3", "submod_7", "output"));
  EXPECT_EQ(chain.module.graph().size(), 5u);  // untouched
}

TEST(SplitModuleTest, CycleIsAnError) {
  Chain chain;
  absl::flat_hash_map<const Node*, int64_t> parts = {{chain.relu, 0}, {chain.neg, 1}, {chain.add, 0}};
  EXPECT_THAT(SplitModule(chain.module, parts).status().message(),
              HasSubstr("cycle exists between partitions! (partitions 0, 1 depend on each other)"));
}

TEST(SplitModuleTest, MissingPartitionIsAnError) {
  Chain chain;
  absl::flat_hash_map<const Node*, int64_t> parts = {{chain.relu, 0}, {chain.neg, 1}};
  EXPECT_THAT(SplitModule(chain.module, parts).status().message(),
              HasSubstr("no partition given for node 'add'"));
}

TEST(SplitModuleTest, AffixTupleReturnAndArgNames) {
  Chain chain;
  absl::flat_hash_map<const Node*, int64_t> parts = {{chain.relu, 0}, {chain.neg, 1}, {chain.add, 1}};
  SplitModuleOptions options;
  options.partition_affix = "pp";
  options.tuple_return = true;
  options.keep_original_input_name = false;
  absl::StatusOr<SplitModuleResult> split = SplitModule(chain.module, parts, options);
  ASSERT_TRUE(split.ok()) << split.status();
  const GraphModule& out = *split->module;
  EXPECT_TRUE(VerifyGraphModule(out).ok()) << VerifyGraphModule(out);
  EXPECT_THAT(ChildNames(out), ElementsAre("submod_pp_0", "submod_pp_1"));
  EXPECT_THAT(NodeNames(out.graph()), ElementsAre("x", "submod_pp_0", "getitem", "submod_pp_1",
                                                  "getitem_1", "output"));
  const Graph& second = out.FindChild("submod_pp_1")->graph();
  EXPECT_THAT(NodeNames(second), ElementsAre("arg_0", "neg", "add", "output"));
  EXPECT_EQ(second.output_node()->args()[0].kind(), ArgKind::kTuple);
}

TEST(SplitModuleTest, QualnameMapAndFlattenedTargets) {
  GraphModule module;
  ASSERT_TRUE(module.SetSubmodule("layers.0.fc", GraphModule::Opaque("torch.nn.Linear")).ok());
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* fc = g.CallModule("layers.0.fc", {Argument::Ref(x)});
  g.Output(Argument::Ref(fc));
  absl::flat_hash_map<const Node*, int64_t> parts = {{fc, 5}};
  absl::StatusOr<SplitModuleResult> split = SplitModule(module, parts);
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(split->qualname_map, ElementsAre(Pair("submod_5.layers_0_fc", "layers.0.fc")));
  const GraphModule* sub = split->module->FindChild("submod_5");
  ASSERT_NE(sub, nullptr);
  EXPECT_THAT(ChildNames(*sub), ElementsAre("layers_0_fc"));
  EXPECT_TRUE(VerifyGraphModule(*split->module).ok());
  // Without the attribute: an error, unless attributes are optional.
  module.RemoveChild("layers");
  EXPECT_THAT(SplitModule(module, parts).status().message(),
              HasSubstr("node target layers.0.fc not found"));
  SplitModuleOptions lenient;
  lenient.require_attributes = false;
  EXPECT_TRUE(SplitModule(module, parts, lenient).ok());
}

TEST(SplitModuleTest, GlobalStateNeedsIncreasingPartitions) {
  GraphModule module;
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* off = g.CallFunction("torch._C._set_grad_enabled", {Argument::Bool(false)});
  Node* relu = g.CallFunction("torch.relu", {Argument::Ref(x)});
  g.Output(Argument::Ref(relu));
  absl::flat_hash_map<const Node*, int64_t> parts = {{off, 1}, {relu, 0}};
  EXPECT_THAT(SplitModule(module, parts).status().message(),
              HasSubstr("require monotonically increasing partitions: highest: 1, this node's "
                        "('relu'): 0"));
}

TEST(SplitModuleTest, PassReadsPartitionTags) {
  Chain chain;
  chain.relu->mutable_meta().tag = Symbol::Intern("0");
  chain.neg->mutable_meta().tag = Symbol::Intern("1");
  SplitModulePass pass;
  EXPECT_THAT(pass.Run(chain.module).status().message(),
              HasSubstr("node 'add' has no partition number as its tag"));
  chain.add->mutable_meta().tag = Symbol::Intern("1");
  absl::StatusOr<bool> changed = pass.Run(chain.module);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_THAT(ChildNames(chain.module), ElementsAre("submod_0", "submod_1"));
}

// Found by the differential test (issue 16): partition 0 writes x through
// a view, partition 1 reads x and passes nothing to or from partition 0.
// PyTorch's order (a stack of ready partitions) would call partition 1
// first, before the write; the write orders them.
TEST(SplitModuleTest, AWriteOrdersThePartitionsThatReadWhatItWrites) {
  GraphModule module;
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* row = g.CallFunction("operator.getitem", {Argument::Ref(x), Argument::Int(0)});
  Node* write = g.CallMethod("add_", {Argument::Ref(row), Argument::Float(1.0)});
  Node* read = g.CallFunction("torch.sin", {Argument::Ref(x)});
  g.Output(Argument::Tuple({Argument::Ref(read)}));
  absl::flat_hash_map<const Node*, int64_t> parts = {{row, 0}, {write, 0}, {read, 1}};
  absl::StatusOr<SplitModuleResult> split = SplitModule(module, parts);
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(NodeNames(split->module->graph()), ElementsAre("x", "submod_0", "submod_1", "output"));
}

TEST(SplitModuleTest, AWriteOrdersThePartitionsThatReadStorageItShares) {
  // `tied` shares `buf`'s storage (a storage group): partition 1 writes buf
  // before partition 0 reads tied, so partition 1 runs first.
  GraphModule module;
  for (const char* name : {"buf", "tied"}) {
    StateEntry entry{name, StateKind::kBuffer, {}};
    entry.storage_group = 7;
    ASSERT_TRUE(module.AddState(entry).ok());
  }
  Graph& g = module.graph();
  Node* buf = g.GetAttr("buf");
  Node* write = g.CallMethod("add_", {Argument::Ref(buf), Argument::Float(1.0)});
  Node* tied = g.GetAttr("tied");
  Node* read = g.CallFunction("torch.sin", {Argument::Ref(tied)});
  g.Output(Argument::Tuple({Argument::Ref(read)}));
  absl::flat_hash_map<const Node*, int64_t> parts = {{write, 1}, {read, 0}};
  absl::StatusOr<SplitModuleResult> split = SplitModule(module, parts);
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(NodeNames(split->module->graph()), ElementsAre("buf", "tied", "submod_1", "submod_0", "output"));
}

TEST(SplitModuleTest, AWriteOrdersTheCallsOfTheModuleItWrites) {
  // Partition 1 writes lin.weight before partition 0 calls lin.
  GraphModule module;
  auto lin = std::make_unique<GraphModule>();
  ASSERT_TRUE(lin->AddState(StateEntry{"weight", StateKind::kParameter, {}}).ok());
  ASSERT_TRUE(module.AddChild("lin", std::move(lin)).ok());
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* weight = g.GetAttr("lin.weight");
  Node* write = g.CallMethod("mul_", {Argument::Ref(weight), Argument::Int(2)});
  Node* call = g.CallModule("lin", {Argument::Ref(x)});
  g.Output(Argument::Tuple({Argument::Ref(call)}));
  absl::flat_hash_map<const Node*, int64_t> parts = {{write, 1}, {call, 0}};
  absl::StatusOr<SplitModuleResult> split = SplitModule(module, parts);
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(NodeNames(split->module->graph()),
              ElementsAre("x", "lin_weight", "submod_1", "submod_0", "output"));
}

TEST(SplitModuleTest, AModuleCallFollowsTheReadsOfStateItMayWrite) {
  // Partition 1 reads bn.running_mean before partition 0 calls bn, which in
  // training updates it.
  ReadThenCallBatchNorm bn = MakeReadThenCallBatchNorm();
  bn.module->graph().Output(Argument::Tuple({Argument::Ref(bn.call), Argument::Ref(bn.read)}));
  absl::flat_hash_map<const Node*, int64_t> parts = {{bn.read, 1}, {bn.call, 0}};
  absl::StatusOr<SplitModuleResult> split = SplitModule(*bn.module, parts);
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(NodeNames(split->module->graph()),
              ElementsAre("x", "bn_running_mean", "submod_1", "submod_0", "output"));
}

}  // namespace
}  // namespace fxpp
