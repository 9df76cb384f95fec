"""The weights side file: the tensors (and leaf-module objects) fxpp's JSON
only describes.

fxpp's formats keep a module's structure, state names, shapes and dtypes;
running it again needs the values. `save_weights` writes them with
torch.save as

    {"format": "fxpp-weights", "version": 1,
     "tensors": {fully qualified name: tensor},
     "modules": {path: module object without its tensors or children}}

"modules" holds the ordinary (non-graph) modules a graph calls with
call_module, e.g. a Conv2d of a symbolic_trace graph: the format records
only their class, not their constructor arguments (stride, padding...).
Structure comes from the JSON, values from this file: `load` puts each
module's children and state back as the JSON describes them (after a split,
under their new paths).
"""

import collections
import copy
import os
import pickle

import torch
import torch.fx
from torch.nn.utils import parametrize

from . import _files, _graph, _program

WEIGHTS_FORMAT = "fxpp-weights"
WEIGHTS_VERSION = 1


def weights_path(json_path):
    """The side file next to a dump: `model.json` -> `model.weights.pt`."""
    root, ext = os.path.splitext(json_path)
    return (root if ext else json_path) + ".weights.pt"


def join_path(prefix, name):
    """`prefix.name`, or `name` at the root."""
    return f"{prefix}.{name}" if prefix else name


def config_only(module):
    """A shallow copy of `module` without children and with every tensor slot
    emptied (kept as None, so `self.running_mean is None` tests still read
    the attribute): what remains is its configuration."""
    clone = copy.copy(module)
    clone._modules = collections.OrderedDict()
    clone._parameters = collections.OrderedDict((k, None) for k in module._parameters)
    clone._buffers = collections.OrderedDict((k, None) for k in module._buffers)
    for name, value in vars(module).items():
        if isinstance(value, torch.Tensor):
            clone.__dict__[name] = None
    return clone


def _is_plain_container(module):
    return type(module) is torch.nn.Module


def _weights_dict(tensors, modules, codegen=None):
    out = {"format": WEIGHTS_FORMAT, "version": WEIGHTS_VERSION, "tensors": tensors,
           "modules": modules}
    if codegen:
        out["codegen"] = codegen
    return out


def pytree_codegen(gm):
    """How a graph module's code flattens its arguments and unflattens its
    results (ep.module(), Dynamo's graphs: a pytree CodeGen), which the
    graph itself does not say: {"orig_args", "in_spec", "out_spec"}, or
    None. A spec is treespec_dumps' text, or where pytree cannot serialize
    it (torch.return_types, an unregistered namedtuple; a torch without
    treespec_dumps) the TreeSpec object itself, which the weights file's
    pickle holds by its types' names."""
    import torch.utils._pytree as pytree
    info = getattr(getattr(gm.graph, "_codegen", None), "pytree_info", None)
    if info is None:
        return None

    def saved(spec):
        try:
            return pytree.treespec_dumps(spec)
        except (AttributeError, NotImplementedError, TypeError):
            return spec

    return {"orig_args": list(info.orig_args),
            "in_spec": saved(info.in_spec) if info.in_spec is not None else None,
            "out_spec": saved(info.out_spec) if info.out_spec is not None else None}


def _refuse_parametrized(module, path):
    """torch.nn.utils.parametrize's modules cannot be copied or pickled
    (PyTorch supports only their state_dict): say which one, and how to
    get a graph without it."""
    if parametrize.is_parametrized(module):
        raise ValueError(
            f"fxpp: module '{path}' is parametrized (torch.nn.utils.parametrize: "
            f"{', '.join(module.parametrizations)}), and such a module cannot be copied or "
            f"saved; capture the model with torch.export or make_fx, which inline the "
            f"parametrization, or remove it first (parametrize.remove_parametrizations)")


def collect_module_weights(root):
    """{"tensors": ..., "modules": ...} of a module tree (see the module doc)."""
    tensors, modules, codegen = {}, {}, {}
    seen = set()
    detached = {}  # id(tensor) -> its detached value: tied weights stay one tensor

    def visit(module, path):
        if id(module) in seen:  # a module reachable under two names
            return
        seen.add(id(module))
        saved_codegen = pytree_codegen(module) if isinstance(module, torch.fx.GraphModule) \
            else None
        if saved_codegen:
            codegen[path] = saved_codegen
        for name, _, tensor, _ in _graph.module_tensors(module):
            tensors[join_path(path, name)] = detached.setdefault(id(tensor), tensor.detach())
        if path and not isinstance(module, torch.fx.GraphModule) and \
                not _is_plain_container(module):
            _refuse_parametrized(module, path)
            modules[path] = config_only(module)
        for name, child in module._modules.items():
            if child is not None:
                visit(child, join_path(path, name))

    visit(root, "")
    return _weights_dict(tensors, modules, codegen)


def collect_program_weights(ep):
    """The tensors of an ExportedProgram's state_dict and constants, by FQN
    (custom objects are not tensors and are left out)."""
    tensors = {name: t.detach() for name, t in ep.state_dict.items()}
    for name, value in ep.constants.items():
        if isinstance(value, torch.Tensor):
            tensors[name] = value.detach()
    return _weights_dict(tensors, {})


def collect_weights(obj):
    """The weights of an ExportedProgram or a module tree."""
    if _program.is_exported_program(obj):
        return collect_program_weights(obj)
    return collect_module_weights(obj)


def write_weights(weights, f):
    """torch.save of weights (as collect_weights returns them) to the file
    f; ValueError when an object they hold (a leaf module, a pytree spec's
    type) cannot be pickled."""
    try:
        torch.save(weights, f)
    except (pickle.PicklingError, AttributeError, TypeError) as e:
        raise ValueError(f"fxpp: the weights file cannot hold the module's objects: {e} "
                         f"(pickle saves classes by name: one defined inside a function "
                         f"cannot be saved)") from e


def save_weights(weights, path):
    """Writes weights (as collect_weights returns them) to `path` atomically."""
    _files.write_files([(path, lambda f: write_weights(weights, f))])


def load_trusted(path):
    """torch.load of a file fxpp or its user wrote, on the CPU. Not
    weights_only (2.6's default): weights files hold leaf modules, pickled
    objects it refuses; a torch without that flag (1.13) loads alike."""
    try:
        return torch.load(path, map_location="cpu", weights_only=False)
    except TypeError:  # a torch without weights_only
        return torch.load(path, map_location="cpu")


def read_weights(source):
    """Weights (as collect_weights returns them) from a side-file path, a
    dict {name: tensor} such as a state dict, collected weights, or an
    nn.Module (its tensors and leaf modules)."""
    if isinstance(source, torch.nn.Module):
        return collect_module_weights(source)
    if isinstance(source, dict):
        if source.get("format") == WEIGHTS_FORMAT:
            return source
        return _weights_dict(dict(source), {})
    path = os.fspath(source)
    payload = load_trusted(path)
    if not isinstance(payload, dict) or payload.get("format") != WEIGHTS_FORMAT:
        raise ValueError(f"{path} is not an fxpp weights file (see fxpp.save_weights)")
    if payload.get("version", 0) > WEIGHTS_VERSION:
        raise ValueError(f"{path} is fxpp weights version {payload['version']}; "
                         f"this fxpp reads up to {WEIGHTS_VERSION}")
    return read_weights(payload)
