// fxg: fxpp's golden format for a whole GraphModule (docs/FXG_FORMAT.md).
// Human-readable, deterministic and lossless: the module tree, each module's
// state (parameters, buffers, constants), each graph in the typed FX text and,
// under every node, its metadata as `# field: value` lines. Tests compare
// modules by comparing their fxg text.
#ifndef FXPP_IR_FXG_FXG_H_
#define FXPP_IR_FXG_FXG_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/fx_text/fx_text.h"
#include "ir/graph_module.h"

namespace fxpp {

std::string PrintFxg(const GraphModule& module);

// Errors are "filename:line:column: message". `positions`, when given,
// receives where each node was defined.
absl::StatusOr<std::unique_ptr<GraphModule>> ParseFxg(absl::string_view text,
                                                      absl::string_view filename,
                                                      NodeSourceMap* positions = nullptr);

}  // namespace fxpp

#endif  // FXPP_IR_FXG_FXG_H_
