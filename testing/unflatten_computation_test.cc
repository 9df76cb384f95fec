#include "testing/unflatten_computation.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "export/module_tree.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/graph_module.h"

namespace fxpp {
namespace {

using ::testing::HasSubstr;

// Real torch.export programs (PyTorch 2.6) that exercise every part of
// unflatten: nested and shared modules, dispatchers, preserved signatures,
// intermediate values, buffer and input mutations, cond, effect tokens.
const std::vector<std::string>& RealPrograms() {
  static const auto* const programs = new std::vector<std::string>{
      "testing/exported/buffers.json",
      "testing/exported/buffers_decomposed.json",
      "testing/exported/calls_twice.json",
      "testing/exported/cond.json",
      "testing/exported/effects.json",
      "testing/exported/preserved_buffer.json",
      "testing/exported/preserved_buffer_decomposed.json",
      "testing/exported/preserved_calls.json",
      "testing/exported/preserved_calls_merged.json",
      "testing/exported/preserved_signature.json",
      "testing/exported/preserved_tied.json",
      "testing/exported/sequential.json",
      "testing/exported/sequential_nonstrict.json",
      "testing/exported/shared.json",
      "testing/exported/shared_nonstrict.json",
      "testing/exported/specialized_calls.json",
      "testing/exported/transformer.json",
      "export/testdata/pytorch_wrong/input_mutation_decomposed.json",
      "export/testdata/pytorch_wrong/input_mutation_batchnorm_decomposed.json",
      "export/testdata/pytorch_wrong/nested_specialized_calls.json",
      "export/testdata/pytorch_wrong/preserved_in_sequential.json",
      "export/testdata/pytorch_wrong/root_updates_buffer.json",
      "export/testdata/pytorch_wrong/root_updates_buffer_decomposed.json",
      "testing/realmodels/torch26/gpt12.export.json",
  };
  return *programs;
}

struct Unflattened {
  ExportedProgram program;
  UnflattenResult result;
};

Unflattened Load(const std::string& path) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram(path);
  EXPECT_TRUE(program.ok()) << program.status();
  if (!program.ok()) return {};
  absl::StatusOr<UnflattenResult> result = Unflatten(*program);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return {};
  return Unflattened{*std::move(program), *std::move(result)};
}

TEST(UnflattenComputationTest, EveryRealProgramUnflattensToWhatItComputes) {
  for (const std::string& path : RealPrograms()) {
    SCOPED_TRACE(path);
    Unflattened u = Load(path);
    if (u.result.module == nullptr) continue;
    EXPECT_TRUE(CheckUnflattenComputation(u.program, u.result).ok())
        << CheckUnflattenComputation(u.program, u.result);
  }
}

TEST(UnflattenComputationTest, SyntheticTransformersUnflattenToWhatTheyCompute) {
  for (int64_t layers : {1, 3, 8}) {
    ExportedProgram program = MakeExportedTransformer(layers);
    absl::StatusOr<UnflattenResult> result = Unflatten(program);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_TRUE(CheckUnflattenComputation(program, *result).ok())
        << CheckUnflattenComputation(program, *result);
  }
}

// The first node of module `path`'s graph for which `match` holds.
Node* FindNode(UnflattenResult& result, const std::string& path,
               const std::function<bool(const Node&)>& match) {
  GraphModule* module = result.module->FindSubmodule(path);
  if (module == nullptr || !module->has_graph()) return nullptr;
  for (Node* node : module->graph().nodes()) {
    if (match(*node)) return node;
  }
  return nullptr;
}

// Each mutation below is a wrong result unflatten could produce; the check
// must see every one. Each starts from a program the check accepts.
void ExpectCaught(Unflattened& u, absl::string_view what) {
  const absl::Status status = CheckUnflattenComputation(u.program, u.result);
  EXPECT_FALSE(status.ok()) << what << " was not caught";
  EXPECT_THAT(std::string(status.message()),
              HasSubstr("unflatten changed what the program computes"))
      << what;
}

TEST(UnflattenComputationTest, CatchesAChangedConstantInOneCallsGraph) {
  // sub's third call multiplies by 2; its first two do not.
  Unflattened u = Load("testing/exported/preserved_calls.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  Node* mul = FindNode(u.result, "sub.@2", [](const Node& n) {
    return n.args().size() == 2 && n.args()[1].kind() == ArgKind::kInt;
  });
  ASSERT_NE(mul, nullptr);
  mul->SetArg(1, Argument::Int(3));
  ExpectCaught(u, "a constant changed in one call's graph");
}

TEST(UnflattenComputationTest, CatchesDispatcherCallsInTheWrongOrder) {
  Unflattened u = Load("testing/exported/preserved_calls.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  GraphModule* sub = u.result.module->FindSubmodule("sub");
  ASSERT_NE(sub, nullptr);
  std::unique_ptr<GraphModule> first = sub->RemoveChild("@0");
  std::unique_ptr<GraphModule> third = sub->RemoveChild("@2");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(third, nullptr);
  ASSERT_TRUE(sub->AddChild("@0", std::move(third)).ok());
  ASSERT_TRUE(sub->AddChild("@2", std::move(first)).ok());
  ExpectCaught(u, "the dispatcher's first and third calls swapped");
}

TEST(UnflattenComputationTest, CatchesSwappedOperandsOfAModuleCall) {
  Unflattened u = Load("testing/exported/preserved_calls.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  Node* call = FindNode(u.result, "", [](const Node& n) {
    return n.op() == OpKind::kCallModule && n.args().size() == 2;
  });
  ASSERT_NE(call, nullptr);
  call->SetArgs({call->args()[1], call->args()[0]});
  ExpectCaught(u, "a call's operands swapped");
}

TEST(UnflattenComputationTest, CatchesACallOfTheWrongSubmodule) {
  // q and k have parameters of the same shapes: calling k where the
  // program calls q is what a wrong merge of two modules would do.
  Unflattened u = Load("testing/exported/transformer.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  Node* call = FindNode(u.result, "layers.1.attn", [](const Node& n) {
    return n.op() == OpKind::kCallModule && n.target() == "q";
  });
  ASSERT_NE(call, nullptr);
  call->set_target("k");
  ExpectCaught(u, "layers.1.attn calling k for q");
}

TEST(UnflattenComputationTest, CatchesADroppedBufferUpdate) {
  Unflattened u = Load("testing/exported/buffers_decomposed.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  for (const ModulePath& entry : ListModules(*u.result.module)) {
    GraphModule* module = u.result.module->FindSubmodule(entry.path);
    if (module == nullptr || !module->has_graph()) continue;
    for (Node* node : module->graph().NodeVector()) {
      if (node->target() == "torch.ops.aten.copy_" && node->num_users() == 0) {
        ASSERT_TRUE(module->graph().EraseNode(node).ok());
        ExpectCaught(u, absl::StrCat("a buffer update in '", entry.path, "' dropped"));
        return;
      }
    }
  }
  FAIL() << "no buffer update found";
}

TEST(UnflattenComputationTest, CatchesADroppedInputUpdate) {
  Unflattened u = Load("export/testdata/pytorch_wrong/input_mutation_decomposed.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  Node* copy_back = FindNode(u.result, "", [](const Node& n) {
    return n.target() == "torch.ops.aten.copy_" && n.args()[0].is_node() &&
           n.args()[0].node()->op() == OpKind::kPlaceholder;
  });
  ASSERT_NE(copy_back, nullptr);
  // Readers of the copy read the value copied instead.
  copy_back->ReplaceAllUsesWith(copy_back->args()[1].node());
  ASSERT_TRUE(u.result.module->graph().EraseNode(copy_back).ok());
  ExpectCaught(u, "the copy back into the input dropped");
}

TEST(UnflattenComputationTest, CatchesATiedWeightReadUnderAnotherName) {
  // A read of a parameter is named by the module that owns it, so reading
  // `weight` of a different module is a different computation.
  Unflattened u = Load("testing/exported/shared.json");
  ASSERT_TRUE(CheckUnflattenComputation(u.program, u.result).ok());
  Node* attr = FindNode(u.result, "a.lin", [](const Node& n) {
    return n.op() == OpKind::kGetAttr && n.target() == "weight";
  });
  ASSERT_NE(attr, nullptr);
  attr->set_target("bias");
  ExpectCaught(u, "weight read as bias");
}

}  // namespace
}  // namespace fxpp
