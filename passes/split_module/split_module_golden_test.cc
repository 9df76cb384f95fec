// Golden tests of split_module, one test per case, each run through
// testing/pass_golden.h (verified before and after, changed flag checked).
//
// 1. Equivalence with PyTorch 2.6: testdata/torch26/<case>.fx, partitioned
//    by <case>.partitions ("NODE_NAME ID" lines), is split and described as
//    tools/python/make_split_references.py described PyTorch's split of the
//    same graph in <case>.torch26.txt; where PyTorch failed, fxpp must fail.
//    The references are regenerated with that script only.
// 2. Whole modules: testdata/<input>.fxg, whose call nodes carry their
//    partition number as tag, split by SplitModulePass with each case's
//    options; the module (fxg) and qualname map, or the error, are compared
//    with testdata/<case>.split. Regenerate with
//      bazel run //passes/split_module:split_module_golden_test -- --update_goldens
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "passes/split_by_tags/split_description.h"
#include "passes/split_module/split_module.h"
#include "testing/pass_golden.h"
#include "testing/torch_reference.h"
#include "testing/unified_diff.h"

namespace fxpp {
namespace {

std::string QualnameLines(const std::vector<std::pair<std::string, std::string>>& map,
                          absl::string_view prefix) {
  std::string out;
  for (const auto& [from, to] : map) absl::StrAppend(&out, prefix, from, " -> ", to, "\n");
  return out;
}

class SplitModuleTorch26Test : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(SplitModuleTorch26Test, SameSplitAsPyTorch) {
  absl::StatusOr<TorchReferenceCase> c =
      ReadTorchReferenceCase(GetParam(), ".torch26.txt", ".partitions");
  ASSERT_TRUE(c.ok()) << c.status();
  const std::string& reference = c->reference;
  // The partition of each node, as its tag ("NODE_NAME ID" lines).
  for (absl::string_view line : absl::StrSplit(c->side, '\n', absl::SkipEmpty())) {
    if (absl::StartsWith(line, "#")) continue;
    std::vector<absl::string_view> fields = absl::StrSplit(line, ' ');
    ASSERT_EQ(fields.size(), 2u) << line;
    Node* node = c->module->graph().FindNode(fields[0]);
    ASSERT_NE(node, nullptr) << line;
    int64_t partition = 0;
    ASSERT_TRUE(absl::SimpleAtoi(fields[1], &partition)) << line;
    node->mutable_meta().tag = Symbol::Intern(fields[1]);
  }
  SplitModuleOptions options;
  options.keep_original_order = absl::StartsWith(reference, "keep_original_order: True\n");
  options.require_attributes = false;  // FX text carries no module state
  SplitModulePass pass(options);
  PassGoldenOptions checks(GoldenPathFor(GetParam(), ".torch26.txt"));
  checks.render = [&](const GraphModule& split) {
    return absl::StrCat("keep_original_order: ", options.keep_original_order ? "True" : "False",
                        "\n", DescribeSplitModule(split),
                        QualnameLines(pass.qualname_map(), "qualname "));
  };
  const absl::optional<std::string> actual = RunPassChecked(pass, *c->module, c->fixture, checks);
  ASSERT_TRUE(actual.has_value());
  if (absl::StrContains(reference, "\nerror: ")) {
    EXPECT_TRUE(absl::StartsWith(*actual, "error: "))
        << "PyTorch failed on this case; fxpp succeeded";
    return;
  }
  EXPECT_EQ(*actual, reference) << UnifiedDiff(reference, *actual, "PyTorch 2.6", "fxpp");
}

INSTANTIATE_TEST_SUITE_P(Torch26, SplitModuleTorch26Test,
                         ::testing::ValuesIn(GoldenCasesIn("passes/split_module/testdata/torch26",
                                                           {".torch26.txt"})),
                         GoldenCaseName);

struct Case {
  std::string name;   // golden: testdata/<name>.split
  std::string input;  // testdata/<input>.fxg
  SplitModuleOptions options;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

SplitModuleOptions Options(bool keep_original_order, bool tuple_return,
                           absl::optional<std::string> affix = absl::nullopt,
                           bool keep_original_node_name = false,
                           bool keep_original_input_name = true) {
  SplitModuleOptions options;
  options.keep_original_order = keep_original_order;
  options.tuple_return = tuple_return;
  options.partition_affix = std::move(affix);
  options.keep_original_node_name = keep_original_node_name;
  options.keep_original_input_name = keep_original_input_name;
  return options;
}

constexpr absl::string_view kDir = "passes/split_module/testdata";

const std::vector<Case>& Cases() {
  static const auto* cases = new std::vector<Case>{
      // split_module's docstring module with its state: attributes copied
      // under flattened names, the parameter passed in.
      {"docstring", "docstring", Options(false, false)},
      {"docstring_tuple_return_affix", "docstring", Options(false, true, "pp")},
      {"docstring_keep_names", "docstring", Options(true, false, absl::nullopt, true, false)},
      // Symbolic sizes: s0 (a placeholder) and u0 (computed in partition 0)
      // follow the values whose shapes mention them.
      {"symbolic_sizes", "symbolic_sizes", Options(false, false)},
      // A submodule read by get_attr in two partitions is fetched in each.
      {"submodule_get_attr", "submodule_get_attr", Options(false, false)},
      {"error_cycle", "cycle", Options(false, false)},
  };
  return *cases;
}

class SplitModuleGoldenTest : public ::testing::TestWithParam<Case> {};

TEST_P(SplitModuleGoldenTest, MatchesGolden) {
  const Case& c = GetParam();
  SplitModulePass pass(c.options);
  PassGoldenOptions checks(absl::StrCat(kDir, "/", c.name, ".split"));
  checks.render = [&pass](const GraphModule& split) {
    return absl::StrCat(PrintFxg(split), "\nqualname map:\n",
                        QualnameLines(pass.qualname_map(), "  "));
  };
  RunPassOnFixture(pass, {c.name, absl::StrCat(kDir, "/", c.input, ".fxg"), absl::OkStatus()},
                   checks);
}

INSTANTIATE_TEST_SUITE_P(Cases, SplitModuleGoldenTest, ::testing::ValuesIn(Cases()),
                         CaseName<Case>);

TEST(SplitModuleGoldenCasesTest, EveryInputIsUsed) {
  absl::flat_hash_set<std::string> inputs;
  for (const Case& c : Cases()) inputs.insert(c.input);
  ExpectEveryFixtureUsed(kDir, {".fxg"}, inputs);
}

}  // namespace
}  // namespace fxpp
