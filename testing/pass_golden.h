// Golden tests of passes, one GoogleTest test per fixture file
// (testing/golden_cases.h), so every failing case is reported, each under
// its own name:
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
#include <string>
#include <utility>

#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/pass.h"
#include "testing/golden_cases.h"

namespace fxpp {

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
  // The pass only reorders, removes dead code, outlines or splits: its
  // result must compute what the input did (CheckSameComputation, calls of
  // submodules inlined).
  bool keeps_computation = false;
};

// Runs `pass` on `module` (read from `fixture`, which names it in messages
// and picks the verifier options) with every check, reporting failures
// through gtest; returns what the golden should hold: options.render's
// text, or "error: <status>\n" when the pass rejected the module (which
// must then be unchanged), or nullopt when a check failed, so that no
// golden is compared with (or updated from) a result that is not sound.
// The checks: the input verifies (or, for invalid_input, does not);
// RunPass with verification and the changed-flag check; the result
// verifies; the changed flag equals "the fxg fingerprint differs"; with
// keeps_computation, the result computes the same.
absl::optional<std::string> RunPassChecked(Pass& pass, GraphModule& module,
                                           absl::string_view fixture,
                                           const PassGoldenOptions& options);

// ReadFixture + RunPassChecked + the comparison with options.golden.
void RunPassOnFixture(Pass& pass, const GoldenCase& golden_case, const PassGoldenOptions& options);

}  // namespace fxpp

#endif  // FXPP_TESTING_PASS_GOLDEN_H_
