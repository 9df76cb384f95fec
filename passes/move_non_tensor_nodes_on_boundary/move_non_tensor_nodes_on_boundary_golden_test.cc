// Golden tests: each case moves the non-tensor boundary nodes between the
// tags of testdata/<case>.fxg and compares the report and every call
// node's tag afterwards with testdata/<case>.moved. Regenerate with
//   bazel run //passes/move_non_tensor_nodes_on_boundary:move_non_tensor_nodes_on_boundary_golden_test -- --update_goldens
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "ir/verifier.h"
#include "passes/move_non_tensor_nodes_on_boundary/move_non_tensor_nodes_on_boundary.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

struct Case {
  const char* name;
  std::vector<std::string> tags;
};

TEST(MoveNonTensorNodesGoldenTest, EveryCase) {
  const std::vector<Case> cases = {
      // A size computed on the accelerator side and used by a view on the
      // other: the chain sym_size -> mul moves over.
      {"sym_size_chain", {"acc", "gpu"}},
      // Users in two subgraphs (kept), a move blocked by a third subgraph
      // (kept), a plain move.
      {"boundary_cases", {"a", "b", "c"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string dir = "passes/move_non_tensor_nodes_on_boundary/testdata/";
    absl::StatusOr<std::string> text = ReadRunfile(absl::StrCat(dir, c.name, ".fxg"));
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(*text, c.name);
    ASSERT_TRUE(module.ok()) << module.status();
    MoveNonTensorNodesOnBoundaryPass pass(c.tags);
    absl::StatusOr<bool> changed = pass.Run(**module);
    ASSERT_TRUE(changed.ok()) << changed.status();
    EXPECT_EQ(*changed, !pass.report().moves.empty());
    EXPECT_TRUE(VerifyGraphModule(**module, {/*check_attributes=*/false}).ok());
    std::string out = pass.report().ToText();
    absl::StrAppend(&out, "\ntags after:\n");
    for (const Node* node : (*module)->graph().nodes()) {
      if (node->meta().tag.has_value()) {
        absl::StrAppend(&out, "  ", node->name(), ": ", node->meta().tag->str(), "\n");
      }
    }
    EXPECT_MATCHES_GOLDEN(out, absl::StrCat(dir, c.name, ".moved"));
  }
}

}  // namespace
}  // namespace fxpp
