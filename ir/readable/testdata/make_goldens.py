#!/usr/bin/env python3
"""Writes the reference outputs of //ir/readable:readable_test from real PyTorch.

For each case NAME it traces a small module and writes

  NAME.json  the GraphModule tree in fxpp's proto JSON (ir/proto/fxpp.proto),
             exported from the torch.fx objects by this script;
  NAME.txt   exactly what PyTorch's `gm.print_readable(print_output=False)`
             returns (no trailing newline is added).

The C++ test reads NAME.json with fxpp::ParseJson, prints it with
fxpp::PrintReadable and compares with NAME.txt byte for byte. Run under
PyTorch 2.6 (Debian trixie's python3-torch):

  ../shared/tools/torch26 python3 ir/readable/testdata/make_goldens.py \
      --out ir/readable/testdata

Output is deterministic (fixed seeds; no memory addresses in the text).
"""

import argparse
import json
import math
import operator
import os
import re
import struct
import sys

import torch
import torch.fx
import torch.nn as nn
from torch.fx.node import _get_qualified_name, _type_repr

# ---------------------------------------------------------------------------
# fxpp proto JSON export (field names as in ir/proto/fxpp.proto)
# ---------------------------------------------------------------------------

MEMORY_FORMATS = {
    torch.contiguous_format: "MEMORY_FORMAT_CONTIGUOUS",
    torch.channels_last: "MEMORY_FORMAT_CHANNELS_LAST",
    torch.channels_last_3d: "MEMORY_FORMAT_CHANNELS_LAST_3D",
    torch.preserve_format: "MEMORY_FORMAT_PRESERVE",
}
LAYOUTS = {
    torch.strided: "LAYOUT_STRIDED",
    torch.sparse_coo: "LAYOUT_SPARSE_COO",
    torch.sparse_csr: "LAYOUT_SPARSE_CSR",
    torch.sparse_csc: "LAYOUT_SPARSE_CSC",
    torch.sparse_bsr: "LAYOUT_SPARSE_BSR",
    torch.sparse_bsc: "LAYOUT_SPARSE_BSC",
    torch._mkldnn: "LAYOUT_MKLDNN",
}
SYM_TYPES = (torch.SymInt, torch.SymFloat, torch.SymBool)


def dtype_json(dtype):
    return "SCALAR_TYPE_" + str(dtype).split(".")[-1].upper()


def float_fields(value):
    """A float as protobuf JSON can carry it exactly (see fxpp.proto)."""
    if math.isnan(value):
        return {"float_value": "NaN"}
    if math.isinf(value):
        return {"float_value": "Infinity" if value > 0 else "-Infinity"}
    if value == 0 and math.copysign(1, value) < 0:
        return {"float_bits": str(struct.unpack("<Q", struct.pack("<d", value))[0])}
    return {"float_value": value}


def arg_json(a):
    if a is None:
        return {"none": {}}
    if a is Ellipsis:
        return {"ellipsis": {}}
    if isinstance(a, bool):
        return {"bool_value": a}
    if isinstance(a, int) and -(2**63) <= a < 2**63:
        return {"int_value": str(a)}
    if isinstance(a, float):
        return float_fields(a)
    if isinstance(a, str):
        return {"string_value": a}
    if isinstance(a, torch.fx.Node):
        return {"node": a.name}
    if isinstance(a, list):
        return {"list": {"elements": [arg_json(e) for e in a]}}
    if isinstance(a, tuple) and not hasattr(a, "_fields"):
        return {"tuple": {"elements": [arg_json(e) for e in a]}}
    if isinstance(a, dict):
        return {"dict": {"entries": [{"key": arg_json(k), "value": arg_json(v)}
                                     for k, v in a.items()]}}
    if isinstance(a, slice):
        return {"slice": {"start": arg_json(a.start), "stop": arg_json(a.stop),
                          "step": arg_json(a.step)}}
    if isinstance(a, torch.dtype):
        return {"dtype": dtype_json(a)}
    if isinstance(a, torch.device):
        return {"device": str(a)}
    if isinstance(a, torch.memory_format):
        return {"memory_format": MEMORY_FORMATS[a]}
    if isinstance(a, torch.layout):
        return {"layout": LAYOUTS[a]}
    if isinstance(a, torch.SymInt):
        return {"sym_int": str(a)}
    return {"opaque": repr(a)}


def dims_json(dims):
    return [{"expr": str(d)} if isinstance(d, torch.SymInt) else {"value": str(int(d))}
            for d in dims]


def tensor_json(shape, stride, dtype, device, requires_grad):
    t = {"shape": dims_json(shape), "dtype": dtype_json(dtype), "device": str(device),
         "requires_grad": bool(requires_grad)}
    if stride is not None:
        t["stride"] = dims_json(stride)
    return t


def value_json(v):
    from torch.fx.passes.shape_prop import TensorMetadata

    if v is None:
        return {"none": {}}
    if isinstance(v, TensorMetadata):
        return {"tensor": tensor_json(v.shape, v.stride, v.dtype, "cpu", v.requires_grad)}
    if isinstance(v, torch.Tensor):
        return {"tensor": tensor_json(v.shape, v.stride(), v.dtype, v.device, v.requires_grad)}
    if isinstance(v, torch.SymInt):
        return {"sym_int": str(v)}
    if isinstance(v, torch.SymFloat):
        return {"sym_float": str(v)}
    if isinstance(v, torch.SymBool):
        return {"sym_bool": str(v)}
    if isinstance(v, bool):
        return {"bool_value": v}
    if isinstance(v, int):
        return {"int_value": str(v)}
    if isinstance(v, float):
        return float_fields(v)
    if isinstance(v, (list, tuple)):
        return {"list" if isinstance(v, list) else "tuple":
                {"elements": [value_json(e) for e in v]}}
    return {"opaque": repr(v)}


def qualified(obj):
    if isinstance(obj, str):
        return obj
    return _get_qualified_name(obj) if callable(obj) else repr(obj)


def node_json(node):
    target = node._pretty_print_target(node.target) if node.op == "call_function" \
        else node.target
    n = {"name": node.name, "op": "OP_KIND_" + node.op.upper(), "target": target}
    if node.type is not None:
        n["type_annotation"] = _type_repr(node.type)
    if node.args:
        n["args"] = [arg_json(a) for a in node.args]
    if node.kwargs:
        n["kwargs"] = [{"name": k, "value": arg_json(v)} for k, v in node.kwargs.items()]
    meta = {}
    m = node.meta
    val = m.get("val", m.get("tensor_meta", m.get("example_value", None)))
    if val is not None:
        meta["val"] = value_json(val)
    if m.get("stack_trace"):
        meta["stack_trace"] = m["stack_trace"]
    if m.get("nn_module_stack"):
        meta["nn_module_stack"] = [
            {"key": k, "path": p, "type": t if isinstance(t, str) else qualified(t)}
            for k, (p, t) in m["nn_module_stack"].items()]
    if m.get("source_fn_stack"):
        meta["source_fn_stack"] = [{"name": name, "target": qualified(t)}
                                   for name, t in m["source_fn_stack"]]
    if "seq_nr" in m:
        meta["seq_nr"] = str(m["seq_nr"])
    if m.get("is_wrapped"):
        meta["extra"] = [{"key": "is_wrapped", "json_text": "true"}]
    if meta:
        n["meta"] = meta
    return n


def state_json(module):
    state = []
    params = dict(module.named_parameters(recurse=False))
    buffers = dict(module.named_buffers(recurse=False))
    for name, p in params.items():
        state.append({"name": name, "kind": "STATE_KIND_PARAMETER",
                      "tensor": tensor_json(p.shape, p.stride(), p.dtype, p.device,
                                            p.requires_grad),
                      "persistent": True})
    for name, b in buffers.items():
        state.append({"name": name, "kind": "STATE_KIND_BUFFER",
                      "tensor": tensor_json(b.shape, b.stride(), b.dtype, b.device,
                                            b.requires_grad),
                      "persistent": name not in module._non_persistent_buffers_set})
    for name, v in vars(module).items():
        if isinstance(v, torch.Tensor) and name not in params and name not in buffers:
            state.append({"name": name, "kind": "STATE_KIND_CONSTANT",
                          "tensor": tensor_json(v.shape, v.stride(), v.dtype, v.device,
                                                v.requires_grad),
                          "persistent": True})
    return state


def module_json(module, class_name):
    m = {"class_name": class_name}
    if isinstance(module, torch.fx.GraphModule):
        m["graph"] = {"nodes": [node_json(n) for n in module.graph.nodes]}
    children = [{"name": name, "module": module_json(
        child, child._get_name() if isinstance(child, torch.fx.GraphModule)
        else f"{type(child).__module__}.{type(child).__qualname__}")}
        for name, child in module.named_children()]
    if children:
        m["children"] = children
    state = state_json(module)
    if state:
        m["state"] = state
    return m


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


class Sub(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 3)

    def forward(self, x):
        return self.linear(x)


class Basic(nn.Module):
    """Magic methods, call_module/get_attr/call_method, getattr, slices, wrap."""

    def __init__(self):
        super().__init__()
        self.sub = Sub()
        self.weight = nn.Parameter(torch.ones(3))
        self.register_buffer("scale", torch.full((3,), 2.0), persistent=False)

    def forward(self, x, y=2.5):
        a = self.sub(x) + 1
        b = a.view(-1) * self.weight.sum()
        c = x.shape[0]
        d = x[:, 1:, ...]
        e = torch.clamp(a, min=-math.inf, max=1e-05) @ self.scale
        return (b, {"c": c, "s": math.sqrt(c)}, [d, torch.relu(x)], -a,
                x.to(torch.float16, memory_format=torch.channels_last), e // 2, ~(a > 0))


class Convs(nn.Module):
    """Submodule paths that are not identifiers: getattr(self.layers, "0")."""

    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.BatchNorm2d(4))

    def forward(self, x):
        return self.layers(x).flatten(1).softmax(dim=-1)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.fc1(x))
        return self.fc2(h).sum(dim=0) * 0.5


class Cond(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t.sin() + 1, lambda t: t.cos(), (x,))


def case_symbolic_trace():
    return torch.fx.symbolic_trace(Basic()), {}


def case_symbolic_sequential():
    torch.manual_seed(0)
    return torch.fx.symbolic_trace(Convs()), {}


def case_shape_prop():
    from torch.fx.passes.shape_prop import ShapeProp

    torch.manual_seed(0)
    gm = torch.fx.symbolic_trace(Mlp())
    ShapeProp(gm).propagate(torch.randn(3, 4))
    return gm, {}


def case_make_fx_symbolic():
    from torch.fx.experimental.proxy_tensor import make_fx

    def f(x, y):
        z = torch.cat([x, y], dim=0)
        return z.view(z.shape[0] * 2, -1).relu(), z.shape[0] + 1

    gm = make_fx(f, tracing_mode="symbolic")(torch.randn(2, 4), torch.randn(3, 4))
    return gm, {}


def export(module, args, **kwargs):
    torch.manual_seed(0)
    return torch.export.export(module, args, **kwargs).graph_module


def case_export_mlp():
    return export(Mlp(), (torch.randn(3, 4),)), {}


def case_export_mlp_stride_device():
    return export(Mlp(), (torch.randn(3, 4),)), {"include_stride": True,
                                                 "include_device": True}


def case_export_dynamic():
    batch = torch.export.Dim("batch")
    return export(Mlp(), (torch.randn(3, 4),), dynamic_shapes={"x": {0: batch}}), {}


def case_export_cond():
    return export(Cond(), (torch.randn(2, 3),)), {}


def case_dynamo():
    captured = []

    def backend(gm, example_inputs):
        captured.append(gm)
        return gm.forward

    torch.manual_seed(0)
    torch._dynamo.reset()
    model = Mlp()
    torch.compile(model, backend=backend, fullgraph=True)(torch.randn(3, 4))
    return captured[0], {}


def fx_config(x, *rest, **kw):
    return x


def case_graph_api():
    """Hand-built graph for what tracers rarely emit."""
    g = torch.fx.Graph()
    math_sqrt = g.placeholder("math_sqrt")  # takes the name math.sqrt's global wants
    x = g.placeholder("x", type_expr=torch.Tensor)
    n = g.placeholder("n", type_expr=int, default_value=3)
    args = g.placeholder("*args")
    s = g.call_function(math.sqrt, (math_sqrt,))
    shape = g.call_function(getattr, (x, "shape"))
    dflt = g.call_function(getattr, (x, "missing", None))
    notx = g.call_function(operator.not_, (x,))
    g.call_function(operator.setitem, (x, 0, 1.0))
    iadd = g.call_function(operator.iadd, (x, n))
    lit = g.call_function(fx_config, (
        x, "it's", 'say "hi"', "tab\t\u00e9", float("nan"), float("-inf"), -0.0, 1e16, 1.5e-7,
        2**62, True, None, (), (x,), [], {}, {"k": [n, (1, 2.0)], 3: {"d": torch.device("cpu")}},
        torch.device("cuda", 1), torch.float64, torch.strided, slice(None, 2, None), Ellipsis),
        {"out": x, "dim": -1})
    unused = g.call_method("add_", (x, 1))
    tadd = g.call_function(torch.Tensor.add, (x, shape))
    mod = g.call_module("layers.0.conv", (x,), {"scale": 0.5})
    attr = g.get_attr("layers.0.weight")
    g.output((s, dflt, notx, iadd, lit, tadd, mod, attr, args, [unused]))
    root = nn.Module()
    root.layers = nn.ModuleList([nn.Module()])
    root.layers[0].conv = nn.Identity()
    root.layers[0].weight = nn.Parameter(torch.zeros(2))
    for node, trace in [(s, 'File "a.py", line 1, in f\n    math.sqrt(q)'),
                        (shape, 'File "a.py", line 1, in f\n    math.sqrt(q)'),
                        (dflt, 'Traceback:\n  File "b.py", line 20, in g\n    y = getattr(x, "m")\n'),
                        (notx, "no frames here"),
                        (tadd, 'File "c.py", line 3, in h\n    x.add(s)')]:
        node.meta["stack_trace"] = trace
    return torch.fx.GraphModule(root, g, "HandBuilt"), {}


CASES = {name[len("case_"):]: fn for name, fn in sorted(globals().items())
         if name.startswith("case_")}


# Stack traces name this script by where it ran; the committed files name it
# by its path in the repository instead, so that they hold no machine path.
SCRIPT_PATH = os.path.abspath(__file__)
SCRIPT_IN_REPOSITORY = "ir/readable/testdata/make_goldens.py"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("cases", nargs="*", help="cases to write (default: all)")
    opts = parser.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    for name in opts.cases or CASES:
        gm, options = CASES[name]()
        text = gm.print_readable(print_output=False, **options).replace(
            SCRIPT_PATH, SCRIPT_IN_REPOSITORY)
        if re.search(r"0x[0-9a-fA-F]{6,}", text):
            sys.exit(f"{name}: output contains a memory address")
        doc = {"format_version": 1, "module": module_json(gm, gm._get_name())}
        with open(os.path.join(opts.out, name + ".json"), "w") as f:
            f.write(json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False)
                    .replace(SCRIPT_PATH, SCRIPT_IN_REPOSITORY))
            f.write("\n")
        with open(os.path.join(opts.out, name + ".txt"), "w") as f:
            f.write(text)
        print(f"{name}: {len(text.splitlines())} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
