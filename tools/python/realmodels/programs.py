"""Random small programs that mix views and mutation, for the differential
test (differential_test.py). Each program is the body of

    def forward(x, y, z, buf):  # four f32[4, 6] tensors; buf is a buffer

built statement by statement from STATEMENTS and run on real tensors while
it grows, so every statement kept is valid PyTorch (a statement that raises
or warns, e.g. an out= tensor of the wrong shape or overlapping its input,
is dropped and another drawn). Shapes come from those runs, not from rules.

What the statements cover (docs/REAL_MODELS.md lists it too):
  - fresh values: clone, unary and binary math, matmul of a transpose;
  - views: view(-1), reshape, t, transpose, unsqueeze, narrow, getitem with a
    slice, an int, a (slice, int) tuple, chunk/split + getitem, and views of
    views (any value in the pool can be viewed again);
  - in-place ops on any value in the pool, so on inputs, on the buffer, on
    clones and on views of each (add_, mul_, relu_, fill_, zero_, copy_ from
    another value, clamp_), and reads of a view after its base was written
    and of a base after its view was written;
  - out= ops (torch.sin/torch.add/torch.mul with out= any value of the
    right shape, a view included);
  - repeated blocks: one random block of the statements above (plus the
    issue-16 pattern `a = inp.clone(); v = a.view(-1)[:8]; w = v.sin() * 2;
    a.add_(1.0); r = w + v` as a possible prefix) instantiated 2-4 times on
    different inputs, so dedup finds regions that contain views and writes.
"""

import random
import re
import warnings

import torch

INPUTS = ("x", "y", "z", "buf")
SHAPE = (4, 6)

# (template, operand kinds): "t" any tensor, "s" one of same shape as the
# first operand, "2" a 2-d tensor, "n" a non-empty tensor. A template's
# {out} is the new name, {a} {b} the operands.
FRESH = [
    ("{out} = {a}.clone()", "t"),
    ("{out} = torch.sin({a})", "t"),
    ("{out} = {a} * 2.0", "t"),
    ("{out} = {a} + {b}", "ts"),
    ("{out} = torch.mul({a}, {b})", "ts"),
    ("{out} = {a}.exp().neg()", "t"),
    ("{out} = {a}.t() @ {b}", "2s"),
    ("{out} = {a}.sum(0)", "n"),
]
VIEWS = [
    ("{out} = {a}.view(-1)", "t"),
    ("{out} = {a}.reshape(-1)", "t"),
    ("{out} = {a}.t()", "2"),
    ("{out} = {a}.transpose(0, 1)", "2"),
    ("{out} = {a}.unsqueeze(0)", "t"),
    ("{out} = {a}.narrow(0, 1, 2)", "n"),
    ("{out} = {a}[1:3]", "n"),
    ("{out} = {a}[0]", "n"),
    ("{out} = {a}[:, 2]", "2"),
    ("{out} = {a}[:, 1:4]", "2"),
    ("{out} = {a}.chunk(2)[1]", "n"),
    ("{out} = torch.split({a}, 2)[0]", "n"),
    ("{out} = {a}.view(-1)[:8]", "t"),
]
IN_PLACE = [
    ("{a}.add_(1.0)", "t"),
    ("{a}.mul_({b})", "ts"),
    ("{a}.relu_()", "t"),
    ("{a}.fill_(0.5)", "t"),
    ("{a}.zero_()", "t"),
    ("{a}.copy_({b})", "ts"),
    ("{a}.clamp_(-0.5, 0.5)", "t"),
    ("{a}[0].add_(2.0)", "n"),
    ("{a}[1:3].mul_(3.0)", "n"),
]
OUT = [
    ("torch.sin({b}, out={a})", "ts"),
    ("torch.add({b}, 1.0, out={a})", "ts"),
    ("torch.mul({b}, {b}, out={a})", "ts"),
]
# Kinds of statement and how often each is drawn.
STATEMENTS = [(FRESH, 3), (VIEWS, 4), (IN_PLACE, 3), (OUT, 1)]

# Block statements name their input INP and their values P_*; an instance
# replaces INP by one of the program's tensors and P_ by its own prefix.
ISSUE16_BLOCK = [
    ("P_a = INP.clone()", "P_a"),
    ("P_v = P_a.view(-1)[:8]", "P_v"),
    ("P_w = P_v.sin() * 2", "P_w"),
    ("P_a.add_(1.0)", None),
    ("P_r = P_w + P_v", "P_r"),
]


class _Builder:
    """Grows a program while running it on real tensors."""

    def __init__(self, rng):
        self.rng = rng
        self.env = {"torch": torch}
        for name in INPUTS:
            self.env[name] = torch.randn(*SHAPE)
        self.pool = list(INPUTS)  # names of tensors statements may use
        self.lines = []
        self.counter = 0

    def fresh_name(self, prefix=""):
        self.counter += 1
        return f"{prefix}t{self.counter}"

    def try_line(self, line, new=None):
        """Runs `line`; keeps it (and its new name) unless it raises or warns."""
        snapshot = {k: v.clone() for k, v in self.env.items() if isinstance(v, torch.Tensor)}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                exec(line, self.env)  # noqa: S102 - our own generated statement
        except Exception:  # noqa: BLE001 - invalid statement: drawn again
            # A failed statement may have written part of a tensor first.
            for k, v in snapshot.items():
                self.env[k].copy_(v)
            self.env.pop(new, None)
            return False
        value = self.env.get(new) if new else None
        if new is not None and not (isinstance(value, torch.Tensor) and value.numel() > 0):
            return False
        self.lines.append(line)
        if new is not None:
            self.pool.append(new)
        return True

    def operands(self, kinds, pool):
        first = self.rng.choice(pool)
        a = self.env[first]
        if "2" in kinds and a.dim() != 2:
            return None
        if "n" in kinds and (a.dim() == 0 or a.shape[0] < 3):
            return None
        if "s" in kinds:
            same = [n for n in pool if self.env[n].shape == a.shape]
            return first, self.rng.choice(same)
        return first, first

    def statement(self, pool, prefix=""):
        table = self.rng.choices([t for t, _ in STATEMENTS], [w for _, w in STATEMENTS])[0]
        template, kinds = self.rng.choice(table)
        picked = self.operands(kinds, pool)
        if picked is None:
            return None
        new = self.fresh_name(prefix) if "{out}" in template else None
        line = template.format(out=new, a=picked[0], b=picked[1])
        return (line, new) if self.try_line(line, new) else None


def _block(rng, size):
    """A block's statements over one input INP, and the name of its result:
    grown on a scratch builder whose INP is an f32[4, 6] like every input a
    block is instantiated on."""
    scratch = _Builder(rng)
    scratch.env["INP"] = scratch.env["x"].clone()
    scratch.pool = ["INP"]
    if rng.random() < 0.5:
        for line, new in ISSUE16_BLOCK:
            scratch.try_line(line, new)
    target = len(scratch.lines) + size
    for _ in range(size * 4):
        if len(scratch.lines) >= target:
            break
        scratch.statement(scratch.pool, prefix="P_")
    return scratch.lines, scratch.pool[-1]


def _instance(line, inp, prefix):
    return re.sub(r"\bP_", prefix, re.sub(r"\bINP\b", inp, line))


def generate(seed, statements=8, blocks=True):
    """(source of forward(x, y, z, buf), number of statements) for `seed`."""
    rng = random.Random(seed)
    builder = _Builder(rng)
    for _ in range(statements * 4):
        if len(builder.lines) >= statements:
            break
        builder.statement(builder.pool)
    if blocks:
        lines, result = _block(rng, rng.randint(2, 5))
        for i in range(rng.randint(2, 4)):
            inp = rng.choice([n for n in builder.pool if builder.env[n].shape == SHAPE])
            instance = [_instance(line, inp, f"b{i}_") for line in lines]
            # All of an instance or none (a half block would not repeat).
            kept = len(builder.lines)
            if not all(builder.try_line(line) for line in instance):
                del builder.lines[kept:]
                break
            builder.pool.append(_instance(result, inp, f"b{i}_"))
    outputs = rng.sample(builder.pool, min(4, len(builder.pool)))
    body = "\n".join("    " + line for line in builder.lines)
    returned = ", ".join(outputs)
    source = f"def forward(x, y, z, buf):\n{body}\n    return ({returned},)\n"
    return source, len(builder.lines)
