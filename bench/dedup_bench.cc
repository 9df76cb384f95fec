// Region tracking + dedup on synthetic transformer stacks (bench/
// synthetic_graphs.h). Targets: 1M nodes in <= 1 s, <= 512 B/node, growth
// <= N^1.1. Run:
//   bazel run -c opt //bench:dedup_bench
#include <malloc.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

#include "benchmark/benchmark.h"
#include "bench/bench_util.h"
#include "bench/synthetic_graphs.h"
#include "passes/dedup/dedup.h"
#include "passes/region_tracking/region_tracking.h"

namespace fxpp {
namespace {

// Bytes held through operator new (see the replacements below), now and at
// the peak since the last ResetPeak(): unlike the heap totals before and
// after, the peak sees what dedup allocates and frees again. The benchmarks
// run on one thread.
// Atomic: dedup allocates from two threads on large graphs.
std::atomic<int64_t> allocated{0};
std::atomic<int64_t> peak_allocated{0};
void ResetPeak() { peak_allocated = allocated.load(); }

void* Allocate(size_t size) {
  void* p = std::malloc(size);
  if (p == nullptr) throw std::bad_alloc();
  const int64_t now = allocated += static_cast<int64_t>(malloc_usable_size(p));
  int64_t peak = peak_allocated.load(std::memory_order_relaxed);
  while (now > peak && !peak_allocated.compare_exchange_weak(peak, now)) {
  }
  return p;
}
void Free(void* p) {
  allocated -= static_cast<int64_t>(malloc_usable_size(p));
  std::free(p);
}

void BM_RegionTracking(benchmark::State& state) {
  std::unique_ptr<GraphModule> module = MakeTransformerWithNodes(state.range(0));
  const int64_t nodes = static_cast<int64_t>(module->graph().size());
  for (auto _ : state) {
    absl::StatusOr<std::vector<RegionGroup>> groups = FindIdenticalRegions(module->graph());
    if (!groups.ok()) state.SkipWithError("region tracking failed");
    benchmark::DoNotOptimize(groups);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(
      static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Dedup(benchmark::State& state) {
  int64_t nodes = 0;
  int64_t graph_bytes = 0;
  int64_t left_extra = 0;
  int64_t peak_extra = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const int64_t before_build = HeapInUse();
    std::unique_ptr<GraphModule> module = MakeTransformerWithNodes(state.range(0));
    nodes = static_cast<int64_t>(module->graph().size());
    const int64_t before = HeapInUse();
    graph_bytes = before - before_build;
    ResetPeak();
    const int64_t allocated_before = allocated;
    state.ResumeTiming();
    absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(*module);
    state.PauseTiming();
    if (!report.ok() || report->regions_replaced == 0) state.SkipWithError("dedup failed");
    // What dedup leaves allocated beyond the input graph (the rewritten
    // graph still holds its erased nodes until destroyed), and the most it
    // held at once.
    left_extra = HeapInUse() - before;
    peak_extra = peak_allocated - allocated_before;
    module.reset();
    state.ResumeTiming();
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["graph_B_per_node"] = static_cast<double>(graph_bytes) / nodes;
  state.counters["dedup_extra_B_per_node"] = static_cast<double>(left_extra) / nodes;
  state.counters["dedup_peak_B_per_node"] = static_cast<double>(peak_extra) / nodes;
}

BENCHMARK(BM_RegionTracking)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Dedup)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace fxpp

// Counted allocation for the peak above (over-aligned forms keep their
// defaults: nothing dedup allocates needs them).
void* operator new(size_t size) { return fxpp::Allocate(size); }
void* operator new[](size_t size) { return fxpp::Allocate(size); }
void operator delete(void* p) noexcept {
  if (p != nullptr) fxpp::Free(p);
}
void operator delete[](void* p) noexcept {
  if (p != nullptr) fxpp::Free(p);
}
void operator delete(void* p, size_t) noexcept { ::operator delete(p); }
void operator delete[](void* p, size_t) noexcept { ::operator delete[](p); }

BENCHMARK_MAIN();
