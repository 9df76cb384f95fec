// Unflatten (export/unflatten.h) on synthetic exported transformers
// (export/synthetic_program.h, 40 nodes a layer, every node tagged with its
// module calls) and on the real exported transformer of testing/exported.
// Targets (issue 5): <= 5 ms for 2,050 nodes, linear growth to 1M nodes.
// PyTorch 2.6's torch.export.unflatten takes seconds on 2,050 nodes
// (testing/exported/pytorch_unflatten_times.json). Run:
//   bazel run -c opt //bench:unflatten_bench
#include <cstdint>
#include <memory>
#include <string>

#include "benchmark/benchmark.h"
#include "bench/bench_util.h"
#include "export/exported_program.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "export/unflatten.h"
#include "tools/cli.h"

namespace fxpp {
namespace {

void Report(benchmark::State& state, int64_t nodes, int64_t result_bytes) {
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(
      static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["result_B_per_node"] =
      static_cast<double>(result_bytes) / static_cast<double>(nodes);
}

// Times `build` (returning what it built, or an error) and reports the heap
// bytes its result holds. mallinfo2 walks the heap and destroying the result
// is not part of the work: both stay out of the timed region.
template <typename Build>
void RunTimed(benchmark::State& state, int64_t nodes, Build build) {
  int64_t result_bytes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const int64_t before = HeapInUse();
    state.ResumeTiming();
    auto result = build();
    state.PauseTiming();
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
    result_bytes = HeapInUse() - before;
    result = absl::InternalError("freed");
    state.ResumeTiming();
  }
  Report(state, nodes, result_bytes);
}

void RunUnflatten(benchmark::State& state, const ExportedProgram& program) {
  RunTimed(state, static_cast<int64_t>(program.graph_module->graph().size()),
           [&] { return Unflatten(program); });
}

void BM_UnflattenTransformer(benchmark::State& state) {
  const ExportedProgram program = MakeExportedTransformerWithNodes(state.range(0));
  RunUnflatten(state, program);
}

// The floor for any unflatten: one copy of the program's flat graph (every
// node, its arguments and metadata), on the same programs. Unflatten's time
// per node is compared with this copy's: where both rise with size, the
// rise is the memory hierarchy's, not extra work per node.
void BM_CopyTransformerGraph(benchmark::State& state) {
  const ExportedProgram program = MakeExportedTransformerWithNodes(state.range(0));
  const Graph& graph = program.graph_module->graph();
  RunTimed(state, static_cast<int64_t>(graph.size()),
           [&] { return absl::StatusOr<std::unique_ptr<Graph>>(graph.Clone()); });
}

// The 3-layer transformer torch.export produced (141 nodes, real metadata).
void BM_UnflattenRealTransformer(benchmark::State& state) {
  absl::StatusOr<ExportedProgram> program =
      ReadExportedProgram(BundledPath("testing/exported/transformer.json"));
  if (!program.ok()) {
    state.SkipWithError(std::string(program.status().message()).c_str());
    return;
  }
  RunUnflatten(state, *program);
}

// Program sizes in nodes: the 2,050-node target up to 1M.
void TransformerSizes(benchmark::internal::Benchmark* b) {
  for (int64_t nodes : {2050, 4098, 10000, 100000, 1000000}) b->Arg(nodes);
  b->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_UnflattenTransformer)->Apply(TransformerSizes);
BENCHMARK(BM_CopyTransformerGraph)->Apply(TransformerSizes);
BENCHMARK(BM_UnflattenRealTransformer)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace fxpp

BENCHMARK_MAIN();
