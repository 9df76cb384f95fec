#include "passes/split_by_tags/split_by_tags.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/batchnorm_graph.h"
#include "ir/fx_text/fx_text.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "testing/fx_module.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

void Tag(Node* node, absl::string_view tag) { node->mutable_meta().tag = Symbol::Intern(tag); }

std::unique_ptr<GraphModule> Linear(int64_t in, int64_t out) {
  auto linear = GraphModule::Opaque("torch.nn.modules.linear.Linear");
  StateEntry weight;
  weight.name = "weight";
  weight.tensor.shape = {out, in};
  EXPECT_TRUE(linear->AddState(weight).ok());
  return linear;
}

std::vector<std::string> ChildNames(const GraphModule& module) {
  std::vector<std::string> names;
  for (const auto& [name, child] : module.children()) names.push_back(name);
  return names;
}

const Graph& ChildGraph(const GraphModule& module, absl::string_view name) {
  const GraphModule* child = module.FindChild(name);
  EXPECT_NE(child, nullptr) << name;
  return child->graph();
}

// The example of split_by_tags' docstring: linear1 alone in "ro", the rest
// in "main".
std::unique_ptr<GraphModule> DocstringModule() {
  auto module = std::make_unique<GraphModule>();
  for (int i = 1; i <= 3; ++i) {
    EXPECT_TRUE(module->AddChild(absl::StrCat("linear", i), Linear(2, 2)).ok());
  }
  Graph& g = module->graph();
  Node* in1 = g.Placeholder("in1");
  Node* in2 = g.Placeholder("in2");
  Node* linear1 = g.CallModule("linear1", {Argument::Ref(in1)});
  Node* linear2 = g.CallModule("linear2", {Argument::Ref(in2)});
  Node* cat = g.CallFunction(
      "torch.cat", {Argument::List({Argument::Ref(linear1), Argument::Ref(linear2)})});
  Node* linear3 = g.CallModule("linear3", {Argument::Ref(cat)});
  g.Output(Argument::Ref(linear3));
  Tag(linear1, "ro");
  for (Node* n : {linear2, cat, linear3}) Tag(n, "main");
  return module;
}

TEST(SplitByTagsTest, DocstringExample) {
  std::unique_ptr<GraphModule> module = DocstringModule();
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(*module, {"ro", "main"}, options);
  ASSERT_TRUE(split.ok()) << split.status();
  const GraphModule& out = *split->module;
  ASSERT_TRUE(VerifyGraphModule(out).ok()) << VerifyGraphModule(out);
  EXPECT_THAT(ChildNames(out), ElementsAre("ro", "main"));
  EXPECT_THAT(NodeNames(out.graph()), ElementsAre("in1", "in2", "ro", "main", "output"));
  EXPECT_THAT(NodeNames(ChildGraph(out, "ro")), ElementsAre("in1", "linear1", "output"));
  // Placeholders appear where first needed, named like the values.
  EXPECT_THAT(NodeNames(ChildGraph(out, "main")),
              ElementsAre("in2", "linear2", "linear1", "cat", "linear3", "output"));
  // The main graph calls ro(in1), then main(in2, ro) and returns main bare.
  const Node* main_call = out.graph().FindNode("main");
  ASSERT_EQ(main_call->args().size(), 2u);
  EXPECT_EQ(main_call->args()[0].node()->name(), "in2");
  EXPECT_EQ(main_call->args()[1].node()->name(), "ro");
  EXPECT_EQ(out.graph().output_node()->args()[0].node(), main_call);
  // Each submodule holds exactly the attributes its targets name.
  EXPECT_THAT(ChildNames(*out.FindChild("ro")), ElementsAre("linear1"));
  EXPECT_THAT(ChildNames(*out.FindChild("main")), ElementsAre("linear2", "linear3"));
  EXPECT_THAT(split->fqn_mapping,
              ElementsAre(Pair("linear1", "ro.linear1"), Pair("linear2", "main.linear2"),
                          Pair("linear3", "main.linear3")));
  // Copies keep their tags; the input is untouched.
  EXPECT_EQ(ChildGraph(out, "ro").FindNode("linear1")->meta().tag->str(), "ro");
  EXPECT_EQ(module->graph().size(), 7u);
}

TEST(SplitByTagsTest, SeveralOutputsBecomeGetitems) {
  GraphModule module;
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.relu", {Argument::Ref(x)});
  Node* b = g.CallFunction("torch.sigmoid", {Argument::Ref(x)});
  Node* c = g.CallFunction("operator.add", {Argument::Ref(a), Argument::Ref(b)});
  g.Output(Argument::Tuple({Argument::Ref(c), Argument::Ref(a)}));
  Tag(a, "first");
  Tag(b, "first");
  Tag(c, "second");
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(module, {"first", "second"});
  ASSERT_TRUE(split.ok()) << split.status();
  const GraphModule& out = *split->module;
  ASSERT_TRUE(VerifyGraphModule(out).ok()) << VerifyGraphModule(out);
  EXPECT_THAT(NodeNames(out.graph()),
              ElementsAre("x", "first", "getitem", "getitem_1", "second", "output"));
  const Node* first_output = ChildGraph(out, "first").output_node();
  ASSERT_EQ(first_output->args()[0].kind(), ArgKind::kTuple);
  // Outputs in first-use order: both read by `second`'s `add`.
  EXPECT_EQ(first_output->args()[0].elements()[0].node()->name(), "relu");
  EXPECT_EQ(first_output->args()[0].elements()[1].node()->name(), "sigmoid");
  EXPECT_TRUE(split->fqn_mapping.empty());
}

TEST(SplitByTagsTest, ReturnTupleWrapsSingleOutputs) {
  std::unique_ptr<GraphModule> module = DocstringModule();
  SplitByTagsOptions options;
  options.return_tuple = true;
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(*module, {"ro", "main"}, options);
  ASSERT_TRUE(split.ok()) << split.status();
  const GraphModule& out = *split->module;
  ASSERT_TRUE(VerifyGraphModule(out).ok()) << VerifyGraphModule(out);
  EXPECT_EQ(ChildGraph(out, "ro").output_node()->args()[0].kind(), ArgKind::kTuple);
  EXPECT_THAT(NodeNames(out.graph()),
              ElementsAre("in1", "in2", "ro", "getitem", "main", "getitem_1", "output"));
}

TEST(SplitByTagsTest, InputsAreDeduplicatedPerComponent) {
  GraphModule module;
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* a = g.CallFunction("torch.relu", {Argument::Ref(x)});
  Node* b = g.CallFunction("operator.mul", {Argument::Ref(a), Argument::Ref(a)});
  Node* c = g.CallFunction("operator.add", {Argument::Ref(a), Argument::Ref(x)});
  Node* d = g.CallFunction("operator.sub", {Argument::Ref(b), Argument::Ref(c)});
  g.Output(Argument::Ref(d));
  Tag(a, "p");
  for (Node* n : {b, c, d}) Tag(n, "q");
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(module, {"p", "q"});
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(NodeNames(ChildGraph(*split->module, "q")),
              ElementsAre("relu", "mul", "x", "add", "sub", "output"));
  EXPECT_THAT(NodeNames(split->module->graph()), ElementsAre("x", "p", "q", "output"));
}

TEST(SplitByTagsTest, GetAttrsAreCopiedWhereUsed) {
  GraphModule module;
  StateEntry w;
  w.name = "w";
  w.tensor.shape = {3};
  ASSERT_TRUE(module.AddState(w).ok());
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* weight = g.GetAttr("w");
  Node* a = g.CallFunction("operator.mul", {Argument::Ref(x), Argument::Ref(weight)});
  Node* b = g.CallFunction("operator.add", {Argument::Ref(a), Argument::Ref(weight)});
  g.Output(Argument::Tuple({Argument::Ref(b), Argument::Ref(weight), Argument::Ref(weight)}));
  Tag(a, "a");
  Tag(b, "b");
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(module, {"a", "b"}, options);
  ASSERT_TRUE(split.ok()) << split.status();
  const GraphModule& out = *split->module;
  ASSERT_TRUE(VerifyGraphModule(out).ok()) << VerifyGraphModule(out);
  EXPECT_THAT(NodeNames(ChildGraph(out, "a")), ElementsAre("x", "w", "mul", "output"));
  EXPECT_THAT(NodeNames(ChildGraph(out, "b")), ElementsAre("mul", "w", "add", "output"));
  EXPECT_NE(out.FindChild("a")->FindState("w"), nullptr);
  EXPECT_NE(out.FindChild("b")->FindState("w"), nullptr);
  // Returned directly: one get_attr in the main graph, targeting its node name.
  EXPECT_THAT(NodeNames(out.graph()), ElementsAre("x", "w", "a", "b", "output"));
  EXPECT_EQ(out.graph().FindNode("w")->target(), "w");
  EXPECT_NE(out.FindState("w"), nullptr);
  EXPECT_THAT(split->fqn_mapping, ElementsAre(Pair("w", "b.w")));
}

TEST(SplitByTagsTest, ReturnedAttributeMayNotShadowASubmodule) {
  GraphModule module;
  StateEntry w;
  w.name = "w";
  ASSERT_TRUE(module.AddState(w).ok());
  Graph& g = module.graph();
  Node* x = g.Placeholder("x");
  Node* weight = g.GetAttr("w");
  Node* a = g.CallFunction("operator.mul", {Argument::Ref(x), Argument::Ref(weight)});
  g.Output(Argument::Tuple({Argument::Ref(a), Argument::Ref(weight)}));
  Tag(a, "w");
  EXPECT_THAT(SplitByTags(module, {"w"}).status().message(),
              HasSubstr("the output returns attribute node 'w', whose name is also a submodule's"));
}

TEST(SplitByTagsTest, EmptyTagGivesAnEmptySubmodule) {
  std::unique_ptr<GraphModule> module = DocstringModule();
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(*module, {"ro", "unused", "main"});
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(NodeNames(ChildGraph(*split->module, "unused")), ElementsAre("output"));
  EXPECT_THAT(NodeNames(split->module->graph()),
              ElementsAre("in1", "in2", "ro", "unused", "main", "output"));
}

TEST(SplitByTagsTest, Errors) {
  {
    std::unique_ptr<GraphModule> module = DocstringModule();
    module->graph().FindNode("cat")->mutable_meta().tag.reset();
    absl::Status status = SplitByTags(*module, {"ro", "main"}).status();
    EXPECT_THAT(status.message(), HasSubstr("node does not have a tag: 'cat'"));
  }
  {
    std::unique_ptr<GraphModule> module = DocstringModule();
    absl::Status status = SplitByTags(*module, {"ro"}).status();
    EXPECT_THAT(status.message(), HasSubstr("has tag 'main', which is not in the tag order [ro]"));
  }
  {
    std::unique_ptr<GraphModule> module = DocstringModule();
    absl::Status status = SplitByTags(*module, {"main", "ro"}).status();
    EXPECT_THAT(status.message(),
                HasSubstr("component 'main' (order 0) comes before component 'ro' (order 1) but "
                          "its node 'cat' reads 'linear1' from it"));
  }
  {
    std::unique_ptr<GraphModule> module = DocstringModule();
    EXPECT_THAT(SplitByTags(*module, {"ro", "main", "ro"}).status().message(),
                HasSubstr("tag 'ro' appears twice"));
  }
  {
    std::unique_ptr<GraphModule> module = DocstringModule();
    EXPECT_TRUE(module->graph().EraseNode(module->graph().output_node()).ok());
    EXPECT_THAT(SplitByTags(*module, {"ro", "main"}).status().message(),
                HasSubstr("graph had no output node"));
    module->graph().Output(Argument::None());
    module->graph().Output(Argument::None());
    EXPECT_THAT(SplitByTags(*module, {"ro", "main"}).status().message(),
                HasSubstr("multiple output nodes in graph ('output_1' and 'output_2')"));
  }
  {
    std::unique_ptr<GraphModule> module = DocstringModule();
    module->RemoveChild("linear2");
    EXPECT_THAT(SplitByTags(*module, {"ro", "main"}).status().message(),
                HasSubstr("the module has no attribute 'linear2'"));
    SplitByTagsOptions lenient;
    lenient.require_attributes = false;
    absl::StatusOr<SplitByTagsResult> split = SplitByTags(*module, {"ro", "main"}, lenient);
    ASSERT_TRUE(split.ok()) << split.status();
    EXPECT_THAT(ChildNames(*split->module->FindChild("main")), ElementsAre("linear3"));
  }
}

// buffer_counter under Dynamo: `count` is written in place (through a
// view in `ema`'s case) and read afterwards.
std::unique_ptr<GraphModule> MutatingModule() {
  auto module = std::make_unique<GraphModule>();
  Graph& g = module->graph();
  Node* count = g.Placeholder("count");
  Node* ema = g.Placeholder("ema");
  Node* x = g.Placeholder("x");
  Node* add_ = g.CallMethod("add_", {Argument::Ref(count), Argument::Int(1)});
  Node* view = g.CallFunction("operator.getitem", {Argument::Ref(ema), Argument::Int(0)});
  Node* mul_ = g.CallMethod("mul_", {Argument::Ref(view), Argument::Float(0.9)});
  Node* mul = g.CallFunction("operator.mul", {Argument::Ref(x), Argument::Ref(count)});
  Node* add = g.CallFunction("operator.add", {Argument::Ref(x), Argument::Ref(ema)});
  g.Output(Argument::Tuple({Argument::Ref(mul), Argument::Ref(add)}));
  for (Node* n : {count, ema, x, add_, view, mul_}) Tag(n, "writes");
  for (Node* n : {mul, add}) Tag(n, "reads");
  return module;
}

TEST(SplitByTagsTest, WritesAndReadsOfATensorKeepTheirOrder) {
  std::unique_ptr<GraphModule> module = MutatingModule();
  EXPECT_TRUE(SplitByTags(*module, {"writes", "reads"}).ok());
  // The reads would run before the writes they follow: refused.
  EXPECT_THAT(SplitByTags(*module, {"reads", "writes"}).status().message(),
              HasSubstr("node 'mul' (component 'reads') reads 'count', which component "
                        "'writes' writes before it in the graph but runs after it"));
  // The write through ema's view, after the reads are tagged apart.
  module->graph().FindNode("mul")->mutable_meta().tag = Symbol::Intern("writes");
  EXPECT_THAT(SplitByTags(*module, {"reads", "writes"}).status().message(),
              HasSubstr("node 'add' (component 'reads') reads 'ema'"));
  // A read before a write in the graph may stay before it.
  std::unique_ptr<GraphModule> reads_first = std::make_unique<GraphModule>();
  Graph& g = reads_first->graph();
  Node* x = g.Placeholder("x");
  Node* neg = g.CallFunction("operator.neg", {Argument::Ref(x)});
  Node* add_ = g.CallMethod("add_", {Argument::Ref(x), Argument::Int(1)});
  g.Output(Argument::Tuple({Argument::Ref(neg), Argument::Ref(add_)}));
  Tag(x, "first");
  Tag(neg, "first");
  Tag(add_, "second");
  EXPECT_TRUE(SplitByTags(*reads_first, {"first", "second"}).ok());
  Tag(x, "second");
  Tag(neg, "second");
  Tag(add_, "first");
  EXPECT_THAT(SplitByTags(*reads_first, {"first", "second"}).status().message(),
              HasSubstr("node 'add_' (component 'first') writes 'x', which component 'second' "
                        "reads or writes before it"));
}

TEST(SplitByTagsTest, ReadsOfOneAttributeOrItsStorageAreOneTensor) {
  // make_fx and symbolic_trace read `buf` anew for each use; `view` is a
  // constant that shares its storage (storage_group).
  for (const char* second_read : {"buf", "view"}) {
    auto module = std::make_unique<GraphModule>();
    StateEntry buf{"buf", StateKind::kBuffer, {}};
    buf.storage_group = 1;
    StateEntry view{"view", StateKind::kConstant, {}};
    view.storage_group = 1;
    ASSERT_TRUE(module->AddState(buf).ok());
    ASSERT_TRUE(module->AddState(view).ok());
    Graph& g = module->graph();
    Node* x = g.Placeholder("x");
    Node* read_1 = g.GetAttr("buf");
    Node* add_ = g.CallMethod("add_", {Argument::Ref(read_1), Argument::Ref(x)});
    Node* read_2 = g.GetAttr(second_read);
    Node* mul = g.CallFunction("operator.mul", {Argument::Ref(read_2), Argument::Int(2)});
    g.Output(Argument::Tuple({Argument::Ref(mul)}));
    for (Node* n : {x, read_1, add_}) Tag(n, "writes");
    Tag(mul, "reads");
    EXPECT_TRUE(SplitByTags(*module, {"writes", "reads"}).ok()) << second_read;
    EXPECT_THAT(SplitByTags(*module, {"reads", "writes"}).status().message(),
                HasSubstr("node 'mul' (component 'reads') reads '" + std::string(read_2->name()) +
                          "', which component 'writes' writes before it"))
        << second_read;
  }
}

TEST(SplitByTagsTest, PassReplacesTheModule) {
  std::unique_ptr<GraphModule> module = DocstringModule();
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  SplitByTagsPass pass({"ro", "main"}, options);
  EXPECT_EQ(pass.name(), "split_by_tags");
  absl::StatusOr<bool> changed = pass.Run(*module);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyGraphModule(*module).ok());
  EXPECT_THAT(ChildNames(*module), ElementsAre("ro", "main"));
  EXPECT_EQ(module->FindChild("linear1"), nullptr);
  EXPECT_EQ(pass.fqn_mapping().size(), 3u);
  // A failing split leaves the module as it was.
  SplitByTagsPass bad({"nope"});
  EXPECT_FALSE(bad.Run(*module).ok());
  EXPECT_THAT(ChildNames(*module), ElementsAre("ro", "main"));
}

TEST(SplitByTagsTest, AModuleCallReadsItsModulesState) {
  // symbolic_trace of `self.lin.weight.data.mul_(2); return self.lin(x)`:
  // the call reads lin.weight with no edge from the write.
  auto module = std::make_unique<GraphModule>();
  auto lin = std::make_unique<GraphModule>();
  ASSERT_TRUE(lin->AddState(StateEntry{"weight", StateKind::kParameter, {}}).ok());
  ASSERT_TRUE(module->AddChild("lin", std::move(lin)).ok());
  Graph& g = module->graph();
  Node* x = g.Placeholder("x");
  Node* weight = g.GetAttr("lin.weight");
  Node* mul_ = g.CallMethod("mul_", {Argument::Ref(weight), Argument::Int(2)});
  Node* call = g.CallModule("lin", {Argument::Ref(x)});
  g.Output(Argument::Tuple({Argument::Ref(call)}));
  for (Node* n : {x, weight, mul_}) Tag(n, "writes");
  Tag(call, "calls");
  EXPECT_TRUE(SplitByTags(*module, {"writes", "calls"}).ok());
  EXPECT_THAT(SplitByTags(*module, {"calls", "writes"}).status().message(),
              HasSubstr("node 'lin' (component 'calls') may write 'lin_weight', which component "
                        "'writes' reads or writes before it"));
}

TEST(SplitByTagsTest, AModuleCallMayWriteItsModulesState) {
  // The BatchNorm in training updates the running mean `add` read before it.
  ReadThenCallBatchNorm bn = MakeReadThenCallBatchNorm();
  bn.module->graph().Output(Argument::Tuple({Argument::Ref(bn.call), Argument::Ref(bn.read)}));
  for (Node* n : {bn.x, bn.call}) Tag(n, "calls");
  for (Node* n : {bn.mean, bn.read}) Tag(n, "reads");
  EXPECT_TRUE(SplitByTags(*bn.module, {"reads", "calls"}).ok());
  EXPECT_THAT(SplitByTags(*bn.module, {"calls", "reads"}).status().message(),
              HasSubstr("node 'bn' (component 'calls') may write 'bn_running_mean', which "
                        "component 'reads' reads or writes before it in the graph but runs after "
                        "it in the tag order"));
}

TEST(SplitByTagsTest, TheMainGraphTakesTheInputsAsTheOriginalDoes) {
  // symbolic_trace of `forward(self, x, *rest, scale=2.0)`: the split is
  // called like the original, `rest` collecting the extra arguments.
  // Dynamo's `L_x_` is named after its node, as PyTorch does.
  auto module = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=L_x_]
    %_rest : [num_users=1] = placeholder[target=*rest]
    %scale : [num_users=1] = placeholder[target=scale](default=2.0)
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%_rest, 0), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%getitem, %scale), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%x, %mul), kwargs = {})
    return add
)");
  for (Node* n : module->graph().nodes()) Tag(n, n->op() == OpKind::kPlaceholder ? "a" : "b");
  absl::StatusOr<SplitByTagsResult> split = SplitByTags(*module, {"a", "b"});
  ASSERT_TRUE(split.ok()) << split.status();
  EXPECT_THAT(PrintFxGraph(split->module->graph()),
              HasSubstr("    %x : [num_users=1] = placeholder[target=x]\n"
                        "    %_rest : [num_users=1] = placeholder[target=*rest]\n"
                        "    %scale : [num_users=1] = placeholder[target=scale](default=2.0)\n"));
}

TEST(SplitByTagsTest, RandomDrawsRunInTheirOrder) {
  auto module = std::make_unique<GraphModule>();
  Graph& g = module->graph();
  Node* x = g.Placeholder("x");
  Node* first = g.CallFunction("torch.ops.aten.rand_like.default", {Argument::Ref(x)});
  Node* second = g.CallMethod("normal_", {Argument::Ref(g.CallFunction("torch.ops.aten.zeros_like.default", {Argument::Ref(x)}))});
  g.Output(Argument::Tuple({Argument::Ref(first), Argument::Ref(second)}));
  for (Node* n : g.nodes()) Tag(n, n == first ? "first" : "second");
  EXPECT_TRUE(SplitByTags(*module, {"first", "second"}).ok());
  EXPECT_THAT(SplitByTags(*module, {"second", "first"}).status().message(),
              HasSubstr("node 'normal_' (component 'second') draws random numbers after "
                        "'rand_like' (component 'first') in the graph but would run before it"));
}

}  // namespace
}  // namespace fxpp
