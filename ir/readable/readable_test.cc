#include "ir/readable/readable.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/graph.h"
#include "ir/graph_module.h"
#include "ir/proto/convert.h"
#include "ir/verifier.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

constexpr char kTestdata[] = "ir/readable/testdata/";

// A module traced by PyTorch (testdata/NAME.json) and the options its golden
// (testdata/NAME.txt, PyTorch's print_readable) was printed with.
struct GoldenCase {
  const char* name;
  ReadableOptions options;
};

class ReadableGoldenTest : public testing::TestWithParam<GoldenCase> {};

TEST_P(ReadableGoldenTest, MatchesPyTorch) {
  const std::string base = absl::StrCat(kTestdata, GetParam().name);
  const absl::StatusOr<std::string> json = ReadRunfile(base + ".json");
  ASSERT_TRUE(json.ok()) << json.status();
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseJson(*json, base + ".json");
  ASSERT_TRUE(module.ok()) << module.status();
  // The exported modules are real, well-formed FX graph modules.
  EXPECT_TRUE(VerifyGraphModule(**module).ok()) << VerifyGraphModule(**module);
  EXPECT_MATCHES_GOLDEN(PrintReadable(**module, GetParam().options), base + ".txt");
}

INSTANTIATE_TEST_SUITE_P(
    PyTorch26, ReadableGoldenTest,
    testing::Values(GoldenCase{"symbolic_trace", {}}, GoldenCase{"symbolic_sequential", {}},
                    GoldenCase{"shape_prop", {}}, GoldenCase{"make_fx_symbolic", {}},
                    GoldenCase{"export_mlp", {}},
                    GoldenCase{"export_mlp_stride_device",
                               {/*include_stride=*/true, /*include_device=*/true}},
                    GoldenCase{"export_dynamic", {}}, GoldenCase{"export_cond", {}},
                    GoldenCase{"dynamo", {}}, GoldenCase{"graph_api", {}}),
    [](const testing::TestParamInfo<GoldenCase>& info) { return std::string(info.param.name); });

TEST(ReadableTest, ModuleWithoutGraphPrintsNothing) {
  EXPECT_EQ(PrintReadable(*GraphModule::Opaque("torch.nn.modules.linear.Linear")), "");
}

TEST(ReadableTest, EmptyGraphPrintsPass) {
  GraphModule module("Empty");
  EXPECT_EQ(PrintReadable(module),
            "class Empty(torch.nn.Module):\n"
            "    def forward(self):\n"
            "        pass\n"
            "        ");
}

TEST(ReadableTest, QuantizedDtypesAndSymbolicValues) {
  GraphModule module;
  Graph& g = module.graph();
  Node* q = g.Placeholder("q");
  TensorMeta t;
  t.dtype = ScalarType::kQUInt8;  // not in FX's dtype_abbrs: printed by name
  t.shape = {2, SymDim::Symbolic("s0")};
  NodeMeta meta;
  meta.val = ValueMeta::Tensor(t);
  q->set_meta(meta);
  Node* n = g.CallFunction("torch.ops.aten.sym_numel.default", {Argument::Ref(q)});
  meta.val = ValueMeta::Symbolic(ValueMeta::Kind::kSymBool, "Eq(s0, 2)");
  n->set_meta(meta);
  Node* item = g.CallMethod("item", {Argument::Ref(q)}, {});
  meta.val = ValueMeta::Tuple({ValueMeta::Int(1)});  // no annotation for tuples
  item->set_meta(meta);
  g.Output(Argument::Tuple({Argument::Ref(n), Argument::Ref(item)}));
  EXPECT_EQ(PrintReadable(module),
            "class GraphModule(torch.nn.Module):\n"
            "    def forward(self, q: \"quint8[2, s0]\"):\n"
            "        # No stacktrace found for following nodes\n"
            "        sym_numel: \"Sym(Eq(s0, 2))\" = torch.ops.aten.sym_numel.default(q)\n"
            "        item = q.item();  q = None\n"
            "        return (sym_numel, item)\n"
            "        ");
}

TEST(ReadableTest, TypeAnnotationsMapAsFxGlobals) {
  GraphModule module;
  Graph& g = module.graph();
  Node* a = g.Placeholder("a", "typing.List[torch.Tensor]");
  Node* b = g.Placeholder("b", "typing.Optional[int]");
  Node* c = g.Placeholder("c", "tuple[int, my.Type]");
  g.Output(Argument::List({Argument::Ref(a), Argument::Ref(b), Argument::Ref(c)}),
           "typing.Tuple[()]");
  EXPECT_EQ(PrintReadable(module),
            "class GraphModule(torch.nn.Module):\n"
            "    def forward(self, a : typing_List[torch.Tensor], "
            "b : typing_Union[int,NoneType], c : typing_Tuple[int,my_Type]) -> "
            "typing_Tuple[()]:\n"
            "        return [a, b, c]\n"
            "        ");
}

TEST(ReadableTest, LargeGraphPrintsInLinearTime) {
  constexpr int kNodes = 200000;
  GraphModule module;
  Graph& g = module.graph();
  Node* prev = g.Placeholder("x");
  for (int i = 0; i < kNodes; ++i) {
    prev = g.CallFunction("operator.add", {Argument::Ref(prev), Argument::Int(1)});
  }
  g.Output(Argument::Ref(prev));
  const std::string text = PrintReadable(module);
  EXPECT_TRUE(absl::StrContains(text, "add_199999 = add_199998 + 1;  add_199998 = None\n"));
}

}  // namespace
}  // namespace fxpp
