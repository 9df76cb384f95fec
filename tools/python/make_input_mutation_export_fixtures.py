#!/usr/bin/env python3
"""Exported programs that write a user input (USER_INPUT_MUTATION outputs),
with what PyTorch 2.6's unflatten made of them (issue 16): fxpp's unflatten
copies the new value back into the input. Run under PyTorch 2.6 from the
repository root:

  ../shared/tools/torch26 python3 \\
      tools/python/make_input_mutation_export_fixtures.py --out export/testdata/input_mutation

writes NAME.json (fxpp.dumps of the program) and NAME.unflatten.json (what
PyTorch's unflatten made; its module fails when called) per case.
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


CASES = {
    "input_mutation_decomposed": (
        "InputMutation after run_decompositions(): x.mul_(2) becomes a USER_INPUT_MUTATION "
        "output", lambda: _export(InputMutation(), _x()).run_decompositions()),
    "input_mutation_batchnorm_decomposed": (
        "InputMutationBatchNorm (train mode) after run_decompositions(): buffer mutations and a "
        "USER_INPUT_MUTATION output",
        lambda: _export(InputMutationBatchNorm().train(), _x()).run_decompositions()),
}


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
