// fxopt: runs a pipeline of registered passes over a module, like mlir-opt
// and hlo-opt: the shared tool driver (tools/driver.h) with the pipeline
// taken from --passes instead of a fixed list. Reading, verification,
// instrumentation (printing, timing, statistics) and writing are the same
// as every other tool's.
//   bazel run //tools:fxopt -- IN --passes=dedup,dce,topo_sort [-o OUT]
//       [--to=FORMAT] [--verify-each=false] [--check-changed]
//       [--print-ir-after-all] [--print-ir-after-change] [--print-ir-before=PASS,...]
//       [--print-ir-after-failure] [--time-passes[=json]] [--pass-statistics[=json]]
//       [--report=FILE]
//   bazel run //tools:fxopt -- --list-passes
// mlir-opt's spellings are aliases: --pass-pipeline, --print-ir-*,
// --mlir-timing, --mlir-pass-statistics.
// Without IN, runs dedup,dce,topo_sort on a bundled PyTorch transformer
// graph, prints the result and times the passes.
#include "tools/driver.h"

int main(int argc, char** argv) {
  fxpp::ToolPreset fxopt;
  fxopt.name = "fxopt";
  fxopt.usage =
      "Runs a pipeline of fxpp passes over a module.\n"
      "  fxopt IN --passes=PASS[{opt=value,...}],... [-o OUT] [--from=F] [--to=F]\n"
      "        [--verify-each=false] [--check-changed] [--print-ir-after-all]\n"
      "        [--print-ir-after-change] [--print-ir-before=PASS,...] [--print-ir-before-all]\n"
      "        [--print-ir-after-failure] [--print-format=F] [--time-passes[=json]]\n"
      "        [--pass-statistics[=json]] [--report=FILE]\n"
      "  fxopt --list-passes\n"
      "IN and OUT may be - for stdin/stdout; the module alone goes to stdout, timing and\n"
      "statistics to stderr or --report=FILE. Without IN, runs dedup,dce,topo_sort on a\n"
      "bundled example.";
  fxopt.pipeline_from_flags = true;
  fxopt.example = "testing/graphs/torch26/dynamo_gpt.fx";
  fxopt.example_pipeline = "dedup,dce,topo_sort";
  fxopt.default_to = fxpp::Format::kFxg;
  fxopt.example_to = fxpp::Format::kReadable;
  return fxpp::RunPresetTool(argc, argv, fxopt);
}
