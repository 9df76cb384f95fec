#include "passes/op_schema/schema_table.h"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"
#include "re2/re2.h"

namespace fxpp {

// The bundled schema text (passes/op_schema/aten_schemas.txt), compiled in by
// the :aten_schemas_data genrule.
extern const char kAtenSchemaText[];

namespace {

// `ns::name[.overload](arguments) -> returns`
const RE2& HeaderPattern() {
  static const RE2* const kPattern = new RE2(R"((\w+)::(\w+)(?:\.(\w+))?\((.*)\) -> (.*))");
  return *kPattern;
}

// An alias annotation inside a type: `(a)`, `(a!)`, `(a -> *)`, `(*)`.
const RE2& AliasPattern() {
  static const RE2* const kPattern = new RE2(R"(\((\w+|\*)(!?)(?:\s*->\s*\*)?\))");
  return *kPattern;
}

// What follows the type: `name` or `name=default`.
const RE2& NamePattern() {
  static const RE2* const kPattern = new RE2(R"((\w+)(?:=(.+))?)");
  return *kPattern;
}

// This Abseil's string_view is not std::string_view, which RE2 takes.
re2::StringPiece Piece(absl::string_view text) { return re2::StringPiece(text.data(), text.size()); }

// Position of the first `delimiter` outside brackets, or npos.
size_t FindTopLevel(absl::string_view text, char delimiter) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth == 0 && c == delimiter) return i;
  }
  return absl::string_view::npos;
}

std::vector<absl::string_view> SplitTopLevel(absl::string_view text) {
  std::vector<absl::string_view> parts;
  text = absl::StripAsciiWhitespace(text);
  while (!text.empty()) {
    const size_t comma = FindTopLevel(text, ',');
    parts.push_back(absl::StripAsciiWhitespace(text.substr(0, comma)));
    if (comma == absl::string_view::npos) break;
    text = text.substr(comma + 1);
  }
  return parts;
}

absl::StatusOr<SchemaArgument> ParseArgument(absl::string_view text, absl::string_view schema) {
  SchemaArgument arg;
  const size_t space = FindTopLevel(text, ' ');
  std::string type(text.substr(0, space));
  std::string write_flag;
  if (RE2::PartialMatch(type, AliasPattern(), &arg.alias_set, &write_flag)) {
    arg.is_write = !write_flag.empty();
    RE2::Replace(&type, AliasPattern(), "");
  }
  arg.type = std::move(type);
  if (space != absl::string_view::npos) {
    const absl::string_view rest = absl::StripAsciiWhitespace(text.substr(space + 1));
    std::string default_value;
    if (!RE2::FullMatch(Piece(rest), NamePattern(), &arg.name, &default_value)) {
      return absl::InvalidArgumentError(absl::StrCat("schema '", schema, "': expected a name ",
                                                     "(and =default) after the type in '",
                                                     text, "'"));
    }
    if (!default_value.empty()) arg.default_value = std::move(default_value);
  }
  return arg;
}

// Arguments equal up to alias annotations and defaults: how PyTorch pairs
// an op with its functional variant.
// With `any_first_name`, the first arguments may be named differently: an
// in-place op's is `self`, its twin's sometimes `input` (dropout_/dropout),
// and calls pass it by position.
bool SameArguments(const std::vector<const SchemaArgument*>& a,
                   const std::vector<SchemaArgument>& b, bool any_first_name) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if ((a[i]->name != b[i].name && !(i == 0 && any_first_name)) || a[i]->type != b[i].type ||
        a[i]->kwarg_only != b[i].kwarg_only) {
      return false;
    }
  }
  return true;
}

// Among `candidates`, the non-mutating one whose arguments are `arguments`,
// preferring the overload called `overload`.
const OpSchema* MatchingOverload(const std::vector<const OpSchema*>& candidates,
                                 const std::vector<const SchemaArgument*>& arguments,
                                 absl::string_view overload, bool any_first_name = false) {
  const OpSchema* found = nullptr;
  for (const OpSchema* candidate : candidates) {
    if (candidate->is_mutable() ||
        !SameArguments(arguments, candidate->arguments, any_first_name)) {
      continue;
    }
    if (candidate->overload == overload) return candidate;
    if (found == nullptr) found = candidate;
  }
  return found;
}

std::vector<const SchemaArgument*> AllArguments(const OpSchema& schema) {
  std::vector<const SchemaArgument*> out;
  for (const SchemaArgument& a : schema.arguments) out.push_back(&a);
  return out;
}

}  // namespace

bool SchemaArgument::is_tensor_like() const { return absl::StartsWith(type, "Tensor"); }

std::string OpSchema::QualifiedName() const {
  return overload.empty() ? absl::StrCat(ns, "::", name)
                          : absl::StrCat(ns, "::", name, ".", overload);
}

std::string OpSchema::FxTarget() const {
  return absl::StrCat("torch.ops.", ns, ".", name, ".", overload.empty() ? "default" : overload);
}

std::vector<int> OpSchema::MutatedArguments() const {
  std::vector<int> out;
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i].is_write) out.push_back(static_cast<int>(i));
  }
  return out;
}

bool OpSchema::is_inplace() const {
  return absl::EndsWith(name, "_") && !absl::EndsWith(name, "__") && !arguments.empty() &&
         arguments[0].is_write;
}

bool OpSchema::is_out() const {
  const std::vector<int> mutated = MutatedArguments();
  if (mutated.empty() || is_inplace()) return false;
  for (int i : mutated) {
    if (!arguments[i].kwarg_only) return false;
  }
  return true;
}

int OpSchema::aliased_argument() const {
  for (const SchemaArgument& r : returns) {
    if (r.alias_set.empty() || r.is_write) continue;
    for (size_t i = 0; i < arguments.size(); ++i) {
      if (arguments[i].alias_set == r.alias_set) return static_cast<int>(i);
    }
  }
  return -1;
}

int OpSchema::ArgumentIndex(absl::string_view arg_name) const {
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i].name == arg_name) return static_cast<int>(i);
  }
  return -1;
}

absl::StatusOr<OpSchema> ParseSchema(absl::string_view text) {
  OpSchema schema;
  std::string arguments, returns;
  if (!RE2::FullMatch(Piece(text), HeaderPattern(), &schema.ns, &schema.name, &schema.overload,
                      &arguments, &returns)) {
    return absl::InvalidArgumentError(
        absl::StrCat("schema '", text, "': expected 'ns::name[.overload](args) -> returns'"));
  }
  bool kwarg_only = false;
  for (absl::string_view part : SplitTopLevel(arguments)) {
    if (part == "*") {
      kwarg_only = true;
      continue;
    }
    ASSIGN_OR_RETURN(SchemaArgument arg, ParseArgument(part, text));
    arg.kwarg_only = kwarg_only;
    schema.arguments.push_back(std::move(arg));
  }
  absl::string_view result = absl::StripAsciiWhitespace(returns);
  // `(A, B)` is a tuple of results; `()` none; anything else one result.
  if (absl::StartsWith(result, "(") && FindTopLevel(result, ')') == result.size() - 1) {
    result = result.substr(1, result.size() - 2);
  }
  for (absl::string_view part : SplitTopLevel(result)) {
    ASSIGN_OR_RETURN(SchemaArgument ret, ParseArgument(part, text));
    schema.returns.push_back(std::move(ret));
  }
  return schema;
}

absl::StatusOr<SchemaTable> SchemaTable::Parse(absl::string_view text) {
  SchemaTable table;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || absl::StartsWith(line, "#")) continue;
    absl::StatusOr<OpSchema> schema = ParseSchema(line);
    absl::Status added = schema.ok() ? table.Add(*std::move(schema)) : schema.status();
    if (!added.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ": ", added.message()));
    }
  }
  return table;
}

const SchemaTable& SchemaTable::Default() {
  static const SchemaTable* const kTable = [] {
    absl::StatusOr<SchemaTable> table = Parse(kAtenSchemaText);
    if (!table.ok()) {  // programmer error: schema_table_test parses the same data
      std::cerr << "bundled schema table: " << table.status() << "\n";
      std::abort();
    }
    return new SchemaTable(*std::move(table));
  }();
  return *kTable;
}

absl::Status SchemaTable::Add(OpSchema schema) {
  std::string qualified = schema.QualifiedName();
  if (by_qualified_name_.contains(qualified)) {
    return absl::AlreadyExistsError(absl::StrCat("schema '", qualified, "' is already in the table"));
  }
  schemas_.push_back(std::make_unique<OpSchema>(std::move(schema)));
  const OpSchema* added = schemas_.back().get();
  by_qualified_name_.emplace(std::move(qualified), added);
  by_name_[absl::StrCat(added->ns, "::", added->name)].push_back(added);
  return absl::OkStatus();
}

const OpSchema* SchemaTable::Find(absl::string_view target) const {
  std::string qualified;
  if (absl::ConsumePrefix(&target, "torch.ops.")) {
    // ns.name.overload
    const size_t first = target.find('.');
    const size_t last = target.rfind('.');
    if (first == absl::string_view::npos || first == last) return nullptr;
    const absl::string_view overload = target.substr(last + 1);
    qualified = absl::StrCat(target.substr(0, first), "::", target.substr(first + 1, last - first - 1));
    if (overload != "default") absl::StrAppend(&qualified, ".", overload);
  } else {
    qualified = std::string(target);
  }
  auto it = by_qualified_name_.find(qualified);
  return it == by_qualified_name_.end() ? nullptr : it->second;
}

const std::vector<const OpSchema*>& SchemaTable::Overloads(absl::string_view ns,
                                                           absl::string_view name) const {
  static const std::vector<const OpSchema*>* const kNone = new std::vector<const OpSchema*>();
  auto it = by_name_.find(absl::StrCat(ns, "::", name));
  return it == by_name_.end() ? *kNone : it->second;
}

const OpSchema* SchemaTable::FunctionalVariant(const OpSchema& schema) const {
  if (schema.is_inplace()) {
    const absl::string_view base = absl::string_view(schema.name).substr(0, schema.name.size() - 1);
    return MatchingOverload(Overloads(schema.ns, base), AllArguments(schema), schema.overload,
                            /*any_first_name=*/true);
  }
  if (schema.is_out()) {
    std::vector<const SchemaArgument*> inputs;
    for (const SchemaArgument& a : schema.arguments) {
      if (!a.is_write) inputs.push_back(&a);
    }
    return MatchingOverload(Overloads(schema.ns, schema.name), inputs, schema.overload);
  }
  if (schema.is_mutable()) {
    const std::vector<const OpSchema*>& candidates =
        Overloads(schema.ns, absl::StrCat(schema.name, "_functional"));
    const OpSchema* found = MatchingOverload(candidates, AllArguments(schema), schema.overload);
    const size_t expected_returns = schema.returns.size() + schema.MutatedArguments().size();
    return found != nullptr && found->returns.size() == expected_returns ? found : nullptr;
  }
  return nullptr;
}

namespace {

struct RegisteredSchemas {
  std::mutex mu;
  SchemaTable table;  // guarded by mu; its schemas never move or go
  std::atomic<uint64_t> version{0};

  static RegisteredSchemas& Get() {
    static RegisteredSchemas* const kRegistered = new RegisteredSchemas();  // leaked on purpose
    return *kRegistered;
  }
};

}  // namespace

absl::Status RegisterSchema(absl::string_view text) {
  ASSIGN_OR_RETURN(OpSchema schema, ParseSchema(text));
  const std::string qualified = schema.QualifiedName();
  if (SchemaTable::Default().Find(qualified) != nullptr) return absl::OkStatus();
  RegisteredSchemas& registered = RegisteredSchemas::Get();
  std::lock_guard<std::mutex> lock(registered.mu);
  if (registered.table.Find(qualified) != nullptr) return absl::OkStatus();
  RETURN_IF_ERROR(registered.table.Add(std::move(schema)));
  registered.version.fetch_add(1, std::memory_order_release);
  return absl::OkStatus();
}

const OpSchema* FindSchema(absl::string_view target) {
  if (const OpSchema* bundled = SchemaTable::Default().Find(target)) return bundled;
  RegisteredSchemas& registered = RegisteredSchemas::Get();
  if (registered.version.load(std::memory_order_acquire) == 0) return nullptr;
  std::lock_guard<std::mutex> lock(registered.mu);
  return registered.table.Find(target);
}

uint64_t RegisteredSchemasVersion() {
  return RegisteredSchemas::Get().version.load(std::memory_order_acquire);
}

}  // namespace fxpp
