#include "ir/fxg/fxg.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fxg/meta_reader.h"
#include "testing/fxg_reader_threads.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

// ---- structural equality ---------------------------------------------------------

Argument Normalize(const Argument& a) {
  return a.MapNodes([](Node* n) { return Argument::Opaque(absl::StrCat("<node ", n->name(), ">")); });
}

void ExpectSameGraph(const Graph& a, const Graph& b) {
  const std::vector<Node*> x = a.NodeVector();
  const std::vector<Node*> y = b.NodeVector();
  ASSERT_EQ(x.size(), y.size());
  for (size_t i = 0; i < x.size(); ++i) {
    SCOPED_TRACE(x[i]->name());
    EXPECT_EQ(x[i]->name(), y[i]->name());
    EXPECT_EQ(x[i]->op(), y[i]->op());
    EXPECT_EQ(x[i]->target(), y[i]->target());
    EXPECT_EQ(x[i]->type_annotation(), y[i]->type_annotation());
    ASSERT_EQ(x[i]->args().size(), y[i]->args().size());
    for (size_t j = 0; j < x[i]->args().size(); ++j) {
      EXPECT_EQ(Normalize(x[i]->args()[j]), Normalize(y[i]->args()[j]));
    }
    ASSERT_EQ(x[i]->kwargs().size(), y[i]->kwargs().size());
    for (size_t j = 0; j < x[i]->kwargs().size(); ++j) {
      EXPECT_EQ(x[i]->kwargs()[j].name, y[i]->kwargs()[j].name);
      EXPECT_EQ(Normalize(x[i]->kwargs()[j].value), Normalize(y[i]->kwargs()[j].value));
    }
    EXPECT_EQ(x[i]->num_users(), y[i]->num_users());
    EXPECT_EQ(x[i]->meta(), y[i]->meta());
  }
}

void ExpectSameModule(const GraphModule& a, const GraphModule& b) {
  EXPECT_EQ(a.class_name(), b.class_name());
  EXPECT_EQ(a.state(), b.state());
  ASSERT_EQ(a.has_graph(), b.has_graph());
  if (a.has_graph()) ExpectSameGraph(a.graph(), b.graph());
  ASSERT_EQ(a.children().size(), b.children().size());
  for (size_t i = 0; i < a.children().size(); ++i) {
    SCOPED_TRACE(a.children()[i].first);
    EXPECT_EQ(a.children()[i].first, b.children()[i].first);
    ExpectSameModule(*a.children()[i].second, *b.children()[i].second);
  }
}

std::unique_ptr<GraphModule> MustParse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<GraphModule>> parsed = ParseFxg(text, "test.fxg");
  EXPECT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  if (!parsed.ok()) std::abort();
  return std::move(*parsed);
}

// Print -> parse -> print gives the same text and an equal module.
void ExpectRoundTrip(const GraphModule& module) {
  const std::string text = PrintFxg(module);
  std::unique_ptr<GraphModule> parsed = MustParse(text);
  EXPECT_EQ(PrintFxg(*parsed), text);
  ExpectSameModule(module, *parsed);
}

// ---- a module with every meta field and every Argument kind ------------------

TensorMeta Tensor(ScalarType dtype, std::initializer_list<SymDim> shape,
                  std::initializer_list<SymDim> stride = {}) {
  TensorMeta t;
  t.dtype = dtype;
  t.shape.assign(shape.begin(), shape.end());
  t.stride.assign(stride.begin(), stride.end());
  return t;
}

std::vector<Argument> EveryArgumentKind(Node* x) {
  return {Argument::None(),
          Argument::Bool(true),
          Argument::Int(std::numeric_limits<int64_t>::min()),
          Argument::Float(-0.0),
          Argument::Float(std::numeric_limits<double>::infinity()),
          Argument::Float(1e-05),
          Argument::String("it's, (b) = [c]: %x\n"),
          Argument::String(""),
          Argument::Ref(x),
          Argument::List({Argument::Int(1), Argument::List({})}),
          Argument::Tuple({Argument::Tuple({Argument::Ref(x)})}),
          Argument::Dict({{Argument::String("k"), Argument::Ref(x)},
                          {Argument::Int(2), Argument::Dict({})}}),
          Argument::Slice(Argument::None(), Argument::Ref(x), Argument::Int(2)),
          Argument::Dtype(ScalarType::kBFloat16),
          Argument::Device("cuda:1"),
          Argument::Format(MemoryFormat::kChannelsLast),
          Argument::LayoutValue(Layout::kSparseCsr),
          Argument::SymInt("s0 + 1"),
          Argument::EllipsisValue(),
          Argument::Opaque("torch.Size([2, 3])")};
}

// Long function: the one fixture with every kind of state, meta, argument
// and child the round-trip tests must see, written out as a single module.
std::unique_ptr<GraphModule> MakeRichModule() {
  auto root = std::make_unique<GraphModule>("GraphModule");
  StateEntry weight{"weight", StateKind::kParameter, Tensor(ScalarType::kFloat32, {4, 3}, {3, 1})};
  weight.tensor.requires_grad = true;
  StateEntry mean{"running_mean", StateKind::kBuffer,
                  Tensor(ScalarType::kFloat32, {SymDim::Symbolic("s0")}, {1})};
  StateEntry mask{"mask", StateKind::kBuffer, Tensor(ScalarType::kBool, {2, 2})};
  mask.persistent = false;
  mask.storage_group = 7;
  StateEntry constant{"_tensor_constant0", StateKind::kConstant,
                      Tensor(ScalarType::kInt64, {}, {})};
  constant.tensor.device = Symbol::Intern("cuda:0");
  constant.storage_group = 7;
  StateEntry odd{"odd name", StateKind::kConstant,
                 Tensor(ScalarType::kQUInt4x2, {SymDim::Symbolic("Max(1, s0)"), 3})};
  odd.tensor.device = Symbol::Intern("weird device");
  odd.tensor.memory_format = MemoryFormat::kChannelsLast3d;
  for (StateEntry* e : {&weight, &mean, &mask, &constant, &odd}) {
    EXPECT_TRUE(root->AddState(*e).ok());
  }

  Graph& g = root->graph();
  Node* x = g.Placeholder("x", "torch.Tensor");
  Node* n = g.Placeholder("n");
  n->SetArgs({Argument::Tuple({Argument::Int(1), Argument::String("two")})});
  Node* w = g.GetAttr("weight");
  Node* f = g.CallFunction("torch.ops.aten.foo.default", EveryArgumentKind(x),
                           {{Symbol::Intern("alpha"), Argument::Float(0.5)},
                            {Symbol::Intern("odd name"), Argument::List(EveryArgumentKind(w))}});
  Node* sub = g.CallModule("sub", {Argument::Ref(f)});
  Node* m = g.CallMethod("view", {Argument::Ref(sub), Argument::SymInt("s0"), Argument::Int(-1)});
  g.Output(Argument::Tuple({Argument::Ref(m), Argument::Ref(n)}), "torch.Tensor");

  TensorMeta symbolic = Tensor(ScalarType::kFloat32, {SymDim::Symbolic("s0"), 3}, {3, 1});
  symbolic.requires_grad = true;
  symbolic.memory_format = MemoryFormat::kContiguous;
  x->mutable_meta().val = ValueMeta::Tensor(symbolic);
  x->mutable_meta().stack_trace =
      Symbol::Intern("  File \"model.py\", line 3, in forward\n    return f(x)\n\n  tab\there\n");
  x->mutable_meta().seq_nr = 0;
  n->mutable_meta().val = ValueMeta::Tuple({ValueMeta::Int(1), ValueMeta()});
  n->mutable_meta().stack_trace = Symbol::Intern("no final newline");
  n->mutable_meta().tag = Symbol::Intern("");
  w->mutable_meta().val = ValueMeta::Tensor(weight.tensor);
  w->mutable_meta().stack_trace = Symbol::Intern("carriage\r\nreturn");
  f->mutable_meta().val = ValueMeta::Tuple(
      {ValueMeta::Tensor(Tensor(ScalarType::kFloat16, {2})),
       ValueMeta::List({ValueMeta::Int(-3), ValueMeta::Float(-0.0), ValueMeta::Float(1e300),
                        ValueMeta::Bool(true), ValueMeta(),
                        ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, "s0 + 1"),
                        ValueMeta::Symbolic(ValueMeta::Kind::kSymFloat, "0.5*s1"),
                        ValueMeta::Symbolic(ValueMeta::Kind::kSymBool, "Eq(s0, 2)"),
                        ValueMeta::Opaque("Foo('x')")}),
       ValueMeta::Tuple({ValueMeta::Tensor(Tensor(ScalarType::kComplex64, {}))}),
       ValueMeta::List({}), ValueMeta::Tuple({})});
  NodeMeta& fm = f->mutable_meta();
  fm.nn_module_stack = {
      {Symbol::Intern("L__self___layers_0"), Symbol::Intern("L['self'].layers[0]"),
       Symbol::Intern("torch.nn.modules.container.Sequential")},
      {Symbol::Intern("L__self___layers_0_lin"), Symbol::Intern("layers.0.lin"),
       Symbol::Intern("<class 'torch.nn.modules.linear.Linear'>")}};
  fm.source_fn_stack = {{Symbol::Intern("linear"), Symbol::Intern("torch._C._nn.linear")},
                        {Symbol::Intern("it's"), Symbol::Intern("\"quoted\"")}};
  fm.tag = Symbol::Intern("tag with 'quotes'");
  fm.seq_nr = 42;
  fm.SetExtra("from_node", "[{\"name\": \"linear\", \"target\": \"aten.linear\"}]");
  fm.SetExtra("pretty json", "{\n  \"a\": 1\n}");
  fm.SetExtra("empty", "");
  fm.SetExtra("'quoted'", "'not json'");
  sub->mutable_meta().val = ValueMeta::Opaque("<object>");
  g.output_node()->mutable_meta().tag = Symbol::Intern("out");

  auto child = std::make_unique<GraphModule>("SubModule");
  Node* a = child->graph().Placeholder("a");
  Node* relu = child->graph().CallFunction("torch.relu", {Argument::Ref(a)});
  relu->mutable_meta().val = ValueMeta::Tensor(Tensor(ScalarType::kFloat32, {2}, {1}));
  child->graph().Output(Argument::Ref(relu));
  EXPECT_TRUE(root->AddChild("sub", std::move(child)).ok());

  auto lin = GraphModule::Opaque("torch.nn.modules.linear.Linear");
  EXPECT_TRUE(lin->AddState({"bias", StateKind::kParameter, Tensor(ScalarType::kFloat32, {4})}).ok());
  EXPECT_TRUE(lin->AddChild("in ner", GraphModule::Opaque("torch.nn.Identity")).ok());
  EXPECT_TRUE(root->AddChild("lin", std::move(lin)).ok());
  auto empty = std::make_unique<GraphModule>("Empty");
  EXPECT_TRUE(root->AddChild("empty", std::move(empty)).ok());
  return root;
}

TEST(Fxg, RoundTripsEveryMetaFieldAndArgumentKind) { ExpectRoundTrip(*MakeRichModule()); }

TEST(Fxg, OpaqueRootAndEmptyModule) {
  ExpectRoundTrip(*GraphModule::Opaque("torch.nn.Module"));
  ExpectRoundTrip(GraphModule("GraphModule"));
}

// The printer writes modules in preorder, but a module may come after
// any module whose subtree is done: its parent is not among the last one's
// ancestors, and the reader must still find it (not take the module at the
// same depth it saw last).
TEST(Fxg, ModulesOutOfPreorderFindTheirParents) {
  absl::StatusOr<std::unique_ptr<GraphModule>> parsed =
      ParseFxg("fxg 1\nopaque: R\nopaque a: A\nopaque a.b: AB\nopaque c: C\nopaque c.b: CB\n"
               "opaque a.b.x: ABX\nopaque a.d: AD\nopaque c.b.y: CBY\n",
               "f.fxg");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const GraphModule& root = **parsed;
  const std::pair<const char*, const char*> expected[] = {
      {"a", "A"}, {"a.b", "AB"}, {"c", "C"}, {"c.b", "CB"},
      {"a.b.x", "ABX"}, {"a.d", "AD"}, {"c.b.y", "CBY"}};
  for (const auto& [path, class_name] : expected) {
    const GraphModule* module = root.FindSubmodule(path);
    ASSERT_NE(module, nullptr) << path;
    EXPECT_EQ(module->class_name(), class_name) << path;
  }
  EXPECT_EQ(root.FindSubmodule("c.b")->children().size(), 1u);
  EXPECT_EQ(root.FindSubmodule("a.b")->children().size(), 1u);
}

// `return x` stands for exactly one output node: named and targeting
// "output", untyped, one argument. Any other output node prints in the general
// form and reads back unchanged (the fuzzer found an output target lost).
TEST(Fxg, OutputNodesThatAreNotPlainReturnRoundTrip) {
  struct Case {
    std::string name, target, type;
  };
  for (const Case& c : {Case{"output", "outpqt", ""}, Case{"result", "output", ""},
                        Case{"output", "output", "Tuple[int]"}}) {
    SCOPED_TRACE(c.name + " " + c.target + " " + c.type);
    GraphModule module;
    auto graph = std::make_unique<Graph>();
    Node* x = graph->Placeholder("x");
    ASSERT_TRUE(graph
                    ->CreateNamedNode(OpKind::kOutput, c.name, c.target, {Argument::Ref(x)}, {},
                                      c.type)
                    .ok());
    module.set_graph(std::move(graph));
    ExpectRoundTrip(module);
    EXPECT_EQ(PrintFxg(module).find("return"), std::string::npos) << PrintFxg(module);
  }
}

// The example of docs/FXG_FORMAT.md.
TEST(Fxg, GoldenText) {
  const std::string text =
      "fxg 1\n"
      "module: GraphModule\n"
      "  buffer steps: i64[] cpu non_persistent\n"
      "graph():  # typed\n"
      "    %x : torch.Tensor [num_users=1] = placeholder[target=x]\n"
      "        # val: f32[s0, 3] stride=(3, 1) cpu\n"
      "    %linear : [num_users=1] = call_module[target=lin](args = (%x,), kwargs = {})\n"
      "        # val: f32[s0, 4] stride=(4, 1) cpu requires_grad\n"
      "        # stack_trace: |\n"
      "        #   |   File \"model.py\", line 8, in forward\n"
      "        #   |     return self.lin(x).relu()\n"
      "        # nn_module_stack: 'L__self___lin': ('lin', 'torch.nn.modules.linear.Linear')\n"
      "        # source_fn_stack: ('lin', 'torch.nn.modules.linear.Linear')\n"
      "        # seq_nr: 1\n"
      "    %relu : [num_users=1] = call_method[target=relu](args = (%linear,), kwargs = {})\n"
      "        # val: f32[s0, 4] stride=(4, 1) cpu requires_grad\n"
      "        # extra quantization: {\"scale\": 0.5}\n"
      "    return (relu,)\n"
      "\n"
      "opaque lin: torch.nn.modules.linear.Linear\n"
      "  parameter weight: f32[4, 3] stride=(3, 1) cpu requires_grad\n"
      "  parameter bias: f32[4] stride=(1,) cpu requires_grad\n";
  std::unique_ptr<GraphModule> module = MustParse(text);
  EXPECT_EQ(PrintFxg(*module), text);
  const Node* linear = module->graph().FindNode("linear");
  ASSERT_NE(linear, nullptr);
  EXPECT_EQ(linear->meta().stack_trace.str(),
            "  File \"model.py\", line 8, in forward\n    return self.lin(x).relu()\n");
  EXPECT_EQ(linear->meta().val->tensor().shape[0], SymDim::Symbolic("s0"));
  EXPECT_FALSE(module->state()[0].persistent);
  EXPECT_EQ(module->FindSubmodule("lin")->state().size(), 2u);
}

// ---- real graphs -----------------------------------------------------------------

std::filesystem::path FixtureRoot() { return RunfilePath("testing/graphs").value(); }

TEST(Fxg, FixturesWrappedInModulesRoundTrip) {
  int count = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(FixtureRoot())) {
    if (entry.path().extension() != ".fx") continue;
    SCOPED_TRACE(entry.path().string());
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(buffer.str(), entry.path().string());
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    GraphModule module;
    module.set_graph(std::move(parsed->graph));
    ExpectRoundTrip(module);
    ++count;
  }
  EXPECT_GT(count, 50);
}

// ---- bad input ---------------------------------------------------------------------

// Every prefix of a valid file parses or fails with "file:line:column: ".
// The reader parses each distinct stack trace block, value, module stack
// line and state tensor once and reuses the result for the same text: texts
// that differ only in what the reuse could confuse (`|` vs `|-`, an escape,
// ` non_persistent`, ` storage_group=N`) must keep their own values.
TEST(Fxg, RepeatedMetadataTextsKeepTheirOwnValues) {
  const std::string text =
      "fxg 1\n"
      "module: G\n"
      "  parameter w: f32[2] stride=(1,) cpu\n"
      "  buffer b: f32[2] stride=(1,) cpu non_persistent\n"
      "  buffer c: f32[2] stride=(1,) cpu\n"
      "  buffer d: f32[2] stride=(1,) cpu storage_group=1\n"
      "  buffer e: f32[2] stride=(1,) cpu non_persistent storage_group=1\n"
      "  buffer f: f32[2] stride=(1,) cpu storage_group=2\n"
      "graph():  # typed\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "        # val: f32[2] stride=(1,) cpu\n"
      "        # stack_trace: |\n"
      "        #   | a\n"
      "        # nn_module_stack: 'k': ('p', 't')\n"
      "    %y : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})\n"
      "        # val: f32[2] stride=(1,) cpu\n"
      "        # stack_trace: |-\n"
      "        #   | a\n"
      "        # nn_module_stack: 'k': ('p', 't')\n"
      "    %z : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%y,), kwargs = {})\n"
      "        # val: f32[2] stride=(1,) cpu requires_grad\n"
      "        # stack_trace: |\n"
      "        #   | a\n"
      "        # nn_module_stack: 'k': ('p', 't\\n')\n"
      "    return (z,)\n";
  std::unique_ptr<GraphModule> m = MustParse(text);
  EXPECT_EQ(PrintFxg(*m), text);
  const Node* x = m->graph().FindNode("x");
  const Node* y = m->graph().FindNode("y");
  const Node* z = m->graph().FindNode("z");
  ASSERT_TRUE(x != nullptr && y != nullptr && z != nullptr);
  EXPECT_EQ(x->meta().stack_trace.str(), "a\n");
  EXPECT_EQ(y->meta().stack_trace.str(), "a");
  EXPECT_EQ(z->meta().stack_trace.str(), "a\n");
  EXPECT_EQ(x->meta().val, y->meta().val);
  EXPECT_FALSE(x->meta().val->tensor().requires_grad);
  EXPECT_TRUE(z->meta().val->tensor().requires_grad);
  EXPECT_EQ(x->meta().nn_module_stack, y->meta().nn_module_stack);
  ASSERT_EQ(z->meta().nn_module_stack.size(), 1u);
  EXPECT_EQ(z->meta().nn_module_stack[0].type.str(), "t\n");
  ASSERT_EQ(m->state().size(), 6u);
  EXPECT_TRUE(m->state()[0].persistent);
  EXPECT_FALSE(m->state()[1].persistent);
  EXPECT_TRUE(m->state()[2].persistent);
  EXPECT_EQ(m->state()[2].storage_group, 0u);
  EXPECT_EQ(m->state()[3].storage_group, 1u);
  EXPECT_FALSE(m->state()[4].persistent);
  EXPECT_EQ(m->state()[4].storage_group, 1u);
  EXPECT_EQ(m->state()[5].storage_group, 2u);
}

TEST(Fxg, TruncatedTextFailsCleanly) {
  const std::string text = PrintFxg(*MakeRichModule());
  for (size_t cut = 0; cut < text.size(); ++cut) {
    absl::StatusOr<std::unique_ptr<GraphModule>> parsed = ParseFxg(text.substr(0, cut), "cut.fxg");
    if (!parsed.ok()) {
      EXPECT_TRUE(absl::StartsWith(parsed.status().message(), "cut.fxg:")) << parsed.status();
    }
  }
}

// ---- the reader's second thread -------------------------------------------------------

// What the root graph of `text` reads as when a MetaPrefetcher started at
// `from` gives its metadata, and whether the prefetcher's `then` ran.
absl::StatusOr<ParsedFxGraph> ReadWithPrefetcher(const SourceText& src, size_t from,
                                                 bool* then_done) {
  const size_t header = src.text().find("graph():");
  MetaPrefetcher prefetcher(src, from, {}, [then_done] { *then_done = true; });
  size_t pos = header;
  absl::StatusOr<ParsedFxGraph> read = ParseFxGraphAt(src, &pos, &prefetcher);
  prefetcher.FinishGraph();
  return read;
}

// The graph reader takes each node's metadata from a MetaPrefetcher, which
// read it on its own thread and does its caller's work after: the nodes
// carry what a MetaReader gives them. Started elsewhere than the graph
// (at the next module's), the prefetcher's lines are not the graph's, and
// the graph's metadata is read by the reader itself, just as well.
TEST(Fxg, MetaPrefetcherHandsEachNodeItsMetadata) {
  const std::string text = PrintFxg(*MakeRichModule());
  const size_t header = text.find("graph():");
  ASSERT_NE(header, std::string::npos);
  const SourceText src(text, "m.fxg");
  MetaReader serial;
  size_t pos = header;
  absl::StatusOr<ParsedFxGraph> expected = ParseFxGraphAt(src, &pos, &serial);
  serial.Finish();
  ASSERT_TRUE(expected.ok()) << expected.status();
  const std::vector<Node*> nodes = expected->graph->NodeVector();
  EXPECT_EQ(std::count_if(nodes.begin(), nodes.end(), [](Node* n) { return n->has_meta(); }), 6);
  for (const size_t from : {header, text.find("module sub:")}) {
    SCOPED_TRACE(from);
    bool then_done = false;
    absl::StatusOr<ParsedFxGraph> threaded = ReadWithPrefetcher(src, from, &then_done);
    EXPECT_TRUE(then_done);
    ASSERT_TRUE(threaded.ok()) << threaded.status();
    ExpectSameGraph(*threaded->graph, *expected->graph);
  }
}

// With or without the second thread, a text reads the same, errors
// included: the rich module's text (graphs in two modules), the same with
// a graph in FX's untyped spelling (whose lines the thread leaves to the
// reader), and each of their line mutations.
TEST(Fxg, TheReaderThreadChangesNoResult) {
  const std::string rich = PrintFxg(*MakeRichModule());
  const std::string untyped = absl::StrCat(
      rich, "\nmodule other: X\ngraph():\n    %a : [num_users=1] = placeholder[target=a]\n",
      "        # seq_nr: 3\n    return a\n        # tag: 'out'\n");
  ASSERT_TRUE(ParseFxg(untyped, "u.fxg").ok());
  // Stack trace blocks last in a node's lines, up to the text's last line.
  const std::string traces =
      "fxg 1\nmodule: G\ngraph():  # typed\n    %a : [num_users=1] = placeholder[target=a]\n"
      "        # stack_trace: |\n        #   | one\n        #   |   two\n"
      "    %b : [num_users=1] = placeholder[target=b]\n        # seq_nr: 1\n"
      "        # stack_trace: |-\n        #   | three\n"
      "    return (a, b)\n        # stack_trace: |\n        #   | four";
  ASSERT_TRUE(ParseFxg(traces, "t.fxg").ok());
  FxgReadCounts counts;
  for (const std::string& text : {rich, untyped, traces}) {
    const absl::Status agree = CheckFxgReaderThreadsAgreeOnMutations(text, &counts);
    ASSERT_TRUE(agree.ok()) << agree;
  }
  // Both outcomes are compared, many times each.
  EXPECT_GT(counts.read, 100);
  EXPECT_GT(counts.errors, 500);
}

// The text is checked for UTF-8 as the parse reaches it, a block at a
// time; the error is still the first invalid byte's, wherever it is, and
// takes the place of any parse error, as when the text was checked first.
TEST(Fxg, InvalidUtf8AnywhereIsTheError) {
  std::string text = "fxg 1\nmodule: G\ngraph():  # typed\n";
  // Lines enough for several blocks (64 KiB each).
  for (int i = 0; i < 20000; ++i) {
    absl::StrAppend(&text, "    %x", i, " : [num_users=0] = placeholder[target=x", i, "]\n");
  }
  text += "    return ()\n";
  ASSERT_TRUE(ParseFxg(text, "f.fxg").ok());
  const size_t late = text.size() - 200;  // in a line well past the first blocks
  const size_t line = std::count(text.begin(), text.begin() + late, '\n') + 1;
  const size_t column = late - text.rfind('\n', late - 1);
  const std::string error =
      absl::StrCat("f.fxg:", line, ":", column, ": invalid UTF-8 (byte 0xff)");
  std::string bad = text;
  bad[late] = '\xff';
  absl::StatusOr<std::unique_ptr<GraphModule>> parsed = ParseFxg(bad, "f.fxg");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(std::string(parsed.status().message()), error);
  // A parse error before it, the end of the text after it: the same error.
  for (const size_t at : {size_t{40}, text.size() - 1}) {
    std::string worse = bad;
    worse[at] = '#';
    parsed = ParseFxg(worse, "f.fxg");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(std::string(parsed.status().message()), error) << at;
  }
}

TEST(Fxg, BadStorageGroupErrors) {
  const std::string state = "fxg 1\nopaque: X\n  buffer w: f32[2] cpu";
  const std::pair<std::string, std::string> cases[] = {
      {" storage_group=0\n", "f.fxg:3:38: storage group '0' is not a positive 32-bit integer"},
      {" storage_group=4294967296\n",
       "f.fxg:3:38: storage group '4294967296' is not a positive 32-bit integer"},
      {" storage_group=\n", "f.fxg:3:38: expected a storage group, found end of line"},
      {" storage_group=1 non_persistent\n", "f.fxg:3:39: expected end of line, found ' '"},
  };
  for (const auto& [suffix, error] : cases) {
    absl::StatusOr<std::unique_ptr<GraphModule>> parsed = ParseFxg(state + suffix, "f.fxg");
    ASSERT_FALSE(parsed.ok()) << suffix;
    EXPECT_EQ(std::string(parsed.status().message()), error) << suffix;
  }
}

TEST(Fxg, BadInputErrors) {
  struct Case {
    const char* name;
    std::string text;
    const char* error;
  };
  const std::string root = "fxg 1\nmodule: G\ngraph():  # typed\n";
  const std::string x = root + "    %x : [num_users=0] = placeholder[target=x]\n";
  const Case cases[] = {
      {"empty", "", "f.fxg:1:1: expected 'fxg 1', found end of input"},
      {"magic", "fxg 2\n", "f.fxg:1:1: expected 'fxg 1', found 'fxg'"},
      {"no root", "fxg 1\n", "f.fxg:2:1: expected 'module: <class name>', found end of input"},
      {"keyword", "fxg 1\nmodul: G\n", "f.fxg:2:1: expected 'module' or 'opaque', found 'modul'"},
      {"child first", "fxg 1\nopaque a: X\n",
       "f.fxg:2:8: expected the root module ('module: ...') first"},
      {"second root", "fxg 1\nopaque: X\nopaque: Y\n", "f.fxg:3:1: a second root module"},
      {"no parent", "fxg 1\nopaque: X\nopaque a.b: Y\n",
       "f.fxg:3:8: parent module 'a' of 'a.b' is not defined above"},
      {"duplicate child", "fxg 1\nopaque: X\nopaque a: Y\nopaque a: Z\n",
       "f.fxg:4:8: attribute 'a' already exists"},
      {"no graph", "fxg 1\nmodule: G\n",
       "f.fxg:3:1: expected 'graph():  # typed', found end of input"},
      {"state kind", "fxg 1\nopaque: X\n  param w: f32[2] cpu\n",
       "f.fxg:3:3: expected 'parameter', 'buffer' or 'constant', found 'param'"},
      {"dtype", "fxg 1\nopaque: X\n  parameter w: f33[2] cpu\n",
       "f.fxg:3:16: expected a dtype (f32, i64, b8, ...), found 'f33'"},
      {"dtype alias", "fxg 1\nopaque: X\n  parameter w: float[2] cpu\n",
       "f.fxg:3:16: expected a dtype (f32, i64, b8, ...), found 'float'"},
      {"dim", "fxg 1\nopaque: X\n  parameter w: f32[2, #] cpu\n",
       "f.fxg:3:23: expected a dimension (an int, a symbol expression or a quoted one), found '#'"},
      {"device", "fxg 1\nopaque: X\n  parameter w: f32[2]\n",
       "f.fxg:3:22: expected ' ', found end of line"},
      {"duplicate state", "fxg 1\nopaque: X\n  buffer w: f32[2] cpu\n  buffer w: f32[2] cpu\n",
       "f.fxg:4:10: attribute 'w' already exists"},
      {"trailing", "fxg 1\nopaque: X\n  buffer w: f32[2] cpu persistent\n",
       "f.fxg:3:23: expected end of line, found ' '"},
      {"graph error", root + "    %x : [num_users=2] = placeholder[target=x]\n",
       "f.fxg:4:21: 'x' has 0 users in the parsed graph, but the text says num_users=2"},
      {"not utf-8", "fxg 1\nopaque: X\xff\n", "f.fxg:2:10: invalid UTF-8 (byte 0xff)"},
      {"meta first", root + "        # val: None\n",
       "f.fxg:4:1: annotation before the first statement"},
      {"meta field", x + "        # colour: 'red'\n",
       "f.fxg:5:11: unknown meta field 'colour' (expected val, stack_trace, nn_module_stack, "
       "source_fn_stack, tag, seq_nr or extra)"},
      {"meta duplicate", x + "        # val: None\n        # val: None\n",
       "f.fxg:6:11: duplicate meta field 'val'"},
      {"meta value", x + "        # val: f32[2 cpu\n",
       "f.fxg:5:25: expected ']', found end of line"},
      {"meta tuple", x + "        # val: (None)\n", "f.fxg:5:21: expected ',)', found ')'"},
      {"meta block", x + "        #   | orphan\n",
       "f.fxg:5:14: a '|' line outside a stack_trace block"},
      {"meta string", x + "        # tag: 'open\n", "f.fxg:5:16: unterminated string literal"},
      {"meta seq_nr", x + "        # seq_nr: 1.5\n", "f.fxg:5:19: expected an integer, found '1'"},
      {"meta colon", x + "        # val:None\n", "f.fxg:5:14: expected ': ', found ':'"},
      {"meta name only", x + "        # seq_nr\n", "f.fxg:5:17: expected ': ', found end of line"},
      {"meta extra twice", x + "        # extra k: 1\n        # extra k: 2\n",
       "f.fxg:6:11: duplicate meta field 'extra'"},
      // A node's lines are read one after another, each placed where it is.
      {"meta later line",
       x + "        # val: None\n        # stack_trace: |\n        #   | a\n        #   |b\n",
       "f.fxg:8:14: expected ' ', found 'b'"},
      {"meta last line", x + "        # val: None\n        # seq_nr: 1\n        # tag: 'x",
       "f.fxg:7:16: unterminated string literal"},
      {"meta next node",
       x + "        # seq_nr: 1\n    %y : [num_users=0] = placeholder[target=y]\n"
           "        # seq_nr: 1\n        # seq_nr: 2\n",
       "f.fxg:8:11: duplicate meta field 'seq_nr'"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<std::unique_ptr<GraphModule>> parsed = ParseFxg(c.text, "f.fxg");
    ASSERT_FALSE(parsed.ok()) << c.name;
    EXPECT_EQ(std::string(parsed.status().message()), c.error) << c.name;
  }
}

}  // namespace
}  // namespace fxpp
