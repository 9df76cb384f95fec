#!/usr/bin/env python3
"""The PyTorch 2.6 side of the real-model checks: captures programs with
Dynamo and torch.export, runs PyTorch's own pass on each (Dynamo's graph
deduplication, torch.export.unflatten), and writes fixtures that check.py
runs fxpp's tools on. From the repository root:

  ../shared/tools/torch26 python3 tools/python/realmodels/torch26.py \\
      --out testing/realmodels/torch26 --models gpt12,loop_constants,stacked_weights,residual_mlp

Per model and tracer (dynamo, export), in --out: <model>.<tracer>.json
(fxpp.dump), .weights.pt, .inputs.pt (the captured graph's flat inputs:
parameters first for Dynamo), .outputs.pt (what 2.6 computed), and the
index fixtures.json with PyTorch's own pass on the same program: seconds in
the pass, nodes and graphs after it, whether its result equals eager, or the
exception it raised.

PyTorch's dedup is timed inside Dynamo (OutputGraph.dedup_pass, region
tracking during tracing not included); unflatten as the call of
torch.export.unflatten.
"""

import argparse
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # tools/python: the fxpp package

import torch  # noqa: E402

import fxpp  # noqa: E402
from fxpp import _capture, _check  # noqa: E402

import models  # noqa: E402

TRACERS = ("dynamo", "export")


def _short_error(e):
    """The innermost exception's type and first line, and its innermost
    frame inside PyTorch (Dynamo wraps what its passes raise)."""
    while getattr(e, "inner_exception", None) or e.__cause__:
        e = getattr(e, "inner_exception", None) or e.__cause__
    message = str(e).split("from user code:")[0]
    lines = [line.strip() for line in message.splitlines()
             if line.strip() and not line.startswith("Set TORCH_LOGS")]
    where = ""
    for frame in reversed(traceback.extract_tb(e.__traceback__)):
        if "/torch/" in frame.filename:
            where = f" at {frame.filename[frame.filename.rindex('/torch/') + 1:]}:{frame.lineno}"
            break
    return f"{type(e).__name__}{': ' + lines[0] if lines else ''}{where}"[:300]


def _graph_sizes(modules):
    """(graphs, nodes in all of them) of fx modules."""
    graphs = [m for m in modules if isinstance(getattr(m, "graph", None), torch.fx.Graph)]
    return len(graphs), sum(len(m.graph.nodes) for m in graphs)


def pytorch_dedup(build):
    """Dynamo with use_graph_deduplication, as PyTorch's own tests run it."""
    import torch._dynamo
    from torch._dynamo.output_graph import OutputGraph
    from torch._dynamo.testing import AotEagerAndRecordGraphs

    model, inputs = build()
    reference = _check.run(model, inputs)
    seconds = []
    original = OutputGraph.dedup_pass

    def timed(self):
        start = time.perf_counter()
        try:
            return original(self)
        finally:
            seconds.append(time.perf_counter() - start)

    backend = AotEagerAndRecordGraphs()
    OutputGraph.dedup_pass = timed
    torch._dynamo.reset()
    try:
        with torch._dynamo.config.patch(use_graph_deduplication=True):
            got = torch.compile(model, backend=backend, fullgraph=True)(
                *_check.clone_inputs(inputs))
    except Exception as e:  # noqa: BLE001 - what PyTorch did is the result
        return {"seconds": round(sum(seconds), 6), "correct": None, "error": _short_error(e)}
    finally:
        OutputGraph.dedup_pass = original
        torch._dynamo.reset()
    gm = backend.graphs[0]
    subgraphs = [m for name, m in gm.named_children() if name.startswith("subgraph")]
    calls = sum(1 for n in gm.graph.nodes
                if n.target is torch.ops.higher_order.invoke_subgraph)
    result = _check.compare(reference, got)
    return {"seconds": round(sum(seconds), 6), "nodes_after": len(gm.graph.nodes),
            "graphs": len(subgraphs), "regions_replaced": calls, "correct": result.equal,
            "max_abs_diff": result.max_abs_diff}


def pytorch_unflatten(ep, inputs, reference):
    start = time.perf_counter()
    try:
        unflat = torch.export.unflatten(ep)
    except Exception as e:  # noqa: BLE001
        return {"seconds": round(time.perf_counter() - start, 6), "correct": None,
                "error": _short_error(e)}
    seconds = time.perf_counter() - start
    graphs, nodes = _graph_sizes(list(unflat.modules()))
    try:
        result = _check.compare(reference, _check.run(unflat, inputs))
    except Exception as e:  # noqa: BLE001
        return {"seconds": round(seconds, 6), "graphs": graphs, "nodes_total": nodes,
                "correct": None, "error": _short_error(e)}
    return {"seconds": round(seconds, 6), "nodes_after": len(unflat.graph.nodes),
            "graphs": graphs - 1, "nodes_total": nodes, "correct": result.equal,
            "max_abs_diff": result.max_abs_diff}


def capture_one(name, tracer, out):
    """Writes one fixture; its index entry."""
    build = models.MODELS[name].build
    model, inputs = build()
    obj, flat_inputs = _capture.capture(model, inputs, tracer)
    stem = f"{name}.{tracer}"
    path = os.path.join(out, stem)
    fxpp.dump(obj, path + ".json")  # and path.weights.pt
    _check.save_inputs(path + ".inputs.pt", flat_inputs)
    reference = _check.run(obj if tracer == "dynamo" else model, flat_inputs)
    torch.save(reference, path + ".outputs.pt")
    entry = {"model": name, "tracer": tracer, "stem": stem,
             "description": models.MODELS[name].description}
    if tracer == "dynamo":
        entry["pytorch"] = {"dedup": pytorch_dedup(build)}
    else:
        entry["pytorch"] = {"unflatten": pytorch_unflatten(obj, flat_inputs,
                                                           _check.run(model, inputs))}
    print(name, tracer, json.dumps(entry["pytorch"]), flush=True)
    return entry


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", required=True, help="comma-separated names (models.py)")
    parser.add_argument("--tracers", default=",".join(TRACERS))
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    fixtures = [capture_one(name, tracer, args.out)
                for name in args.models.split(",") for tracer in args.tracers.split(",")]
    index = {"torch_version": torch.__version__, "command": " ".join(sys.argv),
             "fixtures": fixtures}
    with open(os.path.join(args.out, "fixtures.json"), "w", encoding="utf-8") as f:
        json.dump(index, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
