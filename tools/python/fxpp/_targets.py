"""Call targets and values by name, shared by both ways back to torch:
fxpp.load (from files) and fxpp.torch (in process, through fxpp._C).

- callable_name / resolve_callable: a call_function target and its qualified
  name (`torch.ops.aten.add.Tensor`, `operator.getitem`); operators newer
  than the running torch have an older equivalent where one exists.
- opaque_value: the few values fxpp keeps as their repr (torch.Size,
  operators passed as values).
- type_annotation: a node's type as FX prints it.
"""

import functools
import importlib
import re

import torch
import torch.fx

_TORCH_SIZE = re.compile(r"torch\.Size\(\[([-\d, ]*)\]\)")
# Python's repr of a complex number: `1j`, `(1-2j)`, `(nan+infj)`, `(-0-0j)`.
_REPR_NUMBER = r"(?:\d+(?:\.\d*)?(?:e[-+]?\d+)?|inf|nan)"
_COMPLEX = re.compile(rf"\([-+]?{_REPR_NUMBER}[-+]{_REPR_NUMBER}j\)|[-+]?{_REPR_NUMBER}j")


def _native_batch_norm_no_training(x, weight, bias, running_mean, running_var, momentum, eps):
    return torch.ops.aten.native_batch_norm.default(
        x, weight, bias, running_mean, running_var, False, momentum, eps)


# Operators of newer PyTorch -> the same computation in older PyTorch, for
# graphs captured by 2.x and run on 1.13 (CI's torch).
_OLDER_TORCH_EQUIVALENTS = {
    "torch.ops.aten._native_batch_norm_legit_no_training.default": _native_batch_norm_no_training,
}


def _copy_into_new(self, src, non_blocking=False):
    """aten::copy as its schema says: a new tensor of self's shape and dtype
    holding src."""
    return self.clone().copy_(src, non_blocking)


def _copy_aliases_src():
    """Whether the running torch's aten.copy returns `src` itself (PyTorch
    1.13 does when shapes and dtypes match), which its schema does not allow:
    a functionalized graph then sees later writes to src in the copy."""
    src = torch.ones(1)
    return torch.ops.aten.copy.default(torch.zeros(1), src).data_ptr() == src.data_ptr()


# Operators whose implementation in the running torch breaks their schema ->
# (the check, the schema's computation).
_SCHEMA_FAITHFUL = {
    "torch.ops.aten.copy.default": (_copy_aliases_src, _copy_into_new),
}


def callable_name(target):
    """A call_function target as FX prints it: `torch.ops.aten.add.Tensor`,
    `operator.getitem`, `builtins.getattr`, `torch.relu`."""
    return torch.fx.Node._pretty_print_target(None, target)


def type_annotation(ty):
    """A node's type as FX prints it."""
    return torch.fx.node._type_repr(ty)


@functools.lru_cache(maxsize=None)
def resolve_callable(name):
    """The Python object a qualified name such as `torch.ops.aten.add.Tensor`
    or `torch.nn.functional.relu` names; LookupError when there is none.
    Cached: loading a graph asks this of every call node, and each miss
    walks importlib."""
    if name in _SCHEMA_FAITHFUL:
        breaks_schema, faithful = _SCHEMA_FAITHFUL[name]
        if breaks_schema():
            return faithful
    if name in _OLDER_TORCH_EQUIVALENTS:
        try:
            return _resolve_dotted(name)
        except LookupError:
            return _OLDER_TORCH_EQUIVALENTS[name]
    try:
        return _resolve_dotted(name)
    except LookupError:
        # Higher-order ops exist once their module is imported
        # (auto_functionalized: torch._higher_order_ops.auto_functionalize).
        if not name.startswith("torch.ops.higher_order.") or not _import_higher_order_ops():
            raise
        return _resolve_dotted(name)


@functools.lru_cache(maxsize=None)
def _import_higher_order_ops():
    """Imports every module of torch._higher_order_ops; False when this
    torch has none (1.13)."""
    import pkgutil
    try:
        package = importlib.import_module("torch._higher_order_ops")
    except ImportError:
        return False
    for module in pkgutil.iter_modules(package.__path__):
        try:
            importlib.import_module(f"{package.__name__}.{module.name}")
        except ImportError:
            pass  # one that needs what this machine lacks (triton)
    return True


def _resolve_dotted(name):
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for i, attr in enumerate(parts[split:], start=split):
            try:
                obj = getattr(obj, attr)
            except (AttributeError, RuntimeError) as e:  # torch.ops raises RuntimeError
                raise LookupError(f"'{'.'.join(parts[:i])}' has no attribute '{attr}'") from e
        return obj
    raise LookupError(f"no module '{parts[0]}'")


def opaque_value(text):
    """The value of an opaque argument's text: torch.Size, a complex
    number, or an operator passed as a value (with_effects, higher-order
    ops); LookupError else."""
    size = _TORCH_SIZE.fullmatch(text)
    if size:
        return torch.Size(int(d) for d in size.group(1).split(",") if d.strip())
    if _COMPLEX.fullmatch(text):
        return complex(text)
    if re.fullmatch(r"[A-Za-z_][\w.]*", text):
        try:
            return resolve_callable(text)
        except LookupError:
            pass
    raise LookupError(f"cannot rebuild the value {text!r} (fxpp keeps only its repr)")
