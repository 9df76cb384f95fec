// Every passes/partition_joint/testdata/<case>.fxg (a joint graph PyTorch 2.6
// built; tools/python/make_functionalize_references.py) is partitioned with
// <case>.num_fwd_outputs and compared structurally with PyTorch's
// default_partition (<case>.fw.torch26.fx, <case>.bw.torch26.fx), and with
// <case>.golden, one test per case. Regenerate with:
//   bazel run //passes/partition_joint:partition_joint_golden_test -- --update_goldens
#include <memory>
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
#include "testing/golden_cases.h"

namespace fxpp {
namespace {

std::string CanonicalOf(const std::string& path) {
  absl::StatusOr<std::unique_ptr<GraphModule>> module =
      ReadFixture({"", path, absl::OkStatus()});
  EXPECT_TRUE(module.ok()) << module.status();
  return module.ok() ? CanonicalForm((*module)->graph()) : "";
}

// partition_joint is no Pass (it makes two modules of one), so the cases
// use the fixture listing and reading of testing/golden_cases.h and check
// the results themselves.
class PartitionJointGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(PartitionJointGoldenTest, MatchesDefaultPartition) {
  const std::string base(absl::StripSuffix(GetParam().fixture, ".fxg"));
  absl::StatusOr<std::unique_ptr<GraphModule>> joint = ReadFixture(GetParam());
  ASSERT_TRUE(joint.ok()) << joint.status();
  ASSERT_TRUE(VerifyGraphModule(**joint).ok()) << VerifyGraphModule(**joint);
  absl::StatusOr<std::string> count_text = ReadRunfile(absl::StrCat(base, ".num_fwd_outputs"));
  ASSERT_TRUE(count_text.ok()) << count_text.status();
  int64_t num_fwd_outputs = 0;
  ASSERT_TRUE(absl::SimpleAtoi(absl::StripAsciiWhitespace(*count_text), &num_fwd_outputs));

  const std::string before = PrintFxg(**joint);
  absl::StatusOr<JointPartition> partition = PartitionJointGraph(**joint, num_fwd_outputs);
  ASSERT_TRUE(partition.ok()) << partition.status();
  EXPECT_EQ(PrintFxg(**joint), before) << "the joint graph must be left unchanged";
  const absl::Status forward = VerifyGraphModule(*partition->forward, {false});
  const absl::Status backward = VerifyGraphModule(*partition->backward, {false});
  ASSERT_TRUE(forward.ok()) << forward;
  ASSERT_TRUE(backward.ok()) << backward;
  EXPECT_EQ(CanonicalForm(partition->forward->graph()),
            CanonicalOf(absl::StrCat(base, ".fw.torch26.fx")));
  EXPECT_EQ(CanonicalForm(partition->backward->graph()),
            CanonicalOf(absl::StrCat(base, ".bw.torch26.fx")));
  EXPECT_MATCHES_GOLDEN(absl::StrCat("== forward\n", PrintFxGraph(partition->forward->graph()),
                                     "\n== backward\n", PrintFxGraph(partition->backward->graph()),
                                     "\n", partition->ToText()),
                        GoldenPathFor(GetParam(), ".golden"));
}

INSTANTIATE_TEST_SUITE_P(Testdata, PartitionJointGoldenTest,
                         ::testing::ValuesIn(GoldenCasesIn("passes/partition_joint/testdata",
                                                           {".fxg"})),
                         GoldenCaseName);

}  // namespace
}  // namespace fxpp
