// Every registered pass, through the pipeline with all checks on, on modules
// without graphs where passes look for them and on broken inputs: none may
// crash; broken inputs are blamed on the input; graphless roots get an error
// or no change; graphless children are skipped.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/pipeline.h"
#include "passes/registry.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// The pass with its defaults, or with `tags=a` when it requires tags.
std::unique_ptr<Pass> Build(const PassDescriptor& descriptor) {
  absl::StatusOr<std::unique_ptr<Pass>> pass = descriptor.Create({});
  if (!pass.ok()) pass = descriptor.Create({{"tags", "a"}});
  EXPECT_TRUE(pass.ok()) << descriptor.name() << ": " << pass.status();
  return pass.ok() ? *std::move(pass) : nullptr;
}

// x -> relu -> output, every call tagged `a` (for split_by_tags and kin).
std::unique_ptr<GraphModule> SmallGraph() {
  auto module = std::make_unique<GraphModule>();
  Graph& g = module->graph();
  Node* x = g.Placeholder("x");
  Node* relu = g.CallFunction("torch.relu", {Argument::Ref(x)});
  relu->mutable_meta().tag = Symbol::Intern("a");
  g.Output(Argument::Ref(relu));
  return module;
}

absl::StatusOr<bool> RunChecked(const PassDescriptor& descriptor, GraphModule& module) {
  PassPipeline::Options options;
  options.check_changed = true;
  PassPipeline pipeline(options);
  pipeline.Add(Build(descriptor));
  return pipeline.Run(module);
}

class AllPassesTest : public ::testing::TestWithParam<const PassDescriptor*> {};

TEST_P(AllPassesTest, OpaqueRootIsAnErrorOrNoChange) {
  std::unique_ptr<GraphModule> module = GraphModule::Opaque("torch.nn.modules.linear.Linear");
  absl::StatusOr<bool> changed = RunChecked(*GetParam(), *module);
  if (changed.ok()) {
    EXPECT_FALSE(*changed);
  } else {
    EXPECT_THAT(std::string(changed.status().message()), HasSubstr("no graph"));
  }
}

TEST_P(AllPassesTest, GraphlessChildrenAreSkipped) {
  std::unique_ptr<GraphModule> module = SmallGraph();
  ASSERT_TRUE(module->AddChild("lin", GraphModule::Opaque("torch.nn.Linear")).ok());
  ASSERT_TRUE(module->AddChild("lin_again", GraphModule::Opaque("shared:lin")).ok());
  absl::StatusOr<bool> changed = RunChecked(*GetParam(), *module);
  // Any error is a Status naming the pass; a success verifies.
  if (changed.ok()) {
    EXPECT_TRUE(VerifyGraphModule(*module).ok()) << GetParam()->name();
  } else {
    EXPECT_THAT(std::string(changed.status().message()), StartsWith("in pass "));
  }
}

TEST_P(AllPassesTest, BrokenInputIsBlamedOnTheInput) {
  std::unique_ptr<GraphModule> module = SmallGraph();
  module->graph().Output(Argument::None());  // a second output node
  absl::StatusOr<bool> changed = RunChecked(*GetParam(), *module);
  ASSERT_FALSE(changed.ok());
  EXPECT_THAT(std::string(changed.status().message()), StartsWith("input: "));
}

TEST_P(AllPassesTest, RunPassChecksTheSame) {
  std::unique_ptr<GraphModule> module = SmallGraph();
  module->graph().Output(Argument::None());
  std::unique_ptr<Pass> pass = Build(*GetParam());
  EXPECT_THAT(std::string(RunPass(*pass, *module).status().message()), StartsWith("input: "));
  EXPECT_FALSE(pass->Report().statistics.empty());
}

INSTANTIATE_TEST_SUITE_P(Registered, AllPassesTest,
                         ::testing::ValuesIn(PassRegistry::Global().List()),
                         [](const ::testing::TestParamInfo<const PassDescriptor*>& info) {
                           return info.param->name();
                         });

}  // namespace
}  // namespace fxpp
