#include "ir/fxg/meta_text.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/fx_text/py_repr.h"
#include "ir/identifier_chars.h"
#include "ir/limits.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

// Short dtype names, as PyTorch's own debug printing spells them; the rest
// keep their torch name (qint8, float8_e4m3fn, ...).
constexpr std::pair<ScalarType, absl::string_view> kShortDtypes[] = {
    {ScalarType::kUInt8, "u8"},      {ScalarType::kInt8, "i8"},
    {ScalarType::kInt16, "i16"},     {ScalarType::kInt32, "i32"},
    {ScalarType::kInt64, "i64"},     {ScalarType::kFloat16, "f16"},
    {ScalarType::kFloat32, "f32"},   {ScalarType::kFloat64, "f64"},
    {ScalarType::kComplex32, "c32"}, {ScalarType::kComplex64, "c64"},
    {ScalarType::kComplex128, "c128"}, {ScalarType::kBool, "b8"},
    {ScalarType::kBFloat16, "bf16"}, {ScalarType::kUInt16, "u16"},
    {ScalarType::kUInt32, "u32"},    {ScalarType::kUInt64, "u64"},
};

absl::string_view DtypeName(ScalarType t) {
  for (const auto& [type, name] : kShortDtypes) {
    if (type == t) return name;
  }
  return ScalarTypeName(t);
}

absl::optional<ScalarType> ParseDtypeName(absl::string_view name) {
  for (const auto& [type, short_name] : kShortDtypes) {
    if (short_name == name) return type;
  }
  absl::optional<ScalarType> t = ParseScalarType(name);
  if (t.has_value() && DtypeName(*t) == name) return t;
  return absl::nullopt;
}

// Besides identifier characters, a device written bare may hold these.
constexpr absl::string_view kDeviceChars = ".-:";

bool IsExprChar(char c) {
  return IsIdentifierChar(c) || c == ' ' || c == '+' || c == '-' || c == '*' || c == '/' ||
         c == '%' || c == '(' || c == ')' || c == '.';
}

// A symbolic dim printed without quotes: it cannot be read as an int or run
// into the next dim.
bool IsBareExpr(absl::string_view expr) {
  if (expr.empty() || expr.front() == ' ' || expr.back() == ' ') return false;
  bool has_letter = false;
  int depth = 0;
  for (char c : expr) {
    if (!IsExprChar(c)) return false;
    has_letter |= IsIdentifierStart(c);
    if (c == '(') ++depth;
    if (c == ')' && --depth < 0) return false;
  }
  return has_letter && depth == 0;
}

void AppendDims(const DimVector& dims, char open, char close, TextWriter* out) {
  out->Append(open);
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) out->Append(", ");
    if (!dims[i].is_symbolic()) {
      out->AppendInt(dims[i].value());
    } else if (IsBareExpr(dims[i].expr())) {
      out->Append(dims[i].expr());
    } else {
      AppendPyStrRepr(dims[i].expr(), out->Flush());
    }
  }
  if (open == '(' && dims.size() == 1) out->Append(',');
  out->Append(close);
}

// A dim that is a plain non-negative int followed by a delimiter, the
// common case, read in one pass; false (with `c` unmoved) for anything
// else, which ParseDim's general path reads.
bool ParseIntDim(Cursor& c, SymDim* dim) {
  const absl::string_view text = c.source().text();
  const size_t start = c.pos();
  size_t p = start;
  int64_t value = 0;
  // 18 digits cannot overflow; longer ints take the general path.
  while (p < c.end() && p - start < 18 && text[p] >= '0' && text[p] <= '9') {
    value = value * 10 + (text[p++] - '0');
  }
  if (p == start || p == c.end() || (text[start] == '0' && p > start + 1)) return false;
  if (text[p] != ',' && text[p] != ']' && text[p] != ')') return false;
  *dim = SymDim(value);
  c.set_pos(p);
  return true;
}

absl::Status ParseDim(Cursor& c, SymDim* dim) {
  if (ParseIntDim(c, dim)) return absl::OkStatus();
  if (c.peek() == '\'' || c.peek() == '"') {
    std::string expr;
    RETURN_IF_ERROR(c.ConsumeQuoted(&expr));
    *dim = SymDim::Symbolic(expr);
    return absl::OkStatus();
  }
  const size_t start = c.pos();
  int depth = 0;
  for (; !c.at_end(); c.set_pos(c.pos() + 1)) {
    const char ch = c.peek();
    if (depth == 0 && (ch == ',' || ch == ']' || ch == ')')) break;
    if (ch == '(') ++depth;
    if (ch == ')') --depth;
  }
  const absl::string_view text = c.source().text().substr(start, c.pos() - start);
  int64_t value;
  if (ParsePyInt(text, &value)) {
    *dim = SymDim(value);
  } else if (IsBareExpr(text)) {
    *dim = SymDim::Symbolic(text);
  } else {
    return c.source().Expected(start, "a dimension (an int, a symbol expression or a quoted one)");
  }
  return absl::OkStatus();
}

// The brackets are checked by hand: Consume() of a one-character view
// would call memcmp.
absl::Status ParseDims(Cursor& c, char open, char close, DimVector* dims) {
  if (c.peek() != open) return c.Expect(absl::string_view(&open, 1));
  c.set_pos(c.pos() + 1);
  dims->clear();
  if (c.peek() == close) {
    c.set_pos(c.pos() + 1);
    return absl::OkStatus();
  }
  for (;;) {
    SymDim dim;
    RETURN_IF_ERROR(ParseDim(c, &dim));
    dims->push_back(dim);
    if (c.Consume(", ")) continue;
    if (open == '(' && dims->size() == 1) return c.Expect(",)");
    if (c.peek() != close) return c.Expect(absl::string_view(&close, 1));
    c.set_pos(c.pos() + 1);
    return absl::OkStatus();
  }
}

// A dtype, a wrapper name or a number.
absl::string_view ScanToken(Cursor& c) { return c.ConsumeWord(".-+"); }

struct Wrapper {
  ValueMeta::Kind kind;
  absl::string_view name;
};
constexpr Wrapper kWrappers[] = {
    {ValueMeta::Kind::kSymInt, "SymInt"},
    {ValueMeta::Kind::kSymFloat, "SymFloat"},
    {ValueMeta::Kind::kSymBool, "SymBool"},
    {ValueMeta::Kind::kOpaque, "Opaque"},
};

// JSON text written verbatim: one line, unambiguous at both ends.
bool IsVerbatimJson(absl::string_view json) {
  if (json.empty() || json.front() == ' ' || json.back() == ' ' || json.front() == '\'') {
    return false;
  }
  for (char c : json) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return false;
  }
  return true;
}

// A stack trace written as a block of `|` lines: no control characters but
// the newlines that split it and tabs.
bool IsBlockText(absl::string_view text) {
  for (char c : text) {
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
      return false;
    }
  }
  return true;
}

absl::Status ParseSymbol(Cursor& c, Symbol* out) {
  std::string storage;
  absl::string_view text;
  RETURN_IF_ERROR(c.ConsumeQuoted(&storage, &text));
  *out = Symbol::Intern(text);
  return absl::OkStatus();
}

absl::Status ParseSymbolPair(Cursor& c, Symbol* a, Symbol* b) {
  RETURN_IF_ERROR(c.Expect("("));
  RETURN_IF_ERROR(ParseSymbol(c, a));
  RETURN_IF_ERROR(c.Expect(", "));
  RETURN_IF_ERROR(ParseSymbol(c, b));
  return c.Expect(")");
}

}  // namespace

void AppendTensorMeta(const TensorMeta& tensor, TextWriter* out) {
  out->Append(DtypeName(tensor.dtype));
  AppendDims(tensor.shape, '[', ']', out);
  if (!tensor.stride.empty()) {
    out->Append(" stride=");
    AppendDims(tensor.stride, '(', ')', out);
  }
  out->Append(' ');
  const absl::string_view device = tensor.device.str();
  if (IsWord(device, kDeviceChars)) {
    out->Append(device);
  } else {
    out->Append("device=");
    AppendPyStrRepr(device, out->Flush());
  }
  if (tensor.requires_grad) out->Append(" requires_grad");
  if (tensor.memory_format.has_value()) {
    out->Append(" memory_format=");
    out->Append(MemoryFormatName(*tensor.memory_format));
  }
}

void AppendTensorMeta(const TensorMeta& tensor, std::string* out) {
  TextWriter writer(out);
  AppendTensorMeta(tensor, &writer);
}

absl::Status ParseTensorMeta(Cursor& c, TensorMeta* tensor) {
  const size_t dtype_offset = c.pos();
  const absl::string_view dtype = ScanToken(c);
  const absl::optional<ScalarType> type = ParseDtypeName(dtype);
  if (!type.has_value()) return c.source().Expected(dtype_offset, "a dtype (f32, i64, b8, ...)");
  tensor->dtype = *type;
  RETURN_IF_ERROR(ParseDims(c, '[', ']', &tensor->shape));
  tensor->stride.clear();
  if (c.Consume(" stride=")) RETURN_IF_ERROR(ParseDims(c, '(', ')', &tensor->stride));
  RETURN_IF_ERROR(c.Expect(" "));
  if (c.Consume("device=")) {
    std::string device;
    RETURN_IF_ERROR(c.ConsumeQuoted(&device));
    tensor->device = Symbol::Intern(device);
  } else {
    const absl::string_view device = c.ConsumeWord(kDeviceChars);
    if (device.empty()) return c.Expected("a device");
    // Interning takes a lock; most tensors keep the default device.
    if (device != tensor->device.str()) tensor->device = Symbol::Intern(device);
  }
  tensor->requires_grad = c.Consume(" requires_grad");
  tensor->memory_format.reset();
  if (c.Consume(" memory_format=")) {
    const size_t start = c.pos();
    const absl::string_view name = c.ConsumeIdentifier();
    const absl::optional<MemoryFormat> format = ParseMemoryFormat(name);
    if (!format.has_value() || MemoryFormatName(*format) != name) {
      return c.source().Expected(start, "a memory format (contiguous_format, channels_last, ...)");
    }
    tensor->memory_format = format;
  }
  return absl::OkStatus();
}

void AppendValueMeta(const ValueMeta& value, TextWriter* out) {
  switch (value.kind()) {
    case ValueMeta::Kind::kNone:
      out->Append("None");
      return;
    case ValueMeta::Kind::kTensor:
      AppendTensorMeta(value.tensor(), out);
      return;
    case ValueMeta::Kind::kTuple:
    case ValueMeta::Kind::kList: {
      const bool tuple = value.kind() == ValueMeta::Kind::kTuple;
      out->Append(tuple ? '(' : '[');
      for (size_t i = 0; i < value.elements().size(); ++i) {
        if (i > 0) out->Append(", ");
        AppendValueMeta(value.elements()[i], out);
      }
      if (tuple && value.elements().size() == 1) out->Append(',');
      out->Append(tuple ? ')' : ']');
      return;
    }
    case ValueMeta::Kind::kInt:
      out->AppendInt(value.int_value());
      return;
    case ValueMeta::Kind::kFloat:
      if (NeedsFloatBits(value.float_value())) {
        AppendFloatBits(value.float_value(), out->Flush());
      } else {
        AppendPyFloatRepr(value.float_value(), out->Flush());
      }
      return;
    case ValueMeta::Kind::kBool:
      out->Append(value.bool_value() ? "True" : "False");
      return;
    case ValueMeta::Kind::kSymInt:
    case ValueMeta::Kind::kSymFloat:
    case ValueMeta::Kind::kSymBool:
    case ValueMeta::Kind::kOpaque:
      for (const Wrapper& w : kWrappers) {
        if (w.kind == value.kind()) out->Append(w.name);
      }
      out->Append('(');
      AppendPyStrRepr(value.text(), out->Flush());
      out->Append(')');
      return;
  }
}

absl::Status ParseValueMeta(Cursor& c, ValueMeta* value, int depth) {
  if (depth == kMaxArgumentNesting) {
    return c.Error(absl::StrCat("value metadata nested more than ", kMaxArgumentNesting,
                                " deep (fxpp's limit, so that every format can hold it)"));
  }
  if (c.peek() == '(' || c.peek() == '[') {
    const bool tuple = c.peek() == '(';
    const char close = tuple ? ')' : ']';
    c.set_pos(c.pos() + 1);
    std::vector<ValueMeta> elements;
    if (!c.Consume(absl::string_view(&close, 1))) {
      for (;;) {
        ValueMeta element;
        RETURN_IF_ERROR(ParseValueMeta(c, &element, depth + 1));
        elements.push_back(std::move(element));
        if (c.Consume(", ")) continue;
        if (tuple && elements.size() == 1) {
          RETURN_IF_ERROR(c.Expect(",)"));
        } else {
          RETURN_IF_ERROR(c.Expect(absl::string_view(&close, 1)));
        }
        break;
      }
    }
    *value = tuple ? ValueMeta::Tuple(std::move(elements)) : ValueMeta::List(std::move(elements));
    return absl::OkStatus();
  }
  const size_t start = c.pos();
  const absl::string_view token = ScanToken(c);
  if (c.peek() == '[') {
    c.set_pos(start);
    TensorMeta tensor;
    RETURN_IF_ERROR(ParseTensorMeta(c, &tensor));
    *value = ValueMeta::Tensor(std::move(tensor));
    return absl::OkStatus();
  }
  if (c.peek() == '(' && token == "FloatBits") {
    c.set_pos(c.pos() + 1);
    std::string text;
    const size_t text_at = c.pos();
    RETURN_IF_ERROR(c.ConsumeQuoted(&text));
    RETURN_IF_ERROR(c.Expect(")"));
    double f;
    if (!ParseFloatBits(text, &f)) return c.source().Expected(text_at, "'0x' and 16 hex digits");
    *value = ValueMeta::Float(f);
    return absl::OkStatus();
  }
  if (c.peek() == '(') {
    for (const Wrapper& w : kWrappers) {
      if (w.name != token) continue;
      c.set_pos(c.pos() + 1);
      std::string text;
      RETURN_IF_ERROR(c.ConsumeQuoted(&text));
      RETURN_IF_ERROR(c.Expect(")"));
      *value = w.kind == ValueMeta::Kind::kOpaque ? ValueMeta::Opaque(text)
                                                   : ValueMeta::Symbolic(w.kind, text);
      return absl::OkStatus();
    }
  }
  int64_t i;
  double f;
  if (token == "None") {
    *value = ValueMeta();
  } else if (token == "True" || token == "False") {
    *value = ValueMeta::Bool(token == "True");
  } else if (ParsePyInt(token, &i)) {
    *value = ValueMeta::Int(i);
  } else if (ParsePyFloat(token, &f)) {
    *value = ValueMeta::Float(f);
  } else {
    return c.source().Expected(start, "a value (a tensor like f32[2, 3], a number, None, ...)");
  }
  return absl::OkStatus();
}

const std::string& NodeMetaWriter::Quoted(Symbol s) {
  auto [it, added] = quoted_.try_emplace(s.id());
  if (added) AppendPyStrRepr(s.str(), &it->second);
  return it->second;
}

const std::string& NodeMetaWriter::StackTraceLines(Symbol trace) {
  auto [it, added] = stack_traces_.try_emplace(trace.id());
  if (!added) return it->second;
  std::string& out = it->second;
  const auto line = [&](absl::string_view field) {
    out.append(prefix_);
    out.append(field.data(), field.size());
  };
  absl::string_view text = trace.str();
  if (!IsBlockText(text)) {
    line("stack_trace: ");
    AppendPyStrRepr(text, &out);
    out.push_back('\n');
    return out;
  }
  // One `|` line per line of the trace; `|-` marks a missing final newline.
  const bool final_newline = text.back() == '\n';
  if (final_newline) text.remove_suffix(1);
  line(final_newline ? "stack_trace: |\n" : "stack_trace: |-\n");
  for (;;) {
    const size_t nl = text.find('\n');
    const absl::string_view piece = text.substr(0, nl);
    line(piece.empty() ? "  |" : "  | ");
    out.append(piece.data(), piece.size());
    out.push_back('\n');
    if (nl == absl::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

const std::string& NodeMetaWriter::ModuleStackLine(size_t depth, const ModuleStackEntry& entry) {
  if (depth_lines_.size() <= depth) depth_lines_.resize(depth + 1);
  DepthLine& at = depth_lines_[depth];
  if (at.written && at.entry == entry) return at.line;
  at.written = true;
  at.entry = entry;
  std::string& line = at.line;
  line.clear();
  absl::StrAppend(&line, prefix_, "nn_module_stack: ");
  AppendPyStrRepr(entry.key.str(), &line);
  line.append(": (");
  AppendPyStrRepr(entry.path.str(), &line);
  line.append(", ");
  AppendPyStrRepr(entry.type.str(), &line);
  line.append(")\n");
  return line;
}

const std::string& NodeMetaWriter::ModuleStackLines(const ModuleStack& stack) {
  if (stack == last_stack_) return last_stack_lines_;
  last_stack_ = stack;
  last_stack_lines_.clear();
  for (size_t depth = 0; depth < stack.size(); ++depth) {
    last_stack_lines_.append(ModuleStackLine(depth, stack[depth]));
  }
  return last_stack_lines_;
}

void NodeMetaWriter::Append(const NodeMeta& meta, TextWriter* out) {
  const auto line = [&](absl::string_view field) {
    out->Append(prefix_);
    out->Append(field);
  };
  if (meta.val.has_value()) {
    line("val: ");
    AppendValueMeta(*meta.val, out);
    out->Append('\n');
  }
  if (!meta.stack_trace.empty()) out->Append(StackTraceLines(meta.stack_trace));
  if (!meta.nn_module_stack.empty()) out->Append(ModuleStackLines(meta.nn_module_stack));
  for (const SourceFnEntry& entry : meta.source_fn_stack) {
    line("source_fn_stack: (");
    out->Append(Quoted(entry.name));
    out->Append(", ");
    out->Append(Quoted(entry.target));
    out->Append(")\n");
  }
  if (meta.tag.has_value()) {
    line("tag: ");
    out->Append(Quoted(*meta.tag));
    out->Append('\n');
  }
  if (meta.seq_nr.has_value()) {
    line("seq_nr: ");
    out->AppendInt(*meta.seq_nr);
    out->Append('\n');
  }
  for (const auto& [key, json] : meta.extra) {
    line("extra ");
    if (IsWord(key, ".-")) {
      out->Append(key);
    } else {
      AppendSingleQuoted(key, out->Flush());
    }
    out->Append(": ");
    if (IsVerbatimJson(json)) {
      out->Append(json);
    } else {
      AppendSingleQuoted(json, out->Flush());
    }
    out->Append('\n');
  }
}

void NodeMetaLineReader::Finish() {
  if (block_meta_ == nullptr) return;
  // Traces repeat across nodes: a block's source text (from its '|' or '|-'
  // on) gives its trace, decoded and interned once.
  const absl::string_view source = block_source_->text().substr(block_begin_, block_end_ - block_begin_);
  if (const Symbol* recent = recent_traces_.Find(source)) {
    block_meta_->stack_trace = *recent;
    block_meta_ = nullptr;
    return;
  }
  auto it = stack_traces_.find(source);
  if (it == stack_traces_.end()) {
    it = stack_traces_.emplace(std::string(source), Symbol()).first;
    std::string text;
    for (size_t i = 0; i < block_lines_.size(); ++i) {
      if (i > 0 && !keep_final_newline_) text.push_back('\n');
      text.append(block_lines_[i].data(), block_lines_[i].size());
      if (keep_final_newline_) text.push_back('\n');
    }
    it->second = Symbol::Intern(text);
  }
  recent_traces_.Remember(source, it->second);
  block_meta_->stack_trace = it->second;
  block_meta_ = nullptr;
}

namespace {

// The rest of an `extra KEY: JSON` line (KEY quoted when it holds a colon,
// JSON quoted when it spans lines); `duplicate` makes the error for a key
// given twice.
template <typename DuplicateError>
absl::Status ReadExtra(NodeMeta* meta, Cursor& line, DuplicateError&& duplicate) {
  RETURN_IF_ERROR(line.Expect(" "));
  std::string key;
  if (line.peek() == '\'' || line.peek() == '"') {
    RETURN_IF_ERROR(line.ConsumeQuoted(&key));
  } else {
    const size_t start = line.pos();
    while (!line.at_end() && line.peek() != ':') line.set_pos(line.pos() + 1);
    key = std::string(line.source().text().substr(start, line.pos() - start));
  }
  RETURN_IF_ERROR(line.Expect(": "));
  if (meta->FindExtra(key) != nullptr) return duplicate();
  std::string json;
  if (line.peek() == '\'') {
    RETURN_IF_ERROR(line.ConsumeQuoted(&json));
    RETURN_IF_ERROR(line.ExpectEnd());
  } else {
    json = std::string(line.rest());
  }
  meta->extra.emplace_back(std::move(key), std::move(json));
  return absl::OkStatus();
}

// The fields every node has, told apart without comparing the name again.
enum class CommonField { kNone, kVal, kStackTrace, kSeqNr, kNnModuleStack };

struct FieldName {
  absl::string_view name;  // as ConsumeIdentifier reads it
  CommonField common;      // kNone for the others, read up to their name
};

// The field name that starts a meta line. Every node has the same few
// fields: followed by ": ", their name is known without scanning it
// character by character, and the cursor is left after the ": ".
FieldName ConsumeFieldName(Cursor& line) {
  const SourceText& source = line.source();
  const size_t pos = line.pos();
  const auto common = [&](absl::string_view field_colon) {
    if (!source.StartsWith(pos, field_colon) || pos + field_colon.size() > line.end()) {
      return false;
    }
    line.set_pos(pos + field_colon.size());
    return true;
  };
  CommonField field = CommonField::kNone;
  switch (line.peek()) {
    case 'v':
      if (common("val: ")) field = CommonField::kVal;
      break;
    case 's':
      if (common("stack_trace: ")) {
        field = CommonField::kStackTrace;
      } else if (common("seq_nr: ")) {
        field = CommonField::kSeqNr;
      }
      break;
    case 'n':
      if (common("nn_module_stack: ")) field = CommonField::kNnModuleStack;
      break;
    default:
      break;
  }
  if (field == CommonField::kNone) {
    line.ConsumeIdentifier();
    return FieldName{source.text().substr(pos, line.pos() - pos), field};
  }
  return FieldName{source.text().substr(pos, line.pos() - pos - 2), field};
}

}  // namespace

absl::Status NodeMetaLineReader::ReadValue(NodeMeta* meta, Cursor& line) {
  // Values repeat across nodes (every layer has the same shapes): each
  // distinct text is parsed once.
  const absl::string_view text = line.rest();
  if (const ValueMeta* const* recent = recent_values_.Find(text)) {
    meta->val = **recent;
    return absl::OkStatus();
  }
  auto it = values_.find(text);
  if (it == values_.end()) {
    ValueMeta value;
    RETURN_IF_ERROR(ParseValueMeta(line, &value));
    RETURN_IF_ERROR(line.ExpectEnd());
    it = values_.emplace(std::string(text), std::move(value)).first;
    recent_values_.Clear();  // the table may have moved its values
  }
  recent_values_.Remember(text, &it->second);
  meta->val = it->second;
  return absl::OkStatus();
}

absl::Status NodeMetaLineReader::ReadModuleStackEntry(NodeMeta* meta, Cursor& line) {
  // The nodes of a module repeat its entries, each at its depth: a node's
  // lines differ from the line before, but not from the last node's line
  // at the same depth.
  ModuleStack& stack = meta->nn_module_stack;
  const size_t depth = stack.size();
  if (module_stack_lines_.size() <= depth) module_stack_lines_.resize(depth + 1);
  ModuleStackLine& last = module_stack_lines_[depth];
  const absl::string_view text = line.rest();
  if (text.empty() || text != last.text) {
    ModuleStackEntry entry;
    RETURN_IF_ERROR(ParseSymbol(line, &entry.key));
    RETURN_IF_ERROR(line.Expect(": "));
    RETURN_IF_ERROR(ParseSymbolPair(line, &entry.path, &entry.type));
    RETURN_IF_ERROR(line.ExpectEnd());
    last.text = text;
    last.entry = entry;
    last.has_append = false;
  }
  // And so they build the same stacks: appending the same entry to the same
  // (interned) stack gives the stack built last, without interning it again.
  if (last.has_append && stack == last.base) {
    stack = last.result;
  } else {
    last.base = stack;
    stack.push_back(last.entry);
    last.result = stack;
    last.has_append = true;
  }
  return absl::OkStatus();
}

absl::Status NodeMetaLineReader::ReadStackTrace(NodeMeta* meta, Cursor& line) {
  const size_t begin = line.pos();
  const bool strip = line.Consume("|-");
  if (strip || line.Consume("|")) {
    block_meta_ = meta;
    keep_final_newline_ = !strip;
    block_source_ = &line.source();
    block_begin_ = begin;
    block_end_ = line.pos();
    block_lines_.clear();
    return absl::OkStatus();
  }
  return ParseSymbol(line, &meta->stack_trace);
}

template <typename DuplicateError>
absl::Status NodeMetaLineReader::ReadOtherField(NodeMeta* meta, absl::string_view field,
                                                size_t field_offset, Cursor& line,
                                                DuplicateError&& duplicate) {
  RETURN_IF_ERROR(line.Expect(": "));
  if (field == "source_fn_stack") {
    SourceFnEntry entry;
    RETURN_IF_ERROR(ParseSymbolPair(line, &entry.name, &entry.target));
    meta->source_fn_stack.push_back(std::move(entry));
    return absl::OkStatus();
  }
  if (field == "tag") {
    if (meta->tag.has_value()) return duplicate();
    Symbol tag;
    RETURN_IF_ERROR(ParseSymbol(line, &tag));
    meta->tag = tag;
    return absl::OkStatus();
  }
  return line.source().Error(
      field_offset, absl::StrCat("unknown meta field '", field,
                                 "' (expected val, stack_trace, nn_module_stack, "
                                 "source_fn_stack, tag, seq_nr or extra)"));
}

absl::Status NodeMetaLineReader::Read(NodeMeta* meta, Cursor& line) {
  if (line.Consume("  |")) {
    if (block_meta_ != meta) return line.Error("a '|' line outside a stack_trace block");
    if (!line.at_end()) RETURN_IF_ERROR(line.Expect(" "));
    block_lines_.push_back(line.rest());
    block_end_ = line.end();
    return absl::OkStatus();
  }
  Finish();
  const size_t field_offset = line.pos();
  const FieldName field = ConsumeFieldName(line);
  const auto duplicate = [&] {
    return line.source().Error(field_offset,
                               absl::StrCat("duplicate meta field '", field.name, "'"));
  };
  switch (field.common) {
    case CommonField::kVal:
      if (meta->val.has_value()) return duplicate();
      return ReadValue(meta, line);
    case CommonField::kNnModuleStack:
      return ReadModuleStackEntry(meta, line);
    case CommonField::kStackTrace:
      if (!meta->stack_trace.empty()) return duplicate();
      RETURN_IF_ERROR(ReadStackTrace(meta, line));
      break;
    case CommonField::kSeqNr: {
      if (meta->seq_nr.has_value()) return duplicate();
      const size_t start = line.pos();
      int64_t seq_nr;
      if (!ParsePyInt(ScanToken(line), &seq_nr)) return line.source().Expected(start, "an integer");
      meta->seq_nr = seq_nr;
      break;
    }
    case CommonField::kNone:
      if (field.name == "extra") return ReadExtra(meta, line, duplicate);
      RETURN_IF_ERROR(ReadOtherField(meta, field.name, field_offset, line, duplicate));
      break;
  }
  return line.ExpectEnd();
}

}  // namespace fxpp
