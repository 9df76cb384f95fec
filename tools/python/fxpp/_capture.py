"""Capturing a model as a graph fxpp can read, by one of PyTorch's tracers.

    gm_or_program, flat_inputs = capture(model, example_inputs, "make_fx")

Tracers: symbolic_trace (torch-level, leaf modules as call_module; buffers
are read with get_attr, so a graph may slice them by traced sizes),
make_fx (ATen-level, parameters as get_attr constants), dynamo (2.x: the
graph torch.compile hands its backend; parameters become inputs) and export
(2.x: a torch.export.ExportedProgram). flat_inputs are the values the
captured graph takes: the example inputs, or for dynamo the backend's
inputs (parameters included).

symbolic_trace and make_fx graphs carry no tensor metadata in PyTorch 1.13;
shape propagation on the example inputs adds it (tensor_meta), as fxpp's
passes need shapes and dtypes.
"""

import torch
import torch.fx

TRACERS = ("symbolic_trace", "make_fx", "dynamo", "export")


def _lacks_values(gm):
    """Whether some node has no recorded value (1.13's make_fx records none
    for nodes returning tuples)."""
    keys = ("val", "tensor_meta", "example_value")
    return any(not any(k in n.meta for k in keys) for n in gm.graph.nodes if n.op != "output")


def propagate_shapes(gm, example_inputs):
    """Records each node's tensor metadata by running `gm` on the inputs,
    unless every node has a value already."""
    if example_inputs and _lacks_values(gm):
        from torch.fx.passes.shape_prop import ShapeProp
        with torch.no_grad():
            ShapeProp(gm).propagate(*example_inputs)
    return gm


def _symbolic_trace(model):
    tracer = torch.fx.Tracer()
    tracer.proxy_buffer_attributes = True
    graph = tracer.trace(model)
    name = type(model).__name__
    return torch.fx.GraphModule(tracer.root, graph, name if name.isidentifier() else "GraphModule")


def dynamo_graphs(model, example_inputs, kwargs=None, fullgraph=True, dynamic=None):
    """[(graph module, its inputs)] of each graph torch.compile hands its
    backend for one call (several where the model has graph breaks and
    not fullgraph; sizes as inputs with dynamic=True)."""
    import torch._dynamo
    captured = []

    def backend(gm, inputs):
        captured.append((gm, list(inputs)))
        return gm.forward

    torch._dynamo.reset()
    try:
        torch.compile(model, backend=backend, fullgraph=fullgraph, dynamic=dynamic)(
            *example_inputs, **(kwargs or {}))
    finally:
        torch._dynamo.reset()
    return captured


def _dynamo_graph(model, example_inputs):
    return dynamo_graphs(model, example_inputs)[0]


def capture(model, example_inputs, tracer="symbolic_trace"):
    """(graph module or exported program, the flat inputs it takes)."""
    example_inputs = tuple(example_inputs)
    if tracer == "symbolic_trace":
        gm = model if isinstance(model, torch.fx.GraphModule) else _symbolic_trace(model)
        return propagate_shapes(gm, example_inputs), example_inputs
    if tracer == "make_fx":
        from torch.fx.experimental.proxy_tensor import make_fx
        gm = make_fx(model)(*example_inputs)
        return propagate_shapes(gm, example_inputs), example_inputs
    if tracer == "dynamo":
        return _dynamo_graph(model, example_inputs)
    if tracer == "export":
        return torch.export.export(model, example_inputs), example_inputs
    raise ValueError(f"unknown tracer '{tracer}' (one of {', '.join(TRACERS)})")
