// Golden test of this workspace's own graph, and of one of fxpp's shared
// fixtures, named with its repository ("@fxpp//...").
//   bazel run //:dedup_and_sort_golden_test -- --update_goldens
// rewrites this workspace's testdata/*.out.
#include <string>

#include "absl/status/statusor.h"
#include "dedup_and_sort.h"
#include "gtest/gtest.h"
#include "testing/golden.h"

namespace consumer {
namespace {

void ExpectDedupAndSortMatches(const std::string& input, const std::string& golden) {
  const absl::StatusOr<std::string> text = fxpp::ReadRunfile(input);
  ASSERT_TRUE(text.ok()) << text.status();
  const absl::StatusOr<std::string> result = DedupAndSort(*text, input);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_MATCHES_GOLDEN(*result, golden);
}

TEST(DedupAndSortGoldenTest, OwnGraph) {
  ExpectDedupAndSortMatches("testdata/two_blocks.fx", "testdata/two_blocks.out");
}

TEST(DedupAndSortGoldenTest, FxppSharedFixture) {
  ExpectDedupAndSortMatches("@fxpp//testing/graphs/torch26/hand_gpt.fx", "testdata/hand_gpt.out");
}

}  // namespace
}  // namespace consumer
