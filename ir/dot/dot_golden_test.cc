// Every testdata/*.fxg module printed as DOT, against testdata/*.dot;
// dot_renders_test checks that graphviz draws each golden.
#include <string>

#include "gtest/gtest.h"
#include "ir/dot/dot.h"
#include "ir/fxg/fxg.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

TEST(DotGoldenTest, EveryModule) {
  std::vector<std::string> inputs = ListRunfiles("ir/dot/testdata", ".fxg");
  ASSERT_GE(inputs.size(), 3u);
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input);
    absl::StatusOr<std::string> text = ReadRunfile(input);
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(*text, input);
    ASSERT_TRUE(module.ok()) << module.status();
    const std::string stem = input.substr(0, input.size() - 4);
    EXPECT_MATCHES_GOLDEN(PrintDot(**module), stem + ".dot");
  }
}

TEST(DotGoldenTest, ClustersChainsAndFoldingCanBeTurnedOff) {
  absl::StatusOr<std::string> text = ReadRunfile("ir/dot/testdata/tags_and_chain.fxg");
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(*text, "tags_and_chain.fxg");
  ASSERT_TRUE(module.ok()) << module.status();
  DotOptions plain;
  plain.clusters = DotOptions::Clusters::kNone;
  plain.collapse_chains_longer_than = 0;
  plain.fold_single_use_inputs = false;
  const std::string dot = PrintDot(**module, plain);
  EXPECT_EQ(dot.find("subgraph"), std::string::npos);
  EXPECT_EQ(dot.find("nodes\\n"), std::string::npos);  // no collapsed box
  EXPECT_NE(dot.find("\"exp\" [label="), std::string::npos);
  EXPECT_NE(dot.find("\"x\" -> \"sin\""), std::string::npos);
  // By default the 8-node chain shows its ends and one box for the 6 between.
  const std::string collapsed = PrintDot(**module);
  EXPECT_EQ(collapsed.find("\"exp\" [label="), std::string::npos);
  EXPECT_NE(collapsed.find("… 6 nodes"), std::string::npos);
  EXPECT_NE(collapsed.find("label=\"tag: front\""), std::string::npos);
  // The input only `sin` reads is listed in its box.
  EXPECT_EQ(collapsed.find("\"x\" ["), std::string::npos);
  EXPECT_NE(collapsed.find("\"sin\" [label=\"sin\\ntorch.sin\\nin x\""), std::string::npos);
}

}  // namespace
}  // namespace fxpp
