#!/usr/bin/env python3
"""Writes the inputs and PyTorch 2.6 reference results of fxpp's AOT graph passes.

Runs under PyTorch 2.6 only (from the repository root):

  ../shared/tools/torch26 python3 tools/python/make_functionalize_references.py

Every program below is traced by real PyTorch into the graph fxpp starts from (make_fx
without functionalization, torch.export's training IR, torch.compile's joint graph with
the forward metadata removed), and run through the PyTorch function the fxpp pass
reimplements (torch.func.functionalize + make_fx, aot_export_module,
torch.export run_decompositions, default_partition, unlift_tokens,
copy_fwd_metadata_to_bw_nodes, propagate_input_mutation_stacktraces). fxpp's tests
compare their results with these structurally (node names may differ).

Files (CASE is the program's name):
  passes/functionalize/testdata/CASE.fxg             input: the graph with in-place ops, with
                                                      meta['val'] of every node (fxg format)
  passes/functionalize/testdata/CASE.keep.torch26.fx  make_fx(torch.func.functionalize(f)):
                                                      input mutations as copy_ at the end
  passes/functionalize/testdata/CASE.outputs.torch26.fx  aot_export_module / run_decompositions:
                                                      input mutations as extra leading outputs
  passes/functionalize/testdata/CASE.outputs.torch26.sig  which input each extra output updates
  passes/functionalize/testdata/CASE.options         buffers and buffer assignments of the input
  passes/functional_checks/testdata/...               joint graphs, effect tokens, copy_ traces
  passes/partition_joint/testdata/...                 joint graphs and default_partition results
  passes/op_schema/aten_schemas.txt                   schema strings of the ops in the table

Output is deterministic (fixed seeds, fake tensors, no addresses).
"""

import argparse
import copy
import json
import os
import re
import sys

import torch
import torch.nn as nn
from torch.fx.experimental.proxy_tensor import make_fx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUNCTIONALIZE = "passes/functionalize/testdata"
CHECKS = "passes/functional_checks/testdata"
PARTITION = "passes/partition_joint/testdata"
SCHEMAS = "passes/op_schema/aten_schemas.txt"
ADDRESS_RE = re.compile(r"0x[0-9a-fA-F]{4,}")

# ---------------------------------------------------------------------------
# fxg writer: the graph as PyTorch prints it, each node followed by its meta.
# ---------------------------------------------------------------------------

DTYPES = {
    torch.float16: "f16", torch.float32: "f32", torch.float64: "f64", torch.bfloat16: "bf16",
    torch.int8: "i8", torch.int16: "i16", torch.int32: "i32", torch.int64: "i64",
    torch.uint8: "u8", torch.bool: "b8", torch.complex64: "c64", torch.complex128: "c128",
}
PLAIN_EXPR = re.compile(r"^[A-Za-z0-9_*+ -]+$")


def dim_text(d):
    if isinstance(d, int):
        return str(d)
    text = str(d)
    return text if PLAIN_EXPR.match(text) else repr(text)


def tensor_text(t):
    dims = ", ".join(dim_text(d) for d in t.shape)
    out = f"{DTYPES[t.dtype]}[{dims}]"
    if t.dim() > 0 and t.layout == torch.strided:
        strides = [dim_text(s) for s in t.stride()]
        out += " stride=(" + ", ".join(strides) + ("," if len(strides) == 1 else "") + ")"
    out += " " + str(t.device)
    if t.requires_grad:
        out += " requires_grad"
    return out


def val_text(v):
    if isinstance(v, torch.Tensor):
        return tensor_text(v)
    if isinstance(v, (tuple, list)):
        parts = [val_text(e) for e in v]
        if any(p is None for p in parts):
            return None
        if isinstance(v, list):
            return "[" + ", ".join(parts) + "]"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    if v is None or isinstance(v, bool):
        return str(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, torch.SymInt):
        return f"SymInt({str(v)!r})"
    return None


def qualified(target):
    if isinstance(target, str):
        return target
    if isinstance(target, type):
        return f"{target.__module__}.{target.__qualname__}"
    return torch.fx.node._get_qualified_name(target)


def module_type(t):
    return t if isinstance(t, str) else f"{t.__module__}.{t.__qualname__}"


def stack_key(path):
    """Dynamo keys nn_module_stack entries by id(module), which changes from run to run;
    the files use the module path made an identifier instead (L['self'].fc1 ->
    L__self___fc1, Dynamo's older keys)."""
    return re.sub(r"[^A-Za-z0-9_]", "_", path)


def meta_lines(node, extra_keys=()):
    lines = []
    meta = node.meta
    if "val" in meta:
        text = val_text(meta["val"])
        if text is not None:
            lines.append(f"val: {text}")
    trace = meta.get("stack_trace")
    if trace:
        if all(c == "\n" or c == "\t" or c >= " " for c in trace) and "\r" not in trace:
            body = trace[:-1] if trace.endswith("\n") else trace
            lines.append("stack_trace: |" if trace.endswith("\n") else "stack_trace: |-")
            lines.extend("  |" + (" " + piece if piece else "") for piece in body.split("\n"))
        else:
            lines.append(f"stack_trace: {trace!r}")
    for path, typ in (meta.get("nn_module_stack") or {}).values():
        lines.append(f"nn_module_stack: {stack_key(path)!r}: ({path!r}, {module_type(typ)!r})")
    for name, target in meta.get("source_fn_stack") or []:
        lines.append(f"source_fn_stack: ({name!r}, {qualified(target)!r})")
    if "seq_nr" in meta:
        lines.append(f"seq_nr: {meta['seq_nr']}")
    for key in extra_keys:
        if key in meta and meta[key] is not None:
            lines.append(f"extra {key}: {json.dumps(extra_json(key, meta[key]))}")
    return lines


def extra_json(key, value):
    if key == "fwd_nn_module_stack":
        return {stack_key(p): [p, module_type(t)] for p, t in value.values()}
    if key == "fwd_source_fn_stack":
        return [[n, qualified(t)] for n, t in value]
    return value


def fxg_text(graph, extra_keys=()):
    out = ["fxg 1", "module: GraphModule", "graph():"]
    for node in graph.nodes:
        out.append("    " + node.format_node())
        out.extend("        # " + line for line in meta_lines(node, extra_keys))
    return "\n".join(out) + "\n"


def fx_text(graph):
    return str(graph) + "\n"


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

WRITTEN = []


def write(rel_path, text):
    if ADDRESS_RE.search(text):
        raise SystemExit(f"{rel_path}: output contains a memory address")
    path = os.path.join(ROOT, rel_path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    WRITTEN.append(rel_path)


def seed():
    torch.manual_seed(0)


def trace_fake(f, *args):
    return make_fx(f, tracing_mode="fake")(*args)


# ---------------------------------------------------------------------------
# functionalize: in-place ops, input mutations, mutations through views
# ---------------------------------------------------------------------------

def x44():
    return torch.randn(4, 4)


def prog_intermediate_inplace(x):
    y = x * 2
    y.add_(1)
    y.relu_()
    return y * 3


def prog_input_mutation(x, y):
    x.add_(1)
    y.mul_(2)
    return x + y


def prog_makefx_inplace(x, y):
    # testing/graphs/torch26/makefx_inplace.fx's program.
    x.add_(y)
    z = x.mul(2)
    z.relu_()
    y.copy_(z)
    return x + z


def prog_view_mutations(x, y):
    v = x.view(-1)
    v.add_(1)
    s = x[0]
    s.mul_(2)
    y.t().add_(x)
    z = x * 2
    z.transpose(0, 1)[1:3].add_(y[0])
    return z + 1, v


def prog_copy_fill_zero(x, y):
    z = x * 2
    z.copy_(y)
    x.copy_(y * 3)
    w = x.clone()
    w.fill_(2.0)
    w[0].zero_()
    return z, w


def prog_scatter_views(x):
    a = x.clone()
    a.as_strided((2, 2), (1, 2), 1).mul_(2)
    b = x.clone()
    b.diagonal().add_(1)
    c = x.clone()
    _, u1, _, _ = c.unbind(0)
    u1.mul_(3)
    d = x.clone()
    _, s1 = d.split(2)
    s1.add_(1)
    e = x.clone()
    e.unsqueeze(0).squeeze(0).permute(1, 0).narrow(0, 1, 2).sub_(1)
    return a, b, c, d, e


def prog_out_variants(x, y):
    z = torch.empty(4, 4)
    torch.add(x, y, out=z)
    torch.sin(x, out=y)
    return z


def prog_input_view_mutation(x, y):
    x[1:3].mul_(2)
    x.t()[0].add_(y[0])
    return (x * y).sum(0)


class InputMutationModule(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        out = self.fn(*args)
        return out if isinstance(out, tuple) else (out,)


class BufferModule(nn.Module):
    """A counter buffer mutated in place, a running buffer mutated through a view."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("steps", torch.zeros(1, dtype=torch.long))
        self.register_buffer("history", torch.zeros(3, 4))

    def forward(self, x):
        self.steps.add_(1)
        y = self.lin(x)
        self.history[0].copy_(y.mean(0))
        return (y.relu(),)


class BufferAssignModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.zeros(4, 4))

    def forward(self, x):
        self.buf = self.buf + x
        return (x * 2,)


def sig_text(gm, sig, n_placeholders):
    """Which input each leading output updates, by position: one line per output."""
    names = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
    outputs = list(gm.graph.output_node().args[0])
    lines = []
    mutated = dict(sig.buffers_to_mutate)
    mutated.update(sig.user_inputs_to_mutate)
    for i, out in enumerate(outputs):
        if out.name not in mutated:
            break
        target = mutated[out.name]
        if target in sig.inputs_to_buffers.values():
            inverse = {v: k for k, v in sig.inputs_to_buffers.items()}
            index, kind = names.index(inverse[target]), "buffer"
        else:
            index, kind = names.index(target), "user_input"
        lines.append(f"output {i} updates input {index} ({kind})")
    lines.append(f"outputs {len(outputs)}, inputs {n_placeholders}")
    return "\n".join(lines) + "\n"


def export_sig_text(ep):
    from torch.export.graph_signature import InputKind, OutputKind
    names = [s.arg.name for s in ep.graph_signature.input_specs]
    by_target = {s.target: i for i, s in enumerate(ep.graph_signature.input_specs)
                 if s.kind == InputKind.BUFFER}
    lines = []
    specs = ep.graph_signature.output_specs
    for i, spec in enumerate(specs):
        if spec.kind == OutputKind.BUFFER_MUTATION:
            lines.append(f"output {i} updates input {by_target[spec.target]} (buffer)")
        elif spec.kind == OutputKind.USER_INPUT_MUTATION:
            lines.append(f"output {i} updates input {names.index(spec.target)} (user_input)")
    lines.append(f"outputs {len(specs)}, inputs {len(names)}")
    return "\n".join(lines) + "\n"


def write_options(name, buffers, assignments=()):
    """CASE.options: what a plain graph does not say (which inputs are buffers, which
    node non-strict export saw assigned to a buffer), one `buffer NAME` or
    `assign BUFFER NODE` per line."""
    lines = [f"buffer {b}" for b in buffers] + [f"assign {b} {n}" for b, n in assignments]
    write(f"{FUNCTIONALIZE}/{name}.options", "\n".join(lines) + "\n")


def as_tuple_fn(program):
    """aot_export_module needs a tuple of outputs: every trace of a case returns one."""
    def tupled(*a):
        out = program(*a)
        return out if isinstance(out, tuple) else (out,)
    return tupled


def functionalize_case(name, program, args, keep=True, outputs=True):
    fn = as_tuple_fn(program)
    seed()
    write(f"{FUNCTIONALIZE}/{name}.fxg", fxg_text(trace_fake(fn, *args).graph))
    if keep:
        ref = make_fx(torch.func.functionalize(fn), tracing_mode="fake")(*args)
        write(f"{FUNCTIONALIZE}/{name}.keep.torch26.fx", fx_text(ref.graph))
    if outputs:
        from torch._functorch.aot_autograd import aot_export_module
        gm, sig = aot_export_module(InputMutationModule(fn), [a.clone() for a in args],
                                    trace_joint=False)
        write(f"{FUNCTIONALIZE}/{name}.outputs.torch26.fx", fx_text(gm.graph))
        write(f"{FUNCTIONALIZE}/{name}.outputs.torch26.sig", sig_text(gm, sig, len(args)))


def module_case(name, module, args):
    """Input: the module traced with its parameters and buffers as leading inputs
    (aot_export_module's order); reference: aot_export_module."""
    from torch._functorch.aot_autograd import aot_export_module
    seed()
    params = dict(module.named_parameters())
    buffers = dict(module.named_buffers())
    state_names = list(params) + list(buffers)

    def flat(*flat_args):
        state = dict(zip(state_names, flat_args[:len(state_names)]))
        return torch.func.functional_call(module, state, flat_args[len(state_names):])

    state = [t.detach().clone() for t in list(params.values()) + list(buffers.values())]
    graph = trace_fake(flat, *state, *args).graph
    write(f"{FUNCTIONALIZE}/{name}.fxg", fxg_text(graph))
    inputs = [n.name for n in graph.nodes if n.op == "placeholder"]
    write_options(name, inputs[len(params):len(state)])
    gm, sig = aot_export_module(module, list(args), trace_joint=False)
    write(f"{FUNCTIONALIZE}/{name}.outputs.torch26.fx", fx_text(gm.graph))
    write(f"{FUNCTIONALIZE}/{name}.outputs.torch26.sig", sig_text(gm, sig, len(state) + len(args)))


def buffer_assign_case():
    """Non-strict export records `self.buf = ...` through a buffer-registration hook:
    the input is the forward with the buffer as an input and the assigned value left
    unused; fxpp is told which node was assigned (as the hook tells AOTAutograd)."""
    seed()
    module = BufferAssignModule()
    x = torch.randn(4, 4)

    def flat(buf, x):
        _assigned = buf + x  # noqa: F841  (the value assigned to self.buf)
        return (x * 2,)

    graph = trace_fake(flat, module.buf, x).graph
    write(f"{FUNCTIONALIZE}/buffer_assign.fxg", fxg_text(graph))
    buf = next(n for n in graph.nodes if n.op == "placeholder")
    assigned = next(n for n in graph.nodes if n.op == "call_function" and not n.users)
    write_options("buffer_assign", [buf.name], [(buf.name, assigned.name)])
    ep = torch.export.export(module, (x,), strict=False).run_decompositions()
    write(f"{FUNCTIONALIZE}/buffer_assign.outputs.torch26.fx", fx_text(ep.graph))
    write(f"{FUNCTIONALIZE}/buffer_assign.outputs.torch26.sig", export_sig_text(ep))


def functionalize_cases():
    x, y = x44(), x44()
    functionalize_case("intermediate_inplace", prog_intermediate_inplace, (x,))
    functionalize_case("input_mutation", prog_input_mutation, (x, y))
    makefx_args = (torch.randn(3, 4), torch.randn(3, 4))
    functionalize_case("makefx_inplace", prog_makefx_inplace, makefx_args)
    # For testing/graphs/torch26/makefx_inplace.fx, which returns the bare tensor.
    fixture_ref = make_fx(torch.func.functionalize(prog_makefx_inplace), tracing_mode="fake")(*makefx_args)
    write(f"{FUNCTIONALIZE}/makefx_inplace.fixture.keep.torch26.fx", fx_text(fixture_ref.graph))
    functionalize_case("view_mutations", prog_view_mutations, (x, y))
    functionalize_case("copy_fill_zero", prog_copy_fill_zero, (x, y))
    functionalize_case("scatter_views", prog_scatter_views, (x,))
    # aot_export_module does not take out= into an input (y) that is not returned.
    functionalize_case("out_variants", prog_out_variants, (x, y), outputs=False)
    functionalize_case("input_view_mutation", prog_input_view_mutation, (x, y))
    module_case("buffer_mutation", BufferModule(), (torch.randn(2, 4),))
    buffer_assign_case()


# ---------------------------------------------------------------------------
# Joint graphs: torch.compile's joint forward+backward graph, captured by the
# partition function, with the metadata AOTAutograd gives it.
# ---------------------------------------------------------------------------

class JointMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.norm = nn.LayerNorm(16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc2(torch.nn.functional.gelu(self.norm(self.fc1(x)))).sum()


def capture_joint(module, args):
    """The joint graph torch.compile builds (after copy_fwd_metadata_to_bw_nodes), and
    default_partition's forward and backward graphs."""
    from functorch.compile import default_partition
    from torch._dynamo.backends.common import aot_autograd
    captured = {}

    def partition(joint, joint_inputs, *, num_fwd_outputs):
        captured["joint"] = copy.deepcopy(joint)
        captured["num_fwd_outputs"] = num_fwd_outputs
        fw, bw = default_partition(joint, joint_inputs, num_fwd_outputs=num_fwd_outputs)
        captured["fw"], captured["bw"] = fw, bw
        return fw, bw

    backend = aot_autograd(fw_compiler=lambda gm, _: gm, bw_compiler=lambda gm, _: gm,
                           partition_fn=partition)
    torch._dynamo.reset()
    out = torch.compile(module, backend=backend)(*args)
    out.backward()
    return captured


FWD_KEYS = ("fwd_nn_module_stack", "fwd_source_fn_stack")


def joint_cases():
    seed()
    captured = capture_joint(JointMLP(), (torch.randn(2, 8),))
    joint = captured["joint"]
    # The reference: every node as AOTAutograd left it (fwd_* copied onto backward nodes).
    write(f"{CHECKS}/joint_mlp.torch26.fxg", fxg_text(joint.graph, FWD_KEYS + ("partitioner_tag",)))
    # The input: the same graph before copy_fwd_metadata_to_bw_nodes.
    stripped = copy.deepcopy(joint)
    for node in stripped.graph.nodes:
        for key in FWD_KEYS:
            node.meta.pop(key, None)
    write(f"{CHECKS}/joint_mlp.fxg", fxg_text(stripped.graph, ("partitioner_tag",)))
    write(f"{PARTITION}/joint_mlp.fxg", fxg_text(stripped.graph, ("partitioner_tag",)))
    write(f"{PARTITION}/joint_mlp.num_fwd_outputs", f"{captured['num_fwd_outputs']}\n")
    write(f"{PARTITION}/joint_mlp.fw.torch26.fx", fx_text(captured["fw"].graph))
    write(f"{PARTITION}/joint_mlp.bw.torch26.fx", fx_text(captured["bw"].graph))

    # A joint graph with a multi-output forward op whose outputs the backward reads
    # (native_dropout's mask), and an input used only by the backward.
    seed()

    def f(w, x, scale):
        h = torch.nn.functional.dropout(torch.tanh(x @ w), 0.5, training=True)
        return ((h * scale).sum(),)

    from torch._functorch.aot_autograd import aot_export_joint_simple
    from functorch.compile import default_partition
    args = [torch.randn(4, 4, requires_grad=True), torch.randn(2, 4), torch.randn(2, 4)]
    joint = aot_export_joint_simple(f, args, trace_joint=True)
    # aot_export_joint_simple names the inputs primals_N and tangents_N, which is how
    # the partitioner tells forward inputs from tangents.
    write(f"{PARTITION}/joint_dropout.fxg", fxg_text(joint.graph))
    write(f"{PARTITION}/joint_dropout.num_fwd_outputs", "1\n")
    fw, bw = default_partition(joint, args, num_fwd_outputs=1)
    write(f"{PARTITION}/joint_dropout.fw.torch26.fx", fx_text(fw.graph))
    write(f"{PARTITION}/joint_dropout.bw.torch26.fx", fx_text(bw.graph))


# ---------------------------------------------------------------------------
# Effect tokens and copy_ stack traces
# ---------------------------------------------------------------------------

class PrintModule(nn.Module):
    def forward(self, x):
        torch.ops.aten._print("hello")
        y = x.sin()
        torch.ops.aten._print("bye")
        return (y,)


def effect_cases():
    from torch._functorch.aot_autograd import aot_export_module
    from torch._functorch._aot_autograd.utils import unlift_tokens
    seed()
    x = torch.randn(4, 4)
    ep = torch.export.export(PrintModule(), (x,))
    write(f"{CHECKS}/effects_print.fx", fx_text(ep.graph))
    gm, sig = aot_export_module(PrintModule(), [x], trace_joint=False)
    write(f"{CHECKS}/effects_print.lifted.torch26.fx", fx_text(gm.graph))

    class Meta:
        tokens = {"ordered": None}
        num_backward_tokens = 0

    class Config:
        enable_log = False

    unlifted = copy.deepcopy(gm)
    unlift_tokens(unlifted, Meta(), Config())
    write(f"{CHECKS}/effects_print.unlifted.torch26.fx", fx_text(unlifted.graph))


def copy_trace_cases():
    """torch.compile's inference graph keeps an input mutation as copy_ at the end
    (keep_inference_input_mutations) and gives it the stack trace of its source."""
    from torch._dynamo.backends.common import aot_autograd
    captured = {}

    def fw(gm, _):
        captured["fw"] = copy.deepcopy(gm)
        return gm

    def f(x, y):
        x.mul_(2)
        y.add_(x)
        return x.sum() + y.sum()

    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=fw, keep_inference_input_mutations=True)
    with torch.no_grad():
        torch.compile(f, backend=backend)(torch.randn(4), torch.randn(4))
    graph = captured["fw"].graph
    write(f"{CHECKS}/copy_traces.torch26.fxg", fxg_text(graph))
    for node in graph.nodes:
        if node.target is torch.ops.aten.copy_.default:
            node.meta.pop("stack_trace", None)
    write(f"{CHECKS}/copy_traces.fxg", fxg_text(graph))


# ---------------------------------------------------------------------------
# Op schemas
# ---------------------------------------------------------------------------

# Ops real models use (the ATen ops of the torchvision, transformer and GPT fixtures,
# optimizers and common losses); with their in-place and out= variants, every view op
# and every scatter op the table holds all schemas of these names.
COMMON_OPS = """
abs acos add addcdiv addcmul addmm addmv all amax amin any arange argmax argmin as_strided
atan atan2 avg_pool2d avg_pool2d_backward baddbmm batch_norm bernoulli bitwise_and
bitwise_not bitwise_or bitwise_xor bmm cat ceil clamp clamp_max clamp_min clone
constant_pad_nd contiguous conv2d convolution convolution_backward copy cos cosh cumsum
detach div dropout elu embedding embedding_dense_backward empty empty_like empty_strided eq
erf exp expm1 fill flip floor floor_divide fmod full full_like gather ge gelu
gelu_backward grid_sampler_2d gt hardsigmoid hardswish hardtanh index index_add index_copy
index_fill index_put index_select isinf isnan layer_norm le leaky_relu lerp lift_fresh
linear log log1p log2 log_softmax logical_and logical_not logical_or lt masked_fill
masked_scatter matmul max max_pool2d max_pool2d_with_indices
max_pool2d_with_indices_backward maximum mean min minimum mm mul native_batch_norm
native_batch_norm_backward native_dropout native_dropout_backward native_group_norm
native_layer_norm native_layer_norm_backward ne neg new_empty new_full new_ones new_zeros
nll_loss_forward nll_loss_backward norm ones ones_like pow prod rand rand_like randn
randn_like reciprocal relu remainder repeat round rsqrt rsub scatter scatter_add
scatter_reduce sigmoid sigmoid_backward sign silu sin sinh softmax sort sqrt square sub
sum tanh tanh_backward threshold threshold_backward topk tril triu trunc uniform
upsample_bilinear2d upsample_nearest2d var var_mean where zero zeros zeros_like
_log_softmax _log_softmax_backward_data _softmax _softmax_backward_data _to_copy
_native_batch_norm_legit _native_batch_norm_legit_functional
_native_batch_norm_legit_no_training _unsafe_view _print
slice_scatter select_scatter diagonal_scatter as_strided_scatter
set resize resize_as normal exponential geometric log_normal cauchy random
""".split()


def schema_cases():
    def base_name(op):
        return op[:-1] if op.endswith("_") and not op.endswith("__") else op

    aten = [s for s in torch._C._jit_get_all_schemas() if s.name.startswith("aten::")]
    views = {s.name[len("aten::"):] for s in aten
             if any(r.alias_info is not None and not r.alias_info.is_write for r in s.returns)}
    # A view's in-place form (t_, transpose_, ...) mutates metadata: the table has it so
    # that passes can tell it apart from a data mutation.
    keep = set(COMMON_OPS) | views
    # Every op that writes an argument it takes positionally without an
    # in-place name (rrelu_with_noise's noise, _batch_norm_with_update's
    # statistics), with its `_functional` twin: passes take an ATen op the
    # table lacks to write nothing, which is right only if the table has
    # all of these.
    hidden_writers = {s.name[len("aten::"):] for s in aten
                      if not s.name.endswith("_") and any(
                          a.alias_info is not None and a.alias_info.is_write and not a.kwarg_only
                          for a in s.arguments)}
    keep |= hidden_writers | {name + "_functional" for name in hidden_writers}
    lines = {str(s) for s in aten if base_name(s.name[len("aten::"):]) in keep}
    header = ("# ATen operator schemas (torch._C._jit_get_all_schemas() of PyTorch "
              f"{torch.__version__}), one per line.\n"
              "# Generated by tools/python/make_functionalize_references.py; do not edit.\n")
    write(SCHEMAS, header + "".join(line + "\n" for line in sorted(lines)))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.parse_args()
    if not torch.__version__.startswith("2.6"):
        sys.exit(f"needs PyTorch 2.6 (found {torch.__version__}); run it through "
                 "../shared/tools/torch26")
    schema_cases()
    functionalize_cases()
    joint_cases()
    effect_cases()
    copy_trace_cases()
    for path in WRITTEN:
        print("wrote", path)


if __name__ == "__main__":
    main()
