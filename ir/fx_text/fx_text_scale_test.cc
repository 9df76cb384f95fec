// Parses and prints a 1M-node graph: byte-identical, and the throughput is
// logged (the rate depends on the machine, so it is not asserted).
#include <chrono>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"

namespace fxpp {
namespace {

constexpr int kBlocks = 200000;  // 5 nodes each

// A residual MLP chain, spelled as aten-level graphs are.
std::unique_ptr<Graph> MakeChain() {
  auto graph = std::make_unique<Graph>();
  Node* h = graph->Placeholder("x");
  const Symbol alpha = Symbol::Intern("alpha");
  const Symbol approximate = Symbol::Intern("approximate");
  for (int i = 0; i < kBlocks; ++i) {
    Node* w = graph->GetAttr(absl::StrCat("layers.", i, ".weight"));
    Node* lin = graph->CallFunction("torch.ops.aten.linear.default",
                                    {Argument::Ref(h), Argument::Ref(w)});
    Node* view = graph->CallFunction(
        "torch.ops.aten.view.default",
        {Argument::Ref(lin), Argument::List({Argument::Int(2), Argument::Int(-1)})});
    Node* act = graph->CallFunction("torch.ops.aten.gelu.default", {Argument::Ref(view)},
                                    {{approximate, Argument::String("tanh")}});
    h = graph->CallFunction("torch.ops.aten.add.Tensor", {Argument::Ref(act), Argument::Ref(h)},
                            {{alpha, Argument::Float(0.5)}});
  }
  graph->Output(Argument::Tuple({Argument::Ref(h)}));
  return graph;
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

TEST(FxTextScale, MillionNodesRoundTrip) {
  std::unique_ptr<Graph> graph = MakeChain();
  const double nodes = static_cast<double>(graph->size());
  for (const bool typed : {false, true}) {
    FxPrintOptions options;
    options.typed_literals = typed;
    auto start = std::chrono::steady_clock::now();
    const std::string text = PrintFxGraph(*graph, options);
    const double print_s = Seconds(start);

    start = std::chrono::steady_clock::now();
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "chain.fx");
    const double parse_s = Seconds(start);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    ASSERT_EQ(parsed->graph->size(), graph->size());

    start = std::chrono::steady_clock::now();
    const std::string again = PrintFxGraph(*parsed->graph, parsed->print_options());
    const double reprint_s = Seconds(start);
    EXPECT_TRUE(again == text);
    std::cout << (typed ? "typed" : "fx") << ": " << nodes << " nodes, " << text.size() / 1e6
              << " MB; print " << nodes / print_s / 1e6 << "M nodes/s, parse "
              << nodes / parse_s / 1e6 << "M nodes/s, parse+print "
              << nodes / (parse_s + reprint_s) / 1e6 << "M nodes/s\n";
  }
}

}  // namespace
}  // namespace fxpp
