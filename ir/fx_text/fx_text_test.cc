#include "ir/fx_text/fx_text.h"

#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/limits.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

// Node references replaced by "<node NAME>", so values of different graphs
// compare.
Argument Normalize(const Argument& a) {
  return a.MapNodes([](Node* n) {
    return Argument::Opaque(absl::StrCat("<node ", n == nullptr ? "null" : n->name(), ">"));
  });
}

ParsedFxGraph MustParse(absl::string_view text) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  if (!parsed.ok()) std::abort();
  return std::move(*parsed);
}

FxPrintOptions Typed(FxDialect dialect = FxDialect::kTorch2) {
  FxPrintOptions o;
  o.dialect = dialect;
  o.typed_literals = true;
  return o;
}

// graph(x): f = call_function[target=f](args...); return f
std::unique_ptr<Graph> CallGraph(const std::function<std::vector<Argument>(Node*)>& args,
                                 KwArgs kwargs = {}) {
  auto graph = std::make_unique<Graph>();
  Node* x = graph->Placeholder("x");
  Node* f = graph->CallFunction("f", args(x), std::move(kwargs));
  graph->Output(Argument::Ref(f));
  return graph;
}

// The text between "(args = " and the end of f's line.
std::string CallLineTail(const std::string& text) {
  const size_t start = text.find("%f : ");
  const size_t args = text.find("(args = ", start);
  return text.substr(args, text.find('\n', args) - args);
}

// ---- every Argument kind, in both spellings ------------------------------------

struct KindCase {
  const char* name;
  std::function<Argument(Node* x)> make;
  const char* fx;     // as _format_arg prints it
  const char* repr;   // as str(container) prints it in a return value
  const char* typed;  // the typed spelling
};

std::vector<KindCase> KindCases() {
  return {
      {"none", [](Node*) { return Argument::None(); }, "None", "None", "None"},
      {"bool", [](Node*) { return Argument::Bool(true); }, "True", "True", "True"},
      {"int", [](Node*) { return Argument::Int(-7); }, "-7", "-7", "-7"},
      {"float", [](Node*) { return Argument::Float(1e-05); }, "1e-05", "1e-05", "1e-05"},
      {"string", [](Node*) { return Argument::String("mean"); }, "mean", "'mean'", "'mean'"},
      {"node", [](Node* x) { return Argument::Ref(x); }, "%x", "x", "%x"},
      {"list", [](Node* x) { return Argument::List({Argument::Int(1), Argument::Ref(x)}); },
       "[1, %x]", "[1, x]", "[1, %x]"},
      {"tuple1", [](Node*) { return Argument::Tuple({Argument::Int(1)}); }, "(1,)", "(1,)",
       "(1,)"},
      {"dict",
       [](Node* x) {
         return Argument::Dict({{Argument::String("k"), Argument::String("v w")},
                                {Argument::Int(2), Argument::Ref(x)}});
       },
       "{k: v w, 2: %x}", "{'k': 'v w', 2: x}", "{'k': 'v w', 2: %x}"},
      {"slice",
       [](Node* x) { return Argument::Slice(Argument::None(), Argument::Ref(x), Argument::String("s")); },
       "slice(None, x, 's')", "slice(None, x, 's')", "slice(None, x, 's')"},
      {"dtype", [](Node*) { return Argument::Dtype(ScalarType::kFloat16); }, "torch.float16",
       "torch.float16", "torch.float16"},
      {"device", [](Node*) { return Argument::Device("cuda:0"); }, "cuda:0",
       "device(type='cuda', index=0)", "device(type='cuda', index=0)"},
      {"memory_format", [](Node*) { return Argument::Format(MemoryFormat::kChannelsLast); },
       "torch.channels_last", "torch.channels_last", "torch.channels_last"},
      {"layout", [](Node*) { return Argument::LayoutValue(Layout::kStrided); }, "torch.strided",
       "torch.strided", "torch.strided"},
      {"symint", [](Node*) { return Argument::SymInt("s0 + 1"); }, "s0 + 1", "s0 + 1",
       "SymInt('s0 + 1')"},
      {"ellipsis", [](Node*) { return Argument::EllipsisValue(); }, "Ellipsis", "Ellipsis",
       "Ellipsis"},
      {"opaque", [](Node*) { return Argument::Opaque("(1+2j)"); }, "(1+2j)", "(1+2j)",
       "Opaque('(1+2j)')"},
  };
}

TEST(FxText, EveryArgumentKindInArgs) {
  for (const KindCase& c : KindCases()) {
    SCOPED_TRACE(c.name);
    auto graph = CallGraph([&](Node* x) { return std::vector<Argument>{c.make(x)}; });
    const Argument expected = Normalize(graph->FindNode("f")->args()[0]);
    for (const bool typed : {false, true}) {
      FxPrintOptions options = typed ? Typed() : FxPrintOptions();
      const std::string text = PrintFxGraph(*graph, options);
      EXPECT_EQ(CallLineTail(text),
                absl::StrCat("(args = (", typed ? c.typed : c.fx, ",), kwargs = {})"));
      ParsedFxGraph parsed = MustParse(text);
      EXPECT_EQ(Normalize(parsed.graph->FindNode("f")->args()[0]), expected) << text;
      EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
    }
  }
}

TEST(FxText, EveryArgumentKindInReturnValue) {
  for (const KindCase& c : KindCases()) {
    SCOPED_TRACE(c.name);
    auto graph = std::make_unique<Graph>();
    Node* x = graph->Placeholder("x");
    graph->Output(Argument::Tuple({c.make(x), Argument::Ref(x)}));
    const Argument expected = Normalize(graph->output_node()->args()[0]);
    for (const bool typed : {false, true}) {
      const std::string text = PrintFxGraph(*graph, typed ? Typed() : FxPrintOptions());
      // The typed spelling of a return value names nodes bare, as repr() does.
      const std::string spelling = typed ? absl::StrReplaceAll(c.typed, {{"%", ""}}) : c.repr;
      EXPECT_THAT(text, HasSubstr(absl::StrCat("    return (", spelling, ", x)\n")));
      ParsedFxGraph parsed = MustParse(text);
      EXPECT_EQ(Normalize(parsed.graph->output_node()->args()[0]), expected) << text;
      EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
    }
  }
}

TEST(FxText, TopLevelReturnAndDefaultUseStr) {
  auto graph = std::make_unique<Graph>();
  Node* mode = graph->Placeholder("mode");
  mode->SetArgs({Argument::String("a b, c")});
  Node* dev = graph->Placeholder("dev");
  dev->SetArgs({Argument::Device("cuda:1")});
  graph->Output(Argument::String("hello world"));
  EXPECT_EQ(PrintFxGraph(*graph),
            "graph():\n"
            "    %mode : [num_users=0] = placeholder[target=mode](default=a b, c)\n"
            "    %dev : [num_users=0] = placeholder[target=dev](default=cuda:1)\n"
            "    return hello world\n");
  EXPECT_EQ(PrintFxGraph(*graph, Typed()),
            "graph():  # typed\n"
            "    %mode : [num_users=0] = placeholder[target=mode](default='a b, c')\n"
            "    %dev : [num_users=0] = placeholder[target=dev](default=device(type='cuda', "
            "index=1))\n"
            "    return 'hello world'\n");
  for (const FxPrintOptions& options : {FxPrintOptions(), Typed()}) {
    const std::string text = PrintFxGraph(*graph, options);
    ParsedFxGraph parsed = MustParse(text);
    EXPECT_EQ(parsed.graph->FindNode("mode")->args()[0], Argument::String("a b, c"));
    EXPECT_EQ(parsed.graph->FindNode("dev")->args()[0], Argument::Device("cuda:1"));
    EXPECT_EQ(parsed.graph->output_node()->args()[0], Argument::String("hello world"));
  }
}

TEST(FxText, Dialects) {
  auto graph = CallGraph([](Node* x) { return std::vector<Argument>{Argument::Ref(x)}; });
  FxPrintOptions old;
  old.dialect = FxDialect::kTorch113;
  const std::string text113 = PrintFxGraph(*graph, old);
  EXPECT_EQ(text113,
            "graph():\n"
            "    %x : [#users=1] = placeholder[target=x]\n"
            "    %f : [#users=1] = call_function[target=f](args = (%x,), kwargs = {})\n"
            "    return f\n");
  EXPECT_EQ(MustParse(text113).dialect, FxDialect::kTorch113);
  const std::string text2 = PrintFxGraph(*graph);
  EXPECT_THAT(text2, HasSubstr("%x : [num_users=1] = placeholder[target=x]"));
  EXPECT_EQ(MustParse(text2).dialect, FxDialect::kTorch2);
  // Without node lines the dialect cannot show; printing is the same.
  EXPECT_EQ(MustParse("graph():\n    return None\n").dialect, FxDialect::kTorch2);
  EXPECT_EQ(PrintFxGraph(*MustParse("graph():\n").graph), "graph():\n");
}

TEST(FxText, CallFunctionTargetsPrintAsPyTorchPrintsThem) {
  auto graph = std::make_unique<Graph>();
  Node* x = graph->Placeholder("x");
  for (const char* target : {"_operator.mul", "getattr", "torch._ops.aten.add.Tensor",
                             "operator.add", "torch.relu"}) {
    graph->CallFunction(target, {Argument::Ref(x)});
  }
  graph->Output(Argument::None());
  const std::string text = PrintFxGraph(*graph);
  for (const char* printed : {"[target=operator.mul]", "[target=builtins.getattr]",
                              "[target=torch.ops.aten.add.Tensor]", "[target=operator.add]",
                              "[target=torch.relu]"}) {
    EXPECT_THAT(text, HasSubstr(printed));
  }
  // The typed spelling keeps targets as the IR holds them.
  ParsedFxGraph typed = MustParse(PrintFxGraph(*graph, Typed()));
  EXPECT_NE(typed.graph->FindNode("mul"), nullptr);
  EXPECT_EQ(typed.graph->FindNode("mul")->target(), "_operator.mul");
  EXPECT_EQ(typed.graph->FindNode("getattr_1")->target(), "getattr");
}

// ---- typed spelling: lossless -----------------------------------------------------

TEST(FxText, TypedRoundTripOfEveryKindNested) {
  auto graph = std::make_unique<Graph>();
  Node* x = graph->Placeholder("x", "torch.Tensor");
  Node* later = nullptr;  // referenced before its definition below
  std::vector<Argument> leaves = {
      Argument::None(),
      Argument::Bool(false),
      Argument::Int(std::numeric_limits<int64_t>::min()),
      Argument::Int(std::numeric_limits<int64_t>::max()),
      Argument::Float(-0.0),
      Argument::Float(std::numeric_limits<double>::infinity()),
      Argument::Float(std::numeric_limits<double>::quiet_NaN()),
      Argument::Float(0.1),
      Argument::Float(1e300),
      Argument::String(""),
      Argument::String("it's \"quoted\", (b) = [c]: %x\nnext\tline \xc3\xa9 \xe2\x80\xa8"),
      Argument::String("None"),
      Argument::String("cpu"),
      Argument::String("torch.float32"),
      Argument::String("1"),
      Argument::Ref(x),
      Argument::Dtype(ScalarType::kBFloat16),
      Argument::Dtype(ScalarType::kFloat8E4M3FN),
      Argument::Device("cpu"),
      Argument::Device("weird:device"),
      Argument::Format(MemoryFormat::kPreserve),
      Argument::LayoutValue(Layout::kMkldnn),
      Argument::SymInt("Max(1, s0) + (s1//2)"),
      Argument::EllipsisValue(),
      Argument::Opaque("Foo('a)', [1, 2])"),
      Argument::Opaque(""),
      Argument::Tuple({}),
      Argument::List({}),
      Argument::Dict({}),
  };
  std::vector<Argument> nested = leaves;
  nested.push_back(Argument::List({Argument::Tuple({Argument::Tuple({Argument::Ref(x)})}),
                                   Argument::List({Argument::List({})})}));
  nested.push_back(Argument::Dict({{Argument::String("k: v, w"), Argument::List(leaves)},
                                   {Argument::Int(3), Argument::None()},
                                   {Argument::None(), Argument::Tuple(leaves)},
                                   {Argument::Tuple({Argument::Int(1), Argument::Int(2)}),
                                    Argument::Dict({{Argument::String(""), Argument::Ref(x)}})}}));
  nested.push_back(Argument::Slice(Argument::Ref(x), Argument::String("a, b"),
                                   Argument::Slice(Argument::None(), Argument::Int(1),
                                                   Argument::SymInt("s0"))));
  KwArgs kwargs = {{Symbol::Intern("dim"), Argument::Int(1)},
                   {Symbol::Intern("odd name: x"), Argument::List(nested)}};
  Node* f = graph->CallFunction("torch.ops.aten.foo.default", nested, kwargs);
  graph->Placeholder("p")->SetArgs({Argument::Tuple(leaves)});
  later = graph->CallMethod("relu", {Argument::Ref(f)});
  f->SetArg(0, Argument::Ref(later));  // a forward reference
  graph->Output(Argument::Dict({{Argument::String("out"), Argument::Ref(later)},
                                {Argument::String("all"), Argument::Tuple(nested)}}));

  const std::string text = PrintFxGraph(*graph, Typed());
  ParsedFxGraph parsed = MustParse(text);
  EXPECT_TRUE(parsed.typed_literals);
  EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
  ASSERT_EQ(parsed.graph->size(), graph->size());
  auto original = graph->NodeVector();
  auto copy = parsed.graph->NodeVector();
  for (size_t i = 0; i < original.size(); ++i) {
    SCOPED_TRACE(original[i]->name());
    EXPECT_EQ(copy[i]->name(), original[i]->name());
    EXPECT_EQ(copy[i]->op(), original[i]->op());
    EXPECT_EQ(copy[i]->target(), original[i]->target());
    EXPECT_EQ(copy[i]->type_annotation(), original[i]->type_annotation());
    ASSERT_EQ(copy[i]->args().size(), original[i]->args().size());
    for (size_t j = 0; j < original[i]->args().size(); ++j) {
      EXPECT_EQ(Normalize(copy[i]->args()[j]), Normalize(original[i]->args()[j])) << j;
    }
    ASSERT_EQ(copy[i]->kwargs().size(), original[i]->kwargs().size());
    for (size_t j = 0; j < original[i]->kwargs().size(); ++j) {
      EXPECT_EQ(copy[i]->kwargs()[j].name, original[i]->kwargs()[j].name);
      EXPECT_EQ(Normalize(copy[i]->kwargs()[j].value), Normalize(original[i]->kwargs()[j].value));
    }
    EXPECT_EQ(copy[i]->num_users(), original[i]->num_users());
  }
}

TEST(FxText, TypedGeneralFormKeepsWhatFxDoesNotPrint) {
  auto graph = std::make_unique<Graph>();
  graph->Placeholder("output");  // the output node becomes output_1
  Node* x = graph->Placeholder("x");
  x->SetKwargs({{Symbol::Intern("k"), Argument::Int(1)}});
  Node* w = graph->GetAttr("w");
  w->SetArgs({Argument::Int(2)});
  graph->Output(Argument::Tuple({Argument::Ref(x), Argument::Ref(w)}), "torch.Tensor");
  const std::string text = PrintFxGraph(*graph, Typed());
  EXPECT_EQ(text,
            "graph():  # typed\n"
            "    %output : [num_users=0] = placeholder[target=output]\n"
            "    %x : [num_users=1] = placeholder[target=x](args = (), kwargs = {k: 1})\n"
            "    %w : [num_users=1] = get_attr[target=w](args = (2,), kwargs = {})\n"
            "    %output_1 : torch.Tensor [num_users=0] = output[target=output](args = ((%x, "
            "%w),), kwargs = {})\n");
  ParsedFxGraph parsed = MustParse(text);
  EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
  const Node* out = parsed.graph->output_node();
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->name(), "output_1");
  EXPECT_EQ(out->type_annotation(), "torch.Tensor");
  EXPECT_EQ(parsed.graph->FindNode("x")->kwargs().size(), 1u);
  EXPECT_EQ(parsed.graph->FindNode("w")->args()[0], Argument::Int(2));
  // PyTorch's own spelling drops what it cannot show, as FX does.
  EXPECT_EQ(PrintFxGraph(*graph),
            "graph():\n"
            "    %output : [num_users=0] = placeholder[target=output]\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %w : [num_users=1] = get_attr[target=w]\n"
            "    return (x, w)\n");
}

// ---- the FX spelling's ambiguities --------------------------------------------

// How `args = (%x, TEXT)` reads, shown in the typed spelling.
TEST(FxText, AmbiguityRules) {
  struct Case {
    const char* fx;
    const char* typed;
  };
  const Case cases[] = {
      {"mean", "'mean'"},
      {"bij,bjk->bik", "'bij,bjk->bik'"},
      {"a, b", "'a', 'b'"},                          // shortest strings
      {"a, (b) = [c]", "'a', '(b) = [c]'"},
      {"it's %x", "\"it's %x\""},                    // %x inside text is text
      {"key: value}", "'key: value}'"},
      {"", "''"},
      {"None", "None"},
      {"True", "True"},
      {"-12", "-12"},
      {"007", "'007'"},                              // not how Python prints an int
      {"1.50", "'1.50'"},
      {"1e-05", "1e-05"},
      {"-inf", "-inf"},
      {"nan", "nan"},
      {"1180591620717411303424", "Opaque('1180591620717411303424')"},
      {"(1+2j)", "Opaque('(1+2j)')"},
      {"(1+2j), 2j, True, False, None", "Opaque('(1+2j)'), Opaque('2j'), True, False, None"},
      {"(-0-infj), (nan+1e-05j), (1, 2)", "Opaque('(-0-infj)'), Opaque('(nan+1e-05j)'), (1, 2)"},
      {"torch.int64", "torch.int64"},
      {"torch.long", "'torch.long'"},                // str(torch.long) is torch.int64
      {"torch.channels_last", "torch.channels_last"},
      {"torch.strided", "torch.strided"},
      {"cpu", "device(type='cpu')"},
      {"cuda:1", "device(type='cuda', index=1)"},
      {"cuda:x", "'cuda:x'"},
      {"s0", "SymInt('s0')"},
      {"2*s0 + 1", "SymInt('2*s0 + 1')"},
      {"(s0//2)", "SymInt('(s0//2)')"},
      {"Ellipsis", "Ellipsis"},
      {"slice(1, None, -1)", "slice(1, None, -1)"},
      {"slice('a', x, None)", "slice('a', x, None)"},  // slice parts are repr()'d
      {"tensor([1.0000, 2.5000])", "Opaque('tensor([1.0000, 2.5000])')"},
      {"(1, 2)", "(1, 2)"},
      {"(b)", "'(b)'"},                              // a 1-tuple prints as (b,)
      {"(b,)", "('b',)"},
      {"(,)", "('',)"},
      {"[%x, [1]]", "[%x, [1]]"},
      {"{1: %x, has space: [%x], None: cpu}", "{1: %x, 'has space': [%x], None: device(type='cpu')}"},
      {"{(1, 2): 3}", "{'(1, 2)': 3}"},
      {"{}", "{}"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fx);
    const std::string text = absl::StrCat(
        "graph():\n    %x : [num_users=1] = placeholder[target=x]\n"
        "    %f : [num_users=0] = call_function[target=f](args = (%x, ", c.fx,
        "), kwargs = {})\n    return None\n");
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "t.fx");
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(PrintFxGraph(*parsed->graph, parsed->print_options()), text);
    EXPECT_EQ(CallLineTail(PrintFxGraph(*parsed->graph, Typed())),
              absl::StrCat("(args = (%x, ", c.typed, "), kwargs = {})"));
  }
}

TEST(FxText, KwargNamesAndStringsSpanningLines) {
  const std::string text =
      "graph():\n"
      "    %x : [#users=1] = placeholder[target=x]\n"
      "    %f : [#users=1] = call_function[target=f](args = (%x, line one\n"
      "line two), kwargs = {a b: 1, mode: x, y})\n"
      "    return f\n";
  ParsedFxGraph parsed = MustParse(text);
  EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
  const Node* f = parsed.graph->FindNode("f");
  EXPECT_EQ(f->args()[1], Argument::String("line one\nline two"));
  ASSERT_EQ(f->kwargs().size(), 2u);
  EXPECT_EQ(f->kwargs()[0].name.str(), "a b");
  EXPECT_EQ(f->kwargs()[1].value, Argument::String("x, y"));  // "y" alone is no kwarg
}

TEST(FxText, BareReturnNameIsNodeOrString) {
  const std::string node =
      "graph():\n    %x : [num_users=1] = placeholder[target=x]\n    return x\n";
  EXPECT_TRUE(MustParse(node).graph->output_node()->args()[0].is_node());
  const std::string string =
      "graph():\n    %x : [num_users=0] = placeholder[target=x]\n    return x\n";
  EXPECT_EQ(MustParse(string).graph->output_node()->args()[0], Argument::String("x"));
  const std::string unknown = "graph():\n    return nothing_here\n";
  EXPECT_EQ(MustParse(unknown).graph->output_node()->args()[0], Argument::String("nothing_here"));
  for (const std::string& text : {node, string, unknown}) {
    ParsedFxGraph parsed = MustParse(text);
    EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
  }
}

TEST(FxText, ForwardReferencesAreKept) {
  // FX prints the node list as it is, even when a pass broke the order.
  const std::string text =
      "graph():\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    %a : [num_users=1] = call_function[target=f](args = (%b, slice(None, b, None)), kwargs = {})\n"
      "    %b : [num_users=1] = call_function[target=g](args = (%x,), kwargs = {})\n"
      "    return a\n";
  ParsedFxGraph parsed = MustParse(text);
  EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
  EXPECT_EQ(parsed.graph->FindNode("a")->input(0), parsed.graph->FindNode("b"));
  EXPECT_FALSE(VerifyGraph(*parsed.graph).ok());
}

TEST(FxText, NamedTuplesKeepTheirSpelling) {
  const std::string text =
      "graph():\n"
      "    %x : [num_users=1] = placeholder[target=x]\n"
      "    %p : [num_users=0] = placeholder[target=p](default=Cfg(a=1, b=('s', None)))\n"
      "    return [Point(x=x, y={'k': Empty()}), (x,)]\n";
  ParsedFxGraph parsed = MustParse(text);
  EXPECT_EQ(PrintFxGraph(*parsed.graph, parsed.print_options()), text);
  EXPECT_EQ(PrintFxGraph(*parsed.graph, Typed()),
            "graph():  # typed\n"
            "    %x : [num_users=1] = placeholder[target=x]\n"
            "    %p : [num_users=0] = placeholder[target=p](default=(1, ('s', None)))\n"
            "    return [(x, {'k': ()}), (x,)]\n");
  // Without the facts a namedtuple is the tuple it is.
  EXPECT_EQ(Normalize(parsed.graph->output_node()->args()[0]),
            Argument::List({Argument::Tuple({Argument::Opaque("<node x>"),
                                             Argument::Dict({{Argument::String("k"),
                                                              Argument::Tuple({})}})}),
                            Argument::Tuple({Argument::Opaque("<node x>")})}));
}

// ---- bad input --------------------------------------------------------------------

// Found by //testing/fuzz:fx_text_fuzzer: a typed placeholder whose default
// held "](args = " was read back as the general form.
TEST(FxText, TypedDefaultsThatLookLikeCallArgumentsRoundTrip) {
  for (const char* fx : {"graph():\n    %x : [num_users=1] = placeholder[target=x](default=](args = )\n"
                         "    return x\n",
                         "graph():\n    %x : [num_users=1] = placeholder[target=x](default=a](default=b)\n"
                         "    return x\n"}) {
    const ParsedFxGraph parsed = MustParse(fx);
    const std::string typed = PrintFxGraph(*parsed.graph, Typed());
    const ParsedFxGraph reparsed = MustParse(typed);
    EXPECT_EQ(PrintFxGraph(*reparsed.graph, Typed()), typed);
    EXPECT_EQ(PrintFxGraph(*reparsed.graph, parsed.print_options()), fx);
  }
}

// Issue 21: complex numbers before keyword arguments once took the search
// past its attempt budget.
TEST(FxText, ComplexNumbersAmongManyArgumentsParse) {
  const std::string text =
      "graph():\n    %x : [num_users=1] = placeholder[target=x]\n"
      "    %f : [num_users=1] = call_function[target=f](args = (%x, (1+2j), 2j, True, False, "
      "None, (3-4j), (1+0j)), kwargs = {a: 1, b: 2, c: 3, d: (5+6j)})\n    return f\n";
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "t.fx");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(PrintFxGraph(*parsed->graph, parsed->print_options()), text);
}

// Nesting is bounded (ir/limits.h): at the limit it parses, one deeper is a
// located error, and 17,000 deep (once a stack overflow) is the same error.
TEST(FxText, NestingLimit) {
  auto graph = [](int depth, absl::string_view open, absl::string_view close) {
    std::string value = "1";
    for (int i = 1; i < depth; ++i) value = absl::StrCat(open, value, close);
    return absl::StrCat("graph():\n    %x : [num_users=1] = placeholder[target=x]\n"
                        "    %f : [num_users=1] = call_function[target=f](args = (%x, ",
                        value, "), kwargs = {})\n    return f\n");
  };
  EXPECT_TRUE(ParseFxGraph(graph(kMaxArgumentNesting, "[", "]"), "t.fx").ok());
  for (int depth : {kMaxArgumentNesting + 1, 17000}) {
    for (const auto& [open, close] : {std::pair("[", "]"), std::pair("(", ",)"),
                                      std::pair("{k: ", "}")}) {
      absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(graph(depth, open, close), "t.fx");
      ASSERT_FALSE(parsed.ok());
      EXPECT_THAT(std::string(parsed.status().message()),
                  HasSubstr("values nested more than 16 deep"));
      EXPECT_THAT(std::string(parsed.status().message()), HasSubstr("t.fx:3:"));
    }
  }
}

// Malformed FX text: each case is its own test, so that every failing case
// is reported (not only the first of a loop).
struct BadInput {
  const char* name;
  std::string text;
  const char* error;
};

const std::string kOneInput = "graph():\n    %x : [num_users=1] = placeholder[target=x]\n";

const BadInput kBadInputs[] = {
    {"empty", "", "bad.fx:1:1: expected 'graph():', found end of input"},
    {"header", "graph()\n", "bad.fx:1:1: expected 'graph():', found 'graph'"},
    {"header tail", "graph(): x\n", "bad.fx:1:9: expected end of line, found ' '"},
    {"not indented", "graph():\n%x : [num_users=0] = placeholder[target=x]\n",
     "bad.fx:2:1: expected a statement indented by 4 spaces, found '%'"},
    {"no statement", "graph():\n    x = 1\n",
     "bad.fx:2:5: expected '%name : ...' or 'return ...', found 'x'"},
    {"no name", "graph():\n    % : [num_users=0] = placeholder[target=x]\n",
     "bad.fx:2:6: expected a node name, found ' '"},
    {"no users tag", "graph():\n    %x : placeholder[target=x]\n",
     "bad.fx:2:10: expected a type or '[num_users=N]', found 'placeholder'"},
    {"bad count", "graph():\n    %x : [num_users=one] = placeholder[target=x]\n",
     "bad.fx:2:21: expected a users count, found 'one'"},
    {"unknown op", "graph():\n    %x : [num_users=0] = placeholdr[target=x]\n",
     "bad.fx:2:26: unknown op kind 'placeholdr' (expected placeholder, get_attr, "
     "call_function, call_method or call_module)"},
    {"output as node", "graph():\n    %o : [num_users=0] = output[target=output]\n",
     "bad.fx:2:26: an output node prints as 'return ...'"},
    {"output as call", kOneInput + "    %o : [num_users=0] = output[target=output](args = (%x,), kwargs = {})\n",
     "bad.fx:3:26: an output node prints as 'return ...'"},
    {"mixed dialects", kOneInput + "    %y : [#users=0] = placeholder[target=y]\n",
     "bad.fx:3:10: '[#users=' does not match the earlier '[num_users=': a graph is printed "
     "by one PyTorch"},
    {"dangling ref",
     kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x, %z), kwargs = {})\n",
     "bad.fx:3:62: reference to undefined node 'z'"},
    {"keyword twice",
     kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x,), kwargs = {a: %x, b: %x, a: %x})\n",
     "bad.fx:3:88: keyword argument 'a' is given twice"},
    {"dangling bare ref", kOneInput + "    return (x, zz)\n",
     "bad.fx:3:16: reference to undefined node 'zz'"},
    {"duplicate", kOneInput + "    %x : [num_users=0] = placeholder[target=x]\n",
     "bad.fx:3:6: duplicate node name 'x' (first defined at 2:6)"},
    {"reserved name", "graph():\n    %None : [num_users=0] = placeholder[target=x]\n",
     "bad.fx:2:6: node name 'None' is a Python keyword or builtin"},
    {"wrong users", "graph():\n    %x : [num_users=2] = placeholder[target=x]\n    return x\n",
     "bad.fx:2:21: 'x' has 1 user in the parsed graph, but the text says num_users=2"},
    {"wrong users 1.13", "graph():\n    %x : [#users=1] = placeholder[target=x]\n",
     "bad.fx:2:18: 'x' has 0 users in the parsed graph, but the text says #users=1"},
    {"truncated", kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x, ",
     "bad.fx:3:62: expected ')' to close '(' at 3:57, found end of input"},
    {"truncated line", kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x,\n",
     "bad.fx:3:61: expected ')' to close '(' at 3:57, found end of line"},
    {"empty keyword",
     kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x,), kwargs = {: 1})\n",
     "bad.fx:3:74: expected a keyword argument name, found ':'"},
    {"no kwargs", kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x,))\n",
     "bad.fx:3:62: expected ', kwargs = {', found ')'"},
    {"no args", kOneInput + "    %y : [num_users=0] = call_function[target=f]\n",
     "bad.fx:3:47: expected the target and '](args = ...' on this line"},
    {"get_attr", kOneInput + "    %y : [num_users=0] = get_attr[target=w\n",
     "bad.fx:3:43: expected ']' after the target, found end of line"},
    {"unterminated return", kOneInput + "    return (x, [x)\n",
     "bad.fx:3:19: expected ']' to close '[' at 3:16, found end of line"},
    {"unterminated dict", kOneInput + "    return {'a': x\n",
     "bad.fx:3:19: expected '}' to close '{' at 3:12, found end of line"},
    {"default", "graph():\n    %x : [num_users=0] = placeholder[target=x](default=1\n",
     "bad.fx:2:57: expected ')' closing the default, found end of line"},
    {"typed string",
     "graph():  # typed\n    %x : [num_users=1] = placeholder[target=x]\n"
     "    %y : [num_users=0] = call_function[target=f](args = (%x, 'abc), kwargs = {})\n",
     "bad.fx:3:62: unterminated string literal"},
    {"typed bare word",
     "graph():  # typed\n    %x : [num_users=1] = placeholder[target=x]\n"
     "    %y : [num_users=0] = call_function[target=f](args = (%x, abc), kwargs = {})\n",
     "bad.fx:3:62: expected a value, found 'abc'"},
    {"typed 1-tuple",
     "graph():  # typed\n    %x : [num_users=1] = placeholder[target=x]\n"
     "    %y : [num_users=0] = call_function[target=f](args = (%x), kwargs = {})\n",
     "bad.fx:3:60: expected ',' (a 1-tuple prints as '(x,)'), found ')'"},
    {"typed percent", "graph():  # typed\n    return %x\n",
     "bad.fx:2:12: expected a value, found '%'"},
    {"trailing text", kOneInput + "    return x\n\nmore\n",
     "bad.fx:5:1: expected a statement indented by 4 spaces, found 'more'"},
    // Found by //testing/fuzz:fx_text_fuzzer: non-UTF-8 text was accepted
    // and then written to protobuf, which cannot read it back.
    {"not utf-8", kOneInput + "    %y : [num_users=0] = call_function[target=m.\x92" "f](args = (%x,), "
                      "kwargs = {})\n",
     "bad.fx:3:49: invalid UTF-8 (byte 0x92)"},
    // Found by //testing/fuzz:fx_text_fuzzer: the typed form (fxg) of such a
    // target read back as call arguments.
    {"args in placeholder target",
     kOneInput + "    %y : [num_users=0] = placeholder[target=p](args = (q]\n",
     "bad.fx:3:46: a placeholder target cannot contain '](args = '"},
    {"args in get_attr target", kOneInput + "    %y : [num_users=0] = get_attr[target=p](args = (q]\n",
     "bad.fx:3:43: a get_attr target cannot contain '](args = '"},
    // Found by //testing/fuzz:fx_text_fuzzer: each continuation line retried
    // the whole search with a fresh attempt budget (seconds for a few
    // hundred lines); testing/fuzz/regressions/fx_text has a 4000-line case.
    {"ambiguous then many lines",
     kOneInput + "    %y : [num_users=0] = call_function[target=f](args = (%x,), kwargs = { : [a, b, "
         "c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y)\n" +
         std::string(200, 'z') + "\nz\nz\n    return None\n",
     "bad.fx:3:49: cannot split this statement's arguments: too many ambiguous readings"},
    {"surrogate escape",
     "graph():  # typed\n    %x : [num_users=1] = placeholder[target=x]\n"
     "    %y : [num_users=0] = call_function[target=f](args = (%x, '\\udc80'), kwargs = {})\n",
     "bad.fx:3:63: surrogate escape (not representable in UTF-8)"},
};

void ExpectError(const absl::Status& status, const std::string& error) {
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(status.message()), error);
}

std::string CaseName(const ::testing::TestParamInfo<BadInput>& info) {
  std::string name = info.param.name;
  for (char& ch : name) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return name;
}

class BadInputTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputTest, ErrorSaysWhereAndWhat) {
  ExpectError(ParseFxGraph(GetParam().text, "bad.fx").status(), GetParam().error);
}

// The reader of files with subgraph sections fails on a one-graph text
// exactly as ParseFxGraph does, but for naming the sections among what may
// follow a graph.
TEST_P(BadInputTest, ModuleReaderSaysTheSame) {
  ExpectError(ParseFxModule(GetParam().text, "bad.fx").status(),
              absl::StrReplaceAll(GetParam().error,
                                  {{"indented by 4 spaces,", "indented by 4 spaces or a subgraph "
                                                             "header 'graph NAME():',"}}));
}

INSTANTIATE_TEST_SUITE_P(FxText, BadInputTest, ::testing::ValuesIn(kBadInputs), CaseName);

// Subgraph sections (ParseFxModule, docs/FX_TEXT_FORMAT.md §12).
const std::string kRoot =
    "graph():\n"
    "    %x : [num_users=1] = placeholder[target=x]\n"
    "    return x\n"
    "\n";
const std::string kSub = "graph sub():\n    return None\n";

const BadInput kBadSections[] = {
    {"second root", kRoot + "graph():\n    return None\n",
     "bad.fx:5:1: a second 'graph():': a subgraph's header names it, 'graph NAME():'"},
    {"not a header", kRoot + "subgraph sub():\n",
     "bad.fx:5:1: expected a statement indented by 4 spaces or a subgraph header "
     "'graph NAME():', found 'subgraph'"},
    {"no name", kRoot + "graph ():\n",
     "bad.fx:5:7: expected a subgraph name, found '('"},
    {"empty name", kRoot + "graph ''():\n    return None\n",
     "bad.fx:5:7: subgraph path '' has an empty name"},
    {"empty path part", kRoot + "graph a..b():\n    return None\n",
     "bad.fx:5:7: subgraph path 'a..b' has an empty name"},
    {"no parentheses", kRoot + "graph sub:\n",
     "bad.fx:5:10: expected '():', found ':'"},
    {"header tail", kRoot + "graph sub(): x\n",
     "bad.fx:5:13: expected end of line, found ' '"},
    {"truncated header", kRoot + "graph sub",
     "bad.fx:5:10: expected '():', found end of input"},
    {"truncated section",
     kRoot + "graph sub():\n    %y : [num_users=0] = call_function[target=f](args = (",
     "bad.fx:6:58: expected ')' to close '(' at 6:57, found end of input"},
    {"duplicate", kRoot + kSub + "\n" + kSub,
     "bad.fx:8:7: duplicate subgraph 'sub' (first defined at 5:7)"},
    {"parent after child", kRoot + "graph a.b():\n    return None\ngraph a():\n    return None\n",
     "bad.fx:7:7: subgraph 'a' comes after a subgraph inside it: a module's section comes "
     "before its submodules'"},
    {"too deep", kRoot + "graph a.b.c.d.e.f.g.h.i.j.k.l.m():\n",
     "bad.fx:5:7: subgraph 'a.b.c.d.e.f.g.h.i.j.k.l.m' is nested more than 12 levels deep "
     "(fxpp's limit)"},
    {"typed section in untyped file", kRoot + "graph sub():  # typed\n    return None\n",
     "bad.fx:5:1: a typed subgraph in a file whose root graph is untyped"},
    {"untyped section in typed file",
     "graph():  # typed\n    return None\n\n" + kSub,
     "bad.fx:4:1: an untyped subgraph in a file whose root graph is typed ('graph():  # typed')"},
    {"mixed dialects", kRoot + "graph sub():\n    %y : [#users=0] = placeholder[target=y]\n",
     "bad.fx:6:10: '[#users=' does not match the earlier '[num_users=': a graph is printed "
     "by one PyTorch"},
    // Each graph has its own names: a section cannot use the root's nodes.
    {"reference across graphs", kRoot + "graph sub():\n    return (x,)\n",
     "bad.fx:6:13: reference to undefined node 'x'"},
};

class BadSectionTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadSectionTest, ErrorSaysWhereAndWhat) {
  ExpectError(ParseFxModule(GetParam().text, "bad.fx").status(), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(FxModule, BadSectionTest, ::testing::ValuesIn(kBadSections), CaseName);

}  // namespace
}  // namespace fxpp
