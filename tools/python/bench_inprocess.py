#!/usr/bin/env python3
"""Side-by-side timings: PyTorch's own passes vs fxpp's in-process calls
(fxpp.torch, conversion both ways included), on L-layer transformer stacks
traced to ATen graphs (make_fx), and the torch.fx floor: Graph.graph_copy +
GraphModule(...) of the same graph. Results as a Markdown table; times are
CPU seconds of this process (time.process_time, best of --repeat), which a
shared, busy machine disturbs less than wall time. make_fx makes ~58 nodes
per layer: --layers 9,35,140,560 gives ~500, 2k, 8k and 32k nodes;
torch.export makes ~29 per layer (--export-layers for unflatten).

  ../shared/tools/torch26 env PYTHONPATH=tools/python \\
      python3 tools/python/bench_inprocess.py --layers 9,35,140,560
(build the extension for 2.6 first: tools/python/build_ext_torch26.sh)
"""

import argparse
import gc
import platform
import time

import torch
import torch.fx
import torch.nn as nn
from torch.fx.experimental.proxy_tensor import make_fx

import fxpp.torch


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        q, k, v = self.qkv(self.ln1(x)).chunk(3, dim=-1)
        att = torch.softmax(q @ k.transpose(-2, -1) * 0.125, dim=-1)
        x = x + self.proj(att @ v)
        h = self.fc1(self.ln2(x))
        h.relu_()  # in place: what functionalize rewrites
        return x + self.fc2(h)


class Stack(nn.Module):
    def __init__(self, layers, d=16):
        super().__init__()
        self.layers = nn.Sequential(*[Block(d) for _ in range(layers)])

    def forward(self, x):
        return self.layers(x)


def best_of(fn, repeat):
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def conversion_times(gm, repeat):
    """The best of `repeat` conversions of gm to fxpp's IR, and of freeing
    their results, timed apart: the clock stops while the result is alive.
    Conversion is cheap, so it is repeated at every size."""
    module = fxpp.torch._extension().Module
    converts, frees = [], []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        converted = module(gm, False)
        converts.append(time.process_time() - start)
        start = time.process_time()
        del converted
        frees.append(time.process_time() - start)
    return min(converts), min(frees)


def tag_in_chunks(gm, chunks):
    nodes = list(gm.graph.nodes)
    tags = [f"t{i}" for i in range(chunks)]
    for i, n in enumerate(nodes):
        n.tag = tags[min(chunks - 1, i * chunks // len(nodes))]
    return tags


def torch_floor(gm):
    graph = torch.fx.Graph()
    out = graph.graph_copy(gm.graph, {})
    graph.output(out)
    return torch.fx.GraphModule(gm, graph)


def torch_functionalize(gm, inputs):
    func = getattr(torch, "func", None) or __import__("functorch")  # 1.13: functorch
    return make_fx(func.functionalize(gm, remove="mutations_and_views"))(*inputs)


def _lazy_graph_module():
    try:
        from torch.fx._lazy_graph_module import _LazyGraphModule
        return _LazyGraphModule
    except ImportError:
        return None


def torch_lazy_split(gm, tags):
    """PyTorch's split_by_tags making lazy GraphModules, as fxpp.torch does
    on 2.x: code generation deferred to first use on both sides."""
    from torch.fx.passes.split_utils import split_by_tags
    return split_by_tags(gm, tags, GraphModuleCls=_lazy_graph_module())


def torch_topo_sort(graph):
    from torch._inductor.pattern_matcher import stable_topological_sort
    stable_topological_sort(graph)


def unsorted_copy(gm, every=10):
    """A copy of `gm` that needs a reorder: every `every`-th call node moved
    to the front (after the placeholders), before the nodes it reads."""
    import copy
    out = copy.deepcopy(gm)
    nodes = list(out.graph.nodes)
    first = next(n for n in nodes if n.op != "placeholder")
    calls = [n for n in nodes if n.op == "call_function" and n is not first]
    for n in calls[::every]:
        first.prepend(n)
    return out


def topo_sort_rows(gm, nodes, floor, repeat, only):
    """Both sorts in place, with PyTorch's signature: on the sorted graph
    (nothing moves), and on unsorted copies (one fresh copy per run, made
    before the clock starts), of the graph and of the GraphModule (sort +
    recompile on both sides). The sorts take milliseconds: best of at least
    7 runs (3 from 20k nodes, where the other rows run once)."""
    repeat = max(repeat, 7 if nodes < 20000 else 3)

    def fresh(count):
        return [unsorted_copy(gm) for _ in range(count)]  # deepcopy needs sorted graphs

    def recompiled(sort):
        def run(module):
            sort(module)
            module.recompile()
        return run

    rows = [
        ("stable topo sort, graph in place (sorted input: no change)",
         lambda: torch_topo_sort(gm.graph),
         lambda: fxpp.torch.stable_topological_sort(gm.graph), None),
        ("stable topo sort, graph in place (unsorted input: every 10th call node moved to the "
         "front)", lambda g: torch_topo_sort(g.graph),
         lambda g: fxpp.torch.stable_topological_sort(g.graph), fresh),
        ("stable topo sort of the GraphModule + recompile (unsorted input as above)",
         recompiled(lambda g: torch_topo_sort(g.graph)),
         fxpp.torch.stable_topological_sort, fresh),
    ]
    for name, theirs, ours, inputs in rows:
        if only not in name:
            continue
        if inputs is not None:
            theirs_inputs, ours_inputs = inputs(repeat), inputs(repeat)
            theirs_s = best_of(lambda: theirs(theirs_inputs.pop()), repeat)
            ours_s = best_of(lambda: ours(ours_inputs.pop()), repeat)
        else:
            theirs_s, ours_s = best_of(theirs, repeat), best_of(ours, repeat)
        print(f"| {nodes} | {name} | {theirs_s:.4f} | {ours_s:.4f} | "
              f"{theirs_s / ours_s:.2f}x | {floor:.3f} |", flush=True)


def dynamo_graph(model, x, deduplicate):
    """Dynamo's graph of model(x), captured by a torch.compile backend, and
    the CPU time PyTorch's graph deduplication (PyTorch 2.6:
    torch._dynamo.config.use_graph_deduplication) spent on it: hashing each
    node as Dynamo creates it (GraphRegionTracker.track_node) plus the pass
    itself (OutputGraph.dedup_pass: finding the regions and replacing them)."""
    import torch._dynamo
    from torch._dynamo import graph_region_tracker, output_graph
    spent = [0.0]

    def timed(fn):
        def wrapper(*args, **kwargs):
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - start
        return wrapper

    captured = []

    def capture(gm, example_inputs):
        captured.append(gm)
        return gm.forward

    tracker, graph = graph_region_tracker.GraphRegionTracker, output_graph.OutputGraph
    saved = tracker.track_node, graph.dedup_pass
    tracker.track_node, graph.dedup_pass = timed(saved[0]), timed(saved[1])
    torch._dynamo.reset()
    try:
        with torch._dynamo.config.patch(use_graph_deduplication=deduplicate), torch.no_grad():
            torch.compile(model, backend=capture)(x)
    finally:
        tracker.track_node, graph.dedup_pass = saved
        torch._dynamo.reset()
    return captured[0], spent[0]


class FreeBlock(nn.Module):
    """A block without parameters: PyTorch 2.6's dedup fails on stacks of
    blocks with parameters (Dynamo lifts them to placeholders, which its
    region tracker groups as identical one-node regions, and
    fully_expand_region_group asserts on a region with nothing to expand)."""

    def forward(self, x):
        h = torch.softmax(x @ x.transpose(-2, -1) * 0.125, dim=-1) @ x
        h = torch.nn.functional.layer_norm(x + h, (x.shape[-1],))
        return x + torch.relu(h * 2.0) * 0.5


class FreeStack(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = nn.Sequential(*[FreeBlock() for _ in range(layers)])

    def forward(self, x):
        return self.layers(torch.relu(x))


def dedup_row(layers, x, repeat):
    """PyTorch 2.6's dedup, which runs only inside Dynamo, vs fxpp.torch.dedup
    on the graph Dynamo captures without it (the same model: FreeStack, where
    PyTorch's works)."""
    model = FreeStack(layers).eval()
    gm, _ = dynamo_graph(model, x, False)
    nodes = len(gm.graph.nodes)
    repeat = repeat if nodes < 20000 else 1
    times, deduped = [], None
    for _ in range(repeat):
        gc.collect()
        deduped, spent = dynamo_graph(model, x, True)
        times.append(spent)
    theirs = min(times)
    ours = best_of(lambda: fxpp.torch.dedup(gm), repeat)
    floor = best_of(lambda: torch_floor(gm), repeat)

    def calls(g):
        return sum(1 for n in g.graph.nodes
                   if n.op == "call_module" and n.target.startswith("subgraph")
                   or n.op == "call_function" and "invoke_subgraph" in str(n.target))

    print(f"| {nodes} | dedup (Dynamo graph; PyTorch: use_graph_deduplication, "
          f"{calls(deduped)} / fxpp {calls(fxpp.torch.dedup(gm))} subgraph calls) | "
          f"{theirs:.3f} | {ours:.3f} | {theirs / ours:.2f}x | {floor:.3f} |", flush=True)


def exported_stack(layers, x, cache_dir):
    """torch.export of Stack(layers), saved in `cache_dir` (torch.export.save)
    the first time: exporting 1,120 layers takes longer than everything else."""
    import os
    path = os.path.join(cache_dir, f"stack_{layers}.pt2") if cache_dir else None
    if path and os.path.exists(path):
        return torch.export.load(path)
    torch.manual_seed(0)
    ep = torch.export.export(Stack(layers).eval(), (x,))
    if path:
        os.makedirs(cache_dir, exist_ok=True)
        torch.export.save(ep, path)
    return ep


EXPORT_CONVERSION = "conversion torch -> IR only (torch.export program)"


def export_conversion_row(layers, x, repeat, cache_dir):
    """Conversion of an exported program's graph, whose nodes carry more
    metadata than make_fx's (stack traces, nn_module_stack, source_fn_stack,
    seq_nr ...)."""
    gm = exported_stack(layers, x, cache_dir).graph_module
    floor = best_of(lambda: torch_floor(gm), repeat if len(gm.graph.nodes) < 20000 else 1)
    conversion_row(gm, EXPORT_CONVERSION, repeat, floor)


def conversion_row(gm, name, repeat, floor):
    """Prints the row of gm's conversion times beside the torch.fx floor."""
    nodes = len(gm.graph.nodes)
    convert, free = conversion_times(gm, repeat)
    print(f"| {nodes} | {name} | | {convert:.4f} "
          f"({nodes / convert / 1e6:.2f} M nodes/s; free: {free * 1e3:.1f} ms) "
          f"| | {floor:.3f} |", flush=True)


def unflatten_row(layers, x, repeat, cache_dir):
    """torch.export.unflatten vs fxpp.torch.unflatten on the exported stack.
    PyTorch's edits its input, so each of its runs gets a copy made before
    the clock starts."""
    import copy
    ep = exported_stack(layers, x, cache_dir)
    nodes = len(ep.graph.nodes)
    repeat = repeat if nodes < 20000 else 1
    copies = [copy.deepcopy(ep) for _ in range(repeat)]
    theirs = best_of(lambda: torch.export.unflatten(copies.pop()), repeat)
    ours = best_of(lambda: fxpp.torch.unflatten(ep), repeat)
    floor = best_of(lambda: torch_floor(ep.graph_module), repeat)
    print(f"| {nodes} | unflatten (torch.export) | {theirs:.3f} | {ours:.3f} | "
          f"{theirs / ours:.2f}x | {floor:.3f} |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layers", default="9,35,140,560")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="rows whose pass contains this text")
    parser.add_argument("--export-layers", default="18,70,280,1120",
                        help="layers of the exported stacks unflatten runs on (~29 nodes each)")
    parser.add_argument("--dynamo-layers", default="45,180,720,2900",
                        help="layers of the FreeStacks dedup runs on, captured by Dynamo "
                             "(~11 nodes each)")
    parser.add_argument("--cache", default="tools/python/build/bench_cache",
                        help="where exported programs are kept between runs ('' for none)")
    args = parser.parse_args()
    print(f"torch {torch.__version__}, Python {platform.python_version()}, "
          f"{platform.processor() or platform.machine()}")
    print("| nodes | pass | PyTorch (s) | fxpp in-process (s) | speedup | torch.fx floor (s) |")
    print("|---:|---|---:|---:|---:|---:|")
    if hasattr(torch, "export"):
        for layers in (int(n) for n in args.export_layers.split(",") if n):
            if args.only in EXPORT_CONVERSION:
                export_conversion_row(layers, torch.randn(2, 8, 16), args.repeat, args.cache)
            if args.only in "unflatten (torch.export)":
                unflatten_row(layers, torch.randn(2, 8, 16), args.repeat, args.cache)
    for layers in (int(n) for n in args.layers.split(",") if n):
        torch.manual_seed(0)
        model = Stack(layers).eval()
        x = torch.randn(2, 8, 16)
        with torch.no_grad():
            gm = make_fx(model)(x)
        nodes = len(gm.graph.nodes)
        repeat = args.repeat if nodes < 20000 else 1
        floor = best_of(lambda: torch_floor(gm), repeat)
        conversion_row(gm, "conversion torch -> IR only", args.repeat, floor)
        tags = tag_in_chunks(gm, 8)
        rows = [
            ("split_by_tags (8 tags)",
             lambda: __import__("torch.fx.passes.split_utils", fromlist=["x"]).split_by_tags(gm, tags),
             lambda: fxpp.torch.split_by_tags(gm, tags)),
            ("split_by_tags, PyTorch's also lazy (GraphModuleCls=_LazyGraphModule)",
             (lambda: torch_lazy_split(gm, tags)) if _lazy_graph_module() else None,
             lambda: fxpp.torch.split_by_tags(gm, tags)),
            ("functionalize", lambda: torch_functionalize(gm, (x,)),
             lambda: fxpp.torch.functionalize(gm)),
            ("dedup (make_fx graph)", None, lambda: fxpp.torch.dedup(gm)),
        ]
        for name, theirs, ours in rows:
            if args.only not in name:
                continue
            ours_s = best_of(ours, repeat)
            if theirs is None:
                print(f"| {nodes} | {name} | n/a | {ours_s:.3f} | | {floor:.3f} |")
                continue
            theirs_s = best_of(theirs, repeat)
            print(f"| {nodes} | {name} | {theirs_s:.3f} | {ours_s:.3f} | "
                  f"{theirs_s / ours_s:.2f}x | {floor:.3f} |", flush=True)
        topo_sort_rows(gm, nodes, floor, repeat, args.only)

    if args.only in "dedup (Dynamo graph" and hasattr(torch, "compile"):
        for layers in (int(n) for n in args.dynamo_layers.split(",") if n):
            dedup_row(layers, torch.randn(2, 8, 16), args.repeat)


if __name__ == "__main__":
    main()
