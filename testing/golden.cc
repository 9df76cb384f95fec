#include "testing/golden.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

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
#include "tools/cpp/runfiles/runfiles.h"

namespace fxpp {
namespace {

using ::bazel::tools::cpp::runfiles::Runfiles;

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

// The repository a binary was built in, from its place in bazel-out:
// .../bin/external/<repo>/<pkg>/<name> for another repository's binary, or
// .../bin/<pkg>/<name> for the main repository's, whose name is then the
// runfiles folder holding <pkg>/<name>. An empty name when unknown.
struct BinaryRepository {
  std::string name;
  bool main = false;
};

BinaryRepository RepositoryOfBinary(const Runfiles& runfiles) {
  const std::string binary = BinaryPath();
  constexpr absl::string_view kBin = "/bin/";
  const size_t bin = binary.find(std::string(kBin), binary.find("/bazel-out/"));
  if (bin == std::string::npos) return {};
  absl::string_view in_bin = absl::string_view(binary).substr(bin + kBin.size());
  if (absl::ConsumePrefix(&in_bin, "external/")) {
    return {std::string(in_bin.substr(0, in_bin.find('/'))), /*main=*/false};
  }
  std::string root;
  for (const auto& [name, value] : runfiles.EnvVars()) {
    if (name == "RUNFILES_DIR") root = value;
  }
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    if (std::filesystem::exists(entry.path() / std::string(in_bin))) {
      return {entry.path().filename().string(), /*main=*/true};
    }
  }
  return {};
}

// The main repository, whose source tree `bazel run` names: `bazel test` and
// `bazel run` pass its name in TEST_WORKSPACE; a binary started by hand knows
// it only when it was built there.
std::string MainRepository(const Runfiles& runfiles) {
  const std::string main = GetEnv("TEST_WORKSPACE");
  if (!main.empty()) return main;
  const BinaryRepository binary = RepositoryOfBinary(runfiles);
  return binary.main ? binary.name : "";
}

// The repository whose files a test names with unqualified paths: the one
// holding the test. fxpp_golden_test passes it in FXPP_TEST_REPOSITORY when
// that is not the main repository; a binary started by hand has no such
// variables, and its place tells.
std::string TestRepository(const Runfiles& runfiles) {
  const std::string repository = GetEnv("FXPP_TEST_REPOSITORY");
  if (!repository.empty()) return repository;
  const std::string main = GetEnv("TEST_WORKSPACE");
  return main.empty() ? RepositoryOfBinary(runfiles).name : main;
}

// Bazel's runfiles library, which knows where runfiles are under `bazel test`,
// `bazel run` and by hand (a tree or a manifest next to the binary).
const Runfiles& TheRunfiles() {
  static const Runfiles* const runfiles = [] {
    std::string error;
    Runfiles* created = GetEnv("TEST_SRCDIR").empty() ? Runfiles::Create(BinaryPath(), &error)
                                                       : Runfiles::CreateForTest(&error);
    // Without runfiles no test can find its data: a broken installation.
    if (created == nullptr) {
      absl::FPrintF(stderr, "fxpp: cannot find the runfiles: %s\n", error);
      std::abort();
    }
    return created;
  }();
  return *runfiles;
}

// "@repo//path" -> {"repo", "path"}; an unqualified path is in the test's
// repository.
std::pair<std::string, std::string> SplitRepository(absl::string_view path) {
  if (absl::ConsumePrefix(&path, "@")) {
    const size_t slashes = path.find("//");
    if (slashes != absl::string_view::npos) {
      return {std::string(path.substr(0, slashes)), std::string(path.substr(slashes + 2))};
    }
  }
  return {TestRepository(TheRunfiles()), std::string(path)};
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

// Paths must stay inside their repository, as update mode writes to them.
absl::Status CheckGoldenPath(absl::string_view golden_path) {
  absl::string_view in_repository = golden_path;
  if (absl::ConsumePrefix(&in_repository, "@")) {
    const size_t slashes = in_repository.find("//");
    in_repository = slashes == absl::string_view::npos || slashes == 0
                        ? absl::string_view()
                        : in_repository.substr(slashes + 2);
  }
  bool normalized = !in_repository.empty();
  for (absl::string_view part : absl::StrSplit(in_repository, '/')) {
    normalized = normalized && !part.empty() && part != "." && part != "..";
  }
  if (!normalized) {
    return absl::InvalidArgumentError(absl::StrCat(
        "golden path \"", golden_path,
        "\" must be normalized and relative to the test's repository, like "
        "passes/dedup/testdata/basic.fxg, or name another repository, like "
        "@fxpp//testing/graphs/2.6/mlp.fx"));
  }
  return absl::OkStatus();
}

// Where a runfile is: `path` (already checked) is relative to the test's
// repository or repository-qualified.
std::string RunfileLocation(absl::string_view path) {
  const auto [repository, in_repository] = SplitRepository(path);
  return TheRunfiles().Rlocation(
      repository.empty() ? in_repository : absl::StrCat(repository, "/", in_repository));
}

absl::Status UpdateGolden(absl::string_view actual, absl::string_view golden_path) {
  ASSIGN_OR_RETURN(const std::string root, SourceTreeRoot());
  // `bazel run` names the source tree of the main repository only: another
  // repository's goldens (fxpp's, run from a workspace using it) are not there.
  const auto [repository, in_repository] = SplitRepository(golden_path);
  if (repository.empty() || repository != MainRepository(TheRunfiles())) {
    return absl::FailedPreconditionError(absl::StrCat(
        "golden ", golden_path, " belongs to repository @", repository, ", not to this workspace (",
        root, "); update it from a checkout of that repository"));
  }
  const std::string path = absl::StrCat(root, "/", in_repository);
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

absl::StatusOr<std::string> RunfilePath(absl::string_view path) {
  RETURN_IF_ERROR(CheckGoldenPath(path));
  return RunfileLocation(path);
}

absl::StatusOr<std::string> ReadRunfile(absl::string_view path) {
  ASSIGN_OR_RETURN(const std::string location, RunfilePath(path));
  return ReadFileOrStdin(location);
}

std::vector<std::string> ListRunfiles(absl::string_view dir, absl::string_view suffix) {
  std::vector<std::string> out;
  const absl::StatusOr<std::string> location = RunfilePath(dir);
  if (!location.ok()) return out;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(*location, error)) {
    const std::string name = entry.path().filename().string();
    if (absl::EndsWith(name, suffix)) out.push_back(absl::StrCat(dir, "/", name));
  }
  std::sort(out.begin(), out.end());
  return out;
}

absl::Status CompareWithGolden(absl::string_view actual, absl::string_view golden_path) {
  RETURN_IF_ERROR(CheckGoldenPath(golden_path));
  if (updating_goldens) return UpdateGolden(actual, golden_path);

  const std::string path = RunfileLocation(golden_path);
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
  std::string repository;  // "" for the main repository
  if (absl::ConsumePrefix(&rest, "external/")) {
    const size_t end = rest.find('/');
    if (end == absl::string_view::npos) return "";
    repository = absl::StrCat("@", rest.substr(0, end));
    rest.remove_prefix(end + 1);
  }
  const size_t slash = rest.rfind('/');
  if (slash == absl::string_view::npos) return absl::StrCat(repository, "//:", rest);
  return absl::StrCat(repository, "//", rest.substr(0, slash), ":", rest.substr(slash + 1));
}

}  // namespace golden_internal
}  // namespace fxpp
