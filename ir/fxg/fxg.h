// fxg: fxpp's golden format for a whole GraphModule (docs/FXG_FORMAT.md).
// Human-readable, deterministic and lossless: the module tree, each module's
// state (parameters, buffers, constants), each graph in the typed FX text and,
// under every node, its metadata as `# field: value` lines. Tests compare
// modules by comparing their fxg text.
#ifndef FXPP_IR_FXG_FXG_H_
#define FXPP_IR_FXG_FXG_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fx_text/lexer.h"
#include "ir/graph_module.h"

namespace fxpp {

std::string PrintFxg(const GraphModule& module);

// Errors are "filename:line:column: message". `positions`, when given,
// receives where each node was defined.
absl::StatusOr<std::unique_ptr<GraphModule>> ParseFxg(absl::string_view text,
                                                      absl::string_view filename,
                                                      NodeSourceMap* positions = nullptr,
                                                      Utf8Check utf8 = Utf8Check::kScan);

// Whether a reader of `bytes` of fxg text (or what is left of it) uses a
// second thread: ParseFxg and ParseFxgModuleBlocks read the metadata lines
// of the graphs from the first one on alongside their statements
// (MetaPrefetcher, ir/fxg/meta_reader.h), an exported program's reader its
// other parts alongside its graph. The result is the same either way.
bool UseFxgReaderThread(size_t bytes);
// Sets the size from which UseFxgReaderThread says yes; negative restores
// the default (about a megabyte, and only with two or more cores). Tests
// set 0 and a huge value to compare the two ways.
void SetFxgReaderThreadMinBytes(int64_t bytes);

// For formats that hold modules in fxg blocks among their own lines (an
// exported program's fxg, export/program_fxg.h):
// - the blocks of `module`'s tree, PrintFxg without its "fxg 1" line;
void AppendFxgModuleBlocks(const GraphModule& module, std::string* out);
// - reads such blocks from `*offset`, the start of a line of `source`
//   (checked for UTF-8 by the caller), up to the end of the text or to the
//   first line that is exactly `stop_line` (when not empty), where *offset
//   is left. Errors as ParseFxg's. `defined_before_use`, when given, is set
//   to whether every graph's references all named nodes defined above them
//   (ParsedFxGraph::defined_before_use). `alongside`, when given, is work
//   of the caller's that does not touch the blocks (another part of the
//   text): done once before this returns, on the second thread after the
//   metadata lines when there is one (UseFxgReaderThread), else here. It
//   must not throw.
absl::StatusOr<std::unique_ptr<GraphModule>> ParseFxgModuleBlocks(
    const SourceText& source, size_t* offset, absl::string_view stop_line,
    NodeSourceMap* positions, bool* defined_before_use = nullptr,
    std::function<void()> alongside = nullptr);

}  // namespace fxpp

#endif  // FXPP_IR_FXG_FXG_H_
