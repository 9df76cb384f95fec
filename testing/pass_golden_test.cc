// The pass golden harness, and proof that it cannot pass vacuously: a wrong
// golden, a dishonest changed flag, an unverifiable result, a changed
// computation where it must be kept, a rejected module left changed and an
// empty fixture directory all fail, also under
// --update_goldens, which then writes nothing.
#include "testing/pass_golden.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "passes/pass.h"
#include "testing/golden.h"
#include "testing/scoped_env.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;

constexpr char kDir[] = "testing/testdata/pass_golden";
constexpr char kUpdateCommand[] = "bazel run //testing:pass_golden_test -- --update_goldens";

// Adds relu(result) before the output: a real change.
absl::Status AddRelu(GraphModule& module) {
  Graph& graph = module.graph();
  Node* out = graph.output_node();
  auto scope = graph.InsertingBefore(out);
  Node* relu = graph.CallFunction("torch.relu", {out->args()[0]});
  out->SetArgs({Argument::Ref(relu)});
  return absl::OkStatus();
}

// A pass made of an edit and the changed flag it reports.
class FakePass : public Pass {
 public:
  using Edit = std::function<absl::Status(GraphModule&)>;
  FakePass(Edit edit, bool reports_changed) : edit_(std::move(edit)), changed_(reports_changed) {}
  absl::string_view name() const override { return "fake"; }
  absl::StatusOr<bool> Run(GraphModule& module) override {
    if (absl::Status status = edit_(module); !status.ok()) return status;
    return changed_;
  }
  PassReport Report() const override { return {{{"runs", 1, ""}}}; }

 private:
  Edit edit_;
  bool changed_;
};

FakePass Honest() { return FakePass(AddRelu, /*reports_changed=*/true); }
FakePass Identity() {
  return FakePass([](GraphModule&) { return absl::OkStatus(); }, false);
}

GoldenCase Case(absl::string_view stem) {
  return {std::string(stem), absl::StrCat(kDir, "/", stem, ".fx"), absl::OkStatus()};
}

// How a pass's golden test uses the harness: one test per fixture file;
// `bazel run //testing:pass_golden_test -- --update_goldens` rewrites the
// goldens (testdata/pass_golden/<case>.golden).
class PassGoldenUsageTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(PassGoldenUsageTest, MatchesGolden) {
  FakePass pass = Honest();
  PassGoldenOptions options{GoldenPathFor(GetParam(), ".golden")};
  options.invalid_input = GetParam().name == "cycle";
  RunPassOnFixture(pass, GetParam(), options);
}

INSTANTIATE_TEST_SUITE_P(Testdata, PassGoldenUsageTest,
                         ::testing::ValuesIn(GoldenCasesIn(kDir, {".fx"})), GoldenCaseName);

// The other tests pin compare mode, so that running this binary with
// --update_goldens cannot make them write into the source tree.
class PassGoldenTest : public ::testing::Test {
 protected:
  PassGoldenTest() : was_updating_(UpdatingGoldens()) { SetUpdatingGoldens(false); }
  ~PassGoldenTest() override { SetUpdatingGoldens(was_updating_); }

  const std::string relu_golden_ = absl::StrCat(kDir, "/relu.golden");

 private:
  const bool was_updating_;
};

TEST_F(PassGoldenTest, ListsOneCasePerFixtureNamedByItsStem) {
  absl::StatusOr<std::vector<GoldenCase>> cases = ListGoldenCases(kDir, {".fx"});
  ASSERT_TRUE(cases.ok()) << cases.status();
  EXPECT_THAT(*cases, ElementsAre(Field(&GoldenCase::fixture, absl::StrCat(kDir, "/cycle.fx")),
                                  Field(&GoldenCase::fixture, absl::StrCat(kDir, "/relu.fx"))));
  EXPECT_THAT(*cases,
              ElementsAre(Field(&GoldenCase::name, "cycle"), Field(&GoldenCase::name, "relu")));
  absl::StatusOr<std::vector<GoldenCase>> but_relu = ListGoldenCases(kDir, {".fx"}, {"relu.fx"});
  ASSERT_TRUE(but_relu.ok()) << but_relu.status();
  EXPECT_THAT(*but_relu, ElementsAre(Field(&GoldenCase::name, "cycle")));
  EXPECT_EQ(GoldenPathFor(Case("relu"), ".golden"), relu_golden_);
}

TEST_F(PassGoldenTest, AnEmptyFixtureDirectoryIsAnError) {
  for (const char* dir : {kDir, "testing/testdata/no_such_directory"}) {
    SCOPED_TRACE(dir);
    EXPECT_EQ(ListGoldenCases(dir, {".none"}).status().code(), absl::StatusCode::kNotFound);
    // The stand-in case fails its test instead of leaving no test at all.
    const std::vector<GoldenCase> cases = GoldenCasesIn(dir, {".none"});
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].name, "NoFixtures");
    FakePass pass = Honest();
    EXPECT_NONFATAL_FAILURE(RunPassOnFixture(pass, cases[0], {relu_golden_}), "no fixtures");
  }
}

TEST_F(PassGoldenTest, MatchingGoldenPasses) {
  FakePass pass = Honest();
  RunPassOnFixture(pass, Case("relu"), {relu_golden_});
}

TEST_F(PassGoldenTest, WrongGoldenFailsWithDiffAndUpdateCommand) {
  // The identity's output lacks the relu the golden has.
  FakePass pass = Identity();
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(pass, Case("relu"), {relu_golden_}),
                          "does not match its golden");
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(pass, Case("relu"), {relu_golden_}), kUpdateCommand);
  // A render that differs from the golden fails as well.
  FakePass honest = Honest();
  PassGoldenOptions options{relu_golden_};
  options.render = [](const GraphModule& module) { return PrintFxg(module) + "extra\n"; };
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(honest, Case("relu"), options), "+extra");
}

TEST_F(PassGoldenTest, DishonestChangedFlagFails) {
  FakePass claims_no_change(AddRelu, /*reports_changed=*/false);
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(claims_no_change, Case("relu"), {relu_golden_}),
                          "reported no change but the module changed");
  FakePass claims_change([](GraphModule&) { return absl::OkStatus(); }, true);
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(claims_change, Case("relu"), {relu_golden_}),
                          "reported a change but the module is unchanged");
}

TEST_F(PassGoldenTest, UnverifiableResultFails) {
  FakePass second_output(
      [](GraphModule& module) {
        module.graph().Output(Argument::None());
        return absl::OkStatus();
      },
      true);
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(second_output, Case("relu"), {relu_golden_}),
                          "failed the pipeline's checks: ");
}

// AddRelu changes what the module computes; reordering would not.
TEST_F(PassGoldenTest, KeepsComputationCatchesAChangedComputation) {
  FakePass adds_relu = Honest();
  PassGoldenOptions keeps{relu_golden_};
  keeps.keeps_computation = true;
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(adds_relu, Case("relu"), keeps),
                          "the pass changed what the module computes");
  FakePass identity = Identity();
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(Case("relu"));
  ASSERT_TRUE(module.ok()) << module.status();
  EXPECT_TRUE(RunPassChecked(identity, **module, Case("relu").fixture, keeps).has_value());
}

TEST_F(PassGoldenTest, RejectionIsGoldenButMustLeaveTheModuleUnchanged) {
  FakePass rejects([](GraphModule&) { return absl::InvalidArgumentError("unsupported"); }, false);
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(Case("relu"));
  ASSERT_TRUE(module.ok()) << module.status();
  EXPECT_EQ(RunPassChecked(rejects, **module, Case("relu").fixture, {relu_golden_}),
            "error: INVALID_ARGUMENT: in pass fake: unsupported\n");

  FakePass rejects_after_editing(
      [](GraphModule& module) {
        AddRelu(module).IgnoreError();
        return absl::InvalidArgumentError("unsupported");
      },
      false);
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(rejects_after_editing, Case("relu"), {relu_golden_}),
                          "must be left unchanged");
}

TEST_F(PassGoldenTest, InputsMustVerifyUnlessMarkedInvalid) {
  FakePass pass = Honest();
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(pass, Case("cycle"), {relu_golden_}),
                          "cycle.fx does not verify");
  PassGoldenOptions invalid{relu_golden_};
  invalid.invalid_input = true;
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(pass, Case("relu"), invalid),
                          "is marked as an invalid input but verifies");
}

TEST_F(PassGoldenTest, UpdateModeWritesSoundResultsOnly) {
  std::string source_tree = absl::StrCat(::testing::TempDir(), "source_tree.XXXXXX");
  ASSERT_NE(mkdtemp(source_tree.data()), nullptr);
  ScopedEnv workspace("BUILD_WORKSPACE_DIRECTORY", source_tree);
  SetUpdatingGoldens(true);
  const std::string written = absl::StrCat(source_tree, "/", relu_golden_);

  FakePass dishonest(AddRelu, /*reports_changed=*/false);
  EXPECT_NONFATAL_FAILURE(RunPassOnFixture(dishonest, Case("relu"), {relu_golden_}),
                          "reported no change");
  EXPECT_FALSE(std::filesystem::exists(written));

  ::testing::internal::CaptureStdout();
  FakePass honest = Honest();
  RunPassOnFixture(honest, Case("relu"), {relu_golden_});
  EXPECT_THAT(::testing::internal::GetCapturedStdout(), HasSubstr("Created golden"));
  const absl::StatusOr<std::string> golden = ReadRunfile(relu_golden_);
  ASSERT_TRUE(golden.ok()) << golden.status();
  std::ifstream in(written);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), *golden);
  std::filesystem::remove_all(source_tree);
}

}  // namespace
}  // namespace fxpp
