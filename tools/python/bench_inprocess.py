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


def torch_topo_sort(gm):
    from torch._inductor.pattern_matcher import stable_topological_sort
    stable_topological_sort(gm.graph)


def unflatten_row(layers, x, repeat):
    """torch.export.unflatten vs fxpp.torch.unflatten on the exported stack.
    PyTorch's edits its input, so each of its runs gets a copy made before
    the clock starts."""
    import copy
    torch.manual_seed(0)
    ep = torch.export.export(Stack(layers).eval(), (x,))
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
    args = parser.parse_args()
    print(f"torch {torch.__version__}, Python {platform.python_version()}, "
          f"{platform.processor() or platform.machine()}")
    print("| nodes | pass | PyTorch (s) | fxpp in-process (s) | speedup | torch.fx floor (s) |")
    print("|---:|---|---:|---:|---:|---:|")
    if args.only in "unflatten (torch.export)" and hasattr(torch, "export"):
        for layers in (int(n) for n in args.export_layers.split(",") if n):
            unflatten_row(layers, torch.randn(2, 8, 16), args.repeat)
    for layers in (int(n) for n in args.layers.split(",") if n):
        torch.manual_seed(0)
        model = Stack(layers).eval()
        x = torch.randn(2, 8, 16)
        with torch.no_grad():
            gm = make_fx(model)(x)
        nodes = len(gm.graph.nodes)
        repeat = args.repeat if nodes < 20000 else 1
        floor = best_of(lambda: torch_floor(gm), repeat)
        convert = best_of(lambda: fxpp.torch._extension().Module(gm, False), repeat)
        print(f"| {nodes} | conversion torch -> IR only | | {convert:.4f} "
              f"({nodes / convert / 1e6:.2f} M nodes/s) | | {floor:.3f} |")
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
            ("stable topo sort (sorted input: no change)", lambda: torch_topo_sort(gm),
             lambda: fxpp.torch.run(gm, "topo_sort")),
            ("dedup", None, lambda: fxpp.torch.dedup(gm)),
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


if __name__ == "__main__":
    main()
