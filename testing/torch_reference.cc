#include "testing/torch_reference.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/fx_text/fx_text.h"
#include "ir/status_macros.h"
#include "testing/golden.h"

namespace fxpp {

absl::StatusOr<std::vector<TorchReferenceCase>> ReadTorchReferenceCases(
    absl::string_view dir, absl::string_view reference_suffix, absl::string_view side_suffix) {
  std::vector<TorchReferenceCase> cases;
  for (const std::string& reference_path : ListRunfiles(dir, reference_suffix)) {
    TorchReferenceCase c;
    c.base = std::string(absl::StripSuffix(reference_path, reference_suffix));
    ASSIGN_OR_RETURN(c.reference, ReadRunfile(reference_path));
    ASSIGN_OR_RETURN(c.side, ReadRunfile(absl::StrCat(c.base, side_suffix)));
    const std::string fx_path = absl::StrCat(c.base, ".fx");
    ASSIGN_OR_RETURN(std::string fx, ReadRunfile(fx_path));
    ASSIGN_OR_RETURN(ParsedFxGraph parsed, ParseFxGraph(fx, fx_path));
    c.module = std::make_unique<GraphModule>();
    c.module->set_graph(std::move(parsed.graph));
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace fxpp
