#!/usr/bin/env python3
"""Reference results of PyTorch 2.6's split_by_tags for fxpp's equivalence goldens.

Run from the repository root under PyTorch 2.6:

  ../shared/tools/torch26 python3 tools/python/make_split_references.py

For every case it builds a real program, tags its call nodes deterministically (by
node name as PyTorch's own tests do, or by nn_module_stack), and writes to
passes/split_by_tags/testdata/torch26/:

  <case>.fx          str(gm.graph) before the split (+ one newline)
  <case>.tags        the tags, "NODE_NAME TAG" per call node (//tools:split --tags_file)
  <case>.torch26.txt the result of torch.fx.passes.split_utils.split_by_tags: the tag
                     order and options, every submodule's graph and the main graph as
                     one line per node (name, op, printed target, node inputs in
                     args-then-kwargs order, output form), and the FQN mapping

plus timings.json (wall time of split_by_tags on each case, median of repeated runs;
not compared by tests) and, for PyTorch's own test module, the fxg input
passes/split_by_tags/testdata/pytorch_test_split_by_tags.fxg (graph, tags, and the
module's parameters) used by the hand-written goldens.

The same for torch.fx.passes.split_module.split_module in
passes/split_module/testdata/torch26/: <case>.fx, <case>.partitions ("NODE_NAME ID" per
call node: the callback's answers, precomputed because PyTorch may call the callback
more than once per node) and <case>.torch26.txt (keep_original_order, the description
above, the qualname map).
"""

import json
import operator
import os
import statistics
import sys
import time

import torch
import torch.fx
import torch.nn as nn
import torch.nn.functional as F
from torch.fx.passes.split_module import split_module
from torch.fx.passes.split_utils import split_by_tags

OUT = "passes/split_by_tags/testdata/torch26"
SPLIT_MODULE_OUT = "passes/split_module/testdata/torch26"
FXG_OUT = "passes/split_by_tags/testdata"
CALL_OPS = ("call_function", "call_method", "call_module")


# ---------------------------------------------------------------------------
# Programs
# ---------------------------------------------------------------------------


class SplitByTagsModule(nn.Module):
    """test/fx/test_fx_split.py::TestSplitByTags.TestModule."""

    def __init__(self):
        super().__init__()
        self.linear1 = nn.Linear(2, 3)
        self.linear2 = nn.Linear(4, 5)
        self.linear3 = nn.Linear(6, 7)
        self.linear4 = nn.Linear(8, 6)

    def forward(self, x1: torch.Tensor, x2: torch.Tensor, x3: torch.Tensor) -> torch.Tensor:
        v1 = self.linear1(x1)
        v2 = self.linear2(x2)
        v3 = self.linear3(x3)
        v4 = torch.cat([v1, v2, v3])
        return self.linear4(v4)


class PreserveMetaModule(nn.Module):
    """test/fx/test_fx_split.py::TestFXSplit.test_split_preserve_node_meta."""

    def forward(self, x, y):
        x = x + x
        y = y * y
        return x - y


class ConvMulRelu(nn.Module):
    """test/fx/test_fx_split.py::TestSplitOutputType.TestModule (exported)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3, stride=1, bias=True)
        self.relu = nn.ReLU()

    def forward(self, x):
        conv = self.conv(x)
        conv = conv * 0.5
        return self.relu(conv)


class Mlp(nn.Module):
    def __init__(self, d=16, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.fc2 = nn.Linear(hidden, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class Attention(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=2)
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (c // self.heads) ** 0.5)
        y = att.softmax(dim=-1) @ v
        return self.proj(y.transpose(1, 2).reshape(b, t, c))


class Block(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = Attention(d)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = Mlp(d)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Gpt(nn.Module):
    def __init__(self, layers, d=16, vocab=32, block=8):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(block, d)
        self.h = nn.ModuleList([Block(d) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.register_buffer("pos", torch.arange(block))

    def forward(self, idx):  # idx: [batch, block]
        x = self.wte(idx) + self.wpe(self.pos)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))


class ReturnsParameter(nn.Module):
    """The output returns a parameter directly (a get_attr node)."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.scale = nn.Parameter(torch.ones(4))

    def forward(self, x):
        h = self.lin(x) * self.scale
        return h.relu(), self.scale, h


# ---------------------------------------------------------------------------
# Tagging rules (deterministic)
# ---------------------------------------------------------------------------


def tag_like_pytorch_test(tags):
    """TestSplitByTags.trace_and_tag: linear1 -> tags[0], linear2 -> tags[1], rest -> tags[2]."""

    def rule(node):
        if "linear1" in node.name:
            return tags[0]
        if "linear2" in node.name:
            return tags[1]
        return tags[2]

    return rule


def tag_by_name(mapping, default):
    def rule(node):
        for needle, tag in mapping:
            if needle in node.name:
                return tag
        return default

    return rule


def tag_by_module_stack(depth_for, default):
    """The module path of the node's innermost nn_module_stack entry, cut to
    depth_for(path) components, dots as underscores; `default` without one."""

    def rule(node):
        stack = [p for p, _ in (node.meta.get("nn_module_stack") or {}).values() if p]
        if not stack:
            return default
        parts = stack[-1].split(".")
        return "_".join(parts[: depth_for(parts)])

    return rule


def gpt_depth(parts):
    return 2 if parts[0] == "h" else 1


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def printed_target(node):
    if node.op == "call_function":
        return node._pretty_print_target(node.target)
    return str(node.target)


def node_refs(value):
    refs = []
    torch.fx.node.map_arg(value, lambda n: refs.append(n.name))
    return refs


def describe_graph(graph):
    lines = []
    for node in graph.nodes:
        if node.op == "output":
            form = "tuple" if isinstance(node.args[0], tuple) else type(node.args[0]).__name__
            if isinstance(node.args[0], torch.fx.Node):
                form = "bare"
            lines.append(f"  output {form} ({', '.join(node_refs(node.args[0]))})")
        else:
            refs = node_refs((node.args, node.kwargs))
            lines.append(f"  {node.op} {node.name} [{printed_target(node)}] ({', '.join(refs)})")
    return lines


def describe_module(split_gm):
    lines = []
    for name, sub in split_gm.named_children():
        if isinstance(sub, torch.fx.GraphModule):
            lines.append(f"submodule {name}")
            lines += describe_graph(sub.graph)
    lines.append("main")
    lines += describe_graph(split_gm.graph)
    return lines


def describe_split(tags, return_tuple, split_gm, fqn):
    lines = [f"tags: {', '.join(tags)}", f"return_tuple: {return_tuple}"]
    lines += describe_module(split_gm)
    for orig, new in fqn.items():
        lines.append(f"fqn {orig} -> {new}")
    return "\n".join(lines) + "\n"


def tensor_spec(t):
    dtypes = {torch.float32: "f32", torch.int64: "i64"}
    dims = ", ".join(str(d) for d in t.shape)
    stride = ", ".join(str(s) for s in t.stride())
    if len(t.stride()) == 1:
        stride += ","
    spec = f"{dtypes[t.dtype]}[{dims}] stride=({stride}) {t.device.type}"
    if t.requires_grad:
        spec += " requires_grad"
    return spec


def write_fxg(path, gm):
    """fxg (docs/FXG_FORMAT.md) of a symbolically traced module whose graph text has
    no strings (its typed spelling equals str(graph)): tags as meta, parameters as state."""
    graph_lines = str(gm.graph).split("\n")
    assert graph_lines[0] == "graph():" and "'" not in str(gm.graph)
    out = ["fxg 1", "module: GraphModule"]
    for name, p in gm.named_parameters(recurse=False):
        out.append(f"  parameter {name}: {tensor_spec(p)}")
    out.append("graph():  # typed")
    nodes = list(gm.graph.nodes)
    for line, node in zip(graph_lines[1:], nodes):
        out.append(line)
        if getattr(node, "tag", None) is not None:
            out.append(f"        # tag: {node.tag!r}")
    for path_name, mod in gm.named_modules():
        if not path_name:
            continue
        out.append("")
        out.append(f"opaque {path_name}: {type(mod).__module__}.{type(mod).__qualname__}")
        for name, p in mod.named_parameters(recurse=False):
            out.append(f"  parameter {name}: {tensor_spec(p)}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def symbolic(mod):
    return torch.fx.symbolic_trace(mod)


def exported(mod, *args):
    return torch.export.export(mod, args, strict=True).module()


def cases():
    torch.manual_seed(0)
    three = ["red", "blue", "green"]
    yield dict(name="pytorch_test_split_by_tags", gm=symbolic(SplitByTagsModule()), tags=three,
               rule=tag_like_pytorch_test(three), tag_all=True, fxg=True,
               origin="test/fx/test_fx_split.py::TestSplitByTags (symbolic_trace)")
    yield dict(name="pytorch_preserve_node_meta", gm=symbolic(PreserveMetaModule()),
               tags=["a", "b", "c"], rule=tag_by_name([("add", "a"), ("mul", "b")], "c"),
               origin="test/fx/test_fx_split.py::TestFXSplit.test_split_preserve_node_meta")
    yield dict(name="pytorch_output_type_export", tags=three,
               gm=exported(ConvMulRelu(), torch.randn(1, 3, 8, 8)),
               rule=tag_by_name([("conv", "red"), ("mul", "blue")], "green"),
               origin="test/fx/test_fx_split.py::TestSplitOutputType (torch.export)")
    yield dict(name="returns_parameter_tuple", gm=symbolic(ReturnsParameter()),
               tags=["lin", "act"], rule=tag_by_name([("lin", "lin"), ("mul", "lin")], "act"),
               return_tuple=True, origin="ours: a get_attr returned directly, return_tuple=True")
    gpt_tags = ["wte", "wpe", "embed", "h_0", "h_1", "ln_f", "lm_head"]
    yield dict(name="gpt2_symbolic", gm=symbolic(Gpt(2)), tags=gpt_tags,
               rule=tag_by_module_stack(gpt_depth, "embed"),
               origin="ours: 2-layer GPT, symbolic_trace, tags by nn_module_stack")
    yield dict(name="gpt2_export", gm=exported(Gpt(2), torch.zeros(2, 8, dtype=torch.long)),
               tags=gpt_tags, rule=tag_by_module_stack(gpt_depth, "embed"),
               origin="ours: 2-layer GPT, torch.export (get_attr weights), tags by nn_module_stack")
    layers = 64
    yield dict(name=f"gpt{layers}_export", gm=exported(Gpt(layers), torch.zeros(2, 8, dtype=torch.long)),
               tags=["wte", "wpe", "embed"] + [f"h_{i}" for i in range(layers)] + ["ln_f", "lm_head"],
               rule=tag_by_module_stack(gpt_depth, "embed"), timing_runs=9,
               origin=f"ours: {layers}-layer GPT, torch.export; the timing graph of //bench:split_bench")


class SplitModuleDocstring(nn.Module):
    """The example of split_module's docstring."""

    def __init__(self):
        super().__init__()
        self.param = nn.Parameter(torch.rand(3, 4))
        self.linear = nn.Linear(4, 5)

    def forward(self, x, y):
        z = self.linear(x + self.param).clamp(min=0.0, max=1.0)
        w = self.linear(y).clamp(min=0.0, max=1.0)
        return z + w


def round_robin(gm, n):
    calls = [node for node in gm.graph.nodes if node.op in CALL_OPS]
    return {node.name: i % n for i, node in enumerate(calls)}


def by_module_stack(gm, id_of_path, default):
    parts = {}
    for node in gm.graph.nodes:
        if node.op in CALL_OPS:
            stack = [p for p, _ in (node.meta.get("nn_module_stack") or {}).values() if p]
            parts[node.name] = id_of_path(stack[-1]) if stack else default
    return parts


def gpt_partition(path):
    first = path.split(".")
    return int(first[1]) + 1 if first[0] == "h" else (0 if first[0] in ("wte", "wpe") else 9)


def global_state_graph(autocast):
    """Graph-API programs with a grad-mode or autocast region spanning partitions."""
    g = torch.fx.Graph()
    x = g.placeholder("x")
    if autocast:
        enter = g.call_function(torch.amp._enter_autocast, ("cpu", torch.bfloat16, True, None))
    else:
        g.call_function(torch._C._set_grad_enabled, (False,))
    a = g.call_function(torch.sin, (x,))
    b = g.call_function(torch.cos, (a,))
    if autocast:
        g.call_function(torch.amp._exit_autocast, (enter,))
    else:
        g.call_function(torch._C._set_grad_enabled, (True,))
    c = g.call_function(torch.neg, (b,))
    g.output(c)
    gm = torch.fx.GraphModule(nn.Module(), g)
    ids = iter([0, 0, 1, 1, 2] if not autocast else [0, 0, 1, 1, 2])
    return gm, {n.name: next(ids) for n in g.nodes if n.op in CALL_OPS}


def reversed_ids_graph():
    """Partition 1 appears first but reads partition 0."""
    g = torch.fx.Graph()
    x = g.placeholder("x")
    a = g.call_function(torch.relu, (x,))
    b = g.call_function(torch.sigmoid, (x,))
    c = g.call_function(operator.add, (a, b))
    g.output((c, b))
    return torch.fx.GraphModule(nn.Module(), g), {"relu": 1, "sigmoid": 0, "add": 1}


def split_module_cases():
    torch.manual_seed(0)
    doc = symbolic(SplitModuleDocstring())
    yield dict(name="docstring_round_robin", gm=doc, parts=round_robin(doc, 3),
               origin="split_module's docstring: MyModule, 3 partitions round robin")
    yield dict(name="docstring_keep_original_order", gm=doc, parts=round_robin(doc, 3),
               keep_original_order=True, origin="the same, keep_original_order=True")
    gpt = symbolic(Gpt(2))
    yield dict(name="gpt2_by_layer", gm=gpt, parts=by_module_stack(gpt, gpt_partition, 0),
               origin="2-layer GPT (symbolic_trace): embeddings 0, block i -> i + 1, head 9")
    gm, parts = global_state_graph(autocast=False)
    yield dict(name="grad_mode_region", gm=gm, parts=parts,
               origin="_set_grad_enabled(False) ... (True) across partitions 0-1")
    gm, parts = global_state_graph(autocast=True)
    yield dict(name="autocast_region", gm=gm, parts=parts,
               origin="_enter_autocast ... _exit_autocast across partitions 0-1")
    gm, parts = reversed_ids_graph()
    yield dict(name="reversed_ids", gm=gm, parts=parts,
               origin="partition 1 appears first but depends on partition 0")
    yield dict(name="reversed_ids_keep_original_order", gm=gm, parts=parts,
               keep_original_order=True, origin="the same, keep_original_order=True")


def write_split_module_references():
    os.makedirs(SPLIT_MODULE_OUT, exist_ok=True)
    for case in split_module_cases():
        gm, name, parts = case["gm"], case["name"], case["parts"]
        keep = case.get("keep_original_order", False)
        qualname_map = {}
        lines = [f"keep_original_order: {keep}"]
        try:
            split_gm = split_module(gm, None, lambda node: parts[node.name],
                                    qualname_map=qualname_map, keep_original_order=keep)
            lines += describe_module(split_gm)
            lines += [f"qualname {new} -> {old}" for new, old in qualname_map.items()]
        except Exception as e:  # PyTorch's failure is the reference: fxpp must fail too
            lines.append(f"error: {type(e).__name__}: {e}")
        with open(f"{SPLIT_MODULE_OUT}/{name}.fx", "w") as f:
            f.write(str(gm.graph) + "\n")
        with open(f"{SPLIT_MODULE_OUT}/{name}.partitions", "w") as f:
            f.write(f"# {case['origin']}\n")
            f.write("".join(f"{node} {part}\n" for node, part in parts.items()))
        with open(f"{SPLIT_MODULE_OUT}/{name}.torch26.txt", "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"split_module {name}: {len(gm.graph.nodes)} nodes", file=sys.stderr)


def main():
    write_split_module_references()
    os.makedirs(OUT, exist_ok=True)
    timings = {}
    for case in cases():
        gm, name = case["gm"], case["name"]
        fx_text = str(gm.graph)
        tag_lines = []
        for node in gm.graph.nodes:
            if node.op in CALL_OPS or case.get("tag_all"):
                node.tag = case["rule"](node)
                if node.op in CALL_OPS:
                    tag_lines.append(f"{node.name} {node.tag}")
        return_tuple = case.get("return_tuple", False)
        runs = []
        for _ in range(case.get("timing_runs", 3)):
            start = time.perf_counter()
            split_gm, fqn = split_by_tags(gm, case["tags"], return_fqn_mapping=True,
                                          return_tuple=return_tuple)
            runs.append(time.perf_counter() - start)
        nodes = len(gm.graph.nodes)
        timings[name] = dict(nodes=nodes, median_seconds=statistics.median(runs),
                             runs=len(runs), torch=torch.__version__)
        with open(f"{OUT}/{name}.fx", "w") as f:
            f.write(fx_text + "\n")
        with open(f"{OUT}/{name}.tags", "w") as f:
            f.write(f"# {case['origin']}\n" + "\n".join(tag_lines) + "\n")
        with open(f"{OUT}/{name}.torch26.txt", "w") as f:
            f.write(describe_split(case["tags"], return_tuple, split_gm, fqn))
        if case.get("fxg"):
            write_fxg(f"{FXG_OUT}/{name}.fxg", gm)
        print(f"{name}: {nodes} nodes, split_by_tags median {statistics.median(runs) * 1e3:.2f} ms",
              file=sys.stderr)
    with open(f"{OUT}/timings.json", "w") as f:
        json.dump(timings, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
