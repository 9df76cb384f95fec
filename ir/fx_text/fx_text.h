// FX graph text: what `print(gm.graph)` prints in PyTorch 1.13
// (`[#users=N]`) and 2.x (`[num_users=N]`), read into a Graph and printed
// back byte for byte. docs/FX_TEXT_FORMAT.md specifies the format.
//
// FX text is lossy: leaves print with str(), so strings are unquoted and may
// contain any delimiter, and `cpu` may be a device or a string. The parser
// resolves every ambiguity deterministically, taking the first reading that
// accounts for the whole statement:
//   - `%name` followed by `, `, a closer or `: ` is a node reference; a bare
//     name is one inside `slice(...)` and inside return-value containers;
//   - brackets, `slice(`, `device(` and `Name(` forms are tried before plain
//     text, which takes the shortest extent that lets the statement parse:
//     `(%x, a, b)` holds the strings "a" and "b", never "a, b";
//   - plain text is the literal that prints as exactly that text (None, True,
//     -1, 1e-05, inf, torch.float32, torch.channels_last, torch.strided,
//     Ellipsis, cpu and cuda:0 as devices, s0 + 1 as a symbolic int;
//     (1+2j), ints beyond int64 and `name(...)` calls such as
//     `tensor([1.0, 2.5])` as opaque values), otherwise a string (`mean`,
//     `bij,bjk->bik`, `1.50`, `torch.long`, and the empty text);
//   - `return name` is the node `name` when its users count includes the
//     output, otherwise the string "name" (str() prints both alike);
//   - a namedtuple in a return value or default (`Point(x=a, y=b)`) is a
//     tuple; ParsedFxGraph remembers its spelling for printing.
// Each reading prints back to the same bytes. References may point forward
// (FX prints whatever order the node list has); undefined names, duplicate
// names and users counts that disagree with the parsed graph are errors.
// Every error is "filename:line:column: message".
//
// The typed spelling (FxPrintOptions::typed_literals, header
// `graph():  # typed`) is lossless: strings are quoted, devices print as
// `device(type='cuda', index=0)`, symbolic ints as `SymInt('s0 + 1')`,
// opaque values as `Opaque('<repr>')`, call_function targets verbatim, and
// nodes FX would print lossily (an output with a type or another name, a
// placeholder with kwargs) in the general
// `op[target=...](args = ..., kwargs = ...)` form.
#ifndef FXPP_IR_FX_TEXT_FX_TEXT_H_
#define FXPP_IR_FX_TEXT_FX_TEXT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/fx_text/arg_text.h"
#include "ir/fx_text/lexer.h"
#include "ir/fx_text/text_writer.h"
#include "ir/graph.h"
#include "ir/graph_module.h"

namespace fxpp {

enum class FxDialect : uint8_t {
  kTorch113,  // [#users=N]
  kTorch2,    // [num_users=N]
};

// What a parse learned about the spelling that the Graph does not hold.
struct FxPrintFacts {
  // Per output or placeholder node: tuples of its value that Python printed
  // as namedtuples.
  absl::flat_hash_map<const Node*, std::vector<NamedTupleFact>> named_tuples;
};

// Writes annotation lines under nodes, for formats that embed FX text (fxg).
class FxNodeAnnotator {
 public:
  virtual ~FxNodeAnnotator() = default;
  // Appends complete lines ("        # ...\n") for `node`. Not const: an
  // annotator may keep what it wrote for one node to reuse for the next.
  virtual void Annotate(const Node& node, TextWriter* out) = 0;
};

// Reads the annotation lines an FxNodeAnnotator wrote.
class FxAnnotationReader {
 public:
  virtual ~FxAnnotationReader() = default;
  // Called for each annotation line, in order; `line` spans the text after
  // its "        # " prefix, and may be advanced. `node` is the node of the
  // statement above. The reader may go on to the annotation lines that
  // follow (those it would be called for next, with `node`): it then sets
  // `line` to a cursor on the last of them, and is not called for them. A reference: a Cursor passed by value goes through
  // memory, which the callee read back wider than the caller had written
  // it, a stall on every line (5% of reading a 100k-node fxg).
  virtual absl::Status Read(Node* node, Cursor& line) = 0;
};

struct FxPrintOptions {
  FxDialect dialect = FxDialect::kTorch2;
  bool typed_literals = false;
  const FxPrintFacts* facts = nullptr;
  FxNodeAnnotator* annotator = nullptr;
};

struct ParsedFxGraph {
  std::unique_ptr<Graph> graph;
  // kTorch2 when no node line shows the users tag.
  FxDialect dialect = FxDialect::kTorch2;
  bool typed_literals = false;
  FxPrintFacts facts;
  // Where each node's statement starts in the source (a byte offset), by
  // Node::id(): errors found later (the verifier's) can point at the line.
  std::vector<size_t> node_offsets;
  // Whether every reference named a node defined above it (none waited for
  // a node further down): the graph is then in topological order as built
  // (GraphVerifyOptions::built_in_order_by_reader).
  bool defined_before_use = false;

  // Options that print `graph` back to the parsed text.
  FxPrintOptions print_options() const;
};

// Where the text readers found each node, for every graph of a module: a
// side table (byte offsets by Node::id(), one vector per graph) kept apart
// from the IR, which holds no source positions.
class NodeSourceMap {
 public:
  void Add(const Graph* graph, std::vector<size_t> offsets) {
    offsets_[graph] = std::move(offsets);
  }
  // nullopt for a node no reader placed (one a pass created).
  absl::optional<size_t> Find(const Node& node) const {
    auto it = offsets_.find(node.graph());
    if (it == offsets_.end() || node.id() >= it->second.size()) return absl::nullopt;
    return it->second[node.id()];
  }

 private:
  absl::flat_hash_map<const Graph*, std::vector<size_t>> offsets_;
};

// A module's graphs: the root's, and after it one section per submodule
// with a graph (an invoke_subgraph callee, a call_module child that is a
// GraphModule), in the module tree's preorder:
//
//   graph():
//       ...
//       return (invoke_subgraph,)
//
//   graph subgraph_0():
//       ...
//
// The header `graph PATH():` names the submodule by its dotted path
// (quoted as a Python string when a name is not a plain word, as fxg
// does); one empty line separates sections. A file without sections is
// exactly what print(gm.graph) prints. Modules without a graph, state and
// class names are not in the text: a parent with no section is read as an
// opaque torch.nn.Module. Every graph of a file shares one users tag and
// one spelling (all typed or none).
struct ParsedFxModule {
  std::unique_ptr<GraphModule> module;
  FxDialect dialect = FxDialect::kTorch2;
  bool typed_literals = false;
  FxPrintFacts facts;  // for the nodes of all graphs
  NodeSourceMap node_positions;

  // Options that print `module` back to the parsed text.
  FxPrintOptions print_options() const;
};

// Parses a module's graphs (above); errors are "filename:line:column: message".
absl::StatusOr<ParsedFxModule> ParseFxModule(absl::string_view text, absl::string_view filename,
                                             Utf8Check utf8 = Utf8Check::kScan);

// The text ParseFxModule reads: print(gm.graph) of the root, then each
// subgraph's section. `module` must have a graph.
std::string PrintFxModule(const GraphModule& module, const FxPrintOptions& options = {});
void AppendFxModule(const GraphModule& module, const FxPrintOptions& options, std::string* out);

// Parses one graph; the text may end with newlines.
absl::StatusOr<ParsedFxGraph> ParseFxGraph(absl::string_view text, absl::string_view filename);

// What print(graph) prints, including its final newline. call_function
// targets print as FX's _pretty_print_target does (`_operator.add` as
// `operator.add`, `getattr` as `builtins.getattr`).
std::string PrintFxGraph(const Graph& graph, const FxPrintOptions& options = {});

// For formats that embed FX text. Appends PrintFxGraph's text to `out`.
void AppendFxGraph(const Graph& graph, const FxPrintOptions& options, std::string* out);
// Parses the graph starting at *offset (its `graph():` line) up to the first
// line that is not indented by 4 spaces, and sets *offset there. Annotation
// lines ("        # ...") go to `annotations`, an error when it is null.
absl::StatusOr<ParsedFxGraph> ParseFxGraphAt(const SourceText& source, size_t* offset,
                                             FxAnnotationReader* annotations);

}  // namespace fxpp

#endif  // FXPP_IR_FX_TEXT_FX_TEXT_H_
