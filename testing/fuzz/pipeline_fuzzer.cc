// Fuzzes parse -> pass pipeline -> verify: FX text is parsed and run through
// every pass fxpp has (topo_sort, dedup) by //passes:pipeline, verifying
// after each change. Any Status error is fine. A pipeline that succeeds must
// leave a module that verifies, unless no pass changed an input that did not
// verify (nothing then verified it), and whose FX text (of the root graph)
// and fxg print back to text that parses.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "ir/fx_text/fx_text.h"
#include "ir/io/module_io.h"
#include "ir/verifier.h"
#include "passes/dedup/dedup.h"
#include "passes/pipeline.h"
#include "passes/topo_sort/topo_sort.h"
#include "testing/fuzz/fuzz_checks.h"

namespace fxpp {
namespace fuzz {
namespace {

void FuzzPipeline(absl::string_view text) {
  absl::StatusOr<LoadedModule> loaded = ParseModule(text, "<fuzz>", Format::kFx);
  if (!loaded.ok()) return;
  GraphModule& module = *loaded->module;

  PassPipeline::Options options;
  // FX text carries no module state to resolve attribute targets against.
  options.verify.check_attributes = false;
  PassPipeline pipeline(options);
  pipeline.Add(std::make_unique<TopoSortPass>());
  // Small regions too, so that short fuzz inputs reach the rewriting code.
  DedupOptions dedup;
  dedup.tracking.min_region_size = 1;
  pipeline.Add(std::make_unique<DedupPass>(dedup));
  const bool input_verifies = VerifyGraphModule(module, options.verify).ok();
  absl::StatusOr<bool> changed = pipeline.Run(module);
  // The pipeline verified the module after the first pass that changed it
  // (topo_sort on an unsorted graph); when nothing changed, an input that
  // did not verify is still that input.
  if (!changed.ok() || !(input_verifies || *changed)) return;

  CheckOk("verifying the pipeline's result", VerifyGraphModule(module, options.verify));
  // The passes may have erased nodes the parse's namedtuple facts point at.
  FxPrintOptions fx_print = loaded->fx_print;
  fx_print.facts = nullptr;
  CheckOk("re-parsing the root graph's FX text",
          ParseFxGraph(PrintFxGraph(module.graph(), fx_print), "<printed>").status());
  CheckRendersAndReparses(module, fx_print, /*fx_text_source=*/true);
}

}  // namespace
}  // namespace fuzz
}  // namespace fxpp

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fxpp::fuzz::FuzzPipeline(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
