"""fxpp.torch.unflatten: torch.export.unflatten with fxpp's C++ Unflatten.

The exported program's flat graph is converted in C++ (fxpp._C), its
signature, module call graph and state descriptions travel as
export/exported_program.proto JSON (small: one entry per tensor), and
export/'s Unflatten rebuilds the module hierarchy. The result is built from
PyTorch's own classes, as torch.export.unflatten builds it: an
UnflattenedModule root (flattens the call's arguments with the exported
in_spec, checks them, runs its graph with torch.fx.Interpreter, unflattens
the outputs), InterpreterModules, InterpreterModuleDispatchers and plain
nn.Modules; parameters, buffers and constants are the exported program's own
tensor objects (PyTorch's unflatten clones them).
"""

import importlib
import json
import re

import torch

from . import _program
from . import torch as _torch

_SHARED = "shared:"
_SPEC = "torch.utils._pytree.TreeSpec"
_SCRIPT_OBJECT = "torch.ScriptObject:"
_IVAL = "__ival__"
_CALL_INDEX = re.compile(r"@\d+$")


def _spec_key(spec):
    """A TreeSpec as fxpp's C++ gives it: (type, context JSON, (children...))."""
    return (spec["type"], spec["context"],
            tuple(_spec_key(child) for child in spec.get("children", ())))


def _tuple_key(spec):
    type_name, context, children = spec
    return (type_name, context, tuple(_tuple_key(child) for child in children))


def _original_fqn(path):
    """The state-dict name of an entry of the unflattened tree: call modules
    (`sub@1`, a dispatcher's `@0`) hold the state of the module they call."""
    parts = (_CALL_INDEX.sub("", part) for part in path.split("."))
    return ".".join(part for part in parts if part)


class _Builder:
    def __init__(self, program, ep, flat_args_adapter):
        self.unflatten_module = importlib.import_module("torch.export.unflatten")
        self.program = program
        self.ep = ep
        self.flat_args_adapter = flat_args_adapter
        self.values = dict(ep.state_dict)
        self.values.update(ep.constants)
        self.specs = {}
        for entry in ep.module_call_graph:
            if entry.signature is not None:
                for spec in (entry.signature.in_spec, entry.signature.out_spec):
                    self.specs[_spec_key(_program.treespec_dict(spec, in_process=True))] = spec
        self.objects = {}  # path -> module or attribute value
        self.ivals = {}  # intermediate value name -> its tensor

    def value(self, path, graph=None):
        """The tensor or object at `path` of the result: the program's own,
        or for PyTorch's intermediate-value attributes (read by `graph`'s
        get_attr nodes), their storage."""
        for name in (path, _original_fqn(path)):
            if name in self.values:
                return self.values[name]
        leaf = path.rpartition(".")[2]
        if leaf.startswith(_IVAL) and graph is not None:
            return self.ival(leaf, graph)
        raise ValueError(f"fxpp.torch.unflatten: the result refers to '{path}', which the "
                         f"exported program's state_dict and constants do not have")

    def ival(self, attribute, graph):
        """PyTorch's _IVals storage: one empty tensor per intermediate value
        of a buffer mutation crossing a preserved signature, shared by the
        modules that write and read it, shaped as the value's example."""
        if attribute not in self.ivals:
            node = next((n for n in graph.nodes
                         if n.op == "get_attr" and n.target == attribute), None)
            fake = node.meta.get("val") if node is not None else None
            if not isinstance(fake, torch.Tensor):
                raise ValueError(f"fxpp.torch.unflatten: intermediate value '{attribute}' has "
                                 f"no example value")
            self.ivals[attribute] = torch.empty(fake.shape, dtype=fake.dtype)
        return self.ivals[attribute]

    def spec(self, key):
        spec = self.specs.get(_tuple_key(key))
        if spec is None:
            raise ValueError(f"fxpp.torch.unflatten: a pytree spec the module call graph does "
                             f"not have: {key!r}")
        return spec

    def build(self):
        entries = self.program.modules()  # preorder
        spec_values = {(path + "." if path else "") + name: spec
                       for path, name, spec in self.program.specs()}
        dispatchers, interpreters, links = [], [], []
        for path, class_name, _, state in entries:
            if path:
                links.append(path)
            if class_name.startswith(_SHARED) or class_name == _SPEC \
                    or class_name.startswith(_SCRIPT_OBJECT):
                continue
            if class_name == "InterpreterModuleDispatcher":
                dispatchers.append((path, state))
                continue
            module = self.new_module(path, class_name)
            if class_name == "InterpreterModule":
                interpreters.append(module)
            for name, kind, persistent in state:
                _torch._set_state(module, name, kind, persistent,
                                  self.value((path + "." if path else "") + name,
                                             getattr(module, "graph", None)))
            self.objects[path] = module
        classes = {path: class_name for path, class_name, _, _ in entries}
        # Attributes first: a dispatcher copies its first call's.
        for path in links:
            class_name = classes[path]
            if class_name == _SPEC:
                self.attach(path, self.spec(spec_values[path]), classes)
            elif class_name.startswith(_SCRIPT_OBJECT):
                self.attach(path, self.value(path), classes)
        for path, state in reversed(dispatchers):  # innermost first
            self.objects[path] = self.new_dispatcher(path, state, entries)
        for path in links:
            class_name = classes[path]
            if class_name == _SPEC or class_name.startswith(_SCRIPT_OBJECT):
                continue
            target = class_name[len(_SHARED):] if class_name.startswith(_SHARED) else path
            self.attach(path, self.objects[target], classes)
        for module in interpreters:
            _finalize(module)
        root = self.objects[""]
        root.input_placeholders = [n for n in root.graph.nodes if n.op == "placeholder"]
        return root

    def attach(self, path, value, classes):
        parent_path, _, name = path.rpartition(".")
        if classes[parent_path] == "InterpreterModuleDispatcher":
            return  # its submodules are its first call's; its calls are `@i`
        parent = self.objects[parent_path]
        if isinstance(value, torch.nn.Module):
            parent._modules[name] = value
        else:
            setattr(parent, name, value)

    def new_module(self, path, class_name):
        m = self.unflatten_module
        if class_name == "UnflattenedModule":
            return self.new_root(self.program.graph(path))
        if class_name == "InterpreterModule":
            return m.InterpreterModule(self.program.graph(path))
        if class_name in ("torch.nn.Module", "torch.nn.modules.module.Module"):
            return torch.nn.Module()
        parent_path, _, leaf = path.rpartition(".")
        # A higher-order op's subgraph: the program's own module, as
        # PyTorch's _copy_graph_attrs moves it. The program keeps them on its
        # root; one nested in another (a cond in a cond's branch) is that
        # subgraph's own.
        parent = self.objects.get(parent_path)
        owner = parent if isinstance(parent, torch.fx.GraphModule) else self.ep.graph_module
        if isinstance(getattr(owner, leaf, None), torch.fx.GraphModule):
            return getattr(owner, leaf)
        raise ValueError(f"fxpp.torch.unflatten: module '{path}' has unknown class {class_name!r}")

    def new_dispatcher(self, path, state, entries):
        prefix = path + "."
        calls = sorted((p for p, _, _, _ in entries
                        if p.startswith(prefix) and "." not in p[len(prefix):]
                        and p[len(prefix):].startswith("@")),
                       key=lambda p: int(p[len(prefix) + 1:]))
        attrs = {name for name, _, _ in state}
        attrs.update(p[len(prefix):] for p, class_name, _, _ in entries
                     if p.startswith(prefix) and "." not in p[len(prefix):]
                     and (class_name == _SPEC or class_name.startswith(_SCRIPT_OBJECT)))
        classes = {p: class_name for p, class_name, _, _ in entries}
        modules = [self.objects[classes[p][len(_SHARED):] if classes[p].startswith(_SHARED) else p]
                   for p in calls]
        return self.unflatten_module.InterpreterModuleDispatcher(attrs, modules)

    def new_root(self, graph):
        m = self.unflatten_module
        ep = self.ep
        root = m.UnflattenedModule.__new__(m.UnflattenedModule)
        torch.nn.Module.__init__(root)
        # The program's signature objects (PyTorch deep-copies them; nothing
        # changes them afterwards).
        root.graph_signature = ep.graph_signature
        root.graph = graph
        graph.owning_module = root
        root.module_call_graph = list(ep.module_call_graph)
        root.flat_args_adapter = self.flat_args_adapter
        root.adapted = False
        root._run_with_interpreter = m.RUN_WITH_INTERPRETER
        root.ivals = m._IVals()
        root.range_constraints = ep.range_constraints
        root.equality_constraints = []
        root.check_input_constraints = True
        return root


def _finalize(module):
    """InterpreterModule.finalize, with the graph module's code generated on
    first use (torch's lazy recompilation) and without its lint."""
    module.__dict__["graph_module"] = _torch._make_graph_module(module, module.graph,
                                                                "GraphModule")
    module.arg_names = [n.target for n in module.graph.nodes if n.op == "placeholder"]


def unflatten(extension, ep, flat_args_adapter=None):
    program = extension.Module.unflatten(
        ep.graph_module, json.dumps(_program.program_without_graph_dict(ep, in_process=True)))
    return _Builder(program, ep, flat_args_adapter).build()
