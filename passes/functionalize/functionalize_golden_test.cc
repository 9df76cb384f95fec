// Golden tests: every passes/functionalize/testdata/<case>.fxg (or hand-written
// <case>.fx) is functionalized twice, returning input mutations as outputs and
// keeping them as copy_, and the results (or errors) are compared with
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
#include "ir/fxg/fxg.h"
#include "ir/verifier.h"
#include "passes/functional_checks/canonical_form.h"
#include "passes/functional_checks/functional_checks.h"
#include "passes/functionalize/functionalize.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

constexpr absl::string_view kDir = "passes/functionalize/testdata";

absl::StatusOr<std::unique_ptr<GraphModule>> ReadGraph(const std::string& path) {
  absl::StatusOr<std::string> text = ReadRunfile(path);
  if (!text.ok()) return text.status();
  if (absl::EndsWith(path, ".fxg")) return ParseFxg(*text, path);
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(*text, path);
  if (!parsed.ok()) return parsed.status();
  auto module = std::make_unique<GraphModule>();
  module->set_graph(std::move(parsed->graph));
  return module;
}

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

// Functionalizes a copy of `input`; returns the golden section and checks the
// result against PyTorch's where a reference exists.
std::string RunMode(const GraphModule& input, FunctionalizeOptions options, bool keep,
                    const std::string& case_path) {
  options.keep_input_mutations = keep;
  std::unique_ptr<GraphModule> module = input.Clone();
  const std::string before = PrintFxGraph(module->graph());
  absl::StatusOr<FunctionalizeReport> report = Functionalize(*module, options);
  if (!report.ok()) {
    EXPECT_EQ(PrintFxGraph(module->graph()), before) << "a rejected graph must be left unchanged";
    return absl::StrCat("error: ", report.status().ToString(), "\n");
  }
  EXPECT_TRUE(VerifyGraphModule(*module, {/*check_attributes=*/false}).ok());
  // The result is functional: only the copy_ into inputs it added write.
  absl::StatusOr<int64_t> copies = AssertFunctionalGraph(module->graph());
  EXPECT_TRUE(copies.ok()) << copies.status();
  if (copies.ok()) {
    EXPECT_EQ(*copies, report->copies_added);
  }

  const std::string reference_path =
      absl::StrCat(case_path, keep ? ".keep.torch26.fx" : ".outputs.torch26.fx");
  if (absl::StatusOr<std::string> reference = ReadRunfile(reference_path); reference.ok()) {
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(*reference, reference_path);
    EXPECT_TRUE(parsed.ok()) << parsed.status();
    if (parsed.ok()) {
      EXPECT_EQ(CanonicalForm(module->graph()), CanonicalForm(*parsed->graph))
          << "differs structurally from PyTorch 2.6's " << reference_path;
    }
    if (!keep) {
      absl::StatusOr<std::string> signature = ReadRunfile(absl::StrCat(case_path, ".outputs.torch26.sig"));
      EXPECT_TRUE(signature.ok()) << signature.status();
      if (signature.ok()) {
        EXPECT_EQ(report->SignatureText(*module), *signature);
      }
    }
  }
  return absl::StrCat(PrintFxGraph(module->graph()), report->ToText());
}

TEST(FunctionalizeGoldenTest, EveryCase) {
  std::vector<std::string> inputs = ListRunfiles(kDir, ".fxg");
  for (const std::string& fx : ListRunfiles(kDir, ".fx")) {
    if (!absl::EndsWith(fx, ".torch26.fx")) inputs.push_back(fx);
  }
  ASSERT_GE(inputs.size(), 10u) << "cases missing from the runfiles";
  for (const std::string& path : inputs) {
    SCOPED_TRACE(path);
    const std::string case_path(absl::StripSuffix(absl::StripSuffix(path, ".fxg"), ".fx"));
    absl::StatusOr<std::unique_ptr<GraphModule>> input = ReadGraph(path);
    ASSERT_TRUE(input.ok()) << input.status();
    const FunctionalizeOptions options = ReadOptions(case_path);
    const std::string outputs = RunMode(**input, options, /*keep=*/false, case_path);
    const std::string kept = RunMode(**input, options, /*keep=*/true, case_path);
    EXPECT_MATCHES_GOLDEN(absl::StrCat("== input mutations as outputs\n", outputs,
                                       "\n== keep_input_mutations\n", kept),
                          absl::StrCat(case_path, ".functionalized"));
  }
}

// The real export fixture: torch.export's training IR (in-place add_ on
// buffers, a training batch norm) against PyTorch's run_decompositions().
TEST(FunctionalizeGoldenTest, ExportBufferMutationMatchesRunDecompositions) {
  absl::StatusOr<std::unique_ptr<GraphModule>> input =
      ReadGraph("testing/graphs/torch26/export_buffer_mutation.fx");
  ASSERT_TRUE(input.ok()) << input.status();
  FunctionalizeOptions options;
  for (Node* n : (*input)->graph().nodes()) {
    if (n->op() == OpKind::kPlaceholder && absl::StartsWith(n->name(), "b_")) {
      options.buffer_inputs.insert(std::string(n->name()));
    }
  }
  absl::StatusOr<FunctionalizeReport> report = Functionalize(**input, options);
  ASSERT_TRUE(report.ok()) << report.status();
  absl::StatusOr<std::unique_ptr<GraphModule>> reference =
      ReadGraph("testing/graphs/torch26/export_buffer_mutation_decomposed.fx");
  ASSERT_TRUE(reference.ok()) << reference.status();
  EXPECT_EQ(CanonicalForm((*input)->graph()), CanonicalForm((*reference)->graph()));
  EXPECT_EQ(report->SignatureText(**input),
            "output 0 updates input 2 (buffer)\n"
            "output 1 updates input 3 (buffer)\n"
            "output 2 updates input 4 (buffer)\n"
            "output 3 updates input 5 (buffer)\n"
            "outputs 5, inputs 7\n");
}

// testing/graphs' make_fx fixture of the same program as makefx_inplace.fxg
// (read without metadata) gives the same graph as PyTorch.
TEST(FunctionalizeGoldenTest, MakeFxFixtureMatchesPyTorch) {
  absl::StatusOr<std::unique_ptr<GraphModule>> input =
      ReadGraph("testing/graphs/torch26/makefx_inplace.fx");
  ASSERT_TRUE(input.ok()) << input.status();
  FunctionalizeOptions options;
  options.keep_input_mutations = true;
  ASSERT_TRUE(Functionalize(**input, options).ok());
  absl::StatusOr<std::unique_ptr<GraphModule>> reference =
      ReadGraph(absl::StrCat(kDir, "/makefx_inplace.fixture.keep.torch26.fx"));
  ASSERT_TRUE(reference.ok()) << reference.status();
  EXPECT_EQ(CanonicalForm((*input)->graph()), CanonicalForm((*reference)->graph()));
}

}  // namespace
}  // namespace fxpp
