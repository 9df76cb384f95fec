// Fuzzes parse -> pass pipeline -> verify: FX text is parsed, and every
// registered pass (//passes:all_passes) runs on its own copy after topo_sort,
// through //passes:pipeline, verifying after each change. Any Status error
// is fine. A pipeline that succeeds must leave a module that verifies,
// unless no pass changed an input that did not verify (nothing then
// verified it), and whose FX text (of the root graph) and fxg print back to
// text that parses.
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

namespace fxpp {
namespace fuzz {
namespace {

// Options that let each pass do something on small FX text inputs.
std::string PipelineFor(const PassInfo& pass) {
  std::string options;
  if (pass.name == "dedup") options = "{min_region_size=1}";
  for (const PassOptionSpec& option : pass.options) {
    if (option.name == "tags") options = "{tags=a,b}";
  }
  return absl::StrCat("topo_sort,", pass.name, options);
}

void RunAndCheck(const GraphModule& parsed, const LoadedModule& loaded, const PassInfo& pass) {
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
      PassRegistry::Global().ParsePipeline(PipelineFor(pass));
  CheckOk("building the pipeline", passes.status());
  PassPipeline::Options options;
  // FX text carries no module state to resolve attribute targets against.
  options.verify.check_attributes = false;
  PassPipeline pipeline(options);
  for (std::unique_ptr<Pass>& p : *passes) pipeline.Add(std::move(p));
  std::unique_ptr<GraphModule> module = parsed.Clone();
  const bool input_verifies = VerifyGraphModule(*module, options.verify).ok();
  absl::StatusOr<bool> changed = pipeline.Run(*module);
  // The pipeline verified the module after the first pass that changed it
  // (topo_sort on an unsorted graph); when nothing changed, an input that
  // did not verify is still that input.
  if (!changed.ok() || !(input_verifies || *changed)) return;

  CheckOk("verifying the pipeline's result", VerifyGraphModule(*module, options.verify));
  if (!module->has_graph()) return;
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
  for (const PassInfo* pass : PassRegistry::Global().List()) {
    RunAndCheck(*loaded->module, *loaded, *pass);
  }
}

}  // namespace
}  // namespace fuzz
}  // namespace fxpp

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fxpp::fuzz::FuzzPipeline(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
