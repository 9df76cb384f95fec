#include "ir/fxg/fxg.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fx_text/lexer.h"
#include "ir/fx_text/py_repr.h"
#include "ir/fxg/meta_reader.h"
#include "ir/fxg/meta_text.h"
#include "ir/limits.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

constexpr absl::string_view kMagic = "fxg 1";
// What an exported program's fxg has as its second line (export/program_fxg.h).
constexpr absl::string_view kProgramLine = "program";

// SetFxgReaderThreadMinBytes' value; negative: the default.
std::atomic<int64_t> reader_thread_min_bytes{-1};

class MetaAnnotator : public FxNodeAnnotator {
 public:
  void Annotate(const Node& node, TextWriter* out) override {
    if (node.has_meta()) writer_.Append(node.meta(), out);
  }

 private:
  NodeMetaWriter writer_{kFxgMetaPrefix};
};

void PrintModule(const GraphModule& module, const std::string& path, MetaAnnotator* annotator,
                 std::string* out);

// The blocks of `module`'s submodules, each after an empty line.
void PrintChildren(const GraphModule& module, const std::string& path,
                   MetaAnnotator* annotator, std::string* out) {
  for (const auto& [name, child] : module.children()) {
    out->push_back('\n');
    PrintModule(*child, path.empty() ? name : absl::StrCat(path, ".", name), annotator, out);
  }
}

// `annotator` is shared by all graphs of the module: their nodes repeat
// the same stack traces and module stacks.
void PrintModule(const GraphModule& module, const std::string& path, MetaAnnotator* annotator,
                 std::string* out) {
  {
    TextWriter w(out);
    w.Append(module.has_graph() ? "module" : "opaque");
    if (!path.empty()) {
      w.Append(' ');
      AppendQualifiedName(path, w.Flush());
    }
    w.Append(": ");
    w.Append(module.class_name());
    w.Append('\n');
    for (const StateEntry& entry : module.state()) {
      w.Append("  ");
      w.Append(StateKindName(entry.kind));
      w.Append(' ');
      AppendQualifiedName(entry.name, w.Flush());
      w.Append(": ");
      AppendTensorMeta(entry.tensor, &w);
      if (!entry.persistent) w.Append(" non_persistent");
      if (entry.storage_group != 0) {
        w.Append(" storage_group=");
        w.AppendInt(entry.storage_group);
      }
      w.Append('\n');
    }
  }
  if (!module.has_graph()) return PrintChildren(module, path, annotator, out);
  // The submodules' blocks follow the graph. Printed first, they are known
  // in size when the graph's text reserves its room, so a large text is
  // never regrown (copied) for them.
  std::string children;
  PrintChildren(module, path, annotator, &children);
  out->reserve(out->size() + children.size());
  FxPrintOptions options;
  options.dialect = FxDialect::kTorch2;
  options.typed_literals = true;
  options.annotator = annotator;
  AppendFxGraph(module.graph(), options, out);
  out->append(children);
}

// The N of a state line's " storage_group=N": a positive 32-bit integer.
absl::Status ParseStorageGroup(Cursor& c, uint32_t* group) {
  const size_t start = c.pos();
  const absl::string_view digits = c.ConsumeWord("");
  if (digits.empty()) return c.source().Expected(start, "a storage group");
  if (!absl::SimpleAtoi(digits, group) || *group == 0 || digits[0] == '0') {
    return c.source().Error(
        start, absl::StrCat("storage group '", digits, "' is not a positive 32-bit integer"));
  }
  return absl::OkStatus();
}

class FxgParser {
 public:
  FxgParser(const SourceText& source, NodeSourceMap* positions,
            std::function<void()> alongside = nullptr)
      : src_(source), positions_(positions), alongside_(std::move(alongside)) {}
  // The alongside work, when no MetaPrefetcher took it.
  ~FxgParser() {
    if (alongside_) alongside_();
  }

  absl::StatusOr<std::unique_ptr<GraphModule>> Parse() {
    const size_t line_end = src_.LineEnd(0);
    if (src_.text().substr(0, line_end) != kMagic) return src_.Expected(0, "'fxg 1'");
    size_t pos = src_.LineAfter(line_end);
    if (src_.text().substr(pos, src_.LineEnd(pos) - pos) == kProgramLine) {
      return src_.Error(pos, "this fxg holds an exported program, not a module (tools read it as "
                             "a program; unflatten makes a module of it)");
    }
    return Blocks(&pos, {});
  }

  // The module blocks from `*pos` to the end or to a line `stop_line`.
  absl::StatusOr<std::unique_ptr<GraphModule>> Blocks(size_t* pos, absl::string_view stop_line) {
    stop_line_ = stop_line;
    while (*pos < src_.size()) {
      const size_t line_end = src_.LineEnd(*pos);
      if (line_end == *pos) {
        *pos = src_.LineAfter(line_end);
        continue;
      }
      if (!stop_line.empty() && src_.text().substr(*pos, line_end - *pos) == stop_line) break;
      RETURN_IF_ERROR(Module(pos));
    }
    if (root_ == nullptr) return src_.Expected(*pos, "'module: <class name>'");
    return std::move(root_);
  }
  // After Blocks: whether each graph read had ParsedFxGraph::defined_before_use.
  bool defined_before_use() const { return defined_before_use_; }

 private:
  // One module block: its header, state lines and graph.
  absl::Status Module(size_t* pos) {
    const size_t line_end = src_.LineEnd(*pos);
    Cursor c(src_, *pos, line_end);
    bool has_graph;
    if (c.Consume("module")) {
      has_graph = true;
    } else if (c.Consume("opaque")) {
      has_graph = false;
    } else {
      return c.Expected("'module' or 'opaque'");
    }
    std::string path;
    size_t path_offset = *pos;  // where errors about placing the module point
    if (c.Consume(" ")) {
      path_offset = c.pos();
      RETURN_IF_ERROR(ParseQualifiedName(c, "a module path", &path));
    }
    RETURN_IF_ERROR(c.Expect(": "));
    std::string class_name(c.rest());
    std::unique_ptr<GraphModule> owned = has_graph
                                             ? std::make_unique<GraphModule>(std::move(class_name))
                                             : GraphModule::Opaque(std::move(class_name));
    GraphModule* module = owned.get();
    RETURN_IF_ERROR(Attach(path, path_offset, std::move(owned)));

    // The state lines are found first, so the module's state is allocated
    // once at its size (entries are large to move).
    state_lines_.clear();
    for (*pos = src_.LineAfter(line_end); src_.StartsWith(*pos, "  ") && !src_.StartsWith(*pos, "   ");
         *pos = src_.LineAfter(src_.LineEnd(*pos))) {
      state_lines_.push_back(*pos);
    }
    module->ReserveState(state_lines_.size());
    for (const size_t line : state_lines_) RETURN_IF_ERROR(State(line, module));
    if (!has_graph) return absl::OkStatus();
    if (!src_.StartsWith(*pos, "graph():")) return src_.Expected(*pos, "'graph():  # typed'");
    ASSIGN_OR_RETURN(ParsedFxGraph parsed, ParseFxGraphAt(src_, pos, MetaReaderFrom(*pos)));
    if (prefetcher_ != nullptr) {
      prefetcher_->FinishGraph();
    } else {
      meta_reader_.Finish();
    }
    defined_before_use_ = defined_before_use_ && parsed.defined_before_use;
    if (positions_ != nullptr) positions_->Add(parsed.graph.get(), std::move(parsed.node_offsets));
    module->set_graph(std::move(parsed.graph));
    return absl::OkStatus();
  }

  // What reads the metadata of the graph whose header is at `header`: a
  // MetaPrefetcher, started at the first graph of a large text, for all its
  // graphs (it takes the alongside work); else meta_reader_.
  FxAnnotationReader* MetaReaderFrom(size_t header) {
    if (!chose_meta_reader_) {
      chose_meta_reader_ = true;
      if (UseFxgReaderThread(src_.size() - header)) {
        prefetcher_ =
            std::make_unique<MetaPrefetcher>(src_, header, stop_line_, std::move(alongside_));
        alongside_ = nullptr;
      }
    }
    if (prefetcher_ != nullptr) return prefetcher_.get();
    return &meta_reader_;
  }

  // Places a new module: the first is the root (empty path); the others
  // come after their parent (the printer writes the tree in preorder).
  absl::Status Attach(const std::string& path, size_t offset, std::unique_ptr<GraphModule> module) {
    if (path.empty()) {
      if (root_ != nullptr) return src_.Error(offset, "a second root module");
      root_ = std::move(module);
      Remember(0, path, root_.get());
      return absl::OkStatus();
    }
    if (root_ == nullptr) return src_.Error(offset, "expected the root module ('module: ...') first");
    const size_t dots = std::count(path.begin(), path.end(), '.');
    if (dots >= kMaxModuleDepth) {
      return src_.Error(offset, absl::StrCat("module '", path, "' is nested more than ",
                                             kMaxModuleDepth, " levels deep (fxpp's limit)"));
    }
    const size_t dot = path.rfind('.');
    const absl::string_view parent_path =
        dot == std::string::npos ? absl::string_view() : absl::string_view(path).substr(0, dot);
    // In preorder, the parent is nearly always among the last module's
    // ancestors, so the tree is not walked from the root.
    GraphModule* parent = dots < placed_depth_ && placed_[dots].path == parent_path
                              ? placed_[dots].module
                              : root_->FindSubmodule(parent_path);
    if (parent == nullptr) {
      return src_.Error(offset, absl::StrCat("parent module '", parent_path, "' of '", path,
                                             "' is not defined above"));
    }
    absl::StatusOr<GraphModule*> added =
        parent->AddChild(dot == std::string::npos ? path : path.substr(dot + 1), std::move(module));
    if (!added.ok()) return src_.Error(offset, added.status().message());
    Remember(dots, parent_path, parent);
    Remember(dots + 1, path, *added);
    return absl::OkStatus();
  }

  // Records the module at `path`, which has `depth` names, as the ancestor
  // at that depth of the modules that follow (the deeper ones are
  // forgotten). The slots keep their strings' capacity.
  void Remember(size_t depth, absl::string_view path, GraphModule* module) {
    if (placed_.size() <= depth) placed_.resize(depth + 1);
    placed_[depth].path.assign(path.data(), path.size());
    placed_[depth].module = module;
    placed_depth_ = depth + 1;
  }

  // "  <kind> <name>: <tensor>[ non_persistent][ storage_group=N]"
  absl::Status State(size_t pos, GraphModule* module) {
    Cursor c(src_, pos + 2, src_.LineEnd(pos));
    const size_t kind_offset = c.pos();
    const absl::string_view kind_name = c.ConsumeIdentifier();
    StateEntry entry;
    if (kind_name == "parameter") {
      entry.kind = StateKind::kParameter;
    } else if (kind_name == "buffer") {
      entry.kind = StateKind::kBuffer;
    } else if (kind_name == "constant") {
      entry.kind = StateKind::kConstant;
    } else {
      return src_.Expected(kind_offset, "'parameter', 'buffer' or 'constant'");
    }
    RETURN_IF_ERROR(c.Expect(" "));
    const size_t name_offset = c.pos();
    RETURN_IF_ERROR(ParseQualifiedName(c, "a state name", &entry.name));
    RETURN_IF_ERROR(c.Expect(": "));
    // Layers repeat their parameters' shapes: each distinct text is parsed
    // once.
    const absl::string_view text = c.rest();
    auto it = state_tensors_.find(text);
    if (it == state_tensors_.end()) {
      RETURN_IF_ERROR(ParseTensorMeta(c, &entry.tensor));
      entry.persistent = !c.Consume(" non_persistent");
      if (c.Consume(" storage_group=")) RETURN_IF_ERROR(ParseStorageGroup(c, &entry.storage_group));
      RETURN_IF_ERROR(c.ExpectEnd());
      it = state_tensors_.emplace(std::string(text), entry).first;
    }
    entry.tensor = it->second.tensor;
    entry.persistent = it->second.persistent;
    entry.storage_group = it->second.storage_group;
    const absl::Status added = module->AddState(std::move(entry));
    if (!added.ok()) return src_.Error(name_offset, added.message());
    return absl::OkStatus();
  }

  // A module and its path, which FindSubmodule(path) would find.
  struct Placed {
    std::string path;
    GraphModule* module = nullptr;
  };

  const SourceText& src_;
  NodeSourceMap* positions_;
  bool defined_before_use_ = true;
  std::unique_ptr<GraphModule> root_;
  // The last module placed and its ancestors, by depth; [0] is the root.
  std::vector<Placed> placed_;
  size_t placed_depth_ = 0;
  // One for all graphs: what it remembers of the metadata it read (stack
  // traces, module stacks) recurs across them.
  MetaReader meta_reader_;
  bool chose_meta_reader_ = false;
  std::unique_ptr<MetaPrefetcher> prefetcher_;  // instead of meta_reader_
  absl::string_view stop_line_;                 // Blocks' argument
  std::function<void()> alongside_;             // ParseFxgModuleBlocks'
  // Where the state lines of the module being read start.
  std::vector<size_t> state_lines_;
  // State entries' tensors and persistence, by their text (copied, as
  // NodeMetaLineReader's keys are).
  // A state line's text after the name -> the entry it describes (no name).
  absl::flat_hash_map<std::string, StateEntry> state_tensors_;
};

}  // namespace

bool UseFxgReaderThread(size_t bytes) {
  const int64_t min_bytes = reader_thread_min_bytes.load(std::memory_order_relaxed);
  if (min_bytes >= 0) return bytes >= static_cast<uint64_t>(min_bytes);
  // Below about a megabyte (2,000 nodes) starting a thread costs more than
  // it saves; with one core it saves nothing.
  return bytes >= (size_t{1} << 20) && std::thread::hardware_concurrency() > 1;
}

void SetFxgReaderThreadMinBytes(int64_t bytes) {
  reader_thread_min_bytes.store(bytes, std::memory_order_relaxed);
}

std::string PrintFxg(const GraphModule& module) {
  std::string out(kMagic);
  out.push_back('\n');
  AppendFxgModuleBlocks(module, &out);
  return out;
}

void AppendFxgModuleBlocks(const GraphModule& module, std::string* out) {
  MetaAnnotator annotator;
  PrintModule(module, "", &annotator, out);
}

absl::StatusOr<std::unique_ptr<GraphModule>> ParseFxgModuleBlocks(
    const SourceText& source, size_t* offset, absl::string_view stop_line,
    NodeSourceMap* positions, bool* defined_before_use, std::function<void()> alongside) {
  FxgParser parser(source, positions, std::move(alongside));
  absl::StatusOr<std::unique_ptr<GraphModule>> blocks = parser.Blocks(offset, stop_line);
  if (defined_before_use != nullptr) *defined_before_use = parser.defined_before_use();
  return blocks;
}

absl::StatusOr<std::unique_ptr<GraphModule>> ParseFxg(absl::string_view text,
                                                      absl::string_view filename,
                                                      NodeSourceMap* positions, Utf8Check utf8) {
  const SourceText source(text, filename);
  source.StartUtf8Check(utf8);
  absl::StatusOr<std::unique_ptr<GraphModule>> module = FxgParser(source, positions).Parse();
  RETURN_IF_ERROR(source.FinishUtf8Check());
  return module;
}

}  // namespace fxpp
