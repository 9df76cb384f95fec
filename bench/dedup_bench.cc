// Region tracking + dedup on synthetic transformer stacks (bench/
// synthetic_graphs.h). Targets: 1M nodes in <= 1 s, <= 512 B/node, growth
// <= N^1.1. Run:
//   bazel run -c opt //bench:dedup_bench
#include <cstdint>
#include <memory>

#include "benchmark/benchmark.h"
#include "bench/bench_util.h"
#include "bench/synthetic_graphs.h"
#include "passes/dedup/dedup.h"
#include "passes/region_tracking/region_tracking.h"

namespace fxpp {
namespace {

void BM_RegionTracking(benchmark::State& state) {
  std::unique_ptr<GraphModule> module = MakeTransformerWithNodes(state.range(0));
  const int64_t nodes = static_cast<int64_t>(module->graph().size());
  for (auto _ : state) {
    std::vector<RegionGroup> groups = FindIdenticalRegions(module->graph());
    benchmark::DoNotOptimize(groups);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(
      static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Dedup(benchmark::State& state) {
  int64_t nodes = 0;
  int64_t graph_bytes = 0;
  int64_t peak_extra = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const int64_t before_build = HeapInUse();
    std::unique_ptr<GraphModule> module = MakeTransformerWithNodes(state.range(0));
    nodes = static_cast<int64_t>(module->graph().size());
    const int64_t before = HeapInUse();
    graph_bytes = before - before_build;
    state.ResumeTiming();
    absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(*module);
    state.PauseTiming();
    if (!report.ok() || report->regions_replaced == 0) state.SkipWithError("dedup failed");
    // What dedup leaves allocated beyond the input graph (the rewritten
    // graph still holds its erased nodes until destroyed).
    peak_extra = HeapInUse() - before;
    module.reset();
    state.ResumeTiming();
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["graph_B_per_node"] = static_cast<double>(graph_bytes) / nodes;
  state.counters["dedup_extra_B_per_node"] = static_cast<double>(peak_extra) / nodes;
}

BENCHMARK(BM_RegionTracking)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Dedup)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace fxpp

BENCHMARK_MAIN();
