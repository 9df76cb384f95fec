// The one driver behind every fxpp tool: the single-purpose ones (dedup,
// split, functionalize, unflatten, fmt) and the general fxopt. A tool is a
// ToolPreset -- which registered passes it runs (or, for fxopt, that the
// pipeline comes from --passes) and what it adds -- and its main is
// `return RunPresetTool(argc, argv, kPreset);`. The driver does the rest,
// the same way for every tool:
//   read IN ("-": stdin; a module, or an exported program) -> verify it ->
//   run the passes through the checked pipeline (passes/pipeline.h) ->
//   render (--to, alias --format; else -o's extension; else the preset's
//   default) -> write every output atomically, all or none -> report.
// Flags every tool has: --from, --to/--format, -o, --report, and the
// pipeline's checks and instrumentation (--verify-each, --check-changed,
// --print-ir-after-all/-after-change/-before/-before-all/-after-failure,
// --time-passes, --pass-statistics; mlir-opt's spellings are aliases).
// Each pass's options are flags too (tools/pass_flags.h), with --help
// generated from the pass descriptors. stdout carries only the module;
// the passes' reports go to stderr (to stdout when the module went to a
// file), timing and statistics to stderr, or all to --report=FILE.
#ifndef FXPP_TOOLS_DRIVER_H_
#define FXPP_TOOLS_DRIVER_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/optional.h"
#include "absl/types/span.h"
#include "export/exported_program.h"
#include "google/protobuf/struct.pb.h"
#include "ir/graph_module.h"
#include "ir/io/module_io.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

// A registered pass a tool runs, in the preset's order.
struct ToolPass {
  const PassDescriptor* descriptor;
  // Empty: the pass always runs. Else a boolean flag of the tool that turns
  // it on (`--move_non_tensor`), and the flag's help.
  std::string enabled_by = "";
  std::string enabled_by_help = "";
};

// A second output file a tool can write (`split --fqn_map=FILE`), rendered
// from the passes after they ran.
struct ToolExtraOutput {
  std::string flag;
  std::string help;
  std::function<absl::StatusOr<std::string>(absl::Span<const std::unique_ptr<Pass>> passes)>
      render;
};

struct ToolPreset {
  std::string name;
  std::string usage;  // the first lines of --help
  // The general tool (fxopt): no fixed passes; the pipeline is the
  // --passes (alias --pass-pipeline) flag, parsed by the pass registry, and
  // --list-passes prints the registry. Without IN it runs `example_pipeline`
  // and times it. Pass reports show through the statistics: --pass-statistics,
  // or --report (text, json or FILE) in its format when that is not given.
  bool pipeline_from_flags = false;
  std::string example_pipeline = "";
  // The input when none is given (workspace path, bundled as data), and
  // pass options that run adds (values are bundled workspace paths).
  std::string example;
  PassOptionValues example_options = {};
  std::vector<ToolPass> passes = {};
  // Pass options whose values are paths the user typed (ResolveUserPath).
  std::vector<std::string> path_options = {};
  // Pass options given, unless set on the command line, when the input
  // carries no module state (FX text): there is nothing to look up.
  PassOptionValues stateless_input_options = {};
  // The output format when neither --to nor -o's extension names one.
  // kFx means "FX text when the result has no submodules, else fxg" (fxg
  // keeps the submodules' classes and state, which FX text drops).
  Format default_to = Format::kFxg;
  absl::optional<Format> example_to = absl::nullopt;
  // Accept an input that uses nodes before defining them (conversion only).
  bool allow_forward_references = false;
  // The bundled example prints its input as FX text before the result.
  bool example_shows_before = false;
  std::vector<ToolExtraOutput> extra_outputs = {};
  // Set for tools whose input is an exported program (unflatten): makes the
  // module the passes and outputs get. Without it, an exported program is
  // converted as it is (fmt) or refused (tools that run passes).
  std::function<absl::StatusOr<std::unique_ptr<GraphModule>>(ExportedProgram program)>
      from_program = nullptr;
  // What stdout gets when no output format is asked for (unflatten: the
  // module tree and print_readable).
  std::function<std::string(const GraphModule& module)> summary = nullptr;
};

// A JSON object as reports and extra outputs print it.
absl::StatusOr<std::string> JsonText(const google::protobuf::Struct& json);

// Parses the command line (tools/cli.h), runs the preset and returns the
// exit status.
int RunPresetTool(int argc, char** argv, const ToolPreset& preset);

}  // namespace fxpp

#endif  // FXPP_TOOLS_DRIVER_H_
