#include "export/program_fxg.h"

#include <string.h>

#include <exception>
#include <memory>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "export/errors.h"
#include "export/exported_program.pb.h"
#include "export/program_proto.h"
#include "export/validate.h"
#include "google/protobuf/util/json_util.h"
#include "ir/fx_text/lexer.h"
#include "ir/fxg/fxg.h"
#include "ir/proto/json_position.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

constexpr absl::string_view kHead = "fxg 1\nprogram\n";
constexpr absl::string_view kIndent = "  ";
constexpr absl::string_view kStateLine = "state";
constexpr absl::string_view kTargetArrow = " -> ";

// The argument kinds written as `KIND NAME`; constants and custom objects,
// which carry a value or a class, are written as their JSON.
constexpr std::pair<ArgumentSpec::Kind, absl::string_view> kNamedArgumentKinds[] = {
    {ArgumentSpec::Kind::kTensor, "tensor"},     {ArgumentSpec::Kind::kSymInt, "sym_int"},
    {ArgumentSpec::Kind::kSymFloat, "sym_float"}, {ArgumentSpec::Kind::kSymBool, "sym_bool"},
    {ArgumentSpec::Kind::kToken, "token"},
};

// Compact protobuf JSON: one line, as control characters are escaped.
template <typename Message>
absl::Status AppendJson(const Message& message, std::string* out) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  std::string json;
  const auto status = google::protobuf::util::MessageToJsonString(message, &json, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write the program's JSON: ", std::string(status.message())));
  }
  out->append(json);
  return absl::OkStatus();
}

absl::Status AppendArgument(const ArgumentSpec& arg, std::string* out) {
  for (const auto& [kind, name] : kNamedArgumentKinds) {
    if (kind != arg.kind) continue;
    absl::StrAppend(out, name, " ");
    AppendQualifiedName(arg.name, out);
    return absl::OkStatus();
  }
  export_proto::ArgumentSpec message;
  ArgumentSpecToProto(arg, &message);
  return AppendJson(message, out);
}

void AppendTarget(absl::string_view target, std::string* out) {
  if (target.empty()) return;
  out->append(kTargetArrow.data(), kTargetArrow.size());
  AppendQualifiedName(target, out);
}

absl::Status AppendSignature(const GraphSignature& signature, std::string* out) {
  for (const InputSpec& spec : signature.input_specs) {
    absl::StrAppend(out, kIndent, "input ", InputKindName(spec.kind), " ");
    RETURN_IF_ERROR(AppendArgument(spec.arg, out));
    AppendTarget(spec.target, out);
    if (spec.persistent.has_value()) out->append(*spec.persistent ? " persistent" : " non_persistent");
    out->push_back('\n');
  }
  for (const OutputSpec& spec : signature.output_specs) {
    absl::StrAppend(out, kIndent, "output ", OutputKindName(spec.kind), " ");
    RETURN_IF_ERROR(AppendArgument(spec.arg, out));
    AppendTarget(spec.target, out);
    out->push_back('\n');
  }
  return absl::OkStatus();
}

absl::Status AppendProgramLines(const ExportedProgram& program, std::string* out) {
  absl::StrAppend(out, kIndent, "format_version ", kExportedProgramFormatVersion, "\n");
  if (!program.torch_version.empty()) {
    absl::StrAppend(out, kIndent, "torch_version ");
    AppendQualifiedName(program.torch_version, out);
    out->push_back('\n');
  }
  RETURN_IF_ERROR(AppendSignature(program.graph_signature, out));
  for (const ModuleCallEntry& call : program.module_call_graph) {
    absl::StrAppend(out, kIndent, "call ");
    AppendQualifiedName(call.fqn, out);
    if (call.signature.has_value()) {
      export_proto::ModuleCallSignature message;
      ModuleCallSignatureToProto(*call.signature, &message);
      out->push_back(' ');
      RETURN_IF_ERROR(AppendJson(message, out));
    }
    out->push_back('\n');
  }
  for (const CustomObject& object : program.custom_objects) {
    absl::StrAppend(out, kIndent, "custom_object ");
    AppendQualifiedName(object.name, out);
    out->push_back(' ');
    AppendQualifiedName(object.class_fqn, out);
    out->push_back('\n');
  }
  for (const StateAlias& alias : program.aliases) {
    absl::StrAppend(out, kIndent, "alias ");
    AppendQualifiedName(alias.name, out);
    AppendTarget(alias.alias_of, out);
    out->push_back('\n');
  }
  return absl::OkStatus();
}

// Reads the lines under `program`, one statement each.
class ProgramLineReader {
 public:
  ProgramLineReader(const SourceText& src, ExportedProgram* program)
      : src_(src), program_(program) {}

  // The first line, which says the version the rest is written in.
  absl::Status ReadFormatVersion(Cursor c) {
    const size_t start = c.pos();
    if (c.ConsumeIdentifier() != "format_version") {
      return src_.Expected(start, "'format_version' first");
    }
    RETURN_IF_ERROR(c.Expect(" "));
    const size_t at = c.pos();
    uint32_t version = 0;
    if (!absl::SimpleAtoi(c.ConsumeWord(""), &version) || version == 0) {
      return src_.Expected(at, "a format version (a positive integer)");
    }
    if (version > kExportedProgramFormatVersion) {
      return src_.Error(at, absl::StrCat("format_version ", version,
                                         " is newer than this reader supports (",
                                         kExportedProgramFormatVersion, ")"));
    }
    return c.ExpectEnd();
  }

  absl::Status Read(Cursor c) {
    const size_t start = c.pos();
    const absl::string_view keyword = c.ConsumeIdentifier();
    if (keyword == "input") return Input(c);
    if (keyword == "output") return Output(c);
    if (keyword == "call") return Call(c);
    if (keyword == "custom_object") return Object(c);
    if (keyword == "alias") return Alias(c);
    if (keyword == "torch_version") {
      if (saw_torch_version_) return src_.Error(start, "a second torch_version");
      saw_torch_version_ = true;
      RETURN_IF_ERROR(c.Expect(" "));
      RETURN_IF_ERROR(ParseQualifiedName(c, "a version", &program_->torch_version));
      return c.ExpectEnd();
    }
    return src_.Expected(
        start, "'input', 'output', 'call', 'custom_object', 'alias' or 'torch_version'");
  }

 private:

  template <typename Kind>
  absl::Status ReadKind(Cursor& c, absl::string_view (*name_of)(Kind), int count,
                        absl::string_view what, Kind* kind) {
    RETURN_IF_ERROR(c.Expect(" "));
    const size_t at = c.pos();
    const absl::string_view word = c.ConsumeIdentifier();
    for (int k = 0; k < count; ++k) {
      if (name_of(static_cast<Kind>(k)) == word) {
        *kind = static_cast<Kind>(k);
        return c.Expect(" ");
      }
    }
    return src_.Expected(at, what);
  }

  absl::Status Argument(Cursor& c, ArgumentSpec* arg) {
    if (c.peek() == '{') {
      export_proto::ArgumentSpec message;
      RETURN_IF_ERROR(Json(c, &message));
      absl::StatusOr<ArgumentSpec> read = ArgumentSpecFromProto(message);
      if (!read.ok()) return src_.Error(json_at_, read.status().message());
      *arg = *std::move(read);
      return absl::OkStatus();
    }
    const size_t at = c.pos();
    const absl::string_view word = c.ConsumeIdentifier();
    for (const auto& [kind, name] : kNamedArgumentKinds) {
      if (name != word) continue;
      arg->kind = kind;
      RETURN_IF_ERROR(c.Expect(" "));
      return ParseQualifiedName(c, "a node name", &arg->name);
    }
    return src_.Expected(at, "an argument ('tensor NAME', 'sym_int NAME', ... or its JSON)");
  }

  absl::Status Target(Cursor& c, std::string* target) {
    if (!c.Consume(kTargetArrow)) return absl::OkStatus();
    return ParseQualifiedName(c, "a target", target);
  }

  absl::Status Input(Cursor& c) {
    InputSpec spec;
    RETURN_IF_ERROR(ReadKind<InputKind>(c, InputKindName, static_cast<int>(InputKind::kToken) + 1,
                                        "an input kind (USER_INPUT, PARAMETER, BUFFER, ...)",
                                        &spec.kind));
    RETURN_IF_ERROR(Argument(c, &spec.arg));
    RETURN_IF_ERROR(Target(c, &spec.target));
    if (c.Consume(" persistent")) {
      spec.persistent = true;
    } else if (c.Consume(" non_persistent")) {
      spec.persistent = false;
    }
    RETURN_IF_ERROR(c.ExpectEnd());
    program_->graph_signature.input_specs.push_back(std::move(spec));
    return absl::OkStatus();
  }

  absl::Status Output(Cursor& c) {
    OutputSpec spec;
    RETURN_IF_ERROR(ReadKind<OutputKind>(c, OutputKindName,
                                         static_cast<int>(OutputKind::kToken) + 1,
                                         "an output kind (USER_OUTPUT, BUFFER_MUTATION, ...)",
                                         &spec.kind));
    RETURN_IF_ERROR(Argument(c, &spec.arg));
    RETURN_IF_ERROR(Target(c, &spec.target));
    RETURN_IF_ERROR(c.ExpectEnd());
    program_->graph_signature.output_specs.push_back(std::move(spec));
    return absl::OkStatus();
  }

  absl::Status Call(Cursor& c) {
    ModuleCallEntry call;
    RETURN_IF_ERROR(c.Expect(" "));
    RETURN_IF_ERROR(ParseQualifiedName(c, "a module path", &call.fqn));
    if (c.Consume(" ")) {
      export_proto::ModuleCallSignature message;
      RETURN_IF_ERROR(Json(c, &message));
      absl::StatusOr<ModuleCallSignature> read =
          ModuleCallSignatureFromProto(message, "the signature");
      if (!read.ok()) return src_.Error(json_at_, read.status().message());
      call.signature = *std::move(read);
    }
    RETURN_IF_ERROR(c.ExpectEnd());
    program_->module_call_graph.push_back(std::move(call));
    return absl::OkStatus();
  }

  absl::Status Object(Cursor& c) {
    CustomObject object;
    RETURN_IF_ERROR(c.Expect(" "));
    RETURN_IF_ERROR(ParseQualifiedName(c, "an object's name", &object.name));
    RETURN_IF_ERROR(c.Expect(" "));
    RETURN_IF_ERROR(ParseQualifiedName(c, "a class", &object.class_fqn));
    RETURN_IF_ERROR(c.ExpectEnd());
    program_->custom_objects.push_back(std::move(object));
    return absl::OkStatus();
  }

  absl::Status Alias(Cursor& c) {
    StateAlias alias;
    RETURN_IF_ERROR(c.Expect(" "));
    RETURN_IF_ERROR(ParseQualifiedName(c, "a state name", &alias.name));
    RETURN_IF_ERROR(c.Expect(kTargetArrow));
    RETURN_IF_ERROR(ParseQualifiedName(c, "a state name", &alias.alias_of));
    RETURN_IF_ERROR(c.ExpectEnd());
    program_->aliases.push_back(std::move(alias));
    return absl::OkStatus();
  }

  // The JSON object from the cursor to the end of the line (the last thing
  // on it), parsed by protobuf; its errors are placed in the line.
  template <typename Message>
  absl::Status Json(Cursor& c, Message* message) {
    json_at_ = c.pos();
    const absl::string_view json = c.rest();
    const auto status = google::protobuf::util::JsonStringToMessage(
        google::protobuf::StringPiece(json.data(), json.size()), message);
    if (!status.ok()) {
      if (absl::optional<json_position::SyntaxError> syntax =
              json_position::FindSyntaxError(json)) {
        return src_.Error(json_at_ + syntax->offset, syntax->message);
      }
      const json_position::ProtobufError error =
          json_position::LocateProtobufError(json, std::string(status.message()));
      return src_.Error(json_at_ + error.offset.value_or(0), error.message);
    }
    c = Cursor(src_, json_at_ + json.size(), json_at_ + json.size());
    return absl::OkStatus();
  }

  const SourceText& src_;
  ExportedProgram* program_;
  size_t json_at_ = 0;  // where the last JSON read starts, for its errors
  bool saw_torch_version_ = false;
};

// The start of the line after the one holding `pos`.
size_t NextLine(const SourceText& src, size_t pos) { return src.LineAfter(src.LineEnd(pos)); }

// Sizes the input specs and module calls for the lines from `pos` on, so
// that a large model's (40k inputs and 30k calls at 100k nodes) are not
// moved as their vectors grow: a walk over the lines costs less. Returns
// where the lines end (the graph's blocks start).
size_t ReserveSignatureAndCalls(const SourceText& src, size_t pos, ExportedProgram* program) {
  size_t inputs = 0;
  size_t calls = 0;
  for (; src.StartsWith(pos, kIndent); pos = NextLine(src, pos)) {
    inputs += src.StartsWith(pos, "  input ");
    calls += src.StartsWith(pos, "  call ");
  }
  program->graph_signature.input_specs.reserve(inputs);
  program->module_call_graph.reserve(calls);
  return pos;
}

// The last line from `from` (a line's start) on that is exactly `state`,
// or npos: the state blocks are the text's last part.
size_t FindLastStateLine(absl::string_view text, size_t from) {
  size_t line_end = text.size();
  for (;;) {
    const void* newline =
        line_end > from ? memrchr(text.data() + from, '\n', line_end - from) : nullptr;
    const size_t start =
        newline == nullptr ? from : static_cast<const char*>(newline) - text.data() + 1;
    if (text.substr(start, line_end - start) == kStateLine) return start;
    if (newline == nullptr) return absl::string_view::npos;
    line_end = start - 1;
  }
}

// Reads the parts of a program's fxg around its graph, the program lines
// above it and the state blocks below it, as ParseFxgModuleBlocks'
// alongside work: for a large text on the graph reader's second thread,
// once the graph's metadata lines are read. The state is read from where it
// starts if the graph's blocks end at the last `state` line; State() reads
// it again when they end elsewhere. Errors are those of reading in order:
// the caller asks for the program lines' status before the graph's, and
// for the state only after a graph without error.
class LinesAndStateReader {
 public:
  // The program lines are from `lines_begin` to `graph_begin`; they go to
  // `program`'s fields other than graph_module and state, which the caller
  // must not touch until Read() is done.
  LinesAndStateReader(const SourceText& src, size_t lines_begin, size_t graph_begin,
                      ExportedProgram* program)
      : src_(src.text(), src.filename()),
        lines_begin_(lines_begin),
        graph_begin_(graph_begin),
        program_(program) {}

  // Catches everything (ParseFxgModuleBlocks' alongside work must not
  // throw): an exception is thrown again by the methods below.
  void Read() {
    try {
      ProgramLineReader lines(src_, program_);
      for (size_t pos = lines_begin_; pos < graph_begin_; pos = NextLine(src_, pos)) {
        lines_status_ = lines.Read(Cursor(src_, pos + kIndent.size(), src_.LineEnd(pos)));
        if (!lines_status_.ok()) return;
      }
      state_line_ = FindLastStateLine(src_.text(), graph_begin_);
      if (state_line_ == absl::string_view::npos) return;
      size_t pos = NextLine(src_, state_line_);
      state_ = ParseFxgModuleBlocks(src_, &pos, {}, nullptr);
    } catch (...) {
      failure_ = std::current_exception();  // out of memory, for one
    }
  }

  // After Read.
  absl::Status ProgramLinesStatus() {
    if (failure_) std::rethrow_exception(failure_);
    return lines_status_;
  }
  // The state blocks after the `state` line at `state_line`.
  absl::StatusOr<std::unique_ptr<GraphModule>> State(size_t state_line) {
    if (state_line == state_line_) return std::move(state_);
    size_t pos = NextLine(src_, state_line);
    return ParseFxgModuleBlocks(src_, &pos, {}, nullptr);
  }

 private:
  // Its own: a SourceText keeps per-object bookkeeping (the line index for
  // positions; the caller's also checks UTF-8 as it reads), and this may
  // be read on another thread.
  const SourceText src_;
  const size_t lines_begin_;
  const size_t graph_begin_;
  ExportedProgram* program_;
  absl::Status lines_status_;
  size_t state_line_ = absl::string_view::npos;
  absl::StatusOr<std::unique_ptr<GraphModule>> state_;
  std::exception_ptr failure_;
};

// `defined_before_use`: as ParseFxgModuleBlocks says of the program's graph.
absl::StatusOr<ExportedProgram> ParseProgram(const SourceText& src, bool* defined_before_use) {
  if (!IsExportedProgramFxg(src.text())) {
    return src.Expected(0, "'fxg 1' and a 'program' line (an exported program's fxg)");
  }
  ExportedProgram program;
  size_t pos = kHead.size();
  if (!src.StartsWith(pos, kIndent)) return src.Expected(pos, "'  format_version N'");
  RETURN_IF_ERROR(ProgramLineReader(src, &program)
                      .ReadFormatVersion(Cursor(src, pos + kIndent.size(), src.LineEnd(pos))));
  const size_t lines_begin = NextLine(src, pos);
  pos = ReserveSignatureAndCalls(src, lines_begin, &program);
  LinesAndStateReader around_graph(src, lines_begin, pos, &program);
  absl::StatusOr<std::unique_ptr<GraphModule>> graph_module = ParseFxgModuleBlocks(
      src, &pos, kStateLine, nullptr, defined_before_use, [&around_graph] { around_graph.Read(); });
  RETURN_IF_ERROR(around_graph.ProgramLinesStatus());
  ASSIGN_OR_RETURN(program.graph_module, std::move(graph_module));
  if (pos < src.size()) {  // at the `state` line
    ASSIGN_OR_RETURN(program.state, around_graph.State(pos));
  }
  return program;
}

}  // namespace

bool IsExportedProgramFxg(absl::string_view text) { return absl::StartsWith(text, kHead); }

absl::StatusOr<std::string> PrintExportedProgramFxg(const ExportedProgram& program) {
  std::string out(kHead);
  RETURN_IF_ERROR(AppendProgramLines(program, &out));
  AppendFxgModuleBlocks(*program.graph_module, &out);
  absl::StrAppend(&out, "\n", kStateLine, "\n");
  AppendFxgModuleBlocks(*program.state, &out);
  return out;
}

absl::StatusOr<ExportedProgram> ParseExportedProgramFxg(absl::string_view text,
                                                        absl::string_view filename,
                                                        Utf8Check utf8) {
  const SourceText src(text, filename);
  src.StartUtf8Check(utf8);
  bool defined_before_use = false;
  absl::StatusOr<ExportedProgram> parsed = ParseProgram(src, &defined_before_use);
  RETURN_IF_ERROR(src.FinishUtf8Check());
  ASSIGN_OR_RETURN(ExportedProgram program, std::move(parsed));
  // The graph's reader refuses arguments and value metadata nested deeper
  // than ir/limits.h allows as it reads them (ArgParser, ParseValueMeta), so
  // validation need not walk every node's arguments and metadata again;
  // nor, when no reference named a node further down, their inputs and
  // users (the reader builds the graph in order through Graph's API).
  GraphVerifyOptions graph;
  graph.nesting_checked_by_reader = true;
  graph.built_in_order_by_reader = defined_before_use;
  const absl::Status valid = ValidateExportedProgram(program, graph);
  if (!valid.ok()) return export_internal::Within(filename, valid);
  return program;
}

}  // namespace fxpp
