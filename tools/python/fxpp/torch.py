"""fxpp's C++ passes on PyTorch programs, in process.

    import fxpp.torch
    deduped = fxpp.torch.dedup(torch.fx.symbolic_trace(model))

Each call converts the torch.fx.GraphModule to fxpp's IR inside the fxpp._C
extension (C++, no files), runs fxpp's registered passes (the pass registry
of `fxopt`), and builds a torch.fx.GraphModule back. The result keeps the
module's parameters, buffers and submodules (the same objects, as PyTorch's
own passes share them) and each node's metadata: nodes a pass kept or copied
get their source node's node.meta (example values 'val', nn_module_stack,
stack_trace, ...); values a pass made get meta tensors as example values.

Functions (the graph module given is not changed, except by
stable_topological_sort, which sorts in place as PyTorch's does):
- run(gm, "functionalize,dedup,dce"): any pipeline fxopt accepts.
- dedup(gm, min_region_size=2): repeated regions -> one subgraph module,
  called once per region (call_module, which every torch runs).
- split_by_tags(gm, tags, return_fqn_mapping=False, return_tuple=False):
  torch.fx.passes.split_utils.split_by_tags, reading node.tag.
- stable_topological_sort(graph): torch._inductor.pattern_matcher's, in
  place, the order computed in C++; given a GraphModule, sorts its graphs in
  place, recompiles them and returns it.
- functionalize(gm): in-place ops -> out-of-place; input mutations stay as
  copy_ at the end, so the result runs like the original.
- backend(passes="dedup", then="inductor"): a torch.compile / Dynamo backend
  that runs `passes` on the captured graph, then hands it to `then`.
"""

import collections
import contextlib
import copy
import gc

import torch
import torch.fx

from . import _graph, _program, _values

__all__ = ["run", "dedup", "split_by_tags", "functionalize", "unflatten", "backend", "passes",
           "stable_topological_sort"]


def _extension():
    try:
        from . import _C
    except ImportError as e:
        raise ImportError(
            "fxpp.torch needs the compiled extension fxpp._C: install the package with "
            "`tools/python/install.sh` (or `bazel build //tools:python/fxpp/_C.so` for "
            f"Debian's /usr/bin/python3) ({e})") from None
    return _C


def passes():
    """Every pass fxpp can run, with its options (fxopt --list-passes)."""
    return _extension().list_passes()


def _original_tables(original):
    """{path: module} and {path: tensor} of a module tree, for finding the
    objects a result's modules and get_attr targets refer to."""
    return dict(original.named_modules(remove_duplicate=False)), _graph.state_tensors(original)


class _Rebuilder:
    """A torch module tree from a converted (and transformed) fxpp module:
    graph modules from the extension's graphs, every other module and every
    tensor the original object (found by path, through `fqn_map` when a pass
    moved it, or through `renamed`, {result path: original path}, when a pass
    put it under a new name)."""

    _CONTAINERS = {"torch.nn.Module", "torch.nn.modules.module.Module"}

    def __init__(self, program, original, fqn_map=None, renamed=None):
        from ._load import _Weights  # lookup by path, moved paths and suffixes
        self.program = program
        modules, tensors = _original_tables(original)
        self.finder = _Weights({"tensors": tensors, "modules": modules}, fqn_map, "the module")
        self.renamed = renamed or {}
        self.built = {}

    def _find(self, table, path, what):
        value = self.finder._find(table, path)
        if value is None:
            raise ValueError(f"fxpp.torch: the result refers to {what} '{path}', which the "
                             f"original module does not have")
        return value

    def build(self):
        entries = self.program.modules()  # preorder: parents first
        state_of = {path: {name: (kind, persistent) for name, kind, persistent in state}
                    for path, _, _, state in entries}
        for path, class_name, has_graph, state in reversed(entries):
            if has_graph:
                self.built[path] = self._graph_module(path, class_name, state_of)
            elif class_name in self._CONTAINERS and path not in self.finder.modules:
                self.built[path] = self._container(path, state)
            else:
                self.built[path] = self._find(self.finder.modules, path, "module")
        return self.built[""]

    def _tensor(self, path):
        return self._find(self.finder.tensors, self.renamed.get(path, path), "tensor")

    def _container(self, path, state):
        module = torch.nn.Module()
        prefix = path + "." if path else ""
        for child_path, child in self.built.items():
            parent, _, name = child_path.rpartition(".")
            if child_path and parent == path and "." not in child_path[len(prefix):]:
                module.add_module(name, child)
        for name, kind, persistent in state:
            _set_state(module, name, kind, persistent, self._tensor(prefix + name))
        return module

    def _graph_module(self, path, class_name, state_of):
        graph = self.program.graph(path)
        prefix = path + "." if path else ""
        holder = torch.nn.Module()
        for node in graph.nodes:
            if node.op not in ("get_attr", "call_module"):
                continue
            full = prefix + node.target
            owner_path, _, name = full.rpartition(".")
            owner = _ensure_path(holder, node.target.rpartition(".")[0])
            if full in self.built:
                owner.add_module(name, self.built[full])
                continue
            kind, persistent = state_of.get(owner_path, {}).get(name, ("constant", True))
            _set_state(owner, name, kind, persistent, self._tensor(full))
        original = self.finder.modules.get(path)
        if isinstance(original, torch.fx.GraphModule):
            _keep_pytree_codegen(graph, original.graph)
        name = class_name if class_name.isidentifier() else "GraphModule"
        return _make_graph_module(holder, graph, name)


def _keep_pytree_codegen(graph, original_graph):
    """A graph whose code flattens its arguments and unflattens its results
    (ep.module(), Dynamo's graphs: a pytree CodeGen) keeps doing so when the
    passes kept its number of inputs and outputs."""
    codegen = getattr(original_graph, "_codegen", None)
    info = getattr(codegen, "pytree_info", None)
    if info is None or info.out_spec is None:
        return

    def arity(g):
        inputs = sum(1 for n in g.nodes if n.op == "placeholder")
        output = next((n for n in g.nodes if n.op == "output"), None)
        result = output.args[0] if output is not None else None
        return inputs, len(result) if isinstance(result, (tuple, list)) else 1

    if arity(graph) == arity(original_graph):
        graph._codegen = copy.deepcopy(codegen)


def _make_graph_module(root, graph, class_name):
    """GraphModule(root, graph, class_name); where torch has lazy
    recompilation (2.x), its code is generated on first use, as torch's
    own passes defer it."""
    if _lazy is not None:
        with _lazy._use_lazy_graph_module(True):
            return _lazy._make_graph_module(root, graph, class_name)
    return torch.fx.GraphModule(root, graph, class_name)


try:
    import torch.fx._lazy_graph_module as _lazy  # PyTorch 2.x
except ImportError:
    _lazy = None


def _ensure_path(module, path):
    for name in path.split(".") if path else ():
        child = getattr(module, name, None)
        if child is None:
            child = torch.nn.Module()
            module.add_module(name, child)
        module = child
    return module


def _set_state(module, name, kind, persistent, tensor):
    """State entry `name` of `kind` (fxpp._C's StateKindName: "parameter",
    "buffer", "constant") on `module`."""
    kind = kind.upper()
    if kind == "PARAMETER" and isinstance(tensor, torch.nn.Parameter):
        module.register_parameter(name, tensor)
    elif kind == "BUFFER":
        module.register_buffer(name, tensor, persistent=persistent)
    else:
        setattr(module, name, tensor)


def _graph_module(gm):
    if isinstance(gm, torch.fx.GraphModule):
        return gm
    if _program.is_exported_program(gm):
        return gm.module()  # the program as a module taking its user inputs
    raise TypeError(f"fxpp.torch: expected a torch.fx.GraphModule or torch.export."
                    f"ExportedProgram, got {type(gm).__name__}")


@contextlib.contextmanager
def _no_gc():
    """Python's cyclic garbage collector paused while a result is built: the
    thousands of nodes and modules made at once would trigger collections
    that walk every live object (a program's FakeTensors, the input graph)
    again and again, a third of the time at 8k nodes. Nothing built here is
    garbage; the collector runs as usual afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _transform(gm, apply, read_tags=False, sort=False, renamed=None, storage_groups=False):
    """`apply` on `gm` converted; the result rebuilt if it changed anything.
    renamed(gm): {result path: original path} of state a pass renamed.
    storage_groups: tell the conversion which state tensors share storage
    (functionalize needs it)."""
    with _no_gc():
        return _transform_unpaused(gm, apply, read_tags, sort, renamed, storage_groups)


def _transform_unpaused(gm, apply, read_tags, sort, renamed, storage_groups):
    gm = _graph_module(gm)
    groups = _graph.storage_groups(gm) if storage_groups else {}
    program = _extension().Module(gm, read_tags, sort, groups)
    result = apply(program)
    changed, fqn_map = result if isinstance(result, tuple) else (result, None)
    if not changed:
        return gm, fqn_map
    renamed = renamed(gm) if renamed is not None else None
    return _Rebuilder(program, gm, fqn_map, renamed).build(), fqn_map


def run(gm, pipeline):
    """Runs a pipeline of fxpp passes ("functionalize,dedup{min_region_size=3},dce",
    see passes()) on a copy of `gm`; returns the result, or `gm` itself when
    no pass changed anything. The result runs like `gm`: functionalize keeps
    input mutations (copy_ back into the inputs) unless the pipeline says
    functionalize{keep_input_mutations=false}, which returns the new values
    as extra leading outputs instead."""
    if pipeline.strip() == "topo_sort":
        return _sorted_copy(gm)
    pipeline = _keeping_input_mutations(pipeline)
    return _transform(gm, lambda program: program.run(pipeline),
                      storage_groups="functionalize" in pipeline)[0]


def _keeping_input_mutations(pipeline):
    """`pipeline` with keep_input_mutations=true on each functionalize that
    does not set it: the pass's own default (fxopt's, AOTAutograd's form)
    changes the module's outputs, so that the result of run() or of the
    compile backend would not run like the module given."""
    stages, depth, start = [], 0, 0
    for i, c in enumerate(pipeline + ","):
        depth += {"{": 1, "}": -1}.get(c, 0)
        if c == "," and depth == 0:
            stages.append(pipeline[start:i])
            start = i + 1
    out = []
    for stage in stages:
        name, brace, options = stage.strip().partition("{")
        if name.strip() == "functionalize" and "keep_input_mutations" not in options:
            options = options.strip()
            rest = options[:-1].strip() if options.endswith("}") else options
            stage = "functionalize{keep_input_mutations=true" + (f",{rest}" if rest else "") + "}"
        out.append(stage)
    return ",".join(out)


def _sorted_copy(gm):
    """run(gm, "topo_sort"): fxpp's topo_sort pass (the output node last),
    leaving `gm` as it is. A graph already in that order is checked where it
    lies, without converting it, and `gm` itself is returned; otherwise the
    conversion places the nodes in the sort's order (the IR holds only
    graphs whose nodes follow their inputs) and the result is rebuilt."""
    module = _graph_module(gm)
    extension = _extension()
    if all(extension.graph_is_sorted(m.graph) for m in module.modules()
           if isinstance(m, torch.fx.GraphModule)):
        return module
    return _transform(module, lambda program: True, sort=True)[0]


def stable_topological_sort(graph):
    """torch._inductor.pattern_matcher.stable_topological_sort(graph): sorts
    a torch.fx.Graph in place so that every node follows the nodes it reads,
    moving nodes only where one comes before an input, and returns None.
    The order is PyTorch's node for node, the output node included (sorted
    like any node, as PyTorch's is). It is computed in C++, and only nodes
    off a longest run already in order are relinked, with torch's own
    Node.append (PyTorch's loop relinks every node that follows a waiting
    one, often most of the graph; 2.x's Node._sort_key values may differ
    from those it would leave, their order does not).
    No order (a cycle) raises ValueError naming the cycle, with the graph
    unchanged (PyTorch asserts, after moving nodes).

    Given a torch.fx.GraphModule, sorts the graph of it and of each
    GraphModule under it in place, recompiles those whose order changed,
    and returns the module; a module already in order is returned as it is
    (only checked). An ExportedProgram gives its ep.module(), sorted.
    run(gm, "topo_sort") is the copying form (fxpp's pass: output last)."""
    extension = _extension()
    if isinstance(graph, torch.fx.Graph):
        extension.stable_topological_sort(graph)
        return None
    module = _graph_module(graph)
    for m in module.modules():
        if isinstance(m, torch.fx.GraphModule) and extension.stable_topological_sort(m.graph):
            m.recompile()
    return module


def dedup(gm, min_region_size=2):
    """Graph deduplication: identical regions become calls of one subgraph."""
    return run(gm, f"dedup{{min_region_size={int(min_region_size)}}}")


def functionalize(gm, keep_input_mutations=True):
    """In-place ops -> their out-of-place twins. With keep_input_mutations
    (the default) mutated inputs are written back with copy_, so the result
    runs like `gm`; without, they become extra leading outputs. Like any
    functionalized graph, the result assumes that an input it writes shares
    its storage with no other input (call `gm` itself with a tensor and its
    view); backend() checks this on every call."""
    flag = "true" if keep_input_mutations else "false"
    return run(gm, f"functionalize{{keep_input_mutations={flag}}}")


def split_by_tags(gm, tags, return_fqn_mapping=False, return_tuple=False):
    """torch.fx.passes.split_utils.split_by_tags: one submodule per tag
    (node.tag of every call node), called in `tags` order."""
    tags = [str(t) for t in tags]

    def apply(program):
        return True, dict(program.split_by_tags(tags, bool(return_tuple)))

    split, fqn_map = _transform(gm, apply, read_tags=True, renamed=_returned_attributes)
    return (split, fqn_map) if return_fqn_mapping else split


def _returned_attributes(gm):
    """{node name: target} of the get_attr nodes the graph returns directly:
    split_by_tags fetches them on the result's root under the node's name
    (as PyTorch's does), which differs from the target for a nested target
    (`lin.weight` read as `lin_weight`) or a second read (`w_1`)."""
    output = next(n for n in reversed(gm.graph.nodes) if n.op == "output")
    returned = {}
    torch.fx.node.map_arg(output.args, lambda n: returned.setdefault(n.name, n.target)
                          if n.op == "get_attr" else None)
    return returned


def unflatten(ep, flat_args_adapter=None):
    """torch.export.unflatten(ep, flat_args_adapter): the module hierarchy of
    the exported model rebuilt by fxpp's C++ Unflatten, as PyTorch's own
    classes (UnflattenedModule, InterpreterModule, ...). Parameters, buffers
    and constants are the program's own tensors (PyTorch clones them)."""
    if not _program.is_exported_program(ep):
        raise TypeError(f"fxpp.torch.unflatten: expected a torch.export.ExportedProgram, "
                        f"got {type(ep).__name__}")
    from . import _unflatten
    with _no_gc():
        return _unflatten.unflatten(_extension(), ep, flat_args_adapter)


def backend(passes="dedup", then="inductor"):
    """A torch.compile backend (or torch._dynamo.optimize's) running fxpp's
    `passes` on each graph Dynamo captures, then compiling it with `then`
    (a backend name or callable; "eager" runs the graph as it is):

        model = torch.compile(model, backend=fxpp.torch.backend("dedup"))
    """
    def compile_with_then(gm, example_inputs):
        if then is None or then == "eager":
            return gm.forward
        compiler = then
        if isinstance(then, str):
            from torch._dynamo.backends.registry import lookup_backend
            compiler = lookup_backend(then)
        return compiler(gm, example_inputs)

    def compile_graph(gm, example_inputs):
        transformed = run(gm, passes)
        compiled = compile_with_then(transformed, example_inputs)
        written = _written_inputs(transformed) if transformed is not gm else []
        if not written:
            return compiled
        original = []  # gm compiled by `then`, on the first call that needs it

        def call(*args):
            if not _write_shows_through_another_input(args, written):
                return compiled(*args)
            if not original:
                original.append(compile_with_then(gm, example_inputs))
            return original[0](*args)

        return call

    compile_graph.__name__ = f"fxpp_{passes}_then_{then}".replace(",", "_")
    return compile_graph


def _written_inputs(gm):
    """Positions of the placeholders a functionalized graph writes back
    (copy_ into an input, at its end)."""
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    written = {n.args[0] for n in gm.graph.nodes
               if n.op == "call_function" and n.target is torch.ops.aten.copy_.default
               and n.args[0].op == "placeholder"}
    return [i for i, p in enumerate(placeholders) if p in written]


def _write_shows_through_another_input(args, written):
    """Whether an input the functionalized graph writes shares its storage
    with another input. Functionalization computes the new value apart and
    copies it back at the end, so reads of the other input (Dynamo lifts a
    buffer and a view of it kept as an attribute as two inputs; a caller
    passes a tensor and its view) would miss the write: such calls run the
    original graph instead, as AOTAutograd regenerates aliased inputs."""
    keys = [_values.storage_key(a) if isinstance(a, torch.Tensor) else None for a in args]
    inputs_of = collections.Counter(k for k in keys if k is not None)
    return any(inputs_of[keys[i]] > 1 for i in written if i < len(keys) and keys[i] is not None)
