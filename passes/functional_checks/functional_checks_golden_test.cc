// The functional-graph passes on graphs PyTorch 2.6 produced, against what
// PyTorch's own functions made of them (tools/python/make_functionalize_references.py):
//   effects_print.fx                 torch.export graph calling aten._print twice
//   effects_print.lifted.torch26.fx  aot_export_module: with_effects + token input/output
//   effects_print.unlifted.torch26.fx  unlift_tokens of that
//   joint_mlp.fxg / .torch26.fxg     torch.compile's joint graph before/after
//                                    copy_fwd_metadata_to_bw_nodes
//   copy_traces.fxg / .torch26.fxg   an inference graph with copy_ into inputs,
//                                    before/after propagate_input_mutation_stacktraces
// Goldens (<case>.golden) record fxpp's results.
// Regenerate with:
//   bazel run //passes/functional_checks:functional_checks_golden_test -- --update_goldens
#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fxg/fxg.h"
#include "ir/verifier.h"
#include "passes/functional_checks/canonical_form.h"
#include "passes/functional_checks/effect_tokens.h"
#include "passes/functional_checks/functional_checks.h"
#include "passes/functional_checks/joint_metadata.h"
#include "testing/golden.h"

namespace fxpp {
namespace {

constexpr absl::string_view kDir = "passes/functional_checks/testdata/";

std::unique_ptr<GraphModule> Read(absl::string_view file) {
  const std::string path = absl::StrCat(kDir, file);
  absl::StatusOr<std::string> text = ReadRunfile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  if (!text.ok()) return nullptr;
  if (absl::EndsWith(path, ".fxg")) {
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseFxg(*text, path);
    EXPECT_TRUE(module.ok()) << module.status();
    return module.ok() ? *std::move(module) : nullptr;
  }
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(*text, path);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  if (!parsed.ok()) return nullptr;
  auto module = std::make_unique<GraphModule>();
  module->set_graph(std::move(parsed->graph));
  return module;
}

std::string ReportText(const EffectTokenReport& r) {
  return absl::StrCat("effectful calls: ", r.effectful_calls, ", input tokens: ", r.input_tokens,
                      ", output tokens: ", r.output_tokens, "\n");
}

TEST(EffectTokensGoldenTest, LiftAndUnliftMatchAotAutograd) {
  std::unique_ptr<GraphModule> module = Read("effects_print.fx");
  std::unique_ptr<GraphModule> lifted_ref = Read("effects_print.lifted.torch26.fx");
  std::unique_ptr<GraphModule> unlifted_ref = Read("effects_print.unlifted.torch26.fx");
  ASSERT_TRUE(module && lifted_ref && unlifted_ref);

  absl::StatusOr<EffectTokenReport> lifted = LiftEffectTokens(*module);
  ASSERT_TRUE(lifted.ok()) << lifted.status();
  ASSERT_TRUE(VerifyGraphModule(*module, {false}).ok());
  EXPECT_EQ(CanonicalForm(module->graph()), CanonicalForm(lifted_ref->graph()));
  // The token makes the graph functional: nothing writes.
  EXPECT_EQ(AssertFunctionalGraph(module->graph()).value_or(-1), 0);
  std::string golden = absl::StrCat("== lifted\n", PrintFxGraph(module->graph()), ReportText(*lifted));

  absl::StatusOr<EffectTokenReport> unlifted = UnliftEffectTokens(*module, /*expected_tokens=*/1);
  ASSERT_TRUE(unlifted.ok()) << unlifted.status();
  ASSERT_TRUE(VerifyGraphModule(*module, {false}).ok());
  EXPECT_EQ(CanonicalForm(module->graph()), CanonicalForm(unlifted_ref->graph()));
  absl::StrAppend(&golden, "\n== unlifted\n", PrintFxGraph(module->graph()), ReportText(*unlifted));

  // PyTorch's own graphs convert into each other.
  ASSERT_TRUE(UnliftEffectTokens(*lifted_ref, 1).ok());
  EXPECT_EQ(CanonicalForm(lifted_ref->graph()), CanonicalForm(unlifted_ref->graph()));
  absl::StatusOr<EffectTokenReport> relifted = LiftEffectTokens(*unlifted_ref);
  ASSERT_TRUE(relifted.ok()) << relifted.status();
  std::unique_ptr<GraphModule> lifted_again = Read("effects_print.lifted.torch26.fx");
  EXPECT_EQ(CanonicalForm(unlifted_ref->graph()), CanonicalForm(lifted_again->graph()));
  EXPECT_EQ(relifted->input_tokens, 1);
  EXPECT_EQ(relifted->output_tokens, 1);

  // A wrong expectation is an error.
  std::unique_ptr<GraphModule> again = Read("effects_print.lifted.torch26.fx");
  absl::StatusOr<EffectTokenReport> wrong = UnliftEffectTokens(*again, 2);
  ASSERT_FALSE(wrong.ok());
  absl::StrAppend(&golden, "\n== unlift expecting 2 tokens\nerror: ", wrong.status().ToString(), "\n");
  EXPECT_MATCHES_GOLDEN(golden, absl::StrCat(kDir, "effects_print.golden"));
}

// JSON texts equal as values (key order and spacing aside).
bool SameJson(const std::string* a, const std::string* b) {
  if (a == nullptr || b == nullptr) return a == b;
  google::protobuf::Value va, vb;
  if (!google::protobuf::util::JsonStringToMessage(*a, &va).ok() ||
      !google::protobuf::util::JsonStringToMessage(*b, &vb).ok()) {
    return false;
  }
  return google::protobuf::util::MessageDifferencer::Equals(va, vb);
}

TEST(JointMetadataGoldenTest, MatchesCopyFwdMetadataToBwNodes) {
  std::unique_ptr<GraphModule> joint = Read("joint_mlp.fxg");
  std::unique_ptr<GraphModule> reference = Read("joint_mlp.torch26.fxg");
  ASSERT_TRUE(joint && reference);
  const JointMetadataReport report = CopyForwardMetadataToBackward(joint->graph());
  EXPECT_GT(report.backward_nodes, 0);
  std::string golden = absl::StrCat("forward seq_nrs: ", report.forward_nodes,
                                    "\nbackward nodes given forward metadata: ",
                                    report.backward_nodes, "\n");
  for (Node* n : joint->graph().nodes()) {
    SCOPED_TRACE(n->name());
    const Node* ref = reference->graph().FindNode(n->name());
    ASSERT_NE(ref, nullptr);
    for (absl::string_view key : {"fwd_nn_module_stack", "fwd_source_fn_stack"}) {
      EXPECT_TRUE(SameJson(n->meta().FindExtra(key), ref->meta().FindExtra(key))) << key;
    }
    EXPECT_EQ(n->meta().stack_trace, ref->meta().stack_trace);
    if (const std::string* stack = n->meta().FindExtra("fwd_nn_module_stack")) {
      absl::StrAppend(&golden, n->name(), " (seq_nr ", *n->meta().seq_nr, "): ", *stack, "\n");
    }
  }
  EXPECT_MATCHES_GOLDEN(golden, absl::StrCat(kDir, "joint_mlp.golden"));
}

TEST(CopyTracesGoldenTest, MatchesPropagateInputMutationStacktraces) {
  std::unique_ptr<GraphModule> module = Read("copy_traces.fxg");
  std::unique_ptr<GraphModule> reference = Read("copy_traces.torch26.fxg");
  ASSERT_TRUE(module && reference);
  absl::StatusOr<int64_t> copies = AssertFunctionalGraph(module->graph());
  ASSERT_TRUE(copies.ok()) << copies.status();
  EXPECT_EQ(*copies, 2);
  // Dead-code elimination keeps the copies (aot_dispatch_base_graph asserts this).
  module->graph().EliminateDeadCode();
  EXPECT_EQ(AssertFunctionalGraph(module->graph()).value_or(-1), *copies);
  absl::StatusOr<int64_t> traced = PropagateInputMutationStackTraces(module->graph());
  ASSERT_TRUE(traced.ok()) << traced.status();
  EXPECT_EQ(*traced, 2);
  for (Node* n : module->graph().nodes()) {
    const Node* ref = reference->graph().FindNode(n->name());
    ASSERT_NE(ref, nullptr) << n->name();
    EXPECT_EQ(n->meta(), ref->meta()) << n->name();
  }
  EXPECT_MATCHES_GOLDEN(absl::StrCat("copy_ into inputs: ", *copies, "\ncopy_ given a stack trace: ",
                                     *traced, "\n", PrintFxg(*module)),
                        absl::StrCat(kDir, "copy_traces.golden"));
}

}  // namespace
}  // namespace fxpp
