"""Running a loaded module on saved inputs and comparing with saved outputs.

Inputs files hold torch.save({"args": tuple, "kwargs": dict}); outputs files
hold whatever the model returned (tensors in any nesting of tuples, lists
and dicts).
"""

import collections

import torch
import torch.utils._pytree as pytree

from . import _files
from ._weights import load_trusted

Comparison = collections.namedtuple("Comparison", "equal max_abs_diff message")


def save_inputs(path, args, kwargs=None):
    """Tensors are saved plain (a Parameter saved by PyTorch 2.x does not
    load in 1.13)."""
    _files.write_files([(path, lambda f: write_inputs(f, args, kwargs))])


def write_inputs(f, args, kwargs=None):
    """save_inputs into the open binary file f."""
    torch.save({"args": clone_inputs(args), "kwargs": dict(kwargs or {})}, f)


def read_inputs(path):
    """(args, kwargs) from an inputs file."""
    payload = load_trusted(path)
    if not isinstance(payload, dict) or "args" not in payload:
        raise ValueError(f"{path} is not an inputs file: expected "
                         f"torch.save({{'args': (...), 'kwargs': {{...}}}})")
    return tuple(payload["args"]), dict(payload.get("kwargs", {}))


def clone_inputs(args):
    """Fresh copies of tensor inputs, so a run that mutates them leaves the
    reference inputs alone."""
    return tuple(a.detach().clone() if isinstance(a, torch.Tensor) else a for a in args)


def run(module, args, kwargs=None):
    with torch.no_grad():
        return module(*clone_inputs(args), **(kwargs or {}))


def compare(expected, actual, rtol=1e-4, atol=1e-5):
    """Whether two outputs are equal: the same structure, tensors of the same
    shape and dtype that are allclose (NaNs equal), other leaves ==."""
    want, want_spec = pytree.tree_flatten(expected)
    got, got_spec = pytree.tree_flatten(actual)
    if len(want) != len(got):
        return Comparison(False, None, f"{len(got)} output values, expected {len(want)} "
                                       f"({got_spec} vs {want_spec})")
    worst = 0.0
    for i, (a, b) in enumerate(zip(want, got)):
        if isinstance(a, torch.Tensor) != isinstance(b, torch.Tensor):
            return Comparison(False, None, f"output {i}: {type(b).__name__}, expected "
                                           f"{type(a).__name__}")
        if not isinstance(a, torch.Tensor):
            if a != b:
                return Comparison(False, None, f"output {i}: {b!r}, expected {a!r}")
            continue
        a, b = a.detach(), b.detach()
        if a.shape != b.shape or a.dtype != b.dtype:
            return Comparison(False, None, f"output {i}: {b.dtype} {list(b.shape)}, expected "
                                           f"{a.dtype} {list(a.shape)}")
        if a.numel() == 0:
            continue
        diff = float((a.double() - b.double()).abs().nan_to_num(0.0).max())
        worst = max(worst, diff)
        if not torch.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True):
            return Comparison(False, worst, f"output {i}: max abs diff {diff:.3g} "
                                            f"(rtol={rtol}, atol={atol})")
    return Comparison(True, worst, f"equal (max abs diff {worst:.3g})")
