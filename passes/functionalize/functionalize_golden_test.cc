// Golden tests, one per passes/functionalize/testdata/<case>.fxg (or
// hand-written <case>.fx): it is functionalized twice through
// testing/pass_golden.h (verified before and after, changed flag checked),
// returning input mutations as outputs and keeping them as copy_, and the
// results (or errors) are compared with
// <case>.functionalized. Where PyTorch 2.6 functionalized the same program
// (tools/python/make_functionalize_references.py), the results must match it
// structurally:
//   <case>.keep.torch26.fx     make_fx(torch.func.functionalize(f))
//   <case>.outputs.torch26.fx  aot_export_module / export run_decompositions,
//   <case>.outputs.torch26.sig with which input each extra output updates.
// Regenerate with:
//   bazel run //passes/functionalize:functionalize_golden_test -- --update_goldens
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "passes/functional_checks/canonical_form.h"
#include "passes/functional_checks/functional_checks.h"
#include "passes/functionalize/functionalize.h"
#include "testing/golden.h"
#include "testing/pass_golden.h"

namespace fxpp {
namespace {

constexpr absl::string_view kDir = "passes/functionalize/testdata";

GoldenCase Fixture(absl::string_view path) { return {"", std::string(path), absl::OkStatus()}; }

// <case>.options: `buffer NAME` and `assign BUFFER NODE` lines.
FunctionalizeOptions ReadOptions(const std::string& case_path) {
  FunctionalizeOptions options;
  absl::StatusOr<std::string> text = ReadRunfile(absl::StrCat(case_path, ".options"));
  if (!text.ok()) return options;
  for (absl::string_view line : absl::StrSplit(*text, '\n', absl::SkipWhitespace())) {
    std::vector<std::string> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (words.size() == 2 && words[0] == "buffer") options.buffer_inputs.insert(words[1]);
    if (words.size() == 3 && words[0] == "assign") options.assigned_buffers.emplace_back(words[1], words[2]);
  }
  return options;
}

// Functionalizes a copy of `input` (read from `fixture`) through
// testing/pass_golden.h; returns the golden section, or nullopt when a check
// failed, and checks the result against PyTorch's where a reference exists.
absl::optional<std::string> RunMode(const GraphModule& input, const std::string& fixture,
                                    FunctionalizeOptions options, bool keep,
                                    const std::string& case_path) {
  options.keep_input_mutations = keep;
  std::unique_ptr<GraphModule> module = input.Clone();
  FunctionalizePass pass(options);
  PassGoldenOptions checks(absl::StrCat(case_path, ".functionalized"));
  checks.render = [&](const GraphModule& result) {
    const FunctionalizeReport& report = pass.report();
    // The result is functional: only the copy_ into inputs it added write.
    absl::StatusOr<int64_t> copies = AssertFunctionalGraph(result.graph());
    EXPECT_TRUE(copies.ok()) << copies.status();
    if (copies.ok()) {
      EXPECT_EQ(*copies, report.copies_added);
    }
    const std::string reference_path =
        absl::StrCat(case_path, keep ? ".keep.torch26.fx" : ".outputs.torch26.fx");
    if (absl::StatusOr<std::unique_ptr<GraphModule>> reference =
            ReadFixture(Fixture(reference_path));
        !absl::IsNotFound(reference.status())) {
      EXPECT_TRUE(reference.ok()) << reference.status();
      if (reference.ok()) {
        EXPECT_EQ(CanonicalForm(result.graph()), CanonicalForm((*reference)->graph()))
            << "differs structurally from PyTorch 2.6's " << reference_path;
      }
      if (!keep) {
        absl::StatusOr<std::string> signature =
            ReadRunfile(absl::StrCat(case_path, ".outputs.torch26.sig"));
        EXPECT_TRUE(signature.ok()) << signature.status();
        if (signature.ok()) {
          EXPECT_EQ(report.SignatureText(result), *signature);
        }
      }
    }
    return absl::StrCat(PrintFxGraph(result.graph()), report.ToText());
  };
  return RunPassChecked(pass, *module, fixture, checks);
}

class FunctionalizeGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(FunctionalizeGoldenTest, BothWaysMatchGolden) {
  const std::string& path = GetParam().fixture;
  const std::string case_path(absl::StripSuffix(absl::StripSuffix(path, ".fxg"), ".fx"));
  absl::StatusOr<std::unique_ptr<GraphModule>> input = ReadFixture(GetParam());
  ASSERT_TRUE(input.ok()) << input.status();
  const FunctionalizeOptions options = ReadOptions(case_path);
  const absl::optional<std::string> outputs =
      RunMode(**input, path, options, /*keep=*/false, case_path);
  const absl::optional<std::string> kept =
      RunMode(**input, path, options, /*keep=*/true, case_path);
  if (outputs.has_value() && kept.has_value()) {
    EXPECT_MATCHES_GOLDEN(absl::StrCat("== input mutations as outputs\n", *outputs,
                                       "\n== keep_input_mutations\n", *kept),
                          absl::StrCat(case_path, ".functionalized"));
  }
}

INSTANTIATE_TEST_SUITE_P(Testdata, FunctionalizeGoldenTest,
                         ::testing::ValuesIn(GoldenCasesIn(kDir, {".fxg", ".fx"}, {".torch26.fx"})),
                         GoldenCaseName);

// The real export fixture: torch.export's training IR (in-place add_ on
// buffers, a training batch norm) against PyTorch's run_decompositions().
TEST(FunctionalizeFixtureTest, ExportBufferMutationMatchesRunDecompositions) {
  const GoldenCase fixture = Fixture("testing/graphs/torch26/export_buffer_mutation.fx");
  absl::StatusOr<std::unique_ptr<GraphModule>> input = ReadFixture(fixture);
  ASSERT_TRUE(input.ok()) << input.status();
  FunctionalizeOptions options;
  for (Node* n : (*input)->graph().nodes()) {
    if (n->op() == OpKind::kPlaceholder && absl::StartsWith(n->name(), "b_")) {
      options.buffer_inputs.insert(std::string(n->name()));
    }
  }
  FunctionalizePass pass(options);
  ASSERT_TRUE(RunPassChecked(pass, **input, fixture.fixture, {""}).has_value());
  absl::StatusOr<std::unique_ptr<GraphModule>> reference =
      ReadFixture(Fixture("testing/graphs/torch26/export_buffer_mutation_decomposed.fx"));
  ASSERT_TRUE(reference.ok()) << reference.status();
  EXPECT_EQ(CanonicalForm((*input)->graph()), CanonicalForm((*reference)->graph()));
  EXPECT_EQ(pass.report().SignatureText(**input),
            "output 0 updates input 2 (buffer)\n"
            "output 1 updates input 3 (buffer)\n"
            "output 2 updates input 4 (buffer)\n"
            "output 3 updates input 5 (buffer)\n"
            "outputs 5, inputs 7\n");
}

// testing/graphs' make_fx fixture of the same program as makefx_inplace.fxg
// (read without metadata) gives the same graph as PyTorch.
TEST(FunctionalizeFixtureTest, MakeFxFixtureMatchesPyTorch) {
  const GoldenCase fixture = Fixture("testing/graphs/torch26/makefx_inplace.fx");
  absl::StatusOr<std::unique_ptr<GraphModule>> input = ReadFixture(fixture);
  ASSERT_TRUE(input.ok()) << input.status();
  FunctionalizeOptions options;
  options.keep_input_mutations = true;
  FunctionalizePass pass(options);
  ASSERT_TRUE(RunPassChecked(pass, **input, fixture.fixture, {""}).has_value());
  absl::StatusOr<std::unique_ptr<GraphModule>> reference =
      ReadFixture(Fixture(absl::StrCat(kDir, "/makefx_inplace.fixture.keep.torch26.fx")));
  ASSERT_TRUE(reference.ok()) << reference.status();
  EXPECT_EQ(CanonicalForm((*input)->graph()), CanonicalForm((*reference)->graph()));
}

}  // namespace
}  // namespace fxpp
