#include "ir/io/module_io.h"


#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/fxg/fxg.h"
#include "ir/proto/convert.h"
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

// `owned`, when given, holds `contents` and is moved into the result instead
// of copying the text.
absl::StatusOr<LoadedModule> Parse(absl::string_view contents, std::string* owned,
                                   absl::string_view name, Format format) {
  LoadedModule loaded;
  loaded.format = format;
  loaded.source_name = std::string(name);
  switch (format) {
    case Format::kFx: {
      ASSIGN_OR_RETURN(ParsedFxGraph parsed, ParseFxGraph(contents, name));
      loaded.fx_facts = std::make_unique<FxPrintFacts>(std::move(parsed.facts));
      loaded.fx_print = parsed.print_options();
      loaded.fx_print.facts = loaded.fx_facts.get();
      loaded.node_positions.Add(parsed.graph.get(), std::move(parsed.node_offsets));
      loaded.module = std::make_unique<GraphModule>();
      loaded.module->set_graph(std::move(parsed.graph));
      break;
    }
    case Format::kFxg: {
      ASSIGN_OR_RETURN(loaded.module, ParseFxg(contents, name, &loaded.node_positions));
      break;
    }
    case Format::kJson: {
      ASSIGN_OR_RETURN(loaded.module, ParseJson(contents, name));
      return loaded;
    }
    case Format::kPb: {
      ASSIGN_OR_RETURN(loaded.module, ParseBinary(contents, name));
      return loaded;
    }
    case Format::kReadable:
    case Format::kDot:
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": the ", FormatName(format),
                       " format is output only; read fx, fxg, json or pb"));
  }
  // The text formats keep their text for located errors.
  loaded.source = owned != nullptr ? std::move(*owned) : std::string(contents);
  return loaded;
}

}  // namespace

absl::StatusOr<LoadedModule> ParseModule(absl::string_view contents, absl::string_view name,
                                         Format format) {
  return Parse(contents, nullptr, name, format);
}

absl::Status VerifyLoadedModule(const LoadedModule& loaded, const ModuleVerifyOptions& options) {
  const absl::Status verified = VerifyGraphModule(*loaded.module, options);
  if (verified.ok()) return verified;
  const absl::optional<ErrorNode> about = NodeOfError(verified);
  const GraphModule* module =
      about.has_value() ? loaded.module->FindSubmodule(about->module_path) : nullptr;
  const Node* node = module != nullptr && module->has_graph()
                         ? module->graph().FindNode(about->node_name)
                         : nullptr;
  const absl::optional<size_t> offset =
      node != nullptr ? loaded.node_positions.Find(*node) : absl::nullopt;
  if (!offset.has_value() || loaded.source.empty()) {
    return absl::Status(verified.code(),
                        absl::StrCat(loaded.source_name, ": ", verified.message()));
  }
  return absl::Status(verified.code(), SourceText(loaded.source, loaded.source_name)
                                           .Diagnostic(*offset, verified.message()));
}

absl::StatusOr<LoadedModule> ReadModule(absl::string_view path, absl::optional<Format> format) {
  ASSIGN_OR_RETURN(std::string contents, ReadFileOrStdin(path));
  return ParseModuleContents(std::move(contents), path, format);
}

absl::StatusOr<LoadedModule> ParseModuleContents(std::string contents,
                                                 absl::string_view path,
                                                 absl::optional<Format> format) {
  absl::optional<Format> f = format;
  if (!f.has_value()) f = FormatFromPath(path);
  if (!f.has_value()) f = FormatFromContents(contents);
  const absl::string_view name = path == "-" ? "<stdin>" : path;
  if (f.has_value()) return Parse(contents, &contents, name, *f);
  absl::StatusOr<LoadedModule> fxg = Parse(contents, nullptr, name, Format::kFxg);
  // Protobuf binary has no magic text to recognise it by.
  const bool binary = std::any_of(contents.begin(), contents.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\r' && c != '\t';
  });
  if (!fxg.ok() && binary) {
    return absl::Status(fxg.status().code(),
                        absl::StrCat(fxg.status().message(),
                                     " (this looks like binary data: for protobuf binary, give "
                                     "--from=pb or a .pb file name)"));
  }
  return fxg;
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
      for (const auto& [name, child] : module.children()) {
        if (child->has_graph()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "FX text holds one graph, but the module has subgraph '", name,
              "'; write fxg, json, pb or readable instead"));
        }
      }
      return PrintFxGraph(module.graph(), fx_print);
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
