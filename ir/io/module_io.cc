#include "ir/io/module_io.h"


#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/bulk_buffer.h"
#include "ir/diagnostic.h"
#include "ir/fx_text/py_repr.h"
#include "ir/fxg/fxg.h"
#include "ir/io/file_io.h"
#include "ir/proto/convert.h"
#include "ir/proto/json_position.h"
#include "ir/dot/dot.h"
#include "ir/readable/readable.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

constexpr std::pair<Format, absl::string_view> kNames[] = {
    {Format::kFx, "fx"},   {Format::kFxg, "fxg"},           {Format::kJson, "json"},
    {Format::kPb, "pb"},   {Format::kReadable, "readable"}, {Format::kDot, "dot"},
};

}  // namespace

absl::string_view FormatName(Format format) {
  for (const auto& [f, name] : kNames) {
    if (f == format) return name;
  }
  return "unknown";
}

absl::StatusOr<Format> ParseFormatName(absl::string_view name) {
  for (const auto& [f, n] : kNames) {
    if (n == name) return f;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown format '", name, "' (expected fx, fxg, json, pb, readable or dot)"));
}

absl::optional<Format> FormatFromPath(absl::string_view path) {
  if (absl::EndsWith(path, ".fxg")) return Format::kFxg;
  if (absl::EndsWith(path, ".fx")) return Format::kFx;
  if (absl::EndsWith(path, ".json")) return Format::kJson;
  if (absl::EndsWith(path, ".pb") || absl::EndsWith(path, ".binpb")) return Format::kPb;
  if (absl::EndsWith(path, ".py") || absl::EndsWith(path, ".txt")) return Format::kReadable;
  if (absl::EndsWith(path, ".dot") || absl::EndsWith(path, ".gv")) return Format::kDot;
  return absl::nullopt;
}

absl::optional<Format> FormatFromContents(absl::string_view contents) {
  contents = absl::StripLeadingAsciiWhitespace(contents);
  if (absl::StartsWith(contents, "fxg ")) return Format::kFxg;
  if (absl::StartsWith(contents, "{")) return Format::kJson;
  if (absl::StartsWith(contents, "graph(")) return Format::kFx;
  return absl::nullopt;
}

namespace {

// Parses `loaded->source` as `format`, a text format; `utf8` says whether
// the text was checked for UTF-8 already.
absl::Status ParseText(absl::string_view name, Format format, Utf8Check utf8,
                       LoadedModule* loaded) {
  const absl::string_view text = loaded->source;
  switch (format) {
    case Format::kFx: {
      ASSIGN_OR_RETURN(ParsedFxModule parsed, ParseFxModule(text, name, utf8));
      loaded->fx_facts = std::make_unique<FxPrintFacts>(std::move(parsed.facts));
      loaded->fx_print = parsed.print_options();
      loaded->fx_print.facts = loaded->fx_facts.get();
      loaded->node_positions = std::move(parsed.node_positions);
      loaded->module = std::move(parsed.module);
      return absl::OkStatus();
    }
    case Format::kFxg: {
      ASSIGN_OR_RETURN(loaded->module, ParseFxg(text, name, &loaded->node_positions, utf8));
      return absl::OkStatus();
    }
    case Format::kJson: {
      ASSIGN_OR_RETURN(loaded->module, ParseJson(text, name));
      return absl::OkStatus();
    }
    case Format::kPb:
    case Format::kReadable:
    case Format::kDot:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      name, ": the ", FormatName(format), " format is output only; read fx, fxg, json or pb"));
}

// `owned`, when given, holds `contents` and is moved into the result instead
// of copying the text (and given back on an error, for its diagnostic);
// `owned_utf8` says whether it was checked for UTF-8 as it was read.
absl::StatusOr<LoadedModule> Parse(absl::string_view contents, std::string* owned,
                                   absl::string_view name, Format format,
                                   Utf8Check owned_utf8 = Utf8Check::kScan) {
  LoadedModule loaded;
  loaded.format = format;
  loaded.source_name = std::string(name);
  if (format == Format::kPb) {
    // Protobuf binary has no lines: its errors name the module and node.
    ASSIGN_OR_RETURN(loaded.module, ParseBinary(contents, name));
    return loaded;
  }
  // The text formats keep their text for located errors, and are read
  // from that copy: checked for UTF-8 as it is made, it is not scanned
  // again (JSON's parser does its own check).
  Utf8Check utf8 = owned_utf8;
  if (owned != nullptr) {
    loaded.source = std::move(*owned);
  } else {
    ReserveForBulkFill(&loaded.source, contents.size());
    utf8 = AppendCheckingUtf8(contents, &loaded.source) ? Utf8Check::kAlreadyChecked
                                                        : Utf8Check::kScan;
  }
  const absl::Status parsed = ParseText(name, format, utf8, &loaded);
  if (parsed.ok()) return loaded;
  if (owned != nullptr) *owned = std::move(loaded.source);
  return parsed;
}

// ParseModuleContents of contents ReadFileOrStdin checked for UTF-8 or not.
absl::StatusOr<LoadedModule> ParseContents(std::string contents, absl::string_view path,
                                           absl::optional<Format> format, Utf8Check utf8) {
  absl::optional<Format> f = format;
  if (!f.has_value()) f = FormatFromPath(path);
  if (!f.has_value()) f = FormatFromContents(contents);
  const absl::string_view name = path == "-" ? "<stdin>" : path;
  if (f.has_value()) {
    absl::StatusOr<LoadedModule> loaded = Parse(contents, &contents, name, *f, utf8);
    if (!loaded.ok()) return AsDiagnostic(loaded.status(), name, contents);
    return loaded;
  }
  // Parse gives the text back on an error, for the checks below.
  absl::StatusOr<LoadedModule> fxg = Parse(contents, &contents, name, Format::kFxg, utf8);
  if (fxg.ok()) return fxg;
  // Protobuf binary has no magic text to recognise it by.
  const bool binary = std::any_of(contents.begin(), contents.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\r' && c != '\t';
  });
  if (!binary) return AsDiagnostic(fxg.status(), name, contents);
  return absl::Status(fxg.status().code(),
                      absl::StrCat(AsDiagnostic(fxg.status(), name, contents).message(),
                                   "\n", name, ": note: this looks like binary data: for protobuf "
                                   "binary, give --from=pb or a .pb file name"));
}

}  // namespace

absl::StatusOr<LoadedModule> ParseModule(absl::string_view contents, absl::string_view name,
                                         Format format) {
  absl::StatusOr<LoadedModule> loaded = Parse(contents, nullptr, name, format);
  if (!loaded.ok()) return AsDiagnostic(loaded.status(), name, contents);
  return loaded;
}

namespace {

// Where a JSON input defined `node` of the submodule at `module_path`: the
// key of its "name". JSON readers keep no positions (protobuf's parser
// reports none), so this is found only once an error needs it, by the
// node's index and the submodules' order, which the reader keeps.
absl::optional<size_t> JsonNodeOffset(const LoadedModule& loaded, absl::string_view module_path,
                                      const Node& node) {
  std::string path = "module";
  const GraphModule* module = loaded.module.get();
  for (absl::string_view name : absl::StrSplit(module_path, '.', absl::SkipEmpty())) {
    const auto& children = module->children();
    const auto it = std::find_if(children.begin(), children.end(),
                                 [&](const GraphModule::Child& c) { return c.first == name; });
    if (it == children.end()) return absl::nullopt;
    absl::StrAppend(&path, ".children[", it - children.begin(), "].module");
    module = it->second.get();
  }
  size_t index = 0;
  for (const Node* n : module->graph().nodes()) {
    if (n == &node) {
      return json_position::FindPath(loaded.source,
                                     absl::StrCat(path, ".graph.nodes[", index, "].name"));
    }
    ++index;
  }
  return absl::nullopt;
}

}  // namespace

absl::Status VerifyLoadedModule(const LoadedModule& loaded, const ModuleVerifyOptions& options) {
  const absl::Status verified = VerifyGraphModule(*loaded.module, options);
  if (verified.ok()) return verified;
  const absl::optional<ErrorNode> about = NodeOfError(verified);
  const GraphModule* module =
      about.has_value() ? loaded.module->FindSubmodule(about->module_path) : nullptr;
  const Node* node = module != nullptr && module->has_graph()
                         ? module->graph().FindNode(about->node_name)
                         : nullptr;
  absl::optional<size_t> offset;
  if (node != nullptr) {
    offset = loaded.format == Format::kJson ? JsonNodeOffset(loaded, about->module_path, *node)
                                            : loaded.node_positions.Find(*node);
  }
  if (!offset.has_value() || loaded.source.empty()) {
    return absl::Status(verified.code(),
                        absl::StrCat(loaded.source_name, ": error: ", verified.message()));
  }
  return absl::Status(verified.code(), FormatDiagnostic(loaded.source_name, loaded.source, *offset,
                                                        verified.message()));
}

absl::StatusOr<LoadedModule> ReadModule(absl::string_view path, absl::optional<Format> format) {
  bool utf8 = false;
  ASSIGN_OR_RETURN(std::string contents, ReadFileOrStdin(path, &utf8));
  return ParseContents(std::move(contents), path, format,
                       utf8 ? Utf8Check::kAlreadyChecked : Utf8Check::kScan);
}

absl::StatusOr<LoadedModule> ParseModuleContents(std::string contents,
                                                 absl::string_view path,
                                                 absl::optional<Format> format) {
  return ParseContents(std::move(contents), path, format, Utf8Check::kScan);
}

absl::StatusOr<std::string> RenderModule(const GraphModule& module, Format format,
                                         const FxPrintOptions& fx_print) {
  // What a reader would refuse is not written (an output node without a
  // value, nesting beyond ir/limits.h).
  absl::Status valid = VerifyWritable(module);
  if (!valid.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write this module in any format: ", valid.message()));
  }
  switch (format) {
    case Format::kFx: {
      if (!module.has_graph()) return absl::InvalidArgumentError("module has no graph");
      return PrintFxModule(module, fx_print);
    }
    case Format::kFxg:
      return PrintFxg(module);
    case Format::kJson:
      return SerializeJson(module);
    case Format::kPb:
      return SerializeBinary(module);
    case Format::kReadable:
      return PrintReadable(module);
    case Format::kDot:
      return PrintDot(module);
  }
  return absl::InternalError("unknown format");
}

}  // namespace fxpp
