#!/usr/bin/env python3
"""Writes real PyTorch FX graph text fixtures for fxpp's parser/printer tests.

Every fixture file ``NAME.fx`` holds exactly ``str(graph)`` as PyTorch prints it, plus
one trailing newline.  The same script runs under PyTorch 1.13 (Debian bookworm) and
PyTorch 2.6 (Debian trixie chroot) and picks the cases each version supports:

  /usr/bin/python3 tools/python/make_fixtures.py --out testing/graphs/torch113
  ../shared/tools/torch26 python3 tools/python/make_fixtures.py --torch26 \
      --out testing/graphs/torch26

and regenerates the index (needs no particular torch version; reads the .fx files):

  /usr/bin/python3 tools/python/make_fixtures.py --sources testing/graphs \
      --version torch113=1.13.0a0 --version torch26=2.6.0+debian

Output is deterministic: seeds are fixed, graphs do not depend on weights, and any
text containing a memory address (0x...) is refused.
"""

import argparse
import collections
import math
import operator  # noqa: F401  (operators appear as call_function targets)
import os
import re
import sys
from typing import List, Optional, Tuple

import torch
import torch.fx
import torch.nn as nn
import torch.nn.functional as F

TORCH_MAJOR_MINOR = tuple(int(p) for p in re.findall(r"\d+", torch.__version__)[:2])
IS_TORCH2 = TORCH_MAJOR_MINOR >= (2, 0)
ADDRESS_RE = re.compile(r"0x[0-9a-fA-F]{4,}")

# ---------------------------------------------------------------------------
# Leaf functions kept opaque by symbolic_trace (they print as __main__.NAME).
# They let us put arbitrary constant arguments (nested containers, dicts,
# odd strings) into a call_function node exactly as written.
# ---------------------------------------------------------------------------


def fx_config(x, cfg=None, *rest, **kw):
    return x


def fx_tag(x, label, *rest):
    return x


torch.fx.wrap("fx_config")
torch.fx.wrap("fx_tag")

Point = collections.namedtuple("Point", ["x", "y"])


class Foo:
    """A user class used as a type annotation (prints as __main__.Foo)."""


# ---------------------------------------------------------------------------
# Case registry
# ---------------------------------------------------------------------------

CASES = []  # list of dicts: name, desc, tracer, fn, when


def case(name, desc, tracer, when="both"):
    """Registers a fixture generator.

    fn() returns either a string (one fixture NAME.fx) or a list of (suffix, text)
    pairs (fixtures NAME<suffix>.fx).  `when` is "both", "113" or "26".
    """
    def deco(fn):
        CASES.append(dict(name=name, desc=desc, tracer=tracer, fn=fn, when=when))
        return fn
    return deco


def seed():
    torch.manual_seed(0)


def trace(mod, concrete_args=None):
    seed()
    return torch.fx.symbolic_trace(mod, concrete_args=concrete_args).graph


def trace_graph_only(mod, proxy_buffer_attributes=False):
    """Tracer().trace without GraphModule codegen (for names codegen rejects)."""
    seed()
    tracer = torch.fx.Tracer()
    tracer.proxy_buffer_attributes = proxy_buffer_attributes  # buffers become get_attr proxies
    return tracer.trace(mod)


ST = "torch.fx.symbolic_trace"

# ---------------------------------------------------------------------------
# torchvision models (torchvision 0.14 under 1.13, Debian trixie's torchvision under 2.6)
# ---------------------------------------------------------------------------


def _tv(name):
    import torchvision.models as tvm
    seed()
    model = getattr(tvm, name)(weights=None).eval()
    return str(trace(model))


for _name in ["resnet18", "resnet50", "mobilenet_v3_small", "efficientnet_b0"]:
    case("tv_" + _name, "torchvision.models.%s(weights=None).eval()" % _name, ST)(
        lambda _n=_name: _tv(_n))

# ---------------------------------------------------------------------------
# Hand-written modules
# ---------------------------------------------------------------------------


class OpKinds(nn.Module):
    """Every op kind: placeholder (with defaults), get_attr, call_function,
    call_method, call_module, output."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)
        self.weight = nn.Parameter(torch.randn(8, 8))
        self.register_buffer("scale", torch.ones(8))
        self.sub = nn.Module()
        self.sub.bias = nn.Parameter(torch.zeros(8))

    def forward(self, x, alpha=2, beta=0.5, mode="mean", flag=True, shape=(2, 4), none_default=None):
        a = self.linear(x)                      # call_module
        b = a @ self.weight                     # get_attr + call_function operator.matmul
        c = b * self.scale + self.sub.bias      # get_attr of buffer / nested param
        d = torch.relu(c)                       # call_function torch.relu
        e = d.mean(dim=-1, keepdim=True)        # call_method
        f = e * alpha + beta                    # placeholders used as values
        g = x + torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])  # tensor constant
        return f, g, mode, flag, shape, none_default


case("hand_op_kinds", "every op kind; placeholders with int/float/str/bool/tuple/None defaults; "
     "get_attr of param, buffer, nested param and tensor constant", ST)(lambda: str(trace(OpKinds())))


class ScalarArgs(nn.Module):
    """None, bool, int, negative ints, floats incl. 1e-05, 0.1, 1e+16, inf, -inf, nan, -0.0, complex."""

    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(8)

    def forward(self, x):
        a = F.layer_norm(x, (8,), None, None, 1e-05)
        b = F.dropout(a, p=0.1, training=False, inplace=False)
        c = b * 1e16 + 1e-12
        d = torch.clamp(c, min=float("-inf"), max=float("inf"))
        e = torch.nan_to_num(d, nan=float("nan"), posinf=1e16, neginf=-1e16)
        f = e * -0.0 + 0.0
        g = f + 2.5 + 1.0 / 3.0 + 100.0 + 123456789.0 + 1e-300 + 2 ** 40
        h = g.view(-1, 8).sum(dim=-2, keepdim=False).unsqueeze(-1)
        i = F.leaky_relu(h, negative_slope=0.01) * (1 + 2j)
        j = x.new_full((2, 3), -7) + torch.full((2, 3), float("nan"))
        k = self.ln(x).transpose(-1, -2).flip(-1).roll(-3, 0)
        return i, j, k, None, True, False, -1, 0.1, float("inf"), float("-inf"), -0.0


case("hand_scalar_args", "scalar argument printing: None, bool, int, negative int, "
     "1e-05, 0.1, 1e+16, 1e-12, inf, -inf, nan, -0.0, 0.3333333333333333, 2**40, complex", ST)(
    lambda: str(trace(ScalarArgs())))


class StringArgs(nn.Module):
    """Strings are printed unquoted in args/kwargs and quoted in return."""

    def forward(self, x, y, a, b):
        l1 = F.mse_loss(x, y, reduction="mean")
        l2 = F.l1_loss(x, y, reduction="sum")
        e = torch.einsum("bij,bjk->bik", a, b)
        g = F.gelu(x, approximate="tanh")
        p = F.pad(x, (1, 1), mode="constant", value=0.0)
        t1 = fx_tag(x, "hello world")
        t2 = fx_tag(t1, "a, (b) = [c]")
        t3 = fx_tag(t2, "")
        t4 = fx_tag(t3, "it's %x")
        t5 = fx_tag(t4, "None")
        t6 = fx_tag(t5, "key: value}")
        torch._assert(x.dim() == 3, "expected a 3-D input, got something else")
        return l1, l2, e, g, p, t6, "result", "two words"


case("hand_string_args", "string args: reduction='mean', einsum 'bij,bjk->bik', approximate='tanh', "
     "strings with spaces/commas/brackets/quotes/'%x', empty string, the string 'None', "
     "torch._assert message; quoted strings in the return line", ST)(lambda: str(trace(StringArgs())))


class StringNewline(nn.Module):
    def forward(self, x):
        return fx_tag(x, "line one\nline two")


case("hand_string_newline", "a string arg containing a newline: printed raw, so the node "
     "spans two lines of text (edge case)", ST)(lambda: str(trace(StringNewline())))


class Containers(nn.Module):
    """Lists, tuples (1-tuple, empty tuple), nested lists/tuples, dicts."""

    def forward(self, x, y):
        a = torch.cat([x, y], dim=1)
        b = torch.stack((x, y), 0)
        c = a.permute(1, 0)
        d = x.sum(dim=(1,))
        e = fx_config(x, ())
        f = fx_config(x, [])
        g = fx_config(x, [[1, 2], (3, (4,)), [x, [y, ()]]])
        h = fx_config(x, cfg={"mode": "fast", "scale": 2.0, "ids": [1, 2], "ref": y, "none": None})
        i = fx_config(x, {1: x, "has space": [y], "nested": {"k": (x, 1)}})
        j = fx_config(x, None, (x,), [y], k={}, t=(), l=[], s={"a": []})
        sp = torch.split(a, [2, 3], dim=0)  # no tuple unpacking: Proxy.__iter__ breaks on 3.11
        k = sp[0]
        m = sp[1]
        return a, b, c, d, e, f, g, h, i, j, k, m


case("hand_containers", "lists, tuples, 1-tuples, empty tuples/lists/dicts, nested containers, "
     "dicts with str/int/spaced keys as args and kwargs values", ST)(lambda: str(trace(Containers())))


class Slices(nn.Module):
    def forward(self, x, idx):
        a = x[1:3]
        b = x[:, None, ::2]
        c = x[..., -1]
        d = x[-2:, 0]
        e = x[idx]
        n = x.size(1)
        f = x[:, : n - 1]
        g = x[None]
        h = x[..., None, 1:-1:2]
        i = x[0, 1]
        j = x[:]
        k = x[(0,)]
        return a, b, c, d, e, f, g, h, i, j, k


case("hand_slices", "getitem with slices, None, Ellipsis, negative indices, tensor index, "
     "slice bound that is a node (printed without %)", ST)(lambda: str(trace(Slices())))


class DtypeDevice(nn.Module):
    def forward(self, x):
        a = x.to(torch.float16)
        b = x.to(dtype=torch.long)
        n = x.size(0)  # tensor methods with node args stay in the graph (torch.zeros(n) would not trace)
        c = x.new_zeros((n, 3), dtype=torch.float32, device=torch.device("cpu"), layout=torch.strided)
        d = x.contiguous(memory_format=torch.channels_last)
        e = torch.ones_like(x, device="cpu")
        f = x.to(torch.device("cpu", 0))
        g = x.new_empty((n, 3), dtype=torch.bool, requires_grad=False, pin_memory=False)
        h = x.type(torch.float64)
        i = x.new_ones(n, dtype=torch.int32).cumsum(0).to(torch.complex64)
        j = x.to(torch.bfloat16).to(torch.uint8).to(torch.int8).to(torch.int16).to(torch.half).to(torch.double)
        k = torch.empty_like(x, memory_format=torch.preserve_format).contiguous(
            memory_format=torch.contiguous_format)
        return a, b, c, d, e, f, g, h, i, j, k, x.dtype, x.device


case("hand_dtype_device", "dtypes (torch.float16, torch.long -> torch.int64, ...), devices "
     "(torch.device('cpu') -> cpu, 'cpu', cpu:0), memory formats, layout", ST)(
    lambda: str(trace(DtypeDevice())))


class Annotated(nn.Module):
    def forward(self, x: torch.Tensor, n: int, o: Optional[torch.Tensor], l: List[int],
                g: list, t: Tuple[int, ...], u: Foo, s: str = "abc", f: float = 1.5,
                d: "torch.Tensor" = None) -> torch.Tensor:
        return x * n + f


case("hand_annotations", "placeholder type annotations (torch.Tensor, int, typing.Optional, "
     "typing.List, list, typing.Tuple, user class, str default, string annotation) and a "
     "return annotation", ST)(lambda: str(trace(Annotated())))


def _manual_typed_graph():
    g = torch.fx.Graph()
    x = g.placeholder("x", type_expr=torch.Tensor)
    n = g.placeholder("n", type_expr=int, default_value=4)
    r = g.call_function(torch.relu, (x,), type_expr=torch.Tensor)
    m = g.call_method("mul", (r, n), type_expr=torch.Tensor)
    w = g.get_attr("weight", type_expr=torch.Tensor)
    a = g.call_function(torch.add, (m, w), {"alpha": 2}, type_expr=Optional[torch.Tensor])
    c = g.call_module("sub.lin", (a,), type_expr=torch.Tensor)
    g.output((c, n), type_expr=Tuple[torch.Tensor, int])
    return str(g)


case("hand_typed_nodes", "graph built with the Graph API: type_expr on every node kind and "
     "on the output node", "torch.fx.Graph API")(_manual_typed_graph)


class RetSingle(nn.Module):
    def forward(self, x):
        return x + 1


class RetTuple(nn.Module):
    def forward(self, x):
        return x + 1, x * 2


class RetOneTuple(nn.Module):
    def forward(self, x):
        return (x.relu(),)


class RetList(nn.Module):
    def forward(self, x):
        return [x + 1, x - 1]


class RetDict(nn.Module):
    def forward(self, x):
        return {"out": x.sigmoid(), "aux": x.tanh(), "n": 3}


class RetNone(nn.Module):
    def forward(self, x):
        x.add_(1)
        return None


class RetInput(nn.Module):
    def forward(self, x):
        return x


class RetNested(nn.Module):
    def forward(self, x):
        a = x + 1
        b = x * 2
        return (a, [b, {"k": (a,), "s": "tag", "f": 1.5, "n": None}], (), Point(a, b), x[1:2])


case("ret_single", "return a single node", ST)(lambda: str(trace(RetSingle())))
case("ret_tuple", "return a tuple", ST)(lambda: str(trace(RetTuple())))
case("ret_one_tuple", "return a 1-tuple", ST)(lambda: str(trace(RetOneTuple())))
case("ret_list", "return a list", ST)(lambda: str(trace(RetList())))
case("ret_dict", "return a dict (quoted keys)", ST)(lambda: str(trace(RetDict())))
case("ret_none", "return None (in-place call_method add_ with 0 users)", ST)(lambda: str(trace(RetNone())))
case("ret_input", "return the placeholder itself", ST)(lambda: str(trace(RetInput())))
case("ret_nested", "return nested tuple/list/dict, a string, a float, (), a namedtuple, a node",
     ST)(lambda: str(trace(RetNested())))


class GetItemOps(nn.Module):
    def forward(self, x):
        ch = x.chunk(2, dim=-1)
        a = ch[0]
        b = ch[1]
        m = torch.max(x, dim=1)
        vals = m[0]
        idx = m.indices
        s = x.shape[0]
        s2 = x.size()[-1]
        c = a.view(s, -1) + b.reshape(s, s2 // 2)
        d = -c
        e = d ** 2 // 3 % 5
        f = (e > 0) & (e <= 4) | ~(e == 2)
        return c, vals, idx, f, x.shape, x.dim() != 2, e.float() / 2 - 1


case("hand_getitem_operators", "operator.getitem on chunk/max results and shapes, builtins.getattr, "
     "python operators (neg, abs, pow, floordiv, mod, and, or, invert, comparisons)", ST)(
    lambda: str(trace(GetItemOps())))


class Functional(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(16, 3, 3, 3))
        self.fw = nn.Parameter(torch.randn(10, 16))

    def forward(self, x):
        a = F.conv2d(x, self.w, None, stride=1, padding=1)
        b = F.batch_norm(a, None, None, training=True, momentum=0.1, eps=1e-05)
        c = F.relu(b, inplace=True)
        d = F.max_pool2d(c, kernel_size=2, stride=2)
        e = F.interpolate(d, scale_factor=2.0, mode="nearest")
        f = F.adaptive_avg_pool2d(e, (1, 1))
        g = torch.flatten(f, 1)
        h = F.linear(g, self.fw)
        i = F.softmax(h, dim=-1)
        j = F.log_softmax(h, dim=1)
        k = F.cross_entropy(h, torch.zeros(2, dtype=torch.long), label_smoothing=0.1)
        return i, j, k, F.silu(h), F.hardswish(h), F.normalize(h, p=2.0, dim=1)


case("hand_functional", "torch.nn.functional calls (conv2d, batch_norm, relu, max_pool2d, "
     "interpolate, linear, softmax, cross_entropy, ...)", ST)(lambda: str(trace(Functional())))


class NameCollisions(nn.Module):
    def __init__(self):
        super().__init__()
        self.add_module("if", nn.ReLU())          # Python keyword -> if_1
        self.add_module("fc_01", nn.ReLU())       # numeric suffix -> fc_1
        self.add_module("myConv", nn.ReLU())      # camelCase -> my_conv
        self.add_module("ALLCAPS", nn.ReLU())     # -> allcaps
        self.add_module("fc_1", nn.ReLU())        # collides with fc_1 above -> fc_2
        self.seq = nn.Sequential(nn.ReLU(), nn.Sequential(nn.ReLU()))  # seq.0 / seq.1.0
        self.layers = nn.ModuleList([nn.ReLU(), nn.ReLU()])

    def forward(self, input, add_1, sum_2):
        a = input + 1
        b = a + add_1
        c = b + sum_2
        d = c + 2
        e = getattr(self, "if")(d)
        f = getattr(self, "fc_01")(e)
        g = self.myConv(f)
        h = self.ALLCAPS(g)
        i = self.fc_1(h)
        j = self.seq(i)
        for layer in self.layers:
            j = layer(j)
        k = torch.abs(j).float().sum() + j.sum() + j.sum(0).max()
        m = torch.min(j, j) + torch.pow(j, 2) + j.type(torch.float32)
        lst = j.tolist() if False else j  # noqa
        return k, m, lst, input.__add__(1), input.__radd__(1), getattr(input, "__matmul__")(input)


case("hand_name_collisions", "placeholder named input (-> input_1), placeholders add_1/sum_2 "
     "forcing suffixes, keyword module name 'if', fc_01/fc_1 numeric suffix rules, camelCase and "
     "ALLCAPS snake-casing, Sequential/ModuleList digits, builtins abs/float/sum/max/min/pow/type, "
     "magic methods; traced with Tracer().trace (GraphModule codegen rejects self.if)",
     "torch.fx.Tracer().trace")(lambda: str(trace_graph_only(NameCollisions())))


class Suffixes(nn.Module):
    def forward(self, x):
        for _ in range(12):
            x = x + 1
        y = torch.add(x, 1)
        z = x.add(1)
        return x, y, z


case("hand_suffixes", "name suffixes add, add_1, ..., add_11 (operator.add, torch.add, method add "
     "share one namespace)", ST)(lambda: str(trace(Suffixes())))


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(0.1)
        self.resid_dropout = nn.Dropout(0.1)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer("bias", torch.tril(torch.ones(block_size, block_size))
                             .view(1, 1, block_size, block_size))

    def forward(self, x):
        B = x.size(0)
        T = x.size(1)
        C = x.size(2)
        qkv = self.c_attn(x).split(self.n_embd, dim=2)
        q = qkv[0]
        k = qkv[1]
        v = qkv[2]
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.resid_dropout(self.c_proj(y))


class GPTMLP(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.gelu = nn.GELU(approximate="tanh")
        self.c_proj = nn.Linear(4 * n_embd, n_embd)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x):
        return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))


class GPTBlock(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block_size)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = GPTMLP(n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x


class GPT(nn.Module):
    def __init__(self, vocab_size=64, block_size=16, n_layer=4, n_head=4, n_embd=32):
        super().__init__()
        self.block_size = block_size
        self.register_buffer("pos_ids", torch.arange(block_size))
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab_size, n_embd),
            wpe=nn.Embedding(block_size, n_embd),
            drop=nn.Dropout(0.1),
            h=nn.ModuleList([GPTBlock(n_embd, n_head, block_size) for _ in range(n_layer)]),
            ln_f=nn.LayerNorm(n_embd),
        ))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.lm_head.weight = self.transformer.wte.weight  # weight tying

    def forward(self, idx, targets=None):
        t = idx.size(1)
        pos = self.pos_ids[:t].to(device=idx.device, dtype=torch.long)
        tok_emb = self.transformer.wte(idx)
        pos_emb = self.transformer.wpe(pos)
        x = self.transformer.drop(tok_emb + pos_emb)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        logits = self.lm_head(x)
        return logits


case("hand_gpt", "nanoGPT-style decoder, 4 layers, hand-written causal attention (matmul, "
     "softmax, masked_fill with -inf, view/transpose/split), weight tying; buffers (causal mask, "
     "position ids) sliced by a traced size", "torch.fx.Tracer(proxy_buffer_attributes=True).trace")(
    lambda: str(trace_graph_only(GPT().eval(), proxy_buffer_attributes=True)))


class UnusedAndSideEffects(nn.Module):
    def forward(self, x, unused):
        a = x.relu()
        _dead = x * 3  # noqa: F841  (never used: 0 users)
        a.add_(1)
        a.clamp_(min=0.0)
        return a


case("hand_dead_and_inplace", "dead node with 0 users, in-place method calls, unused placeholder",
     ST)(lambda: str(trace(UnusedAndSideEffects())))


class ConcreteArgs(nn.Module):
    def forward(self, x, flag, n):
        if flag:
            x = x * 2
        return x + n


case("hand_concrete_args", "symbolic_trace with concrete_args={'flag': True, 'n': None}: the "
     "1.13 tracer keeps placeholders and asserts on them", ST + "(concrete_args)")(
    lambda: str(trace(ConcreteArgs(), concrete_args={"flag": True, "n": None})))


def _erased_names_graph():
    """Builds a graph, erases nodes, adds new ones: shows that erased names are not reused."""
    g = torch.fx.Graph()
    x = g.placeholder("x")
    a = g.call_function(torch.relu, (x,))
    b = g.call_function(operator.add, (a, 1))
    g.output(b)
    out = [n for n in g.nodes if n.op == "output"][0]
    out.args = (a,)
    g.erase_node(b)                        # frees the node, but not the name "add"
    with g.inserting_before(out):
        c = g.call_function(operator.add, (a, 2))    # -> add_1, not add
        d = g.call_function(torch.relu, (c,))        # -> relu_1
        e = g.create_node("call_function", operator.mul, (d, d), name="relu")  # -> relu_2
    out.args = ((d, e),)
    return str(g)


case("hand_erased_names", "Graph API: names of erased nodes are not reused (add erased, new add "
     "becomes add_1); explicit name= that collides gets a suffix", "torch.fx.Graph API")(
    _erased_names_graph)

def _graph_api_literals():
    """Values only the Graph API can put into a graph: namedtuple and slice-with-node in the
    return value, a placeholder default that is a string with spaces, a tuple default, a
    float('nan') default."""
    g = torch.fx.Graph()
    x = g.placeholder("x")
    s = g.placeholder("s", default_value="a b, c")
    t = g.placeholder("t", default_value=(1, "two", None))
    f = g.placeholder("f", default_value=float("nan"))
    a = g.call_function(operator.add, (x, f))
    b = g.call_method("view", (a, -1))
    c = g.call_function(fx_config, (b, torch.tensor([1.0, 2.5]), slice("a", b, None), ...),
                        {"a b": 1, "d": {(1, 2): 3, None: torch.device("cpu")}})
    g.output((Point(a, b), slice(None, a, 2), [s, t], {"k": "v w"}, 'quote"s', "it's", c,
              torch.device("cpu"), torch.float16, torch.channels_last, torch.strided, ..., 1e-05,
              float("-inf"), (1,), ()))
    return str(g)


def _graph_api_return_str():
    g = torch.fx.Graph()
    x = g.placeholder("x")
    g.call_function(operator.add, (x, 1))
    g.output("add")  # the *string* 'add', printed exactly like a reference to node %add
    return str(g)


case("hand_graph_api_return_str", "Graph API: output is the string 'add' while a node add exists: "
     "'return add' is ambiguous (top-level output values are printed with str())",
     "torch.fx.Graph API")(_graph_api_return_str)


case("hand_graph_api_literals", "Graph API: namedtuple, slice holding a node, strings, device, dtype, "
     "memory_format, layout, Ellipsis, floats in the return value (repr); a tensor constant, slice with a "
     "string, Ellipsis, a spaced kwarg key and non-str dict keys in args (str); placeholder defaults that "
     "are a spaced string, a tuple and nan",
     "torch.fx.Graph API")(_graph_api_literals)


def _graph_api_names():
    """Name generation (_Namespace.create_name) for explicit names and _target_to_str."""
    g = torch.fx.Graph()
    x5 = g.placeholder("x_5")
    xa = g.placeholder("x")
    xb = g.placeholder("x")           # 1.13: x_1; 2.x: x_6 (per-base counter continues from 5)
    last = xb
    explicit = ["my-node.out", "3d", "add_01", "class", "print", "torch", "inf", "device",
                "NoneType", "a..b", "caf\u00e9", "x_0", "x_0"]
    if IS_TORCH2:
        explicit.append("")           # 1.13 raises IndexError on an empty candidate
    for name in explicit:
        last = g.create_node("call_function", operator.add, (last, 1), name=name)
    # names derived from targets by _target_to_str (magic stripped, snake_case)
    last = g.call_method("__add__", (last, x5))
    last = g.call_method("MyMethod", (last,))
    last = g.call_method("HTTPServer", (last,))
    last = g.get_attr("layer.0.weightMatrix")
    last2 = g.call_module("Encoder.Block_3", (xa,))
    last3 = g.call_function(Point, (last, last2))
    g.output((last3, xb))
    return str(g)


case("hand_graph_api_names", "Graph API: name generation: explicit names with illegal characters, "
     "leading digit, keywords, builtins, custom builtins (torch/inf/device/NoneType), numeric "
     "suffixes, repeated placeholders; target-derived names (magic methods, camelCase, "
     "dotted get_attr/call_module)", "torch.fx.Graph API")(_graph_api_names)


my_lambda = lambda x: x  # noqa: E731  (2.x prints it as __main__.my_lambda, 1.13 as __main__.<lambda>)


class _Holder:
    def method(self, x):
        return x


def _graph_api_targets():
    """How call_function targets print (_pretty_print_target / _get_qualified_name) and the
    node names _target_to_str derives from them.  Targets a version cannot print are left out
    (1.13 raises AttributeError on torch.Tensor method descriptors)."""
    targets = [torch.ops.aten.add.Tensor, torch.ops.aten.add.default, torch.ops.aten.add,
               torch.ops.aten.sym_size.int, math.sqrt, len, max, getattr, operator.getitem,
               operator.iadd, F.relu, torch._C._nn.linear, torch.add, torch.Tensor, torch.Size,
               nn.Linear, float, my_lambda, _Holder.method, Point, fx_tag,
               torch.Tensor.add, torch.Tensor.__add__]
    if hasattr(torch, "sym_int"):
        targets.append(torch.sym_int)
    g = torch.fx.Graph()
    x = g.placeholder("x")
    outs = []
    for t in targets:
        n = g.call_function(t, (x,))
        try:
            n.format_node()
        except Exception:
            g.erase_node(n)
            continue
        outs.append(n)
    g.output(outs)
    return str(g)


case("hand_graph_api_targets", "Graph API: call_function target printing for OpOverload/"
     "OpOverloadPacket, math/builtins/operator functions, torch.nn.functional, torch._C._nn, "
     "classes, a lambda, a method, a namedtuple class, torch.Tensor methods (2.x only)",
     "torch.fx.Graph API")(_graph_api_targets)


class VarArgs(nn.Module):
    def forward(self, x, *args, **kwargs):
        return x + args[0] + kwargs["k"]


case("hand_varargs", "forward(self, x, *args, **kwargs): placeholders with target=*args / "
     "**kwargs named _args / _kwargs (1.13's tracer fails on Python 3.11: code() argument 13)",
     ST, when="26")(lambda: str(trace(VarArgs())))


# ---------------------------------------------------------------------------
# PyTorch 2.6 only: make_fx (aten), Dynamo, torch.export, higher-order ops
# ---------------------------------------------------------------------------


class MLP(nn.Module):
    def __init__(self, d_in=16, d_hidden=32, d_out=8):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class TransformerLM(nn.Module):
    """Small transformer built from nn.TransformerEncoderLayer."""

    def __init__(self, d_model=32, nhead=4, num_layers=4):
        super().__init__()
        self.layers = nn.ModuleList([
            nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=64, dropout=0.0, batch_first=True)
            for _ in range(num_layers)])
        self.norm = nn.LayerNorm(d_model)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


def _make_fx(fn, *args, **kw):
    from torch.fx.experimental.proxy_tensor import make_fx
    seed()
    return str(make_fx(fn, **kw)(*args).graph)


def _makefx_mlp():
    seed()
    m = MLP()
    x = torch.randn(4, 16)
    return _make_fx(lambda x: m(x), x)


def _makefx_inplace():
    def f(x, y):
        x.add_(y)              # mutates an input
        z = x.mul(2)
        z.relu_()
        y.copy_(z)             # mutates the second input
        return x + z
    return _make_fx(f, torch.randn(3, 4), torch.randn(3, 4))


def _makefx_symbolic():
    def f(x, y):
        n = x.shape[0]
        z = torch.cat([x, y], dim=0)
        return z.view(-1, x.shape[1]) * n, z.sum(dim=[0], keepdim=True), z.new_zeros(n + 1)
    return _make_fx(f, torch.randn(4, 6), torch.randn(3, 6), tracing_mode="symbolic")


def _makefx_gpt_block():
    seed()
    m = GPTBlock(32, 4, 16).eval()
    x = torch.randn(2, 8, 32)
    return _make_fx(lambda x: m(x), x)


MF = "torch.fx.experimental.proxy_tensor.make_fx"
case("makefx_mlp", "MLP(16->32->8) at aten level", MF, when="26")(_makefx_mlp)
case("makefx_inplace", "in-place aten ops (add_, relu_, copy_) mutating both inputs", MF, when="26")(
    _makefx_inplace)
case("makefx_symbolic", "tracing_mode='symbolic': SymInt sizes, sym_size nodes, torch.cat/view/sum",
     MF + "(tracing_mode='symbolic')", when="26")(_makefx_symbolic)
case("makefx_gpt_block", "one GPT block (eval) at aten level", MF, when="26")(_makefx_gpt_block)


def _dynamo(model_or_fn, *args, dynamic=None, no_grad=False):
    import torch._dynamo
    torch._dynamo.reset()
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(str(gm.graph))
        return gm.forward

    seed()
    compiled = torch.compile(model_or_fn, backend=backend, dynamic=dynamic)
    if no_grad:
        with torch.no_grad():
            compiled(*args)
    else:
        compiled(*args)
    torch._dynamo.reset()
    if len(graphs) == 1:
        return graphs[0]
    return [("_%d" % i, g) for i, g in enumerate(graphs)]


def _dynamo_loop(x):
    return sum(torch.sin(x + i) * torch.cos(x) for i in range(3))


DY = "torch.compile(backend=custom)"
case("dynamo_mlp", "MLP(16->32->8), Dynamo graph", DY, when="26")(
    lambda: _dynamo(MLP(), torch.randn(4, 16)))
case("dynamo_transformer", "4-layer nn.TransformerEncoderLayer stack + LayerNorm (eval), Dynamo graph",
     DY, when="26")(lambda: _dynamo(TransformerLM().eval(), torch.randn(2, 8, 32)))
case("dynamo_transformer_fastpath", "the same stack under torch.no_grad(): eval fast path, one "
     "torch._transformer_encoder_layer_fwd call per layer", DY + " + no_grad", when="26")(
    lambda: _dynamo(TransformerLM().eval(), torch.randn(2, 8, 32), no_grad=True))
case("dynamo_loop", "sum(torch.sin(x + i) * torch.cos(x) for i in range(3))", DY, when="26")(
    lambda: _dynamo(_dynamo_loop, torch.randn(8)))
case("dynamo_dynamic", "MLP with dynamic=True (SymInt placeholders)", DY + "(dynamic=True)",
     when="26")(lambda: _dynamo(MLP(), torch.randn(4, 16), dynamic=True))
def _dynamo_shapes(x):
    return x.view(x.shape[0], -1).sum(1) * x.shape[0] + x.size(1)


case("dynamo_dynamic_shapes", "x.view(x.shape[0], -1).sum(1) * x.shape[0] + x.size(1) with "
     "dynamic=True: SymInt placeholders used as arguments", DY + "(dynamic=True)", when="26")(
    lambda: _dynamo(_dynamo_shapes, torch.randn(4, 3, 5), dynamic=True))
case("dynamo_gpt", "4-layer hand-written GPT (eval), Dynamo graph", DY, when="26")(
    lambda: _dynamo(GPT().eval(), torch.randint(0, 64, (2, 8))))


class BufferMutation(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(8)
        self.register_buffer("counter", torch.zeros(1, dtype=torch.long))

    def forward(self, x):
        self.counter.add_(1)  # `+=` would be rejected (module attribute assignment)
        return self.bn(x) * self.counter


class CondModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        def true_fn(x):
            return self.lin(x).sin()

        def false_fn(x):
            return x.cos() - 1.0

        return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def _export(mod, args, submodules=False, dynamic_shapes=None, decomposed=False):
    seed()
    ep = torch.export.export(mod, args, dynamic_shapes=dynamic_shapes)
    out = [("", str(ep.graph_module.graph))]
    if decomposed:  # core ATen, functionalized: mutations become extra outputs
        out.append(("_decomposed", str(ep.run_decompositions().graph_module.graph)))
    if submodules:
        for name, sub in ep.graph_module.named_modules():
            if name and isinstance(sub, torch.fx.GraphModule):
                out.append(("_" + name.replace(".", "_"), str(sub.graph)))
    return out if len(out) > 1 else out[0][1]


EX = "torch.export.export"
case("export_gpt_block", "one GPT block (eval), exported program graph", EX, when="26")(
    lambda: _export(GPTBlock(32, 4, 16).eval(), (torch.randn(2, 8, 32),)))
case("export_transformer_layer", "nn.TransformerEncoderLayer (eval), exported program graph", EX,
     when="26")(lambda: _export(
         nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, dropout=0.0, batch_first=True).eval(),
         (torch.randn(2, 8, 32),)))
case("export_buffer_mutation", "BatchNorm1d in train mode + counter buffer add_(1): training IR keeps "
     "in-place add_; the _decomposed file is ep.run_decompositions() where buffer mutations become "
     "outputs", EX, when="26")(
    lambda: _export(BufferMutation().train(), (torch.randn(4, 8),), decomposed=True))
case("export_cond", "torch.cond (higher-order op) under export: top graph and each branch "
     "subgraph as separate files", EX + " + torch.cond", when="26")(
    lambda: _export(CondModule(), (torch.randn(4, 4),), submodules=True))


def _export_dynamic():
    from torch.export import Dim
    batch = Dim("batch", min=2, max=64)
    return _export(MLP(), (torch.randn(4, 16),), dynamic_shapes={"x": {0: batch}})


case("export_dynamic", "MLP exported with a dynamic batch dimension (Dim)", EX + "(dynamic_shapes)",
     when="26")(_export_dynamic)

# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def run_case(c):
    res = c["fn"]()
    items = [("", res)] if isinstance(res, str) else res
    return [(c["name"] + suffix, text) for suffix, text in items]


def generate(out_dir, torch26, only=None):
    want = "26" if torch26 else "113"
    os.makedirs(out_dir, exist_ok=True)
    if not only:  # a full run replaces the whole set
        for fn in os.listdir(out_dir):
            if fn.endswith(".fx"):
                os.remove(os.path.join(out_dir, fn))
    written, failed = [], []
    for c in CASES:
        if c["when"] not in ("both", want):
            continue
        if only and c["name"] not in only:
            continue
        try:
            items = run_case(c)
        except Exception as e:  # report and continue: a version may not support a case
            failed.append((c["name"], "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")))
            continue
        for name, text in items:
            if ADDRESS_RE.search(text):
                failed.append((name, "output contains a memory address; skipped"))
                continue
            assert text.startswith("graph("), name
            path = os.path.join(out_dir, name + ".fx")
            with open(path, "w") as f:
                f.write(text.rstrip("\n") + "\n")
            written.append(name)
    print("torch %s: wrote %d fixtures to %s" % (torch.__version__, len(written), out_dir))
    for name, why in failed:
        print("  SKIPPED %s: %s" % (name, why))
    return failed


def count_nodes(text):
    """Node count of a printed graph: one line per node (placeholders included) after
    the header, except string arguments containing newlines continue a line."""
    n = 0
    for line in text.split("\n")[1:]:
        if line.startswith("    %") or line.startswith("    return "):
            n += 1
    # Graph.__str__ passes an empty placeholder_names list and format_node only appends to
    # a non-empty one, so in 1.13 and 2.6 every placeholder gets its own line and the
    # header is always "graph():".
    return n


COMMANDS = {
    "torch113": "/usr/bin/python3 tools/python/make_fixtures.py --out testing/graphs/torch113",
    "torch26": "../shared/tools/torch26 python3 tools/python/make_fixtures.py --torch26 "
               "--out testing/graphs/torch26",
}


def write_sources(root, versions):
    by_name = {c["name"]: c for c in CASES}
    rows, total_files, total_nodes, total_bytes = [], 0, 0, 0
    for sub in ["torch113", "torch26"]:
        d = os.path.join(root, sub)
        if not os.path.isdir(d):
            continue
        for fn in sorted(os.listdir(d)):
            if not fn.endswith(".fx"):
                continue
            with open(os.path.join(d, fn)) as f:
                text = f.read()
            stem = fn[:-3]
            c = by_name.get(stem)
            if c is None:  # multi-file cases: NAME_suffix
                for cname in sorted(by_name, key=len, reverse=True):
                    if stem.startswith(cname + "_"):
                        c = by_name[cname]
                        break
            nodes = count_nodes(text)
            total_files += 1
            total_nodes += nodes
            total_bytes += len(text.encode())
            rows.append("| `%s/%s` | %s | %s | %s | %d | `%s` |" % (
                sub, fn, c["desc"].replace("|", "\\|") if c else "?", c["tracer"] if c else "?",
                versions.get(sub, "?"), nodes, COMMANDS[sub]))
    out = [
        "# FX graph text fixtures",
        "",
        "Each `.fx` file is exactly `str(graph)` as printed by PyTorch, plus one trailing newline.",
        "Generated by `tools/python/make_fixtures.py` (deterministic: fixed seeds, no addresses).",
        "All commands run from the repository root; `../shared/tools/torch26` runs",
        "the command in a Debian trixie chroot (python3-torch 2.6) with the repo mounted at /project.",
        "Regenerate this table with:",
        "`/usr/bin/python3 tools/python/make_fixtures.py --sources testing/graphs %s`." % " ".join(
            "--version %s=%s" % kv for kv in sorted(versions.items())),
        "",
        "**%d fixtures, %d nodes in total** (node = one `%%name : ... = op[...]` line or one "
        "`return` line; placeholders are printed as node lines in both versions), %d bytes." % (
            total_files, total_nodes, total_bytes),
        "",
        "| file | source (model / module) | tracer | PyTorch | nodes | command |",
        "|---|---|---|---|---|---|",
    ] + rows + [
        "",
        "Notes:",
        "",
        "* Cases only in `torch26/` (need PyTorch 2.x): %s." % ", ".join(
            "`%s`" % c["name"] for c in CASES if c["when"] == "26"),
        "* `hand_varargs` is 2.x-only because the 1.13 tracer fails on Python 3.11 for `*args` "
        "(`code() argument 13 must be str, not int`).",
        "* `hand_string_newline.fx` is the one fixture where a node spans two text lines (a string "
        "argument containing `\\n` is printed raw).",
        "* `hand_name_collisions` and `hand_gpt` are traced with `torch.fx.Tracer().trace` (graph only): "
        "GraphModule codegen rejects a submodule named `if`, and the GPT needs "
        "`proxy_buffer_attributes=True` to slice its buffers by a traced size. The tracer column "
        "says this for each file.",
        "* 1.13 cannot trace tuple unpacking of a Proxy on Python 3.11 (`a, b = x.chunk(2)`), so "
        "the modules index the results instead.",
        "",
    ]
    with open(os.path.join(root, "SOURCES.md"), "w") as f:
        f.write("\n".join(out))
    print("wrote %s: %d fixtures, %d nodes, %d bytes" % (
        os.path.join(root, "SOURCES.md"), total_files, total_nodes, total_bytes))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="directory to write NAME.fx fixtures into")
    p.add_argument("--torch26", action="store_true", help="generate the PyTorch 2.x set")
    p.add_argument("--only", nargs="*", help="only these case names")
    p.add_argument("--sources", metavar="ROOT", help="write ROOT/SOURCES.md from ROOT/torch*/*.fx")
    p.add_argument("--version", action="append", default=[], help="SUBDIR=VERSION for --sources")
    a = p.parse_args(argv)
    if a.sources:
        write_sources(a.sources, dict(v.split("=", 1) for v in a.version))
        return 0
    if not a.out:
        p.error("--out is required")
    if a.torch26 != IS_TORCH2:
        p.error("--torch26 must be given exactly when running under PyTorch 2.x (this is %s)"
                % torch.__version__)
    generate(a.out, a.torch26, a.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
