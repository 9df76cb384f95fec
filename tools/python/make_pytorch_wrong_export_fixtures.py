#!/usr/bin/env python3
"""Exported programs whose PyTorch 2.6 unflatten is wrong, with what it made
of them; fxpp's unflatten gets them right (export/unflatten_test.cc):

- programs that write a user input (USER_INPUT_MUTATION outputs, issue 16):
  PyTorch's unflattened module fails when called; fxpp copies the new value
  back into the input;
- a module whose calls call differently specialized calls of its child:
  PyTorch merges the module's calls (its graph comparison ignores
  call_module targets), so the merged call runs the other call's child
  graph and the module computes something else.

Run under PyTorch 2.6 from the repository root:

  ../shared/tools/torch26 python3 \\
      tools/python/make_pytorch_wrong_export_fixtures.py --out export/testdata/pytorch_wrong

writes NAME.json (fxpp.dumps of the program) and NAME.unflatten.json (what
PyTorch's unflatten made) per case.
"""

import argparse
import json
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fxpp  # noqa: E402
from make_export_fixtures import _export, _write, _x, reference  # noqa: E402


class InputMutation(nn.Module):
    """Scales its input in place before a Linear: the caller sees x doubled."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        x.mul_(2)
        return self.lin(x)


class InputMutationBatchNorm(nn.Module):
    """BatchNorm in training mode, then an in-place write to the input."""

    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
        y = self.bn(x)
        x.add_(1.0)
        return y + x


class Specialized(nn.Module):
    """Traces to a different graph for each value of the flag."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, double):
        return self.lin(x) * 2 if double else self.lin(x) + 1


class PassesFlag(nn.Module):
    """Only calls its child, passing the flag on: its calls' graphs differ
    in which of the child's calls they call, nothing else."""

    def __init__(self):
        super().__init__()
        self.c = Specialized()

    def forward(self, x, double):
        return self.c(x, double)


class SpecializedSub(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = Specialized()

    def forward(self, x, double):
        return self.c(x, double).relu()


class SharedSpecialized(nn.Module):
    """One module reachable as `a` and `b`, called through each with another
    flag: strict export records one key for both names and for their `c`."""

    def __init__(self):
        super().__init__()
        self.a = SpecializedSub()
        self.b = self.a

    def forward(self, x):
        return self.a(x, True) + self.b(x, False)


class BufferReader(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.ones(4))
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x) + self.buf


class RootUpdatesBuffer(nn.Module):
    """The root updates its child's buffer itself, then calls the child,
    whose signature is preserved: the child reads the new value."""

    def __init__(self):
        super().__init__()
        self.sub = BufferReader()

    def forward(self, x):
        self.sub.buf.add_(1)
        return self.sub(x)


class PreservedInSequential(nn.Module):
    """A preserved module inside an nn.Sequential: strict export records its
    path as `seq._modules.0`."""

    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4))

    def forward(self, x):
        return self.seq(x) * 2


class NestedSpecialized(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = PassesFlag()

    def forward(self, x):
        return self.p(x, True) + self.p(x, False)


CASES = {
    "input_mutation_decomposed": (
        "InputMutation after run_decompositions(): x.mul_(2) becomes a USER_INPUT_MUTATION "
        "output", lambda: _export(InputMutation(), _x()).run_decompositions()),
    "input_mutation_batchnorm_decomposed": (
        "InputMutationBatchNorm (train mode) after run_decompositions(): buffer mutations and a "
        "USER_INPUT_MUTATION output",
        lambda: _export(InputMutationBatchNorm().train(), _x()).run_decompositions()),
    "nested_specialized_calls": (
        "NestedSpecialized: p(x, True) + p(x, False), where p only calls its child c with the "
        "flag: c and c@1 differ, so p and p@1 must not merge; PyTorch merges them and computes "
        "p(x, True) twice", lambda: _export(NestedSpecialized(), _x())),
    "shared_specialized_calls": (
        "SharedSpecialized: a(x, True) + b(x, False) with b = a, strict: PyTorch gives both calls "
        "of c one module, which runs the second call's graph for both; fxpp refuses the program "
        "(the non-strict export unflattens)", lambda: _export(SharedSpecialized(), _x())),
    "root_updates_buffer": (
        "RootUpdatesBuffer, preserve_module_call_signature=('sub',): the root's own "
        "sub.buf.add_(1), then sub reads buf. PyTorch passes the new value to sub through an "
        "__ival__ attribute the root never writes (its _IVals looks only in the calls' graphs): "
        "sub reads a tensor nothing set",
        lambda: _export(RootUpdatesBuffer(), _x(), preserve_module_call_signature=("sub",))),
    "root_updates_buffer_decomposed": (
        "RootUpdatesBuffer after run_decompositions(): the same through a BUFFER_MUTATION output",
        lambda: _export(RootUpdatesBuffer(), _x(),
                        preserve_module_call_signature=("sub",)).run_decompositions()),
    "preserved_in_sequential": (
        "PreservedInSequential, preserve_module_call_signature=('seq',): its children's paths "
        "`seq._modules.0`; PyTorch fails (`_modules` is not an nn.Module)",
        lambda: _export(PreservedInSequential(), _x(),
                        preserve_module_call_signature=("seq",))),
}

# The cases fxpp refuses (with a ValueError saying why) rather than unflatten.
FXPP_REFUSES = {"shared_specialized_calls"}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    a = p.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    for name, (desc, make) in CASES.items():
        ep = make()
        _write(os.path.join(a.out, name + ".json"), fxpp.dumps(ep))
        ref = reference(ep, runs=1)
        _write(os.path.join(a.out, name + ".unflatten.json"),
               json.dumps(ref, indent=1, ensure_ascii=False) + "\n")
        print(f"{name}: {ref.get('error', 'unflattens')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
