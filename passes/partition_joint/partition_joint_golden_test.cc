// Every passes/partition_joint/testdata/<case>.fxg (a joint graph PyTorch 2.6
// built; tools/python/make_functionalize_references.py) is partitioned with
// <case>.num_fwd_outputs and compared structurally with PyTorch's
// default_partition (<case>.fw.torch26.fx, <case>.bw.torch26.fx), and with
// <case>.golden. Regenerate with:
//   bazel run //passes/partition_joint:partition_joint_golden_test -- --update_goldens
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fxg/fxg.h"
#include "ir/verifier.h"
#include "passes/functional_checks/canonical_form.h"
#include "passes/partition_joint/partition_joint.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

std::string CanonicalOf(const std::string& path) {
  absl::StatusOr<std::string> text = ReadRunfile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  if (!text.ok()) return "";
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(*text, path);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? CanonicalForm(*parsed->graph) : "";
}

TEST(PartitionJointGoldenTest, MatchesDefaultPartition) {
  const std::vector<std::string> cases = ListRunfiles("passes/partition_joint/testdata", ".fxg");
  ASSERT_GE(cases.size(), 2u);
  for (const std::string& path : cases) {
    SCOPED_TRACE(path);
    const std::string base(absl::StripSuffix(path, ".fxg"));
    absl::StatusOr<std::string> text = ReadRunfile(path);
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<std::unique_ptr<GraphModule>> joint = ParseFxg(*text, path);
    ASSERT_TRUE(joint.ok()) << joint.status();
    absl::StatusOr<std::string> count_text = ReadRunfile(absl::StrCat(base, ".num_fwd_outputs"));
    ASSERT_TRUE(count_text.ok()) << count_text.status();
    int64_t num_fwd_outputs = 0;
    ASSERT_TRUE(absl::SimpleAtoi(absl::StripAsciiWhitespace(*count_text), &num_fwd_outputs));

    const std::string before = PrintFxg(**joint);
    absl::StatusOr<JointPartition> partition = PartitionJointGraph(**joint, num_fwd_outputs);
    ASSERT_TRUE(partition.ok()) << partition.status();
    EXPECT_EQ(PrintFxg(**joint), before) << "the joint graph must be left unchanged";
    ASSERT_TRUE(VerifyGraphModule(*partition->forward, {false}).ok());
    ASSERT_TRUE(VerifyGraphModule(*partition->backward, {false}).ok());
    EXPECT_EQ(CanonicalForm(partition->forward->graph()), CanonicalOf(absl::StrCat(base, ".fw.torch26.fx")));
    EXPECT_EQ(CanonicalForm(partition->backward->graph()), CanonicalOf(absl::StrCat(base, ".bw.torch26.fx")));
    EXPECT_MATCHES_GOLDEN(absl::StrCat("== forward\n", PrintFxGraph(partition->forward->graph()),
                                       "\n== backward\n", PrintFxGraph(partition->backward->graph()),
                                       "\n", partition->ToText()),
                          absl::StrCat(base, ".golden"));
  }
}

}  // namespace
}  // namespace fxpp
