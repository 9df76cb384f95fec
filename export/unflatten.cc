// The algorithm follows torch/export/unflatten.py (PyTorch 2.6): outline one
// graph per module call walking the flat graph once (_ModuleFrame), collect
// the buffer-mutation values that cross preserved signatures (_IVals), copy
// higher-order-op subgraphs, assign state to modules (_assign_attr), merge
// identical calls (_deduplicate_modules) and order submodules as the module
// call graph lists them (_reorder_submodules). Where PyTorch threads state
// through every module as placeholders and then sinks it into get_attr nodes
// (_sink_params), this reads it directly in the module that owns it, with the
// same result and a fraction of the nodes (see Outliner::ReadState).
// Modules are built as objects that, as in PyTorch, several paths may share
// (calls of one module share its submodules); the tree is materialized at
// the end, with references where a module is reached a second time.
//
// Each step is its own file (internal headers, namespace unflatten_internal):
// unflatten_mutations (write-backs), unflatten_module_stack (reading
// nn_module_stack), unflatten_outliner + unflatten_calls (the walk), with
// unflatten_values (state names, _IVals) and unflatten_modules (the module
// objects); unflatten_state (_assign_attr), unflatten_merge
// (_deduplicate_modules), unflatten_dispatch (_dispatch_modules) and
// unflatten_tree (_reorder_submodules, materializing).
#include "export/unflatten.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "export/effect_tokens.h"
#include "export/module_tree.h"
#include "export/unflatten_dispatch.h"
#include "export/unflatten_merge.h"
#include "export/unflatten_modules.h"
#include "export/unflatten_mutations.h"
#include "export/unflatten_outliner.h"
#include "export/unflatten_state.h"
#include "export/unflatten_tree.h"
#include "export/validate.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

using unflatten_internal::AssignAllState;
using unflatten_internal::DispatchPreservedCalls;
using unflatten_internal::FindUnsunkModules;
using unflatten_internal::InplaceMutations;
using unflatten_internal::Materialize;
using unflatten_internal::MergeIdenticalCalls;
using unflatten_internal::ModuleObject;
using unflatten_internal::ModulePool;
using unflatten_internal::MoveAttributesToReaders;
using unflatten_internal::OrderSubmodules;
using unflatten_internal::Outliner;
using unflatten_internal::Redirects;

absl::Status CheckNotJoint(const ExportedProgram& program) {
  for (const OutputSpec& spec : program.graph_signature.output_specs) {
    if (spec.kind == OutputKind::kLossOutput || spec.kind == OutputKind::kGradientToParameter ||
        spec.kind == OutputKind::kGradientToUserInput) {
      return absl::UnimplementedError(
          "unflattening a joint (forward + backward) program is not supported (nor by PyTorch)");
    }
  }
  return absl::OkStatus();
}

// A node nothing reads that is not kept for its effect.
bool HasDeadCode(const Graph& graph) {
  for (const Node* n : graph.nodes()) {
    if (n->num_users() == 0 && !KeepWhenUnused(*n)) return true;
  }
  return false;
}

// Whether the program has dead code, effect tokens or functionalized
// buffer and input mutations, which unflatten rewrites first. PyTorch's
// unflatten removes effect tokens first, which ends with
// eliminate_dead_code whether there were tokens or not: dead nodes (a
// multi-output op's unread getitems) never reach its modules.
bool NeedsRewrites(const ExportedProgram& program) {
  bool rewrites = HasDeadCode(program.graph_module->graph());
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    rewrites |= spec.kind == InputKind::kToken;
  }
  for (const OutputSpec& spec : program.graph_signature.output_specs) {
    rewrites |= spec.kind == OutputKind::kBufferMutation ||
                spec.kind == OutputKind::kUserInputMutation || spec.kind == OutputKind::kToken;
  }
  return rewrites;
}

}  // namespace

absl::StatusOr<std::vector<Argument>> MatchFlatArgs(const UnflattenResult& result,
                                                    const TreeSpec& input_spec,
                                                    std::vector<Argument> flat_args,
                                                    const FlatArgsAdapter* adapter) {
  if (result.module_call_graph.empty() || !result.module_call_graph[0].signature.has_value()) {
    return absl::FailedPreconditionError("the program records no signature for its root call");
  }
  const TreeSpec& target = result.module_call_graph[0].signature->in_spec;
  if (input_spec == target) return flat_args;
  if (adapter == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the call's arguments have structure ", input_spec.ToString(),
        " but the program was exported for ", target.ToString(),
        "; pass a FlatArgsAdapter to adapt them"));
  }
  ASSIGN_OR_RETURN(std::vector<Argument> adapted,
                   adapter->Adapt(target, input_spec, std::move(flat_args)));
  if (static_cast<int64_t>(adapted.size()) != target.num_leaves()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the FlatArgsAdapter returned ", adapted.size(), " arguments; the program takes ",
                     target.num_leaves(), " (", target.ToString(), ")"));
  }
  return adapted;
}

absl::StatusOr<UnflattenResult> Unflatten(const ExportedProgram& input,
                                          const UnflattenOptions& options) {
  if (options.validate) RETURN_IF_ERROR(ValidateExportedProgram(input));
  RETURN_IF_ERROR(CheckNotJoint(input));
  // The rewrites happen in a copy; other programs are read as they are.
  const bool rewrites = NeedsRewrites(input);
  ExportedProgram copy;
  if (rewrites) {
    copy = input.Clone();
    // Removing tokens eliminates dead code itself, keeping the calls that
    // had them.
    ASSIGN_OR_RETURN(const bool removed_tokens, RemoveEffectTokens(copy));
    if (!removed_tokens) {
      copy.graph_module->graph().EliminateDeadCode([](const Node& n) { return KeepWhenUnused(n); });
    }
    RETURN_IF_ERROR(InplaceMutations(copy));
  }
  const ExportedProgram& program = rewrites ? copy : input;

  ModulePool pool;
  ModuleObject* root = pool.New(kUnflattenedModuleClass, /*with_graph=*/true);
  Outliner outliner(program, pool, root);
  RETURN_IF_ERROR(outliner.Run());
  RETURN_IF_ERROR(outliner.intermediate_values().Create(outliner.partitions(), root,
                                                        outliner.root_intermediate_values()));
  RETURN_IF_ERROR(MoveAttributesToReaders(program, outliner.attributes(), pool, root));
  AssignAllState(program, pool, root);
  ASSIGN_OR_RETURN(const auto unsunk, FindUnsunkModules(root, outliner.state_paths()));
  ASSIGN_OR_RETURN(const Redirects redirected,
                   MergeIdenticalCalls(outliner.partitions(), unsunk));
  RETURN_IF_ERROR(DispatchPreservedCalls(program, pool, root, redirected));
  RETURN_IF_ERROR(OrderSubmodules(program, redirected, pool, root));

  UnflattenResult result;
  ASSIGN_OR_RETURN(result.module, Materialize(root, &result.specs));
  // Readers run the same verifier: whatever unflatten returns can be written
  // and read back. A failure here is unflatten's bug (or an input the checks
  // above should have refused), never the caller's.
  const absl::Status verified = VerifyGraphModule(*result.module);
  if (!verified.ok()) {
    return absl::InternalError(
        absl::StrCat("unflatten built a module that fails verification: ", verified.message()));
  }
  result.module_call_graph = program.module_call_graph;
  return result;
}

}  // namespace fxpp
