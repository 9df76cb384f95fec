#include "testing/golden.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "ir/io/file_io.h"
#include "ir/status_macros.h"
#include "testing/unified_diff.h"

namespace fxpp {
namespace {

constexpr absl::string_view kUpdateFlag = "--update_goldens";

bool updating_goldens = false;

std::string GetEnv(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

// The binary's real path: bazel starts tests through symlinks in runfiles.
std::string BinaryPath() {
  std::error_code error;
  const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? "" : path.string();
}

// `bazel test` and `bazel run` name the target in TEST_TARGET; for a binary
// started by hand (say, under a debugger) its place in bazel-out tells.
std::string UpdateCommand() {
  std::string label = GetEnv("TEST_TARGET");
  if (label.empty()) label = golden_internal::TargetLabelFromBinaryPath(BinaryPath());
  if (label.empty()) label = "<this test>";
  return absl::StrCat("bazel run ", label, " -- ", kUpdateFlag);
}

// Where the workspace's files are in the runfiles: `bazel test` and `bazel run`
// pass TEST_SRCDIR, a wrapping launcher RUNFILES_DIR, and a binary started by
// hand has them in a tree next to it.
std::string RunfilesRoot() {
  std::string root = GetEnv("TEST_SRCDIR");
  if (root.empty()) root = GetEnv("RUNFILES_DIR");
  if (root.empty()) root = BinaryPath() + ".runfiles";
  const std::string workspace = GetEnv("TEST_WORKSPACE");
  return absl::StrCat(root, "/", workspace.empty() ? "fxpp" : workspace);
}

// The source tree, which only `bazel run` tells a binary about.
absl::StatusOr<std::string> SourceTreeRoot() {
  std::string root = GetEnv("BUILD_WORKSPACE_DIRECTORY");
  if (root.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        kUpdateFlag,
        " rewrites goldens in the source tree, which only `bazel run` makes known "
        "(as BUILD_WORKSPACE_DIRECTORY), so it cannot work under `bazel test`. Run:\n  ",
        UpdateCommand()));
  }
  return root;
}

// Paths must stay inside the workspace, as update mode writes to them.
absl::Status CheckGoldenPath(absl::string_view golden_path) {
  for (absl::string_view part : absl::StrSplit(golden_path, '/')) {
    if (part.empty() || part == "." || part == "..") {
      return absl::InvalidArgumentError(
          absl::StrCat("golden path \"", golden_path,
                       "\" must be workspace-relative and normalized, like "
                       "passes/dedup/testdata/basic.fxg"));
    }
  }
  return absl::OkStatus();
}

absl::Status UpdateGolden(absl::string_view actual, absl::string_view golden_path) {
  ASSIGN_OR_RETURN(const std::string root, SourceTreeRoot());
  const std::string path = absl::StrCat(root, "/", golden_path);
  const absl::StatusOr<std::string> old = ReadFileOrStdin(path);
  // Leaving equal goldens untouched keeps the report to real changes.
  if (old.ok() && *old == actual) return absl::OkStatus();
  RETURN_IF_ERROR(WriteFileAtomically(path, actual, {/*create_parent_directories=*/true}));
  if (old.ok()) {
    absl::PrintF("Updated golden %s\n", path);
  } else {
    absl::PrintF("Created golden %s (list it in the test's goldens)\n", path);
  }
  std::fflush(stdout);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> ReadRunfile(absl::string_view path) {
  RETURN_IF_ERROR(CheckGoldenPath(path));
  return ReadFileOrStdin(absl::StrCat(RunfilesRoot(), "/", path));
}

std::vector<std::string> ListRunfiles(absl::string_view dir, absl::string_view suffix) {
  std::vector<std::string> out;
  std::error_code error;
  for (const auto& entry :
       std::filesystem::directory_iterator(absl::StrCat(RunfilesRoot(), "/", dir), error)) {
    const std::string name = entry.path().filename().string();
    if (absl::EndsWith(name, suffix)) out.push_back(absl::StrCat(dir, "/", name));
  }
  std::sort(out.begin(), out.end());
  return out;
}

absl::Status CompareWithGolden(absl::string_view actual, absl::string_view golden_path) {
  RETURN_IF_ERROR(CheckGoldenPath(golden_path));
  if (updating_goldens) return UpdateGolden(actual, golden_path);

  const std::string path = absl::StrCat(RunfilesRoot(), "/", golden_path);
  const absl::StatusOr<std::string> golden = ReadFileOrStdin(path);
  if (absl::IsNotFound(golden.status())) {
    return absl::NotFoundError(
        absl::StrCat("golden ", golden_path, " is not in the runfiles (no ", path,
                     "). To create it from the actual output, run:\n  ", UpdateCommand(),
                     "\nand list it in the test's goldens (testing/defs.bzl)."));
  }
  RETURN_IF_ERROR(golden.status());
  if (*golden == actual) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("output differs from golden ", golden_path, ":\n",
                   UnifiedDiff(*golden, actual, absl::StrCat(golden_path, " (golden)"),
                               absl::StrCat(golden_path, " (actual)")),
                   "To accept the actual output, run:\n  ", UpdateCommand()));
}

absl::Status ParseGoldenFlags(int* argc, char** argv) {
  int kept = 0;
  for (int i = 0; i < *argc; ++i) {
    if (argv[i] == kUpdateFlag) {
      updating_goldens = true;
    } else {
      argv[kept++] = argv[i];
    }
  }
  *argc = kept;
  argv[kept] = nullptr;
  return updating_goldens ? SourceTreeRoot().status() : absl::OkStatus();
}

bool UpdatingGoldens() { return updating_goldens; }

void SetUpdatingGoldens(bool updating) { updating_goldens = updating; }

namespace golden_internal {

::testing::AssertionResult MatchesGolden(const char* actual_expression,
                                         const char* /*golden_path_expression*/,
                                         absl::string_view actual, absl::string_view golden_path) {
  const absl::Status status = CompareWithGolden(actual, golden_path);
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << actual_expression << " does not match its golden: " << status.message();
}

std::string TargetLabelFromBinaryPath(absl::string_view path) {
  constexpr absl::string_view kOut = "/bazel-out/";
  const size_t out = path.find(kOut);
  if (out == absl::string_view::npos) return "";
  absl::string_view rest = path.substr(out + kOut.size());  // <config>/bin/pkg/target
  constexpr absl::string_view kBin = "/bin/";
  const size_t bin = rest.find(kBin);
  if (bin == absl::string_view::npos) return "";
  rest.remove_prefix(bin + kBin.size());
  const size_t slash = rest.rfind('/');
  if (slash == absl::string_view::npos) return absl::StrCat("//:", rest);
  return absl::StrCat("//", rest.substr(0, slash), ":", rest.substr(slash + 1));
}

}  // namespace golden_internal
}  // namespace fxpp
