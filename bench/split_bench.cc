// Graph splitting on synthetic transformer stacks (bench/synthetic_graphs.h),
// one component per layer, and on the graph PyTorch 2.6's split_by_tags was
// timed on (passes/split_by_tags/testdata/torch26/gpt64_export.fx, 2,445
// nodes; PyTorch's time is in timings.json beside it). Run:
//   bazel run -c opt //bench:split_bench
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "benchmark/benchmark.h"
#include "bench/synthetic_graphs.h"
#include "ir/fx_text/fx_text.h"
#include "ir/io/file_io.h"
#include "passes/split_by_tags/split_by_tags.h"
#include "passes/tag_nodes/tagging.h"
#include "passes/tag_order.h"
#include "passes/split_module/split_module.h"

namespace fxpp {
namespace {

constexpr absl::string_view kTorchGraph = "passes/split_by_tags/testdata/torch26/gpt64_export";

// Tags every call node with its layer ("layer_N"): the layer of the last
// weight (get_attr layers.N.*) before it. Returns the tags in order.
std::vector<std::string> TagByLayer(Graph& graph, absl::flat_hash_map<const Node*, int64_t>* layer_of) {
  std::vector<std::string> tags;
  int64_t layer = 0;
  for (Node* node : graph.nodes()) {
    absl::string_view target = node->target();
    if (node->op() == OpKind::kGetAttr && absl::ConsumePrefix(&target, "layers.")) {
      (void)absl::SimpleAtoi(target.substr(0, target.find('.')), &layer);
      continue;
    }
    if (node->op() != OpKind::kCallFunction) continue;
    if (tags.size() <= static_cast<size_t>(layer)) tags.push_back(absl::StrCat("layer_", layer));
    node->mutable_meta().tag = Symbol::Intern(tags[layer]);
    if (layer_of != nullptr) (*layer_of)[node] = layer;
  }
  return tags;
}

void BM_SplitByTags(benchmark::State& state) {
  std::unique_ptr<GraphModule> module = MakeTransformerWithNodes(state.range(0));
  const std::vector<std::string> tags = TagByLayer(module->graph(), nullptr);
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  for (auto _ : state) {
    absl::StatusOr<SplitByTagsResult> split = SplitByTags(*module, tags, options);
    if (!split.ok()) state.SkipWithError(std::string(split.status().message()).c_str());
    benchmark::DoNotOptimize(split);
  }
  const double nodes = static_cast<double>(module->graph().size());
  state.counters["nodes"] = nodes;
  state.counters["components"] = static_cast<double>(tags.size());
  state.counters["nodes_per_s"] =
      benchmark::Counter(nodes, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_SplitModule(benchmark::State& state) {
  std::unique_ptr<GraphModule> module = MakeTransformerWithNodes(state.range(0));
  absl::flat_hash_map<const Node*, int64_t> layer_of;
  const std::vector<std::string> tags = TagByLayer(module->graph(), &layer_of);
  for (auto _ : state) {
    absl::StatusOr<SplitModuleResult> split = SplitModule(*module, layer_of);
    if (!split.ok()) state.SkipWithError(std::string(split.status().message()).c_str());
    benchmark::DoNotOptimize(split);
  }
  const double nodes = static_cast<double>(module->graph().size());
  state.counters["nodes"] = nodes;
  state.counters["partitions"] = static_cast<double>(tags.size());
  state.counters["nodes_per_s"] =
      benchmark::Counter(nodes, benchmark::Counter::kIsIterationInvariantRate);
}

// The same graph and tags as PyTorch's timing (tools/python/make_split_references.py).
void BM_SplitByTagsPyTorchGraph(benchmark::State& state) {
  absl::StatusOr<std::string> fx = ReadFileOrStdin(absl::StrCat(kTorchGraph, ".fx"));
  absl::StatusOr<std::string> tags_file = ReadFileOrStdin(absl::StrCat(kTorchGraph, ".tags"));
  if (!fx.ok() || !tags_file.ok()) {
    state.SkipWithError("run under `bazel run` (the graph is a runfile)");
    return;
  }
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(*fx, kTorchGraph);
  if (!parsed.ok()) {
    state.SkipWithError(std::string(parsed.status().message()).c_str());
    return;
  }
  GraphModule module;
  module.set_graph(std::move(parsed->graph));
  TaggingOptions tagging;
  tagging.source = TagSource::kFile;
  tagging.tags_file = *tags_file;
  if (!AssignTags(module.graph(), tagging).ok()) {
    state.SkipWithError("bad tags file");
    return;
  }
  const std::vector<std::string> tags = TagOrder(module.graph());
  SplitByTagsOptions options;
  options.return_fqn_mapping = true;
  options.require_attributes = false;
  for (auto _ : state) {
    absl::StatusOr<SplitByTagsResult> split = SplitByTags(module, tags, options);
    if (!split.ok()) state.SkipWithError(std::string(split.status().message()).c_str());
    benchmark::DoNotOptimize(split);
  }
  state.counters["nodes"] = static_cast<double>(module.graph().size());
  state.counters["components"] = static_cast<double>(tags.size());
}

BENCHMARK(BM_SplitByTagsPyTorchGraph)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SplitByTags)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SplitModule)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace fxpp

BENCHMARK_MAIN();
