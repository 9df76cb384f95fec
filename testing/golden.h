// Golden-file comparisons for tests.
//
// A golden test compares some output with a checked-in file:
//
//   EXPECT_MATCHES_GOLDEN(PrintGraph(graph), "passes/dedup/testdata/basic.fxg");
//
// Declare it with fxpp_golden_test (testing/defs.bzl), which puts the goldens
// in the test's runfiles and links //testing:golden_main. Then
//
//   bazel test //passes/dedup:dedup_test
//
// compares with the goldens, and
//
//   bazel run //passes/dedup:dedup_test -- --update_goldens
//
// rewrites them in the source tree from the actual output.
#ifndef FXPP_TESTING_GOLDEN_H_
#define FXPP_TESTING_GOLDEN_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace fxpp {

// Test data is named by its path in a repository: "pkg/testdata/x.fx" is in
// the test's own repository (the workspace, or fxpp for fxpp's tests run from
// another workspace), "@fxpp//testing/graphs/2.6/mlp.fx" in the named one.
// Bazel's runfiles library (@bazel_tools//tools/cpp/runfiles) finds it, under
// `bazel test`, `bazel run` or started by hand.

// Where a runfile (a test input declared as `data`) is on disk; InvalidArgument
// for an absolute or non-normalized path.
absl::StatusOr<std::string> RunfilePath(absl::string_view path);

// Contents of a runfile.
absl::StatusOr<std::string> ReadRunfile(absl::string_view path);

// Paths of the runfiles directly in `dir` whose names end in `suffix`, sorted,
// in the form `dir` was given: lets a test run every case file of a folder.
std::vector<std::string> ListRunfiles(absl::string_view dir, absl::string_view suffix);

// Compares `actual` with the golden file at `golden_path`, a runfile path such
// as "passes/dedup/testdata/basic.fxg".
// Returns
//  - OK when they are equal;
//  - FailedPrecondition on a mismatch, with a unified diff (golden -> actual)
//    and the `bazel run ... -- --update_goldens` command that accepts the
//    actual output;
//  - NotFound when the golden is not in the runfiles, saying how to create it;
//  - InvalidArgument for an absolute or non-normalized `golden_path`.
// In update mode it instead writes `actual` to the golden in the source tree
// of the workspace `bazel run` runs in (atomically, creating directories; an
// unchanged golden is left alone), prints the path and returns OK, or
// FailedPrecondition when not run by `bazel run`, which is what tells it where
// the source tree is, or for a golden of another repository.
absl::Status CompareWithGolden(absl::string_view actual, absl::string_view golden_path);

// Removes every "--update_goldens" from argv, and if there was one turns on
// update mode, which then needs `bazel run`: returns FailedPrecondition under
// `bazel test`, so that asking for an update cannot pass silently.
// //testing:golden_main calls this; a golden test with its own main must too.
absl::Status ParseGoldenFlags(int* argc, char** argv);

// Whether CompareWithGolden rewrites goldens instead of comparing. Tests of
// this library set it directly.
bool UpdatingGoldens();
void SetUpdatingGoldens(bool updating);

namespace golden_internal {

// The assertion behind EXPECT_MATCHES_GOLDEN.
::testing::AssertionResult MatchesGolden(const char* actual_expression,
                                         const char* golden_path_expression,
                                         absl::string_view actual, absl::string_view golden_path);

// "//pkg:target" for a binary at ".../bazel-out/<config>/bin/pkg/target",
// "@repo//pkg:target" for one at ".../bin/external/repo/pkg/target", or "" for
// a path outside bazel-out.
std::string TargetLabelFromBinaryPath(absl::string_view path);

}  // namespace golden_internal
}  // namespace fxpp

// Checks that `actual` (convertible to absl::string_view) equals the golden at
// `golden_path`; see CompareWithGolden.
#define EXPECT_MATCHES_GOLDEN(actual, golden_path) \
  EXPECT_PRED_FORMAT2(::fxpp::golden_internal::MatchesGolden, actual, golden_path)
#define ASSERT_MATCHES_GOLDEN(actual, golden_path) \
  ASSERT_PRED_FORMAT2(::fxpp::golden_internal::MatchesGolden, actual, golden_path)

#endif  // FXPP_TESTING_GOLDEN_H_
