#include "passes/functionalize/functionalize.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fxg/fxg.h"
#include "ir/verifier.h"
#include "testing/fx_module.h"
#include "passes/functional_checks/functional_checks.h"
#include "passes/op_schema/schema_table.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(FunctionalizePassTest, ChangedFlagAndVerifiedResult) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%mul, 1), kwargs = {})
    return add_
)");
  FunctionalizePass pass;
  EXPECT_EQ(pass.name(), "functionalize");
  absl::StatusOr<bool> changed = pass.Run(*m);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyGraphModule(*m, {false}).ok());
  EXPECT_THAT(NodeNames(m->graph()), ElementsAre("x", "mul", "add", "output"));
  EXPECT_EQ(pass.report().ops_replaced, 1);
  EXPECT_TRUE(pass.report().mutations.empty());
  EXPECT_EQ(AssertFunctionalGraph(m->graph()).value_or(-1), 0);

  // A second run finds nothing to do.
  changed = pass.Run(*m);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
}

TEST(FunctionalizeTest, TwinsGetTheArgumentsTheCallLeftToDefaults) {
  // F.dropout's make_fx graph: bernoulli_.float's p defaults to 0.5, which
  // make_fx leaves out; its twin bernoulli.p has no default for it. The
  // out= form's p, left out too, goes after its positional arguments.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=3] = placeholder[target=x]
    %empty_like : [num_users=1] = call_function[target=torch.ops.aten.empty_like.default](args = (%x,), kwargs = {})
    %bernoulli_ : [num_users=1] = call_function[target=torch.ops.aten.bernoulli_.float](args = (%empty_like,), kwargs = {})
    %out : [num_users=1] = call_function[target=torch.ops.aten.empty_like.default](args = (%x,), kwargs = {})
    %bernoulli : [num_users=1] = call_function[target=torch.ops.aten.bernoulli.float_out](args = (%x,), kwargs = {generator: None, out: %out})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%bernoulli_, %bernoulli), kwargs = {})
    return mul
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(VerifyGraphModule(*m, {false}).ok());
  const std::string printed = PrintFxGraph(m->graph());
  EXPECT_THAT(printed, HasSubstr("[target=torch.ops.aten.bernoulli.p](args = (%empty_like, 0.5), "
                                 "kwargs = {})"));
  EXPECT_THAT(printed, HasSubstr("[target=torch.ops.aten.bernoulli.p](args = (%x, 0.5), "
                                 "kwargs = {generator: None})"));
}

TEST(FunctionalizeTest, KeepsRandomDrawsNothingReads) {
  // The dead code functionalization leaves is removed, but an unused draw
  // still advances the generator `randn_like` reads after it.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=3] = placeholder[target=x]
    %rand : [num_users=0] = call_function[target=torch.ops.aten.rand.default](args = ([3],), kwargs = {})
    %sin : [num_users=0] = call_function[target=torch.ops.aten.sin.default](args = (%x,), kwargs = {})
    %randn_like : [num_users=1] = call_function[target=torch.ops.aten.randn_like.default](args = (%x,), kwargs = {})
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%randn_like, %x), kwargs = {})
    return add_
)");
  ASSERT_TRUE(Functionalize(*m).ok());
  EXPECT_THAT(NodeNames(m->graph()), ElementsAre("x", "rand", "randn_like", "add", "output"));
}

TEST(FunctionalizeTest, RefusesATwinArgumentTheCallDoesNotGive) {
  // bernoulli_.Tensor's p has no default to complete its twin with.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %bernoulli_ : [num_users=1] = call_function[target=torch.ops.aten.bernoulli_.Tensor](args = (%x,), kwargs = {})
    return bernoulli_
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.status().message(),
              HasSubstr("node 'bernoulli_' (torch.ops.aten.bernoulli_.Tensor): its out-of-place twin "
                        "aten::bernoulli.Tensor needs argument 'p', which the call leaves out"));
}

TEST(FunctionalizeTest, GetAttrBufferMutationIsReportedAsABuffer) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %steps : [num_users=1] = get_attr[target=steps]
    %add_ : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%steps, 1), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return (relu,)
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->mutations.size(), 1u);
  const InputMutation& mutation = report->mutations[0];
  EXPECT_EQ(mutation.input, "steps");
  EXPECT_EQ(mutation.input_index, -1);
  EXPECT_EQ(mutation.kind, MutatedInputKind::kBuffer);
  EXPECT_EQ(mutation.output_index, 0);
  EXPECT_EQ(mutation.value, "add");
  EXPECT_THAT(report->ToText(), HasSubstr("buffer steps (get_attr) mutated -> output 0 = add"));
  EXPECT_EQ(PrintFxGraph(m->graph()),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %steps : [num_users=1] = get_attr[target=steps]\n"
            "    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%steps, 1), kwargs = {})\n"
            "    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})\n"
            "    return (add, relu)\n");
}

TEST(FunctionalizeTest, ReadsOfOneAttributeSeeItsWrites) {
  // make_fx and symbolic_trace give each read of an attribute its own
  // get_attr node: a read through `cache_1` after the write through `cache`
  // reads the new value; `cache_2`, read before the write, the old one.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %cache : [num_users=1] = get_attr[target=cache]
    %cache_2 : [num_users=1] = get_attr[target=cache]
    %old : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cache_2, 2), kwargs = {})
    %add_ : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%cache, %x), kwargs = {})
    %cache_1 : [num_users=1] = get_attr[target=cache]
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cache_1, 2), kwargs = {})
    return (mul, old)
)");
  FunctionalizeOptions options;
  options.keep_input_mutations = true;
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(PrintFxGraph(m->graph()),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %cache : [num_users=2] = get_attr[target=cache]\n"
            "    %cache_2 : [num_users=1] = get_attr[target=cache]\n"
            "    %old : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%cache_2, 2), kwargs = {})\n"
            "    %add : [num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%cache, %x), kwargs = {})\n"
            "    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add, 2), kwargs = {})\n"
            "    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%cache, %add), kwargs = {})\n"
            "    return (mul, old)\n");
  ASSERT_EQ(report->mutations.size(), 1u);
  EXPECT_EQ(report->mutations[0].input, "cache");
}

// A module whose root writes buffer `buf` (add_) and reads constant
// `_tensor_constant0` (symbolic_trace's `self.buf.t()`), with `sub.inner.tied`
// (inside the module `sub` the graph calls after both): the state's storage groups are the fxg suffixes
// given, "" for none.
std::unique_ptr<GraphModule> BufferWriterWithAliases(const std::string& buf_group,
                                                     const std::string& constant_group,
                                                     const std::string& tied_group) {
  const std::string text = absl::StrCat(R"(fxg 1
module: GraphModule
  buffer buf: f32[2, 2] cpu)", buf_group, R"(
  constant _tensor_constant0: f32[2, 2] stride=(1, 2) cpu)", constant_group, R"(
graph():
    %x : [num_users=3] = placeholder[target=x]
    %buf : [num_users=1] = get_attr[target=buf]
    %add_ : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%buf, %x), kwargs = {})
    %_tensor_constant0 : [num_users=1] = get_attr[target=_tensor_constant0]
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%_tensor_constant0, %x), kwargs = {})
    %sub : [num_users=1] = call_module[target=sub](args = (%x,), kwargs = {})
    return (add, sub)

opaque sub: torch.nn.Module
opaque sub.inner: torch.nn.Linear
  parameter tied: f32[2, 2] cpu)", tied_group, "\n");
  absl::StatusOr<std::unique_ptr<GraphModule>> m = ParseFxg(text, "aliases.fxg");
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? *std::move(m) : nullptr;
}

TEST(FunctionalizeTest, RefusesWritesToAnAttributeSharingItsStorage) {
  // Eager: the constant views the buffer and sees add_'s write at once.
  // Functionalized, the buffer's new value is written back only at the
  // end, so the read of the constant would see the old one.
  for (const bool keep_input_mutations : {false, true}) {
    std::unique_ptr<GraphModule> m = BufferWriterWithAliases(" storage_group=1",
                                                             " storage_group=1", "");
    ASSERT_NE(m, nullptr);
    const std::string before = PrintFxGraph(m->graph());
    FunctionalizeOptions options;
    options.keep_input_mutations = keep_input_mutations;
    absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, options);
    EXPECT_EQ(report.status().code(), absl::StatusCode::kUnimplemented);
    EXPECT_THAT(report.status().message(),
                HasSubstr("writes attribute 'buf', which shares its storage with "
                          "'_tensor_constant0'"));
    EXPECT_EQ(PrintFxGraph(m->graph()), before);
  }
  // Tied with an attribute of another module of the tree.
  std::unique_ptr<GraphModule> m = BufferWriterWithAliases(" storage_group=3", "",
                                                           " storage_group=3");
  ASSERT_NE(m, nullptr);
  EXPECT_THAT(Functionalize(*m).status().message(),
              HasSubstr("calls module 'sub', which reads storage shared with 'buf', after "
                        "'add_' wrote it"));
}

// symbolic_trace of `y = x * 1; v = y.<attribute>; <write>; return (y * 2, v * 1)`.
std::unique_ptr<GraphModule> AttributeView(absl::string_view attribute, bool write_view) {
  const std::string write =
      write_view ? "    %add_ : [num_users=0] = call_method[target=add_](args = (%getattr_1, 1), kwargs = {})\n"
                 : "    %add_ : [num_users=0] = call_method[target=add_](args = (%mul, 1), kwargs = {})\n";
  return ModuleFromFxText(absl::StrCat(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=)", write_view ? 2 : 3, R"(] = call_function[target=operator.mul](args = (%x, 1), kwargs = {})
    %getattr_1 : [num_users=)", write_view ? 2 : 1, R"(] = call_function[target=builtins.getattr](args = (%mul, )",
                                       attribute, "), kwargs = {})\n", write, R"(    %mul_1 : [num_users=1] = call_function[target=operator.mul](args = (%mul, 2), kwargs = {})
    %mul_2 : [num_users=1] = call_function[target=operator.mul](args = (%getattr_1, 1), kwargs = {})
    return (mul_1, mul_2)
)"));
}

TEST(FunctionalizeTest, TensorAttributesAreViews) {
  // Whether `mul_2` reads the attribute again, from the new value `add`.
  auto reads_attribute_of_add = [](const GraphModule& m) {
    const Node* read = m.graph().FindNode("mul_2")->args()[0].node();
    return read->name() != "getattr_1" && read->target() == "builtins.getattr" &&
           read->args()[0].node()->name() == "add";
  };
  // `y.data.add_(1)` writes y: y's readers read the write.
  auto m = AttributeView("data", /*write_view=*/true);
  ASSERT_TRUE(Functionalize(*m).ok());
  EXPECT_EQ(m->graph().FindNode("mul_1")->args()[0].node()->name(), "add");
  EXPECT_TRUE(reads_attribute_of_add(*m));
  // `y.T.add_(1)`: no inverse fxpp writes back by: refused, not taken for a
  // fresh tensor.
  m = AttributeView("T", /*write_view=*/true);
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(report.status().message(), HasSubstr("writes through 'getattr_1'"));
  // `v = y.T; y.add_(1); v * 1`: v is read again from the new y.
  m = AttributeView("T", /*write_view=*/false);
  ASSERT_TRUE(Functionalize(*m).ok());
  EXPECT_TRUE(reads_attribute_of_add(*m));
}

TEST(FunctionalizeTest, RefusesOverloadPacketsThatAliasOrWrite) {
  // `torch.ops.aten.alias(x)` as symbolic_trace records it: torch picks the
  // overload (a view) by the arguments.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=2] = call_function[target=operator.mul](args = (%x, 1), kwargs = {})
    %alias : [num_users=1] = call_function[target=torch.ops.aten.alias](args = (%mul,), kwargs = {})
    %add_ : [num_users=0] = call_method[target=add_](args = (%alias, 1), kwargs = {})
    return (mul,)
)");
  EXPECT_THAT(Functionalize(*m).status().message(),
              HasSubstr("node 'alias' (torch.ops.aten.alias): an overload packet whose overloads "
                        "alias or write their arguments"));
}

TEST(FunctionalizeTest, RefusesCustomOperators) {
  // torch.library.custom_op("mylib::bump", mutates_args={"x"}) writes `mul`;
  // whether it does is in its schema only, which the graph does not carry.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%mul, 1), kwargs = {})
    %bump : [num_users=0] = call_function[target=torch.ops.mylib.bump.default](args = (%add_,), kwargs = {})
    return (mul,)
)");
  const std::string before = PrintFxGraph(m->graph());
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(report.status().message(),
              HasSubstr("node 'bump' (torch.ops.mylib.bump.default): an operator outside ATen "
                        "whose schema fxpp does not know"));
  EXPECT_EQ(PrintFxGraph(m->graph()), before);
}

TEST(FunctionalizeTest, MutableOpsOfOneResultGiveTheirUsersThatResult) {
  // rrelu_with_noise writes `noise` and returns one tensor; its twin returns
  // (result, noise_out): users of the call read the twin's first element.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %noise : [num_users=1] = placeholder[target=noise]
    %rrelu : [num_users=1] = call_function[target=torch.ops.aten.rrelu_with_noise.default](args = (%x, %noise, 0.1, 0.3, True), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%rrelu, %x), kwargs = {})
    return add
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->mutations.size(), 1u);
  EXPECT_EQ(report->mutations[0].input, "noise");
  const Node* add = m->graph().FindNode("add");
  ASSERT_NE(add, nullptr);
  const Node* first = add->args()[0].node();
  EXPECT_EQ(first->target(), "operator.getitem");
  EXPECT_EQ(first->args()[0].node()->target(), "torch.ops.aten.rrelu_with_noise_functional.default");
  EXPECT_EQ(first->args()[1].int_value(), 0);
  EXPECT_TRUE(VerifyGraphModule(*m, {false}).ok());
}

TEST(FunctionalizeTest, CustomOperatorsWithRegisteredSchemas) {
  // The Python extension registers the schemas of the custom operators a
  // torch graph calls: one that writes nothing is a pure call (the in-place
  // add_ on its result is functionalized), one that writes its argument is
  // called through auto_functionalized, as PyTorch's functionalization does
  // (it returns None for the op's missing result, then the new `x`).
  ASSERT_TRUE(RegisterSchema("fntest::pair(Tensor x) -> (Tensor, Tensor)").ok());
  ASSERT_TRUE(RegisterSchema("fntest::scale_(Tensor(a!) x, float s) -> ()").ok());
  auto pure = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %pair : [num_users=2] = call_function[target=torch.ops.fntest.pair.default](args = (%x,), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%pair, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%pair, 1), kwargs = {})
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_, %getitem_1), kwargs = {})
    return (mul,)
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*pure);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->ops_replaced, 1);
  EXPECT_THAT(PrintFxGraph(pure->graph()), HasSubstr("torch.ops.aten.add.Tensor"));
  EXPECT_THAT(PrintFxGraph(pure->graph()), HasSubstr("torch.ops.fntest.pair.default"));
  EXPECT_TRUE(VerifyGraphModule(*pure, {false}).ok());

  auto writer = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %scale_ : [num_users=0] = call_function[target=torch.ops.fntest.scale_.default](args = (%mul, 0.5), kwargs = {})
    return (mul,)
)");
  report = Functionalize(*writer);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(PrintFxGraph(writer->graph()), R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %auto_functionalized : [num_users=1] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (torch.ops.fntest.scale_.default,), kwargs = {x: %mul, s: 0.5})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%auto_functionalized, 1), kwargs = {})
    return (getitem,)
)");
  EXPECT_TRUE(VerifyGraphModule(*writer, {false}).ok());
}

TEST(FunctionalizeTest, WritesToAttributesInOtherStorageGroupsAreFunctionalized) {
  std::unique_ptr<GraphModule> m = BufferWriterWithAliases(" storage_group=1",
                                                           " storage_group=2", "");
  ASSERT_NE(m, nullptr);
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->mutations.size(), 1u);
  EXPECT_EQ(report->mutations[0].input, "buf");
}

TEST(FunctionalizeTest, WritesToAnAttributeWhoseStorageNothingElseReadsAreFunctionalized) {
  // A module registered under two paths (ep.module() of a shared counter):
  // the graph reads and writes it under one of them only (the other's
  // get_attr, which ep.module() keeps, is unused).
  absl::StatusOr<std::unique_ptr<GraphModule>> m = ParseFxg(R"(fxg 1
module: GraphModule
graph():
    %x : [num_users=1] = placeholder[target=x]
    %a_calls : [num_users=0] = get_attr[target=a.calls]
    %calls : [num_users=1] = get_attr[target=b.calls]
    %add_ : [num_users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%calls, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, %add_), kwargs = {})
    return (mul,)

module a: torch.nn.Module
  buffer calls: f32[] cpu storage_group=1
graph():
    return ()

module b: torch.nn.Module
  buffer calls: f32[] cpu storage_group=1
graph():
    return ()
)", "shared.fxg");
  ASSERT_TRUE(m.ok()) << m.status();
  absl::StatusOr<FunctionalizeReport> report = Functionalize(**m);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->mutations.size(), 1u);
  EXPECT_EQ(report->mutations[0].input, "b.calls");
}

TEST(FunctionalizeTest, WritesThroughAFlatViewOfASymbolicShapeReadItsSizes) {
  // y = h.view(-1); y.add_(1) with h of shape [s0, 4] (Dynamo's
  // dynamic=True, export with dynamic shapes): h's new value is the result
  // viewed back as h, its symbolic size read from h at run time (a size
  // written as `s0` names no value of the graph).
  for (const bool aten : {false, true}) {
    SCOPED_TRACE(aten ? "aten" : "torch");
    auto m = ModuleFromFxText(aten ? R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %h : [num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %flat : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%h, [-1]), kwargs = {})
    %add_ : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%flat, 1), kwargs = {})
    return h
)" : R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %h : [num_users=2] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %flat : [num_users=1] = call_method[target=view](args = (%h, -1), kwargs = {})
    %add_ : [num_users=0] = call_method[target=add_](args = (%flat, 1), kwargs = {})
    return h
)");
    TensorMeta h;
    h.shape = {SymDim::Symbolic("s0"), 4};
    h.stride = {4, 1};
    m->graph().FindNode("h")->mutable_meta().val = ValueMeta::Tensor(h);
    absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
    ASSERT_TRUE(report.ok()) << report.status();
    const std::string text = PrintFxGraph(m->graph());
    EXPECT_THAT(text, Not(HasSubstr("[s0, 4]")));
    EXPECT_THAT(text, HasSubstr(aten ? "%sym_size : [num_users=1] = call_function[target="
                                       "torch.ops.aten.sym_size.int](args = (%h, 0), kwargs = {})"
                                     : "%size : [num_users=1] = call_method[target=size](args = "
                                       "(%h, 0), kwargs = {})"));
    EXPECT_THAT(text, HasSubstr(aten ? "(args = (%add, [%sym_size, 4]), kwargs = {})"
                                     : "(args = (%add, [%size, 4]), kwargs = {})"));
  }
}

// The graph `fx` functionalized, printed; the error when it fails.
std::string Functionalized(absl::string_view fx) {
  std::unique_ptr<GraphModule> m = ModuleFromFxText(fx);
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  if (!report.ok()) return report.status().ToString();
  return PrintFxGraph(m->graph());
}

TEST(FunctionalizeTest, SetItemThroughFullSlicesAndTensorsIsAnIndexPut) {
  // cache[:, pos] = v (a key/value cache under Dynamo): index_put with
  // None for each full slice before a tensor, as PyTorch's indexing does;
  // symbolic_trace records the assignment as a __setitem__ method call.
  EXPECT_EQ(Functionalized(R"(graph():
    %cache : [num_users=3] = placeholder[target=cache]
    %pos : [num_users=2] = placeholder[target=pos]
    %v : [num_users=2] = placeholder[target=v]
    %setitem : [num_users=0] = call_function[target=operator.setitem](args = (%cache, (slice(None, None, None), %pos), %v), kwargs = {})
    %setitem_1 : [num_users=0] = call_method[target=__setitem__](args = (%cache, (%pos, slice(None, None, None)), %v), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%cache, 2), kwargs = {})
    return mul
)"),
            "graph():\n"
            "    %cache : [num_users=1] = placeholder[target=cache]\n"
            "    %pos : [num_users=2] = placeholder[target=pos]\n"
            "    %v : [num_users=2] = placeholder[target=v]\n"
            "    %index_put : [num_users=1] = call_function[target=torch.ops.aten.index_put.default](args = (%cache, [None, %pos], %v), kwargs = {})\n"
            "    %index_put_1 : [num_users=2] = call_function[target=torch.ops.aten.index_put.default](args = (%index_put, [%pos], %v), kwargs = {})\n"
            "    %mul : [num_users=1] = call_function[target=operator.mul](args = (%index_put_1, 2), kwargs = {})\n"
            "    return (index_put_1, mul)\n");
}

TEST(FunctionalizeTest, SetItemThroughSlicesOfSeveralDimensionsIsAChainOfViews) {
  // swin's attention mask: mask[a:b, c:d] = count, then mask[1, 2:] = v: a
  // view per selected dimension, each written back into the one before.
  EXPECT_EQ(Functionalized(R"(graph():
    %mask : [num_users=3] = placeholder[target=mask]
    %v : [num_users=1] = placeholder[target=v]
    %setitem : [num_users=0] = call_function[target=operator.setitem](args = (%mask, (slice(0, 2, None), slice(1, 3, None)), 1.0), kwargs = {})
    %setitem_1 : [num_users=0] = call_function[target=operator.setitem](args = (%mask, (1, slice(2, None, None)), %v), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%mask, 2), kwargs = {})
    return mul
)"),
            "graph():\n"
            "    %mask : [num_users=2] = placeholder[target=mask]\n"
            "    %v : [num_users=1] = placeholder[target=v]\n"
            "    %getitem : [num_users=2] = call_function[target=operator.getitem](args = (%mask, (slice(0, 2, None),)), kwargs = {})\n"
            "    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%getitem, (slice(None, None, None), slice(1, 3, None))), kwargs = {})\n"
            "    %fill : [num_users=1] = call_function[target=torch.ops.aten.fill.Scalar](args = (%getitem_1, 1.0), kwargs = {})\n"
            "    %slice_scatter : [num_users=1] = call_function[target=torch.slice_scatter](args = (%getitem, %fill, 1, 1, 3, 1), kwargs = {})\n"
            "    %slice_scatter_1 : [num_users=2] = call_function[target=torch.slice_scatter](args = (%mask, %slice_scatter, 0, 0, 2, 1), kwargs = {})\n"
            "    %getitem_2 : [num_users=2] = call_function[target=operator.getitem](args = (%slice_scatter_1, (1,)), kwargs = {})\n"
            "    %getitem_3 : [num_users=1] = call_function[target=operator.getitem](args = (%getitem_2, (slice(2, None, None),)), kwargs = {})\n"
            "    %copy : [num_users=1] = call_function[target=torch.ops.aten.copy.default](args = (%getitem_3, %v), kwargs = {})\n"
            "    %slice_scatter_2 : [num_users=1] = call_function[target=torch.slice_scatter](args = (%getitem_2, %copy, 0, 2, None, 1), kwargs = {})\n"
            "    %select_scatter : [num_users=2] = call_function[target=torch.select_scatter](args = (%slice_scatter_1, %slice_scatter_2, 0, 1), kwargs = {})\n"
            "    %mul : [num_users=1] = call_function[target=operator.mul](args = (%select_scatter, 2), kwargs = {})\n"
            "    return (select_scatter, mul)\n");
  // An ellipsis or None beside other selections is still refused.
  EXPECT_THAT(Functionalized(R"(graph():
    %mask : [num_users=2] = placeholder[target=mask]
    %setitem : [num_users=0] = call_function[target=operator.setitem](args = (%mask, (Ellipsis, slice(1, 3, None)), 1.0), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%mask, 2), kwargs = {})
    return mul
)"),
              HasSubstr("an ellipsis, None or a tensor"));
}

TEST(FunctionalizeTest, ViewsThroughSlicesOfSeveralDimensionsSeeAndTakeWrites) {
  // y = x[0:2, 1:3] is a view: it sees the write to x after it, and the
  // write through it reaches x.
  absl::StatusOr<std::unique_ptr<GraphModule>> m = ParseFxg(R"(fxg 1
module: GraphModule
graph():  # typed
    %x : torch.Tensor [num_users=2] = placeholder[target=x]
        # val: f32[4, 4] stride=(4, 1) cpu
    %y : [num_users=2] = call_function[target=operator.getitem](args = (%x, (slice(0, 2, None), slice(1, 3, None))), kwargs = {})
        # val: f32[2, 2] stride=(4, 1) cpu
    %add_ : [num_users=0] = call_method[target=add_](args = (%x, 1), kwargs = {})
        # val: f32[4, 4] stride=(4, 1) cpu
    %mul_ : [num_users=0] = call_method[target=mul_](args = (%y, 2), kwargs = {})
        # val: f32[2, 2] stride=(4, 1) cpu
    %total : [num_users=1] = call_method[target=sum](args = (%y,), kwargs = {})
    return total
)", "view.fxg");
  ASSERT_TRUE(m.ok()) << m.status();
  absl::StatusOr<FunctionalizeReport> report = Functionalize(**m);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(PrintFxGraph((*m)->graph()),
            "graph():\n"
            "    %x : torch.Tensor [num_users=1] = placeholder[target=x]\n"
            "    %add : [num_users=3] = call_method[target=add](args = (%x, 1), kwargs = {})\n"
            "    %y_1 : [num_users=1] = call_function[target=operator.getitem](args = (%add, (slice(0, 2, None), slice(1, 3, None))), kwargs = {})\n"
            "    %mul : [num_users=1] = call_method[target=mul](args = (%y_1, 2), kwargs = {})\n"
            "    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%add, (slice(0, 2, None),)), kwargs = {})\n"
            "    %slice_scatter : [num_users=1] = call_function[target=torch.slice_scatter](args = (%getitem, %mul, 1, 1, 3, 1), kwargs = {})\n"
            "    %slice_scatter_1 : [num_users=2] = call_function[target=torch.slice_scatter](args = (%add, %slice_scatter, 0, 0, 2, 1), kwargs = {})\n"
            "    %y_2 : [num_users=1] = call_function[target=operator.getitem](args = (%slice_scatter_1, (slice(0, 2, None), slice(1, 3, None))), kwargs = {})\n"
            "    %total : [num_users=1] = call_method[target=sum](args = (%y_2,), kwargs = {})\n"
            "    return (slice_scatter_1, total)\n");
}

TEST(FunctionalizeTest, KeptMutationsAreCopiesThatSurviveDeadCodeElimination) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul_ : [num_users=0] = call_function[target=torch.ops.aten.mul_.Tensor](args = (%x, 2), kwargs = {})
    return None
)");
  m->graph().FindNode("mul_")->mutable_meta().stack_trace = Symbol::Intern("File \"m.py\", line 2\n");
  FunctionalizeOptions options;
  options.keep_input_mutations = true;
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->copies_added, 1);
  EXPECT_EQ(report->mutations[0].output_index, -1);
  absl::StatusOr<int64_t> copies = AssertFunctionalGraph(m->graph());
  ASSERT_TRUE(copies.ok()) << copies.status();
  EXPECT_EQ(*copies, 1);
  m->graph().EliminateDeadCode();
  EXPECT_EQ(AssertFunctionalGraph(m->graph()).value_or(-1), 1);
  // The copy_ has no stack trace until it is propagated from its source.
  Node* copy = m->graph().FindNode("copy_");
  ASSERT_NE(copy, nullptr);
  EXPECT_TRUE(copy->meta().stack_trace.empty());
  ASSERT_EQ(PropagateInputMutationStackTraces(m->graph()).value_or(-1), 1);
  EXPECT_EQ(copy->meta().stack_trace.str(), "File \"m.py\", line 2\n");
}

TEST(FunctionalizeTest, OperatorModuleCallsNamedWithAnUnderscoreAreNotInPlace) {
  // `a | b` on bool tensors (symbolic_trace, Dynamo): operator.or_ writes
  // nothing; only operator.ior does.
  auto m = ModuleFromFxText(R"(graph():
    %a : [num_users=2] = placeholder[target=a]
    %b : [num_users=2] = placeholder[target=b]
    %or_ : [num_users=1] = call_function[target=operator.or_](args = (%a, %b), kwargs = {})
    %and_ : [num_users=1] = call_function[target=operator.and_](args = (%or_, %b), kwargs = {})
    %not_ : [num_users=1] = call_function[target=_operator.not_](args = (%a,), kwargs = {})
    return (and_, not_)
)");
  const std::string before = PrintFxGraph(m->graph());
  FunctionalizePass pass;
  absl::StatusOr<bool> changed = pass.Run(*m);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_FALSE(*changed);
  EXPECT_EQ(PrintFxGraph(m->graph()), before);
}

TEST(FunctionalizeTest, InPlaceViewOpsOnIntermediatesBecomeViews) {
  // y = x * 2; y.t_(); y.add_(1); return y: the later reads of y read the
  // transposed tensor, and the write goes through the view.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %t_ : [num_users=0] = call_function[target=torch.ops.aten.t_.default](args = (%mul,), kwargs = {})
    %add_ : [num_users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%mul, 1), kwargs = {})
    return mul
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, FunctionalizeOptions());
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(AssertFunctionalGraph(m->graph()).value_or(-1), 0);
  EXPECT_EQ(PrintFxGraph(m->graph()),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})\n"
            "    %t_ : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%mul,), kwargs = {})\n"
            "    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%t_, 1), kwargs = {})\n"
            // mul's new value (the base, transposed back), and the output's
            // view of it regenerated: add itself.
            "    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%add,), kwargs = {})\n"
            "    %t__1 : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%t,), kwargs = {})\n"
            "    return t__1\n");

  // On an input, the caller would see the new metadata: refused.
  auto input = ModuleFromFxText(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %t_ : [num_users=0] = call_function[target=torch.ops.aten.t_.default](args = (%x,), kwargs = {})
    return x
)");
  EXPECT_THAT(Functionalize(*input, FunctionalizeOptions()).status().message(),
              HasSubstr("mutates tensor metadata"));
}

// nn.BatchNorm in training mode as Dynamo records it: F.batch_norm updates
// its running statistics (positions 1 and 2 there) in place. Found by
// realmodels/sweep.py (bn_train under torch.compile with fxpp's backend).
TEST(FunctionalizeTest, TorchLevelTrainingBatchNormUpdatesItsStatistics) {
  auto functionalized = [](absl::string_view args, absl::string_view kwargs) {
    auto m = ModuleFromFxText(absl::StrCat(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %rm : [num_users=1] = placeholder[target=rm]
    %rv : [num_users=1] = placeholder[target=rv]
    %w : [num_users=1] = placeholder[target=w]
    %bn : [num_users=1] = call_function[target=torch.nn.functional.batch_norm](args = ()",
                                           args, "), kwargs = {", kwargs, R"(})
    return (bn,)
)"));
    FunctionalizeOptions options;
    options.keep_input_mutations = true;
    absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, options);
    if (!report.ok()) return std::string(report.status().message());
    EXPECT_TRUE(VerifyGraphModule(*m).ok());
    return PrintFxGraph(m->graph());
  };
  const std::string expected =
      "    %_native_batch_norm_legit_functional : [num_users=3] = call_function[target=torch.ops.aten._native_batch_norm_legit_functional.default](args = (%x, %w, None, %rm, %rv, True, 0.1, 1e-05), kwargs = {})\n"
      "    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%_native_batch_norm_legit_functional, 3), kwargs = {})\n"
      "    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%_native_batch_norm_legit_functional, 4), kwargs = {})\n"
      "    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%_native_batch_norm_legit_functional, 0), kwargs = {})\n"
      "    %copy_ : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%rm, %getitem), kwargs = {})\n"
      "    %copy__1 : [num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%rv, %getitem_1), kwargs = {})\n"
      "    return (getitem_2,)\n";
  // Positional, as Dynamo records nn.BatchNorm; by name; with defaults.
  EXPECT_THAT(functionalized("%x, %rm, %rv, %w, None, True, 0.1, 1e-05", ""), HasSubstr(expected));
  EXPECT_THAT(functionalized("%x, %rm, %rv", "weight: %w, training: True"), HasSubstr(expected));
  // In eval mode it writes nothing: unchanged.
  EXPECT_THAT(functionalized("%x, %rm, %rv, %w, None, False, 0.1, 1e-05", ""),
              HasSubstr("torch.nn.functional.batch_norm](args = (%x, %rm, %rv, %w, None, False"));
  EXPECT_THAT(functionalized("%x, %rm, %rv, %w", ""),
              HasSubstr("torch.nn.functional.batch_norm](args = (%x, %rm, %rv, %w)"));
  // Whether it trains must be known.
  EXPECT_THAT(functionalized("%x, %rm, %rv, %w, None, %w", ""), HasSubstr("is not a constant"));
}

TEST(FunctionalizeTest, BadOptionsFailWithoutChangingTheModule) {
  auto m = ModuleFromFxText(R"(graph():
    %b : [num_users=1] = placeholder[target=b]
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%b, 1), kwargs = {})
    %relu_ : [num_users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%add,), kwargs = {})
    return (relu_,)
)");
  const std::string before = PrintFxGraph(m->graph());
  FunctionalizeOptions options;
  options.assigned_buffers.emplace_back("nope", "add");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, options);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.status().message(), HasSubstr("assigned buffer 'nope'"));
  EXPECT_EQ(PrintFxGraph(m->graph()), before);

  options.assigned_buffers = {{"b", "missing"}};
  report = Functionalize(*m, options);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.status().message(), HasSubstr("('missing') is not a node of the graph"));
  EXPECT_EQ(PrintFxGraph(m->graph()), before);
}

TEST(FunctionalizeTest, AssignmentOfAValueMutatedLater) {
  // self.buf = b + 1; self.buf.relu_(): the buffer's new value is the relu.
  auto m = ModuleFromFxText(R"(graph():
    %b : [num_users=1] = placeholder[target=b]
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%b, 1), kwargs = {})
    %relu_ : [num_users=0] = call_function[target=torch.ops.aten.relu_.default](args = (%add,), kwargs = {})
    return ()
)");
  FunctionalizeOptions options;
  options.buffer_inputs.insert("b");
  options.assigned_buffers.emplace_back("b", "add");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m, options);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->mutations.size(), 1u);
  EXPECT_TRUE(report->mutations[0].assigned);
  EXPECT_EQ(report->mutations[0].value, "relu");
  EXPECT_EQ(report->SignatureText(*m), "output 0 updates input 0 (buffer)\noutputs 1, inputs 1\n");
}

TEST(FunctionalizeTest, GetItemOfUnknownValueIsFineUntilWritten) {
  // Without meta, x[0] may index a tensor or a tuple: reading it is fine...
  auto read = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%x, 0), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%getitem,), kwargs = {})
    return relu
)");
  EXPECT_TRUE(Functionalize(*read).ok());
  // ...writing through it is not.
  auto write = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%x, 0), kwargs = {})
    %relu_ : [num_users=1] = call_method[target=relu_](args = (%getitem,), kwargs = {})
    return relu_
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*write);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.status().message(), HasSubstr("'x' may be a tensor or a tuple"));
}

TEST(FunctionalizeTest, ViewsOfAMaybeViewAreCheckedToo) {
  // b views a, which is x or a copy of it: after x changes, b is ambiguous.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %a : [num_users=1] = call_method[target=contiguous](args = (%x,), kwargs = {})
    %b : [num_users=1] = call_method[target=transpose](args = (%a, 0, 1), kwargs = {})
    %mul_ : [num_users=0] = call_method[target=mul_](args = (%x, 2), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%b,), kwargs = {})
    return relu
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.status().message(),
              HasSubstr("node 'b' is read after 'mul_' wrote 'x', but 'contiguous' returns its input"));
}

// Regression (issue 16): ProcessGetItem held a reference to the index
// argument across RewriteArgs, which replaces the arguments of a getitem
// whose tensor was written, and read freed memory (a crash, or an ASan
// report in the sanitizer suite). The same program is a seed of the fxg
// fuzzer (testing/fuzz/regressions/fxg/).
TEST(FunctionalizeTest, GetItemOfAMutatedInputKeepsItsIndex) {
  absl::StatusOr<std::unique_ptr<GraphModule>> m = ParseFxg(R"(fxg 1
module: GraphModule
graph():  # typed
    %x : torch.Tensor [num_users=2] = placeholder[target=x]
        # val: f32[4, 8] stride=(8, 1) cpu
    %mul_ : [num_users=0] = call_method[target=mul_](args = (%x, 0.5), kwargs = {})
        # val: f32[4, 8] stride=(8, 1) cpu
    %col : [num_users=1] = call_function[target=operator.getitem](args = (%x, (slice(None, None, None), 2)), kwargs = {})
        # val: f32[4] stride=(8,) cpu
    return (col,)
)", "uaf.fxg");
  ASSERT_TRUE(m.ok()) << m.status();
  absl::StatusOr<FunctionalizeReport> report = Functionalize(**m);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(VerifyGraphModule(**m, {false}).ok());
  const Node* col = (*m)->graph().FindNode("col");
  ASSERT_NE(col, nullptr);
  ASSERT_EQ(col->args().size(), 2u);
  EXPECT_EQ(col->args()[0].node()->name(), "mul");
  const Argument& index = col->args()[1];
  ASSERT_EQ(index.kind(), ArgKind::kTuple);
  ASSERT_EQ(index.elements().size(), 2u);
  EXPECT_EQ(index.elements()[0].kind(), ArgKind::kSlice);
  EXPECT_EQ(index.elements()[1].int_value(), 2);
}

// aten.contiguous (export's training IR keeps it): a copy of a transposed
// tensor, so a write to it stays there; its input itself when that is
// contiguous, so the write reaches the input.
// Dynamo's graphs call the method, with the same rule.
std::string FunctionalizedContiguous(absl::string_view stride, bool method = false) {
  const absl::string_view call =
      method ? "call_method[target=contiguous]"
             : "call_function[target=torch.ops.aten.contiguous.default]";
  const absl::string_view add =
      method ? "call_method[target=add_]" : "call_function[target=torch.ops.aten.add_.Tensor]";
  absl::StatusOr<std::unique_ptr<GraphModule>> m = ParseFxg(absl::StrCat(R"(fxg 1
module: GraphModule
graph():
    %x : [num_users=2] = placeholder[target=x]
        # val: f32[2, 3] stride=)", stride, R"( cpu
    %c : [num_users=2] = )", call, R"((args = (%x,), kwargs = {})
        # val: f32[2, 3] stride=(3, 1) cpu
    %add_ : [num_users=0] = )", add, R"((args = (%c, 1), kwargs = {})
        # val: f32[2, 3] stride=(3, 1) cpu
    return (c, x)
)"), "contiguous.fxg");
  if (!m.ok()) return std::string(m.status().message());
  absl::StatusOr<FunctionalizeReport> report = Functionalize(**m);
  if (!report.ok()) return std::string(report.status().message());
  return absl::StrCat(report->mutations.size(), " input mutations");
}

TEST(FunctionalizeTest, ContiguousIsACopyOrTheInputByItsStrides) {
  EXPECT_EQ(FunctionalizedContiguous("(1, 2)"), "0 input mutations");
  EXPECT_EQ(FunctionalizedContiguous("(3, 1)"), "1 input mutations");
  EXPECT_EQ(FunctionalizedContiguous("(1, 2)", /*method=*/true), "0 input mutations");
  EXPECT_EQ(FunctionalizedContiguous("(3, 1)", /*method=*/true), "1 input mutations");
}

// Found by the differential test (issue 16): Tensor has no `copy`, `fill`
// or `zero` method, so the twins of `copy_`, `fill_` and `zero_` called as
// methods are the ATen ops, with the overload the arguments select.
TEST(FunctionalizeTest, MethodsWithoutAMethodTwinBecomeATenCalls) {
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = placeholder[target=y]
    %a : [num_users=4] = call_method[target=clone](args = (%x,), kwargs = {})
    %copy_ : [num_users=0] = call_method[target=copy_](args = (%a, %y), kwargs = {})
    %fill_ : [num_users=0] = call_method[target=fill_](args = (%a, 0.5), kwargs = {})
    %zero_ : [num_users=0] = call_method[target=zero_](args = (%a,), kwargs = {})
    return (a,)
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_TRUE(report.ok()) << report.status();
  std::vector<std::string> targets;
  for (const Node* n : m->graph().nodes()) {
    if (n->op() == OpKind::kCallFunction) targets.emplace_back(n->target());
  }
  EXPECT_THAT(targets, ElementsAre("torch.ops.aten.copy.default", "torch.ops.aten.fill.Scalar",
                                   "torch.ops.aten.zero.default"));
}

// Also found by the differential test: torch.slice_scatter of PyTorch 1.13
// misreads omitted trailing arguments, so a write through a split element
// (a torch-level graph) scatters with dim, start, end and step spelled out.
TEST(FunctionalizeTest, TorchSliceScatterGetsEveryArgument) {
  absl::StatusOr<std::unique_ptr<GraphModule>> m = ParseFxg(R"(fxg 1
module: GraphModule
graph():  # typed
    %z : torch.Tensor [num_users=2] = placeholder[target=z]
        # val: f32[4, 6] stride=(6, 1) cpu
    %split : [num_users=1] = call_function[target=torch.functional.split](args = (%z, 2), kwargs = {})
        # val: (f32[2, 6] stride=(6, 1) cpu, f32[2, 6] stride=(6, 1) cpu)
    %part : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
        # val: f32[2, 6] stride=(6, 1) cpu
    %relu_ : [num_users=0] = call_method[target=relu_](args = (%part,), kwargs = {})
        # val: f32[2, 6] stride=(6, 1) cpu
    return (z,)
)", "split.fxg");
  ASSERT_TRUE(m.ok()) << m.status();
  absl::StatusOr<FunctionalizeReport> report = Functionalize(**m);
  ASSERT_TRUE(report.ok()) << report.status();
  const Node* scatter = nullptr;
  for (const Node* n : (*m)->graph().nodes()) {
    if (n->target() == "torch.slice_scatter") scatter = n;
  }
  ASSERT_NE(scatter, nullptr) << PrintFxGraph((*m)->graph());
  ASSERT_EQ(scatter->args().size(), 6u);
  EXPECT_EQ(scatter->args()[2].int_value(), 0);
  EXPECT_EQ(scatter->args()[3].int_value(), 0);
  EXPECT_EQ(scatter->args()[4].int_value(), 2);
  EXPECT_EQ(scatter->args()[5].int_value(), 1);
}

TEST(FunctionalizeTest, InPlaceDropoutInEvalModeIsItsInput) {
  // export's nn.Dropout(inplace=True) in eval mode: a write to a flatten,
  // which fxpp could not write back, that writes nothing.
  auto m = ModuleFromFxText(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %flatten : [num_users=1] = call_function[target=torch.ops.aten.flatten.using_ints](args = (%x, 1), kwargs = {})
    %dropout_ : [num_users=1] = call_function[target=torch.ops.aten.dropout_.default](args = (%flatten, 0.2, False), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%dropout_, %x), kwargs = {})
    return (add,)
)");
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->mutations.empty());
  EXPECT_TRUE(VerifyGraphModule(*m, {false}).ok());
  EXPECT_THAT(PrintFxGraph(m->graph()),
              HasSubstr("torch.ops.aten.add.Tensor](args = (%flatten, %x)"));
  EXPECT_EQ(AssertFunctionalGraph(m->graph()).value_or(-1), 0);

  // symbolic_trace's F.dropout(y, training=False, inplace=True), whose
  // result is y.
  m = ModuleFromFxText(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %mul : [num_users=2] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %dropout : [num_users=1] = call_function[target=torch.nn.functional.dropout](args = (%mul,), kwargs = {p: 0.5, training: False, inplace: True})
    %add : [num_users=1] = call_function[target=operator.add](args = (%dropout, %mul), kwargs = {})
    return add
)");
  ASSERT_TRUE(Functionalize(*m).ok());
  EXPECT_THAT(PrintFxGraph(m->graph()), HasSubstr("operator.add](args = (%mul, %mul)"));
}

TEST(FunctionalizeTest, InPlaceDropoutThatMayTrainIsFunctionalized) {
  for (absl::string_view call :
       {"torch.ops.aten.dropout_.default](args = (%y, 0.2, True)",
        "torch.ops.aten.dropout_.default](args = (%y, 0.2, %train)",
        "torch.nn.functional.dropout](args = (%y,), kwargs = {p: 0.5, inplace: True}"}) {
    SCOPED_TRACE(call);
    // %train is returned too, so that it has a user whatever the call.
    std::string text = absl::StrCat(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %train : [num_users=)", absl::StrContains(call, "%train") ? 2 : 1, R"(] = placeholder[target=train]
    %y : [num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %d : [num_users=0] = call_function[target=)", call);
    if (!absl::EndsWith(call, "}")) absl::StrAppend(&text, ", kwargs = {}");
    absl::StrAppend(&text, ")\n    return (y, train)\n");
    auto m = ModuleFromFxText(text);
    absl::StatusOr<FunctionalizeReport> report = Functionalize(*m);
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_EQ(report->ops_replaced, 1);
    // y is returned as the dropout's result.
    EXPECT_THAT(PrintFxGraph(m->graph()), Not(HasSubstr("return (y, train)")));
  }
}
TEST(FunctionalizeTest, RefusesModuleCallsAfterAWriteToTheirState) {
  // symbolic_trace of `self.lin.weight.data.mul_(2); return self.lin(x)`:
  // the functionalized graph would give lin.weight its new value only at
  // its end, after `lin` ran with the old one. `tied` shares storage with
  // `head.weight`.
  const auto module_with = [](absl::string_view body) {
    auto m = ModuleFromFxText(absl::StrCat(R"(graph():
    %x : [num_users=1] = placeholder[target=x]
)", body));
    for (const char* name : {"lin", "head"}) {
      auto child = std::make_unique<GraphModule>();
      StateEntry weight{"weight", StateKind::kParameter, {}};
      weight.storage_group = absl::string_view(name) == "head" ? 2 : 0;
      EXPECT_TRUE(child->AddState(weight).ok());
      EXPECT_TRUE(m->AddChild(name, std::move(child)).ok());
    }
    StateEntry tied{"tied", StateKind::kParameter, {}};
    tied.storage_group = 2;
    EXPECT_TRUE(m->AddState(tied).ok());
    return m;
  };
  auto write_then_call = module_with(R"(    %w : [num_users=1] = get_attr[target=lin.weight]
    %mul_ : [num_users=0] = call_method[target=mul_](args = (%w, 2), kwargs = {})
    %lin : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})
    return lin
)");
  EXPECT_THAT(Functionalize(*write_then_call).status().message(),
              HasSubstr("calls module 'lin', which reads 'lin.weight', after 'mul_' wrote it"));
  auto write_tied_then_call = module_with(R"(    %t : [num_users=1] = get_attr[target=tied]
    %mul_ : [num_users=0] = call_method[target=mul_](args = (%t, 2), kwargs = {})
    %head : [num_users=1] = call_module[target=head](args = (%x,), kwargs = {})
    return head
)");
  EXPECT_THAT(Functionalize(*write_tied_then_call).status().message(),
              HasSubstr("calls module 'head', which reads storage shared with 'tied'"));
  // A call before the write, or of a module whose state was not written.
  auto call_then_write = module_with(R"(    %lin : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})
    %w : [num_users=1] = get_attr[target=lin.weight]
    %mul_ : [num_users=0] = call_method[target=mul_](args = (%w, 2), kwargs = {})
    %head : [num_users=1] = call_module[target=head](args = (%lin,), kwargs = {})
    return head
)");
  EXPECT_TRUE(Functionalize(*call_then_write).ok());
}

}  // namespace
}  // namespace fxpp
