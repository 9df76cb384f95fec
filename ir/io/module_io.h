// Reading and writing a GraphModule in any of fxpp's formats, by name or by
// file extension, with `-` for stdin/stdout. Writes are atomic: a temporary
// file in the destination directory renamed into place, so a failure never
// leaves a partial output.
#ifndef FXPP_IR_IO_MODULE_IO_H_
#define FXPP_IR_IO_MODULE_IO_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/fx_text/fx_text.h"
#include "ir/io/file_io.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"

namespace fxpp {

enum class Format : uint8_t {
  kFx,        // PyTorch's print(gm.graph), + subgraph sections; no meta
  kFxg,       // fxpp's golden text: whole module, all meta
  kJson,      // protobuf JSON mapping of fxpp.proto
  kPb,        // protobuf binary
  kReadable,  // PyTorch's print_readable() (write only)
  kDot,       // graphviz picture (write only; ir/dot/dot.h)
};

absl::string_view FormatName(Format format);
// "fx", "fxg", "json", "pb", "readable", "dot".
absl::StatusOr<Format> ParseFormatName(absl::string_view name);
// By extension: .fx .fxg .json .pb (.binpb) .py/.txt (readable) .dot/.gv.
absl::optional<Format> FormatFromPath(absl::string_view path);

struct LoadedModule {
  std::unique_ptr<GraphModule> module;
  Format format = Format::kFxg;
  // For FX text input: how it was printed, so it prints back identically.
  FxPrintOptions fx_print;
  std::unique_ptr<FxPrintFacts> fx_facts;
  // The name errors use, and for the formats with lines (fx, fxg, json) the
  // text read and, for fx and fxg, where each node was defined in it (JSON's
  // node positions are looked up on error): VerifyLoadedModule points its
  // errors at the line.
  std::string source_name;
  std::string source;
  NodeSourceMap node_positions;
};

// What `contents` looks like: fxg ("fxg 1" first), JSON ('{' first) or FX
// text ("graph():" first), leading blank space skipped; nullopt otherwise.
absl::optional<Format> FormatFromContents(absl::string_view contents);

// Reads `path` ("-": stdin) as `format`; without one, by extension, else by
// contents (FormatFromContents), else fxg.
absl::StatusOr<LoadedModule> ReadModule(absl::string_view path,
                                        absl::optional<Format> format = absl::nullopt);
// ReadModule on contents already read from `path` ("-": stdin), for callers
// that look at the contents first; the text is kept for error locations.
absl::StatusOr<LoadedModule> ParseModuleContents(std::string contents,
                                                 absl::string_view path,
                                                 absl::optional<Format> format = absl::nullopt);
// Parses text already in memory; `name` is used in error locations.
// Errors of all three are diagnostics (AsDiagnostic, ir/diagnostic.h):
// "name:line:col: error: ..." with the source line and a caret for the text
// formats, "name: error: ..." where there is no line (protobuf binary, whose
// errors name the module and node instead).
absl::StatusOr<LoadedModule> ParseModule(absl::string_view contents, absl::string_view name,
                                         Format format);

// VerifyGraphModule on a module read above, with the error located: for a
// text input, an error about a node becomes "file:line:col: error: MESSAGE"
// followed by the node's source line and a caret (FormatDiagnostic);
// otherwise "name: error: MESSAGE".
absl::Status VerifyLoadedModule(const LoadedModule& loaded, const ModuleVerifyOptions& options);

// Renders `module` in `format`. FX text holds the graphs only (a module
// whose root has no graph is an error there); `fx_print` controls its
// printing.
absl::StatusOr<std::string> RenderModule(const GraphModule& module, Format format,
                                         const FxPrintOptions& fx_print = {});

}  // namespace fxpp

#endif  // FXPP_IR_IO_MODULE_IO_H_
