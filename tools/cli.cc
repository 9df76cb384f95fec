#include "tools/cli.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/io/file_io.h"
#include "ir/status_macros.h"
#include "tools/cpp/runfiles/runfiles.h"

namespace fxpp {

using ::bazel::tools::cpp::runfiles::Runfiles;

std::vector<std::string> ParseToolFlags(int argc, char** argv, absl::string_view usage) {
  absl::SetProgramUsageMessage(usage);
  // One pass over the flags, up to a bare "--":
  // - mlir-opt spells flags with dashes (--verify-each); absl flag names are
  //   identifiers, so the name part of every --flag is rewritten.
  // - "-o -" (stdout) gives a flag the value "-", which absl takes but
  //   questions on stderr ("Did you really mean to set flag 'o' to the value
  //   '-'?"): it is spelled "--o=-". A boolean flag takes no value, so a "-"
  //   after one stays the positional stdin.
  std::vector<std::string> spelled(argv, argv + argc);
  for (size_t i = 1; i < spelled.size(); ++i) {
    std::string& arg = spelled[i];
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-') continue;
    const size_t name_end = std::min(arg.find('='), arg.size());
    if (arg[1] == '-') std::replace(arg.begin() + 2, arg.begin() + name_end, '-', '_');
    if (name_end != arg.size() || i + 1 == spelled.size() || spelled[i + 1] != "-") continue;
    const absl::string_view name = absl::StripPrefix(absl::StripPrefix(arg, "-"), "-");
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag == nullptr || flag->IsOfType<bool>()) continue;
    arg = absl::StrCat("--", name, "=-");
    spelled.erase(spelled.begin() + static_cast<std::ptrdiff_t>(i) + 1);
  }
  std::vector<char*> normalized;
  for (std::string& arg : spelled) normalized.push_back(arg.data());
  std::vector<char*> positional =
      absl::ParseCommandLine(static_cast<int>(normalized.size()), normalized.data());
  return std::vector<std::string>(positional.begin() + 1, positional.end());
}

std::string ResolveUserPath(absl::string_view path) {
  if (path == "-" || path.empty() || path.front() == '/') return std::string(path);
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  return cwd == nullptr ? std::string(path) : absl::StrCat(cwd, "/", path);
}

std::string BundledPath(absl::string_view workspace_path) {
  // `bazel run` starts fxpp's own tools inside their runfiles tree; otherwise
  // Bazel's runfiles library finds the tree (or manifest) next to the binary,
  // which holds fxpp's files under the repository name "fxpp" also in a
  // workspace that uses fxpp (README.md).
  if (std::filesystem::exists(std::string(workspace_path))) return std::string(workspace_path);
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::unique_ptr<Runfiles> runfiles(Runfiles::Create(exe.string()));
  if (runfiles == nullptr) return std::string(workspace_path);
  return runfiles->Rlocation(absl::StrCat("fxpp/", workspace_path));
}

absl::StatusOr<Format> ChooseFormat(absl::string_view flag_value, absl::string_view path,
                                    Format fallback) {
  if (!flag_value.empty()) return ParseFormatName(flag_value);
  return FormatFromPath(path).value_or(fallback);
}

absl::StatusOr<absl::optional<Format>> ChooseInputFormat(absl::string_view flag_value) {
  if (flag_value.empty()) return absl::optional<Format>();
  ASSIGN_OR_RETURN(Format format, ParseFormatName(flag_value));
  return absl::optional<Format>(format);
}

absl::StatusOr<std::ostream*> WriteModuleThenReportStream(absl::string_view out, Format to,
                                                          absl::string_view rendered) {
  absl::Status written = WriteFileAtomically(out, rendered);
  if (!written.ok()) return written;
  if (out != "-") return &std::cout;
  if (to == Format::kJson || to == Format::kPb) return &std::cerr;
  std::cout << "\n";
  return &std::cout;
}

void NoteBundledExample(absl::string_view tool, absl::string_view example) {
  std::cerr << tool << ": no input given; ran on the bundled example " << example
            << " (see --help)\n";
}

int Fail(absl::string_view tool, const absl::Status& status) {
  std::cerr << tool << ": error: " << status.message() << "\n";
  return 1;
}

}  // namespace fxpp
