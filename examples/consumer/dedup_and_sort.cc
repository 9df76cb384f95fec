#include "dedup_and_sort.h"

#include <memory>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/fx_text/fx_text.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/dedup/dedup.h"
#include "passes/topo_sort/topo_sort.h"

namespace consumer {

absl::StatusOr<std::string> DedupAndSort(absl::string_view fx_text, absl::string_view filename) {
  absl::StatusOr<fxpp::ParsedFxGraph> parsed = fxpp::ParseFxGraph(fx_text, filename);
  if (!parsed.ok()) return parsed.status();
  const fxpp::FxPrintOptions print_options = parsed->print_options();
  fxpp::GraphModule module;
  module.set_graph(std::move(parsed->graph));

  fxpp::TopoSortPass topo_sort;
  fxpp::DedupPass dedup;
  for (fxpp::Pass* pass : {static_cast<fxpp::Pass*>(&topo_sort), static_cast<fxpp::Pass*>(&dedup)}) {
    const absl::StatusOr<bool> changed = pass->Run(module);
    if (!changed.ok()) return changed.status();
    // As fxpp's pipelines do: a pass that changed the module must leave it
    // valid. FX text holds no parameters or submodules, so the get_attr
    // targets it names cannot be checked.
    const absl::Status valid = fxpp::VerifyGraphModule(module, {/*check_attributes=*/false});
    if (*changed && !valid.ok()) {
      return absl::InternalError(absl::StrCat("after pass ", pass->name(), ": ", valid.message()));
    }
  }

  std::string out = fxpp::PrintFxGraph(module.graph(), print_options);
  for (const auto& [name, child] : module.children()) {
    absl::StrAppend(&out, "\n", name, ":\n", fxpp::PrintFxGraph(child->graph(), print_options));
  }
  absl::StrAppend(&out, "\n", dedup.report().ToText());
  return out;
}

}  // namespace consumer
