// fxpp's dedup against PyTorch 2.6's on the same programs: one test per
// case of testdata/torch26_dedup_results.json (written by
// tools/python/make_dedup_cases.py: what torch.compile with
// use_graph_deduplication made of each program, and whether its result
// matched eager).
//
// The criterion is nodes to compile, not identity: 2.6 merges regions that
// differ in a constant or a called function (wrong results) and crashes on
// others, so where its result was not correct there is nothing to match
// (those cases are skipped, saying why). Where it was correct, fxpp must
// save at least as many nodes to compile as 2.6 did. Both sides are counted
// alike, from the deduplicated module: a subgraph of n nodes (not counting
// placeholders and the output) called by k invoke_subgraph nodes replaces
// k * n nodes by n + k, saving k * n - n - k (region tracking's NodesSaved).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "ir/graph_module.h"
#include "passes/dedup/dedup.h"
#include "testing/golden.h"
#include "testing/pass_golden.h"

namespace fxpp {
namespace {

constexpr absl::string_view kDir = "passes/dedup/testdata";

// A deduplicated subgraph: its nodes and how often it is called.
struct Subgraph {
  int64_t nodes = 0;
  int64_t calls = 0;
};

int64_t NodesToCompileSaved(const std::vector<Subgraph>& subgraphs) {
  int64_t saved = 0;
  for (const Subgraph& s : subgraphs) saved += s.calls * s.nodes - s.nodes - s.calls;
  return saved;
}

std::string Describe(const std::vector<Subgraph>& subgraphs) {
  if (subgraphs.empty()) return "no subgraphs";
  return absl::StrJoin(subgraphs, ", ", [](std::string* out, const Subgraph& s) {
    absl::StrAppend(out, s.calls, " calls x ", s.nodes, " nodes");
  });
}

// What PyTorch 2.6 did with one case.
struct Torch26Case {
  std::string name;
  absl::Status read;           // not OK when the results file could not be read
  std::string not_comparable;  // why 2.6's result is no standard ("" when correct)
  std::vector<Subgraph> subgraphs;
};

void PrintTo(const Torch26Case& c, std::ostream* os) { *os << c.name; }

const google::protobuf::Value* Field(const google::protobuf::Value& object, const char* key) {
  const auto& fields = object.struct_value().fields();
  const auto it = fields.find(key);
  return it == fields.end() ? nullptr : &it->second;
}

absl::StatusOr<std::vector<Torch26Case>> ReadTorch26Cases() {
  const std::string path = absl::StrCat(kDir, "/torch26_dedup_results.json");
  absl::StatusOr<std::string> json = ReadRunfile(path);
  if (!json.ok()) return json.status();
  google::protobuf::Value results;
  if (const auto status = google::protobuf::util::JsonStringToMessage(*json, &results);
      !status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", status.ToString()));
  }
  std::vector<Torch26Case> cases;
  for (const google::protobuf::Value& result : results.list_value().values()) {
    const google::protobuf::Value* name = Field(result, "case");
    const google::protobuf::Value* correct = Field(result, "correct");
    const google::protobuf::Value* graphs = Field(result, "subgraphs");
    if (name == nullptr || correct == nullptr || graphs == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": an entry lacks case, correct or subgraphs"));
    }
    Torch26Case c{name->string_value(), absl::OkStatus(), "", {}};
    if (correct->kind_case() != google::protobuf::Value::kBoolValue) {
      c.not_comparable = "PyTorch 2.6 crashed";
    } else if (!correct->bool_value()) {
      const google::protobuf::Value* diff = Field(result, "max_abs_diff");
      c.not_comparable = absl::StrCat("PyTorch 2.6's result was wrong (max abs diff ",
                                      diff == nullptr ? 0.0 : diff->number_value(), ")");
    }
    // One list per Dynamo graph; fxpp's fixtures are single graphs.
    if (graphs->list_value().values_size() > 1 && c.not_comparable.empty()) {
      c.not_comparable = "Dynamo made several graphs";
    }
    for (const google::protobuf::Value& graph : graphs->list_value().values()) {
      for (const google::protobuf::Value& subgraph : graph.list_value().values()) {
        const google::protobuf::Value* nodes = Field(subgraph, "nodes");
        const google::protobuf::Value* calls = Field(subgraph, "invoke_subgraph_calls");
        if (nodes == nullptr || calls == nullptr) {
          return absl::InvalidArgumentError(
              absl::StrCat(path, ": case ", c.name, ": a subgraph lacks its counts"));
        }
        c.subgraphs.push_back({static_cast<int64_t>(nodes->number_value()),
                               static_cast<int64_t>(calls->number_value())});
      }
    }
    cases.push_back(std::move(c));
  }
  if (cases.empty()) return absl::NotFoundError(absl::StrCat(path, " lists no cases"));
  return cases;
}

std::vector<Torch26Case> Torch26Cases() {
  absl::StatusOr<std::vector<Torch26Case>> cases = ReadTorch26Cases();
  if (!cases.ok()) return {Torch26Case{"NoResults", cases.status(), "", {}}};
  return *std::move(cases);
}

// fxpp's subgraphs, counted as make_dedup_cases.py counts PyTorch's.
std::vector<Subgraph> SubgraphsOf(const GraphModule& module) {
  absl::flat_hash_map<std::string, int64_t> calls;
  for (const Node* node : module.graph().nodes()) {
    // invoke_subgraph(get_attr of the subgraph, its name, inputs...)
    if (node->op() == OpKind::kCallFunction &&
        node->target() == kInvokeSubgraph && !node->args().empty() &&
        node->args()[0].is_node()) {
      ++calls[std::string(node->args()[0].node()->target())];
    }
  }
  std::vector<Subgraph> subgraphs;
  for (const auto& [name, child] : module.children()) {
    if (!child->has_graph()) continue;
    Subgraph s;
    for (const Node* node : child->graph().nodes()) {
      s.nodes += node->op() != OpKind::kPlaceholder && node->op() != OpKind::kOutput;
    }
    s.calls = calls[name];
    subgraphs.push_back(s);
  }
  return subgraphs;
}

class DedupTorch26Test : public ::testing::TestWithParam<Torch26Case> {};

TEST_P(DedupTorch26Test, SavesAtLeastAsManyNodesToCompileWhere26IsCorrect) {
  const Torch26Case& c = GetParam();
  ASSERT_TRUE(c.read.ok()) << c.read;
  if (!c.not_comparable.empty()) GTEST_SKIP() << c.not_comparable;
  const GoldenCase fixture{c.name, absl::StrCat(kDir, "/", c.name, ".fx"), absl::OkStatus()};
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(fixture);
  ASSERT_TRUE(module.ok()) << module.status();
  DedupPass pass;
  PassGoldenOptions options(GoldenPathFor(fixture, ".dedup"));
  options.keeps_computation = true;
  ASSERT_TRUE(RunPassChecked(pass, **module, fixture.fixture, options).has_value());
  const std::vector<Subgraph> ours = SubgraphsOf(**module);
  EXPECT_GE(NodesToCompileSaved(ours), NodesToCompileSaved(c.subgraphs))
      << "fxpp: " << Describe(ours) << "; PyTorch 2.6: " << Describe(c.subgraphs);
}

INSTANTIATE_TEST_SUITE_P(Torch26, DedupTorch26Test, ::testing::ValuesIn(Torch26Cases()),
                         CaseName<Torch26Case>);

// The count the comparison rests on: dedup_single_subgraph's 3 calls of
// a 5-node subgraph save 15 - 5 - 3 = 7 nodes, on both sides.
TEST(DedupTorch26CountTest, CountsBothSidesAlike) {
  const GoldenCase fixture{"dedup_single_subgraph", absl::StrCat(kDir, "/dedup_single_subgraph.fx"),
                           absl::OkStatus()};
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(fixture);
  ASSERT_TRUE(module.ok()) << module.status();
  DedupPass pass;
  ASSERT_TRUE(RunPassChecked(pass, **module, fixture.fixture, {""}).has_value());
  const std::vector<Subgraph> ours = SubgraphsOf(**module);
  ASSERT_EQ(ours.size(), 1u);
  EXPECT_EQ(ours[0].calls, 3);
  EXPECT_EQ(ours[0].nodes, 5);
  EXPECT_EQ(NodesToCompileSaved(ours), 7);
  EXPECT_EQ(pass.report().groups.at(0).nodes_saved, 7);

  absl::StatusOr<std::vector<Torch26Case>> cases = ReadTorch26Cases();
  ASSERT_TRUE(cases.ok()) << cases.status();
  ASSERT_EQ(cases->front().name, "dedup_single_subgraph");
  EXPECT_EQ(Describe(cases->front().subgraphs), "3 calls x 5 nodes");
}

}  // namespace
}  // namespace fxpp
