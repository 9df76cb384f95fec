// Golden tests, one per real program in testing/exported: Unflatten, as the
// module tree and each module's graph, in export/testdata/<program>.unflat.
// (unflatten_pytorch_test checks the same results against PyTorch's.)
// Regenerate with:
//   bazel run //export:unflatten_golden_test -- --update_goldens
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/unflatten.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"
#include "testing/golden.h"
#include "testing/golden_cases.h"

namespace fxpp {
namespace {

std::string TreeAndGraphs(const GraphModule& root) {
  std::string out = FormatModuleTree(root);
  for (const ModulePath& m : ListModules(root, CallModules::kWithCalls)) {
    if (!m.same_as.empty() || !m.module->has_graph()) continue;
    absl::StrAppend(&out, "\n", m.path.empty() ? "(root)" : m.path, ":\n",
                    PrintFxGraph(m.module->graph()));
  }
  return out;
}

class UnflattenGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(UnflattenGoldenTest, MatchesGolden) {
  ASSERT_TRUE(GetParam().listing.ok()) << GetParam().listing;
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram(GetParam().fixture);
  ASSERT_TRUE(program.ok()) << program.status();
  absl::StatusOr<UnflattenResult> result = Unflatten(*program);
  ASSERT_TRUE(result.ok()) << result.status();
  const absl::Status verified = VerifyGraphModule(*result->module);
  ASSERT_TRUE(verified.ok()) << verified;
  absl::string_view name = absl::StripSuffix(GetParam().fixture, ".json");
  name.remove_prefix(name.rfind('/') + 1);
  EXPECT_MATCHES_GOLDEN(TreeAndGraphs(*result->module),
                        absl::StrCat("export/testdata/", name, ".unflat"));
}

// The programs of //testing/exported:programs (PyTorch's own results,
// *.unflatten.json, are unflatten_pytorch_test's).
INSTANTIATE_TEST_SUITE_P(RealPrograms, UnflattenGoldenTest,
                         ::testing::ValuesIn(GoldenCasesIn("testing/exported", {".json"},
                                                           {".unflatten.json"})),
                         GoldenCaseName);

}  // namespace
}  // namespace fxpp
