"""torch.export.ExportedProgram in export/exported_program.proto's JSON mapping."""

import json

import torch

from . import _graph, _values

# export/exported_program.h kExportedProgramFormatVersion.
EXPORTED_PROGRAM_FORMAT_VERSION = 1


def is_exported_program(obj):
    export = getattr(torch, "export", None)
    cls = getattr(export, "ExportedProgram", None) if export is not None else None
    return cls is not None and isinstance(obj, cls)


def _argument_spec(arg, renamed):
    """A graph-signature ArgumentSpec (TensorArgument, ConstantArgument, ...);
    `renamed` maps node names the graph dump changed to their new names."""
    kind = type(arg).__name__
    named = {"TensorArgument": "tensor", "SymIntArgument": "sym_int",
             "SymFloatArgument": "sym_float", "SymBoolArgument": "sym_bool",
             "TokenArgument": "token"}
    if kind in named:
        return {named[kind]: {"name": renamed.get(arg.name, arg.name)}}
    if kind == "ConstantArgument":
        return {"constant": {"name": getattr(arg, "name", "") or "",
                             "value": _values.argument(arg.value)}}
    if kind == "CustomObjArgument":
        return {"custom_obj": {"name": renamed.get(arg.name, arg.name),
                               "class_fqn": arg.class_fqn}}
    raise TypeError(f"fxpp: unknown argument spec {arg!r}")


def _signature_dict(sig, renamed):
    inputs = [_argument_spec(s.arg, renamed) for s in sig.input_specs]
    out = {"input_specs": [], "output_specs": []}
    for spec, arg in zip(sig.input_specs, inputs):
        entry = {"kind": "INPUT_KIND_" + spec.kind.name, "arg": arg}
        if spec.target is not None:
            entry["target"] = spec.target
        if spec.persistent is not None:
            entry["persistent"] = bool(spec.persistent)
        out["input_specs"].append(entry)
    for spec in sig.output_specs:
        entry = {"kind": "OUTPUT_KIND_" + spec.kind.name,
                 "arg": _argument_spec(spec.arg, renamed)}
        if spec.target is not None:
            entry["target"] = spec.target
        out["output_specs"].append(entry)
    return out


def _treespec_json(node):
    """One node of treespec_dumps' JSON as fxpp's TreeSpec."""
    out = {"type": node["type"] or "",
           "context": node["context"] if node["context"] is not None else "null"}
    children = [_treespec_json(c) for c in node["children_spec"]]
    if children:
        out["children"] = children
    return out


# The type of a treespec node pytree cannot serialize, described for this
# process only (see treespec_dict).
_UNSERIALIZABLE_TYPE_PREFIX = "fxpp.unserializable:"


def treespec_dict(spec, in_process=False):
    """A pytree TreeSpec, as torch.utils._pytree.treespec_dumps describes it.

    Some types pytree cannot serialize: torch.return_types (torch.max's
    result), namedtuples and pytree nodes registered without a serialized
    name. A program holding one cannot be written (torch.export.save cannot
    either): ValueError. In process (`in_process`, for fxpp.torch.unflatten,
    which maps the descriptions back to the spec objects) such a node is
    described by its Python type, and the rest as pytree describes it."""
    import torch.utils._pytree as pytree

    try:
        _, root = json.loads(pytree.treespec_dumps(spec))
        return _treespec_json(root)
    except (NotImplementedError, TypeError) as e:
        if not in_process:
            raise ValueError(f"fxpp: the program's pytree structure cannot be written: {e} "
                             f"(torch.export.save cannot save it either)") from None
    children = spec.children_specs
    try:  # the node alone, its children as leaves
        _, root = json.loads(pytree.treespec_dumps(
            pytree.TreeSpec(spec.type, spec.context, [pytree.LeafSpec() for _ in children])))
        node = _treespec_json(root)
    except (NotImplementedError, TypeError):
        node = {"type": _UNSERIALIZABLE_TYPE_PREFIX + _values.qualified_type_name(spec.type),
                "context": repr(spec.context)}
    if children:
        node["children"] = [treespec_dict(child, in_process) for child in children]
    return node


def _module_call_graph(ep, renamed, in_process):
    entries = []
    for entry in ep.module_call_graph:
        out = {"fqn": entry.fqn}
        sig = entry.signature
        if sig is not None:
            out["signature"] = {
                "inputs": [_argument_spec(a, renamed) for a in sig.inputs],
                "outputs": [_argument_spec(a, renamed) for a in sig.outputs],
                "in_spec": treespec_dict(sig.in_spec, in_process),
                "out_spec": treespec_dict(sig.out_spec, in_process),
            }
            if sig.forward_arg_names:
                out["signature"]["forward_arg_names"] = list(sig.forward_arg_names)
        entries.append(out)
    return entries


class _StateTree:
    """The program's tensors as a tree of graphless modules (fxpp.proto Module)."""

    def __init__(self):
        self.root = {"class_name": "torch.nn.Module"}
        self._children = {id(self.root): {}}  # module -> {child name: module}

    def _child(self, module, name):
        index = self._children[id(module)]
        if name not in index:
            child = {"class_name": "torch.nn.Module"}
            module.setdefault("children", []).append({"name": name, "module": child})
            index[name] = child
            self._children[id(child)] = {}
        return index[name]

    def add(self, fqn, entry_kind, tensor, persistent=True):
        *path, name = fqn.split(".")
        module = self.root
        for part in path:
            module = self._child(module, part)
        module.setdefault("state", []).append(
            _graph.state_entry(name, entry_kind, tensor, persistent))


def _custom_object_class(obj):
    for attr in ("script_class_name",):  # FakeScriptObject
        if isinstance(getattr(obj, attr, None), str):
            return getattr(obj, attr)
    try:
        return obj._type().qualified_name()  # torch.ScriptObject
    except Exception:  # noqa: BLE001 - any other object: its Python type
        return _values.qualified_type_name(type(obj))


def _state(ep):
    """(state tree, custom objects, aliases) of ep.state_dict and ep.constants."""
    tree = _StateTree()
    custom_objects, aliases = [], []
    first_name = {}  # id(tensor or object) -> first name holding it

    def note(name, obj):
        if id(obj) in first_name:
            aliases.append({"name": name, "alias_of": first_name[id(obj)]})
        else:
            first_name[id(obj)] = name

    non_persistent = set(ep.graph_signature.non_persistent_buffers)
    for name, tensor in ep.state_dict.items():
        kind = "PARAMETER" if isinstance(tensor, torch.nn.Parameter) else "BUFFER"
        tree.add(name, kind, tensor)
        note(name, tensor)
    for name, value in ep.constants.items():
        if isinstance(value, torch.Tensor):
            if name in non_persistent:
                tree.add(name, "BUFFER", value, persistent=False)
            else:
                tree.add(name, "CONSTANT", value)
        else:
            custom_objects.append({"name": name, "class_fqn": _custom_object_class(value)})
        note(name, value)
    return {"format_version": _graph.PROTO_FORMAT_VERSION, "module": tree.root}, \
        custom_objects, aliases


def exported_program_dict(ep):
    renamed = {node.name: name for node, name in _graph.node_names(ep.graph).items()}
    out = program_without_graph_dict(ep, renamed)
    out["graph_module"] = _graph.graph_module_file_dict(ep.graph_module)
    return out


def program_without_graph_dict(ep, renamed=None, in_process=False):
    """Everything of exported_program_dict but the graph (an empty graph
    module stands in): signature, module call graph, state descriptions.
    `renamed` maps node names the graph's conversion changes to their new
    names; without it, names stay as torch has them. `in_process`: for this
    process only, not to be written (see treespec_dict)."""
    renamed = renamed or {}
    state, custom_objects, aliases = _state(ep)
    out = {
        "format_version": EXPORTED_PROGRAM_FORMAT_VERSION,
        "graph_module": {"format_version": _graph.PROTO_FORMAT_VERSION,
                         "module": {"class_name": "GraphModule"}},
        "graph_signature": _signature_dict(ep.graph_signature, renamed),
        "module_call_graph": _module_call_graph(ep, renamed, in_process),
        "state": state,
    }
    if custom_objects:
        out["custom_objects"] = custom_objects
    if aliases:
        out["aliases"] = aliases
    out["torch_version"] = torch.__version__
    return out
