#!/usr/bin/env python3
"""Writes real torch.export programs and PyTorch's own unflatten of them.

For every case NAME this writes, into --out (testing/exported):

  NAME.json            the ExportedProgram in fxpp's format (fxpp.dump)
  NAME.unflatten.json  PyTorch's torch.export.unflatten result: every module
                       of named_modules(remove_duplicate=False) with its type,
                       the earlier name of a shared module object, its graph
                       as print(module.graph) shows it and its own parameters,
                       buffers and tensor constants; print_readable's text --
                       or the exception PyTorch raised; and the median
                       unflatten time

plus pytorch_unflatten_times.json (PyTorch's unflatten time on transformer
exports of about 2,050 and 4,098 nodes, not written as fixtures) and
SOURCES.md. Run from the repository root under PyTorch 2.6:

  ../shared/tools/torch26 python3 tools/python/make_export_fixtures.py --out testing/exported

Output is deterministic (fixed seeds, no addresses) apart from the times.
"""

import argparse
import copy
import json
import os
import re
import statistics
import sys
import time

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fxpp  # noqa: E402

ADDRESS_RE = re.compile(r"0x[0-9a-fA-F]{4,}")

# ---------------------------------------------------------------------------
# Models
# ---------------------------------------------------------------------------


class Attention(nn.Module):
    def __init__(self, dim, heads, seq):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("mask", torch.tril(torch.ones(seq, seq)).bool(), persistent=False)

    def forward(self, x):
        b, t, c = x.shape
        h = self.heads
        q = self.q(x).view(b, t, h, c // h).transpose(1, 2)
        k = self.k(x).view(b, t, h, c // h).transpose(1, 2)
        v = self.v(x).view(b, t, h, c // h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (c // h) ** 0.5)
        att = att.masked_fill(~self.mask[:t, :t], float("-inf")).softmax(dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, c)
        return self.proj(y)


class Block(nn.Module):
    def __init__(self, dim, heads, seq):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads, seq)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Transformer(nn.Module):
    """A pre-norm transformer: embedding, `layers` blocks, final norm, head."""

    def __init__(self, layers, dim=32, heads=4, seq=8, vocab=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList([Block(dim, heads, seq) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.ln_f(x))


def transformer_inputs():
    return (torch.randint(0, 64, (2, 8)),)


class Sub(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x).relu()


class CallsTwice(nn.Module):
    """`sub` called back to back (pytorch#132993), then again after `other`."""

    def __init__(self):
        super().__init__()
        self.sub = Sub()
        self.other = nn.Linear(4, 4)

    def forward(self, x):
        y = self.sub(self.sub(x))
        return self.sub(self.other(y)) + y


class Branchy(nn.Module):
    def forward(self, x, positive):
        return x + 1 if positive else x - 2


class SpecializedCalls(nn.Module):
    """One module whose two calls trace to different graphs (pytorch#137013)."""

    def __init__(self):
        super().__init__()
        self.n = Branchy()

    def forward(self, x):
        x = self.n(x + 3, True)
        return self.n(x * 4, False) + 5


class Shared(nn.Module):
    """One submodule reachable as both `a` and `b`."""

    def __init__(self):
        super().__init__()
        self.a = Sub()
        self.b = self.a

    def forward(self, x):
        return self.b(self.a(x) * 2)


class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("acc", torch.zeros(4))
        self.register_buffer("scale", torch.full((4,), 0.5), persistent=False)

    def forward(self, x):
        self.acc.add_(x.sum(0))
        return x * self.scale + self.acc


class Buffers(nn.Module):
    """Buffers mutated in forward, at the root and in a submodule."""

    def __init__(self):
        super().__init__()
        self.register_buffer("steps", torch.zeros(4))
        self.counter = Counter()
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
        self.steps.add_(1)
        return self.bn(self.counter(x)) + self.steps


def sequential():
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Sequential(nn.Linear(8, 4), nn.ReLU()))


class PairSub(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, scale=None):
        y = self.lin(x)
        return y * scale, y.sum()


class Preserved(nn.Module):
    """A submodule call with args, kwargs and a tuple result, exported with
    preserve_module_call_signature."""

    def __init__(self):
        super().__init__()
        self.sub = PairSub()
        self.other = nn.Linear(4, 4)

    def forward(self, x, s):
        a, total = self.sub(x, scale=s)
        return self.other(a) + total


class ScaledSub(nn.Module):
    """State of its own (a parameter and a buffer) beside a submodule; the
    flag changes the traced graph (export specializes on it)."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.scale = nn.Parameter(torch.ones(4))
        self.register_buffer("offset", torch.zeros(4))

    def forward(self, x, double):
        y = self.lin(x) * self.scale + self.offset
        return y * 2 if double else y


class PreservedCalls(nn.Module):
    """`sub`, whose call signature is preserved, called three times: twice
    the same way back to back, then with the flag set."""

    def __init__(self):
        super().__init__()
        self.sub = ScaledSub()
        self.other = nn.Linear(4, 4)

    def forward(self, x):
        y = self.sub(self.sub(x, False), False)
        return self.sub(self.other(y), True) + y


class TiedSub(nn.Module):
    """Reads its child's parameter itself (as tied weights do), beside
    calling the child: unflatten gives the read to `sub`, not `sub.lin`."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, double):
        y = self.lin(x) + self.lin.weight.sum(0)
        return y * 2 if double else y


class PreservedTied(nn.Module):
    """`sub` (TiedSub) called twice, differently, its signature preserved:
    each call's module reaches `lin` through the dispatcher's shared one."""

    def __init__(self):
        super().__init__()
        self.sub = TiedSub()

    def forward(self, x):
        return self.sub(self.sub(x, False), True)


class BufferChild(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.zeros(4))
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        self.buf.add_(1)
        return self.lin(x) + self.buf


class PreservedBuffer(nn.Module):
    """A preserved call mutates a buffer whose new value the caller reads:
    unflatten passes it through an `__ival__` attribute."""

    def __init__(self):
        super().__init__()
        self.child = BufferChild()

    def forward(self, x):
        return self.child(x) + self.child.buf


class CondInner(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))


class WithCond(nn.Module):
    """A higher-order op (torch.cond) whose branches are subgraph attributes."""

    def __init__(self):
        super().__init__()
        self.inner = CondInner()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.inner(self.lin(x))


class Effects(nn.Module):
    """An effectful op: the program threads tokens (InputKind/OutputKind.TOKEN)."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        torch.ops.aten._print("fxpp")
        return self.lin(x)


def _x():
    return (torch.randn(2, 4),)


def _export(model, args, **kwargs):
    torch.manual_seed(0)
    return torch.export.export(model, args, **kwargs)


# name -> (description, function returning the ExportedProgram, name of the
# program whose PyTorch unflatten is the expected result when PyTorch fails
# on this one)
CASES = {
    "transformer": (
        "Transformer(layers=3): embedding, 3 pre-norm blocks (attention with a causal-mask "
        "buffer, nn.Sequential MLP) in an nn.ModuleList, final norm, head; strict export",
        lambda: _export(Transformer(3).eval(), transformer_inputs()), None),
    "calls_twice": (
        "CallsTwice: sub(sub(x)) back to back (pytorch#132993), then sub(other(y)); strict",
        lambda: _export(CallsTwice(), _x()), None),
    "specialized_calls": (
        "SpecializedCalls: n(x, True) and n(x, False) trace to different graphs "
        "(pytorch#137013); strict",
        lambda: _export(SpecializedCalls(), _x()), None),
    "shared": (
        "Shared: one Sub reachable as `a` and `b`, called through both; strict",
        lambda: _export(Shared(), _x()), None),
    "shared_nonstrict": (
        "Shared, non-strict export (the second call is recorded as a@1)",
        lambda: _export(Shared(), _x(), strict=False), None),
    "buffers": (
        "Buffers (train mode): add_ on a root buffer and a submodule buffer, a non-persistent "
        "buffer, BatchNorm1d running stats; training IR keeps the in-place ops",
        lambda: _export(Buffers().train(), _x()), None),
    "buffers_decomposed": (
        "Buffers after run_decompositions(): mutations become BUFFER_MUTATION outputs",
        lambda: _export(Buffers().train(), _x()).run_decompositions(), None),
    "sequential": (
        "a root nn.Sequential with a nested nn.Sequential, strict export: Dynamo records "
        "source paths such as getattr(L['fn'], '0') and PyTorch's unflatten fails "
        "(pytorch#130931); the expected result is PyTorch's unflatten of sequential_nonstrict",
        lambda: _export(sequential(), _x()), "sequential_nonstrict"),
    "sequential_nonstrict": (
        "the same nn.Sequential, non-strict export (plain module paths)",
        lambda: _export(sequential(), _x(), strict=False), None),
    "preserved_signature": (
        "Preserved: sub(x, scale=s) returning a tuple, exported with "
        "preserve_module_call_signature=('sub',)",
        lambda: _export(Preserved(), (torch.randn(2, 4), torch.randn(2, 4)),
                        preserve_module_call_signature=("sub",)), None),
    "preserved_buffer": (
        "PreservedBuffer, preserve_module_call_signature=('child',): the mutated buffer value "
        "crosses the preserved signature (PyTorch's __ival__ attributes)",
        lambda: _export(PreservedBuffer(), _x(), preserve_module_call_signature=("child",)),
        None),
    "preserved_buffer_decomposed": (
        "PreservedBuffer after run_decompositions(): a BUFFER_MUTATION output crossing the "
        "preserved signature",
        lambda: _export(PreservedBuffer(), _x(),
                        preserve_module_call_signature=("child",)).run_decompositions(), None),
    "preserved_calls": (
        "PreservedCalls, preserve_module_call_signature=('sub',): `sub` (a parameter and a "
        "buffer of its own) called three times, the third call differently; PyTorch puts an "
        "InterpreterModuleDispatcher at `sub` over the calls' modules",
        lambda: _export(PreservedCalls(), _x(), preserve_module_call_signature=("sub",)), None),
    "preserved_calls_merged": (
        "CallsTwice with preserve_module_call_signature=('sub',): three identical calls merge "
        "into one module, still behind an InterpreterModuleDispatcher",
        lambda: _export(CallsTwice(), _x(), preserve_module_call_signature=("sub",)), None),
    "preserved_tied": (
        "PreservedTied, preserve_module_call_signature=('sub',): `sub` reads its child's "
        "weight itself and is called twice differently, so each call's module reaches the "
        "weight through a shared submodule",
        lambda: _export(PreservedTied(), _x(), preserve_module_call_signature=("sub",)), None),
    "cond": (
        "WithCond: torch.cond inside a submodule; the branches are subgraph attributes",
        lambda: _export(WithCond(), _x()), None),
    "effects": (
        "Effects: aten._print makes export thread effect tokens through the program",
        lambda: _export(Effects(), _x()).run_decompositions(), None),
}

# ---------------------------------------------------------------------------
# PyTorch's unflatten, recorded
# ---------------------------------------------------------------------------


def _unflatten_timed(ep, runs):
    """(module, median seconds); unflatten edits its input, so each run gets a copy."""
    times, result = [], None
    for _ in range(runs):
        program = copy.deepcopy(ep)
        start = time.perf_counter()
        result = torch.export.unflatten(program)
        times.append(time.perf_counter() - start)
    return result, statistics.median(times)


def reference(ep, runs=5):
    """PyTorch's unflatten of `ep`, as unflatten_reference.proto's JSON."""
    out = {"torch_version": torch.__version__}
    try:
        module, seconds = _unflatten_timed(ep, runs)
    except Exception as e:  # noqa: BLE001 - the failure is the reference
        out["error"] = f"{type(e).__name__}: {e}"
        return out
    out.update(describe(module))
    out["seconds"] = seconds
    return out


def describe(module):
    """An unflattened module as unflatten_reference.proto's JSON describes it:
    its modules (types, sharing, graphs, state) and print_readable's text."""
    out = {}
    first = {}

    def listing(named):
        entries = []
        for fqn, mod in named:
            entry = {"fqn": fqn, "type": type(mod).__name__}
            if id(mod) in first:
                entry["same_as"] = first[id(mod)]
            else:
                first[id(mod)] = fqn
                graph = getattr(mod, "graph", None)
                if isinstance(graph, torch.fx.Graph):
                    entry["graph"] = str(graph)
                params = [n for n, _ in mod.named_parameters(recurse=False)]
                buffers = [n for n, _ in mod.named_buffers(recurse=False)]
                constants = [n for n, v in vars(mod).items() if isinstance(v, torch.Tensor)]
                if params:
                    entry["parameters"] = params
                if buffers:
                    entry["buffers"] = buffers
                if constants:
                    entry["constants"] = constants
            entries.append(entry)
        return entries

    named = list(module.named_modules(remove_duplicate=False))
    out["modules"] = listing(named)
    # The modules behind each InterpreterModuleDispatcher, which
    # named_modules does not reach: `<dispatcher fqn>.@<i>` for
    # _call_modules[i] and its submodules.
    calls = []
    for fqn, mod in named:
        for i, call in enumerate(getattr(mod, "_call_modules", [])):
            calls += listing(call.named_modules(remove_duplicate=False, prefix=f"{fqn}.@{i}"))
    if calls:
        out["call_modules"] = calls
    out["readable"] = module.print_readable(print_output=False)
    return out


def _check_no_addresses(text, what):
    if ADDRESS_RE.search(text):
        raise SystemExit(f"{what} contains a memory address; refusing to write it")


def _write(path, text):
    _check_no_addresses(text, path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def transformer_with_nodes(target):
    """The smallest Transformer export with at least `target` nodes."""
    layers = 1
    while True:
        ep = _export(Transformer(layers).eval(), transformer_inputs())
        if len(ep.graph.nodes) >= target:
            return ep, layers
        layers += max(1, (target - len(ep.graph.nodes)) // 60)


def timings(out_dir):
    """PyTorch's unflatten time on large transformer exports."""
    rows = []
    for target in (2050, 4098):
        ep, layers = transformer_with_nodes(target)
        _, seconds = _unflatten_timed(ep, runs=5)
        rows.append({"nodes": len(ep.graph.nodes), "layers": layers, "seconds": seconds})
        print(f"  transformer {layers} layers, {len(ep.graph.nodes)} nodes: {seconds:.3f} s")
    text = json.dumps({"torch_version": torch.__version__, "median_of": 5,
                       "transformers": rows}, indent=1) + "\n"
    _write(os.path.join(out_dir, "pytorch_unflatten_times.json"), text)


def write_sources(out_dir, stats):
    lines = [
        "# Real torch.export programs and PyTorch's unflatten of them",
        "",
        f"Generated by `tools/python/make_export_fixtures.py` under PyTorch {torch.__version__}",
        "(`../shared/tools/torch26 python3 tools/python/make_export_fixtures.py --out "
        "testing/exported`).",
        "`NAME.json` is the program in fxpp's format (`fxpp.dump`), `NAME.unflatten.json` what",
        "`torch.export.unflatten` made of it (or the error it raised), with its median time;",
        "for InterpreterModuleDispatchers also the modules of their calls (`call_modules`).",
        "",
        "| program | nodes | PyTorch unflatten | what it is |",
        "|---|---:|---:|---|",
    ]
    for name, (desc, _, _) in CASES.items():
        nodes, result = stats[name]
        lines.append(f"| `{name}` | {nodes} | {result} | {desc} |")
    lines.append("")
    _write(os.path.join(out_dir, "SOURCES.md"), "\n".join(lines))


def generate(out_dir, only):
    os.makedirs(out_dir, exist_ok=True)
    stats = {}
    for name, (desc, make, expected_from) in CASES.items():
        if only and name not in only:
            continue
        ep = make()
        _write(os.path.join(out_dir, name + ".json"), fxpp.dumps(ep))
        ref = reference(ep)
        if expected_from is not None:
            ref["expected_from"] = expected_from
        _write(os.path.join(out_dir, name + ".unflatten.json"),
               json.dumps(ref, indent=1, ensure_ascii=False) + "\n")
        result = (f"fails: {ref['error'].split(':')[0]}" if "error" in ref
                  else f"{ref['seconds'] * 1e3:.1f} ms")
        stats[name] = (len(ep.graph.nodes), result)
        print(f"{name}: {len(ep.graph.nodes)} nodes, unflatten {result}")
    if not only:
        write_sources(out_dir, stats)
        timings(out_dir)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, help="directory for the fixtures (testing/exported)")
    p.add_argument("--only", nargs="*", help="only these cases (no SOURCES.md, no timings)")
    p.add_argument("--timings", action="store_true",
                   help="only measure PyTorch's unflatten on large transformers")
    a = p.parse_args(argv)
    if a.timings:
        timings(a.out)
    else:
        generate(a.out, a.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
