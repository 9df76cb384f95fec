#!/usr/bin/env python3
"""Proof on real models that fxpp's passes keep programs correct.

For every case (a model captured by one tracer, or a committed PyTorch 2.6
fixture) and every pipeline of pipelines.PIPELINES that applies to it:
dump -> run fxpp's tools -> fxpp.load -> run on the case's inputs -> compare
with the reference outputs (eager PyTorch, or what PyTorch 2.6 computed).

  /usr/bin/python3 tools/python/realmodels/check.py --tools bazel-bin/tools \\
      --models resnet18,gpt12 --tracers symbolic_trace,make_fx
  /usr/bin/python3 tools/python/realmodels/check.py --tools bazel-bin/tools \\
      --fixtures testing/realmodels/torch26

Besides equal outputs, checked: functionalize+dedup finds repeated blocks in
every model, and on PyTorch 2.6 fixtures fxpp's dedup leaves no more nodes
than PyTorch's own dedup where that one ran correctly.

--stage transform / verify split the work between two processes (tools on
this machine, numerics under another PyTorch, e.g. ../shared/tools/torch26):
transform writes <work>/manifest.json, verify reads it.
Exit status 1 when any row fails; --results writes the rows as JSON.
"""

import argparse
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # tools/python: the fxpp package

import torch  # noqa: E402

import fxpp  # noqa: E402
from fxpp import _capture, _check, _weights  # noqa: E402

import models  # noqa: E402
import pipelines  # noqa: E402

MANIFEST = "manifest.json"
# allclose tolerances: outputs of the torch that made the reference, and of
# another version (kernels differ: resnet50's logits move by ~7e-5 between
# 1.13 and 2.6 before any pass runs).
SAME_TORCH = {"rtol": 1e-4, "atol": 1e-5}
OTHER_TORCH = {"rtol": 1e-3, "atol": 1e-4}


def graph_stats(path):
    """(nodes in the top graph, nodes in all graphs, graphs below the top)."""
    with open(path, encoding="utf-8") as f:
        root = json.load(f)
    module = root["graph_module"]["module"] if "graph_module" in root else root["module"]
    top = len(module.get("graph", {}).get("nodes", []))
    total, graphs = 0, -1
    stack = [module]
    while stack:
        m = stack.pop()
        if "graph" in m:
            total += len(m["graph"].get("nodes", []))
            graphs += 1
        stack.extend(c["module"] for c in m.get("children", []))
    return top, total, max(graphs, 0)


def live_cases(names, tracers, work):
    """Models built here, dumped, with eager outputs as the reference."""
    for name in names:
        for tracer in tracers:
            model, inputs = models.MODELS[name].build()
            obj, flat_inputs = _capture.capture(model, inputs, tracer)
            stem = os.path.join(work, f"{name}.{tracer}")
            fxpp.dump(obj, stem + ".json")  # and stem.weights.pt
            _check.save_inputs(stem + ".inputs.pt", flat_inputs)
            reference = obj if tracer == "dynamo" else model
            torch.save(_check.run(reference, flat_inputs), stem + ".outputs.pt")
            yield {"model": name, "tracer": tracer, "source": f"torch {torch.__version__}",
                   "graph": stem + ".json", "stem": stem, "pytorch": None,
                   "made_by": torch.__version__}


def fixture_cases(directory, names):
    """PyTorch 2.6 captures committed under testing/realmodels/torch26."""
    with open(os.path.join(directory, "fixtures.json"), encoding="utf-8") as f:
        index = json.load(f)
    for entry in index["fixtures"]:
        if names and entry["model"] not in names:
            continue
        stem = os.path.join(directory, entry["stem"])
        yield {"model": entry["model"], "tracer": entry["tracer"],
               "source": f"torch {index['torch_version']} fixture", "graph": stem + ".json",
               "stem": stem, "pytorch": entry.get("pytorch"), "made_by": index["torch_version"]}


def portable_paths(row, work):
    """`row` with its file paths free of machine paths, for committed results:
    scratch files as "<work>/NAME", others relative to the current directory
    (the repository root)."""
    def portable(path):
        if not isinstance(path, str) or not os.path.isabs(path):
            return path
        in_work = os.path.relpath(path, work)
        if not in_work.startswith(".."):
            return os.path.join("<work>", in_work)
        return os.path.relpath(path)
    return {k: portable(v) if k in ("stem", "output") else v for k, v in row.items()}


def transform(case, pipeline, tools, work):
    """Runs one pipeline's tools; the row without the numeric verdict."""
    row = {k: case[k] for k in ("model", "tracer", "source", "stem", "made_by")}
    row["pipeline"] = pipeline.name
    if case["pytorch"]:
        row["pytorch"] = case["pytorch"]
    row["nodes_before"], _, _ = graph_stats(case["graph"])
    stem = f"{os.path.basename(case['stem'])}.{pipeline.name.replace(' ', '_')}"
    try:
        step = pipeline.run(tools, case["graph"], work, stem)
    except pipelines.ToolError as e:
        row["error"] = str(e)
        return row
    row["output"] = step.path
    row["fqn_map"] = step.fqn_map
    row["fxpp_seconds"] = round(step.seconds, 4)
    row["nodes_after"], row["nodes_total"], row["graphs"] = graph_stats(step.path)
    if step.report is not None:
        row["regions_replaced"] = int(step.report["regions_replaced"])
    row["expectation"] = expectation_failure(case, pipeline, row)
    return row


def expectation_failure(case, pipeline, row):
    """Why a pipeline's structural result falls short, or None."""
    if pipeline.name in pipelines.MUST_DEDUPLICATE and not row.get("regions_replaced"):
        return "dedup found no repeated region"
    theirs = (case.get("pytorch") or {}).get("dedup")
    if pipeline.name == "dedup" and theirs and theirs.get("correct"):
        if row["nodes_after"] > theirs["nodes_after"]:
            return (f"fxpp leaves {row['nodes_after']} nodes, PyTorch's dedup "
                    f"{theirs['nodes_after']}")
    return None


class _WeightCache:
    """Each case's weights file read once (a resnet50's is 100 MB)."""

    def __init__(self):
        self.stem, self.weights = None, None

    def get(self, stem):
        if stem != self.stem:
            path = _weights.weights_path(stem + ".json")
            self.stem = stem
            self.weights = _weights.read_weights(path) if os.path.exists(path) else None
        return self.weights


def verify(row, cache):
    """Loads the row's output, runs it, and records whether it matches."""
    if "output" not in row:
        return row
    args, kwargs = _check.read_inputs(row["stem"] + ".inputs.pt")
    expected = torch.load(row["stem"] + ".outputs.pt", map_location="cpu")
    try:
        module = fxpp.load(row["output"], weights=cache.get(row["stem"]), fqn_map=row["fqn_map"])
        tolerance = SAME_TORCH if row["made_by"] == torch.__version__ else OTHER_TORCH
        result = _check.compare(expected, _check.run(module, args, kwargs), **tolerance)
    except Exception as e:  # noqa: BLE001 - any failure to rebuild or run is this row's verdict
        row["equal"], row["message"] = False, f"{type(e).__name__}: {e}"
        return row
    row["equal"], row["max_abs_diff"], row["message"] = \
        result.equal, result.max_abs_diff, result.message
    row["torch_version"] = torch.__version__
    return row


def failed(row):
    return bool(row.get("error") or row.get("expectation") or not row.get("equal"))


def print_rows(rows):
    print(f"{'model':<20} {'tracer':<15} {'pipeline':<20} {'nodes':>11} {'graphs':>6} "
          f"{'fxpp s':>7}  result")
    for r in rows:
        nodes = f"{r['nodes_before']}->{r.get('nodes_after', '?')}"
        verdict = r.get("error") or r.get("expectation") or r.get("message", "")
        print(f"{r['model']:<20} {r['tracer']:<15} {r['pipeline']:<20} {nodes:>11} "
              f"{r.get('graphs', ''):>6} {r.get('fxpp_seconds', ''):>7}  "
              f"{'FAIL ' if failed(r) else ''}{verdict}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", help="directory of fxpp's tool binaries")
    parser.add_argument("--work", help="scratch directory (default: a temporary one)")
    parser.add_argument("--models", default="", help="comma-separated (default: all)")
    parser.add_argument("--tracers", default="symbolic_trace,make_fx")
    parser.add_argument("--fixtures", help="check the fixtures of this directory instead")
    parser.add_argument("--pipelines", default="", help="comma-separated names (default: all)")
    parser.add_argument("--stage", choices=("all", "transform", "verify"), default="all")
    parser.add_argument("--results", help="write the rows here as JSON")
    args = parser.parse_args(argv)

    work = args.work or tempfile.mkdtemp(prefix="fxpp-realmodels-")
    os.makedirs(work, exist_ok=True)
    names = [n for n in args.models.split(",") if n]
    if args.stage == "verify":
        with open(os.path.join(work, MANIFEST), encoding="utf-8") as f:
            rows = json.load(f)
    else:
        tools = pipelines.Tools(args.tools)
        wanted = {p for p in args.pipelines.split(",") if p}
        cases = (fixture_cases(args.fixtures, names) if args.fixtures else
                 live_cases(names or list(models.MODELS), args.tracers.split(","), work))
        rows = []
        for case in cases:
            for pipeline in pipelines.PIPELINES:
                if case["tracer"] not in pipeline.tracers or wanted and pipeline.name not in wanted:
                    continue
                if not tools.available(pipeline.tool):
                    print(f"skipped {pipeline.name}: no {pipeline.tool} in {args.tools}")
                    continue
                rows.append(transform(case, pipeline, tools, work))
        if args.stage == "transform":
            with open(os.path.join(work, MANIFEST), "w", encoding="utf-8") as f:
                json.dump(rows, f, indent=1)
    if args.stage != "transform":
        cache = _WeightCache()
        rows = [verify(row, cache) for row in rows]
    print_rows(rows)
    if args.results:
        with open(args.results, "w", encoding="utf-8") as f:
            json.dump([portable_paths(row, work) for row in rows], f, indent=1)
            f.write("\n")
    return 1 if args.stage != "transform" and any(failed(r) for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
