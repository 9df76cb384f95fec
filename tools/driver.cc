#include "tools/driver.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "google/protobuf/struct.pb.h"
#include "export/program_fxg.h"
#include "export/program_input.h"
#include "export/program_proto.h"
#include "google/protobuf/util/json_util.h"
#include "ir/diagnostic.h"
#include "ir/io/file_io.h"
#include "ir/status_macros.h"
#include "passes/instrumentation.h"
#include "passes/pipeline.h"
#include "passes/registry.h"
#include "tools/cli.h"
#include "tools/pass_flags.h"

ABSL_FLAG(std::string, from, "",
          "input format (fx, fxg, json, pb); default: by extension, else by contents");
ABSL_FLAG(std::string, to, "",
          "output format (fx, fxg, json, pb, readable, dot); alias --format; default: by -o "
          "extension, else the tool's");
ABSL_FLAG(std::string, o, "-", "output file; - for stdout");
ABSL_FLAG(std::string, report, "",
          "the passes' report: text (when not given) or json, on stderr (on stdout when the module goes to a "
          "file); or a FILE to write it, timing and statistics to (json when FILE ends in .json). "
          "fxopt's report is its pass statistics (as --pass-statistics), on stderr or in FILE");
// The pipeline's checks and instrumentation (passes/pipeline.h,
// passes/instrumentation.h), the same on every tool.
ABSL_FLAG(bool, verify_each, true, "run the verifier after every pass that changed something");
ABSL_FLAG(bool, check_changed, false,
          "fail when a pass's changed flag disagrees with the module's fingerprint");
ABSL_FLAG(bool, print_after_all, false,
          "print the module to stderr after every pass; alias --print-ir-after-all");
ABSL_FLAG(bool, print_after_change, false,
          "print the module to stderr after every changing pass; alias --print-ir-after-change");
ABSL_FLAG(bool, print_before_all, false,
          "print the module to stderr before every pass; alias --print-ir-before-all");
ABSL_FLAG(std::string, print_before, "",
          "print the module to stderr before these passes (names); alias --print-ir-before");
ABSL_FLAG(bool, print_after_failure, false,
          "print the module to stderr after a pass that fails or breaks it; "
          "alias --print-ir-after-failure");
ABSL_FLAG(std::string, print_format, "fxg", "format of --print-* dumps");
ABSL_FLAG(std::string, time_passes, "",
          "print a timing table: text (also the bare flag) or json; alias --mlir-timing");
ABSL_FLAG(std::string, pass_statistics, "",
          "print every pass's statistics and report: text (also the bare flag) or json; "
          "alias --mlir-pass-statistics");

namespace fxpp {
namespace {

// The flags of the tool itself, beyond the shared ones and pass options:
// the switches of optional passes, the extra outputs, fxopt's pipeline.
std::vector<PassOptionInfo> ToolOnlyFlags(const ToolPreset& preset) {
  std::vector<PassOptionInfo> flags;
  if (preset.pipeline_from_flags) {
    flags.push_back({"passes", PassOptionType::kString, "",
                     "the pipeline: pass[{option=value,...}],... (see --list-passes); alias "
                     "--pass-pipeline"});
    flags.push_back({"list_passes", PassOptionType::kBool, "false",
                     "print every registered pass with its options and exit"});
  }
  for (const ToolPass& pass : preset.passes) {
    if (!pass.enabled_by.empty()) {
      flags.push_back({pass.enabled_by, PassOptionType::kBool, "false", pass.enabled_by_help});
    }
  }
  for (const ToolExtraOutput& output : preset.extra_outputs) {
    flags.push_back({output.flag, PassOptionType::kString, "", output.help});
  }
  return flags;
}

// The flags a preset adds to the shared ones: every pass option (once per
// name: `split --tags` sets the tags of each pass that has them) and its
// own flags.
std::vector<PassOptionInfo> PresetFlags(const ToolPreset& preset) {
  std::vector<PassOptionInfo> flags;
  absl::flat_hash_set<std::string> seen;
  auto add = [&](PassOptionInfo info) {
    if (seen.insert(info.name).second) flags.push_back(std::move(info));
  };
  for (const ToolPass& pass : preset.passes) {
    for (const PassOptionInfo& option : pass.descriptor->options()) add(option);
  }
  for (PassOptionInfo& flag : ToolOnlyFlags(preset)) add(std::move(flag));
  return flags;
}

std::string PresetHelp(const ToolPreset& preset) {
  std::string help = preset.usage;
  for (const ToolPass& pass : preset.passes) {
    absl::StrAppend(&help, "\n\n", PassFlagsHelp(*pass.descriptor));
  }
  const std::vector<PassOptionInfo> tool_flags = ToolOnlyFlags(preset);
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

// --report: "text" (or not given) or "json" on a stream, or a file.
struct ReportTarget {
  bool json = false;
  std::string file;  // empty: stderr, or stdout when the module went to a file
};

ReportTarget ParseReportFlag(const std::string& value) {
  if (value.empty() || value == "text" || value == "json") return {value == "json", ""};
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

// `sorts_first`: the pipeline starts with topo_sort, which takes a graph
// that uses nodes before defining them.
absl::StatusOr<ToolInput> ReadToolInput(const ToolPreset& preset, const std::string& path,
                                        absl::optional<Format> from, bool sorts_first) {
  ASSIGN_OR_RETURN(std::string contents, ReadFileOrStdin(path));
  const std::string name = path == "-" ? "<stdin>" : path;
  absl::optional<Format> format = from;
  if (!format.has_value()) format = FormatFromPath(path);
  if (!format.has_value()) format = FormatFromContents(contents);
  ToolInput input;
  absl::StatusOr<absl::optional<ExportedProgram>> program =
      ReadIfExportedProgram(contents, name, format, preset.from_program != nullptr);
  if (!program.ok()) return AsDiagnostic(program.status(), name, contents);
  if (program->has_value()) {
    input.program = *std::move(*program);
    return input;
  }
  ASSIGN_OR_RETURN(input.loaded, ParseModuleContents(std::move(contents), path, from));
  RETURN_IF_ERROR(
      VerifyInputModule(input.loaded, preset.allow_forward_references || sorts_first));
  return input;
}

absl::Status CheckTextOrJson(absl::string_view flag, absl::string_view value) {
  if (value.empty() || value == "text" || value == "json") return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("--", flag, " must be text or json, not '", value, "'"));
}

// The pipeline the command line runs, with the checks and instrumentations
// the shared flags ask for (owned here: the pipeline holds pointers).
struct ToolPipeline {
  std::string time_passes;  // "", "text" or "json"
  std::string statistics_format;
  PassPipeline pipeline;
  std::unique_ptr<IrPrintingInstrumentation> printing;
  std::unique_ptr<TimingInstrumentation> timing;
  StatisticsInstrumentation statistics;
  std::unique_ptr<GrowthNoticeInstrumentation> growth;

  // The timing table and statistics asked for, as one text.
  absl::StatusOr<std::string> InstrumentReport() const {
    std::string out;
    if (time_passes == "text") out += timing->Text();
    if (time_passes == "json") {
      ASSIGN_OR_RETURN(out, timing->Json());
    }
    if (statistics_format == "text") out += statistics.Text();
    if (statistics_format == "json") {
      ASSIGN_OR_RETURN(std::string json, statistics.Json());
      out += json;
    }
    return out;
  }
};

absl::StatusOr<IrPrintingInstrumentation::Options> PrintingFromFlags() {
  IrPrintingInstrumentation::Options print;
  ASSIGN_OR_RETURN(print.format, ParseFormatName(absl::GetFlag(FLAGS_print_format)));
  for (absl::string_view name :
       absl::StrSplit(absl::GetFlag(FLAGS_print_before), ',', absl::SkipEmpty())) {
    print.before.insert(std::string(name));
  }
  print.before_all = absl::GetFlag(FLAGS_print_before_all);
  print.after_all = absl::GetFlag(FLAGS_print_after_all);
  print.after_change = absl::GetFlag(FLAGS_print_after_change);
  print.after_failure = absl::GetFlag(FLAGS_print_after_failure);
  return print;
}

// `time_by_default`: fxopt's bundled example shows its timing.
// `reports_are_statistics`: fxopt's, whose pipeline has no fixed passes
// whose report --report could show: a --report given on the command line
// shows the statistics (which hold every pass's report), in its format or
// its file's, unless --pass-statistics names a format itself.
absl::StatusOr<std::unique_ptr<ToolPipeline>> MakeToolPipeline(
    absl::string_view tool_name, std::vector<std::unique_ptr<Pass>> passes,
    const GraphModule& input, bool stateless, bool time_by_default, bool reports_are_statistics) {
  auto tool = std::make_unique<ToolPipeline>();
  tool->time_passes = absl::GetFlag(FLAGS_time_passes);
  if (time_by_default && tool->time_passes.empty()) tool->time_passes = "text";
  tool->statistics_format = absl::GetFlag(FLAGS_pass_statistics);
  if (reports_are_statistics && tool->statistics_format.empty() &&
      !absl::GetFlag(FLAGS_report).empty()) {
    tool->statistics_format = ParseReportFlag(absl::GetFlag(FLAGS_report)).json ? "json" : "text";
  }
  RETURN_IF_ERROR(CheckTextOrJson("time-passes", tool->time_passes));
  RETURN_IF_ERROR(CheckTextOrJson("pass-statistics", tool->statistics_format));
  ASSIGN_OR_RETURN(IrPrintingInstrumentation::Options print, PrintingFromFlags());
  tool->printing = std::make_unique<IrPrintingInstrumentation>(std::move(print), &std::cerr);
  RETURN_IF_ERROR(tool->printing->CheckPassNames(passes));
  tool->timing = std::make_unique<TimingInstrumentation>(passes.size(), input, isatty(2) == 1);
  tool->growth = std::make_unique<GrowthNoticeInstrumentation>(std::string(tool_name), &std::cerr);

  PassPipeline::Options checks;
  checks.verify_each = absl::GetFlag(FLAGS_verify_each);
  checks.check_changed = absl::GetFlag(FLAGS_check_changed);
  checks.verify_input = false;  // ReadToolInput verified it, as this tool accepts it
  // A module without state (FX text) has nothing to resolve get_attr against.
  checks.verify.check_attributes = !stateless;
  tool->pipeline = PassPipeline(checks);
  tool->pipeline.AddInstrumentation(tool->printing.get()).AddInstrumentation(tool->timing.get());
  tool->pipeline.AddInstrumentation(&tool->statistics).AddInstrumentation(tool->growth.get());
  for (std::unique_ptr<Pass>& pass : passes) tool->pipeline.Add(std::move(pass));
  return tool;
}

// What the command line asks the output to be.
struct OutputChoice {
  std::string path;            // "-": stdout
  absl::optional<Format> to;   // nullopt: the preset's default
  ReportTarget report;
};

absl::StatusOr<OutputChoice> ChooseOutput() {
  OutputChoice choice;
  choice.path = ResolveUserPath(absl::GetFlag(FLAGS_o));
  choice.report = ParseReportFlag(absl::GetFlag(FLAGS_report));
  if (!absl::GetFlag(FLAGS_to).empty()) {
    ASSIGN_OR_RETURN(choice.to, ParseFormatName(absl::GetFlag(FLAGS_to)));
  } else {
    choice.to = FormatFromPath(choice.path);
  }
  return choice;
}

// fxopt's pipeline, from --passes (the bundled example's without IN).
absl::StatusOr<std::vector<std::unique_ptr<Pass>>> PipelineFromFlags(
    const ToolPreset& preset, const PassOptionValues& flags, bool example,
    std::string* pipeline_text) {
  const std::string* given = FlagValue(flags, "passes");
  *pipeline_text = given != nullptr ? *given : "";
  if (pipeline_text->empty()) {
    if (!example) return absl::InvalidArgumentError("--passes is required (see --list-passes)");
    *pipeline_text = preset.example_pipeline;
  }
  return PassRegistry::Global().ParsePipeline(*pipeline_text);
}

// The module as the output format asks, with the example's "before".
absl::StatusOr<std::string> RenderOutput(const ToolPreset& preset, const OutputChoice& output,
                                         const LoadedModule& loaded, bool example,
                                         const std::string& before) {
  const GraphModule& module = *loaded.module;
  std::string rendered;
  if (!output.to.has_value() && output.path == "-" && preset.summary != nullptr) {
    rendered = preset.summary(module);
  } else {
    Format format = output.to.value_or(
        example ? preset.example_to.value_or(preset.default_to) : preset.default_to);
    if (!output.to.has_value() && format == Format::kFx && !module.children().empty()) {
      format = Format::kFxg;  // keeps what FX text drops of submodules
    }
    ASSIGN_OR_RETURN(rendered, RenderModule(module, format, loaded.fx_print));
  }
  if (!before.empty() && output.path == "-") {
    rendered = absl::StrCat("== before\n", before, "\n== after\n", rendered);
  }
  return rendered;
}

// The passes' reports (none for fxopt, whose --report shows the statistics:
// MakeToolPipeline).
absl::StatusOr<std::string> PassReports(const ToolPreset& preset, const ReportTarget& target,
                                        absl::Span<const std::unique_ptr<Pass>> passes) {
  if (preset.pipeline_from_flags) return std::string();
  if (target.json && !passes.empty()) return JsonReport(passes);
  std::string report;
  for (const std::unique_ptr<Pass>& pass : passes) report += pass->Report().text;
  return report;
}

// Every output or none: the module, the extra outputs, the report file.
// A module on stdout is piped into other tools (fmt, dot): nothing else
// may follow it there.
absl::Status WriteOutputs(const ToolPreset& preset, const OutputChoice& output,
                          const PassOptionValues& flags, const ToolPipeline& tool,
                          const std::string& rendered) {
  ASSIGN_OR_RETURN(std::string report,
                   PassReports(preset, output.report, tool.pipeline.passes()));
  ASSIGN_OR_RETURN(std::string instruments, tool.InstrumentReport());
  OutputFiles outputs;
  RETURN_IF_ERROR(outputs.Add(output.path, rendered));
  for (const ToolExtraOutput& extra : preset.extra_outputs) {
    const std::string* path = FlagValue(flags, extra.flag);
    if (path == nullptr || path->empty()) continue;
    ASSIGN_OR_RETURN(std::string contents, extra.render(tool.pipeline.passes()));
    RETURN_IF_ERROR(outputs.Add(ResolveUserPath(*path), contents));
  }
  if (!output.report.file.empty()) {
    RETURN_IF_ERROR(outputs.Add(output.report.file, report + instruments));
  }
  RETURN_IF_ERROR(outputs.Commit());
  if (output.report.file.empty()) {
    (output.path == "-" ? std::cerr : std::cout) << report;
    std::cerr << instruments;
  }
  return absl::OkStatus();
}

absl::Status Run(const ToolPreset& preset, const std::vector<std::string>& args,
                 const PassOptionValues& flags) {
  if (preset.pipeline_from_flags && FlagValue(flags, "list_passes") != nullptr &&
      *FlagValue(flags, "list_passes") == "true") {
    std::cout << PassRegistry::Global().Describe();
    return absl::OkStatus();
  }
  if (args.size() > 1) return absl::InvalidArgumentError("expected one input file (see --help)");
  const bool example = args.empty();
  std::string pipeline_text;
  std::vector<std::unique_ptr<Pass>> passes;
  if (preset.pipeline_from_flags) {
    ASSIGN_OR_RETURN(passes, PipelineFromFlags(preset, flags, example, &pipeline_text));
  }
  const std::string in = example ? BundledPath(preset.example) : ResolveUserPath(args[0]);
  ASSIGN_OR_RETURN(absl::optional<Format> from, ChooseInputFormat(absl::GetFlag(FLAGS_from)));
  ASSIGN_OR_RETURN(OutputChoice output, ChooseOutput());
  // Only topo_sort can take a graph that uses nodes before defining them.
  const bool sorts_first = !passes.empty() && passes.front()->name() == "topo_sort";
  ASSIGN_OR_RETURN(ToolInput input, ReadToolInput(preset, in, from, sorts_first));
  if (input.program.has_value() && preset.from_program == nullptr) {
    if (!preset.passes.empty() || preset.pipeline_from_flags) {
      return absl::InvalidArgumentError(absl::StrCat(
          in, " is an exported program; ", preset.name,
          " works on modules: unflatten it first (tools/unflatten)"));
    }
    ASSIGN_OR_RETURN(std::string rendered,
                     RenderExportedProgram(*input.program, output.to.value_or(Format::kJson)));
    return WriteFileAtomically(output.path, rendered);
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
  if (!preset.pipeline_from_flags) {
    ASSIGN_OR_RETURN(passes, BuildPasses(preset, flags, example, stateless));
  }
  ASSIGN_OR_RETURN(std::unique_ptr<ToolPipeline> tool,
                   MakeToolPipeline(preset.name, std::move(passes), module, stateless,
                                    example && preset.pipeline_from_flags,
                                    preset.pipeline_from_flags));
  RETURN_IF_ERROR(tool->pipeline.Run(module).status());
  ASSIGN_OR_RETURN(std::string rendered, RenderOutput(preset, output, input.loaded, example, before));
  RETURN_IF_ERROR(WriteOutputs(preset, output, flags, *tool, rendered));
  if (example) {
    NoteBundledExample(preset.name, pipeline_text.empty() ? preset.example
                                                          : absl::StrCat(preset.example, " (pipeline ",
                                                                         pipeline_text, ")"));
  }
  return absl::OkStatus();
}

// mlir-opt's spellings of the driver's flags: alias -> flag.
const absl::flat_hash_map<std::string, std::string>& MlirAliases() {
  static const auto* const kAliases = new absl::flat_hash_map<std::string, std::string>{
      {"pass-pipeline", "passes"},
      {"print-ir-after-all", "print_after_all"},
      {"print-ir-after-change", "print_after_change"},
      {"print-ir-before", "print_before"},
      {"print-ir-before-all", "print_before_all"},
      {"print-ir-after-failure", "print_after_failure"},
      {"mlir-timing", "time_passes"},
      {"mlir-pass-statistics", "pass_statistics"},
  };
  return *kAliases;
}

// The aliases of the flags this tool has (`names`: its own flags; the
// driver's are absl flags), in the suggestions' spelling, so a misspelt
// alias gets "did you mean" as a misspelt flag does.
std::vector<std::string> AliasSuggestions(const std::vector<std::string>& names) {
  std::vector<std::string> aliases;
  for (const auto& [alias, flag] : MlirAliases()) {
    if (absl::FindCommandLineFlag(flag) == nullptr &&
        std::find(names.begin(), names.end(), flag) == names.end()) {
      continue;  // --pass-pipeline on a tool without --passes
    }
    aliases.push_back(alias);
    std::replace(aliases.back().begin(), aliases.back().end(), '-', '_');
  }
  std::sort(aliases.begin(), aliases.end());  // ties suggest alike on every run
  return aliases;
}

// mlir-opt's spellings, and flags whose bare form means their text report.
void RespellAliases(std::vector<std::string>& args) {
  static const auto* const kBareMeansText =
      new absl::flat_hash_set<std::string>{"time_passes", "pass_statistics"};
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i) {
    absl::string_view arg = args[i];
    if (!absl::ConsumePrefix(&arg, "--")) continue;
    const size_t eq = std::min(arg.find('='), arg.size());
    std::string name(arg.substr(0, eq));
    const std::string value(arg.substr(eq));
    if (auto alias = MlirAliases().find(name); alias != MlirAliases().end()) name = alias->second;
    std::replace(name.begin(), name.end(), '-', '_');
    args[i] = absl::StrCat("--", name,
                           value.empty() && kBareMeansText->contains(name) ? "=text" : value);
  }
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
  RespellAliases(args);
  const std::vector<PassOptionInfo> preset_flags = PresetFlags(preset);
  const PassOptionValues flags = ExtractOptionFlags(preset_flags, args);
  std::vector<char*> rest;
  for (std::string& arg : args) rest.push_back(arg.data());
  std::vector<std::string> names;
  for (const PassOptionInfo& flag : preset_flags) names.push_back(flag.name);
  for (std::string& alias : AliasSuggestions(names)) names.push_back(std::move(alias));
  const std::vector<std::string> positional =
      ParseToolFlags(static_cast<int>(rest.size()), rest.data(), PresetHelp(preset), names);
  return RunTool(preset.name, [&] { return Run(preset, positional, flags); });
}

}  // namespace fxpp
