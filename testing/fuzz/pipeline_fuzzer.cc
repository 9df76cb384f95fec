// Fuzzes parse -> pass pipeline -> verify: FX text is parsed, and every
// registered pass (//passes:all_passes) runs on its own copy after topo_sort,
// through //passes:pipeline, verifying the input and after each change and
// checking each changed flag against the module's fingerprint. Each pass
// also runs on graphless modules: an opaque root, and the parsed graph with
// opaque (shared) children. Any Status error is fine but a dishonest
// changed flag; a crash is a bug. A pipeline that reports no change must leave the module exactly
// as parsed (its fxg, which keeps every field, is unchanged). One that
// changed it must leave a module that verifies, whose FX text (of the
// root graph) and every format print back to text that parses to the same
// module, and that computes what the input did where the pass only moves,
// outlines or splits (calls inlined, canonical forms compared). (An
// unchanged module is the parsed input, whose printing and re-parsing the
// fx_text fuzzer covers.)
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/fx_text/fx_text.h"
#include "ir/io/module_io.h"
#include "ir/verifier.h"
#include "absl/strings/str_cat.h"
#include "passes/pipeline.h"
#include "passes/registry.h"
#include "testing/fuzz/fuzz_checks.h"
#include "testing/same_computation.h"

namespace fxpp {
namespace fuzz {
namespace {

// Options that let each pass do something on small FX text inputs.
std::string PipelineFor(const PassDescriptor& pass) {
  std::string options;
  if (pass.name() == "dedup") options = "{min_region_size=1}";
  for (const PassOptionInfo& option : pass.options()) {
    if (option.name == "tags") options = "{tags=a,b}";
  }
  return absl::StrCat("topo_sort,", pass.name(), options);
}

// Passes that only reorder, remove dead code, outline, split or annotate:
// their result computes what the input did (testing/same_computation.h).
// (functionalize rewrites mutation; split_module re-enters global state in
// each partition.)
bool KeepsComputation(absl::string_view pass) {
  return pass == "topo_sort" || pass == "dce" || pass == "dedup" || pass == "split_by_tags" ||
         pass == "tag_nodes" || pass == "move_non_tensor_nodes_on_boundary" ||
         pass == "assert_functional_graph" || pass == "propagate_input_mutation_stack_traces";
}

// A pipeline error is fine unless it is the changed-flag check's.
absl::StatusOr<bool> RunChecked(PassPipeline& pipeline, GraphModule& module,
                                absl::string_view pass) {
  absl::StatusOr<bool> changed = pipeline.Run(module);
  if (!changed.ok() && changed.status().code() == absl::StatusCode::kInternal) {
    Violation(absl::StrCat(pass, "'s changed flag"), changed.status());
  }
  return changed;
}

// Modules without graphs where passes look for them: an opaque root, and
// `parsed` with an opaque child and a shared (graphless) child.
void RunOnGraphlessModules(const GraphModule& parsed, const PassDescriptor& pass,
                           const PassPipeline::Options& options) {
  std::vector<std::unique_ptr<GraphModule>> modules;
  modules.push_back(GraphModule::Opaque("torch.nn.modules.linear.Linear"));
  modules.push_back(parsed.Clone());
  (void)modules.back()->AddChild("fuzz_opaque", GraphModule::Opaque("torch.nn.ReLU"));
  (void)modules.back()->AddChild("fuzz_shared", GraphModule::Opaque("shared:fuzz_opaque"));
  for (std::unique_ptr<GraphModule>& module : modules) {
    absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
        PassRegistry::Global().ParsePipeline(PipelineFor(pass));
    CheckOk("building the pipeline", passes.status());
    PassPipeline pipeline(options);
    for (std::unique_ptr<Pass>& p : *passes) pipeline.Add(std::move(p));
    (void)RunChecked(pipeline, *module, pass.name());
  }
}

void RunAndCheck(const GraphModule& parsed, const std::string& parsed_fxg,
                 const LoadedModule& loaded, const PassDescriptor& pass) {
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
      PassRegistry::Global().ParsePipeline(PipelineFor(pass));
  CheckOk("building the pipeline", passes.status());
  PassPipeline::Options options;
  // FX text carries no module state to resolve attribute targets against.
  options.verify.check_attributes = false;
  options.check_changed = true;
  RunOnGraphlessModules(parsed, pass, options);
  PassPipeline pipeline(options);
  for (std::unique_ptr<Pass>& p : *passes) pipeline.Add(std::move(p));
  std::unique_ptr<GraphModule> module = parsed.Clone();
  absl::StatusOr<bool> changed = RunChecked(pipeline, *module, pass.name());
  if (!changed.ok()) return;
  if (!*changed) {
    const std::string fxg = RenderModule(*module, Format::kFxg).value();
    if (fxg != parsed_fxg) {
      Violation(absl::StrCat(pass.name(), " reported no change"),
                absl::DataLossError(absl::StrCat("before:\n", parsed_fxg, "\nafter:\n", fxg)));
    }
    return;
  }

  CheckOk("verifying the pipeline's result", VerifyGraphModule(*module, options.verify));
  if (!module->has_graph()) return;
  // dedup skips every group whose replacement saves nothing, so it never
  // makes the top graph larger.
  if (pass.name() == "dedup" && module->graph().size() > parsed.graph().size()) {
    Violation("dedup made the top graph larger",
              absl::FailedPreconditionError(absl::StrCat(parsed.graph().size(), " -> ",
                                                         module->graph().size(), " nodes")));
  }
  if (KeepsComputation(pass.name()) && InlineSubmoduleCalls(parsed).ok()) {
    CheckOk(absl::StrCat(pass.name(), " keeping what the module computes"),
            CheckSameComputation(parsed, *module));
  }
  // The passes may have erased nodes the parse's namedtuple facts point at.
  FxPrintOptions fx_print = loaded.fx_print;
  fx_print.facts = nullptr;
  CheckOk("re-parsing the root graph's FX text",
          ParseFxGraph(PrintFxGraph(module->graph(), fx_print), "<printed>").status());
  CheckRendersAndReparses(*module, fx_print, /*fx_text_source=*/true);
}

void FuzzPipeline(absl::string_view text) {
  absl::StatusOr<LoadedModule> loaded = ParseModule(text, "<fuzz>", Format::kFx);
  if (!loaded.ok()) return;
  const std::string parsed_fxg = RenderModule(*loaded->module, Format::kFxg).value();
  for (const PassDescriptor* pass : PassRegistry::Global().List()) {
    RunAndCheck(*loaded->module, parsed_fxg, *loaded, *pass);
  }
}

}  // namespace
}  // namespace fuzz
}  // namespace fxpp

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fxpp::fuzz::FuzzPipeline(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
