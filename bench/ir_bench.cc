// IR and FX text throughput on synthetic transformer graphs of 10k, 100k and
// 1M nodes: build, print, parse. Targets: parse+print >= 1M nodes/s and
// <= 512 B/node. Run:
//   bazel run -c opt //bench:ir_bench
#include <cstdint>
#include <memory>
#include <string>

#include "benchmark/benchmark.h"
#include "bench/bench_util.h"
#include "bench/synthetic_graphs.h"
#include "ir/fx_text/fx_text.h"
#include "ir/fxg/fxg.h"

namespace fxpp {
namespace {

void SetNodeCounters(benchmark::State& state, int64_t nodes) {
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes),
                                                     benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Build(benchmark::State& state) {
  int64_t nodes = 0;
  int64_t bytes = 0;
  for (auto _ : state) {
    std::unique_ptr<GraphModule> m = MakeTransformerWithNodes(state.range(0));
    nodes = static_cast<int64_t>(m->graph().size());
    state.PauseTiming();
    // Bytes of the graph alone (nodes, arguments, uses, names, tensor meta):
    // module state is described once per weight, not per node. mallinfo2
    // walks the heap, so it stays outside the timed region.
    const int64_t graph_start = HeapInUse();
    std::unique_ptr<Graph> copy = m->graph().Clone();
    bytes = HeapInUse() - graph_start;
    copy.reset();
    m.reset();
    state.ResumeTiming();
  }
  SetNodeCounters(state, nodes);
  state.counters["bytes_per_node"] = static_cast<double>(bytes) / nodes;
}

void BM_PrintFx(benchmark::State& state) {
  std::unique_ptr<GraphModule> m = MakeTransformerWithNodes(state.range(0));
  int64_t bytes = 0;
  for (auto _ : state) {
    std::string text = PrintFxGraph(m->graph());
    bytes = static_cast<int64_t>(text.size());
    benchmark::DoNotOptimize(text);
  }
  SetNodeCounters(state, static_cast<int64_t>(m->graph().size()));
  state.SetBytesProcessed(state.iterations() * bytes);
}

void BM_ParseFx(benchmark::State& state) {
  std::unique_ptr<GraphModule> m = MakeTransformerWithNodes(state.range(0));
  const std::string text = PrintFxGraph(m->graph());
  const int64_t nodes = static_cast<int64_t>(m->graph().size());
  m.reset();
  int64_t bytes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const int64_t before = HeapInUse();  // walks the heap: not timed
    state.ResumeTiming();
    absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "bench.fx");
    state.PauseTiming();
    if (!parsed.ok()) state.SkipWithError("parse failed");
    bytes = HeapInUse() - before;
    parsed = absl::UnknownError("");  // free outside the timed region
    state.ResumeTiming();
  }
  SetNodeCounters(state, nodes);
  state.counters["bytes_per_node"] = static_cast<double>(bytes) / nodes;
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}

void BM_PrintParseFxg(benchmark::State& state) {
  std::unique_ptr<GraphModule> m = MakeTransformerWithNodes(state.range(0));
  const int64_t nodes = static_cast<int64_t>(m->graph().size());
  for (auto _ : state) {
    std::string text = PrintFxg(*m);
    absl::StatusOr<std::unique_ptr<GraphModule>> back = ParseFxg(text, "bench.fxg");
    if (!back.ok()) state.SkipWithError("fxg round trip failed");
    benchmark::DoNotOptimize(back);
  }
  SetNodeCounters(state, nodes);
}

BENCHMARK(BM_Build)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PrintFx)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseFx)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PrintParseFxg)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace fxpp

BENCHMARK_MAIN();
