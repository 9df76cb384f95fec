// Golden tests: every passes/dedup/testdata/<case>.fx is deduplicated and
// compared with <case>.dedup (the main graph, each subgraph and the report,
// or the error for inputs dedup must reject).
// Regenerate with:
//   bazel run //passes/dedup:dedup_golden_test -- --update_goldens
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"
#include "passes/dedup/dedup.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

std::string PrintModule(const GraphModule& module) {
  std::string out = PrintFxGraph(module.graph());
  for (const auto& [name, child] : module.children()) {
    absl::StrAppend(&out, "\n", name, ":\n", PrintFxGraph(child->graph()));
  }
  return out;
}

TEST(DedupGoldenTest, EveryCase) {
  std::vector<std::string> cases = ListRunfiles("passes/dedup/testdata", ".fx");
  ASSERT_FALSE(cases.empty()) << "no cases found in the runfiles";
  for (const std::string& path : cases) {
    SCOPED_TRACE(path);
    absl::StatusOr<std::string> text = ReadRunfile(path);
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(*text, path);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    GraphModule module;
    module.set_graph(std::move(parsed->graph));
    const std::string before = PrintModule(module);
    std::string golden_path = absl::StrCat(absl::StripSuffix(path, ".fx"), ".dedup");
    absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(module);
    if (!report.ok()) {
      EXPECT_EQ(PrintModule(module), before) << "a rejected graph must be left unchanged";
      EXPECT_MATCHES_GOLDEN(absl::StrCat("error: ", report.status().ToString(), "\n"), golden_path);
      continue;
    }
    ASSERT_TRUE(VerifyGraphModule(module, {/*check_attributes=*/false}).ok())
        << VerifyGraphModule(module, {false});
    // dedup never makes the top graph larger (a group that saves nothing
    // is skipped, with the reason in the report).
    EXPECT_LE(module.graph().size(), static_cast<size_t>(report->nodes_before));
    EXPECT_EQ(static_cast<int64_t>(module.graph().size()), report->nodes_after);
    const std::string after = PrintModule(module);
    // The report says whether anything changed; it must agree with the graph.
    EXPECT_EQ(report->regions_replaced > 0, before != after);
    EXPECT_MATCHES_GOLDEN(absl::StrCat(after, "\n", report->ToText()), golden_path);
  }
}

}  // namespace
}  // namespace fxpp
