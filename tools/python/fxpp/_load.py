"""Reading fxpp's JSON back into runnable PyTorch modules: load and loads.

Any fxpp output works: a dump, or what a tool made of it (dedup's subgraphs,
split's submodules, unflatten's module tree, functionalize's rewrite), and
exported programs (export/exported_program.proto's JSON mapping). Structure
comes from the JSON; tensor values and the objects of leaf modules from a
weights side file (see _weights).

How fxpp's nodes map to torch.fx:
- call_function targets are qualified names (`torch.ops.aten.add.Tensor`,
  `operator.getitem`, `torch.nn.functional.relu`); they are imported.
  Operators newer than the running torch have an older equivalent in
  `_OLDER_TORCH_EQUIVALENTS` where one exists; operators whose running
  implementation breaks their schema (1.13's `aten.copy` returning its
  source) run the schema's computation (`_targets._SCHEMA_FAITHFUL`).
- `torch.ops.higher_order.invoke_subgraph(subgraph_N, "subgraph_N", *args)`
  (dedup) becomes a call_module of `subgraph_N`: what the operator does in
  eager mode, and it runs on torches that lack the operator (1.13). PyTorch
  2.6's own form, with the arguments in one tuple, is read too.
Anything that cannot be mapped is a LoadError naming the node.
"""

import json
import os
import re
import struct

import torch
import torch.fx

from . import _targets, _values, _weights
from ._targets import resolve_callable
from ._weights import join_path


class LoadError(ValueError):
    """fxpp JSON that cannot be rebuilt as a PyTorch module here."""


_OP_KINDS = {
    "OP_KIND_PLACEHOLDER": "placeholder",
    "OP_KIND_GET_ATTR": "get_attr",
    "OP_KIND_CALL_FUNCTION": "call_function",
    "OP_KIND_CALL_METHOD": "call_method",
    "OP_KIND_CALL_MODULE": "call_module",
    "OP_KIND_OUTPUT": "output",
}
_DTYPES = {name: dtype for dtype, name in _values.DTYPES.items()}
_MEMORY_FORMATS = {name: fmt for fmt, name in _values.MEMORY_FORMATS.items()}
_LAYOUTS = {name: layout for layout, name in _values.LAYOUTS.items()}

_INVOKE_SUBGRAPH = "torch.ops.higher_order.invoke_subgraph"
# Module classes that are plain containers (a split's or unflatten's
# intermediate modules), made as empty torch.nn.Modules.
_CONTAINER_CLASSES = {"torch.nn.Module", "torch.nn.modules.module.Module"}
_SHARED_PREFIX = "shared:"  # unflatten: this module is the one at another path
# Unflatten's pytree specs of preserved call signatures: kept as attributes
# of this class, their value is not part of the file.
_TREE_SPEC_CLASS = "torch.utils._pytree.TreeSpec"
_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def _snake_keys(value):
    """Protobuf's JSON mapping may spell fields lowerCamelCase; fxpp's writers
    use the .proto names. Readers accept both."""
    if isinstance(value, dict):
        return {_CAMEL.sub(lambda m: "_" + m.group(1).lower(), k): _snake_keys(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_snake_keys(v) for v in value]
    return value


class _Weights:
    """Tensor and leaf-module lookup by path. A tool may have moved a value
    (split nests the original path under the submodule's name, e.g.
    `layer1.0.conv1` -> `c0.layer1.0.conv1`): `fqn_map` (original -> new, as
    `split --fqn_map` writes it) is consulted, then ever shorter suffixes."""

    def __init__(self, weights, fqn_map, origin):
        self.tensors = weights["tensors"] if weights else {}
        self.modules = weights["modules"] if weights else {}
        self.codegen = weights.get("codegen", {}) if weights else {}
        self.origin = origin
        self.original_path = {new: old for old, new in (fqn_map or {}).items()}

    def _find(self, table, path):
        if path in table:
            return table[path]
        original = self.original_path.get(path)
        if original is None and "." in path:
            owner, leaf = path.rsplit(".", 1)
            if owner in self.original_path:
                original = join_path(self.original_path[owner], leaf)
        if original in table:
            return table[original]
        parts = path.split(".")
        for start in range(1, len(parts)):
            suffix = ".".join(parts[start:])
            if suffix in table:
                return table[suffix]
        return None

    def tensor(self, path, meta):
        tensor = self._find(self.tensors, path)
        if tensor is None:
            raise LoadError(f"no value for state '{path}' ({_describe(meta)}) in {self.origin}")
        dtype = _DTYPES.get(meta.get("dtype"))
        shape = [int(d["value"]) for d in meta.get("shape", []) if "value" in d]
        concrete = len(shape) == len(meta.get("shape", []))  # no symbolic dims
        if (dtype is not None and tensor.dtype != dtype) or \
                (concrete and list(tensor.shape) != shape):
            raise LoadError(f"state '{path}': the JSON says {_describe(meta)}, the weights hold "
                            f"{tensor.dtype} {list(tensor.shape)}")
        return tensor

    def module(self, path, class_name):
        module = self._find(self.modules, path)
        if module is None:
            raise LoadError(
                f"module '{path}' is a {class_name} without a graph: fxpp keeps its type and "
                f"state, not its constructor arguments, and {self.origin} has no object for it "
                f"(pass the weights file fxpp.dump wrote)")
        found = _values.qualified_type_name(type(module))
        if found != class_name:
            raise LoadError(
                f"module '{path}': the JSON says {class_name}, the weights hold {found}")
        return _weights.config_only(module)  # a fresh copy per load


def _describe(meta):
    dims = ", ".join(d.get("value", d.get("expr", "?")) for d in meta.get("shape", []))
    dtype = meta.get("dtype", "SCALAR_TYPE_?").replace("SCALAR_TYPE_", "").lower()
    return f"{dtype}[{dims}]"


class _GraphBuilder:
    """One fxpp Graph -> torch.fx.Graph; `where` names the module in errors."""

    def __init__(self, nodes, where):
        self.nodes = nodes
        self.where = where
        self.env = {}         # JSON node name -> fx.Node
        self.get_attrs = {}   # JSON node name -> get_attr target
        self.graph = torch.fx.Graph()
        self.node_name = ""   # the node being built, for errors

    def error(self, message):
        module = f" of module '{self.where}'" if self.where else ""
        return LoadError(f"node '{self.node_name}'{module}: {message}")

    def build(self):
        for node in self.nodes:
            self.node_name = node.get("name", "")
            op = _OP_KINDS.get(node.get("op"))
            if op is None:
                raise self.error(f"unknown op kind {node.get('op')!r}")
            args = tuple(self.argument(a) for a in node.get("args", []))
            kwargs = {kw["name"]: self.argument(kw["value"]) for kw in node.get("kwargs", [])}
            target = node.get("target", "")
            if op == "call_function" and target == _INVOKE_SUBGRAPH:
                op, target, args = "call_module", self.invoke_subgraph_module(node), \
                    self.invoke_subgraph_operands(args)
            elif op == "call_function":
                try:
                    target = resolve_callable(target)
                except LookupError as e:
                    raise self.error(f"cannot resolve call target '{target}' with torch "
                                     f"{torch.__version__}: {e}") from None
            elif op == "get_attr":
                self.get_attrs[self.node_name] = target
            fx_node = self.graph.create_node(op, target, args, kwargs, name=self.node_name)
            stack_trace = node.get("meta", {}).get("stack_trace")
            if stack_trace:
                fx_node.meta["stack_trace"] = stack_trace
            self.env[self.node_name] = fx_node
        # invoke_subgraph's get_attr of its subgraph has no users left.
        for fx_node in reversed(list(self.graph.nodes)):
            if fx_node.op == "get_attr" and not fx_node.users:
                self.graph.erase_node(fx_node)
        return self.graph

    def invoke_subgraph_module(self, node):
        first = node.get("args", [{}])[0]
        name = first.get("node")
        if name not in self.get_attrs:
            raise self.error("invoke_subgraph's first argument is not a get_attr of a subgraph")
        return self.get_attrs[name]

    def invoke_subgraph_operands(self, args):
        operands = args[2:]
        # PyTorch 2.6 passes the operands as one tuple; fxpp and later
        # PyTorch pass them flat.
        if len(operands) == 1 and isinstance(operands[0], tuple):
            return operands[0]
        return operands

    def argument(self, arg):
        if not isinstance(arg, dict) or len(arg) != 1:
            raise self.error(f"an argument must have exactly one case set, not {arg!r}")
        (kind, value), = arg.items()
        if kind == "none":
            return None
        if kind in ("bool_value", "string_value"):
            return value
        if kind == "int_value":
            return int(value)
        if kind == "float_value":
            return float(value)  # "NaN" / "Infinity" / "-Infinity" included
        if kind == "float_bits":
            return struct.unpack("<d", struct.pack("<Q", int(value)))[0]
        if kind == "node":
            if value not in self.env:
                raise self.error(f"argument '{value}' is not a node defined before it")
            return self.env[value]
        if kind in ("list", "tuple"):
            items = [self.argument(a) for a in value.get("elements", [])]
            return items if kind == "list" else tuple(items)
        if kind == "dict":
            return {self.argument(e["key"]): self.argument(e["value"])
                    for e in value.get("entries", [])}
        if kind == "slice":
            return slice(*(self.argument(value[k]) if k in value else None
                           for k in ("start", "stop", "step")))
        if kind == "ellipsis":
            return Ellipsis
        if kind == "device":
            return torch.device(value)
        tables = {"dtype": _DTYPES, "memory_format": _MEMORY_FORMATS, "layout": _LAYOUTS}
        if kind in tables:
            if value not in tables[kind]:
                raise self.error(f"torch {torch.__version__} has no {kind} {value}")
            return tables[kind][value]
        if kind == "opaque":
            return self.opaque(value)
        if kind == "sym_int":
            raise self.error(f"a symbolic size ({value}) cannot be run; capture with static shapes")
        raise self.error(f"unknown argument kind '{kind}'")

    def opaque(self, text):
        try:
            return _targets.opaque_value(text)
        except LookupError as e:
            raise self.error(str(e)) from None


class _ModuleBuilder:
    def __init__(self, weights):
        self.weights = weights
        self.shared = []  # (parent module, attribute, target path)
        # One copy per source tensor and kind: tied weights stay tied.
        self.copies = {}
        # Source storage (data_ptr) -> its copy: see _copy.
        self.storages = {}

    def build(self, mdict, path=""):
        class_name = mdict.get("class_name", "")
        graph = mdict.get("graph")
        if graph is not None:
            name = class_name if class_name.isidentifier() else "GraphModule"
            module = torch.fx.GraphModule(torch.nn.Module(), torch.fx.Graph(), name)
        elif class_name in _CONTAINER_CLASSES:
            module = torch.nn.Module()
        elif class_name == _TREE_SPEC_CLASS:
            raise LoadError(f"'{path}' is the pytree spec of a preserved module call signature; "
                            f"the file holds its type, not its value, so it cannot be rebuilt")
        else:
            module = self.weights.module(path, class_name)
        for child in mdict.get("children", []):
            child_module = child.get("module", {})
            child_class = child_module.get("class_name", "")
            if child_class.startswith(_SHARED_PREFIX):
                self.shared.append((module, child["name"], child_class[len(_SHARED_PREFIX):]))
                continue
            child_path = join_path(path, child["name"])
            module.add_module(child["name"], self.build(child_module, child_path))
        for entry in mdict.get("state", []):
            self.add_state(module, path, entry)
        if graph is not None:
            module.graph = _GraphBuilder(graph.get("nodes", []), path).build()
            _restore_pytree_codegen(module, self.weights.codegen.get(path))
        return module

    def add_state(self, module, path, entry):
        name = entry["name"]
        tensor = self.weights.tensor(join_path(path, name), entry.get("tensor", {}))
        kind = entry.get("kind")
        key = (id(tensor), kind)
        if key not in self.copies:
            if kind == "STATE_KIND_PARAMETER":
                requires_grad = bool(entry.get("tensor", {}).get("requires_grad", False))
                self.copies[key] = torch.nn.Parameter(self._copy(tensor), requires_grad)
            elif kind in ("STATE_KIND_BUFFER", "STATE_KIND_CONSTANT"):
                self.copies[key] = self._copy(tensor)
            else:
                raise LoadError(f"state '{join_path(path, name)}' has unknown kind {kind!r}")
        value = self.copies[key]
        if kind == "STATE_KIND_PARAMETER":
            module.register_parameter(name, value)
        elif kind == "STATE_KIND_BUFFER":
            module.register_buffer(name, value, persistent=entry.get("persistent", False))
        else:
            setattr(module, name, value)

    def _copy(self, tensor):
        """A fresh copy of `tensor`. Tensors that share storage (a constant
        viewing a buffer, as symbolic_trace makes of `self.buf.t()`; one
        buffer under several names in a program's state dict) get copies
        sharing one copied storage alike: a write through one is seen
        through the others, as in the module dumped."""
        if tensor.layout != torch.strided or tensor.is_quantized or tensor.is_conj() or \
                tensor.is_neg():
            return tensor.clone()
        storage = _values.untyped_storage(tensor)
        if storage.nbytes() == 0:
            return tensor.clone()
        copied = self.storages.get(storage.data_ptr())
        if copied is None:
            copied = self.storages[storage.data_ptr()] = storage.clone()
        return torch.empty(0, dtype=tensor.dtype, device=tensor.device).set_(
            copied, tensor.storage_offset(), tensor.size(), tensor.stride())

    def resolve_shared(self, root):
        for parent, name, target in self.shared:
            try:
                parent.add_module(name, root.get_submodule(target) if target else root)
            except AttributeError as e:
                raise LoadError(f"shared module '{name}' refers to '{target}', which the tree "
                                f"does not have") from e


def _restore_pytree_codegen(module, saved):
    """Gives a loaded graph module the code that flattens its arguments and
    unflattens its results which the dumped one had (the weights file keeps
    it: _weights.pytree_codegen), when the graph still takes and returns as
    many values as the specs say (a pass may have changed them)."""
    if not saved:
        return
    import torch.utils._pytree as pytree
    from torch.fx.graph import _PyTreeCodeGen, _PyTreeInfo
    in_spec, out_spec = (pytree.treespec_loads(spec) if isinstance(spec, str) else spec
                         for spec in (saved.get("in_spec"), saved.get("out_spec")))
    inputs = sum(1 for n in module.graph.nodes if n.op == "placeholder")
    output = next((n for n in module.graph.nodes if n.op == "output"), None)
    result = output.args[0] if output is not None and output.args else None
    outputs = len(result) if isinstance(result, (tuple, list)) else 1
    if (in_spec is not None and in_spec.num_leaves != inputs) or \
            (out_spec is not None and out_spec.num_leaves != outputs):
        return
    module.graph._codegen = _PyTreeCodeGen(_PyTreeInfo(saved["orig_args"], in_spec, out_spec))
    module.recompile()


class ExportedProgramModule(torch.nn.Module):
    """An exported program as a module taking its user inputs, as
    ExportedProgram.module() does: parameters, buffers and constants are
    attributes at their FQNs, buffer and user-input mutations are applied
    after each call, and the user outputs are returned (one value alone,
    several as a tuple)."""

    def __init__(self, state_root, graph_module, input_specs, output_specs, in_spec=None,
                 out_spec=None):
        super().__init__()
        for name, child in state_root.named_children():
            self.add_module(name, child)
        for name, tensor in list(state_root._parameters.items()):
            self.register_parameter(name, tensor)
        for name, tensor in list(state_root._buffers.items()):
            self.register_buffer(name, tensor)
        for name, value in vars(state_root).items():
            if isinstance(value, torch.Tensor):
                setattr(self, name, value)
        self.graph_module = graph_module
        self._input_specs = input_specs
        self._output_specs = output_specs
        # The root call's pytree specs (a torch with treespec_loads): the
        # call takes and returns what the exported forward did.
        self._in_spec, self._out_spec = in_spec, out_spec

    def _flat_user_inputs(self, args, kwargs):
        if self._in_spec is None:
            if kwargs:
                raise TypeError("this program's call takes no keyword arguments here (the "
                                "running torch cannot read its argument structure)")
            return args
        import torch.utils._pytree as pytree
        flat, spec = pytree.tree_flatten((args, kwargs))
        if spec != self._in_spec:
            raise TypeError(f"the program takes arguments of structure {self._in_spec}, "
                            f"got {spec}")
        return flat

    def _state(self, fqn):
        owner, _, name = fqn.rpartition(".")
        return getattr(self.get_submodule(owner) if owner else self, name)

    def forward(self, *args, **kwargs):
        user_args = iter(self._flat_user_inputs(args, kwargs))
        flat = []
        for spec in self._input_specs:
            if spec["kind"] == "INPUT_KIND_USER_INPUT":
                flat.append(next(user_args))
            elif spec["kind"] in ("INPUT_KIND_PARAMETER", "INPUT_KIND_BUFFER",
                                  "INPUT_KIND_CONSTANT_TENSOR"):
                flat.append(self._state(spec["target"]))
            else:
                raise LoadError(f"input kind {spec['kind']} cannot be run by fxpp.load")
        outputs = self.graph_module(*flat)
        if not isinstance(outputs, (tuple, list)):
            outputs = (outputs,)
        user_inputs = [a for a, s in zip(flat, self._input_specs)
                       if s["kind"] == "INPUT_KIND_USER_INPUT"]
        user_input_names = [s["arg"]["tensor"]["name"] for s in self._input_specs
                            if s["kind"] == "INPUT_KIND_USER_INPUT" and "tensor" in s["arg"]]
        results = []
        with torch.no_grad():
            for spec, value in zip(self._output_specs, outputs):
                kind = spec["kind"]
                if kind == "OUTPUT_KIND_BUFFER_MUTATION":
                    self._state(spec["target"]).copy_(value)
                elif kind == "OUTPUT_KIND_USER_INPUT_MUTATION":
                    user_inputs[user_input_names.index(spec["target"])].copy_(value)
                elif kind == "OUTPUT_KIND_USER_OUTPUT":
                    results.append(value)
                else:
                    raise LoadError(f"output kind {kind} cannot be run by fxpp.load")
        if self._out_spec is not None:
            import torch.utils._pytree as pytree
            return pytree.tree_unflatten(results, self._out_spec)
        return results[0] if len(results) == 1 else tuple(results)


def _check_version(found, supported, what):
    if not found or int(found) > supported:
        raise LoadError(f"{what} format_version {found!r} is not one this fxpp reads "
                        f"(1..{supported})")


def _load_graph_module_file(root, weights):
    _check_version(root.get("format_version"), 1, "fxpp module")
    builder = _ModuleBuilder(weights)
    module = builder.build(root.get("module", {}))
    builder.resolve_shared(module)
    return module


def _load_exported_program(root, weights):
    _check_version(root.get("format_version"), 1, "exported program")
    state_root = _load_graph_module_file(root["state"], weights)
    graph_module = _load_graph_module_file(root["graph_module"], weights)
    signature = root.get("graph_signature", {})
    in_spec, out_spec = _root_call_specs(root)
    return ExportedProgramModule(state_root, graph_module, signature.get("input_specs", []),
                                 signature.get("output_specs", []), in_spec, out_spec)


def _treespec_node(spec):
    """fxpp's TreeSpec JSON (fxpp/_program.py's treespec_dict) as one node of
    torch.utils._pytree.treespec_dumps' JSON."""
    kind = spec.get("type") or None  # a leaf: no type, no context
    return {"type": kind, "context": spec.get("context", "null") if kind else None,
            "children_spec": [_treespec_node(c) for c in spec.get("children", [])]}


def _root_call_specs(root):
    """(in_spec, out_spec) of the program's root call from its module call
    graph, as torch TreeSpecs; (None, None) where the file has none or the
    running torch cannot read them (1.13 has no treespec_loads)."""
    import torch.utils._pytree as pytree
    loads = getattr(pytree, "treespec_loads", None)
    for entry in root.get("module_call_graph", []):
        signature = entry.get("signature")
        if entry.get("fqn", "") != "" or not signature or loads is None:
            continue
        try:
            return tuple(loads(json.dumps([1, _treespec_node(signature[key])]))
                         for key in ("in_spec", "out_spec"))
        except (KeyError, ValueError, TypeError, NotImplementedError):
            return None, None  # a container type this torch does not know
    return None, None


def from_json_dict(root, weights=None, fqn_map=None, origin="the weights given"):
    """A module from the protobuf-JSON dict of an fxpp file (a GraphModule
    file or an exported program)."""
    root = _snake_keys(root)
    if weights is None:
        origin = "(no weights given; pass the .weights.pt file fxpp.dump wrote)"
    table = _Weights(_weights.read_weights(weights) if weights is not None else None,
                     fqn_map, origin)
    if "graph_module" in root:
        return _load_exported_program(root, table)
    if "module" in root:
        return _load_graph_module_file(root, table)
    raise LoadError("not an fxpp JSON file: no 'module' (GraphModule) or 'graph_module' "
                    "(ExportedProgram) at the top")


def loads(text, weights=None, fqn_map=None):
    """load() of JSON text."""
    return from_json_dict(json.loads(text), weights, fqn_map)


def _read_fqn_map(fqn_map):
    if fqn_map is None or isinstance(fqn_map, dict):
        return fqn_map
    with open(fqn_map, encoding="utf-8") as f:
        return json.load(f)


def load(path, weights=None, fqn_map=None):
    """A runnable torch.nn.Module from an fxpp file: JSON, or .pb and .fxg
    (read through the compiled extension fxpp._C).

    weights: the side file fxpp.dump wrote (default: `<path stem>.weights.pt`
    when it exists), a dict {name: tensor}, or the original nn.Module.
    fqn_map: for a split's output, the `--fqn_map` file (or dict) split wrote;
    without it, moved values are found by the ends of their paths.
    """
    if weights is None and os.path.exists(_weights.weights_path(path)):
        weights = _weights.weights_path(path)
    origin = weights if isinstance(weights, (str, os.PathLike)) else "the weights given"
    if str(path).endswith((".pb", ".binpb", ".fxg")):
        from . import _C
        with open(path, "rb") as f:
            contents = f.read()
        try:
            root = json.loads(_C.file_to_json(contents, str(path)))
        except ValueError as e:
            raise LoadError(str(e)) from None
        return from_json_dict(root, weights, _read_fqn_map(fqn_map), origin=str(origin))
    with open(path, encoding="utf-8") as f:
        try:
            root = json.load(f)
        except json.JSONDecodeError as e:
            raise LoadError(f"{path} is not JSON ({e}); for .pb and .fxg give the file its "
                            f"extension, or convert it with "
                            f"`bazel run //tools:fmt -- IN -o OUT.json`") from None
    return from_json_dict(root, weights, _read_fqn_map(fqn_map), origin=str(origin))
