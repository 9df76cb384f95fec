// Golden tests of split_module.
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

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "ir/verifier.h"
#include "passes/split_by_tags/split_description.h"
#include "passes/split_module/split_module.h"
#include "testing/golden.h"
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

TEST(SplitModuleTorch26Test, SameSplitAsPyTorch) {
  absl::StatusOr<std::vector<TorchReferenceCase>> cases = ReadTorchReferenceCases(
      "passes/split_module/testdata/torch26", ".torch26.txt", ".partitions");
  ASSERT_TRUE(cases.ok()) << cases.status();
  ASSERT_GE(cases->size(), 7u) << "reference cases missing from the runfiles";
  for (const TorchReferenceCase& c : *cases) {
    SCOPED_TRACE(c.base);
    const std::string& reference = c.reference;
    const GraphModule& module = *c.module;
    absl::flat_hash_map<const Node*, int64_t> partition_of;
    for (absl::string_view line : absl::StrSplit(c.side, '\n', absl::SkipEmpty())) {
      if (absl::StartsWith(line, "#")) continue;
      std::vector<absl::string_view> fields = absl::StrSplit(line, ' ');
      ASSERT_EQ(fields.size(), 2u) << line;
      const Node* node = module.graph().FindNode(fields[0]);
      ASSERT_NE(node, nullptr) << line;
      ASSERT_TRUE(absl::SimpleAtoi(fields[1], &partition_of[node])) << line;
    }
    SplitModuleOptions options;
    options.keep_original_order = absl::StartsWith(reference, "keep_original_order: True\n");
    options.require_attributes = false;  // FX text carries no module state
    absl::StatusOr<SplitModuleResult> split = SplitModule(module, partition_of, options);
    if (absl::StrContains(reference, "\nerror: ")) {
      EXPECT_FALSE(split.ok()) << "PyTorch failed on this case; fxpp succeeded";
      continue;
    }
    ASSERT_TRUE(split.ok()) << split.status();
    const absl::Status verified = VerifyGraphModule(*split->module, {/*check_attributes=*/false});
    EXPECT_TRUE(verified.ok()) << verified;
    const std::string actual =
        absl::StrCat("keep_original_order: ", options.keep_original_order ? "True" : "False",
                     "\n", DescribeSplitModule(*split->module),
                     QualnameLines(split->qualname_map, "qualname "));
    EXPECT_EQ(actual, reference) << UnifiedDiff(reference, actual, "PyTorch 2.6", "fxpp");
  }
}

struct Case {
  const char* name;   // golden: testdata/<name>.split
  const char* input;  // testdata/<input>.fxg
  SplitModuleOptions options;
};

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

TEST(SplitModuleGoldenTest, EveryCase) {
  const std::vector<Case> cases = {
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
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string input = absl::StrCat("passes/split_module/testdata/", c.input, ".fxg");
    absl::StatusOr<std::string> text = ReadRunfile(input);
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(*text, input);
    ASSERT_TRUE(module.ok()) << module.status();
    ASSERT_TRUE(VerifyGraphModule(**module).ok()) << VerifyGraphModule(**module);
    SplitModulePass pass(c.options);
    absl::StatusOr<bool> changed = pass.Run(**module);
    std::string out;
    if (!changed.ok()) {
      out = absl::StrCat("error: ", changed.status().message(), "\n");
    } else {
      const absl::Status verified = VerifyGraphModule(**module);
      EXPECT_TRUE(verified.ok()) << verified;
      out = absl::StrCat(PrintFxg(**module), "\nqualname map:\n",
                         QualnameLines(pass.qualname_map(), "  "));
    }
    EXPECT_MATCHES_GOLDEN(out, absl::StrCat("passes/split_module/testdata/", c.name, ".split"));
  }
}

}  // namespace
}  // namespace fxpp
