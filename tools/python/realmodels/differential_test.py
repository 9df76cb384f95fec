#!/usr/bin/env python3
"""Differential test of every fxpp pass on random programs with views and
mutation (issue 16).

For each program of programs.generate(seed): eager PyTorch runs it on copies
of random inputs (the reference: outputs, and the final value of every input
and of the buffer); it is captured twice, by symbolic_trace (torch-level:
call_method add_, getitem views, get_attr buffer) and by make_fx (ATen:
aten.add_.Tensor, aten.view, aten.slice, aten.sin.out; the buffer an input),
and each capture goes through fxopt once per PIPELINES entry. Each result is
loaded back (fxpp.load), run on fresh copies of the inputs, and compared with
the reference: outputs, final inputs and final buffer.

A pipeline may refuse a program with a clear error (fxopt exit 1:
functionalize cannot write through some views); a crash, a wrong result or a
refusal by a pass that has no reason to refuse is a failure. Every
registered pass must have an entry (a new pass fails the test until added).

  /usr/bin/python3 tools/python/realmodels/differential_test.py \\
      --tools bazel-bin/tools --programs 500
Exit status 1 on any failure; --results writes a summary as JSON.
"""

import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # tools/python: the fxpp package

import torch  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

import fxpp  # noqa: E402
from fxpp import _capture, _check  # noqa: E402

import pipelines  # noqa: E402
import programs  # noqa: E402

KEEP = "functionalize{keep_input_mutations=true}"
# Per registered pass, the pipeline that runs it (options a pass requires,
# and functionalize keeping input mutations as copy_ so that the signature
# and the final input state can be compared), and which tagging of the
# nodes it needs. Then the main pipelines.
PASSES = {
    "assert_functional_graph": (f"{KEEP},assert_functional_graph", None),
    "dce": ("dce", None),
    "dedup": ("dedup{min_region_size=1}", None),
    "functionalize": (KEEP, None),
    "propagate_input_mutation_stack_traces": (
        f"{KEEP},propagate_input_mutation_stack_traces", None),
    "move_non_tensor_nodes_on_boundary": ("move_non_tensor_nodes_on_boundary{tags=a,b}", "ab"),
    "split_by_tags": ("split_by_tags{tags=a,b}", "ab"),
    "split_module": ("split_module", "01"),
    "tag_nodes": ("tag_nodes{tag_by=regex,tag_regex=a=.},split_by_tags", None),
    "topo_sort": ("topo_sort", None),
}
MAIN_PIPELINES = [
    (f"{KEEP},dedup,dce", None),
    ("dedup,topo_sort", None),
    ("dedup{min_region_size=1},dce,topo_sort", None),
    (f"{KEEP},dedup{{min_region_size=1}},dce", None),
]
# Passes that may refuse a program (with exit 1 and a message); any other
# refusal is a failure.
MAY_REFUSE = ("functionalize", "assert_functional_graph", "propagate_input_mutation_stack_traces")
TOLERANCE = {"rtol": 1e-4, "atol": 1e-5}


def registered_passes(tools):
    """The pass names `fxopt --list-passes` prints (unindented lines)."""
    text, _ = tools.run("fxopt", "--list-passes")
    return [line.strip() for line in text.splitlines() if line and not line[0].isspace()]


def all_pipelines(tools):
    names = registered_passes(tools)
    missing = [n for n in names if n not in PASSES]
    if missing:
        raise SystemExit(f"differential_test: registered passes without an entry in PASSES: "
                         f"{', '.join(missing)}")
    return [PASSES[n] for n in names] + MAIN_PIPELINES


class Program:
    """A generated program, its eager reference and its two captures."""

    def __init__(self, seed, work):
        self.seed = seed
        self.source, self.statements = programs.generate(seed)
        namespace = {"torch": torch}
        exec(self.source, namespace)  # noqa: S102 - our own generated program
        self.forward = namespace["forward"]
        generator = torch.Generator().manual_seed(seed)
        self.inputs = tuple(torch.randn(*programs.SHAPE, generator=generator)
                            for _ in programs.INPUTS)
        state = _check.clone_inputs(self.inputs)
        with torch.no_grad():
            outputs = self.forward(*state)
        # Outputs may alias inputs: keep their values as of the end.
        self.expected = (tuple(o.clone() for o in outputs), state)
        self.files = {}
        for tracer in ("symbolic_trace", "make_fx"):
            stem = os.path.join(work, f"p{seed}.{tracer}")
            self.files[tracer] = stem + ".json"
            fxpp.dump(self.capture(tracer), stem + ".json")

    def module(self):
        """The program as an nn.Module with `buf` a buffer (symbolic_trace)."""
        forward = self.forward

        class Program(torch.nn.Module):
            def __init__(self, buf):
                super().__init__()
                self.register_buffer("buf", buf)

            def forward(self, x, y, z):
                return forward(x, y, z, self.buf)

        return Program(self.inputs[3].clone())

    def capture(self, tracer):
        if tracer == "symbolic_trace":
            model = self.module()
            gm, _ = _capture.capture(model, _check.clone_inputs(self.inputs[:3]), tracer)
            gm.buf.copy_(self.inputs[3])  # shape propagation ran the program
            return gm
        gm = make_fx(self.forward)(*_check.clone_inputs(self.inputs))
        return _capture.propagate_shapes(gm, _check.clone_inputs(self.inputs))

    def check(self, tracer, path):
        """None when the module at `path` computes what eager did, else why not."""
        module = fxpp.load(path, weights=fxpp.weights_path(self.files[tracer]))
        state = _check.clone_inputs(self.inputs)
        with torch.no_grad():
            if tracer == "symbolic_trace":
                outputs = module(*state[:3])
                buffers = [b for name, b in module.named_buffers() if name.split(".")[-1] == "buf"]
                # A result that dropped the buffer (no node read it) left it
                # as it was; every copy a result holds must end as eager's.
                finals = [state[:3] + (b,) for b in buffers or [self.inputs[3]]]
            else:
                outputs = module(*state)
                finals = [state]
        want_outputs, want_state = self.expected
        result = _check.compare(want_outputs, tuple(outputs), **TOLERANCE)
        if not result.equal:
            return f"outputs differ: {result.message}"
        for final in finals:
            result = _check.compare(want_state, final, **TOLERANCE)
            if not result.equal:
                return f"final inputs/buffer differ: {result.message}"
        return None


def tagged(path, tagging):
    """A copy of the graph file whose call nodes carry tags: the first half
    `tagging[0]`, the rest `tagging[1]` (split_module's partitions "0"/"1")."""
    out = path.replace(".json", f".tags_{tagging}.json")
    if os.path.exists(out):
        return out
    with open(path, encoding="utf-8") as f:
        root = json.load(f)
    nodes = root["module"]["graph"]["nodes"]
    calls = [n for n in nodes if n["op"] in pipelines._CALL_OPS]
    for i, node in enumerate(calls):
        node.setdefault("meta", {})["tag"] = tagging[0] if 2 * i < len(calls) else tagging[1]
    with open(out, "w", encoding="utf-8") as f:
        f.write(json.dumps(root))  # the C encoder; json.dump's is Python
    return out


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def transform(tools, source, pipeline, out):
    """(output path or None, refusal message or None); ToolError on a crash."""
    command = [os.path.join(tools.directory, "fxopt"), source, f"--passes={pipeline}", "-o", out]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    if done.returncode == 1:
        return None, done.stderr.strip()
    if done.returncode != 0:
        raise pipelines.ToolError(f"fxopt crashed (exit {done.returncode}) on {source} "
                                  f"--passes={pipeline}: {done.stderr.strip()[-500:]}")
    return out, None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", required=True, help="directory of fxpp's tool binaries")
    parser.add_argument("--programs", type=int, default=500)
    parser.add_argument("--first_seed", type=int, default=0)
    parser.add_argument("--also_seeds", default="",
                        help="comma-separated seeds run besides (by shard 0): programs that "
                             "once failed")
    parser.add_argument("--jobs", type=int, default=2, help="fxopt processes at once")
    parser.add_argument("--work", help="scratch directory (default: a temporary one)")
    parser.add_argument("--results", help="write the summary here as JSON")
    args = parser.parse_args(argv)
    # Under `bazel test` with shard_count, each shard takes every n-th seed.
    shard = int(os.environ.get("TEST_SHARD_INDEX", "0"))
    shards = int(os.environ.get("TEST_TOTAL_SHARDS", "1"))
    if "TEST_SHARD_STATUS_FILE" in os.environ:
        open(os.environ["TEST_SHARD_STATUS_FILE"], "w").close()
    seeds = list(range(args.first_seed + shard, args.first_seed + args.programs, shards))
    if shard == 0:
        seeds += [int(s) for s in args.also_seeds.split(",") if s]

    start = time.perf_counter()
    torch.manual_seed(0)
    tools = pipelines.Tools(args.tools)
    work = args.work or tempfile.mkdtemp(prefix="fxpp-differential-")
    os.makedirs(work, exist_ok=True)
    runs = all_pipelines(tools)
    counts = collections.Counter()
    refusals = collections.Counter()
    failures = []
    statements = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for seed in seeds:
            program = Program(seed, work)
            statements += program.statements
            jobs = []
            for tracer, graph in program.files.items():
                for index, (pipeline, tagging) in enumerate(runs):
                    source = tagged(graph, tagging) if tagging else graph
                    out = graph.replace(".json", f".run{index}.json")
                    jobs.append((tracer, pipeline,
                                 pool.submit(transform, tools, source, pipeline, out)))
            # The dump itself, loaded back: a mismatch there is the bridge's,
            # and a pass whose output is byte-identical to a result already
            # checked needs no second run (most passes change little).
            verdicts = {}
            for tracer, graph in program.files.items():
                verdicts[(tracer, digest(graph))] = program.check(tracer, graph)
                if verdicts[(tracer, digest(graph))] is not None:
                    failures.append(f"seed {seed} {tracer} dump only: "
                                    f"{verdicts[(tracer, digest(graph))]}")
            for tracer, pipeline, job in jobs:
                counts["runs"] += 1
                where = f"seed {seed} {tracer} --passes={pipeline}"
                try:
                    path, refusal = job.result()
                except pipelines.ToolError as e:
                    failures.append(f"{where}: {e}")
                    continue
                if refusal is not None:
                    if not pipeline.startswith(MAY_REFUSE):
                        failures.append(f"{where}: refused: {refusal}")
                    refusals[pipeline] += 1
                    continue
                key = (tracer, digest(path))
                if key not in verdicts:
                    try:
                        verdicts[key] = program.check(tracer, path)
                    except Exception as e:  # noqa: BLE001 - a result that does not load or run
                        verdicts[key] = f"{type(e).__name__}: {e}"
                why = verdicts[key]
                if why is None:
                    counts["equal"] += 1
                else:
                    failures.append(f"{where}: {why}")
            for name in os.listdir(work):  # keep the scratch directory small
                if name.startswith(f"p{seed}."):
                    os.remove(os.path.join(work, name))
    seconds = time.perf_counter() - start
    summary = {"programs": len(seeds), "first_seed": args.first_seed, "shard": f"{shard}/{shards}",
               "statements": statements, "pipelines": [p for p, _ in runs],
               "runs": counts["runs"], "equal": counts["equal"], "refused": dict(refusals),
               "mismatches_or_crashes": len(failures), "seconds": round(seconds, 1),
               "torch": torch.__version__}
    print(json.dumps(summary, indent=1))
    for failure in failures[:50]:
        print("FAIL", failure)
    if args.results:
        with open(args.results, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
