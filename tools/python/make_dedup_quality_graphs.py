#!/usr/bin/env python3
"""Captures the graphs of dedup's quality benchmark (testing/dedup_quality)
with PyTorch 2.6: transformer stacks, CNNs and residual MLPs, small dims,
random weights, each graph's nodes keeping `val` and `nn_module_stack` (from
which the benchmark computes the module-structure ideal). From the
repository root:

  ../shared/tools/torch26 python3 \\
      tools/python/make_dedup_quality_graphs.py --out testing/dedup_quality/graphs

writes <model>.<capture>.json (fxpp.dump, no weights); convert each to fxg
with `bazel run //tools:fmt`. Captures: dynamo (torch.compile's graph),
export (torch.export's ATen graph) and make_fx (ATen, record_module_stack).
"""

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import fxpp  # noqa: E402
from fxpp import _capture  # noqa: E402

D, HEADS, T, LAYERS, VOCAB = 32, 4, 8, 6, 64


class CausalSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * D)
        self.proj = nn.Linear(D, D)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(D, dim=2)
        q = q.view(b, t, HEADS, c // HEADS).transpose(1, 2)
        k = k.view(b, t, HEADS, c // HEADS).transpose(1, 2)
        v = v.view(b, t, HEADS, c // HEADS).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).contiguous().view(b, t, c))


class GPT2Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(D)
        self.attn = CausalSelfAttention()
        self.ln_2 = nn.LayerNorm(D)
        self.fc = nn.Linear(D, 4 * D)
        self.out = nn.Linear(4 * D, D)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.out(F.gelu(self.fc(self.ln_2(x))))


class GPT2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D)
        self.wpe = nn.Embedding(T, D)
        self.h = nn.ModuleList(GPT2Block() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(D)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, idx):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))
        for block in self.h:
            x = block(x)
        return self.head(self.ln_f(x))


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6))


def rotate(x, cos, sin):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin


class LlamaBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_norm = RMSNorm()
        self.q = nn.Linear(D, D, bias=False)
        self.k = nn.Linear(D, D, bias=False)
        self.v = nn.Linear(D, D, bias=False)
        self.o = nn.Linear(D, D, bias=False)
        self.post_norm = RMSNorm()
        self.gate = nn.Linear(D, 2 * D, bias=False)
        self.up = nn.Linear(D, 2 * D, bias=False)
        self.down = nn.Linear(2 * D, D, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.input_norm(x)
        q = self.q(h).view(b, t, HEADS, D // HEADS).transpose(1, 2)
        k = self.k(h).view(b, t, HEADS, D // HEADS).transpose(1, 2)
        v = self.v(h).view(b, t, HEADS, D // HEADS).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, D))
        h = self.post_norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(LlamaBlock() for _ in range(LAYERS))
        self.norm = RMSNorm()
        self.head = nn.Linear(D, VOCAB, bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, D // HEADS, 2).float() / (D // HEADS)))
        freqs = torch.outer(torch.arange(T).float(), inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos())
        self.register_buffer("sin", emb.sin())

    def forward(self, idx):
        x = self.embed(idx)
        for layer in self.layers:
            x = layer(x, self.cos, self.sin)
        return self.head(self.norm(x))


class Attention(nn.Module):
    """Bidirectional multi-head attention (BERT, ViT, T5); kv from `memory`."""

    def __init__(self, bias=True):
        super().__init__()
        self.q = nn.Linear(D, D, bias=bias)
        self.k = nn.Linear(D, D, bias=bias)
        self.v = nn.Linear(D, D, bias=bias)
        self.o = nn.Linear(D, D, bias=bias)

    def forward(self, x, memory=None, causal=False):
        memory = x if memory is None else memory
        b, t, _ = x.shape
        s = memory.shape[1]
        q = self.q(x).view(b, t, HEADS, D // HEADS).transpose(1, 2)
        k = self.k(memory).view(b, s, HEADS, D // HEADS).transpose(1, 2)
        v = self.v(memory).view(b, s, HEADS, D // HEADS).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(D // HEADS)
        if causal:
            att = att.masked_fill(torch.ones(t, s, dtype=torch.bool).triu(1), float("-inf"))
        y = att.softmax(dim=-1) @ v
        return self.o(y.transpose(1, 2).reshape(b, t, D))


class BertLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = Attention()
        self.ln1 = nn.LayerNorm(D)
        self.intermediate = nn.Linear(D, 4 * D)
        self.output = nn.Linear(4 * D, D)
        self.ln2 = nn.LayerNorm(D)

    def forward(self, x):
        x = self.ln1(x + self.attention(x))
        return self.ln2(x + self.output(F.gelu(self.intermediate(x))))


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(VOCAB, D)
        self.position = nn.Embedding(T, D)
        self.ln = nn.LayerNorm(D)
        self.layer = nn.ModuleList(BertLayer() for _ in range(LAYERS))
        self.pooler = nn.Linear(D, D)

    def forward(self, idx):
        x = self.ln(self.word(idx) + self.position(torch.arange(idx.shape[1])))
        for layer in self.layer:
            x = layer(x)
        return torch.tanh(self.pooler(x[:, 0]))


class ViTBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(D)
        self.attn = Attention()
        self.norm2 = nn.LayerNorm(D)
        self.fc1 = nn.Linear(D, 4 * D)
        self.fc2 = nn.Linear(4 * D, D)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(3, D, kernel_size=8, stride=8)
        self.cls = nn.Parameter(torch.randn(1, 1, D))
        self.pos = nn.Parameter(torch.randn(1, 17, D))
        self.blocks = nn.ModuleList(ViTBlock() for _ in range(LAYERS))
        self.norm = nn.LayerNorm(D)
        self.head = nn.Linear(D, 10)

    def forward(self, img):
        x = self.patch(img).flatten(2).transpose(1, 2)
        x = torch.cat((self.cls.expand(x.shape[0], -1, -1), x), dim=1) + self.pos
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x)[:, 0])


class T5Norm(RMSNorm):
    pass


class T5FF(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi = nn.Linear(D, 4 * D, bias=False)
        self.wo = nn.Linear(4 * D, D, bias=False)

    def forward(self, x):
        return self.wo(F.relu(self.wi(x)))


class T5EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = T5Norm()
        self.attn = Attention(bias=False)
        self.norm2 = T5Norm()
        self.ff = T5FF()

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.ff(self.norm2(x))


class T5DecoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = T5Norm()
        self.self_attn = Attention(bias=False)
        self.norm2 = T5Norm()
        self.cross_attn = Attention(bias=False)
        self.norm3 = T5Norm()
        self.ff = T5FF()

    def forward(self, x, memory):
        x = x + self.self_attn(self.norm1(x), causal=True)
        x = x + self.cross_attn(self.norm2(x), memory)
        return x + self.ff(self.norm3(x))


class T5(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.encoder = nn.ModuleList(T5EncoderBlock() for _ in range(3))
        self.enc_norm = T5Norm()
        self.decoder = nn.ModuleList(T5DecoderBlock() for _ in range(3))
        self.dec_norm = T5Norm()
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, src, tgt):
        memory = self.embed(src)
        for block in self.encoder:
            memory = block(memory)
        memory = self.enc_norm(memory)
        x = self.embed(tgt)
        for block in self.decoder:
            x = block(x, memory)
        return self.head(self.dec_norm(x))


class ResidualMLPBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(D)
        self.fc1 = nn.Linear(D, 2 * D)
        self.fc2 = nn.Linear(2 * D, D)

    def forward(self, x):
        return x + self.fc2(F.relu(self.fc1(self.norm(x))))


class ResidualMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(16, D)
        self.blocks = nn.ModuleList(ResidualMLPBlock() for _ in range(8))
        self.out = nn.Linear(D, 4)

    def forward(self, x):
        x = self.inp(x)
        for block in self.blocks:
            x = block(x)
        return self.out(x)


def _tokens(*shape):
    return torch.randint(0, VOCAB, shape)


def _vision(name):
    def build():
        import torchvision.models
        return getattr(torchvision.models, name)(), (torch.randn(1, 3, 64, 64),)
    return build


MODELS = {
    "gpt2": (lambda: (GPT2(), (_tokens(2, T),)), ("dynamo", "export", "make_fx")),
    "llama": (lambda: (Llama(), (_tokens(2, T),)), ("dynamo", "export")),
    "bert": (lambda: (Bert(), (_tokens(2, T),)), ("dynamo", "export")),
    "vit": (lambda: (ViT(), (torch.randn(2, 3, 32, 32),)), ("dynamo", "export")),
    "t5": (lambda: (T5(), (_tokens(2, T), _tokens(2, T))), ("dynamo", "export")),
    "residual_mlp": (lambda: (ResidualMLP(), (torch.randn(4, 16),)), ("dynamo", "export")),
    "resnet50": (_vision("resnet50"), ("dynamo",)),
    "mobilenet_v3_small": (_vision("mobilenet_v3_small"), ("dynamo",)),
}

# What the benchmark reads of a node's meta; stack traces and the like only
# make the files big.
_KEPT_META = ("val", "example_value", "tensor_meta", "nn_module_stack")


def _graph_module(model, inputs, capture):
    if capture == "make_fx":
        from torch.fx.experimental.proxy_tensor import make_fx
        gm = make_fx(model, record_module_stack=True)(*inputs)
        return _capture.propagate_shapes(gm, inputs)
    gm, _ = _capture.capture(model, inputs, capture)
    if capture == "export":
        gm = gm.graph_module  # the ATen graph, parameters lifted to inputs
    return gm


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", default=",".join(MODELS))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name in args.models.split(","):
        build, captures = MODELS[name]
        for capture in captures:
            torch.manual_seed(0)
            model, inputs = build()
            model.eval()
            with torch.no_grad() if capture != "export" else torch.enable_grad():
                gm = _graph_module(model, inputs, capture)
            for node in gm.graph.nodes:
                for key in list(node.meta):
                    if key not in _KEPT_META:
                        del node.meta[key]
            path = os.path.join(args.out, f"{name}.{capture}.json")
            fxpp.dump(gm, path, weights=False)
            print(path, len(gm.graph.nodes), "nodes", flush=True)


if __name__ == "__main__":
    main()
