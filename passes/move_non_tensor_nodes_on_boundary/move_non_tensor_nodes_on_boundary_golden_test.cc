// Golden tests, one per testdata/<case>.fxg: the non-tensor boundary nodes
// between the case's tags (kTagOrder) are moved through
// testing/pass_golden.h (verified before and after, changed flag checked),
// and the report and every call node's tag afterwards are compared with
// testdata/<case>.moved. Regenerate with
//   bazel run //passes/move_non_tensor_nodes_on_boundary:move_non_tensor_nodes_on_boundary_golden_test -- --update_goldens
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"
#include "testing/pass_golden.h"

namespace fxpp {
namespace {

// Each case's tag order, by fixture name; a fixture missing here fails.
const absl::flat_hash_map<std::string, std::vector<std::string>>& TagOrders() {
  static const auto* orders = new absl::flat_hash_map<std::string, std::vector<std::string>>{
      // A size computed on the accelerator side and used by a view on the
      // other: the chain sym_size -> mul moves over.
      {"sym_size_chain", {"acc", "gpu"}},
      // Users in two subgraphs (kept), a move blocked by a third subgraph
      // (kept), a plain move.
      {"boundary_cases", {"a", "b", "c"}},
  };
  return *orders;
}

class MoveNonTensorNodesGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(MoveNonTensorNodesGoldenTest, MatchesGolden) {
  const auto tags = TagOrders().find(GetParam().name);
  ASSERT_NE(tags, TagOrders().end()) << GetParam().fixture << " has no tag order in TagOrders()";
  MoveNonTensorNodesOnBoundaryPass pass(tags->second);
  PassGoldenOptions options(GoldenPathFor(GetParam(), ".moved"));
  options.keeps_computation = true;
  options.render = [&pass](const GraphModule& module) {
    std::string out = pass.report().ToText();
    absl::StrAppend(&out, "\ntags after:\n");
    for (const Node* node : module.graph().nodes()) {
      if (node->meta().tag.has_value()) {
        absl::StrAppend(&out, "  ", node->name(), ": ", node->meta().tag->str(), "\n");
      }
    }
    return out;
  };
  RunPassOnFixture(pass, GetParam(), options);
}

INSTANTIATE_TEST_SUITE_P(Testdata, MoveNonTensorNodesGoldenTest,
                         ::testing::ValuesIn(GoldenCasesIn(
                             "passes/move_non_tensor_nodes_on_boundary/testdata", {".fxg"})),
                         GoldenCaseName);

}  // namespace
}  // namespace fxpp
