// Golden tests, one per passes/dedup/testdata/<case>.fx: the case is
// deduplicated through testing/pass_golden.h (verified before and after,
// changed flag checked) and compared with <case>.dedup (the main graph,
// each subgraph and the report, or the error for inputs dedup must reject).
// Regenerate with:
//   bazel run //passes/dedup:dedup_golden_test -- --update_goldens
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "passes/dedup/dedup.h"
#include "testing/pass_golden.h"

namespace fxpp {
namespace {

// Broken on purpose (testdata/README.md): the pipeline must reject it.
constexpr absl::string_view kInvalidInput = "dedup_cycle_detection_simple";

std::string PrintModule(const GraphModule& module) {
  std::string out = PrintFxGraph(module.graph());
  for (const auto& [name, child] : module.children()) {
    absl::StrAppend(&out, "\n", name, ":\n", PrintFxGraph(child->graph()));
  }
  return out;
}

class DedupGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(DedupGoldenTest, MatchesGolden) {
  DedupPass pass;
  PassGoldenOptions options(GoldenPathFor(GetParam(), ".dedup"));
  options.invalid_input = GetParam().name == kInvalidInput;
  options.keeps_computation = true;
  options.render = [&pass](const GraphModule& module) {
    const DedupReport& report = pass.report();
    // dedup never makes the top graph larger (a group that saves nothing
    // is skipped, with the reason in the report), and the report agrees
    // with the graph. (Its changed flag, regions_replaced > 0, is checked
    // against the module by the harness.)
    EXPECT_LE(module.graph().size(), static_cast<size_t>(report.nodes_before));
    EXPECT_EQ(static_cast<int64_t>(module.graph().size()), report.nodes_after);
    return absl::StrCat(PrintModule(module), "\n", report.ToText());
  };
  RunPassOnFixture(pass, GetParam(), options);
}

INSTANTIATE_TEST_SUITE_P(Testdata, DedupGoldenTest,
                         ::testing::ValuesIn(GoldenCasesIn("passes/dedup/testdata", {".fx"})),
                         GoldenCaseName);

// The pipeline rejects the broken case before dedup runs; called directly,
// dedup finds the cycle itself and names it.
TEST(DedupDirectCallTest, NamesTheCycle) {
  const GoldenCase broken{std::string(kInvalidInput),
                          absl::StrCat("passes/dedup/testdata/", kInvalidInput, ".fx"),
                          absl::OkStatus()};
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(broken);
  ASSERT_TRUE(module.ok()) << module.status();
  const std::string before = PrintModule(**module);
  const absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(**module);
  EXPECT_EQ(report.status(), absl::FailedPreconditionError(
                                 "the graph has a dependency cycle: add -> add_2 -> sum_1 -> add"));
  EXPECT_EQ(PrintModule(**module), before);
}

}  // namespace
}  // namespace fxpp
