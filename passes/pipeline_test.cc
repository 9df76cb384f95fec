#include "passes/pipeline.h"

#include <memory>

#include <string>

#include "absl/strings/str_cat.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/instrumentation.h"

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
  PassReport Report() const override { return {{{"relus_added", 1, ""}}}; }
};

// Breaks the graph (a second output) but claims a change.
class BreakGraphPass : public Pass {
 public:
  absl::string_view name() const override { return "break_graph"; }
  absl::StatusOr<bool> Run(GraphModule& module) override {
    module.graph().Output(Argument::None());
    return true;
  }
  PassReport Report() const override { return {{{"outputs_added", 1, ""}}}; }
};

class NoOpPass : public Pass {
 public:
  absl::string_view name() const override { return "no_op"; }
  absl::StatusOr<bool> Run(GraphModule&) override { return false; }
  PassReport Report() const override { return {{{"runs", 1, ""}}}; }
};

class FailingPass : public Pass {
 public:
  absl::string_view name() const override { return "failing"; }
  absl::StatusOr<bool> Run(GraphModule&) override {
    return absl::InvalidArgumentError("unsupported node 'x'");
  }
  PassReport Report() const override { return {{{"failures", 1, ""}}}; }
};

// Changes the module but says it did not: the changed-flag check catches it.
class DishonestPass : public Pass {
 public:
  absl::string_view name() const override { return "dishonest"; }
  absl::StatusOr<bool> Run(GraphModule& module) override {
    AddReluPass().Run(module).IgnoreError();
    return false;
  }
  PassReport Report() const override { return {{{"lies", 1, ""}}}; }
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

TEST(PassPipelineTest, BrokenInputIsBlamedOnTheInput) {
  auto m = Identity();
  m->graph().Output(Argument::None());  // a second output
  PassPipeline pipeline;
  pipeline.Add(std::make_unique<NoOpPass>());
  absl::StatusOr<bool> changed = pipeline.Run(*m);
  ASSERT_FALSE(changed.ok());
  EXPECT_THAT(std::string(changed.status().message()), ::testing::StartsWith("input: "));
}

TEST(PassPipelineTest, ChangedFlagCheckCatchesADishonestPass) {
  PassPipeline::Options options;
  options.check_changed = true;
  for (bool check : {false, true}) {
    options.check_changed = check;
    auto m = Identity();
    PassPipeline pipeline(options);
    pipeline.Add(std::make_unique<DishonestPass>());
    absl::StatusOr<bool> changed = pipeline.Run(*m);
    EXPECT_EQ(changed.ok(), !check);
    if (check) {
      EXPECT_EQ(changed.status().message(),
                "pass dishonest reported no change but the module changed");
    }
  }
  auto m = Identity();
  EXPECT_TRUE(RunPass(*std::make_unique<AddReluPass>(), *m, options).ok());
}

TEST(PassPipelineTest, FailureHookNamesThePassAndSeesTheModule) {
  struct Recorder : PassInstrumentation {
    std::string seen;
    void OnPassFailure(const Pass& p, size_t index, const absl::Status& error,
                       const GraphModule& module) override {
      seen = absl::StrCat(index, " ", p.name(), " ", error.message(), " ", module.graph().size());
    }
  } recorder;
  auto m = Identity();
  PassPipeline pipeline;
  pipeline.Add(std::make_unique<AddReluPass>()).Add(std::make_unique<BreakGraphPass>());
  pipeline.AddInstrumentation(&recorder);
  EXPECT_FALSE(pipeline.Run(*m).ok());
  EXPECT_THAT(recorder.seen, ::testing::StartsWith("1 break_graph after pass break_graph: "));
  EXPECT_THAT(recorder.seen, ::testing::EndsWith(" 4"));
}

TEST(PassPipelineTest, RunPassVerifiesLikeAPipeline) {
  auto m = Identity();
  BreakGraphPass pass;
  absl::StatusOr<bool> changed = RunPass(pass, *m);
  EXPECT_THAT(std::string(changed.status().message()),
              ::testing::StartsWith("after pass break_graph: "));
}

// A pass report's JSON object comes out with its keys in order, the same
// on every run (protobuf prints its maps in hash order otherwise).
TEST(PassPipelineTest, StatisticsJsonIsDeterministic) {
  class ReportingPass : public Pass {
   public:
    absl::string_view name() const override { return "reporting"; }
    absl::StatusOr<bool> Run(GraphModule&) override { return false; }
    PassReport Report() const override {
      std::string json = "{";
      for (char key = 'p'; key >= 'a'; --key) {
        absl::StrAppend(&json, key == 'p' ? "" : ", ", "\"", std::string(1, key), "\": {\"z\": 1, \"y\": 2}");
      }
      return {{{"runs", 1, ""}}, "", json + "}"};
    }
  };
  auto m = Identity();
  PassPipeline pipeline;
  pipeline.Add(std::make_unique<ReportingPass>());
  StatisticsInstrumentation statistics;
  pipeline.AddInstrumentation(&statistics);
  ASSERT_TRUE(pipeline.Run(*m).ok());
  absl::StatusOr<std::string> json = statistics.Json();
  ASSERT_TRUE(json.ok()) << json.status();
  size_t previous = 0;
  for (char key = 'a'; key <= 'p'; ++key) {
    const size_t at = json->find(absl::StrCat("\"", std::string(1, key), "\":"));
    ASSERT_NE(at, std::string::npos) << key << " in " << *json;
    EXPECT_GT(at, previous) << key << " in " << *json;
    previous = at;
  }
  EXPECT_LT(json->find("\"y\":"), json->find("\"z\":")) << *json;
}

}  // namespace
}  // namespace fxpp
