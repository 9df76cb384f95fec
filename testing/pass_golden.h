// Golden tests of passes, one GoogleTest test per fixture file.
//
// A pass's golden test lists its fixtures once and gets one test case per
// file, so every failing case is reported, each under its own name:
//
//   class DedupGoldenTest : public ::testing::TestWithParam<GoldenCase> {};
//   TEST_P(DedupGoldenTest, MatchesGolden) {
//     DedupPass pass;
//     RunPassOnFixture(pass, GetParam(), {GoldenPathFor(GetParam(), ".dedup")});
//   }
//   INSTANTIATE_TEST_SUITE_P(Testdata, DedupGoldenTest,
//                            ::testing::ValuesIn(GoldenCasesIn("passes/dedup/testdata", {".fx"})),
//                            GoldenCaseName);
//
// RunPassOnFixture parses the fixture (.fx FX text or .fxg), verifies it,
// runs the pass through RunPass (passes/pipeline.h) with the changed-flag
// check on, verifies the result, checks the changed flag against a
// fingerprint of its own, and compares the rendered result (or the pass's
// error) with the golden, which prints a diff and the
// `bazel run //pkg:target -- --update_goldens` command on a mismatch
// (testing/golden.h). Only the golden comparison follows --update_goldens:
// a broken result or a dishonest changed flag fails in update mode too.
#ifndef FXPP_TESTING_PASS_GOLDEN_H_
#define FXPP_TESTING_PASS_GOLDEN_H_

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "gtest/gtest.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/pass.h"

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

// The verifier options a fixture is checked with: FX text carries no
// module state, so attribute targets are not checked for .fx files.
ModuleVerifyOptions VerifyOptionsFor(absl::string_view fixture);

struct PassGoldenOptions {
  PassGoldenOptions(std::string golden_path) : golden(std::move(golden_path)) {}  // NOLINT

  // Runfile path of the golden (GoldenPathFor).
  std::string golden;
  // What the golden holds after a successful run; PrintFxg by default. It
  // may check more (a reference result) with EXPECT_*.
  std::function<std::string(const GraphModule&)> render;
  // The fixture is broken on purpose: it must fail verification, and the
  // golden then holds the pipeline's error for it.
  bool invalid_input = false;
};

// Runs `pass` on `module` (read from `fixture`, which names it in messages
// and picks the verifier options) with every check, reporting failures
// through gtest; returns what the golden should hold: options.render's
// text, or "error: <status>\n" when the pass rejected the module (which
// must then be unchanged), or nullopt when a check failed, so that no
// golden is compared with (or updated from) a result that is not sound.
// The checks: the input verifies (or, for invalid_input, does not);
// RunPass with verification and the changed-flag check; the result
// verifies; the changed flag equals "the fxg fingerprint differs".
absl::optional<std::string> RunPassChecked(Pass& pass, GraphModule& module,
                                           absl::string_view fixture,
                                           const PassGoldenOptions& options);

// ReadFixture + RunPassChecked + the comparison with options.golden.
void RunPassOnFixture(Pass& pass, const GoldenCase& golden_case, const PassGoldenOptions& options);

}  // namespace fxpp

#endif  // FXPP_TESTING_PASS_GOLDEN_H_
