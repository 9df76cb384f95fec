#include "ir/fx_text/fx_text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/types/optional.h"
#include "ir/bulk_buffer.h"
#include "ir/fx_text/arg_parser.h"
#include "ir/fx_text/arg_printer.h"
#include "ir/fx_text/py_repr.h"
#include "ir/limits.h"
#include "ir/names.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

constexpr absl::string_view kHeader = "graph():";
constexpr absl::string_view kTypedHeader = "graph():  # typed";
constexpr absl::string_view kIndent = "    ";
constexpr absl::string_view kAnnotationPrefix = "        # ";
// A string argument with newlines continues a statement over the following
// lines; this bounds how far a broken statement is retried.
constexpr int kMaxContinuationLines = 4096;

absl::string_view UsersTag(FxDialect dialect) {
  return dialect == FxDialect::kTorch113 ? "#users" : "num_users";
}

bool IsCallOp(OpKind op) {
  return op == OpKind::kCallFunction || op == OpKind::kCallMethod || op == OpKind::kCallModule;
}

// FX's _pretty_print_target, for call_function targets held as qualified
// names (as importers of exported programs write them): operator functions
// live in `_operator`, builtins have no module, torch.ops' module is
// torch._ops. The typed spelling keeps targets verbatim.
void AppendPrettyTarget(absl::string_view target, TextWriter* out) {
  if (absl::ConsumePrefix(&target, "_operator.")) {
    out->Append("operator.");
  } else if (absl::ConsumePrefix(&target, "torch._ops.")) {
    out->Append("torch.ops.");
  } else if (target.find('.') == absl::string_view::npos && IsReservedPythonName(target)) {
    out->Append("builtins.");
  }
  out->Append(target);
}

// Whether FX's line for `node` shows everything the IR holds; the typed
// spelling prints other nodes in the general call form.
bool FitsFxForm(const Node& node) {
  switch (node.op()) {
    case OpKind::kPlaceholder:
      return node.kwargs().empty() && node.args().size() <= 1;
    case OpKind::kGetAttr:
      return node.kwargs().empty() && node.args().empty();
    case OpKind::kOutput:
      // `return` recreates exactly this: a node named "output" with target
      // "output", untyped.
      return node.name() == "output" && node.target() == "output" &&
             node.type_annotation().empty() &&
             node.kwargs().empty() && node.args().size() == 1;
    case OpKind::kCallFunction:
    case OpKind::kCallMethod:
    case OpKind::kCallModule:
      return true;
  }
  return true;
}

FxPrintOptions PrintOptionsOf(FxDialect dialect, bool typed, const FxPrintFacts& facts) {
  FxPrintOptions options;
  options.dialect = dialect;
  options.typed_literals = typed;
  options.facts = &facts;
  return options;
}

class GraphParser {
 public:
  // `dialect`: what the file's earlier graphs showed; all must agree.
  GraphParser(const SourceText& source, FxAnnotationReader* annotations,
              absl::optional<FxDialect> dialect = absl::nullopt)
      : src_(source), annotations_(annotations), dialect_(dialect) {}

  // The graph whose `graph():` header is at *offset.
  absl::StatusOr<ParsedFxGraph> Parse(size_t* offset);
  // The statements after a header (ending at `header_end`) already read.
  absl::StatusOr<ParsedFxGraph> ParseBody(size_t header_end, bool typed, size_t* offset);
  // The users tag seen in this graph or given to the constructor.
  absl::optional<FxDialect> dialect() const { return dialect_; }

 private:
  // What the text said about a node, indexed by Node::id().
  struct Defined {
    size_t name_offset = 0;
    size_t users_offset = 0;
    int64_t users = -1;  // the printed users count; -1 for `return`
  };
  // Most references name a node defined a few lines up: a small
  // direct-mapped cache answers them without the graph's name lookup.
  struct RecentNode {
    absl::string_view name;
    Node* node = nullptr;
  };
  static constexpr int kRecentBits = 10;
  static constexpr size_t kRecentSlots = size_t{1} << kRecentBits;
  struct Fixup {
    Node* node;
    std::vector<PendingRef> refs;
  };
  struct BareReturn {
    Node* output;
    absl::string_view name;
  };
  // What ArgParser calls to resolve names (it keeps a reference to it).
  struct LookupFn {
    const GraphParser* parser;
    Node* operator()(absl::string_view name) const { return parser->Lookup(name); }
  };

  bool IsStatementStart(size_t pos) const {
    return src_.StartsWith(pos, "    %") || src_.StartsWith(pos, "    return") ||
           (annotations_ != nullptr && src_.StartsWith(pos, kAnnotationPrefix));
  }
  // Not absl::Hash, which costs more than the rest of a lookup here: two
  // names sharing a slot only send one to the graph's lookup. Mixes the
  // first and last 8 bytes, where names differ (linear_12, add_12).
  static size_t RecentSlot(absl::string_view name) {
    uint64_t head = 0;
    uint64_t tail = name.size();
    if (name.size() >= 8) {
      std::memcpy(&head, name.data(), 8);
      std::memcpy(&tail, name.data() + name.size() - 8, 8);
    } else {
      for (const char c : name) head = (head << 8) | static_cast<unsigned char>(c);
    }
    uint64_t mixed = head * 0x9E3779B97F4A7C15u + tail;
    mixed ^= mixed >> 32;
    mixed *= 0xD6E8FEB86659FD93u;
    mixed ^= mixed >> 32;
    return static_cast<size_t>(mixed & (kRecentSlots - 1));
  }
  Node* Lookup(absl::string_view name) const {
    const RecentNode& recent = recent_[RecentSlot(name)];
    if (recent.name == name) return recent.node;
    // References beyond the recent ones are mostly to the placeholders at
    // the top of a large graph (an exported program's parameters, used
    // layer by layer in the order they are defined): the node after the
    // last one found this way is tried before the name table, whose probe
    // misses the cache on a large graph.
    Node* node = predicted_ != nullptr && predicted_->name() == name
                     ? predicted_
                     : out_.graph->FindNode(name);
    if (node != nullptr) Predict(node);
    return node;
  }
  // Expects the node after `found` to be looked up next, and fetches it
  // and its name, which are far from the nodes being read.
  void Predict(const Node* found) const {
    predicted_ = found->next();
    if (predicted_ == nullptr) return;
    __builtin_prefetch(predicted_->name().data());
    if (const Node* after = predicted_->next()) __builtin_prefetch(after);
  }
  void Define(Node* node, Defined defined) {
    if (node->id() >= defined_.size()) defined_.resize(2 * node->id() + 16);
    defined_[node->id()] = defined;
    recent_[RecentSlot(node->name())] = RecentNode{node->name(), node};
  }

  absl::Status Statement(size_t begin, size_t line_end, size_t* stmt_end);
  absl::Status NodeStatement(size_t begin, size_t line_end, size_t* stmt_end);
  // NodeStatement's parts. What follows a node's name: its type (empty
  // when not printed) and `[num_users=N] = `, leaving `c` after it.
  struct TypeAndUsers {
    absl::string_view type;
    size_t count_offset;
    int64_t users;
  };
  absl::StatusOr<TypeAndUsers> TypeAndUsersCount(Cursor& c, size_t line_end);
  // The node's target and arguments: `target_begin` is the offset after
  // "[target=" of an `op_name` node whose op starts at `op_offset`. Returns
  // where the target ends; the arguments go to args_ and kwargs_.
  absl::StatusOr<size_t> TargetAndArguments(OpKind op, absl::string_view op_name,
                                            size_t op_offset, size_t target_begin,
                                            size_t line_end, size_t* stmt_end);
  // A placeholder's default value, `(default=...)` from `value_begin`.
  absl::Status PlaceholderDefault(size_t value_begin, size_t line_end, size_t* stmt_end,
                                  std::vector<Argument>* args);
  absl::Status ReturnStatement(size_t value_begin, size_t line_end, size_t* stmt_end);
  template <typename Fn>
  absl::Status WithContinuation(size_t line_end, size_t* stmt_end, Fn&& parse);
  void Record(Node* node, ArgParser& parser);
  absl::Status Finish();

  const SourceText& src_;
  FxAnnotationReader* annotations_;
  ParsedFxGraph out_;
  bool typed_ = false;
  absl::optional<FxDialect> dialect_;
  std::vector<Defined> defined_;
  std::vector<RecentNode> recent_ = std::vector<RecentNode>(kRecentSlots);
  // Lookup's guess at the next reference it resolves by the name table.
  mutable Node* predicted_ = nullptr;
  std::vector<Fixup> fixups_;
  std::vector<BareReturn> bare_returns_;
  // Whether a bare return names a node defined below it.
  bool bare_return_below_ = false;
  Node* last_node_ = nullptr;
  const LookupFn lookup_{this};
  // One parser for all statements, so its buffers are allocated once.
  absl::optional<ArgParser> arg_parser_;
  // The statement's arguments, likewise: a node takes the elements (into
  // its graph's arena) and leaves the buffer.
  std::vector<Argument> args_;
  KwArgs kwargs_;
};

absl::StatusOr<ParsedFxGraph> GraphParser::Parse(size_t* offset) {
  const size_t pos = *offset;
  const size_t line_end = src_.LineEnd(pos);
  const absl::string_view header = src_.text().substr(pos, line_end - pos);
  if (header != kTypedHeader && header != kHeader) {
    return src_.StartsWith(pos, kHeader) ? src_.Expected(pos + kHeader.size(), "end of line")
                                         : src_.Expected(pos, "'graph():'");
  }
  return ParseBody(line_end, header == kTypedHeader, offset);
}

absl::StatusOr<ParsedFxGraph> GraphParser::ParseBody(size_t header_end, bool typed,
                                                     size_t* offset) {
  typed_ = typed;
  size_t line_end = header_end;
  size_t pos;
  out_.graph = std::make_unique<Graph>();
  // The graph and defined_ grow as statements come: counting them first, to
  // reserve, costs a pass over the text that takes longer (a tenth of an
  // fxg read of 100k nodes) than the growth.
  out_.typed_literals = typed_;
  arg_parser_.emplace(src_, lookup_, typed_);
  for (pos = src_.LineAfter(line_end); pos < src_.size(); ) {
    line_end = src_.LineEnd(pos);
    if (!src_.StartsWith(pos, kIndent)) break;  // the end of this graph
    if (annotations_ != nullptr && src_.StartsWith(pos, kAnnotationPrefix)) {
      if (last_node_ == nullptr) return src_.Error(pos, "annotation before the first statement");
      Cursor annotation(src_, pos + kAnnotationPrefix.size(), line_end);
      RETURN_IF_ERROR(annotations_->Read(last_node_, annotation));
      // The reader may have read the annotation lines after this one.
      pos = src_.LineAfter(annotation.end());
      continue;
    }
    size_t stmt_end;
    RETURN_IF_ERROR(Statement(pos, line_end, &stmt_end));
    pos = src_.LineAfter(stmt_end);
  }
  RETURN_IF_ERROR(Finish());
  out_.defined_before_use = fixups_.empty() && !bare_return_below_;
  out_.dialect = dialect_.value_or(FxDialect::kTorch2);
  out_.node_offsets.resize(out_.graph->id_bound());
  for (size_t id = 0; id < out_.node_offsets.size() && id < defined_.size(); ++id) {
    out_.node_offsets[id] = defined_[id].name_offset;
  }
  *offset = pos;
  return std::move(out_);
}

absl::Status GraphParser::Statement(size_t begin, size_t line_end, size_t* stmt_end) {
  const size_t p = begin + kIndent.size();
  if (src_.StartsWith(p, "return ")) return ReturnStatement(p + 7, line_end, stmt_end);
  if (p < line_end && src_[p] == '%') return NodeStatement(p, line_end, stmt_end);
  return src_.Expected(p, "'%name : ...' or 'return ...'");
}

// Parses a statement's tail with `parse(end)`, first up to the end of its
// line, then (FX spelling only) including following lines that start no
// statement: a string argument with a newline spans lines. Reports the
// error of the one-line reading.
template <typename Fn>
absl::Status GraphParser::WithContinuation(size_t line_end, size_t* stmt_end, Fn&& parse) {
  arg_parser_->StartStatement();
  absl::Status first;
  size_t end = line_end;
  for (int extra = 0;; ++extra) {
    absl::Status status = parse(end);
    if (status.ok()) {
      *stmt_end = end;
      return status;
    }
    if (first.ok()) first = std::move(status);
    if (typed_ || end >= src_.size() || IsStatementStart(end + 1) ||
        extra == kMaxContinuationLines) {
      return first;
    }
    end = src_.LineEnd(end + 1);
  }
}

absl::StatusOr<GraphParser::TypeAndUsers> GraphParser::TypeAndUsersCount(Cursor& c,
                                                                         size_t line_end) {
  // The type annotation (which may hold spaces and brackets) runs up to the
  // users tag.
  const absl::string_view rest = c.rest();
  FxDialect dialect = FxDialect::kTorch2;
  size_t tag = 0;
  for (;; ++tag) {
    tag = rest.find('[', tag);
    if (tag == absl::string_view::npos) return c.Expected("a type or '[num_users=N]'");
    if (rest.substr(tag, 11) == "[num_users=") break;
    if (rest.substr(tag, 8) == "[#users=") {
      dialect = FxDialect::kTorch113;
      break;
    }
  }
  TypeAndUsers out;
  if (tag > 0) {
    if (rest[tag - 1] != ' ') return src_.Expected(c.pos() + tag, "' ' after the type");
    out.type = rest.substr(0, tag - 1);
  }
  if (!dialect_.has_value()) {
    dialect_ = dialect;
  } else if (*dialect_ != dialect) {
    return src_.Error(c.pos() + tag,
                      absl::StrCat("'[", UsersTag(dialect), "=' does not match the earlier '[",
                                   UsersTag(*dialect_), "=': a graph is printed by one PyTorch"));
  }
  c.set_pos(c.pos() + tag + UsersTag(dialect).size() + 2);
  out.count_offset = c.pos();
  size_t digits_end = out.count_offset;
  while (digits_end < line_end && src_[digits_end] >= '0' && src_[digits_end] <= '9') ++digits_end;
  if (!ParsePyInt(src_.text().substr(out.count_offset, digits_end - out.count_offset),
                  &out.users)) {
    return c.Expected("a users count");
  }
  c.set_pos(digits_end);
  RETURN_IF_ERROR(c.Expect("] = "));
  return out;
}

absl::Status GraphParser::PlaceholderDefault(size_t value_begin, size_t line_end,
                                             size_t* stmt_end, std::vector<Argument>* args) {
  ArgParser& parser = *arg_parser_;
  Argument value;
  RETURN_IF_ERROR(WithContinuation(line_end, stmt_end, [&](size_t end) -> absl::Status {
    if (end <= value_begin || src_[end - 1] != ')') {
      return src_.Expected(end, "')' closing the default");
    }
    return parser.ParseDefault(value_begin, end - 1, &value) ? absl::OkStatus() : parser.error();
  }));
  args->push_back(std::move(value));
  return absl::OkStatus();
}

absl::StatusOr<size_t> GraphParser::TargetAndArguments(OpKind op, absl::string_view op_name,
                                                      size_t op_offset, size_t target_begin,
                                                      size_t line_end, size_t* stmt_end) {
  const absl::string_view line = src_.text().substr(target_begin, line_end - target_begin);
  ArgParser& parser = *arg_parser_;
  args_.clear();
  kwargs_.clear();
  size_t target_end;
  size_t call = line.find(']');
  while (call != absl::string_view::npos && line.substr(call, 9) != "](args = ") {
    call = line.find(']', call + 1);
  }
  // A placeholder's target ends at the first ']' that ends the line or
  // starts a default (npos when there is none).
  size_t placeholder_close = absl::string_view::npos;
  bool has_default = false;
  if (op == OpKind::kPlaceholder) {
    for (size_t close = line.find(']'); close != absl::string_view::npos;
         close = line.find(']', close + 1)) {
      has_default = line.substr(close + 1, 9) == "(default=";
      if (close + 1 == line.size() || has_default) {
        placeholder_close = close;
        break;
      }
    }
  }
  // "](args = " after a target starts call arguments (in typed text, the
  // general form of any op); one in a placeholder's default does not count.
  const bool args_follow_target =
      call != absl::string_view::npos && (op != OpKind::kPlaceholder || call < placeholder_close);
  if (!typed_ && args_follow_target && (op == OpKind::kPlaceholder || op == OpKind::kGetAttr)) {
    // FX text would accept it as part of the target, but no printing of that
    // target could be read back (the typed form would take it as arguments).
    return src_.Error(target_begin + call,
                      absl::StrCat("a ", op_name, " target cannot contain '](args = '"));
  }
  if (IsCallOp(op) || (typed_ && args_follow_target)) {
    if (call == absl::string_view::npos) {
      return src_.Error(target_begin, "expected the target and '](args = ...' on this line");
    }
    target_end = target_begin + call;
    RETURN_IF_ERROR(WithContinuation(line_end, stmt_end, [&](size_t end) {
      return parser.ParseCallArgs(target_end + 1, end, &args_, &kwargs_)
                 ? absl::OkStatus()
                 : parser.error();
    }));
  } else if (op == OpKind::kGetAttr) {
    if (line.empty() || line.back() != ']') return src_.Expected(line_end, "']' after the target");
    target_end = line_end - 1;
    *stmt_end = line_end;
  } else if (op == OpKind::kPlaceholder) {
    if (placeholder_close == absl::string_view::npos) {
      return src_.Expected(line_end, "']' after the target");
    }
    target_end = target_begin + placeholder_close;
    *stmt_end = line_end;
    if (has_default) {
      RETURN_IF_ERROR(PlaceholderDefault(target_end + 10, line_end, stmt_end, &args_));
    }
  } else {
    return src_.Error(op_offset, "an output node prints as 'return ...'");
  }
  return target_end;
}

absl::Status GraphParser::NodeStatement(size_t begin, size_t line_end, size_t* stmt_end) {
  Cursor c(src_, begin + 1, line_end);
  const size_t name_offset = c.pos();
  const absl::string_view name = c.ConsumeIdentifier();
  if (name.empty()) return c.Expected("a node name");
  out_.graph->PrefetchName(name);
  RETURN_IF_ERROR(c.Expect(" : "));
  ASSIGN_OR_RETURN(const TypeAndUsers type_and_users, TypeAndUsersCount(c, line_end));

  const size_t op_offset = c.pos();
  const absl::string_view op_name = c.ConsumeIdentifier();
  const absl::optional<OpKind> op = ParseOpKind(op_name);
  if (!op.has_value()) {
    if (op_name.empty()) return c.Expected("an op kind");
    return src_.Error(op_offset, absl::StrCat("unknown op kind '", op_name,
                                              "' (expected placeholder, get_attr, call_function, "
                                              "call_method or call_module)"));
  }
  RETURN_IF_ERROR(c.Expect("[target="));
  const size_t target_begin = c.pos();
  ASSIGN_OR_RETURN(const size_t target_end,
                   TargetAndArguments(*op, op_name, op_offset, target_begin, line_end, stmt_end));

  absl::StatusOr<Node*> node = out_.graph->CreateNamedNode(
      *op, name, src_.text().substr(target_begin, target_end - target_begin), std::move(args_),
      std::move(kwargs_), type_and_users.type);
  if (!node.ok()) {
    if (const Node* first = out_.graph->FindNode(name)) {
      return src_.Error(name_offset, absl::StrCat("duplicate node name '", name,
                                                  "' (first defined at ",
                                                  src_.Position(defined_[first->id()].name_offset),
                                                  ")"));
    }
    return src_.Error(name_offset, node.status().message());
  }
  Define(*node, Defined{name_offset, type_and_users.count_offset, type_and_users.users});
  Record(*node, *arg_parser_);
  return absl::OkStatus();
}

absl::Status GraphParser::ReturnStatement(size_t value_begin, size_t line_end,
                                          size_t* stmt_end) {
  ArgParser& parser = *arg_parser_;
  Argument value;
  RETURN_IF_ERROR(WithContinuation(line_end, stmt_end, [&](size_t end) {
    return parser.ParseReturn(value_begin, end, &value) ? absl::OkStatus() : parser.error();
  }));
  if (parser.bare_name()) {
    // A node or a string: decided by the users counts, once all are known.
    Node* output = out_.graph->Output(Argument::None());
    bare_returns_.push_back(
        BareReturn{output, src_.text().substr(value_begin, *stmt_end - value_begin)});
    Record(output, parser);
  } else {
    Record(out_.graph->Output(std::move(value)), parser);
  }
  // The `return` keyword is where the output node is defined.
  Define(last_node_, Defined{value_begin - 7, value_begin, -1});
  return absl::OkStatus();
}

void GraphParser::Record(Node* node, ArgParser& parser) {
  last_node_ = node;
  if (!parser.pending_refs().empty() && !parser.bare_name()) {
    fixups_.push_back(Fixup{node, parser.pending_refs()});
  }
  std::vector<NamedTupleFact> named = parser.TakeNamedTuples();
  if (!named.empty()) out_.facts.named_tuples[node] = std::move(named);
}

absl::Status GraphParser::Finish() {
  // References to nodes defined further down hold nullptr until now.
  for (const Fixup& fixup : fixups_) {
    std::vector<Node*> resolved;
    resolved.reserve(fixup.refs.size());
    for (const PendingRef& ref : fixup.refs) {
      Node* node = Lookup(ref.name);
      if (node == nullptr) {
        return src_.Error(ref.offset, absl::StrCat("reference to undefined node '", ref.name, "'"));
      }
      resolved.push_back(node);
    }
    size_t next = 0;
    const auto remap = [&](Node* n) { return Argument::Ref(n != nullptr ? n : resolved[next++]); };
    std::vector<Argument> args;
    for (const Argument& a : fixup.node->args()) args.push_back(a.MapNodes(remap));
    KwArgs kwargs;
    for (const KwArg& kw : fixup.node->kwargs()) kwargs.push_back({kw.name, kw.value.MapNodes(remap)});
    fixup.node->SetArgsKwargs(std::move(args), std::move(kwargs));
  }
  for (const BareReturn& ret : bare_returns_) {
    Node* node = out_.graph->FindNode(ret.name);
    // str() prints a node and a string with its name alike; the node's users
    // count says whether the output is among its users.
    const bool is_node = node != nullptr && static_cast<int64_t>(node->num_users()) !=
                                                defined_[node->id()].users;
    ret.output->SetArgs({is_node ? Argument::Ref(node) : Argument::String(ret.name)});
    // Nodes are created in the order of their statements.
    bare_return_below_ |= is_node && node->id() > ret.output->id();
  }
  for (const Node* node : out_.graph->nodes()) {
    const Defined& defined = defined_[node->id()];
    const int64_t actual = static_cast<int64_t>(node->num_users());
    if (defined.users < 0 || actual == defined.users) continue;
    return src_.Error(defined.users_offset,
                      absl::StrCat("'", node->name(), "' has ", actual,
                                   actual == 1 ? " user" : " users",
                                   " in the parsed graph, but the text says ",
                                   UsersTag(dialect_.value_or(FxDialect::kTorch2)), "=",
                                   defined.users));
  }
  return absl::OkStatus();
}

// A file of several graphs: the root's, then one section per subgraph,
// `graph PATH():` and its statements, in the module tree's preorder.
class ModuleParser {
 public:
  explicit ModuleParser(const SourceText& source) : src_(source) {}

  absl::StatusOr<ParsedFxModule> Parse() {
    size_t pos = 0;
    GraphParser root(src_, nullptr);
    ASSIGN_OR_RETURN(ParsedFxGraph parsed, root.Parse(&pos));
    dialect_ = root.dialect();
    out_.typed_literals = parsed.typed_literals;
    out_.module = std::make_unique<GraphModule>();
    Take(std::move(parsed), out_.module.get());
    for (;;) {
      // Empty lines separate sections.
      while (pos < src_.size() && src_[pos] == '\n') ++pos;
      if (pos == src_.size()) break;
      RETURN_IF_ERROR(Subgraph(&pos));
    }
    out_.dialect = dialect_.value_or(FxDialect::kTorch2);
    return std::move(out_);
  }

 private:
  // The section whose header is at *pos; sets *pos past its last statement.
  absl::Status Subgraph(size_t* pos) {
    const size_t header = *pos;
    const size_t line_end = src_.LineEnd(header);
    Cursor c(src_, header, line_end);
    if (!c.Consume(kSubgraphPrefix)) {
      if (src_.StartsWith(header, kHeader)) {
        return src_.Error(header, "a second 'graph():': a subgraph's header names it, "
                                  "'graph NAME():'");
      }
      return c.Expected("a statement indented by 4 spaces or a subgraph header 'graph NAME():'");
    }
    const size_t path_offset = c.pos();
    std::string path;
    RETURN_IF_ERROR(ParseQualifiedName(c, "a subgraph name", &path));
    RETURN_IF_ERROR(c.Expect("():"));
    const bool typed = c.Consume(kTypedHeader.substr(kHeader.size()));
    RETURN_IF_ERROR(c.ExpectEnd());
    if (typed != out_.typed_literals) {
      return src_.Error(header, typed ? "a typed subgraph in a file whose root graph is untyped"
                                      : "an untyped subgraph in a file whose root graph is "
                                        "typed ('graph():  # typed')");
    }
    ASSIGN_OR_RETURN(GraphModule* module, Place(path, path_offset));
    GraphParser parser(src_, nullptr, dialect_);
    ASSIGN_OR_RETURN(ParsedFxGraph parsed, parser.ParseBody(line_end, typed, pos));
    dialect_ = parser.dialect();
    Take(std::move(parsed), module);
    return absl::OkStatus();
  }

  // Adds the module of the subgraph at `path`. A parent that has no section
  // (a plain nn.Module holding subgraphs) is created as an opaque module.
  absl::StatusOr<GraphModule*> Place(const std::string& path, size_t offset) {
    if (path.empty() || path.front() == '.' || path.back() == '.' ||
        path.find("..") != std::string::npos) {
      return src_.Error(offset, absl::StrCat("subgraph path '", path, "' has an empty name"));
    }
    if (std::count(path.begin(), path.end(), '.') >= kMaxModuleDepth) {
      return src_.Error(offset, absl::StrCat("subgraph '", path, "' is nested more than ",
                                             kMaxModuleDepth, " levels deep (fxpp's limit)"));
    }
    const auto [first, inserted] = sections_.emplace(path, offset);
    if (!inserted) {
      return src_.Error(offset, absl::StrCat("duplicate subgraph '", path, "' (first defined at ",
                                             src_.Position(first->second), ")"));
    }
    if (out_.module->FindSubmodule(path) != nullptr) {
      return src_.Error(offset, absl::StrCat("subgraph '", path,
                                             "' comes after a subgraph inside it: a module's "
                                             "section comes before its submodules'"));
    }
    const size_t dot = path.rfind('.');
    GraphModule* parent = out_.module.get();
    if (dot != std::string::npos) {
      const absl::string_view parent_path = absl::string_view(path).substr(0, dot);
      parent = out_.module->FindSubmodule(parent_path);
      if (parent == nullptr) {
        absl::StatusOr<GraphModule*> created =
            out_.module->SetSubmodule(parent_path, GraphModule::Opaque("torch.nn.Module"));
        if (!created.ok()) return src_.Error(offset, created.status().message());
        parent = *created;
      }
    }
    absl::StatusOr<GraphModule*> added =
        parent->AddChild(path.substr(dot + 1), std::make_unique<GraphModule>());
    if (!added.ok()) return src_.Error(offset, added.status().message());
    return *added;
  }

  void Take(ParsedFxGraph parsed, GraphModule* module) {
    out_.node_positions.Add(parsed.graph.get(), std::move(parsed.node_offsets));
    for (auto& [node, named] : parsed.facts.named_tuples) {
      out_.facts.named_tuples.emplace(node, std::move(named));
    }
    module->set_graph(std::move(parsed.graph));
  }

  static constexpr absl::string_view kSubgraphPrefix = "graph ";
  const SourceText& src_;
  ParsedFxModule out_;
  absl::optional<FxDialect> dialect_;
  // Where each subgraph's name was read, by path.
  absl::flat_hash_map<std::string, size_t> sections_;
};

}  // namespace

FxPrintOptions ParsedFxGraph::print_options() const {
  return PrintOptionsOf(dialect, typed_literals, facts);
}

FxPrintOptions ParsedFxModule::print_options() const {
  return PrintOptionsOf(dialect, typed_literals, facts);
}

absl::StatusOr<ParsedFxGraph> ParseFxGraphAt(const SourceText& source, size_t* offset,
                                             FxAnnotationReader* annotations) {
  return GraphParser(source, annotations).Parse(offset);
}

absl::StatusOr<ParsedFxGraph> ParseFxGraph(absl::string_view text, absl::string_view filename) {
  const SourceText source(text, filename);
  RETURN_IF_ERROR(source.CheckUtf8());
  size_t offset = 0;
  ASSIGN_OR_RETURN(ParsedFxGraph parsed, ParseFxGraphAt(source, &offset, nullptr));
  // Only empty lines may follow.
  for (; offset < text.size(); ++offset) {
    if (text[offset] != '\n') return source.Expected(offset, "a statement indented by 4 spaces");
  }
  return parsed;
}

absl::StatusOr<ParsedFxModule> ParseFxModule(absl::string_view text,
                                             absl::string_view filename, Utf8Check utf8) {
  const SourceText source(text, filename);
  RETURN_IF_ERROR(source.CheckUtf8(utf8));
  return ModuleParser(source).Parse();
}

namespace {

// A graph's statements, the lines under its header.
void AppendStatements(const Graph& graph, const FxPrintOptions& options, std::string* out) {
  const bool typed = options.typed_literals;
  const bool have_facts = options.facts != nullptr && !options.facts->named_tuples.empty();
  const absl::string_view tag = UsersTag(options.dialect);
  // Line lengths depend on the graph (names, targets, argument lists), so the
  // text's size is extrapolated from its first lines: no regrowth copies of
  // a large text, and no blind guess. Room the caller reserved beyond the
  // end (for text it appends after the graph) is kept.
  constexpr size_t kSampleNodes = 256;
  const size_t start = out->size();
  const size_t room = out->capacity() - start;
  size_t printed = 0;
  TextWriter w(out);
  for (const Node* node : graph.nodes()) {
    if (++printed == kSampleNodes && graph.size() > 2 * kSampleNodes) {
      ReserveForBulkFill(w.Flush(), start + room +
                                        (out->size() - start) * 9 / 8 * graph.size() /
                                            kSampleNodes);
    }
    // A node's arguments live apart from it (allocated among its metadata),
    // so on large graphs each costs a cache miss; fetching the next node's
    // while this one prints hides most of it.
    if (const Node* next = node->next()) __builtin_prefetch(next->args().data());
    const std::vector<NamedTupleFact>* named = nullptr;
    if (have_facts) {
      auto it = options.facts->named_tuples.find(node);
      if (it != options.facts->named_tuples.end()) named = &it->second;
    }
    ArgPrinter printer(&w, named);
    w.Append(kIndent);
    const bool general = typed && !FitsFxForm(*node);
    if (node->op() == OpKind::kOutput && !general) {
      w.Append("return ");
      if (!node->args().empty()) printer.PrintTopLevel(node->args()[0], typed);
    } else {
      w.Append('%');
      w.Append(node->name());
      w.Append(" : ");
      if (!node->type_annotation().empty()) {
        w.Append(node->type_annotation());
        w.Append(' ');
      }
      w.Append('[');
      w.Append(tag);
      w.Append('=');
      w.AppendInt(static_cast<int64_t>(node->num_users()));
      w.Append("] = ");
      w.Append(OpKindName(node->op()));
      w.Append("[target=");
      if (node->op() == OpKind::kCallFunction && !typed) {
        AppendPrettyTarget(node->target(), &w);
      } else {
        w.Append(node->target());
      }
      w.Append(']');
      if (general || IsCallOp(node->op())) {
        w.Append("(args = ");
        printer.PrintArgs(node->args(), typed);
        w.Append(", kwargs = ");
        printer.PrintKwargs(node->kwargs(), typed);
        w.Append(')');
      } else if (node->op() == OpKind::kPlaceholder && !node->args().empty()) {
        w.Append("(default=");
        printer.PrintTopLevel(node->args()[0], typed);
        w.Append(')');
      }
    }
    w.Append('\n');
    if (options.annotator != nullptr) options.annotator->Annotate(*node, &w);
  }
}

// The sections of the subgraphs below `module` (at `path`), in preorder.
void AppendSubgraphs(const GraphModule& module, const std::string& path,
                     const FxPrintOptions& options, std::string* out) {
  for (const auto& [name, child] : module.children()) {
    const std::string child_path = path.empty() ? name : absl::StrCat(path, ".", name);
    if (child->has_graph()) {
      out->append("\ngraph ");
      AppendQualifiedName(child_path, out);
      out->append("():");
      if (options.typed_literals) absl::StrAppend(out, kTypedHeader.substr(kHeader.size()));
      out->push_back('\n');
      AppendStatements(child->graph(), options, out);
    }
    AppendSubgraphs(*child, child_path, options, out);
  }
}

}  // namespace

void AppendFxGraph(const Graph& graph, const FxPrintOptions& options, std::string* out) {
  absl::StrAppend(out, options.typed_literals ? kTypedHeader : kHeader, "\n");
  AppendStatements(graph, options, out);
}

void AppendFxModule(const GraphModule& module, const FxPrintOptions& options, std::string* out) {
  AppendFxGraph(module.graph(), options, out);
  AppendSubgraphs(module, "", options, out);
}

std::string PrintFxModule(const GraphModule& module, const FxPrintOptions& options) {
  std::string out;
  AppendFxModule(module, options, &out);
  return out;
}

std::string PrintFxGraph(const Graph& graph, const FxPrintOptions& options) {
  std::string out;
  AppendFxGraph(graph, options, &out);
  return out;
}

}  // namespace fxpp
