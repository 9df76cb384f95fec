#include "passes/tag_nodes/tagging.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "passes/tag_order.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// x -> attn_q (call_module layers.0.attn.q) -> relu -> mlp_fc (layers.0.mlp.fc) -> out
constexpr absl::string_view kGraph = R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %attn_q : [num_users=1] = call_module[target=layers.0.attn.q](args = (%x,), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%attn_q,), kwargs = {})
    %mlp_fc : [num_users=1] = call_module[target=layers.0.mlp.fc](args = (%relu,), kwargs = {})
    return mlp_fc
)";

std::unique_ptr<Graph> Parse(absl::string_view text = kGraph) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return std::move(parsed->graph);
}

// "name:tag" per node with a tag.
std::vector<std::string> Tags(const Graph& graph) {
  std::vector<std::string> out;
  for (const Node* n : graph.nodes()) {
    if (n->meta().tag.has_value()) out.push_back(absl::StrCat(n->name(), ":", n->meta().tag->str()));
  }
  return out;
}

void SetModuleStack(Node* node, std::vector<std::string> paths) {
  for (const std::string& path : paths) {
    node->mutable_meta().nn_module_stack.push_back(ModuleStackEntry{
        Symbol::Intern(absl::StrCat("L__self__", path)), Symbol::Intern(path),
        Symbol::Intern("torch.nn.Module")});
  }
}

TEST(TaggingTest, ParseTagSource) {
  EXPECT_EQ(*ParseTagSource("nn_module_stack"), TagSource::kModuleStack);
  EXPECT_EQ(*ParseTagSource("regex"), TagSource::kRegex);
  EXPECT_THAT(ParseTagSource("nope").status().message(), HasSubstr("unknown tag source 'nope'"));
}

TEST(TaggingTest, RegexRulesFirstMatchWins) {
  std::unique_ptr<Graph> graph = Parse();
  TaggingOptions options;
  options.source = TagSource::kRegex;
  options.regex_rules = "attn=attn; mlp=^layers\\.0\\.mlp;act=relu";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  // Placeholders and outputs are never tagged.
  EXPECT_THAT(Tags(*graph), ElementsAre("attn_q:attn", "relu:act", "mlp_fc:mlp"));
  EXPECT_THAT(TagOrder(*graph), ElementsAre("attn", "act", "mlp"));
}

TEST(TaggingTest, RegexMatchesModulePaths) {
  std::unique_ptr<Graph> graph = Parse();
  SetModuleStack(graph->FindNode("relu"), {"layers.0", "layers.0.mlp"});
  TaggingOptions options;
  options.source = TagSource::kRegex;
  options.regex_rules = "m=\\.mlp(\\.|$)";
  options.default_tag = "rest";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph), ElementsAre("attn_q:rest", "relu:m", "mlp_fc:m"));
}

TEST(TaggingTest, RegexErrors) {
  std::unique_ptr<Graph> graph = Parse();
  TaggingOptions options;
  options.source = TagSource::kRegex;
  options.regex_rules = "a=(";
  EXPECT_THAT(AssignTags(*graph, options).message(), HasSubstr("bad pattern"));
  options.regex_rules = "nopattern";
  EXPECT_THAT(AssignTags(*graph, options).message(), HasSubstr("TAG=PATTERN"));
  options.regex_rules = "a.b=x";
  EXPECT_THAT(AssignTags(*graph, options).message(), HasSubstr("cannot name a submodule"));
  EXPECT_TRUE(Tags(*graph).empty());
}

TEST(TaggingTest, ModuleStackDepth) {
  std::unique_ptr<Graph> graph = Parse();
  SetModuleStack(graph->FindNode("attn_q"), {"", "layers.0", "layers.0.attn", "layers.0.attn.q"});
  SetModuleStack(graph->FindNode("mlp_fc"), {"layers.0", "layers.0.mlp"});
  TaggingOptions options;
  options.source = TagSource::kModuleStack;
  options.module_depth = 2;
  options.default_tag = "top";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph),
              ElementsAre("attn_q:layers_0_attn", "relu:top", "mlp_fc:layers_0_mlp"));
  options.module_depth = 1;
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph), ElementsAre("attn_q:layers_0", "relu:top", "mlp_fc:layers_0"));
  options.module_depth = 0;
  EXPECT_FALSE(AssignTags(*graph, options).ok());
}

TEST(TaggingTest, MetaKey) {
  std::unique_ptr<Graph> graph = Parse();
  graph->FindNode("attn_q")->mutable_meta().SetExtra("partition", "\"gpu\"");
  graph->FindNode("relu")->mutable_meta().SetExtra("partition", "3");
  graph->FindNode("mlp_fc")->mutable_meta().SetExtra("partition", "[1]");
  TaggingOptions options;
  options.source = TagSource::kMetaKey;
  options.meta_key = "partition";
  EXPECT_THAT(AssignTags(*graph, options).message(),
              HasSubstr("node 'mlp_fc': meta 'partition' is neither a string nor a number"));
  graph->FindNode("mlp_fc")->mutable_meta().SetExtra("partition", "\"gpu\"");
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph), ElementsAre("attn_q:gpu", "relu:3", "mlp_fc:gpu"));
}

TEST(TaggingTest, FileAndReplacingTags) {
  std::unique_ptr<Graph> graph = Parse();
  TaggingOptions options;
  options.source = TagSource::kFile;
  options.tags_file = "# node tag\nattn_q a\n\nmlp_fc  b  # trailing comment\n";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph), ElementsAre("attn_q:a", "mlp_fc:b"));
  // Keeping the meta's tags changes nothing; another source replaces them.
  options.source = TagSource::kMeta;
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph), ElementsAre("attn_q:a", "mlp_fc:b"));
  options.source = TagSource::kFile;
  options.tags_file = "relu c\n";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(Tags(*graph), ElementsAre("relu:c"));

  options.tags_file = "relu c\nghost d\n";
  EXPECT_THAT(AssignTags(*graph, options).message(),
              HasSubstr("tags file line 2: no node named 'ghost'"));
  options.tags_file = "relu c\nrelu d\n";
  EXPECT_THAT(AssignTags(*graph, options).message(), HasSubstr("line 2: node 'relu' tagged twice"));
  options.tags_file = "relu\n";
  EXPECT_THAT(AssignTags(*graph, options).message(), HasSubstr("expected 'NODE_NAME TAG'"));
  EXPECT_THAT(Tags(*graph), ElementsAre("relu:c"));
}

TEST(TaggingTest, OrderFollowsDependenciesThenFirstAppearance) {
  // b1 (B) comes first, but B also reads a1 (A): A must come before B.
  std::unique_ptr<Graph> graph = Parse(R"(graph():
    %x : [num_users=2] = placeholder[target=x]
    %b1 : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %a1 : [num_users=1] = call_function[target=torch.sigmoid](args = (%x,), kwargs = {})
    %b2 : [num_users=1] = call_function[target=operator.add](args = (%b1, %a1), kwargs = {})
    %c1 : [num_users=1] = call_function[target=torch.neg](args = (%b2,), kwargs = {})
    return c1
)");
  TaggingOptions options;
  options.source = TagSource::kFile;
  options.tags_file = "b1 B\na1 A\nb2 B\nc1 C\n";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(TagOrder(*graph), ElementsAre("A", "B", "C"));
  // A cycle (b2 in A reads b1 in B, c1 in B reads b2): first appearance,
  // for the split to report.
  options.tags_file = "b1 B\na1 A\nb2 A\nc1 B\n";
  ASSERT_TRUE(AssignTags(*graph, options).ok());
  EXPECT_THAT(TagOrder(*graph), ElementsAre("B", "A"));
}

}  // namespace
}  // namespace fxpp
