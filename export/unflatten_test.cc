#include "export/unflatten.h"

#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fxg/fxg.h"
#include "ir/readable/readable.h"
#include "ir/verifier.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsSupersetOf;
using ::testing::Not;

constexpr absl::string_view kLinear = "torch.ops.aten.linear.default";
constexpr absl::string_view kRelu = "torch.ops.aten.relu.default";
constexpr absl::string_view kAdd = "torch.ops.aten.add.Tensor";
constexpr absl::string_view kMul = "torch.ops.aten.mul.Tensor";

Argument Ref(Node* n) { return Argument::Ref(n); }

UnflattenResult MustUnflatten(const ExportedProgram& program) {
  absl::StatusOr<UnflattenResult> result = Unflatten(program);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return UnflattenResult{std::make_unique<GraphModule>(), {}, {}};
  absl::Status verified = VerifyGraphModule(*result->module);
  EXPECT_TRUE(verified.ok()) << verified << "\n" << FormatModuleTree(*result->module)
                             << PrintFxg(*result->module);
  return *std::move(result);
}

std::string GraphOf(const UnflattenResult& result, absl::string_view path) {
  const GraphModule* m = result.module->FindSubmodule(path);
  if (m == nullptr || !m->has_graph()) return absl::StrCat("<no graph at '", path, "'>");
  return PrintFxGraph(m->graph());
}

std::vector<std::string> Paths(const UnflattenResult& result) {
  std::vector<std::string> out;
  for (const ModulePath& m : ListModules(*result.module)) {
    out.push_back(m.same_as.empty() ? m.path : absl::StrCat(m.path, "=", m.same_as));
  }
  return out;
}

// `sub` applies lin (weight `sub.lin.weight`) then relu; called as `key`@call.
Node* CallSub(ProgramBuilder& b, Node* w, Node* x, int call, absl::string_view path = "sub",
              absl::string_view key = {}, absl::string_view op = kRelu) {
  b.Enter(path, "Sub", call, key);
  b.Enter(absl::StrCat(path, ".lin"), "torch.nn.modules.linear.Linear", call,
          key.empty() ? absl::string_view() : absl::StrCat(key, "_lin"));
  Node* y = b.Call(kLinear, {Ref(x), Ref(w)}, {2, 4});
  b.Exit();
  Node* r = op == kRelu ? b.Call(kRelu, {Ref(y)}, {2, 4})
                        : b.Call(op, {Ref(y), Argument::Int(2)}, {2, 4});
  b.Exit();
  return r;
}

TEST(UnflattenTest, OneGraphPerModuleWithStateOnItsOwner) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* r = CallSub(b, w, x, 0);
  Node* out = b.Call(kAdd, {Ref(r), Ref(x)}, {2, 4});
  UnflattenResult result = MustUnflatten(b.Finish({out}));

  EXPECT_THAT(Paths(result), ElementsAre("", "sub", "sub.lin"));
  EXPECT_EQ(result.module->class_name(), "UnflattenedModule");
  EXPECT_EQ(result.module->FindSubmodule("sub")->class_name(), "InterpreterModule");
  EXPECT_EQ(GraphOf(result, ""),
            "graph():\n"
            "    %x : [num_users=2] = placeholder[target=x]\n"
            "    %sub : [num_users=1] = call_module[target=sub](args = (%x,), kwargs = {})\n"
            "    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = "
            "(%sub, %x), kwargs = {})\n"
            "    return (add,)\n");
  EXPECT_EQ(GraphOf(result, "sub"),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %lin : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})\n"
            "    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = "
            "(%lin,), kwargs = {})\n"
            "    return relu\n");
  // The parameter placeholder became an attribute read of its owner.
  EXPECT_EQ(GraphOf(result, "sub.lin"),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %weight : [num_users=1] = get_attr[target=weight]\n"
            "    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args "
            "= (%x, %weight), kwargs = {})\n"
            "    return linear\n");
  EXPECT_EQ(FormatModuleTree(*result.module),
            "(root): UnflattenedModule, 4 nodes\n"
            "sub: InterpreterModule, 4 nodes\n"
            "sub.lin: InterpreterModule, 4 nodes\n"
            "  parameter weight: f32[4, 4] stride=(4, 1) cpu\n");
  // The root signature is kept for calling the result.
  ASSERT_FALSE(result.module_call_graph.empty());
  EXPECT_EQ(result.module_call_graph[0].signature->in_spec.num_leaves(), 1);
}

TEST(UnflattenTest, DeadNodesAreRemovedAsPyTorchDoes) {
  // torch.export.unflatten runs eliminate_dead_code on the flat graph first
  // (its effect-token removal does, tokens or not): a value nothing reads,
  // in a submodule or at the root, does not reach the modules.
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  b.Enter("sub", "Sub", 0);
  Node* y = b.Call(kLinear, {Ref(x), Ref(w)}, {2, 4});
  b.Call(kMul, {Ref(y), Argument::Int(3)}, {2, 4});  // dead
  Node* r = b.Call(kRelu, {Ref(y)}, {2, 4});
  b.Exit();
  b.Call(kAdd, {Ref(x), Ref(x)}, {2, 4});  // dead
  Node* out = b.Call(kAdd, {Ref(r), Ref(x)}, {2, 4});
  const ExportedProgram program = b.Finish({out});
  const std::string flat = PrintFxGraph(program.graph_module->graph());
  UnflattenResult result = MustUnflatten(program);
  EXPECT_THAT(GraphOf(result, "sub"), Not(HasSubstr("aten.mul")));
  EXPECT_EQ(GraphOf(result, ""),
            "graph():\n"
            "    %x : [num_users=2] = placeholder[target=x]\n"
            "    %sub : [num_users=1] = call_module[target=sub](args = (%x,), kwargs = {})\n"
            "    %add_1 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = "
            "(%sub, %x), kwargs = {})\n"
            "    return (add_1,)\n");
  EXPECT_EQ(PrintFxGraph(program.graph_module->graph()), flat);  // the input stays as it is
}

TEST(UnflattenTest, ValuesUsedOutsideACallBecomeItsOutputs) {
  ProgramBuilder b;
  Node* x = b.UserInput("x", {2, 4});
  b.Enter("a");
  Node* u = b.Call(kRelu, {Ref(x)}, {2, 4});
  Node* v = b.Call(kMul, {Ref(u), Argument::Int(3)}, {2, 4});
  b.Exit();
  b.Enter("b");
  Node* w = b.Call(kAdd, {Ref(u), Ref(v)}, {2, 4});
  b.Exit();
  Node* out = b.Call(kAdd, {Ref(w), Ref(v)}, {2, 4});
  UnflattenResult result = MustUnflatten(b.Finish({out}));
  EXPECT_EQ(GraphOf(result, "a"),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %relu : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = "
            "(%x,), kwargs = {})\n"
            "    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = "
            "(%relu, 3), kwargs = {})\n"
            "    return [relu, mul]\n");
  EXPECT_EQ(GraphOf(result, ""),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %a : [num_users=2] = call_module[target=a](args = (%x,), kwargs = {})\n"
            "    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%a, 0), "
            "kwargs = {})\n"
            "    %getitem_1 : [num_users=2] = call_function[target=operator.getitem](args = (%a, "
            "1), kwargs = {})\n"
            "    %b : [num_users=1] = call_module[target=b](args = (%getitem_1, %getitem), kwargs "
            "= {})\n"
            "    %add_1 : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = "
            "(%b, %getitem_1), kwargs = {})\n"
            "    return (add_1,)\n");
  // `b` takes its inputs newest first, as its placeholders are ordered.
  EXPECT_EQ(GraphOf(result, "b"),
            "graph():\n"
            "    %mul : [num_users=1] = placeholder[target=mul]\n"
            "    %relu : [num_users=1] = placeholder[target=relu]\n"
            "    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = "
            "(%relu, %mul), kwargs = {})\n"
            "    return add\n");
  // The call's value metadata lists its outputs'.
  const Node* call = result.module->graph().FindNode("a");
  ASSERT_TRUE(call->meta().val.has_value());
  EXPECT_EQ(call->meta().val->kind(), ValueMeta::Kind::kList);
}

TEST(UnflattenTest, RepeatedCallsGetCallNamesAndIdenticalOnesMerge) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* y = CallSub(b, w, x, 0);
  y = b.Call(kAdd, {Ref(y), Argument::Int(1)}, {2, 4});
  y = CallSub(b, w, y, 1);                              // same graph: merged into `sub`
  y = b.Call(kAdd, {Ref(y), Argument::Int(1)}, {2, 4});
  y = CallSub(b, w, y, 2, "sub", {}, kMul);             // another graph: kept as `sub@2`
  UnflattenResult result = MustUnflatten(b.Finish({y}));
  EXPECT_THAT(Paths(result), ElementsAre("", "sub", "sub.lin", "sub@2", "sub@2.lin=sub.lin"));
  std::vector<std::string> targets;
  for (const Node* n : result.module->graph().nodes()) {
    if (n->op() == OpKind::kCallModule) targets.emplace_back(n->target());
  }
  EXPECT_THAT(targets, ElementsAre("sub", "sub", "sub@2"));
  EXPECT_THAT(GraphOf(result, "sub@2"), HasSubstr("torch.ops.aten.mul.Tensor"));
  // Both calls' submodules are one module (PyTorch shares `_modules`), and
  // the parameter sits on it.
  EXPECT_NE(result.module->FindSubmodule("sub.lin")->FindState("weight"), nullptr);
}

TEST(UnflattenTest, BackToBackCallsStaySeparate) {
  // pytorch#132993: sub(sub(x)) has no node between the calls; only the
  // call index in the nn_module_stack key tells them apart.
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* y = CallSub(b, w, CallSub(b, w, x, 0), 1);
  UnflattenResult result = MustUnflatten(b.Finish({y}));
  EXPECT_EQ(GraphOf(result, ""),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %sub : [num_users=1] = call_module[target=sub](args = (%x,), kwargs = {})\n"
            "    %sub_1 : [num_users=1] = call_module[target=sub](args = (%sub,), kwargs = {})\n"
            "    return (sub_1,)\n");
  // Each call's graph is one call's: lin once, not twice.
  EXPECT_EQ(GraphOf(result, "sub"),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %lin : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})\n"
            "    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = "
            "(%lin,), kwargs = {})\n"
            "    return relu\n");
}

TEST(UnflattenTest, ASharedModuleStaysOneModule) {
  // One module object reachable as `a` and `b`: export gives both calls its
  // one stack key.
  ProgramBuilder b;
  Node* w = b.Parameter("a.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* y = CallSub(b, w, x, 0, "a", "L__self___b");
  y = b.Call(kMul, {Ref(y), Argument::Int(2)}, {2, 4});
  y = CallSub(b, w, y, 0, "b", "L__self___b");
  ExportedProgram program = b.Finish({y});
  // The state dict names the weight under both paths.
  ASSERT_TRUE(program.state->SetSubmodule("b.lin", GraphModule::Opaque("torch.nn.Module")).ok());
  ASSERT_TRUE(program.state->FindSubmodule("b.lin")
                  ->AddState(*program.state->FindStatePath("a.lin.weight"))
                  .ok());
  program.aliases.push_back(StateAlias{"b.lin.weight", "a.lin.weight"});
  UnflattenResult result = MustUnflatten(program);
  EXPECT_THAT(Paths(result), ElementsAre("", "a", "a.lin", "b=a", "b.lin=a.lin"));
  EXPECT_EQ(SharedModuleTarget(*result.module->FindChild("b")), "a");
  EXPECT_THAT(FormatModuleTree(*result.module), HasSubstr("\nb: same module as a\n"));
}

TEST(UnflattenTest, BufferMutationsHappenInPlaceInTheOwningModule) {
  ProgramBuilder b;
  Node* count = b.Buffer("inner.count", {4});
  Node* x = b.UserInput("x", {4});
  b.Enter("inner");
  Node* next = b.Call(kAdd, {Ref(count), Argument::Int(1)}, {4});
  Node* y = b.Call(kMul, {Ref(x), Ref(next)}, {4});
  b.Exit();
  b.MutateBuffer(count, next);
  UnflattenResult result = MustUnflatten(b.Finish({y}));
  EXPECT_EQ(GraphOf(result, "inner"),
            "graph():\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %count : [num_users=2] = get_attr[target=count]\n"
            "    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = "
            "(%count, 1), kwargs = {})\n"
            "    %copy_ : [num_users=1] = call_function[target=torch.ops.aten.copy_](args = "
            "(%count, %add), kwargs = {})\n"
            "    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = "
            "(%x, %copy_), kwargs = {})\n"
            "    return mul\n");
  // The root no longer returns the new buffer value.
  EXPECT_THAT(GraphOf(result, ""), HasSubstr("return (inner,)"));
  const StateEntry* state = result.module->FindStatePath("inner.count");
  ASSERT_NE(state, nullptr);
  EXPECT_EQ(state->kind, StateKind::kBuffer);
}

TEST(UnflattenTest, DynamoSourcePathsNameModules) {
  // pytorch#130931: exporting an nn.Sequential, Dynamo records the traced
  // module as `L['fn']` and its children as `getattr(L['fn'], '0')`.
  ProgramBuilder b;
  Node* w = b.Parameter("0.weight", {4, 4});
  Node* x = b.UserInput("input", {2, 4});
  b.Enter("L['fn']", "torch.nn.modules.container.Sequential", 0, "fn");
  b.Enter("getattr(L['fn'], '0')", "torch.nn.modules.linear.Linear", 0, "fn_0");
  Node* y = b.Call(kLinear, {Ref(x), Ref(w)}, {2, 4});
  b.Exit();
  b.Enter("getattr(getattr(L['fn'], '2'), '1')", "torch.nn.modules.activation.ReLU", 0, "fn_2_1");
  y = b.Call(kRelu, {Ref(y)}, {2, 4});
  b.Exit();
  b.Enter("L['fn']._modules['3'][0]", "torch.nn.modules.activation.ReLU", 0, "fn_3_0");
  y = b.Call(kRelu, {Ref(y)}, {2, 4});
  b.Exit();
  b.Exit();
  ExportedProgram program = b.Finish({y});
  // The module call graph has the paths that export could evaluate.
  program.module_call_graph.resize(1);
  for (const char* fqn : {"0", "2", "2.1", "3", "3.0"}) {
    program.module_call_graph.push_back(ModuleCallEntry{fqn, absl::nullopt});
  }
  UnflattenResult result = MustUnflatten(program);
  EXPECT_THAT(Paths(result), ElementsAre("", "0", "2", "2.1", "3", "3.0"));
  EXPECT_EQ(result.module->FindSubmodule("2")->class_name(), "InterpreterModule");
  EXPECT_NE(result.module->FindStatePath("0.weight"), nullptr);
}

TEST(UnflattenTest, PreservedSignaturesKeepTheCallStructure) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* r = CallSub(b, w, x, 0);
  Node* out = b.Call(kAdd, {Ref(r), Ref(x)}, {2, 4});
  ModuleCallSignature sig = RootSignature(1, 1);
  sig.inputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, "x", {}, {}});
  sig.outputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, std::string(r->name()), {}, {}});
  b.PreserveSignature("sub", sig);
  UnflattenResult result = MustUnflatten(b.Finish({out}));
  EXPECT_EQ(GraphOf(result, "sub"),
            "graph():\n"
            "    %_positional_arg_0 : [num_users=1] = placeholder[target=_positional_arg_0]\n"
            "    %_spec_0 : [num_users=1] = get_attr[target=_spec_0]\n"
            "    %tree_flatten_spec : [num_users=1] = call_function[target=torch.fx._pytree."
            "tree_flatten_spec](args = (((%_positional_arg_0,), {}), %_spec_0), kwargs = {})\n"
            "    %x : [num_users=1] = call_function[target=operator.getitem](args = "
            "(%tree_flatten_spec, 0), kwargs = {})\n"
            "    %lin : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})\n"
            "    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = "
            "(%lin,), kwargs = {})\n"
            "    %_spec_1 : [num_users=1] = get_attr[target=_spec_1]\n"
            "    %tree_unflatten : [num_users=1] = call_function[target=torch.utils._pytree."
            "tree_unflatten](args = ((%relu,), %_spec_1), kwargs = {})\n"
            "    return tree_unflatten\n");
  EXPECT_THAT(GraphOf(result, ""), HasSubstr("tree_unflatten](args = ([%x], %_spec_0)"));
  ASSERT_EQ(result.specs.size(), 4u);
  EXPECT_EQ(result.specs[0].module_path, "");
  EXPECT_EQ(result.specs[0].spec, sig.in_spec);
  EXPECT_EQ(result.specs[1].module_path, "");
  EXPECT_EQ(result.specs[1].spec, sig.out_spec);
  EXPECT_EQ(result.specs[2].module_path, "sub");
  EXPECT_EQ(result.specs[2].name, "_spec_0");
  // Spec attributes are not modules.
  EXPECT_THAT(Paths(result), ElementsAre("", "sub", "sub.lin"));
  EXPECT_THAT(FormatModuleTree(*result.module),
              HasSubstr("  attribute _spec_0: torch.utils._pytree.TreeSpec\n"));
}

TEST(UnflattenTest, PreservedSignatureErrors) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* r = CallSub(b, w, x, 0);
  ModuleCallSignature sig = RootSignature(1, 1);
  sig.inputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, "x", {}, {}});
  sig.outputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, std::string(r->name()), {}, {}});
  sig.in_spec = TreeSpec{"builtins.tuple", "null", {TreeSpec::Leaf()}};
  b.PreserveSignature("sub", sig);
  EXPECT_THAT(std::string(Unflatten(b.Finish({r})).status().message()),
              HasSubstr("module call 'sub': in_spec TreeSpec(tuple, null, [*]) is not an "
                        "(args, kwargs) pair"));
}

// Records the signature of module call `call` (one tensor in, one out).
void PreserveCall(ProgramBuilder& b, absl::string_view call, const Node* in, const Node* out) {
  ModuleCallSignature sig = RootSignature(1, 1);
  sig.inputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, std::string(in->name()), {}, {}});
  sig.outputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, std::string(out->name()), {}, {}});
  b.PreserveSignature(call, sig);
}

// `sub` with a preserved signature, called twice; the second call applies
// `second_op` after lin.
ExportedProgram PreservedSubCalledTwice(absl::string_view second_op) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* first = CallSub(b, w, x, 0);
  Node* second = CallSub(b, w, first, 1, "sub", {}, second_op);
  PreserveCall(b, "sub", x, first);
  PreserveCall(b, "sub@1", first, second);
  return b.Finish({second});
}

// PyTorch 2.6's export gives a preserved module inside a container a
// signature with specs but no inputs or outputs (`blocks.0` of a
// ModuleList): the call is unflattened as one whose signature was not
// preserved.
TEST(UnflattenTest, ASignatureWithoutArgumentsIsNotPreserved) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* x = b.UserInput("x", {2, 4});
  Node* r = CallSub(b, w, x, 0);
  b.PreserveSignature("sub", RootSignature(1, 1));
  UnflattenResult result = MustUnflatten(b.Finish({r}));
  EXPECT_THAT(Paths(result), ElementsAre("", "sub", "sub.lin"));
  EXPECT_THAT(PrintFxGraph(result.module->graph()), Not(HasSubstr("tree_flatten_spec")));
  EXPECT_THAT(PrintFxGraph(result.module->FindSubmodule("sub")->graph()),
              Not(HasSubstr("_positional_arg_0")));
}

// A call of `sub` whose signature was not preserved, beside two that were
// (found by fuzzing): the dispatcher at `sub` would run it in one of their
// turns, with none of its own arguments. PyTorch builds that module, which
// fails when called; the program is refused, whether the call comes after
// the preserved ones or between them (the dispatcher replaces the calls
// with a signature by name, not the first two).
TEST(UnflattenTest, AnUnpreservedCallOfADispatchedModuleIsRefused) {
  for (const std::string unpreserved : {"sub@2", "sub@1"}) {
    SCOPED_TRACE(unpreserved);
    ProgramBuilder b;
    Node* w = b.Parameter("sub.lin.weight", {4, 4});
    Node* x = b.UserInput("x", {2, 4});
    Node* first = CallSub(b, w, x, 0);
    Node* second = CallSub(b, w, first, 1, "sub", {}, kMul);
    Node* third = CallSub(b, w, second, 2, "sub", {}, kAdd);
    for (const auto& [call, in, out] : {std::make_tuple("sub", x, first),
                                        std::make_tuple("sub@1", first, second),
                                        std::make_tuple("sub@2", second, third)}) {
      if (call != unpreserved) PreserveCall(b, call, in, out);
    }
    EXPECT_THAT(std::string(Unflatten(b.Finish({third})).status().message()),
                HasSubstr(absl::StrCat("module call '", unpreserved,
                                       "' has no preserved signature, but the other calls of "
                                       "'sub' have")));
  }
}

std::vector<std::string> PathsWithCalls(const UnflattenResult& result) {
  std::vector<std::string> out;
  for (const ModulePath& m : ListModules(*result.module, CallModules::kWithCalls)) {
    out.push_back(m.same_as.empty() ? m.path : absl::StrCat(m.path, "=", m.same_as));
  }
  return out;
}

TEST(UnflattenTest, PreservedSignatureCalledTwiceIsDispatched) {
  UnflattenResult result = MustUnflatten(PreservedSubCalledTwice(kMul));
  ASSERT_TRUE(VerifyGraphModule(*result.module).ok()) << VerifyGraphModule(*result.module);
  // named_modules sees the dispatcher and the first call's submodules.
  EXPECT_THAT(Paths(result), ElementsAre("", "sub", "sub.lin"));
  const GraphModule* dispatcher = result.module->FindSubmodule("sub");
  EXPECT_EQ(dispatcher->class_name(), "InterpreterModuleDispatcher");
  EXPECT_FALSE(dispatcher->has_graph());
  // Behind it, one module per call, sharing the dispatcher's submodules.
  EXPECT_THAT(PathsWithCalls(result), ElementsAre("", "sub", "sub.lin", "sub.@0",
                                                  "sub.@0.lin=sub.lin", "sub.@1",
                                                  "sub.@1.lin=sub.lin"));
  EXPECT_THAT(GraphOf(result, "sub.@0"), HasSubstr("torch.ops.aten.relu.default"));
  EXPECT_THAT(GraphOf(result, "sub.@1"), HasSubstr("torch.ops.aten.mul.Tensor"));
  // The caller calls `sub` both times: the dispatcher counts the calls.
  const std::string root = GraphOf(result, "");
  EXPECT_THAT(root, HasSubstr("call_module[target=sub](args = (%getitem_2,)"));
  EXPECT_THAT(root, Not(HasSubstr("sub@1")));
  EXPECT_THAT(FormatModuleTree(*result.module),
              HasSubstr("sub: InterpreterModuleDispatcher\nsub.lin: InterpreterModule"));
  // print_readable leaves the graphless dispatcher out, as PyTorch's does.
  EXPECT_THAT(PrintReadable(*result.module), Not(HasSubstr("class sub(")));
}

TEST(UnflattenTest, IdenticalPreservedCallsShareOneCallModule) {
  UnflattenResult result = MustUnflatten(PreservedSubCalledTwice(kRelu));
  EXPECT_THAT(PathsWithCalls(result), ElementsAre("", "sub", "sub.lin", "sub.@0",
                                                  "sub.@0.lin=sub.lin", "sub.@1=sub.@0",
                                                  "sub.@1.lin=sub.lin"));
  EXPECT_TRUE(VerifyGraphModule(*result.module).ok());
}

TEST(UnflattenTest, StackErrorsNameTheNode) {
  ProgramBuilder b;
  Node* x = b.UserInput("x", {2});
  Node* y = b.Call(kRelu, {Ref(x)}, {2});
  y->mutable_meta().nn_module_stack.clear();
  EXPECT_EQ(Unflatten(b.Finish({y})).status().message(),
            "node 'relu' has no nn_module_stack; unflatten needs one on every node");

  ProgramBuilder c;
  x = c.UserInput("x", {2});
  c.Enter("a");
  c.Enter("b.c");  // not below `a`
  y = c.Call(kRelu, {Ref(x)}, {2});
  c.Exit();
  c.Exit();
  EXPECT_EQ(Unflatten(c.Finish({y})).status().message(),
            "module 'b.c' is called inside module 'a' but is not one of its submodules; "
            "unflatten cannot nest it");

  ProgramBuilder d;
  x = d.UserInput("x", {2});
  y = d.Call(kRelu, {Ref(x)}, {2});
  // Module stacks are immutable: the root's entry dropped, "m" appended.
  const ModuleStack& stack = y->meta().nn_module_stack;
  std::vector<ModuleStackEntry> edited(stack.begin() + 1, stack.end());
  edited.push_back(ModuleStackEntry{Symbol::Intern("m"), Symbol::Intern("m"), Symbol::Intern("M")});
  y->mutable_meta().nn_module_stack = edited;
  EXPECT_EQ(Unflatten(d.Finish({y})).status().message(),
            "node 'relu': its nn_module_stack starts at module 'm', not at the root");
}

// Each call of a module ("@N" of its key) is one run of consecutive nodes.
// Found by the exported_program fuzzer: a call named again after it ended
// was outlined twice under one call name, and merging identical calls then
// removed the submodule a call_module still targeted.
TEST(UnflattenTest, ACallNamedAgainAfterItEndedIsRejected) {
  // sub@1 again after sub@2 (a key's "@N" off by one).
  ProgramBuilder a;
  Node* w = a.Parameter("sub.lin.weight", {4, 4});
  Node* x = a.UserInput("x", {2, 4});
  Node* y = CallSub(a, w, CallSub(a, w, CallSub(a, w, x, 0), 1), 2);
  a.Enter("sub", "Sub", 1);
  y = a.Call(kRelu, {Ref(y)}, {2, 4});
  a.Exit();
  EXPECT_EQ(Unflatten(a.Finish({y})).status().message(),
            "node 'relu_3': nn_module_stack key 'sub@1' names call 2 of module 'sub' (call name "
            "'sub@1'), which earlier nodes already made and ended; the nodes of one module call "
            "must be consecutive and each call's key (\"@N\") distinct");

  // The fuzzer's case: the second call of sub calls lin's first call again.
  ProgramBuilder b;
  w = b.Parameter("sub.lin.weight", {4, 4});
  x = b.UserInput("x", {2, 4});
  y = CallSub(b, w, x, 0);
  b.Enter("sub", "Sub", 1);
  b.Enter("sub.lin", "torch.nn.modules.linear.Linear", 0);
  y = b.Call(kLinear, {Ref(y), Ref(w)}, {2, 4});
  b.Exit();
  b.Exit();
  EXPECT_THAT(std::string(Unflatten(b.Finish({y})).status().message()),
              HasSubstr("node 'linear_1': nn_module_stack key 'sub_lin' names call 1 of module "
                        "'sub.lin' (call name 'sub.lin'), which earlier nodes already made"));
}

// Calls of one key share their submodules (as for a module shared under two
// paths), so a key must not name a module and one inside it. Found by
// sweeping mutated keys over the fixtures: `a@1` naming `a.lin` made a.lin@1
// share a's submodules, among them itself, and ordering the submodules
// recursed until the stack overflowed.
TEST(UnflattenTest, AKeyNamingAModuleAndOneInsideItIsRejected) {
  ProgramBuilder a;
  Node* w = a.Parameter("sub.lin.weight", {4, 4});
  Node* x = a.UserInput("x", {2, 4});
  Node* y = CallSub(a, w, x, 0);
  a.Enter("sub.lin", "Linear", 1, "sub");
  y = a.Call(kRelu, {Ref(y)}, {2, 4});
  a.Exit();
  EXPECT_EQ(Unflatten(a.Finish({y})).status().message(),
            "node 'relu_1': nn_module_stack key 'sub@1' names module 'sub.lin', but earlier "
            "nodes' key 'sub' named module 'sub'; a module cannot contain itself");
}

// Keys that are odd but name each call once, and no module inside itself,
// still give a module that verifies (MustUnflatten checks it).
TEST(UnflattenTest, OddButConsistentCallKeysStillUnflatten) {
  // A key reused for a sibling: `other` shares sub's submodules (as a
  // module shared under two paths does in real exports).
  ProgramBuilder a;
  Node* w = a.Parameter("sub.lin.weight", {4, 4});
  Node* x = a.UserInput("x", {2, 4});
  Node* y = CallSub(a, w, x, 0);
  a.Enter("other", "Other", 0, "sub");
  y = a.Call(kRelu, {Ref(y)}, {2, 4});
  a.Exit();
  EXPECT_THAT(Paths(MustUnflatten(a.Finish({y}))),
              ElementsAre("", "sub", "sub.lin", "other", "other.lin=sub.lin"));

  // "@N" without the first call: the calls are `sub@2` and `sub@2.lin@2`;
  // the state still goes to every call name of its owner, creating the
  // modules that hold it (PyTorch's _assign_attr).
  ProgramBuilder b;
  w = b.Parameter("sub.lin.weight", {4, 4});
  x = b.UserInput("x", {2, 4});
  EXPECT_THAT(Paths(MustUnflatten(b.Finish({CallSub(b, w, x, 2)}))),
              IsSupersetOf({"", "sub@2", "sub@2.lin@2", "sub", "sub.lin"}));
}

// One module path under two keys (the fuzzer's case: `sub` as `a`, then `b`,
// then `a` again) gives sub's calls parents with separate submodule tables.
// Merging the identical calls of `sub.lin` used to point the last call at
// `lin@1`, which only the other table held: a module that failed
// verification. The call now shares the merged module under its own name.
TEST(UnflattenTest, IdenticalCallsUnderParentsOfDifferentKeysMerge) {
  ProgramBuilder b;
  Node* w = b.Parameter("sub.lin.weight", {4, 4});
  Node* y = b.UserInput("x", {2, 4});
  const std::pair<absl::string_view, absl::string_view> keys[] = {
      {"a", "x"}, {"b", "l"}, {"a", "l"}};
  for (int call = 0; call < 3; ++call) {
    b.Enter("sub", "Sub", call, keys[call].first);
    // The first call's child has another path (`lin` is spelt `l,in`).
    b.Enter(call == 0 ? "sub.l,in" : "sub.lin", "torch.nn.modules.linear.Linear", call,
            keys[call].second);
    y = b.Call(kLinear, {Ref(y), Ref(w)}, {2, 4});
    b.Exit();
    y = b.Call(kRelu, {Ref(y)}, {2, 4});
    b.Exit();
  }
  UnflattenResult result = MustUnflatten(b.Finish({y}));
  // sub@2 shares sub's table (key `a`), so its lin call cannot be pointed
  // at sub@1's `lin@1`: it keeps its own name for the merged module.
  EXPECT_THAT(Paths(result),
              ElementsAre("", "sub", "sub.l,in", "sub.lin@2", "sub.lin", "sub@1",
                          "sub@1.lin@1=sub.lin@2", "sub@1.lin", "sub@2", "sub@2.l,in=sub.l,in",
                          "sub@2.lin@2=sub.lin@2", "sub@2.lin=sub.lin"));
}

TEST(UnflattenTest, InvalidProgramsAreRejected) {
  ProgramBuilder b;
  Node* x = b.UserInput("x", {2});
  ExportedProgram program = b.Finish({b.Call(kRelu, {Ref(x)}, {2})});
  program.graph_signature.output_specs.clear();
  EXPECT_EQ(Unflatten(program).status().message(),
            "the graph returns 1 values but the signature lists 0 outputs");
}

class KeywordsToPositional : public FlatArgsAdapter {
 public:
  absl::StatusOr<std::vector<Argument>> Adapt(const TreeSpec& target, const TreeSpec& input,
                                              std::vector<Argument> args) const override {
    ++calls;
    if (keep_extra) return args;
    args.resize(target.num_leaves());
    return args;
  }
  mutable int calls = 0;
  bool keep_extra = false;
};

TEST(UnflattenTest, FlatArgsMustMatchTheRootSpecOrBeAdapted) {
  ProgramBuilder b;
  Node* x = b.UserInput("x", {2});
  UnflattenResult result = MustUnflatten(b.Finish({b.Call(kRelu, {Ref(x)}, {2})}));
  const TreeSpec exported = result.module_call_graph[0].signature->in_spec;
  std::vector<Argument> one = {Argument::Int(1)};
  EXPECT_EQ(MatchFlatArgs(result, exported, one).value(), one);

  // Called with (x, y=...): another structure.
  TreeSpec other = RootSignature(1, 1).in_spec;
  other.children[1] = TreeSpec{"builtins.dict", R"(["y"])", {TreeSpec::Leaf()}};
  std::vector<Argument> two = {Argument::Int(1), Argument::Int(2)};
  absl::Status mismatch = MatchFlatArgs(result, other, two).status();
  EXPECT_THAT(std::string(mismatch.message()),
              HasSubstr("have structure TreeSpec(tuple, null, [TreeSpec(tuple, null, [*]), "
                        "TreeSpec(dict, [\"y\"], [*])]) but the program was exported for"));
  KeywordsToPositional adapter;
  EXPECT_EQ(MatchFlatArgs(result, other, two, &adapter).value(), one);
  EXPECT_EQ(adapter.calls, 1);
  adapter.keep_extra = true;
  EXPECT_THAT(std::string(MatchFlatArgs(result, other, two, &adapter).status().message()),
              HasSubstr("the FlatArgsAdapter returned 2 arguments; the program takes 1"));
}

TEST(StructuralTest, NamesDoNotCountTargetsAndArgumentsDo) {
  auto make = [](absl::string_view name, absl::string_view target, int64_t k) {
    auto g = std::make_unique<Graph>();
    Node* x = g->Placeholder(name);
    Node* y = g->CallFunction(target, {Argument::Ref(x), Argument::Int(k)});
    g->Output(Argument::Ref(y));
    return g;
  };
  auto a = make("x", kAdd, 1);
  auto renamed = make("input_1", kAdd, 1);
  auto other_target = make("x", kMul, 1);
  auto other_arg = make("x", kAdd, 2);
  EXPECT_TRUE(StructurallyEqual(*a, *renamed));
  EXPECT_EQ(StructuralHash(*a), StructuralHash(*renamed));
  EXPECT_FALSE(StructurallyEqual(*a, *other_target));
  EXPECT_FALSE(StructurallyEqual(*a, *other_arg));
  EXPECT_NE(StructuralHash(*a), StructuralHash(*other_arg));
  EXPECT_EQ(StructuralDump(*a),
            "0: placeholder[]()\n"
            "1: call_function[torch.ops.aten.add.Tensor](%0, 1)\n"
            "2: output[](%1)\n");
}

TEST(UnflattenScaleTest, LargeTransformer) {
  // 2,500 layers, ~100k nodes: one graph per module call, every layer's
  // graph the same. Speed is measured in //bench:unflatten_bench.
  ExportedProgram program = MakeExportedTransformer(2500);
  EXPECT_EQ(static_cast<int64_t>(program.graph_module->graph().size()),
            2 + 2500 * ExportedTransformerNodesPerLayer());
  UnflattenResult result = MustUnflatten(program);
  const std::vector<ModulePath> modules = ListModules(*result.module);
  EXPECT_EQ(modules.size(), 2u + 2500 * 12);  // root, layers, 12 per layer
  EXPECT_TRUE(StructurallyEqual(result.module->FindSubmodule("layers.0")->graph(),
                                result.module->FindSubmodule("layers.2499")->graph()));
  // One input, q/k/v/proj calls, 13 aten calls, the output.
  EXPECT_EQ(result.module->FindSubmodule("layers.7.attn")->graph().size(), 19u);
}

// Issue 16: a program that writes a user input (export's
// USER_INPUT_MUTATION output, here from PyTorch 2.6's run_decompositions)
// unflattens to a module that copies the new value back into the input and
// returns the user outputs only, as the signature says; it used to return
// the new value as an extra result and leave the input alone.
TEST(UnflattenTest, UserInputMutationIsCopiedBackIntoTheInput) {
  for (const char* name : {"input_mutation_decomposed", "input_mutation_batchnorm_decomposed"}) {
    SCOPED_TRACE(name);
    absl::StatusOr<ExportedProgram> program = ReadExportedProgram(
        absl::StrCat("export/testdata/pytorch_wrong/", name, ".json"));
    ASSERT_TRUE(program.ok()) << program.status();
    absl::StatusOr<UnflattenResult> result = Unflatten(*program);
    ASSERT_TRUE(result.ok()) << result.status();
    const Graph& root = result->module->graph();
    const Argument& returned = root.output_node()->args()[0];
    const size_t results = returned.kind() == ArgKind::kTuple ? returned.elements().size() : 1;
    EXPECT_EQ(results, 1u) << PrintFxGraph(root);
    const Node* copy_back = nullptr;
    for (const Node* n : root.nodes()) {
      if (n->target() == "torch.ops.aten.copy_" && n->args()[0].is_node() &&
          n->args()[0].node()->op() == OpKind::kPlaceholder && n->args()[0].node()->name() == "x") {
        copy_back = n;
      }
    }
    ASSERT_NE(copy_back, nullptr) << PrintFxGraph(root);
    // What the caller's x becomes is also what the rest of the program reads.
    for (const Node* n : root.nodes()) {
      if (n == copy_back) continue;
      n->ForEachInput([&](const Node* input) {
        EXPECT_NE(input, copy_back->args()[1].node()) << n->name() << " reads the value before "
                                                         "the copy into x";
      });
    }
  }
}

// `p` only calls its child `c`, passing a flag that specializes c's graph:
// p's two calls have equal graphs but call c and c@1, which differ. PyTorch
// 2.6 merges them (its graph comparison ignores call_module targets), so its
// second p call computes c(x, True) again. They must stay two calls.
TEST(UnflattenTest, CallsOfDifferentChildCallsDoNotMerge) {
  absl::StatusOr<ExportedProgram> program =
      ReadExportedProgram("export/testdata/pytorch_wrong/nested_specialized_calls.json");
  ASSERT_TRUE(program.ok()) << program.status();
  absl::StatusOr<UnflattenResult> result = Unflatten(*program);
  ASSERT_TRUE(result.ok()) << result.status();
  std::vector<std::string> called;
  for (const Node* n : result->module->graph().nodes()) {
    if (n->op() == OpKind::kCallModule) called.emplace_back(n->target());
  }
  EXPECT_THAT(called, ElementsAre("p", "p@1")) << PrintFxGraph(result->module->graph());
  // p@1's c@1 is the module at p.c@1 (calls of p share their children).
  const GraphModule* first = result->module->FindSubmodule("p.c");
  const GraphModule* second = result->module->FindSubmodule("p.c@1");
  ASSERT_TRUE(first != nullptr && first->has_graph());
  ASSERT_TRUE(second != nullptr && second->has_graph());
  EXPECT_FALSE(StructurallyEqual(first->graph(), second->graph()));
}

// Strict export with preserved signatures records the children of an
// nn.Sequential as `seq._modules.0` (PyTorch 2.6's unflatten fails on it):
// they are `seq.0`, which owns its parameters (none are left as inputs).
TEST(UnflattenTest, ModulePathsThroughModulesDictAreDottedPaths) {
  absl::StatusOr<ExportedProgram> program =
      ReadExportedProgram("export/testdata/pytorch_wrong/preserved_in_sequential.json");
  ASSERT_TRUE(program.ok()) << program.status();
  UnflattenResult result = MustUnflatten(*program);
  EXPECT_THAT(Paths(result), ElementsAre("", "seq", "seq.0", "seq.1", "seq.2"));
  for (const char* path : {"seq.0", "seq.2"}) {
    const GraphModule* linear = result.module->FindSubmodule(path);
    ASSERT_NE(linear, nullptr) << path;
    EXPECT_NE(linear->FindState("weight"), nullptr) << path;
    int placeholders = 0;
    for (const Node* n : linear->graph().nodes()) placeholders += n->op() == OpKind::kPlaceholder;
    EXPECT_EQ(placeholders, 1) << path;  // its input; weight and bias are its own
  }
}

// `a` and `b` are one module, called as a(x, True) and b(x, False); strict
// export records one key for both names and one for their child `c`, whose
// two calls trace to different graphs. One module cannot run both; PyTorch
// 2.6 gives it the second call's graph (a wrong result). Refused.
TEST(UnflattenTest, OneSharedModuleCalledDifferentlyUnderTwoNamesIsRefused) {
  absl::StatusOr<ExportedProgram> program =
      ReadExportedProgram("export/testdata/pytorch_wrong/shared_specialized_calls.json");
  ASSERT_TRUE(program.ok()) << program.status();
  EXPECT_THAT(std::string(Unflatten(*program).status().message()),
              HasSubstr("module call 'b.c' is a call of a submodule its caller shares with an "
                        "earlier call's (one nn_module_stack key), but traces to another graph"));
}

}  // namespace
}  // namespace fxpp
