// Modules written in tests as FX text.
#ifndef FXPP_TESTING_FX_MODULE_H_
#define FXPP_TESTING_FX_MODULE_H_

#include <memory>

#include "absl/strings/string_view.h"
#include "ir/graph_module.h"

namespace fxpp {

// A module without state holding the graph of `text`; a parse error fails
// the calling test (non-fatally) and gives a module without a graph.
std::unique_ptr<GraphModule> ModuleFromFxText(absl::string_view text);

}  // namespace fxpp

#endif  // FXPP_TESTING_FX_MODULE_H_
