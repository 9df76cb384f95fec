#include "passes/functional_checks/functional_checks.h"

#include <memory>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/op_schema/op_schema.h"

namespace fxpp {
namespace {

constexpr absl::string_view kCopyInPlace = "torch.ops.aten.copy_.default";

// The writes assert_functional_graph allows, into graph inputs only.
bool IsAllowedInputWrite(absl::string_view target) {
  return target == kCopyInPlace || target == "torch.ops.aten.set_.source_Tensor" ||
         target == "torch.ops.fsdp.copy_.default";
}

}  // namespace

absl::StatusOr<int64_t> AssertFunctionalGraph(const Graph& graph, const SchemaTable* schemas) {
  const SchemaTable& table = schemas != nullptr ? *schemas : SchemaTable::Default();
  int64_t copies = 0;
  for (Node* n : graph.nodes()) {
    if (n->op() != OpKind::kCallFunction && n->op() != OpKind::kCallMethod) continue;
    if (n->op() == OpKind::kCallFunction && IsAllowedInputWrite(n->target())) {
      const Node* written = !n->args().empty() && n->args()[0].is_node() ? n->args()[0].node() : nullptr;
      if (written == nullptr || written->op() != OpKind::kPlaceholder) {
        return absl::FailedPreconditionError(absl::StrCat(
            "node '", n->name(), "' (", n->target(), ") writes '",
            written == nullptr ? "?" : written->name(), "', which is not a graph input"));
      }
      ++copies;
      continue;
    }
    const OpSchema* schema =
        n->op() == OpKind::kCallFunction ? table.Find(n->target()) : nullptr;
    if ((schema != nullptr && schema->is_mutable()) || !MutatedArgPositions(*n).empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("expected an entirely functional graph, but node '", n->name(), "' (",
                       n->target(), ") writes its arguments"));
    }
  }
  return copies;
}

absl::StatusOr<int64_t> PropagateInputMutationStackTraces(Graph& graph) {
  absl::flat_hash_set<const Node*> copied;
  int64_t traced = 0;
  for (Node* n : graph.nodes()) {
    if (n->op() != OpKind::kCallFunction || n->target() != kCopyInPlace || n->args().size() < 2) {
      continue;
    }
    const Node* input = n->args()[0].is_node() ? n->args()[0].node() : nullptr;
    if (input == nullptr || input->op() != OpKind::kPlaceholder) {
      return absl::FailedPreconditionError(absl::StrCat(
          "copy_ '", n->name(), "' writes '", input == nullptr ? "?" : input->name(),
          "', which is not a graph input"));
    }
    if (!copied.insert(input).second) {
      return absl::FailedPreconditionError(absl::StrCat(
          "input '", input->name(), "' is copied into more than once (again by '", n->name(), "')"));
    }
    const Node* source = n->args()[1].is_node() ? n->args()[1].node() : nullptr;
    if (source != nullptr && !source->meta().stack_trace.empty() &&
        n->meta().stack_trace != source->meta().stack_trace) {
      n->mutable_meta().stack_trace = source->meta().stack_trace;
      ++traced;
    }
  }
  return traced;
}

const PassDescriptor& AssertFunctionalGraphPass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<NoPassOptions>(
      "assert_functional_graph",
      "Fails unless no mutation remains but copy_/set_ into inputs (changes nothing)", {},
      [](NoPassOptions) { return std::make_unique<AssertFunctionalGraphPass>(); });
  return *descriptor;
}

PassReport AssertFunctionalGraphPass::Report() const {
  return {{{"copies_into_inputs", copy_count_, "copy_/set_ into graph inputs (allowed)"}},
          absl::StrCat("functional: yes (", copy_count_, " copy_ into inputs)\n")};
}

absl::StatusOr<bool> AssertFunctionalGraphPass::Run(GraphModule& module) {
  copy_count_ = 0;
  ASSIGN_OR_RETURN(Graph * graph, RootGraph(name(), module));
  ASSIGN_OR_RETURN(copy_count_, AssertFunctionalGraph(*graph));
  return false;
}

const PassDescriptor& PropagateInputMutationStackTracesPass::Descriptor() {
  static const auto* const descriptor = new TypedPassDescriptor<NoPassOptions>(
      "propagate_input_mutation_stack_traces",
      "Gives each copy_ into an input the stack trace of the value it copies (AOTAutograd's "
      "fix-up after functionalization)",
      {}, [](NoPassOptions) { return std::make_unique<PropagateInputMutationStackTracesPass>(); });
  return *descriptor;
}

PassReport PropagateInputMutationStackTracesPass::Report() const {
  return {{{"copies_traced", traced_, "copy_ nodes given their source's stack trace"}},
          absl::StrCat(traced_, " copy_ into inputs given their source's stack trace\n")};
}

absl::StatusOr<bool> PropagateInputMutationStackTracesPass::Run(GraphModule& module) {
  traced_ = 0;
  ASSIGN_OR_RETURN(Graph * graph, RootGraph(name(), module));
  ASSIGN_OR_RETURN(traced_, PropagateInputMutationStackTraces(*graph));
  return traced_ > 0;
}

}  // namespace fxpp
