// Every real PyTorch fixture (//testing:fx_graph_fixtures) reads and prints
// back byte for byte, in its own dialect and through the typed spelling.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

std::filesystem::path FixtureRoot() { return RunfilePath("testing/graphs").value(); }

// Paths relative to FixtureRoot(), sorted.
std::vector<std::string> FixturePaths() {
  std::vector<std::string> paths;
  const std::filesystem::path root = FixtureRoot();
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(
           root, std::filesystem::directory_options::follow_directory_symlink, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it->path().extension() == ".fx") {
      paths.push_back(std::filesystem::relative(it->path(), root).string());
    }
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

class FixtureTest : public testing::TestWithParam<std::string> {};

TEST_P(FixtureTest, PrintsBackByteIdentical) {
  const std::string text = ReadFile(FixtureRoot() / GetParam());
  ASSERT_FALSE(text.empty());
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, GetParam());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(PrintFxGraph(*parsed->graph, parsed->print_options()), text);
  if (absl::StrContains(text, "[#users=")) {
    EXPECT_EQ(parsed->dialect, FxDialect::kTorch113);
  } else {
    EXPECT_EQ(parsed->dialect, FxDialect::kTorch2);
  }
}

// Multi-graph FX text has every one-graph file as its special case.
TEST_P(FixtureTest, ModuleReaderReadsOneGraph) {
  const std::string text = ReadFile(FixtureRoot() / GetParam());
  absl::StatusOr<ParsedFxModule> parsed = ParseFxModule(text, GetParam());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(parsed->module->children().empty());
  EXPECT_EQ(PrintFxModule(*parsed->module, parsed->print_options()), text);
}

TEST_P(FixtureTest, TypedSpellingRoundTrips) {
  const std::string text = ReadFile(FixtureRoot() / GetParam());
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, GetParam());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  FxPrintOptions typed = parsed->print_options();
  typed.typed_literals = true;
  const std::string typed_text = PrintFxGraph(*parsed->graph, typed);

  absl::StatusOr<ParsedFxGraph> reparsed = ParseFxGraph(typed_text, "typed");
  ASSERT_TRUE(reparsed.ok()) << reparsed.status() << "\n" << typed_text;
  EXPECT_TRUE(reparsed->typed_literals);
  EXPECT_EQ(PrintFxGraph(*reparsed->graph, reparsed->print_options()), typed_text);
  // Back to PyTorch's spelling: the original bytes.
  FxPrintOptions fx = reparsed->print_options();
  fx.typed_literals = false;
  EXPECT_EQ(PrintFxGraph(*reparsed->graph, fx), text);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FixtureTest, testing::ValuesIn(FixturePaths()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(FixtureSet, IsNotEmpty) { EXPECT_GT(FixturePaths().size(), 50u); }

// Broken text never crashes the parser: it parses, or fails with a
// "file:line:column: " message.
void ExpectParsesOrFailsCleanly(const std::string& text) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "broken.fx");
  if (parsed.ok()) return;
  const absl::string_view message = parsed.status().message();
  ASSERT_TRUE(absl::StartsWith(message, "broken.fx:")) << message;
  const size_t line_end = message.find(':', 10);
  const size_t column_end = message.find(": ", line_end + 1);
  ASSERT_NE(line_end, absl::string_view::npos) << message;
  ASSERT_NE(column_end, absl::string_view::npos) << message;
  for (size_t i = 10; i < column_end; ++i) {
    ASSERT_TRUE(i == line_end || absl::ascii_isdigit(message[i])) << message;
  }
}

TEST(BrokenFixtures, TruncatedAndMutatedTextFailsCleanly) {
  std::mt19937 rng(7);
  const char kSpecial[] = "()[]{},:%'\" \n=.-0x";
  for (const char* name : {"torch26/hand_string_args.fx", "torch26/hand_containers.fx",
                           "torch26/hand_graph_api_literals.fx", "torch113/hand_slices.fx",
                           "torch26/ret_nested.fx", "torch26/hand_annotations.fx"}) {
    SCOPED_TRACE(name);
    const std::string text = ReadFile(FixtureRoot() / name);
    ASSERT_FALSE(text.empty());
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, name);
    ASSERT_TRUE(parsed.ok());
    FxPrintOptions typed = parsed->print_options();
    typed.typed_literals = true;
    for (const std::string& original : {text, PrintFxGraph(*parsed->graph, typed)}) {
      for (size_t cut = 0; cut < original.size(); ++cut) {
        ExpectParsesOrFailsCleanly(original.substr(0, cut));
      }
      for (int i = 0; i < 600; ++i) {
        std::string mutated = original;
        for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0; --edits) {
          const size_t at = rng() % mutated.size();
          switch (rng() % 3) {
            case 0: mutated[at] = kSpecial[rng() % (sizeof(kSpecial) - 1)]; break;
            case 1: mutated.erase(at, 1 + rng() % 4); break;
            default: mutated.insert(at, 1, kSpecial[rng() % (sizeof(kSpecial) - 1)]); break;
          }
          if (mutated.empty()) break;
        }
        ExpectParsesOrFailsCleanly(mutated);
      }
    }
  }
}

}  // namespace
}  // namespace fxpp
