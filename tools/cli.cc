#include "tools/cli.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <filesystem>
#include <iostream>
#include <memory>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/flags/commandlineflag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/io/file_io.h"
#include "ir/status_macros.h"
#include "tools/cpp/runfiles/runfiles.h"
#include "ir/verifier.h"
#include "tools/version.h"

namespace fxpp {
namespace {

// ---- --help, --version and "did you mean" (absl's own --help exits 1,
// --version prints only "Debug build (NDEBUG not #defined)", and an
// unknown flag gets no suggestion).

// A flag as the user would type it: --print-ir-after-all.
std::string Spelled(absl::string_view name) {
  std::string out = absl::StrCat("--", name);
  std::replace(out.begin() + 2, out.end(), '_', '-');
  return out;
}

// The tool's own flags (absl's built-in ones left out), sorted by name.
std::vector<const absl::CommandLineFlag*> ToolFlags() {
  std::vector<const absl::CommandLineFlag*> flags;
  for (const auto& [name, flag] : absl::GetAllFlags()) {
    if (!absl::StrContains(flag->Filename(), "absl/")) flags.push_back(flag);
  }
  std::sort(flags.begin(), flags.end(), [](const auto* a, const auto* b) {
    return a->Name() < b->Name();
  });
  return flags;
}

size_t EditDistance(absl::string_view a, absl::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

[[noreturn]] void PrintHelpAndExit(absl::string_view usage) {
  std::cout << usage << "\n\nFlags:\n";
  for (const absl::CommandLineFlag* flag : ToolFlags()) {
    std::cout << "  " << Spelled(flag->Name()) << "  " << flag->Help()
              << " (default: " << (flag->DefaultValue().empty() ? "none" : flag->DefaultValue())
              << ")\n";
  }
  std::cout << "  --help  this text\n  --version  fxpp's version and build mode\n";
  std::exit(0);
}

[[noreturn]] void PrintVersionAndExit() {
#ifdef NDEBUG
  constexpr absl::string_view kMode = "optimized build (NDEBUG)";
#else
  constexpr absl::string_view kMode = "debug build (assertions on)";
#endif
  std::cout << "fxpp " << kFxppVersion << ", " << kMode << "\n";
  std::exit(0);
}

// Handles --help and --version, and stops at an unknown flag with the
// closest known one, of absl's or of `more_flags` (a tool's pass options).
// `args` are normalized (--name_with_underscores).
void HandleUsageFlags(const std::vector<std::string>& args,
                      const std::vector<std::string>& more_flags) {
  static const auto* const kAbslFlags = new absl::flat_hash_set<absl::string_view>{
      "flagfile", "fromenv", "tryfromenv", "undefok", "helpfull", "helpshort", "helppackage",
      "helpon", "helpmatch", "only_check_args"};
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i) {
    absl::string_view name = args[i];
    if (name.size() < 2 || name[0] != '-' || name == "-") continue;
    name = absl::StripPrefix(absl::StripPrefix(name, "-"), "-");
    name = name.substr(0, std::min(name.find('='), name.size()));
    if (name == "help" || name == "h") PrintHelpAndExit(absl::ProgramUsageMessage());
    if (name == "version") PrintVersionAndExit();
    if (absl::FindCommandLineFlag(name) != nullptr || kAbslFlags->contains(name)) continue;
    absl::string_view positive = name;
    if (absl::ConsumePrefix(&positive, "no") && absl::FindCommandLineFlag(positive) != nullptr) {
      continue;
    }
    std::string suggestion;
    size_t best = std::max<size_t>(2, name.size() / 3) + 1;
    std::vector<absl::string_view> known(more_flags.begin(), more_flags.end());
    for (const absl::CommandLineFlag* flag : ToolFlags()) known.push_back(flag->Name());
    for (absl::string_view flag : known) {
      const size_t distance = EditDistance(name, flag);
      if (distance < best) {
        best = distance;
        suggestion = Spelled(flag);
      }
    }
    std::cerr << std::filesystem::path(args[0]).filename().string()
              << ": error: Unknown command line flag '" << name << "'"
              << (suggestion.empty() ? "" : absl::StrCat("; did you mean ", suggestion, "?"))
              << " (see --help)\n";
    std::exit(1);
  }
}

// One output-format flag on every tool: --to and --format are two spellings
// of it, and a tool declares one of them; the other is rewritten to it.
void SpellOutputFormatFlag(std::string& arg) {
  const size_t dashes = arg.size() > 1 && arg[1] == '-' ? 2 : 1;
  const size_t name_end = std::min(arg.find('='), arg.size());
  const absl::string_view name(arg.data() + dashes, name_end - dashes);
  constexpr std::pair<absl::string_view, absl::string_view> kSpellings[] = {{"to", "format"},
                                                                            {"format", "to"}};
  for (const auto& [given, declared] : kSpellings) {
    if (name == given && absl::FindCommandLineFlag(given) == nullptr &&
        absl::FindCommandLineFlag(declared) != nullptr) {
      arg.replace(dashes, given.size(), std::string(declared));
      return;
    }
  }
}

}  // namespace

using ::bazel::tools::cpp::runfiles::Runfiles;

std::vector<std::string> ParseToolFlags(int argc, char** argv, absl::string_view usage,
                                        const std::vector<std::string>& more_flags) {
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
    if (arg[1] == '-') {
      std::replace(arg.begin() + 2, arg.begin() + std::min(arg.find('='), arg.size()), '-', '_');
    }
    SpellOutputFormatFlag(arg);
    const size_t name_end = std::min(arg.find('='), arg.size());
    if (name_end != arg.size() || i + 1 == spelled.size() || spelled[i + 1] != "-") continue;
    const absl::string_view name = absl::StripPrefix(absl::StripPrefix(arg, "-"), "-");
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag == nullptr || flag->IsOfType<bool>()) continue;
    arg = absl::StrCat("--", name, "=-");
    spelled.erase(spelled.begin() + static_cast<std::ptrdiff_t>(i) + 1);
  }
  HandleUsageFlags(spelled, more_flags);
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

absl::StatusOr<absl::optional<Format>> ChooseInputFormat(absl::string_view flag_value) {
  if (flag_value.empty()) return absl::optional<Format>();
  ASSIGN_OR_RETURN(Format format, ParseFormatName(flag_value));
  return absl::optional<Format>(format);
}

bool ModuleHasState(const GraphModule& module) {
  if (!module.state().empty()) return true;
  for (const auto& [name, child] : module.children()) {
    if (ModuleHasState(*child)) return true;
  }
  return false;
}

absl::Status VerifyInputModule(const LoadedModule& loaded, bool allow_forward_references) {
  ModuleVerifyOptions options;
  options.graph.allow_forward_references = allow_forward_references;
  options.check_attributes = ModuleHasState(*loaded.module);
  return VerifyLoadedModule(loaded, options);
}

void NoteBundledExample(absl::string_view tool, absl::string_view example) {
  std::cerr << tool << ": no input given; ran on the bundled example " << example
            << " (see --help)\n";
}

int Fail(absl::string_view tool, const absl::Status& status) {
  // A located diagnostic ("file:line:col: error: ...", then the source line
  // and a caret) is printed as is: editors parse lines of that form.
  const absl::string_view first_line = status.message().substr(0, status.message().find('\n'));
  if (absl::StrContains(first_line, ": error: ")) {
    std::cerr << status.message() << "\n";
    return 1;
  }
  std::cerr << tool << ": error: " << status.message() << "\n";
  return 1;
}

namespace {

// Set by RunTool for the out-of-memory handler, which may not allocate.
const char* running_tool = "fxpp";

[[noreturn]] void OutOfMemory() {
  static constexpr char kMessage[] = ": error: out of memory (the input is too large for this "
                                     "machine, or nests or repeats far more than a model does)\n";
  const ssize_t ignored1 = write(STDERR_FILENO, running_tool, strlen(running_tool));
  const ssize_t ignored2 = write(STDERR_FILENO, kMessage, sizeof(kMessage) - 1);
  (void)ignored1;
  (void)ignored2;
  // Nothing was committed: outputs are staged until the end (OutputFiles).
  _exit(1);
}

}  // namespace

int RunTool(absl::string_view tool, absl::FunctionRef<absl::Status()> run) {
  static std::string name;
  name = std::string(tool);
  running_tool = name.c_str();
  std::set_new_handler(OutOfMemory);
  absl::Status status = run();
  // A report on a full disk or a closed pipe is lost output, not success.
  absl::Status flushed = FlushStdout();
  if (status.ok()) status = flushed;
  return status.ok() ? 0 : Fail(tool, status);
}

}  // namespace fxpp
