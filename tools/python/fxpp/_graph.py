"""Graphs and module trees in fxpp.proto's JSON mapping (GraphModule, Module)."""

import builtins
import keyword

import torch
import torch.fx

from . import _targets, _values

# ir/proto/convert.h kProtoFormatVersion.
PROTO_FORMAT_VERSION = 1

_OP_KINDS = {
    "placeholder": "OP_KIND_PLACEHOLDER",
    "get_attr": "OP_KIND_GET_ATTR",
    "call_function": "OP_KIND_CALL_FUNCTION",
    "call_method": "OP_KIND_CALL_METHOD",
    "call_module": "OP_KIND_CALL_MODULE",
    "output": "OP_KIND_OUTPUT",
}


# Names FX never gives a node (its namespace skips keywords, builtins and its
# own globals) and fxpp's IR refuses. torch.export's placeholder naming lets
# some through (an nn.Sequential's `input`).
_RESERVED_NAMES = set(keyword.kwlist) | set(dir(builtins)) | {
    "inf", "nan", "NoneType", "torch", "device", "fx_pytree", "pytree"}


def node_names(graph):
    """{node: name} for the nodes of `graph` whose name fxpp must change:
    a reserved name becomes the next free `name_N`, as FX would name it."""
    taken = {n.name for n in graph.nodes}
    renamed = {}
    for node in graph.nodes:
        if node.name not in _RESERVED_NAMES:
            continue
        i = 1
        while f"{node.name}_{i}" in taken or f"{node.name}_{i}" in _RESERVED_NAMES:
            i += 1
        renamed[node] = f"{node.name}_{i}"
        taken.add(renamed[node])
    return renamed


def _type_annotation(node):
    if node.type is None:
        return ""
    return _targets.type_annotation(node.type)


def node_dict(node, names):
    """One fx.Node (fxpp.proto Node); `names` as node_names returns."""
    if node.op == "call_function":
        target = _values.callable_name(node.target)
    else:
        target = str(node.target)
    out = {"name": names.get(node, node.name), "op": _OP_KINDS[node.op], "target": target}
    annotation = _type_annotation(node)
    if annotation:
        out["type_annotation"] = annotation
    if node.args:
        out["args"] = [_values.argument(a, names) for a in node.args]
    if node.kwargs:
        out["kwargs"] = [{"name": k, "value": _values.argument(v, names)}
                        for k, v in node.kwargs.items()]
    meta = _values.node_meta(node.meta)
    if meta is not None:
        out["meta"] = meta
    return out


def graph_dict(graph):
    names = node_names(graph)
    return {"nodes": [node_dict(n, names) for n in graph.nodes]}


def state_entry(name, kind, tensor, persistent=True, storage_group=0):
    """fxpp.proto StateEntry; kind is PARAMETER, BUFFER or CONSTANT."""
    entry = {"name": name, "kind": "STATE_KIND_" + kind,
             "tensor": _values.tensor_meta(tensor), "persistent": bool(persistent)}
    if storage_group:
        entry["storage_group"] = storage_group
    return entry


def module_tensors(module):
    """(name, kind, tensor, persistent) of a module's own state: parameters,
    buffers and plain tensor attributes (the constants get_attr nodes read,
    e.g. `_tensor_constant0`); kind is PARAMETER, BUFFER or CONSTANT."""
    for name, p in module._parameters.items():
        if p is not None:
            yield name, "PARAMETER", p, True
    non_persistent = getattr(module, "_non_persistent_buffers_set", set())
    for name, b in module._buffers.items():
        if b is not None:
            yield name, "BUFFER", b, name not in non_persistent
    for name, value in vars(module).items():
        if isinstance(value, torch.Tensor) and not name.startswith("__"):
            yield name, "CONSTANT", value, True


def state_tensors(root):
    """{path: tensor} of every module_tensors entry of `root`'s tree, a
    module registered under two paths under both."""
    tensors = {}
    for path, module in root.named_modules(remove_duplicate=False):
        prefix = path + "." if path else ""
        for name, _, tensor, _ in module_tensors(module):
            tensors[prefix + name] = tensor
    return tensors


def storage_groups(root):
    """{path: storage group} (fxpp.proto StateEntry.storage_group) of the
    state tensors of `root`'s tree that share their storage with another: a
    tied weight, a symbolic_trace constant viewing a buffer, the state of a
    module registered twice. Groups count from 1; a tensor with storage of
    its own has none."""
    paths_of = {}  # storage key -> paths
    for path, tensor in state_tensors(root).items():
        key = _values.storage_key(tensor)
        if key is not None:
            paths_of.setdefault(key, []).append(path)
    shared = [paths for paths in paths_of.values() if len(paths) > 1]
    return {path: group for group, paths in enumerate(shared, 1) for path in paths}


def _module_state(module, prefix, groups):
    return [state_entry(name, kind, tensor, persistent, groups.get(prefix + name, 0))
            for name, kind, tensor, persistent in module_tensors(module)]


def module_dict(module, groups=None, prefix=""):
    """A module tree (fxpp.proto Module): GraphModules with their graphs,
    other modules as opaque modules known by type and state. groups: the
    tree's storage_groups, from its root (`prefix` is `module`'s path and
    a dot)."""
    if groups is None:
        groups = storage_groups(module)
    if isinstance(module, torch.fx.GraphModule):
        # FX names each GraphModule's class after what was traced; a lambda's
        # (a cond branch) is no class name.
        name = type(module).__name__
        out = {"class_name": name if name.isidentifier() else "GraphModule",
               "graph": graph_dict(module.graph)}
    else:
        out = {"class_name": _values.qualified_type_name(type(module))}
    children = [{"name": name, "module": module_dict(child, groups, prefix + name + ".")}
                for name, child in module._modules.items() if child is not None]
    if children:
        out["children"] = children
    state = _module_state(module, prefix, groups)
    if state:
        out["state"] = state
    return out


def graph_module_file_dict(gm):
    """The root of an fxpp.proto file (GraphModule) for `gm`."""
    return {"format_version": PROTO_FORMAT_VERSION, "module": module_dict(gm)}
