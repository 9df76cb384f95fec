// Golden tests: Unflatten of every real program in testing/exported, as the
// module tree and each module's graph, in export/testdata/<program>.unflat.
// (unflatten_pytorch_test checks the same results against PyTorch's.)
// Regenerate with:
//   bazel run //export:unflatten_golden_test -- --update_goldens
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/unflatten.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "testing/golden.h"

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

TEST(UnflattenGoldenTest, EveryRealProgram) {
  int programs = 0;
  for (const std::string& path : ListRunfiles("testing/exported", ".json")) {
    if (absl::EndsWith(path, ".unflatten.json")) continue;
    SCOPED_TRACE(path);
    ++programs;
    absl::StatusOr<ExportedProgram> program = ReadExportedProgram(path);
    ASSERT_TRUE(program.ok()) << program.status();
    absl::StatusOr<UnflattenResult> result = Unflatten(*program);
    ASSERT_TRUE(result.ok()) << result.status();
    ASSERT_TRUE(VerifyUnflattened(*result->module).ok());
    absl::string_view name = absl::StripSuffix(path, ".json");
    name.remove_prefix(name.rfind('/') + 1);
    EXPECT_MATCHES_GOLDEN(TreeAndGraphs(*result->module),
                          absl::StrCat("export/testdata/", name, ".unflat"));
  }
  EXPECT_GE(programs, 14);
}

}  // namespace
}  // namespace fxpp
