#include "passes/pipeline.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;

// Appends a relu before the output; reports a change.
class AddReluPass : public Pass {
 public:
  absl::string_view name() const override { return "add_relu"; }
  absl::StatusOr<bool> Run(GraphModule& module) override {
    Node* out = module.graph().output_node();
    auto scope = module.graph().InsertingBefore(out);
    Node* relu = module.graph().CallFunction("torch.relu", {out->args()[0]});
    out->SetArgs({Argument::Ref(relu)});
    return true;
  }
};

// Breaks the graph (a second output) but claims a change.
class BreakGraphPass : public Pass {
 public:
  absl::string_view name() const override { return "break_graph"; }
  absl::StatusOr<bool> Run(GraphModule& module) override {
    module.graph().Output(Argument::None());
    return true;
  }
};

class NoOpPass : public Pass {
 public:
  absl::string_view name() const override { return "no_op"; }
  absl::StatusOr<bool> Run(GraphModule&) override { return false; }
};

class FailingPass : public Pass {
 public:
  absl::string_view name() const override { return "failing"; }
  absl::StatusOr<bool> Run(GraphModule&) override {
    return absl::InvalidArgumentError("unsupported node 'x'");
  }
};

std::unique_ptr<GraphModule> Identity() {
  auto m = std::make_unique<GraphModule>();
  Node* x = m->graph().Placeholder("x");
  m->graph().Output(Argument::Ref(x));
  return m;
}

TEST(PassPipelineTest, RunsInOrderAndReportsChange) {
  auto m = Identity();
  PassPipeline pipeline;
  pipeline.Add(std::make_unique<NoOpPass>()).Add(std::make_unique<AddReluPass>());
  // Records "before"/"after" events with the pass, its index and the change.
  struct Recorder : PassInstrumentation {
    std::vector<std::string> seen;
    void BeforePass(const Pass& p, size_t index, const GraphModule&) override {
      seen.push_back(absl::StrCat("before ", index, " ", p.name()));
    }
    void AfterPass(const Pass& p, size_t index, bool changed, PassTiming timing,
                   const GraphModule&) override {
      seen.push_back(absl::StrCat("after ", index, " ", p.name(), changed ? "+" : "-"));
      // The verifier runs after a changing pass only.
      EXPECT_EQ(timing.verify > absl::ZeroDuration(), changed) << p.name();
    }
  } recorder;
  absl::StatusOr<bool> changed = pipeline.Run(*m, &recorder);
  ASSERT_TRUE(changed.ok());
  EXPECT_TRUE(*changed);
  EXPECT_THAT(recorder.seen, ElementsAre("before 0 no_op", "after 0 no_op-", "before 1 add_relu",
                                         "after 1 add_relu+"));
  EXPECT_EQ(m->graph().size(), 3u);
}

TEST(PassPipelineTest, VerifierBlamesThePass) {
  auto m = Identity();
  PassPipeline pipeline;
  pipeline.Add(std::make_unique<AddReluPass>()).Add(std::make_unique<BreakGraphPass>());
  absl::StatusOr<bool> changed = pipeline.Run(*m);
  ASSERT_FALSE(changed.ok());
  EXPECT_THAT(std::string(changed.status().message()),
              ::testing::StartsWith("after pass break_graph: node 'output_1': second output"));
}

TEST(PassPipelineTest, VerifyEachCanBeDisabled) {
  auto m = Identity();
  PassPipeline pipeline({/*verify_each=*/false, {}});
  pipeline.Add(std::make_unique<BreakGraphPass>());
  EXPECT_TRUE(pipeline.Run(*m).ok());
}

TEST(PassPipelineTest, PassErrorsNameThePass) {
  auto m = Identity();
  PassPipeline pipeline;
  pipeline.Add(std::make_unique<FailingPass>()).Add(std::make_unique<AddReluPass>());
  absl::StatusOr<bool> changed = pipeline.Run(*m);
  EXPECT_EQ(changed.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(changed.status().message(), "in pass failing: unsupported node 'x'");
  EXPECT_EQ(m->graph().size(), 2u);  // later passes did not run
}

}  // namespace
}  // namespace fxpp
