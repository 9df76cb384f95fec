// Every testdata/*.fxg module printed as DOT, against testdata/*.dot, one
// test per module (bazel run //ir/dot:dot_golden_test -- --update_goldens);
// dot_renders_test checks that graphviz draws each golden.
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "ir/dot/dot.h"
#include "ir/fxg/fxg.h"
#include "testing/golden.h"
#include "testing/golden_cases.h"

namespace fxpp {
namespace {

class DotGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(DotGoldenTest, MatchesGolden) {
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(GetParam());
  ASSERT_TRUE(module.ok()) << module.status();
  EXPECT_MATCHES_GOLDEN(PrintDot(**module), GoldenPathFor(GetParam(), ".dot"));
}

INSTANTIATE_TEST_SUITE_P(Testdata, DotGoldenTest,
                         ::testing::ValuesIn(GoldenCasesIn("ir/dot/testdata", {".fxg"})),
                         GoldenCaseName);

TEST(DotOptionsTest, ClustersChainsAndFoldingCanBeTurnedOff) {
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
