// Lossless I/O throughput (issue 19): writing and reading fxg, protobuf
// binary (.pb) and protobuf JSON, for modules and for exported programs,
// with every node carrying full metadata (example value, stack trace,
// nn_module_stack, seq_nr). Targets: read+write >= 1M nodes/s for .pb and
// fxg, >= 100 MB/s for JSON (or .pb as the documented fast default). Rates
// are by wall time. Run:
//   bazel run -c opt //bench:io_bench
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "bench/synthetic_graphs.h"
#include "export/exported_program.h"
#include "export/program_fxg.h"
#include "export/program_input.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "ir/io/module_io.h"

namespace fxpp {
namespace {

void SetCounters(benchmark::State& state, int64_t nodes, int64_t bytes) {
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes),
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["file_B_per_node"] = static_cast<double>(bytes) / static_cast<double>(nodes);
  state.SetBytesProcessed(state.iterations() * bytes);
}

std::unique_ptr<GraphModule> ModuleWithMeta(int64_t nodes) {
  std::unique_ptr<GraphModule> m = MakeTransformerWithNodes(nodes);
  AddFullMeta(m->graph());
  return m;
}

// ---- modules: RenderModule / ParseModule, as the tools read and write ----------

void BM_WriteModule(benchmark::State& state, Format format) {
  std::unique_ptr<GraphModule> m = ModuleWithMeta(state.range(0));
  int64_t bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<std::string> text = RenderModule(*m, format);
    if (!text.ok()) state.SkipWithError("write failed");
    bytes = static_cast<int64_t>(text->size());
    benchmark::DoNotOptimize(text);
  }
  SetCounters(state, static_cast<int64_t>(m->graph().size()), bytes);
}

void BM_ReadModule(benchmark::State& state, Format format) {
  std::unique_ptr<GraphModule> m = ModuleWithMeta(state.range(0));
  const std::string text = *RenderModule(*m, format);
  const int64_t nodes = static_cast<int64_t>(m->graph().size());
  m.reset();
  for (auto _ : state) {
    absl::StatusOr<LoadedModule> back = ParseModule(text, "bench", format);
    if (!back.ok()) state.SkipWithError(std::string(back.status().message()).c_str());
    benchmark::DoNotOptimize(back);
  }
  SetCounters(state, nodes, static_cast<int64_t>(text.size()));
}

// What a tool pays: ReadModule on a file (in the page cache after the first
// read), the read() into memory included.
void BM_ReadModuleFile(benchmark::State& state, Format format) {
  std::unique_ptr<GraphModule> m = ModuleWithMeta(state.range(0));
  const std::string text = *RenderModule(*m, format);
  const int64_t nodes = static_cast<int64_t>(m->graph().size());
  m.reset();
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = absl::StrCat(tmp != nullptr ? tmp : "/tmp", "/io_bench_", getpid(), ".",
                                        FormatName(format));
  if (absl::Status written = WriteFileAtomically(path, text); !written.ok()) {
    state.SkipWithError(std::string(written.message()).c_str());
    return;
  }
  for (auto _ : state) {
    absl::StatusOr<LoadedModule> back = ReadModule(path, format);
    if (!back.ok()) state.SkipWithError(std::string(back.status().message()).c_str());
    benchmark::DoNotOptimize(back);
  }
  unlink(path.c_str());
  SetCounters(state, nodes, static_cast<int64_t>(text.size()));
}

// ---- exported programs: export/exported_program.h's JSON and binary -----------

ExportedProgram ProgramWithMeta(int64_t nodes) {
  ExportedProgram program = MakeExportedTransformerWithNodes(nodes);
  AddFullMeta(program.graph_module->graph());
  return program;
}

absl::StatusOr<ExportedProgram> ParseProgram(absl::string_view text, Format format) {
  switch (format) {
    case Format::kJson:
      return ParseExportedProgramJson(text, "bench");
    case Format::kFxg:
      return ParseExportedProgramFxg(text, "bench");
    default:
      return ParseExportedProgramBinary(text, "bench");
  }
}

void BM_WriteProgram(benchmark::State& state, Format format) {
  const ExportedProgram program = ProgramWithMeta(state.range(0));
  int64_t bytes = 0;
  for (auto _ : state) {
    std::string text = *RenderExportedProgram(program, format);
    bytes = static_cast<int64_t>(text.size());
    benchmark::DoNotOptimize(text);
  }
  SetCounters(state, static_cast<int64_t>(program.graph_module->graph().size()), bytes);
}

void BM_ReadProgram(benchmark::State& state, Format format) {
  ExportedProgram program = ProgramWithMeta(state.range(0));
  const std::string text = *RenderExportedProgram(program, format);
  const int64_t nodes = static_cast<int64_t>(program.graph_module->graph().size());
  // Freed before reading, as BM_ReadModule frees its module: the reads
  // then reuse its memory rather than run beside it.
  program = ExportedProgram();
  for (auto _ : state) {
    absl::StatusOr<ExportedProgram> back = ParseProgram(text, format);
    if (!back.ok()) state.SkipWithError(std::string(back.status().message()).c_str());
    benchmark::DoNotOptimize(back);
  }
  SetCounters(state, nodes, static_cast<int64_t>(text.size()));
}

// Rates by wall time: the fxg readers use a second thread for a large text
// (UseFxgReaderThread, ir/fxg/fxg.h), whose work the calling thread's CPU
// time leaves out.
void Sizes(benchmark::internal::Benchmark* b) {
  b->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK_CAPTURE(BM_WriteModule, fxg, Format::kFxg)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadModule, fxg, Format::kFxg)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadModuleFile, fxg, Format::kFxg)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_WriteModule, pb, Format::kPb)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadModule, pb, Format::kPb)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadModuleFile, pb, Format::kPb)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_WriteModule, json, Format::kJson)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadModule, json, Format::kJson)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_WriteProgram, pb, Format::kPb)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadProgram, pb, Format::kPb)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_WriteProgram, fxg, Format::kFxg)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadProgram, fxg, Format::kFxg)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_WriteProgram, json, Format::kJson)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_ReadProgram, json, Format::kJson)->Apply(Sizes);

}  // namespace
}  // namespace fxpp

BENCHMARK_MAIN();
