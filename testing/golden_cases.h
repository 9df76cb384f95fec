// The cases of a golden test, one GoogleTest test per fixture file: listing
// a runfiles directory (an empty one is an error, never zero tests), test
// names from file names, golden paths, and reading a fixture as a module.
//
//   class DotGoldenTest : public ::testing::TestWithParam<GoldenCase> {};
//   TEST_P(DotGoldenTest, MatchesGolden) {
//     absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(GetParam());
//     ASSERT_TRUE(module.ok()) << module.status();
//     EXPECT_MATCHES_GOLDEN(PrintDot(**module), GoldenPathFor(GetParam(), ".dot"));
//   }
//   INSTANTIATE_TEST_SUITE_P(Testdata, DotGoldenTest,
//                            ::testing::ValuesIn(GoldenCasesIn("ir/dot/testdata", {".fxg"})),
//                            GoldenCaseName);
//
// Tests of passes use testing/pass_golden.h on top of this.
#ifndef FXPP_TESTING_GOLDEN_CASES_H_
#define FXPP_TESTING_GOLDEN_CASES_H_

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "ir/graph_module.h"

namespace fxpp {

// One case of a golden test: a fixture file in the runfiles.
struct GoldenCase {
  std::string name;     // the test's name: the file's stem in [A-Za-z0-9_]
  std::string fixture;  // runfile path, e.g. "passes/dedup/testdata/kwargs.fx"
  // Not OK for the stand-in case GoldenCasesIn gives when it finds none.
  absl::Status listing;
};

// gtest prints parameters with this.
void PrintTo(const GoldenCase& golden_case, std::ostream* os);

// The files directly in runfiles directory `dir` whose names end in one of
// `suffixes` and in none of `excluded_suffixes`, sorted by path; NotFound
// when there are none, so that a test over a directory cannot pass on no
// cases.
absl::StatusOr<std::vector<GoldenCase>> ListGoldenCases(
    absl::string_view dir, const std::vector<std::string>& suffixes,
    const std::vector<std::string>& excluded_suffixes = {});

// ListGoldenCases for INSTANTIATE_TEST_SUITE_P: on an error, one case named
// "NoFixtures" whose test fails with it (ReadFixture, RunPassOnFixture).
std::vector<GoldenCase> GoldenCasesIn(absl::string_view dir,
                                      const std::vector<std::string>& suffixes,
                                      const std::vector<std::string>& excluded_suffixes = {});

// For tests whose cases are a table naming their input fixtures: fails for
// every fixture of `dir` (as ListGoldenCases) whose name no case uses, and
// when there is none, so that no fixture is silently left untested.
void ExpectEveryFixtureUsed(absl::string_view dir, const std::vector<std::string>& suffixes,
                            const absl::flat_hash_set<std::string>& used_names);

// The name generator for INSTANTIATE_TEST_SUITE_P.
std::string GoldenCaseName(const ::testing::TestParamInfo<GoldenCase>& info);

// The same for a test's own case table, whose entries have a `name`.
template <typename Case>
std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  return info.param.name;
}

// The fixture's path with its last extension replaced by `golden_suffix`:
// "dir/x.fx", ".dedup" -> "dir/x.dedup".
std::string GoldenPathFor(const GoldenCase& golden_case, absl::string_view golden_suffix);

// The fixture as a module: .fxg (the whole module), .fx (FX text: a
// module holding the graph, without state) or any format of ir/io by
// extension. The case's listing error, if any, is returned first.
absl::StatusOr<std::unique_ptr<GraphModule>> ReadFixture(const GoldenCase& golden_case);

}  // namespace fxpp

#endif  // FXPP_TESTING_GOLDEN_CASES_H_
