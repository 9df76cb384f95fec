#include "testing/golden.h"

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/types/optional.h"
#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "testing/scoped_env.h"

namespace fxpp {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr char kHelloPath[] = "testing/testdata/hello.golden";
constexpr char kHello[] =
    "graph():\n"
    "    %x : [num_users=1] = placeholder[target=x]\n"
    "    %relu : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})\n"
    "    return relu\n";
constexpr char kUpdateCommand[] = "bazel run //testing:golden_test -- --update_goldens";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

std::vector<std::string> FilesIn(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

// How a golden test uses the harness; `bazel run :golden_test --
// --update_goldens` regenerates this golden.
TEST(GoldenUsageTest, HelloMatchesItsGolden) { EXPECT_MATCHES_GOLDEN(kHello, kHelloPath); }

// The other tests pin compare mode, so that running this binary with
// --update_goldens cannot make them write into the source tree.
class GoldenTest : public ::testing::Test {
 protected:
  GoldenTest() : was_updating_(UpdatingGoldens()) { SetUpdatingGoldens(false); }
  ~GoldenTest() override {
    SetUpdatingGoldens(was_updating_);
    // `bazel run` has no TEST_TMPDIR to clean up after the test.
    for (const std::string& dir : source_trees_) std::filesystem::remove_all(dir);
  }

  // A fresh directory to stand in for the source tree.
  std::string MakeSourceTree() {
    std::string dir = absl::StrCat(::testing::TempDir(), "source_tree.XXXXXX");
    EXPECT_NE(mkdtemp(dir.data()), nullptr);
    source_trees_.push_back(dir);
    return dir;
  }

 private:
  const bool was_updating_;
  std::vector<std::string> source_trees_;
};

TEST_F(GoldenTest, MatchIsOk) { EXPECT_TRUE(CompareWithGolden(kHello, kHelloPath).ok()); }

TEST_F(GoldenTest, MismatchShowsDiffAndUpdateCommand) {
  std::string actual = kHello;
  actual.replace(actual.find("relu](args"), 4, "sigmoid");
  const absl::Status status = CompareWithGolden(actual, kHelloPath);
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(status.message()),
              AllOf(HasSubstr("--- testing/testdata/hello.golden (golden)\n"
                              "+++ testing/testdata/hello.golden (actual)\n"
                              "@@ -1,4 +1,4 @@\n"
                              " graph():\n"
                              "     %x : [num_users=1] = placeholder[target=x]\n"
                              "-    %relu : [num_users=1] = call_function[target=torch.relu]"
                              "(args = (%x,), kwargs = {})\n"
                              "+    %relu : [num_users=1] = call_function[target=torch.sigmoid]"
                              "(args = (%x,), kwargs = {})\n"
                              "     return relu\n"),
                    HasSubstr(kUpdateCommand)));
}

TEST_F(GoldenTest, UpdateCommandNamesTheTestWithoutTestTarget) {
  // As when the binary is started by hand: its path gives the label.
  ScopedEnv no_target("TEST_TARGET", absl::nullopt);
  EXPECT_THAT(std::string(CompareWithGolden("other\n", kHelloPath).message()),
              HasSubstr(kUpdateCommand));
}

TEST_F(GoldenTest, TargetLabelFromBinaryPath) {
  using golden_internal::TargetLabelFromBinaryPath;
  EXPECT_EQ(TargetLabelFromBinaryPath(
                "/cache/execroot/fxpp/bazel-out/k8-fastbuild/bin/passes/dedup/dedup_test"),
            "//passes/dedup:dedup_test");
  EXPECT_EQ(TargetLabelFromBinaryPath("/x/bazel-out/k8-opt/bin/tools/bin/t"), "//tools/bin:t");
  EXPECT_EQ(TargetLabelFromBinaryPath("/x/bazel-out/k8-opt/bin/top_test"), "//:top_test");
  EXPECT_EQ(TargetLabelFromBinaryPath("/usr/bin/test"), "");
  // A test of fxpp built from a workspace that uses it.
  EXPECT_EQ(TargetLabelFromBinaryPath(
                "/c/execroot/consumer/bazel-out/k8-opt/bin/external/fxpp/passes/dedup/dedup_test"),
            "@fxpp//passes/dedup:dedup_test");
  EXPECT_EQ(TargetLabelFromBinaryPath("/c/bazel-out/k8-opt/bin/external/fxpp/t"), "@fxpp//:t");
}

TEST_F(GoldenTest, RepositoryQualifiedPathsNameTheSameRunfiles) {
  // This test is in the main repository, fxpp: both spellings find the file.
  const absl::StatusOr<std::string> qualified =
      ReadRunfile("@fxpp//testing/testdata/hello.golden");
  ASSERT_TRUE(qualified.ok()) << qualified.status();
  EXPECT_EQ(*qualified, kHello);
  EXPECT_TRUE(CompareWithGolden(kHello, "@fxpp//testing/testdata/hello.golden").ok());
  EXPECT_THAT(ListRunfiles("@fxpp//testing/testdata", ".golden"),
              ElementsAre("@fxpp//testing/testdata/hello.golden"));
  EXPECT_EQ(ReadRunfile("@other_repository//testing/testdata/hello.golden").status().code(),
            absl::StatusCode::kNotFound);
}

TEST_F(GoldenTest, FindsItsRepositoryWhenStartedByHand) {
  // No Bazel variables name the repository: the binary's own place does.
  ScopedEnv no_workspace("TEST_WORKSPACE", absl::nullopt);
  ScopedEnv no_repository("FXPP_TEST_REPOSITORY", absl::nullopt);
  const absl::StatusOr<std::string> hello = ReadRunfile(kHelloPath);
  ASSERT_TRUE(hello.ok()) << hello.status();
  EXPECT_EQ(*hello, kHello);
}

TEST_F(GoldenTest, ExpectMatchesGoldenFailsWithTheDiff) {
  EXPECT_NONFATAL_FAILURE(EXPECT_MATCHES_GOLDEN("graph():\n", kHelloPath), "-    return relu\n");
}

TEST_F(GoldenTest, MissingGoldenSaysHowToCreateIt) {
  const absl::Status status = CompareWithGolden(kHello, "testing/testdata/missing.golden");
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(status.message()),
              AllOf(HasSubstr("testing/testdata/missing.golden"), HasSubstr(kUpdateCommand),
                    HasSubstr("goldens")));
}

TEST_F(GoldenTest, RejectsPathsThatLeaveTheWorkspace) {
  for (const char* path : {"", "/etc/passwd", "../x.golden", "a//b.golden", "./a.golden",
                           "testing/testdata/", "@fxpp//", "@//x.golden", "@fxpp//../x.golden",
                           "@fxpp/x.golden"}) {
    EXPECT_EQ(CompareWithGolden(kHello, path).code(), absl::StatusCode::kInvalidArgument) << path;
  }
}

TEST_F(GoldenTest, UpdateWritesTheSourceTreeAtomically) {
  const std::string source_tree = MakeSourceTree();
  ScopedEnv workspace("BUILD_WORKSPACE_DIRECTORY", source_tree);
  SetUpdatingGoldens(true);
  const std::string dir = absl::StrCat(source_tree, "/pkg/testdata/deep");
  const std::string golden = absl::StrCat(dir, "/new.golden");

  ::testing::internal::CaptureStdout();
  ASSERT_TRUE(CompareWithGolden("first\n", "pkg/testdata/deep/new.golden").ok());
  EXPECT_THAT(::testing::internal::GetCapturedStdout(),
              HasSubstr(absl::StrCat("Created golden ", golden)));
  EXPECT_EQ(ReadFile(golden), "first\n");
  // No temporary file is left beside it, and it is an ordinary source file.
  EXPECT_THAT(FilesIn(dir), ElementsAre("new.golden"));
  struct stat info;
  ASSERT_EQ(stat(golden.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644);

  ::testing::internal::CaptureStdout();
  ASSERT_TRUE(CompareWithGolden("second\n", "pkg/testdata/deep/new.golden").ok());
  EXPECT_THAT(::testing::internal::GetCapturedStdout(),
              HasSubstr(absl::StrCat("Updated golden ", golden)));
  EXPECT_EQ(ReadFile(golden), "second\n");
  EXPECT_THAT(FilesIn(dir), ElementsAre("new.golden"));

  // An up-to-date golden is left alone, and not reported.
  ::testing::internal::CaptureStdout();
  ASSERT_TRUE(CompareWithGolden("second\n", "pkg/testdata/deep/new.golden").ok());
  EXPECT_THAT(::testing::internal::GetCapturedStdout(), IsEmpty());
}

TEST_F(GoldenTest, UpdateOnlyWritesTheWorkspacesOwnGoldens) {
  // `bazel run` gives the main repository's source tree; a golden of another
  // repository is not in it.
  const std::string source_tree = MakeSourceTree();
  ScopedEnv workspace("BUILD_WORKSPACE_DIRECTORY", source_tree);
  SetUpdatingGoldens(true);
  const absl::Status status = CompareWithGolden("new\n", "@other//pkg/a.golden");
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(status.message()), HasSubstr("@other"));
  EXPECT_THAT(FilesIn(source_tree), IsEmpty());
}

TEST_F(GoldenTest, UpdateFailsWithoutBazelRun) {
  ScopedEnv no_workspace("BUILD_WORKSPACE_DIRECTORY", absl::nullopt);
  SetUpdatingGoldens(true);
  const absl::Status status = CompareWithGolden(kHello, kHelloPath);
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(status.message()), HasSubstr(kUpdateCommand));
}

TEST_F(GoldenTest, ParseGoldenFlagsRemovesTheFlag) {
  ScopedEnv workspace("BUILD_WORKSPACE_DIRECTORY", MakeSourceTree());
  char program[] = "golden_test", other[] = "--other", flag[] = "--update_goldens";
  char* argv[] = {program, flag, other, flag, nullptr};
  int argc = 4;
  EXPECT_TRUE(ParseGoldenFlags(&argc, argv).ok());
  EXPECT_TRUE(UpdatingGoldens());
  ASSERT_EQ(argc, 2);
  EXPECT_STREQ(argv[0], "golden_test");
  EXPECT_STREQ(argv[1], "--other");
  EXPECT_EQ(argv[2], nullptr);
}

TEST_F(GoldenTest, ParseGoldenFlagsWithoutTheFlagKeepsCompareMode) {
  char program[] = "golden_test", other[] = "--other";
  char* argv[] = {program, other, nullptr};
  int argc = 2;
  EXPECT_TRUE(ParseGoldenFlags(&argc, argv).ok());
  EXPECT_FALSE(UpdatingGoldens());
  EXPECT_EQ(argc, 2);
}

TEST_F(GoldenTest, ParseGoldenFlagsRejectsUpdatesUnderBazelTest) {
  ScopedEnv no_workspace("BUILD_WORKSPACE_DIRECTORY", absl::nullopt);
  char program[] = "golden_test", flag[] = "--update_goldens";
  char* argv[] = {program, flag, nullptr};
  int argc = 2;
  const absl::Status status = ParseGoldenFlags(&argc, argv);
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(status.message()), HasSubstr("bazel test"));
}

}  // namespace
}  // namespace fxpp
