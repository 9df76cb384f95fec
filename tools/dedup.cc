// dedup: finds repeated regions of a graph and replaces each with a call of
// one shared subgraph (torch.ops.higher_order.invoke_subgraph): the `dedup`
// pass (passes/dedup) over the shared tool driver (tools/driver.h).
//   bazel run //tools:dedup -- IN [-o OUT] [--to=FORMAT] [--report=text|json|FILE]
//                                 [--min_region_size=N] [--min_regions=N]
// Without IN, deduplicates a bundled PyTorch transformer graph.
#include "passes/dedup/dedup.h"
#include "tools/driver.h"

int main(int argc, char** argv) {
  fxpp::ToolPreset dedup;
  dedup.name = "dedup";
  dedup.usage =
      "Replaces repeated regions of a graph by calls of shared subgraphs.\n"
      "  dedup IN [-o OUT] [--to=fx|fxg|json|pb|readable|dot] [--report=text|json|FILE]\n"
      "        [--min_region_size=N] [--min_regions=N]\n"
      "IN and OUT may be - for stdin/stdout. Without IN, runs on a bundled example.";
  dedup.example = "testing/graphs/torch26/dynamo_gpt.fx";
  dedup.passes = {{&fxpp::DedupPass::Descriptor()}};
  dedup.default_to = fxpp::Format::kReadable;
  return fxpp::RunPresetTool(argc, argv, dedup);
}
