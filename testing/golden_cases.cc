#include "testing/golden_cases.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/io/module_io.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

// The suffix of `name` among `suffixes` (the longest), or "" for none.
absl::string_view MatchingSuffix(absl::string_view name, const std::vector<std::string>& suffixes) {
  absl::string_view longest;
  for (const std::string& suffix : suffixes) {
    if (absl::EndsWith(name, suffix) && suffix.size() > longest.size()) longest = suffix;
  }
  return longest;
}

// gtest test names allow letters, digits and '_' only.
std::string TestName(absl::string_view stem) {
  std::string name(stem);
  for (char& c : name) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

}  // namespace

void PrintTo(const GoldenCase& golden_case, std::ostream* os) {
  *os << (golden_case.listing.ok() ? golden_case.fixture : golden_case.listing.ToString());
}

absl::StatusOr<std::vector<GoldenCase>> ListGoldenCases(
    absl::string_view dir, const std::vector<std::string>& suffixes,
    const std::vector<std::string>& excluded_suffixes) {
  std::vector<GoldenCase> cases;
  for (std::string& path : ListRunfiles(dir, "")) {
    const absl::string_view file = absl::string_view(path).substr(dir.size() + 1);
    const absl::string_view suffix = MatchingSuffix(file, suffixes);
    if (suffix.empty() || !MatchingSuffix(file, excluded_suffixes).empty()) continue;
    cases.push_back(
        {TestName(file.substr(0, file.size() - suffix.size())), std::move(path), absl::OkStatus()});
  }
  if (cases.empty()) {
    return absl::NotFoundError(absl::StrCat("no fixtures ", dir, "/*{",
                                            absl::StrJoin(suffixes, ","),
                                            "} in the runfiles: list them in the test's data"));
  }
  return cases;
}

std::vector<GoldenCase> GoldenCasesIn(absl::string_view dir,
                                      const std::vector<std::string>& suffixes,
                                      const std::vector<std::string>& excluded_suffixes) {
  absl::StatusOr<std::vector<GoldenCase>> cases = ListGoldenCases(dir, suffixes, excluded_suffixes);
  if (!cases.ok()) return {GoldenCase{"NoFixtures", std::string(dir), cases.status()}};
  return *std::move(cases);
}

void ExpectEveryFixtureUsed(absl::string_view dir, const std::vector<std::string>& suffixes,
                            const absl::flat_hash_set<std::string>& used_names) {
  absl::StatusOr<std::vector<GoldenCase>> cases = ListGoldenCases(dir, suffixes);
  if (!cases.ok()) {
    ADD_FAILURE() << cases.status();
    return;
  }
  for (const GoldenCase& c : *cases) {
    EXPECT_TRUE(used_names.contains(c.name)) << c.fixture << " is used by no case";
  }
}

std::string GoldenCaseName(const ::testing::TestParamInfo<GoldenCase>& info) {
  return info.param.name;
}

std::string GoldenPathFor(const GoldenCase& golden_case, absl::string_view golden_suffix) {
  const std::string& fixture = golden_case.fixture;
  const size_t slash = fixture.rfind('/');
  const size_t dot = fixture.rfind('.');
  const size_t stem_end = dot == std::string::npos || (slash != std::string::npos && dot < slash)
                              ? fixture.size()
                              : dot;
  return absl::StrCat(fixture.substr(0, stem_end), golden_suffix);
}

absl::StatusOr<std::unique_ptr<GraphModule>> ReadFixture(const GoldenCase& golden_case) {
  if (!golden_case.listing.ok()) return golden_case.listing;
  const std::string& path = golden_case.fixture;
  absl::StatusOr<std::string> text = ReadRunfile(path);
  if (!text.ok()) return text.status();
  const absl::optional<Format> format = FormatFromPath(path);
  absl::StatusOr<LoadedModule> loaded = ParseModule(*text, path, format.value_or(Format::kFxg));
  if (!loaded.ok()) return loaded.status();
  return std::move(loaded->module);
}

}  // namespace fxpp
