#include "passes/tag_nodes/tag_nodes.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/verifier.h"
#include "passes/pipeline.h"
#include "passes/registry.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr absl::string_view kGraph = R"(graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %sin : [num_users=1] = call_function[target=torch.sin](args = (%relu,), kwargs = {})
    return sin
)";

std::unique_ptr<GraphModule> Parse() {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(kGraph, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  auto module = std::make_unique<GraphModule>();
  module->set_graph(std::move(parsed->graph));
  return module;
}

absl::StatusOr<bool> RunPipeline(absl::string_view text, GraphModule& module) {
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
      PassRegistry::Global().ParsePipeline(text);
  if (!passes.ok()) return passes.status();
  PassPipeline::Options options;
  options.check_changed = true;
  options.verify.check_attributes = false;  // FX text has no module state
  PassPipeline pipeline(options);
  for (std::unique_ptr<Pass>& pass : *passes) pipeline.Add(std::move(pass));
  return pipeline.Run(module);
}

std::vector<std::string> ChildNames(const GraphModule& module) {
  std::vector<std::string> names;
  for (const auto& [name, child] : module.children()) names.push_back(name);
  return names;
}

// What `split IN --tag_by=regex --tag_regex=...` does, as a pipeline.
TEST(TagNodesTest, APipelineTagsAndSplits) {
  std::unique_ptr<GraphModule> module = Parse();
  absl::StatusOr<bool> changed = RunPipeline(
      "tag_nodes{tag_by=regex,tag_regex=first=relu;second=sin},"
      "split_by_tags{require_attributes=false}",
      *module);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_THAT(ChildNames(*module), ElementsAre("first", "second"));
  EXPECT_TRUE(VerifyGraphModule(*module, {}).ok());
}

TEST(TagNodesTest, ChangedOnlyWhenATagChanges) {
  std::unique_ptr<GraphModule> module = Parse();
  TagNodesOptions options;
  options.tag_by = "regex";
  options.tag_regex = "a=.";
  TagNodesPass pass(options);
  absl::StatusOr<bool> changed = RunPass(pass, *module, {});
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_EQ(pass.Report().statistics[0].value, 2);  // relu, sin
  changed = RunPass(pass, *module, {});
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_FALSE(*changed);
}

TEST(TagNodesTest, BadOptionsAreErrors) {
  std::unique_ptr<GraphModule> module = Parse();
  EXPECT_THAT(RunPipeline("tag_nodes{tag_by=colour}", *module).status().message(),
              HasSubstr("unknown tag source 'colour'"));
  EXPECT_THAT(RunPipeline("tag_nodes{tag_by=file}", *module).status().message(),
              HasSubstr("tag_by=file needs tags_file"));
  EXPECT_THAT(RunPipeline("tag_nodes{tags_file=/no/such/file.tags}", *module).status().message(),
              HasSubstr("cannot open"));
  EXPECT_THAT(RunPipeline("tag_nodes{module_depth=0}", *module).status().message(),
              HasSubstr("option 'module_depth': must be >= 1"));
}

}  // namespace
}  // namespace fxpp
