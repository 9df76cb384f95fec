#include "export/program_proto.h"

#include <climits>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "export/errors.h"
#include "export/program_fxg.h"
#include "export/validate.h"
#include "google/protobuf/util/json_util.h"
#include "ir/io/file_io.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
#include "ir/proto/convert.h"
#include "ir/proto/wire_fields.h"
#include "ir/proto/wire_reader.h"
#include "ir/proto/wire_writer.h"
#include "ir/proto/json_position.h"
#include "ir/status_macros.h"

namespace fxpp {
namespace {

namespace ep = export_proto;

using export_internal::Invalid;
using export_internal::Within;

static_assert(ep::InputKind_MAX == static_cast<int>(InputKind::kToken) + 1, "InputKind");
static_assert(ep::OutputKind_MAX == static_cast<int>(OutputKind::kToken) + 1, "OutputKind");

// ---- argument specs ----------------------------------------------------------

// The readers of one spec or argument say what is wrong and their callers
// where: that text is built only for an error (a program has a spec per
// graph input).

// ConstantArgument values are Python scalars; fxpp.proto's Argument spells them.
absl::StatusOr<Argument> ReadConstantValue(const proto::Argument& in) {
  absl::optional<Argument> value = ReadScalarArgument(in);
  if (!value.has_value()) {
    return absl::InvalidArgumentError(
        "a constant argument must be None, a bool, an int, a float or a str");
  }
  return *std::move(value);
}

void WriteConstantValue(const Argument& value, proto::Argument* out) {
  if (!WriteScalarArgument(value, out)) out->mutable_none();
}

}  // namespace

absl::StatusOr<ArgumentSpec> ArgumentSpecFromProto(const ep::ArgumentSpec& in) {
  ArgumentSpec spec;
  auto named = [&](ArgumentSpec::Kind kind, const ep::NamedArgument& arg) -> absl::Status {
    if (arg.name().empty()) return absl::InvalidArgumentError("argument has no name");
    spec.kind = kind;
    spec.name = arg.name();
    return absl::OkStatus();
  };
  switch (in.value_case()) {
    case ep::ArgumentSpec::kTensor:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kTensor, in.tensor()));
      break;
    case ep::ArgumentSpec::kSymInt:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kSymInt, in.sym_int()));
      break;
    case ep::ArgumentSpec::kSymFloat:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kSymFloat, in.sym_float()));
      break;
    case ep::ArgumentSpec::kSymBool:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kSymBool, in.sym_bool()));
      break;
    case ep::ArgumentSpec::kToken:
      RETURN_IF_ERROR(named(ArgumentSpec::Kind::kToken, in.token()));
      break;
    case ep::ArgumentSpec::kConstant: {
      spec.kind = ArgumentSpec::Kind::kConstant;
      spec.name = in.constant().name();
      if (in.constant().has_value()) {
        ASSIGN_OR_RETURN(spec.value, ReadConstantValue(in.constant().value()));
      }
      break;
    }
    case ep::ArgumentSpec::kCustomObj:
      if (in.custom_obj().name().empty() || in.custom_obj().class_fqn().empty()) {
        return absl::InvalidArgumentError("a custom object argument needs a name and a class");
      }
      spec.kind = ArgumentSpec::Kind::kCustomObj;
      spec.name = in.custom_obj().name();
      spec.class_fqn = in.custom_obj().class_fqn();
      break;
    case ep::ArgumentSpec::VALUE_NOT_SET:
      return absl::InvalidArgumentError("argument has no kind (tensor, sym_int, constant, ...)");
  }
  return spec;
}

void ArgumentSpecToProto(const ArgumentSpec& spec, ep::ArgumentSpec* out) {
  switch (spec.kind) {
    case ArgumentSpec::Kind::kTensor:
      out->mutable_tensor()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kSymInt:
      out->mutable_sym_int()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kSymFloat:
      out->mutable_sym_float()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kSymBool:
      out->mutable_sym_bool()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kToken:
      out->mutable_token()->set_name(spec.name);
      return;
    case ArgumentSpec::Kind::kConstant:
      out->mutable_constant()->set_name(spec.name);
      WriteConstantValue(spec.value, out->mutable_constant()->mutable_value());
      return;
    case ArgumentSpec::Kind::kCustomObj:
      out->mutable_custom_obj()->set_name(spec.name);
      out->mutable_custom_obj()->set_class_fqn(spec.class_fqn);
      return;
  }
}

namespace {

absl::StatusOr<std::vector<ArgumentSpec>> ReadArgumentSpecs(
    const google::protobuf::RepeatedPtrField<ep::ArgumentSpec>& in, absl::string_view where) {
  std::vector<ArgumentSpec> out;
  out.reserve(in.size());
  for (int i = 0; i < in.size(); ++i) {
    absl::StatusOr<ArgumentSpec> spec = ArgumentSpecFromProto(in[i]);
    if (!spec.ok()) return Within(absl::StrCat(where, "[", i, "]"), spec.status());
    out.push_back(*std::move(spec));
  }
  return out;
}

// Proto enums are ours shifted by one (0 is UNSPECIFIED).
template <typename Kind>
absl::StatusOr<Kind> ReadKind(int value, bool (*is_valid)(int), absl::string_view what) {
  if (value == 0) return absl::InvalidArgumentError(absl::StrCat("missing ", what));
  if (!is_valid(value)) {
    return absl::InvalidArgumentError(absl::StrCat("unknown ", what, " value ", value));
  }
  return static_cast<Kind>(value - 1);
}

// An input or output spec's kind, arg and target: entry `i` of the graph
// signature's `list`.
template <typename Kind, typename In, typename Out>
absl::Status ReadSpec(const In& in, absl::string_view list, int i, bool (*is_valid)(int),
                      absl::string_view kind_name, Out* out) {
  auto where = [&] { return absl::StrCat("graph_signature.", list, "[", i, "]"); };
  absl::StatusOr<Kind> kind = ReadKind<Kind>(in.kind(), is_valid, kind_name);
  if (!kind.ok()) return Within(where(), kind.status());
  out->kind = *kind;
  if (!in.has_arg()) return Invalid(where(), "missing arg");
  absl::StatusOr<ArgumentSpec> arg = ArgumentSpecFromProto(in.arg());
  if (!arg.ok()) return Within(absl::StrCat(where(), ".arg"), arg.status());
  out->arg = *std::move(arg);
  out->target = in.target();
  return absl::OkStatus();
}

// ---- tree specs --------------------------------------------------------------

TreeSpec ReadTreeSpec(const ep::TreeSpec& in) {
  TreeSpec spec;
  spec.type = in.type();
  spec.context = in.context().empty() ? "null" : in.context();
  spec.children.reserve(in.children_size());
  for (const ep::TreeSpec& child : in.children()) spec.children.push_back(ReadTreeSpec(child));
  return spec;
}

void WriteTreeSpec(const TreeSpec& spec, ep::TreeSpec* out) {
  out->set_type(spec.type);
  out->set_context(spec.context);
  for (const TreeSpec& child : spec.children) WriteTreeSpec(child, out->add_children());
}


// ---- module call graph -------------------------------------------------------

}  // namespace

absl::StatusOr<ModuleCallSignature> ModuleCallSignatureFromProto(const ep::ModuleCallSignature& in,
                                                  absl::string_view where) {
  ModuleCallSignature sig;
  ASSIGN_OR_RETURN(sig.inputs, ReadArgumentSpecs(in.inputs(), absl::StrCat(where, ".inputs")));
  ASSIGN_OR_RETURN(sig.outputs, ReadArgumentSpecs(in.outputs(), absl::StrCat(where, ".outputs")));
  if (!in.has_in_spec() || !in.has_out_spec()) {
    return Invalid(where, "a module call signature needs in_spec and out_spec");
  }
  sig.in_spec = ReadTreeSpec(in.in_spec());
  sig.out_spec = ReadTreeSpec(in.out_spec());
  sig.forward_arg_names.assign(in.forward_arg_names().begin(), in.forward_arg_names().end());
  return sig;
}

void ModuleCallSignatureToProto(const ModuleCallSignature& sig, ep::ModuleCallSignature* out) {
  for (const ArgumentSpec& a : sig.inputs) ArgumentSpecToProto(a, out->add_inputs());
  for (const ArgumentSpec& a : sig.outputs) ArgumentSpecToProto(a, out->add_outputs());
  WriteTreeSpec(sig.in_spec, out->mutable_in_spec());
  WriteTreeSpec(sig.out_spec, out->mutable_out_spec());
  for (const std::string& name : sig.forward_arg_names) out->add_forward_arg_names(name);
}

namespace {

// Protobuf's JSON parser says neither line nor column; only once it failed
// (valid input pays nothing) the strict scanner looks for a syntax error,
// else the error is placed by what protobuf's message names.
absl::Status JsonError(absl::string_view filename, absl::string_view text,
                       const google::protobuf::util::Status& status) {
  if (absl::optional<json_position::SyntaxError> syntax = json_position::FindSyntaxError(text)) {
    return absl::InvalidArgumentError(absl::StrCat(
        json_position::Located(filename, text, syntax->offset), ": ", syntax->message));
  }
  const json_position::ProtobufError error =
      json_position::LocateProtobufError(text, std::string(status.message()));
  return absl::InvalidArgumentError(absl::StrCat(
      error.offset.has_value() ? json_position::Located(filename, text, *error.offset)
                               : std::string(filename),
      ": not an fxpp exported program: ", error.message));
}

// `graph`: as ValidateExportedProgram takes it.
absl::StatusOr<ExportedProgram> Validated(ExportedProgram program, absl::string_view filename,
                                          GraphVerifyOptions graph = {}) {
  absl::Status valid = ValidateExportedProgram(program, graph);
  if (!valid.ok()) return Within(filename, valid);
  return program;
}

absl::StatusOr<ExportedProgram> FromProtoValidated(const ep::ExportedProgram& message,
                                                   absl::string_view filename) {
  absl::StatusOr<ExportedProgram> program = ExportedProgramFromProto(message);
  if (!program.ok()) return Within(filename, program.status());
  return Validated(*std::move(program), filename);
}

// The program's graph_signature field.
void WriteGraphSignature(const ExportedProgram& program, ep::ExportedProgram& out) {
  for (const InputSpec& spec : program.graph_signature.input_specs) {
    ep::InputSpec* in = out.mutable_graph_signature()->add_input_specs();
    in->set_kind(static_cast<ep::InputKind>(static_cast<int>(spec.kind) + 1));
    ArgumentSpecToProto(spec.arg, in->mutable_arg());
    in->set_target(spec.target);
    if (spec.persistent.has_value()) in->set_persistent(*spec.persistent);
  }
  for (const OutputSpec& spec : program.graph_signature.output_specs) {
    ep::OutputSpec* o = out.mutable_graph_signature()->add_output_specs();
    o->set_kind(static_cast<ep::OutputKind>(static_cast<int>(spec.kind) + 1));
    ArgumentSpecToProto(spec.arg, o->mutable_arg());
    o->set_target(spec.target);
  }
}

// The program's module_call_graph field.
void WriteModuleCallGraph(const ExportedProgram& program, ep::ExportedProgram& out) {
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    ep::ModuleCallEntry* e = out.add_module_call_graph();
    e->set_fqn(entry.fqn);
    if (entry.signature.has_value()) ModuleCallSignatureToProto(*entry.signature, e->mutable_signature());
  }
}

// The graph signature's bytes as ToProto's message serializes them (field
// by field in number order, proto3 leaving empty strings out), written
// directly: a signature has a message per graph input, and through
// protobuf's messages it was a third of a large program's write. Constant
// and custom-object arguments, rare, still go through protobuf.
class SignatureEncoder {
 public:
  // Appends field `field` (graph_signature) to *out; nothing for a
  // signature without specs, as ToProto leaves the message unset.
  void AppendField(int field, const GraphSignature& sig, std::string* out) {
    if (sig.input_specs.empty() && sig.output_specs.empty()) return;
    signature_.clear();
    for (const InputSpec& in : sig.input_specs) {
      spec_.clear();
      Varint(1, static_cast<uint64_t>(static_cast<int>(in.kind) + 1), &spec_);
      Argument(in.arg);
      Text(3, in.target, &spec_);
      if (in.persistent.has_value()) Varint(4, *in.persistent ? 1 : 0, &spec_);
      Delimited(1, spec_, &signature_);
    }
    for (const OutputSpec& o : sig.output_specs) {
      spec_.clear();
      Varint(1, static_cast<uint64_t>(static_cast<int>(o.kind) + 1), &spec_);
      Argument(o.arg);
      Text(3, o.target, &spec_);
      Delimited(2, spec_, &signature_);
    }
    Delimited(field, signature_, out);
  }

 private:
  using WireFormatLite = google::protobuf::internal::WireFormatLite;

  // Field 2 of an input or output spec: its ArgumentSpec.
  void Argument(const ArgumentSpec& arg) {
    int named_field = 0;  // the ArgumentSpec oneof field of a NamedArgument
    switch (arg.kind) {
      case ArgumentSpec::Kind::kTensor:
        named_field = ep::ArgumentSpec::kTensorFieldNumber;
        break;
      case ArgumentSpec::Kind::kSymInt:
        named_field = ep::ArgumentSpec::kSymIntFieldNumber;
        break;
      case ArgumentSpec::Kind::kSymFloat:
        named_field = ep::ArgumentSpec::kSymFloatFieldNumber;
        break;
      case ArgumentSpec::Kind::kSymBool:
        named_field = ep::ArgumentSpec::kSymBoolFieldNumber;
        break;
      case ArgumentSpec::Kind::kToken:
        named_field = ep::ArgumentSpec::kTokenFieldNumber;
        break;
      case ArgumentSpec::Kind::kConstant:
      case ArgumentSpec::Kind::kCustomObj: {
        ep::ArgumentSpec message;
        ArgumentSpecToProto(arg, &message);
        Delimited(2, message.SerializeAsString(), &spec_);
        return;
      }
    }
    named_.clear();
    Text(1, arg.name, &named_);
    argument_.clear();
    Delimited(named_field, named_, &argument_);
    Delimited(2, argument_, &spec_);
  }

  static void Tag(int field, WireFormatLite::WireType wire, std::string* out) {
    RawVarint(WireFormatLite::MakeTag(field, wire), out);
  }
  static void RawVarint(uint64_t value, std::string* out) {
    uint8_t bytes[10];
    const uint8_t* end = google::protobuf::io::CodedOutputStream::WriteVarint64ToArray(value, bytes);
    out->append(reinterpret_cast<const char*>(bytes), static_cast<size_t>(end - bytes));
  }
  static void Varint(int field, uint64_t value, std::string* out) {
    Tag(field, WireFormatLite::WIRETYPE_VARINT, out);
    RawVarint(value, out);
  }
  static void Delimited(int field, absl::string_view bytes, std::string* out) {
    Tag(field, WireFormatLite::WIRETYPE_LENGTH_DELIMITED, out);
    RawVarint(bytes.size(), out);
    out->append(bytes.data(), bytes.size());
  }
  static void Text(int field, absl::string_view text, std::string* out) {
    if (!text.empty()) Delimited(field, text, out);
  }

  std::string signature_, spec_, argument_, named_;  // kept to reuse their allocations
};

// The program's fields after its state (custom_objects, aliases,
// torch_version).
void WriteObjects(const ExportedProgram& program, ep::ExportedProgram& out) {
  for (const CustomObject& obj : program.custom_objects) {
    ep::CustomObject* o = out.add_custom_objects();
    o->set_name(obj.name);
    o->set_class_fqn(obj.class_fqn);
  }
  for (const StateAlias& alias : program.aliases) {
    ep::Alias* a = out.add_aliases();
    a->set_name(alias.name);
    a->set_alias_of(alias.alias_of);
  }
  out.set_torch_version(program.torch_version);
}

// `strings`: how the two modules spell their shared strings (ToProto).
void WriteProgram(const ExportedProgram& program, ProtoStrings strings,
                  ep::ExportedProgram& out) {
  out.set_format_version(kExportedProgramFormatVersion);
  ToProto(*program.graph_module, strings, out.mutable_graph_module());
  WriteGraphSignature(program, out);
  WriteModuleCallGraph(program, out);
  ToProto(*program.state, strings, out.mutable_state());
  WriteObjects(program, out);
}

absl::Status CheckFormatVersion(const ep::ExportedProgram& in) {
  if (in.format_version() == 0) return absl::InvalidArgumentError("missing format_version");
  if (in.format_version() > kExportedProgramFormatVersion) {
    return absl::InvalidArgumentError(
        absl::StrCat("format_version ", in.format_version(), " is newer than this reader supports (",
                     kExportedProgramFormatVersion, ")"));
  }
  return absl::OkStatus();
}

// Everything of a program but its format version and its two modules.
absl::Status ReadProgramFields(const ep::ExportedProgram& in, ExportedProgram& program) {
  const ep::GraphSignature& sig = in.graph_signature();
  std::vector<InputSpec>& inputs = program.graph_signature.input_specs;
  inputs.resize(sig.input_specs_size());
  for (int i = 0; i < sig.input_specs_size(); ++i) {
    const ep::InputSpec& spec = sig.input_specs(i);
    RETURN_IF_ERROR(ReadSpec<InputKind>(spec, "input_specs", i, ep::InputKind_IsValid,
                                        "input kind", &inputs[i]));
    if (spec.has_persistent()) inputs[i].persistent = spec.persistent();
  }
  std::vector<OutputSpec>& outputs = program.graph_signature.output_specs;
  outputs.resize(sig.output_specs_size());
  for (int i = 0; i < sig.output_specs_size(); ++i) {
    RETURN_IF_ERROR(ReadSpec<OutputKind>(sig.output_specs(i), "output_specs", i,
                                         ep::OutputKind_IsValid, "output kind", &outputs[i]));
  }
  program.module_call_graph.reserve(in.module_call_graph_size());
  for (int i = 0; i < in.module_call_graph_size(); ++i) {
    const ep::ModuleCallEntry& entry = in.module_call_graph(i);
    ModuleCallEntry out;
    out.fqn = entry.fqn();
    if (entry.has_signature()) {
      ASSIGN_OR_RETURN(out.signature,
                       ModuleCallSignatureFromProto(entry.signature(),
                                     absl::StrCat("module_call_graph[", i, "].signature")));
    }
    program.module_call_graph.push_back(std::move(out));
  }
  for (const ep::CustomObject& obj : in.custom_objects()) {
    program.custom_objects.push_back(CustomObject{obj.name(), obj.class_fqn()});
  }
  for (const ep::Alias& alias : in.aliases()) {
    program.aliases.push_back(StateAlias{alias.name(), alias.alias_of()});
  }
  program.torch_version = in.torch_version();
  return absl::OkStatus();
}

// ---- the direct binary reader -----------------------------------------------
//
// ReadCanonicalProgram reads the bytes protobuf's serializer writes straight
// into the program: every field in number order, each singular field once,
// strings UTF-8, enum values known, as wire_internal::Fields takes them.
// Each reader returns false for anything else (the caller then reads
// through protobuf and ExportedProgramFromProto) and for anything
// ReadProgramFields refuses. Module call signatures and constant or custom
// object arguments, a few per program, are parsed by protobuf from their
// own bytes, which reads a message as it reads it inside its parent.

using wire_internal::Fields;
using wire_internal::TextFields;

// The bytes of a program's fields, as they appear.
struct ProgramFieldBytes {
  uint32_t format_version = 0;
  absl::optional<absl::string_view> graph_module, graph_signature, state;
  std::vector<absl::string_view> module_calls, custom_objects, aliases;
  absl::string_view torch_version;
};

bool SplitProgram(absl::string_view bytes, ProgramFieldBytes* out) {
  Fields f(bytes);
  while (f.Next()) {
    absl::string_view s;
    switch (f.field()) {
      case ep::ExportedProgram::kFormatVersionFieldNumber:
        if (!f.Uint32(&out->format_version)) return false;
        break;
      case ep::ExportedProgram::kGraphModuleFieldNumber:
      case ep::ExportedProgram::kGraphSignatureFieldNumber:
      case ep::ExportedProgram::kStateFieldNumber:
        if (!f.Bytes(&s)) return false;
        (f.field() == ep::ExportedProgram::kGraphModuleFieldNumber ? out->graph_module
         : f.field() == ep::ExportedProgram::kStateFieldNumber     ? out->state
                                                                   : out->graph_signature) = s;
        break;
      case ep::ExportedProgram::kModuleCallGraphFieldNumber:
      case ep::ExportedProgram::kCustomObjectsFieldNumber:
      case ep::ExportedProgram::kAliasesFieldNumber:
        if (!f.Element(&s)) return false;
        (f.field() == ep::ExportedProgram::kModuleCallGraphFieldNumber ? out->module_calls
         : f.field() == ep::ExportedProgram::kCustomObjectsFieldNumber ? out->custom_objects
                                                                       : out->aliases)
            .push_back(s);
        break;
      case ep::ExportedProgram::kTorchVersionFieldNumber:
        if (!f.Text(&out->torch_version)) return false;
        break;
      default:
        return false;
    }
  }
  return f.ok();
}

// A message read by protobuf from its bytes (see above).
template <typename Message>
bool ParseMessage(absl::string_view bytes, Message* message) {
  return message->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

// The ArgumentSpec oneof's NamedArgument fields and the kinds they read as.
constexpr std::pair<int, ArgumentSpec::Kind> kNamedArgumentFields[] = {
    {ep::ArgumentSpec::kTensorFieldNumber, ArgumentSpec::Kind::kTensor},
    {ep::ArgumentSpec::kSymIntFieldNumber, ArgumentSpec::Kind::kSymInt},
    {ep::ArgumentSpec::kSymFloatFieldNumber, ArgumentSpec::Kind::kSymFloat},
    {ep::ArgumentSpec::kSymBoolFieldNumber, ArgumentSpec::Kind::kSymBool},
    {ep::ArgumentSpec::kTokenFieldNumber, ArgumentSpec::Kind::kToken},
};

// ArgumentSpec: exactly one of its oneof's fields.
bool WireArgumentSpec(absl::string_view bytes, ArgumentSpec* out) {
  Fields f(bytes);
  if (!f.Next()) return false;
  for (const auto& [field, kind] : kNamedArgumentFields) {
    if (f.field() != field) continue;
    // NamedArgument: a name, which must not be empty.
    absl::string_view named, name[1];
    if (!f.Bytes(&named) || !TextFields(named, name) || name[0].empty()) return false;
    out->kind = kind;
    out->name = std::string(name[0]);
    return f.Done();
  }
  ep::ArgumentSpec message;
  if (!ParseMessage(bytes, &message)) return false;
  absl::StatusOr<ArgumentSpec> spec = ArgumentSpecFromProto(message);
  if (!spec.ok()) return false;
  *out = *std::move(spec);
  return true;
}

// InputSpec (kind, arg, target, persistent) or OutputSpec (kind, arg,
// target); kind and arg must be present.
template <typename Spec, typename Kind>
bool WireSpec(absl::string_view bytes, bool (*is_valid)(int), Spec* out) {
  Fields f(bytes);
  bool has_kind = false, has_arg = false;
  while (f.Next()) {
    absl::string_view s;
    switch (f.field()) {
      case 1:
        if (!wire_internal::Enum<Kind>(f, is_valid, &out->kind)) return false;
        has_kind = true;
        break;
      case 2:
        if (!f.Bytes(&s) || !WireArgumentSpec(s, &out->arg)) return false;
        has_arg = true;
        break;
      case 3:
        if (!f.Text(&s)) return false;
        out->target = std::string(s);
        break;
      case 4:
        if constexpr (std::is_same<Spec, InputSpec>::value) {
          bool persistent;
          if (!f.Bool(&persistent)) return false;
          out->persistent = persistent;
          break;
        }
        return false;
      default:
        return false;
    }
  }
  return f.ok() && has_kind && has_arg;
}

// GraphSignature: input_specs, output_specs.
bool WireGraphSignature(absl::string_view bytes, GraphSignature* out) {
  Fields f(bytes);
  while (f.Next()) {
    absl::string_view s;
    if (!f.Element(&s)) return false;
    if (f.field() == ep::GraphSignature::kInputSpecsFieldNumber) {
      out->input_specs.emplace_back();
      if (!WireSpec<InputSpec, InputKind>(s, ep::InputKind_IsValid, &out->input_specs.back())) {
        return false;
      }
    } else if (f.field() == ep::GraphSignature::kOutputSpecsFieldNumber) {
      out->output_specs.emplace_back();
      if (!WireSpec<OutputSpec, OutputKind>(s, ep::OutputKind_IsValid,
                                            &out->output_specs.back())) {
        return false;
      }
    } else {
      return false;
    }
  }
  return f.ok();
}

// ModuleCallEntry: fqn, signature.
bool WireModuleCall(absl::string_view bytes, ModuleCallEntry* out) {
  Fields f(bytes);
  while (f.Next()) {
    absl::string_view s;
    if (f.field() == ep::ModuleCallEntry::kFqnFieldNumber) {
      if (!f.Text(&s)) return false;
      out->fqn = std::string(s);
    } else if (f.field() == ep::ModuleCallEntry::kSignatureFieldNumber) {
      ep::ModuleCallSignature message;
      if (!f.Bytes(&s) || !ParseMessage(s, &message)) return false;
      absl::StatusOr<ModuleCallSignature> sig = ModuleCallSignatureFromProto(message, "module_call_graph");
      if (!sig.ok()) return false;
      out->signature = *std::move(sig);
    } else {
      return false;
    }
  }
  return f.ok();
}

// Everything of a program but its two modules (ReadProgramFields' part).
bool WireProgramFields(const ProgramFieldBytes& in, ExportedProgram& program) {
  if (in.graph_signature && !WireGraphSignature(*in.graph_signature, &program.graph_signature)) {
    return false;
  }
  program.module_call_graph.resize(in.module_calls.size());
  for (size_t i = 0; i < in.module_calls.size(); ++i) {
    if (!WireModuleCall(in.module_calls[i], &program.module_call_graph[i])) return false;
  }
  // CustomObject (name, class_fqn) and Alias (name, alias_of).
  absl::string_view text[2];
  for (absl::string_view bytes : in.custom_objects) {
    text[0] = text[1] = {};
    if (!TextFields(bytes, text)) return false;
    program.custom_objects.push_back(CustomObject{std::string(text[0]), std::string(text[1])});
  }
  for (absl::string_view bytes : in.aliases) {
    text[0] = text[1] = {};
    if (!TextFields(bytes, text)) return false;
    program.aliases.push_back(StateAlias{std::string(text[0]), std::string(text[1])});
  }
  program.torch_version = std::string(in.torch_version);
  return true;
}

}  // namespace

export_proto::ExportedProgram ExportedProgramToProto(const ExportedProgram& program) {
  ep::ExportedProgram out;
  WriteProgram(program, ProtoStrings::kInline, out);
  return out;
}

absl::StatusOr<ExportedProgram> ExportedProgramFromProto(const export_proto::ExportedProgram& in) {
  RETURN_IF_ERROR(CheckFormatVersion(in));
  if (!in.has_graph_module()) return absl::InvalidArgumentError("missing graph_module");
  ExportedProgram program;
  absl::StatusOr<std::unique_ptr<GraphModule>> graph_module = FromProto(in.graph_module());
  if (!graph_module.ok()) return Within("graph_module", graph_module.status());
  program.graph_module = *std::move(graph_module);
  if (in.has_state()) {
    absl::StatusOr<std::unique_ptr<GraphModule>> state = FromProto(in.state());
    if (!state.ok()) return Within("state", state.status());
    program.state = *std::move(state);
  }
  RETURN_IF_ERROR(ReadProgramFields(in, program));
  return program;
}

absl::StatusOr<std::string> SerializeExportedProgramJson(const ExportedProgram& program) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  std::string json;
  const auto status =
      google::protobuf::util::MessageToJsonString(ExportedProgramToProto(program), &json, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write JSON: ", std::string(status.message())));
  }
  return json;
}

// Protobuf writes a message's fields in field-number order, so a program
// is its format_version, its graph_module, graph_signature and
// module_call_graph, its state, then the rest: the two modules and the
// graph signature are encoded straight from the IR
// (AppendCanonicalBinaryField, SignatureEncoder), the small fields around
// them by protobuf, and the bytes are those of the whole message serialized
// at once (exported_program_test compares them).
std::string SerializeExportedProgramBinary(const ExportedProgram& program) {
  // Module call signatures and objects: a few messages each, allocated and
  // freed at once.
  google::protobuf::Arena arena;
  auto* head = google::protobuf::Arena::CreateMessage<ep::ExportedProgram>(&arena);
  auto* calls = google::protobuf::Arena::CreateMessage<ep::ExportedProgram>(&arena);
  auto* objects = google::protobuf::Arena::CreateMessage<ep::ExportedProgram>(&arena);
  head->set_format_version(kExportedProgramFormatVersion);
  WriteModuleCallGraph(program, *calls);
  WriteObjects(program, *objects);
  std::string out = head->SerializeAsString();
  AppendCanonicalBinaryField(ep::ExportedProgram::kGraphModuleFieldNumber, *program.graph_module, &out);
  SignatureEncoder().AppendField(ep::ExportedProgram::kGraphSignatureFieldNumber,
                                 program.graph_signature, &out);
  calls->AppendToString(&out);
  AppendCanonicalBinaryField(ep::ExportedProgram::kStateFieldNumber, *program.state, &out);
  objects->AppendToString(&out);
  return out;
}

absl::StatusOr<ExportedProgram> ParseExportedProgramJson(absl::string_view text,
                                                         absl::string_view filename) {
  ep::ExportedProgram message;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), &message);
  if (!status.ok()) return JsonError(filename, text, status);
  return FromProtoValidated(message, filename);
}

absl::optional<ExportedProgram> ReadCanonicalProgram(absl::string_view bytes) {
  if (bytes.size() > static_cast<size_t>(INT_MAX)) return absl::nullopt;
  ProgramFieldBytes fields;
  if (!SplitProgram(bytes, &fields) || !fields.graph_module || fields.format_version == 0 ||
      fields.format_version > kExportedProgramFormatVersion) {
    return absl::nullopt;
  }
  ExportedProgram program;
  absl::optional<std::unique_ptr<GraphModule>> graph_module =
      ReadCanonicalBinary(*fields.graph_module);
  if (!graph_module.has_value()) return absl::nullopt;
  program.graph_module = *std::move(graph_module);
  if (fields.state.has_value()) {
    absl::optional<std::unique_ptr<GraphModule>> state = ReadCanonicalBinary(*fields.state);
    if (!state.has_value()) return absl::nullopt;
    program.state = *std::move(state);
  }
  if (!WireProgramFields(fields, program)) return absl::nullopt;
  return program;
}

absl::StatusOr<ExportedProgram> ParseExportedProgramBinary(absl::string_view bytes,
                                                           absl::string_view filename) {
  // What SerializeExportedProgramBinary wrote reads its modules without the
  // message tree; the tree is the reference for anything else, and for
  // every error.
  if (absl::optional<ExportedProgram> program = ReadCanonicalProgram(bytes)) {
    // ReadCanonicalBinary refuses what nests too deep as it reads.
    GraphVerifyOptions graph;
    graph.nesting_checked_by_reader = true;
    return Validated(*std::move(program), filename, graph);
  }
  // The binary encoding's messages live in an arena: a graph is millions of
  // small messages, several times cheaper to allocate and free there.
  google::protobuf::Arena arena;
  auto* message = google::protobuf::Arena::CreateMessage<ep::ExportedProgram>(&arena);
  if (bytes.size() > static_cast<size_t>(INT_MAX) ||
      !message->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return absl::InvalidArgumentError(
        absl::StrCat(filename, ": not an fxpp binary exported program"));
  }
  return FromProtoValidated(*message, filename);
}

bool IsExportedProgramJson(absl::string_view json) {
  return absl::StrContains(json, "\"graph_signature\"");
}

absl::StatusOr<ExportedProgram> ReadExportedProgram(absl::string_view path) {
  const bool fxg = absl::EndsWith(path, ".fxg");
  // An fxg is checked for UTF-8 as it arrives, a block at a time while it
  // is in the cache, rather than scanned again by the parse.
  bool utf8 = false;
  ASSIGN_OR_RETURN(std::string contents, ReadFileOrStdin(path, fxg ? &utf8 : nullptr));
  const absl::string_view name = path == "-" ? "<stdin>" : path;
  if (absl::EndsWith(path, ".pb") || absl::EndsWith(path, ".binpb")) {
    return ParseExportedProgramBinary(contents, name);
  }
  if (fxg) {
    return ParseExportedProgramFxg(contents, name,
                                   utf8 ? Utf8Check::kAlreadyChecked : Utf8Check::kScan);
  }
  return ParseExportedProgramJson(contents, name);
}

}  // namespace fxpp
