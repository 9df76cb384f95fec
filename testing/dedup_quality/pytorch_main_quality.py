#!/usr/bin/env python3
"""Runs PyTorch main's region tracker on the Dynamo graphs of dedup's quality
benchmark, under PyTorch 2.6, and prints a, b, c, d per graph
(docs/DEDUP_QUALITY.md), so that fxpp's dedup can be held to "never worse
than PyTorch main". From the repository root:

  flock /tmp/torch26.lock ../shared/tools/torch26 python3 \\
      testing/dedup_quality/pytorch_main_quality.py \\
      --out testing/dedup_quality/pytorch_main.txt \\
      < MAIN/torch/_dynamo/graph_region_tracker.py

PyTorch main's torch/_dynamo/graph_region_tracker.py is read from stdin (a
copy of the file from github.com/pytorch/pytorch, kept outside this
repository; the runner's chroot only sees the checkout). What 2.6 lacks for
it is supplied here: the module torch._dynamo.graph_utils with main's
_get_flat_args_unique (a node's argument nodes once each, then its extra
ordering dependencies). Main's tracker then replaces 2.6's in Dynamo's
OutputGraph and hashes every node as Dynamo traces it (source location,
instruction, argument metadata, global state); when the graph is complete
its get_identical_regions picks the region groups.

The numbers count every group main's tracker returns as replaced. Main's
dedup pass may still skip a region (mutated or aliased inputs, a group
without inputs), which only leaves more nodes to compile: the d recorded
is a lower bound of main's. Compute nodes are calls other than
operator.getitem, as in testing/dedup_quality/quality.cc.
"""

import argparse
import operator
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "python"))

import torch  # noqa: E402
import torch._dynamo  # noqa: E402
import torch._dynamo.output_graph as output_graph  # noqa: E402
from torch.fx import map_arg  # noqa: E402
from torch.utils._ordered_set import OrderedSet  # noqa: E402

import make_dedup_quality_graphs as quality_graphs  # noqa: E402


def _get_flat_args_unique(node, node_to_additional_deps):
    args = OrderedSet()
    map_arg((node.args, node.kwargs), args.add)
    if node in node_to_additional_deps:
        args.update(node_to_additional_deps[node])
    return args


def install_main_tracker(source):
    """Loads main's tracker from `source` in place of 2.6's."""
    graph_utils = types.ModuleType("torch._dynamo.graph_utils")
    graph_utils._get_flat_args_unique = _get_flat_args_unique
    sys.modules[graph_utils.__name__] = graph_utils
    tracker = types.ModuleType("torch._dynamo.graph_region_tracker")
    tracker.__package__ = "torch._dynamo"
    sys.modules[tracker.__name__] = tracker
    code = compile(source, "pytorch-main/torch/_dynamo/graph_region_tracker.py", "exec")
    exec(code, tracker.__dict__)  # noqa: S102
    output_graph.GraphRegionTracker = tracker.GraphRegionTracker
    torch._dynamo.config.track_nodes_for_deduplication = True
    return tracker


def _is_compute(node):
    return (node.op in ("call_function", "call_method", "call_module")
            and node.target is not operator.getitem)


def measure(graph, groups):
    """a, b, c, d and the compute nodes of `graph` with `groups` replaced."""
    total = sum(_is_compute(n) for n in graph.nodes)
    a, b, c, d_subgraphs = total, 0, 0, 0
    for regions in groups:
        size = sum(_is_compute(n) for n in regions[0])
        b += 1
        c += len(regions)
        a -= len(regions) * size - len(regions)
        d_subgraphs += size
    return total, (a, b, c, a + d_subgraphs)


def run(name, build, show=False):
    results = []

    def dedup_pass(self):
        groups = self.region_tracker.get_identical_regions(self.graph)
        results.append(measure(self.graph, groups))
        for regions in groups if show else ():
            print(f"  {len(regions)} x {[n.name for n in regions[0]]}")
        return {}

    def backend(gm, inputs):
        return gm.forward

    torch.manual_seed(0)
    model, inputs = build()
    model.eval()
    original = output_graph.OutputGraph.dedup_pass
    output_graph.OutputGraph.dedup_pass = dedup_pass
    torch._dynamo.reset()
    try:
        with torch.no_grad():
            torch.compile(model, backend=backend, fullgraph=True)(*inputs)
    finally:
        output_graph.OutputGraph.dedup_pass = original
        torch._dynamo.reset()
    if len(results) != 1:
        raise RuntimeError(f"{name}: expected one Dynamo graph, got {len(results)}")
    return results[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write the rows here as data for quality_test")
    parser.add_argument("--models", default=",".join(quality_graphs.MODELS))
    parser.add_argument("--show", action="store_true", help="print each group's first region")
    args = parser.parse_args()
    source = sys.stdin.read()
    if "def get_identical_regions" not in source:
        sys.exit("stdin: expected PyTorch main's torch/_dynamo/graph_region_tracker.py")
    install_main_tracker(source)
    lines = ["# PyTorch main's region tracker (graph_region_tracker.py read by",
             "# testing/dedup_quality/pytorch_main_quality.py) under PyTorch " + torch.__version__,
             "# graph compute_nodes a b c d"]
    for name in args.models.split(","):
        build, captures = quality_graphs.MODELS[name]
        if "dynamo" not in captures:
            continue
        total, (a, b, c, d) = run(name, build, args.show)
        lines.append(f"{name}.dynamo {total} {a} {b} {c} {d}")
        print(lines[-1], flush=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
