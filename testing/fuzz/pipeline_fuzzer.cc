// Fuzzes parse -> pass pipeline -> verify: FX text is parsed, and every
// registered pass (//passes:all_passes) runs on its own copy after topo_sort,
// through //passes:pipeline, verifying after each change. Any Status error
// is fine. A pipeline that reports no change must leave the module exactly
// as parsed (its fxg, which keeps every field, is unchanged). One that
// changed it must leave a module that verifies, and whose FX text (of the
// root graph) and every format print back to text that parses to the same
// module. (An unchanged module is the parsed input, whose printing and
// re-parsing the fx_text fuzzer covers.)
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

void RunAndCheck(const GraphModule& parsed, const std::string& parsed_fxg,
                 const LoadedModule& loaded, const PassInfo& pass) {
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
      PassRegistry::Global().ParsePipeline(PipelineFor(pass));
  CheckOk("building the pipeline", passes.status());
  PassPipeline::Options options;
  // FX text carries no module state to resolve attribute targets against.
  options.verify.check_attributes = false;
  PassPipeline pipeline(options);
  for (std::unique_ptr<Pass>& p : *passes) pipeline.Add(std::move(p));
  std::unique_ptr<GraphModule> module = parsed.Clone();
  absl::StatusOr<bool> changed = pipeline.Run(*module);
  if (!changed.ok()) return;
  if (!*changed) {
    const std::string fxg = RenderModule(*module, Format::kFxg).value();
    if (fxg != parsed_fxg) {
      Violation(absl::StrCat(pass.name, " reported no change"),
                absl::DataLossError(absl::StrCat("before:\n", parsed_fxg, "\nafter:\n", fxg)));
    }
    return;
  }

  CheckOk("verifying the pipeline's result", VerifyGraphModule(*module, options.verify));
  if (!module->has_graph()) return;
  // dedup skips every group whose replacement saves nothing, so it never
  // makes the top graph larger.
  if (pass.name == "dedup" && module->graph().size() > parsed.graph().size()) {
    Violation("dedup made the top graph larger",
              absl::FailedPreconditionError(absl::StrCat(parsed.graph().size(), " -> ",
                                                         module->graph().size(), " nodes")));
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
  for (const PassInfo* pass : PassRegistry::Global().List()) {
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
