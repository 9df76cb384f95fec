#include "tools/driver.h"

#include <iostream>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/stubs/logging.h"
#include "google/protobuf/struct.pb.h"
#include "export/program_proto.h"
#include "google/protobuf/util/json_util.h"
#include "ir/diagnostic.h"
#include "ir/io/file_io.h"
#include "ir/status_macros.h"
#include "passes/pipeline.h"
#include "tools/cli.h"
#include "tools/pass_flags.h"

ABSL_FLAG(std::string, from, "",
          "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, to, "",
          "output format (fx, fxg, json, pb, readable, dot); alias --format; default: by -o "
          "extension, else the tool's");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::string, report, "text",
          "the passes' report: text or json, on stderr (on stdout when the module goes to a "
          "file); or a FILE to write it to (json when FILE ends in .json)");

namespace fxpp {
namespace {

// The flags a preset adds to the shared ones: every pass option (once per
// name: `split --tags` sets the tags of each pass that has them), the
// switches of optional passes and the extra outputs.
std::vector<PassOptionInfo> PresetFlags(const ToolPreset& preset) {
  std::vector<PassOptionInfo> flags;
  absl::flat_hash_set<std::string> seen;
  auto add = [&](PassOptionInfo info) {
    if (seen.insert(info.name).second) flags.push_back(std::move(info));
  };
  for (const ToolPass& pass : preset.passes) {
    for (const PassOptionInfo& option : pass.descriptor->options()) add(option);
    if (!pass.enabled_by.empty()) {
      add({pass.enabled_by, PassOptionType::kBool, "false", pass.enabled_by_help});
    }
  }
  for (const ToolExtraOutput& output : preset.extra_outputs) {
    add({output.flag, PassOptionType::kString, "", output.help});
  }
  return flags;
}

std::string PresetHelp(const ToolPreset& preset) {
  std::string help = preset.usage;
  std::vector<PassOptionInfo> tool_flags;
  for (const ToolPass& pass : preset.passes) {
    absl::StrAppend(&help, "\n\n", PassFlagsHelp(*pass.descriptor));
    if (!pass.enabled_by.empty()) {
      tool_flags.push_back({pass.enabled_by, PassOptionType::kBool, "false", pass.enabled_by_help});
    }
  }
  for (const ToolExtraOutput& output : preset.extra_outputs) {
    tool_flags.push_back({output.flag, PassOptionType::kString, "", output.help});
  }
  if (!tool_flags.empty()) absl::StrAppend(&help, "\n", OptionFlagsHelp("Tool options:", tool_flags));
  return help;
}

// The value a flag was given, if it was.
const std::string* FlagValue(const PassOptionValues& values, absl::string_view name) {
  for (const auto& [flag, value] : values) {
    if (flag == name) return &value;
  }
  return nullptr;
}

// The passes the command line asks for, built from its flags.
absl::StatusOr<std::vector<std::unique_ptr<Pass>>> BuildPasses(const ToolPreset& preset,
                                                              const PassOptionValues& flags,
                                                              bool example, bool stateless) {
  std::vector<std::unique_ptr<Pass>> passes;
  for (const ToolPass& tool_pass : preset.passes) {
    if (!tool_pass.enabled_by.empty()) {
      const std::string* enabled = FlagValue(flags, tool_pass.enabled_by);
      bool on = false;
      if (enabled != nullptr) {
        absl::Status parsed = PassOptionTraits<bool>::Parse(*enabled, &on);
        if (!parsed.ok()) {
          return absl::InvalidArgumentError(
              absl::StrCat("--", tool_pass.enabled_by, ": ", parsed.message()));
        }
      }
      if (!on) continue;
    }
    const PassDescriptor& descriptor = *tool_pass.descriptor;
    PassOptionValues values;
    auto add = [&](const std::string& name, const std::string& value) {
      if (!FindPassOption(descriptor, name).ok() || FlagValue(values, name) != nullptr) return;
      const bool path = std::find(preset.path_options.begin(), preset.path_options.end(), name) !=
                        preset.path_options.end();
      values.emplace_back(name, path && !value.empty() ? ResolveUserPath(value) : value);
    };
    for (const auto& [name, value] : flags) {
      if (FlagValue(values, name) != nullptr) {
        return absl::InvalidArgumentError(absl::StrCat("--", name, " given twice"));
      }
      add(name, value);
    }
    if (example) {
      for (const auto& [name, path] : preset.example_options) add(name, BundledPath(path));
    }
    if (stateless) {
      for (const auto& [name, value] : preset.stateless_input_options) add(name, value);
    }
    ASSIGN_OR_RETURN(std::unique_ptr<Pass> pass, descriptor.Create(values));
    passes.push_back(std::move(pass));
  }
  return passes;
}

// --report: "text" or "json" on a stream, or a file.
struct ReportTarget {
  bool json = false;
  std::string file;  // empty: stderr, or stdout when the module went to a file
};

ReportTarget ParseReportFlag(const std::string& value) {
  if (value == "text" || value == "json") return {value == "json", ""};
  return {absl::EndsWith(value, ".json"), ResolveUserPath(value)};
}

// One pass: its JSON details, else its statistics as an object. Several:
// an object with one such entry per pass name.
absl::StatusOr<std::string> JsonReport(absl::Span<const std::unique_ptr<Pass>> passes) {
  google::protobuf::Struct all;
  for (const std::unique_ptr<Pass>& pass : passes) {
    const PassReport report = pass->Report();
    if (passes.size() == 1 && !report.json.empty()) return report.json;
    google::protobuf::Struct one;
    if (!report.json.empty()) {
      if (!google::protobuf::util::JsonStringToMessage(report.json, &one).ok()) {
        return absl::InternalError(absl::StrCat("pass ", pass->name(), " reported invalid JSON"));
      }
    } else {
      for (const PassStatistic& statistic : report.statistics) {
        (*one.mutable_fields())[statistic.name].set_number_value(
            static_cast<double>(statistic.value));
      }
    }
    if (passes.size() == 1) return JsonText(one);
    (*all.mutable_fields())[std::string(pass->name())].mutable_struct_value()->Swap(&one);
  }
  return JsonText(all);
}

// The input: a module (verified), or an exported program.
struct ToolInput {
  LoadedModule loaded;
  absl::optional<ExportedProgram> program;
};

absl::StatusOr<ToolInput> ReadToolInput(const ToolPreset& preset, const std::string& path,
                                        absl::optional<Format> from) {
  ASSIGN_OR_RETURN(std::string contents, ReadFileOrStdin(path));
  const std::string name = path == "-" ? "<stdin>" : path;
  absl::optional<Format> format = from;
  if (!format.has_value()) format = FormatFromPath(path);
  if (!format.has_value()) format = FormatFromContents(contents);
  ToolInput input;
  // An exported program is JSON with a graph signature, or protobuf binary
  // that parses and validates as one (a module's binary does not).
  const bool binary = format == Format::kPb;
  if (preset.from_program != nullptr || binary ||
      (format == Format::kJson && absl::StrContains(contents, "\"graph_signature\""))) {
    absl::StatusOr<ExportedProgram> program = [&] {
      // A module's binary read as a program may make protobuf log about
      // strings that are not UTF-8: a guess, not the user's error.
      google::protobuf::LogSilencer quiet;
      return binary ? ParseExportedProgramBinary(contents, name)
                    : ParseExportedProgramJson(contents, name);
    }();
    if (program.ok()) {
      input.program = *std::move(program);
      return input;
    }
    if (preset.from_program != nullptr || !binary) {
      return AsDiagnostic(program.status(), name, contents);
    }
  }
  ASSIGN_OR_RETURN(input.loaded, ParseModuleContents(std::move(contents), path, from));
  RETURN_IF_ERROR(VerifyInputModule(input.loaded, preset.allow_forward_references));
  return input;
}

// fmt of an exported program: json and pb hold all of it, readable and dot
// show its graph; fx and fxg would drop the signature.
absl::StatusOr<std::string> RenderProgram(const ExportedProgram& program, Format to) {
  switch (to) {
    case Format::kJson:
      return SerializeExportedProgramJson(program);
    case Format::kPb:
      return SerializeExportedProgramBinary(program);
    case Format::kReadable:
    case Format::kDot:
      return RenderModule(*program.graph_module, to);
    case Format::kFx:
    case Format::kFxg:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "an exported program (graph signature, state, module call graph) cannot be written as ",
      FormatName(to), ": use json or pb (readable or dot to look at its graph), or `unflatten` "
      "it into a module first"));
}

// Long function: every tool's run in order (flags, input, passes, outputs,
// report), each step a call; split up, the order would be harder to follow.
absl::Status Run(const ToolPreset& preset, const std::vector<std::string>& args,
                 const PassOptionValues& flags) {
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const bool example = args.empty();
  const std::string in = example ? BundledPath(preset.example) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  const std::string out = ResolveUserPath(absl::GetFlag(FLAGS_o));
  const ReportTarget report_target = ParseReportFlag(absl::GetFlag(FLAGS_report));
  absl::optional<Format> to;
  if (!absl::GetFlag(FLAGS_to).empty()) {
    ASSIGN_OR_RETURN(to, ParseFormatName(absl::GetFlag(FLAGS_to)));
  } else {
    to = FormatFromPath(out);
  }
  if (to == Format::kFx && !preset.fx_refused_because.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        preset.fx_refused_because, ", which FX text cannot hold; use fxg, json, pb or readable"));
  }

  ASSIGN_OR_RETURN(ToolInput input, ReadToolInput(preset, in, from));
  OutputFiles outputs;
  if (input.program.has_value() && preset.from_program == nullptr) {
    if (!preset.passes.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          in, " is an exported program; ", preset.name,
          " works on modules: unflatten it first (tools/unflatten)"));
    }
    ASSIGN_OR_RETURN(std::string rendered,
                     RenderProgram(*input.program, to.value_or(Format::kJson)));
    RETURN_IF_ERROR(outputs.Add(out, rendered));
    return outputs.Commit();
  }
  if (input.program.has_value()) {
    ASSIGN_OR_RETURN(input.loaded.module, preset.from_program(*std::move(input.program)));
  }
  GraphModule& module = *input.loaded.module;
  const bool stateless = !ModuleHasState(module);

  std::string before;
  if (example && preset.example_shows_before) {
    ASSIGN_OR_RETURN(before, RenderModule(module, Format::kFx, input.loaded.fx_print));
  }
  ASSIGN_OR_RETURN(std::vector<std::unique_ptr<Pass>> passes,
                   BuildPasses(preset, flags, example, stateless));
  PassPipeline::Options checks;
  checks.verify_input = false;  // ReadToolInput verified it, as this tool accepts it
  checks.verify.check_attributes = !stateless;
  PassPipeline pipeline(checks);
  for (std::unique_ptr<Pass>& pass : passes) pipeline.Add(std::move(pass));
  RETURN_IF_ERROR(pipeline.Run(module).status());

  std::string report;
  for (const std::unique_ptr<Pass>& pass : pipeline.passes()) report += pass->Report().text;
  if (preset.after_passes != nullptr) RETURN_IF_ERROR(preset.after_passes(module, &report));
  if (report_target.json && !pipeline.passes().empty()) {
    ASSIGN_OR_RETURN(report, JsonReport(pipeline.passes()));
  }

  std::string rendered;
  if (!to.has_value() && out == "-" && preset.summary != nullptr) {
    rendered = preset.summary(module);
  } else {
    Format format = to.value_or(example ? preset.example_to.value_or(preset.default_to)
                                        : preset.default_to);
    if (!to.has_value() && format == Format::kFx && !module.children().empty()) {
      format = Format::kFxg;  // FX text holds one graph
    }
    ASSIGN_OR_RETURN(rendered, RenderModule(module, format, input.loaded.fx_print));
  }
  if (!before.empty() && out == "-") {
    rendered = absl::StrCat("== before\n", before, "\n== after\n", rendered);
  }

  // Every output or none.
  RETURN_IF_ERROR(outputs.Add(out, rendered));
  for (const ToolExtraOutput& extra : preset.extra_outputs) {
    const std::string* path = FlagValue(flags, extra.flag);
    if (path == nullptr || path->empty()) continue;
    ASSIGN_OR_RETURN(std::string contents, extra.render(pipeline.passes()));
    RETURN_IF_ERROR(outputs.Add(ResolveUserPath(*path), contents));
  }
  if (!report_target.file.empty()) RETURN_IF_ERROR(outputs.Add(report_target.file, report));
  RETURN_IF_ERROR(outputs.Commit());
  // A module on stdout is piped into other tools (fmt, dot): nothing else
  // may follow it there.
  if (report_target.file.empty()) (out == "-" ? std::cerr : std::cout) << report;
  if (example) NoteBundledExample(preset.name, preset.example);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> JsonText(const google::protobuf::Struct& json) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  std::string out;
  if (!google::protobuf::util::MessageToJsonString(json, &out, options).ok()) {
    return absl::InternalError("cannot print JSON");
  }
  return out;
}

int RunPresetTool(int argc, char** argv, const ToolPreset& preset) {
  std::vector<std::string> args(argv, argv + argc);
  const std::vector<PassOptionInfo> preset_flags = PresetFlags(preset);
  const PassOptionValues flags = ExtractOptionFlags(preset_flags, args);
  std::vector<char*> rest;
  for (std::string& arg : args) rest.push_back(arg.data());
  std::vector<std::string> names;
  for (const PassOptionInfo& flag : preset_flags) names.push_back(flag.name);
  const std::vector<std::string> positional =
      ParseToolFlags(static_cast<int>(rest.size()), rest.data(), PresetHelp(preset), names);
  return RunTool(preset.name, [&] { return Run(preset, positional, flags); });
}

}  // namespace fxpp
