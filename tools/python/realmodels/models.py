"""The real models fxpp's passes are checked on, for PyTorch 1.13 and 2.6.

Each entry builds (model in eval mode, example inputs) from a fixed seed.
Inputs are small (64x64 images, 16 tokens) to keep CI fast; the graphs are
the models' real graphs all the same.
"""

import collections
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

# tools/python: make_fixtures' hand-written GPT.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

Model = collections.namedtuple("Model", "build description")


def _torchvision(name):
    def build():
        import torchvision.models
        torch.manual_seed(0)
        model = getattr(torchvision.models, name)().eval()
        return model, (torch.randn(1, 3, 64, 64),)
    return build


def _gpt():
    from make_fixtures import GPT  # noqa: E402 (tools/python on the path above)

    class TokensOnly(GPT):
        """forward(idx): split_by_tags, PyTorch's and fxpp's alike, drops
        placeholder defaults such as GPT's targets=None."""

        def forward(self, idx):
            return super().forward(idx)

    torch.manual_seed(0)
    model = TokensOnly(vocab_size=64, block_size=16, n_layer=12, n_head=4, n_embd=32).eval()
    return model, (torch.randint(0, 64, (2, 16)),)


class LoopConstants(nn.Module):
    """Four iterations that differ only in the constant added: regions that
    may be merged only with the constant as an input (PyTorch 2.6 merges them
    as they are and returns wrong results)."""

    def forward(self, x):
        y = torch.zeros_like(x)
        for i in range(4):
            y = y + torch.sin(x + i) * torch.cos(x)
        return y


class StackedWeights(nn.Module):
    """A residual MLP whose layers read their weights from stacked tensors:
    layer i's region differs from layer 0's only in the index i."""

    def __init__(self, layers=6, width=16, hidden=32):
        super().__init__()
        self.layers = layers
        self.w1 = nn.Parameter(torch.randn(layers, hidden, width) * 0.2)
        self.b1 = nn.Parameter(torch.randn(layers, hidden) * 0.1)
        self.w2 = nn.Parameter(torch.randn(layers, width, hidden) * 0.2)
        self.b2 = nn.Parameter(torch.randn(layers, width) * 0.1)

    def forward(self, x):
        for i in range(self.layers):
            x = x + F.linear(F.relu(F.linear(x, self.w1[i], self.b1[i])), self.w2[i], self.b2[i])
        return x


class ResidualMLP(nn.Module):
    """x = x + fc2(relu(fc1(x))) six times with separate nn.Linear layers (the
    residual stack PyTorch 2.6's dedup crashes on)."""

    def __init__(self, layers=6, width=16, hidden=32):
        super().__init__()
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.Linear(width, hidden), nn.ReLU(), nn.Linear(hidden, width))
            for _ in range(layers))

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        return x


class RepeatedCalls(nn.Module):
    """PyTorch's test_single_subgraph program: inner(x, y) called three
    times, once on sin(y); a program PyTorch 2.6's dedup gets right."""

    @staticmethod
    def inner(x, y):
        return (x + 1).sum() + (y + 2).sum()

    def forward(self, x, y):
        o1 = torch.sin(y)
        o2 = self.inner(x, o1)
        o3 = self.inner(x, y)
        return o2 * (o3 * o3) + self.inner(x, y)


class RepeatedBlocks(nn.Module):
    """Four conv-bn-relu residual blocks with per-block weights, then one
    MLP called twice: symbolic_trace calls that shared module by its path
    (call_module), which dedup must leave in the graph that has it."""

    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.Conv2d(4, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU())
            for _ in range(4))
        self.mlp = nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 4))

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        p = x.mean((2, 3))
        return p + self.mlp(p) + self.mlp(p * 2)


class IntBool(nn.Module):
    """Integer and bool tensors: comparisons, `|` (operator.or_, which is
    not in-place), where, integer division, cumsum, argmax."""

    def forward(self, ids, mask):
        keep = (ids % 3 == 0) | mask
        counts = keep.long().cumsum(-1)
        picked = torch.where(keep, ids, torch.zeros_like(ids))
        return picked // 2, counts, keep.any(-1), ids.argmax(-1), (~mask).sum()


class CacheView(nn.Module):
    """A buffer and a constant viewing it (symbolic_trace keeps `self.cache_t`
    as _tensor_constant0): a write to the buffer shows through the constant.
    Not in MODELS: the tests of state aliasing build it."""

    def __init__(self):
        super().__init__()
        self.register_buffer("cache", torch.zeros(3, 2))
        self.cache_t = self.cache.t()

    def forward(self, x):
        self.cache.add_(x.t())
        return x * 0 + self.cache_t


def _int_bool():
    torch.manual_seed(0)
    return IntBool(), (torch.randint(0, 20, (3, 7)), torch.rand(3, 7) > 0.5)


def _seeded(cls, *shapes):
    def build():
        torch.manual_seed(0)
        return cls().eval(), tuple(torch.randn(*shape) for shape in shapes)
    return build


MODELS = collections.OrderedDict([
    ("resnet18", Model(_torchvision("resnet18"), "torchvision resnet18, 1x3x64x64")),
    ("resnet50", Model(_torchvision("resnet50"), "torchvision resnet50, 1x3x64x64")),
    ("mobilenet_v3_small", Model(_torchvision("mobilenet_v3_small"),
                                 "torchvision mobilenet_v3_small, 1x3x64x64")),
    ("efficientnet_b0", Model(_torchvision("efficientnet_b0"),
                              "torchvision efficientnet_b0, 1x3x64x64")),
    ("gpt12", Model(_gpt, "GPT-style decoder, 12 layers, d=32, 4 heads, 2x16 tokens")),
    ("loop_constants", Model(_seeded(LoopConstants, (8, 8)),
                             "4 loop iterations differing only in a constant")),
    ("stacked_weights", Model(_seeded(StackedWeights, (4, 16)),
                              "6 residual layers differing only in a weight index")),
    ("residual_mlp", Model(_seeded(ResidualMLP, (4, 16)),
                           "6 residual nn.Linear blocks")),
    ("repeated_calls", Model(_seeded(RepeatedCalls, (10, 10), (10, 20)),
                             "one function called 3 times (PyTorch's dedup test program)")),
    ("repeated_blocks", Model(_seeded(RepeatedBlocks, (1, 4, 8, 8)),
                              "4 conv-bn-relu blocks, one MLP called twice")),
    ("int_bool", Model(_int_bool, "integer and bool tensor ops (|, where, //, cumsum)")),
])
