// Golden tests of split_by_tags.
//
// One test per case, each run through testing/pass_golden.h (verified
// before and after, changed flag checked).
// 1. Equivalence with PyTorch 2.6: every testdata/torch26/<case>.fx, tagged
//    by <case>.tags, is split and described one line per node exactly as
//    tools/python/make_split_references.py described PyTorch's own split of
//    the same graph in <case>.torch26.txt (submodules, node names, targets,
//    inputs, output forms, the FQN mapping). Those references are PyTorch's
//    results, not ours: they are regenerated with that script, never with
//    --update_goldens.
// 2. Behaviours and errors on whole modules: each case below splits
//    testdata/<input>.fxg (tags in its meta, module state included) and
//    compares the split module (fxg) and FQN mapping, or the error, with
//    testdata/<case>.split. Regenerate with
//      bazel run //passes/split_by_tags:split_by_tags_golden_test -- --update_goldens
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "passes/split_by_tags/split_by_tags.h"
#include "passes/split_by_tags/split_description.h"
#include "passes/tag_nodes/tagging.h"
#include "testing/golden.h"
#include "testing/pass_golden.h"
#include "testing/torch_reference.h"
#include "testing/unified_diff.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

using FqnMapping = std::vector<std::pair<std::string, std::string>>;

std::string DescribeSplit(const std::vector<std::string>& tags, bool return_tuple,
                          const GraphModule& split, const FqnMapping& fqn_mapping) {
  std::string out = absl::StrCat("tags: ", absl::StrJoin(tags, ", "),
                                 "\nreturn_tuple: ", return_tuple ? "True" : "False", "\n",
                                 DescribeSplitModule(split));
  for (const auto& [from, to] : fqn_mapping) absl::StrAppend(&out, "fqn ", from, " -> ", to, "\n");
  return out;
}

class SplitByTagsTorch26Test : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(SplitByTagsTorch26Test, SameSplitAsPyTorch) {
  absl::StatusOr<TorchReferenceCase> c =
      ReadTorchReferenceCase(GetParam(), ".torch26.txt", ".tags");
  ASSERT_TRUE(c.ok()) << c.status();
  const std::string& reference = c->reference;
  // The first two lines give the tag order and return_tuple.
  std::vector<absl::string_view> lines = absl::StrSplit(reference, '\n');
  ASSERT_GE(lines.size(), 2u);
  ASSERT_TRUE(absl::ConsumePrefix(&lines[0], "tags: "));
  const std::vector<std::string> tags = absl::StrSplit(lines[0], ", ");
  const bool return_tuple = lines[1] == "return_tuple: True";

  TaggingOptions tagging;
  tagging.source = TagSource::kFile;
  tagging.tags_file = c->side;
  ASSERT_TRUE(AssignTags(c->module->graph(), tagging).ok());

  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  options.return_tuple = return_tuple;
  options.require_attributes = false;  // FX text carries no module state
  SplitByTagsPass pass(tags, options);
  PassGoldenOptions checks(GoldenPathFor(GetParam(), ".torch26.txt"));
  checks.keeps_computation = true;
  checks.render = [&](const GraphModule& split) {
    return DescribeSplit(tags, return_tuple, split, pass.fqn_mapping());
  };
  const absl::optional<std::string> actual = RunPassChecked(pass, *c->module, c->fixture, checks);
  ASSERT_TRUE(actual.has_value());
  EXPECT_EQ(*actual, reference) << UnifiedDiff(reference, *actual, "PyTorch 2.6", "fxpp");
}

INSTANTIATE_TEST_SUITE_P(Torch26, SplitByTagsTorch26Test,
                         ::testing::ValuesIn(GoldenCasesIn("passes/split_by_tags/testdata/torch26",
                                                           {".torch26.txt"})),
                         GoldenCaseName);

// ---- whole-module goldens ------------------------------------------------

struct Case {
  std::string name;   // golden: testdata/<name>.split
  std::string input;  // testdata/<input>.fxg
  std::vector<std::string> tags;
  bool return_tuple = false;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

constexpr absl::string_view kDir = "passes/split_by_tags/testdata";

const std::vector<Case>& Cases() {
  static const auto* cases = new std::vector<Case>{
      // PyTorch's TestSplitByTags: same module, same tags.
      {"pytorch_test_split_by_tags", "pytorch_test_split_by_tags", {"red", "blue", "green"}},
      {"pytorch_test_split_by_tags_tuple",
       "pytorch_test_split_by_tags",
       {"red", "blue", "green"},
       /*return_tuple=*/true},
      // The docstring's example, plus an empty component.
      {"docstring", "docstring", {"ro", "main"}},
      {"docstring_empty_component", "docstring", {"ro", "unused", "main"}},
      // get_attr copies per component, one returned directly.
      {"get_attrs", "get_attrs", {"first", "second"}},
      // Several values leave a component; dotted call_module targets.
      {"several_outputs", "several_outputs", {"enc", "dec"}},
      // Errors.
      {"error_order", "docstring", {"main", "ro"}},
      {"error_unknown_tag", "docstring", {"ro"}},
      {"error_duplicate_tag", "docstring", {"ro", "main", "ro"}},
      {"error_untagged", "untagged", {"a"}},
  };
  return *cases;
}

class SplitByTagsGoldenTest : public ::testing::TestWithParam<Case> {};

TEST_P(SplitByTagsGoldenTest, MatchesGolden) {
  const Case& c = GetParam();
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  options.return_tuple = c.return_tuple;
  SplitByTagsPass pass(c.tags, options);
  PassGoldenOptions checks(absl::StrCat(kDir, "/", c.name, ".split"));
  checks.keeps_computation = true;
  checks.render = [&pass](const GraphModule& split) {
    std::string out = PrintFxg(split);
    absl::StrAppend(&out, "\nfqn mapping:\n");
    for (const auto& [from, to] : pass.fqn_mapping())
      absl::StrAppend(&out, "  ", from, " -> ", to, "\n");
    return out;
  };
  RunPassOnFixture(pass, {c.name, absl::StrCat(kDir, "/", c.input, ".fxg"), absl::OkStatus()},
                   checks);
}

INSTANTIATE_TEST_SUITE_P(Cases, SplitByTagsGoldenTest, ::testing::ValuesIn(Cases()),
                         CaseName<Case>);

TEST(SplitByTagsGoldenCasesTest, EveryInputIsUsed) {
  absl::flat_hash_set<std::string> inputs;
  for (const Case& c : Cases()) inputs.insert(c.input);
  ExpectEveryFixtureUsed(kDir, {".fxg"}, inputs);
}

TEST(SplitByTagsGoldenTest, PyTorchTestFqnMapping) {
  absl::StatusOr<std::string> text =
      ReadRunfile("passes/split_by_tags/testdata/pytorch_test_split_by_tags.fxg");
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(*text, "input.fxg");
  ASSERT_TRUE(module.ok()) << module.status();
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  absl::StatusOr<SplitByTagsResult> split =
      SplitByTags(**module, {"red", "blue", "green"}, options);
  ASSERT_TRUE(split.ok()) << split.status();
  // test_fx_split.py::TestSplitByTags.test_split_by_tags's expectation.
  EXPECT_THAT(split->fqn_mapping,
              ElementsAre(Pair("linear1", "red.linear1"), Pair("linear2", "blue.linear2"),
                          Pair("linear3", "green.linear3"), Pair("linear4", "green.linear4")));
  std::vector<std::string> children;
  for (const auto& [name, child] : split->module->children()) children.push_back(name);
  EXPECT_THAT(children, ElementsAre("red", "blue", "green"));
  EXPECT_NE(split->module->GetAttrRecursive("green.linear4.weight").state, nullptr);
}

}  // namespace
}  // namespace fxpp
