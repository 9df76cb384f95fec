"""What the real-model checks run: fxpp's command-line tools on a dumped
graph, one pipeline per row of PIPELINES. A new tool is one more row.

A step takes the input JSON and returns a Step: the output JSON, the
split's FQN map (or None), the dedup report (or None) and the seconds the
tool processes took.
"""

import collections
import json
import os
import subprocess
import time

Step = collections.namedtuple("Step", "path fqn_map report seconds")


class ToolError(RuntimeError):
    pass


class Tools:
    """fxpp's tool binaries in one directory (bazel-bin/tools or runfiles)."""

    def __init__(self, directory):
        self.directory = directory

    def available(self, name):
        """Whether the tool was built (None: a pipeline that needs no tool)."""
        return name is None or os.access(os.path.join(self.directory, name), os.X_OK)

    def run(self, name, *args):
        """(stdout, seconds) of one tool run; ToolError with its stderr on failure."""
        command = [os.path.join(self.directory, name)] + [str(a) for a in args]
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            raise ToolError(f"{name} failed (exit {done.returncode}): {done.stderr.strip()}")
        return done.stdout, seconds


def _out(work, stem, suffix):
    return os.path.join(work, f"{stem}.{suffix}")


def dump_only(tools, src, work, stem):
    """No tool: the dump itself, loaded back (checks the bridge alone)."""
    return Step(src, None, None, 0.0)


def fmt_round_trip(tools, src, work, stem):
    """JSON -> fxg -> protobuf binary -> JSON through //tools:fmt."""
    fxg, pb, out = _out(work, stem, "fxg"), _out(work, stem, "pb"), _out(work, stem, "json")
    seconds = sum(tools.run("fmt", a, "-o", b)[1] for a, b in ((src, fxg), (fxg, pb), (pb, out)))
    return Step(out, None, None, seconds)


def dedup(tools, src, work, stem):
    out = _out(work, stem, "json")
    stdout, seconds = tools.run("dedup", src, "-o", out, "--report=json")
    return Step(out, None, json.loads(stdout), seconds)


def functionalize(tools, src, work, stem):
    out = _out(work, stem, "json")
    _, seconds = tools.run("functionalize", src, "-o", out)
    return Step(out, None, None, seconds)


def unflatten(tools, src, work, stem):
    out = _out(work, stem, "json")
    _, seconds = tools.run("unflatten", src, "-o", out)
    return Step(out, None, None, seconds)


def chain(*steps):
    """Steps run one after the other; the last one's report is kept."""
    def run(tools, src, work, stem):
        seconds, report, fqn_map = 0.0, None, None
        for i, step in enumerate(steps):
            result = step(tools, src, work, f"{stem}.{i}")
            src, seconds = result.path, seconds + result.seconds
            report, fqn_map = result.report or report, result.fqn_map or fqn_map
        return Step(src, fqn_map, report, seconds)
    return run


# ---- taggings for split: NODE TAG lines over a graph's call nodes ----------

_CALL_OPS = ("OP_KIND_CALL_FUNCTION", "OP_KIND_CALL_METHOD", "OP_KIND_CALL_MODULE")


def _call_nodes(graph_file):
    with open(graph_file, encoding="utf-8") as f:
        nodes = json.load(f)["module"]["graph"]["nodes"]
    return [n for n in nodes if n["op"] in _CALL_OPS]


def chunks(count):
    """The call nodes cut into `count` runs of consecutive nodes: every run
    reads only from itself and earlier runs."""
    def tags(graph_file):
        nodes = _call_nodes(graph_file)
        return {n["name"]: f"part{i * count // len(nodes)}" for i, n in enumerate(nodes)}
    tags.__name__ = f"chunks{count}"
    return tags


def _node_refs(value):
    """The node names an Argument (JSON) refers to."""
    if isinstance(value, dict):
        if set(value) == {"node"}:
            yield value["node"]
            return
        for v in value.values():
            yield from _node_refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from _node_refs(v)


def top_modules(graph_file):
    """Each call_module node tagged by its outermost module (`layer1`), other
    nodes by their inputs' latest tag: one submodule per top-level block, in
    an order every block only reads from earlier ones."""
    order, tags = {}, {}
    for node in _call_nodes(graph_file):
        inputs = [tags[name] for name in _node_refs(node.get("args", []) + node.get("kwargs", []))
                  if name in tags]
        latest = max(inputs, key=order.get, default=None)
        own = node["target"].split(".")[0] if node["op"] == "OP_KIND_CALL_MODULE" else None
        if own is not None and own not in order:
            order[own] = len(order)
        if own is None or (latest is not None and order[latest] > order[own]):
            own = latest if latest is not None else "start"
            order.setdefault(own, len(order))
        tags[node["name"]] = own
    return tags


def split(tagging):
    def run(tools, src, work, stem):
        tags_file, out = _out(work, stem, "tags"), _out(work, stem, "json")
        fqn_map = _out(work, stem, "fqn.json")
        with open(tags_file, "w", encoding="utf-8") as f:
            f.writelines(f"{name} {tag}\n" for name, tag in tagging(src).items())
        _, seconds = tools.run("split", src, f"--tags_file={tags_file}", "-o", out,
                               f"--fqn_map={fqn_map}")
        return Step(out, fqn_map, None, seconds)
    return run


Pipeline = collections.namedtuple("Pipeline", "name tracers tool run")

_GRAPHS = ("symbolic_trace", "make_fx", "dynamo")
_ATEN = ("make_fx",)

# name, tracers whose graphs it applies to, the tool it needs (a pipeline
# whose tool is not built yet is skipped), the steps.
PIPELINES = (
    Pipeline("dump only", _GRAPHS + ("export",), None, dump_only),
    Pipeline("fmt round trip", _GRAPHS, "fmt", fmt_round_trip),
    Pipeline("dedup", _GRAPHS, "dedup", dedup),
    Pipeline("functionalize", _ATEN, "functionalize", functionalize),
    Pipeline("functionalize+dedup", _ATEN, "functionalize", chain(functionalize, dedup)),
    Pipeline("split 2 chunks", _GRAPHS, "split", split(chunks(2))),
    Pipeline("split 5 chunks", _GRAPHS, "split", split(chunks(5))),
    Pipeline("split top modules", ("symbolic_trace",), "split", split(top_modules)),
    Pipeline("unflatten", ("export",), "unflatten", unflatten),
)

# Pipelines whose dedup must find repeated blocks in every model checked.
MUST_DEDUPLICATE = {"functionalize+dedup"}
