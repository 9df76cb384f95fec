#!/usr/bin/env python3
"""Input graphs for fxpp's dedup / region-tracking golden tests, plus PyTorch 2.6's own
deduplication result for each program.

The programs are those of PyTorch's own tests (test/dynamo/test_graph_deduplication.py and
test/dynamo/test_graph_region_tracker.py), reconstructed as plain functions / nn.Modules,
plus extra edge cases.  Each program is traced ONCE, by one PyTorch version:

  /usr/bin/python3 tools/python/make_dedup_cases.py              # PyTorch 1.13 cases
  ../shared/tools/torch26 python3 tools/python/make_dedup_cases.py  # PyTorch 2.6 cases
                                                                  # + PyTorch 2.6 dedup runs

(both from the repository root; the order does not matter).  Under 1.13 the script writes
the `.fx` files of the cases marked "1.13"; under 2.6 it writes the `.fx` files of the cases
marked "2.6" (those 1.13 cannot express, e.g. autocast regions), and for every case whose
program Dynamo can compile it runs torch.compile with
torch._dynamo.config.use_graph_deduplication=True, and writes

  torch26_dedup_results.json    per case: region groups PyTorch found (node names of its
                                Dynamo graph), subgraphs and invoke_subgraph calls, regions
                                it skipped for input alias/mutation, whether the compiled
                                result matched eager (torch.allclose, outputs and mutated
                                inputs), the exception if any.

Every run rewrites README.md (the case table) from the case list and the results file.

Each `<case>.fx` holds exactly `str(gm.graph)` plus one trailing newline (the convention of
testing/graphs).  Output is deterministic: seeds are fixed, graphs do not depend on weights,
and text containing a memory address is refused.
"""

import argparse
import collections
import json
import operator  # noqa: F401  (appears as call_function targets)
import os
import re
import sys
import traceback

import torch
import torch.fx
import torch.nn as nn
import torch.nn.functional as F

TORCH_MAJOR_MINOR = tuple(int(p) for p in re.findall(r"\d+", torch.__version__)[:2])
IS_TORCH2 = TORCH_MAJOR_MINOR >= (2, 0)
VERSION_TAG = "26" if IS_TORCH2 else "113"
VERSION_NAME = {"113": "1.13", "26": "2.6"}
ADDRESS_RE = re.compile(r"0x[0-9a-fA-F]{4,}")
DEFAULT_OUT = "passes/dedup/testdata"
RESULTS_FILE = "torch26_dedup_results.json"
THIS_SCRIPT = "tools/python/make_dedup_cases.py"

TDD = "test/dynamo/test_graph_deduplication.py"
TRT = "test/dynamo/test_graph_region_tracker.py"


def seed():
    torch.manual_seed(0)


# ---------------------------------------------------------------------------
# Leaf helpers: kept opaque by symbolic_trace (torch.fx.wrap) and by Dynamo
# (allow_in_graph, registered in the Dynamo phase), as PyTorch's tests do with
# @allow_in_graph.  They print as __main__.NAME.
# ---------------------------------------------------------------------------


def tuple_return(x, y):
    return x, y


def nested_combine(tree):
    a = tree["a"]
    return a[0] + a[1][0] * a[1][1][0] - tree["b"][0]


torch.fx.wrap("tuple_return")
torch.fx.wrap("nested_combine")
LEAF_HELPERS = [tuple_return, nested_combine]


# ---------------------------------------------------------------------------
# Tracer that also records grad-mode and autocast context managers as nodes,
# exactly as Dynamo prints them (torch._C._set_grad_enabled(False/True),
# torch.amp.autocast_mode._enter_autocast(...) / _exit_autocast(%enter)).
# Plain symbolic_trace executes `with torch.no_grad()` / `with torch.autocast`
# at trace time and leaves no trace of them in the graph.
# ---------------------------------------------------------------------------


class StateTracer(torch.fx.Tracer):
    def trace(self, root, concrete_args=None):
        tracer = self
        patches = []

        def patch(cls, name, fn):
            patches.append((cls, name, cls.__dict__[name]))
            setattr(cls, name, fn)

        def ng_enter(ctx):
            ctx._fxpp_prev = torch.is_grad_enabled()
            tracer.create_node("call_function", torch._C._set_grad_enabled, (False,), {})

        def ng_exit(ctx, *exc):
            tracer.create_node("call_function", torch._C._set_grad_enabled, (ctx._fxpp_prev,), {})
            return False

        patch(torch.no_grad, "__enter__", ng_enter)
        patch(torch.no_grad, "__exit__", ng_exit)
        if IS_TORCH2:
            from torch.amp import autocast_mode
            ac = autocast_mode.autocast
            orig_init = ac.__dict__["__init__"]

            def ac_init(ctx, device_type, dtype=None, enabled=True, cache_enabled=None):
                ctx._fxpp_args = (device_type, dtype, enabled, cache_enabled)
                orig_init(ctx, device_type, dtype=dtype, enabled=enabled, cache_enabled=cache_enabled)

            def ac_enter(ctx):
                ctx._fxpp_node = tracer.create_node(
                    "call_function", autocast_mode._enter_autocast, ctx._fxpp_args, {})

            def ac_exit(ctx, *exc):
                tracer.create_node("call_function", autocast_mode._exit_autocast,
                                   (ctx._fxpp_node,), {})
                return False

            patch(ac, "__init__", ac_init)
            patch(ac, "__enter__", ac_enter)
            patch(ac, "__exit__", ac_exit)
        try:
            return super().trace(root, concrete_args)
        finally:
            for cls, name, fn in reversed(patches):
                setattr(cls, name, fn)


# ---------------------------------------------------------------------------
# Case registry
# ---------------------------------------------------------------------------

CASES = []


def case(name, desc, origin, version="113", tracer="symbolic_trace", dynamo=True,
         fx_fn=None, note=""):
    """Registers a case.  The decorated builder returns (program, example_inputs); program
    is a plain function or an nn.Module, traced for the .fx and compiled for the Dynamo run.
    `fx_fn(program)` may return a different graph (e.g. a hand edit done by the test).
    `dynamo` False: no PyTorch dedup run (the reason is in `note`)."""
    def deco(builder):
        CASES.append(dict(name=name, desc=desc, origin=origin, version=version, tracer=tracer,
                          dynamo=dynamo, builder=builder, fx_fn=fx_fn, note=note))
        return builder
    return deco


def x10():
    return torch.rand(10, 10)


def y20():
    return torch.rand(10, 20)


# ---- test_graph_deduplication.py -------------------------------------------------------


@case("dedup_single_subgraph", "inner_fn(x,y): x+1, y+2, x0.sum()+y0.sum(); called 3x "
      "(first result unused, one call on sin(y)); o3*o3; o2*o4", TDD + "::test_single_subgraph")
def _():
    def inner_fn(x, y):
        x0 = x + 1
        y0 = y + 2
        z = x0.sum() + y0.sum()
        return z

    def fn(x, y):
        _o0 = inner_fn(x, y)
        o1 = torch.sin(y)
        o2 = inner_fn(x, o1)
        o3 = inner_fn(x, y)
        o4 = o3 * o3
        return o2 * o4

    return fn, (torch.rand(10, 10, requires_grad=True), torch.rand(10, 20, requires_grad=True))


@case("dedup_single_subgraph2", "inner_fn(x): o = x*7; o += 1; o += 2 (in-place on an "
      "intermediate; symbolic_trace records operator.add), called on x+2 and on cos(result)",
      TDD + "::test_single_subgraph2")
def _():
    def inner_fn(x):
        o = x * 7
        o += 1
        o += 2
        return o

    def fn(x):
        x0 = x + 2
        o = inner_fn(x0)
        o = torch.cos(o)
        o = inner_fn(o)
        return torch.sin(o)

    return fn, (torch.rand(10, 10, requires_grad=True),)


@case("dedup_multiple_subgraphs", "two different inner functions, each called 2-3x, "
      "interleaved; inner_fn2 = (a+2) * (b+3).cos().sum()", TDD + "::test_multiple_subgraphs")
def _():
    def inner_fn(x, y):
        x1 = x + 1
        y1 = y + 2
        z = x1.sum() + y1.sum()
        return z

    def inner_fn2(a, b):
        a0 = a + 2
        b0 = b + 3
        c = a0 * b0.cos().sum()
        return c

    def fn(x, y):
        x0 = torch.cos(x)
        y0 = torch.sin(y)
        o1 = inner_fn2(x0, y0)
        o0 = inner_fn(x, y)
        o1 = torch.sin(o0)
        o2 = inner_fn(x, y0)
        o3 = inner_fn2(x0, y0)
        o4 = inner_fn(x, y)
        return o1 * o2 * o3 + o4

    return fn, (torch.rand(10, 10, requires_grad=True), torch.rand(10, 20, requires_grad=True))


@case("dedup_dependent_subgraphs", "o1 = inner_fn(x, inner_fn(x, y)): the second region "
      "consumes the first region's output", TDD + "::test_dependent_subgraphs")
def _():
    def inner_fn(x, y):
        x0 = x + 1
        y0 = y + 2
        z = x0.sum() + y0.sum()
        return z

    def fn(x, y):
        o0 = inner_fn(x, y)
        o1 = inner_fn(x, o0)
        return o1

    return fn, (torch.rand(10, 10, requires_grad=True), torch.rand(10, 20, requires_grad=True))


@case("dedup_input_mutation", "inner_fn2(x,y): x.add_(x+1); y.add_(y+1); x.sum()+y.sum(); "
      "called on (sin(x), y) [mutates the graph input y] and on clones",
      TDD + "::test_input_mutation")
def _():
    def inner_fn2(x, y):
        x0 = x + 1
        y0 = y + 1
        x.add_(x0)
        y.add_(y0)
        return x.sum() + y.sum()

    def fn(x, y):
        x0 = torch.sin(x)
        o2 = inner_fn2(x0, y)
        o3 = inner_fn2(x0.clone(), y.clone())
        return o2 + o3

    return fn, (x10(), y20())


@case("dedup_input_aliasing", "inner_fn returns x.view(size).view(size) (output aliases the "
      "input), inner_fn2 = (x*2).sum()+(y*2).sum(); each called 2x", TDD + "::test_input_aliasing")
def _():
    def inner_fn(x, y):
        x0 = x.view(x.size())
        return x0.view(x.size())

    def inner_fn2(x, y):
        x = x * 2
        y = y * 2
        return x.sum() + y.sum()

    def fn(x, y):
        o0 = inner_fn(x, y)
        o1 = inner_fn(x, y)
        o2 = inner_fn2(x, y)
        o3 = inner_fn2(x, y)
        return o0 + o1 + o2.sum() + o3.sum()

    return fn, (x10(), y20())


@case("dedup_mutation_ordering", "input_aliasing's program with x.add_(x) before and y.mul_(y) "
      "between the two inner_fn2 calls: the regions read the mutated inputs",
      TDD + "::test_mutation_ordering")
def _():
    def inner_fn(x, y):
        x0 = x.view(x.size())
        return x0.view(x.size())

    def inner_fn2(x, y):
        x = x * 2
        y = y * 2
        return x.sum() + y.sum()

    def fn(x, y):
        o0 = inner_fn(x, y)
        o1 = inner_fn(x, y)
        x.add_(x)
        o2 = inner_fn2(x, y)
        y.mul_(y)
        o3 = inner_fn2(x, y)
        return o0 + o1 + o2.sum() + o3.sum()

    return fn, (x10(), y20())


@case("dedup_tuple_return", "inner_fn(x,y) = tuple_return(x+x+1, y+y+1), tuple_return an opaque "
      "leaf (allow_in_graph / fx.wrap) returning a tuple; 3 calls; fn returns the 3 tuples",
      TDD + "::test_tuple_return (later than 2.6)")
def _():
    def inner_fn(x, y):
        x0 = x + x + 1
        y0 = y + y + 1
        return tuple_return(x0, y0)

    def fn(x0, x1, x2, y0, y1, y2):
        x0 = inner_fn(x0, y0)
        x1 = inner_fn(x1, y1)
        x2 = inner_fn(x2, y2)
        return x0, x1, x2

    return fn, tuple(x10() for _ in range(6))


@case("dedup_tuple_inputs", "inner(x,y): x0, x1 = torch.split(x, 5); x0 + x1 + y; 4 calls "
      "(region inputs are getitems of a multi-output node); traced by 2.6 because 1.13's "
      "Proxy.__iter__ cannot read Python 3.11 bytecode (IndexError on the unpacking)",
      TDD + "::test_tuple_inputs (later than 2.6)", version="26")
def _():
    def inner(x, y):
        x0, x1 = torch.split(x, 5)
        return x0 + x1 + y

    def fn(x, y):
        o1 = inner(x, y)
        o2 = inner(x, y)
        o3 = inner(x, y)
        o4 = inner(x, y)
        return o1.sum() + o2.sum() + o3.sum() + o4.sum()

    return fn, (x10(), torch.rand(5, 10))


@case("dedup_param_transfer", "inner_fn(x,y) = x + y + y + x on three disjoint input pairs",
      TDD + "::test_param_transfer_to_submodule (later than 2.6)")
def _():
    def inner_fn(x, y):
        return x + y + y + x

    def fn(x0, x1, x2, y0, y1, y2):
        x0 = inner_fn(x0, y0)
        x1 = inner_fn(x1, y1)
        x2 = inner_fn(x2, y2)
        return x0.sum() + x1.sum() + x2.sum()

    return fn, tuple(x10() for _ in range(6))


def _make_cycle(gm):
    """The hand edit of test_cycle_detection_simple: add.args = (args[0], add_2)."""
    g = gm.graph
    nodes = {n.name: n for n in g.nodes}
    add, add_2 = nodes["add"], nodes["add_2"]
    add.args = (add.args[0], add_2)
    return g


@case("dedup_cycle_detection_simple", "fn(x,y) = (x+1).sum() + (y+2).sum(), then the test's hand "
      "edit: add.args = (x, add_2) -> a cycle add -> sum_1 -> add_2 -> add (graph is invalid "
      "on purpose; not topologically ordered)", TDD + "::test_cycle_detection_simple (later than 2.6)",
      tracer="symbolic_trace + the test's hand edit", dynamo=False, fx_fn=_make_cycle,
      note="the test edits a graph by hand and calls _detect_cycles, which 2.6 does not have")
def _():
    def fn(x, y):
        x0 = x + 1
        y0 = y + 2
        z = x0.sum() + y0.sum()
        return z

    return fn, (x10(), y20())


# ---- test_graph_region_tracker.py ------------------------------------------------------


@case("rt_single_region_group", "test_single_subgraph's program returning o2*o4 + o0 "
      "(all 3 regions used)", TRT + "::test_get_regions_single_region_group")
def _():
    def inner_fn(x, y):
        x0 = x + 1
        y0 = y + 2
        z = x0.sum() + y0.sum()
        return z

    def fn(x, y):
        o0 = inner_fn(x, y)
        o1 = torch.sin(y)
        o2 = inner_fn(x, o1)
        o3 = inner_fn(x, y)
        o4 = o3 * o3
        return o2 * o4 + o0

    return fn, (torch.rand(10, 10), torch.ones(10, 20))


@case("rt_multiple_region_groups", "two region groups; inner_fn2 uses a += 2; b += 3 on "
      "cos(x)/sin(y) (symbolic_trace records operator.add)",
      TRT + "::test_get_regions_multiple_region_groups")
def _():
    def inner_fn(x, y):
        x1 = x + 1
        y1 = y + 2
        z = x1.sum() + y1.sum()
        return z

    def inner_fn2(a, b):
        a += 2
        b += 3
        c = a * b.cos().sum()
        return c

    def fn(x, y):
        x0 = torch.cos(x)
        y0 = torch.sin(y)
        o1 = inner_fn2(x0, y0)
        o0 = inner_fn(x, y)
        o1 = torch.sin(o0)
        o2 = inner_fn(x, y0)
        o2 = inner_fn2(x0, y0)
        o3 = inner_fn(x, y)
        return o1 * o2 + o3

    return fn, (torch.rand(10, 10), torch.ones(10, 20))


@case("rt_no_single_node_regions", "inner_fn(x) = x + 1 called 3x: one-node regions must not "
      "be reported", TRT + "::test_no_single_node_regions")
def _():
    def inner_fn(x):
        return x + 1

    def fn(x):
        o0 = inner_fn(x)
        o1 = inner_fn(x)
        o2 = inner_fn(x)
        return o0 + o1 + o2

    return fn, (torch.ones(10, 10),)


@case("rt_mismatched_arg_shapes", "multiple_region_groups' program where inner_fn/inner_fn2 "
      "get inputs of different shapes ([10,10] vs [] vs [10,20]): only partial regions match",
      TRT + "::test_mismatched_arg_shapes")
def _():
    def inner_fn(x, y):
        x1 = x + 1
        y1 = y + 2
        z = x1.sum() + y1.sum()
        return z

    def inner_fn2(a, b):
        a += 2
        b += 3
        c = a * b.cos().sum()
        return c

    def fn(x, y):
        x0 = torch.cos(x)
        y0 = torch.sin(y)
        o1 = inner_fn2(x0, y0)
        o0 = inner_fn(x, o1)
        o1 = torch.sin(o0)
        o2 = inner_fn(x, y0)
        o2 = inner_fn2(o2, y0)
        o3 = inner_fn(x, y)
        return o1 * o2 + o3

    return fn, (torch.rand(10, 10), torch.ones(10, 20))


@case("rt_mismatched_dtypes", "inner_fn(x,y) = x*1 + (y+1).sum() called 4x on float32 and 1x on "
      "bfloat16 copies (.to(torch.bfloat16)): the bf16 call must not join",
      TRT + "::test_mismatched_dtypes")
def _():
    def inner_fn(x, y):
        x1 = x * 1
        y1 = y + 1
        return x1 + y1.sum()

    def fn(x, y):
        x0 = torch.sin(x)
        y0 = torch.cos(y)
        o0 = inner_fn(x0, y0)
        o2 = inner_fn(x0, y0)
        o4 = inner_fn(x0, y0)
        o5 = inner_fn(x0, y0)
        o1 = inner_fn(x0.to(torch.bfloat16), y0.to(torch.bfloat16))
        o3 = o1 + o2
        return o3 * o0 + o4 + o5

    return fn, (torch.rand(10, 10), torch.ones(10, 20))


@case("rt_nested_args", "inner_fn(xs, ys) = torch._foreach_add(xs, ys): list arguments "
      "[%x0, %z0], [%x0, %y0] and a multi-output node read by getitem; 4 float32 calls + 1 bf16",
      TRT + "::test_nested_args")
def _():
    def inner_fn(xs, ys):
        out = torch._foreach_add(xs, ys)
        return out[0] + out[1].sum()

    def fn(x, y, z):
        x0 = torch.sin(x)
        y0 = torch.cos(y)
        z0 = torch.sin(z)
        o0 = inner_fn([x0, z0], [x0, y0])
        o2 = inner_fn([x0, z0], [x0, y0])
        o4 = inner_fn([x0, z0], [x0, y0])
        o5 = inner_fn([x0, z0], [x0, y0])
        o1 = inner_fn(
            [x0.to(torch.bfloat16), z0.to(torch.bfloat16)],
            [x0.to(torch.bfloat16), y0.to(torch.bfloat16)],
        )
        o3 = o1 + o2
        return o3 * o0 + o4 + o5

    return fn, (torch.rand(10, 10), torch.rand(10, 20), torch.ones(10, 20))


@case("rt_mismatched_global_state", "inner_fn called 2x normally and 2x under torch.no_grad() "
      "(recorded as torch._C._set_grad_enabled nodes, as Dynamo prints them): regions under "
      "different grad modes must not be merged", TRT + "::test_mismatched_global_state (no_grad case)",
      tracer="symbolic_trace with a Tracer that records no_grad as _set_grad_enabled nodes")
def _():
    def inner_fn(x, y):
        x1 = x * 1
        y1 = y + 1
        return x1 + y1.sum()

    def fn(x, y):
        x0 = torch.sin(x)
        y0 = torch.cos(y)
        o4 = inner_fn(x0, y0)
        o5 = inner_fn(x0, y0)
        with torch.no_grad():
            o0 = inner_fn(x0, y0)
            o2 = inner_fn(x0, y0)
        return o0 + o2 + o4 + o5

    return fn, (torch.rand(10, 10, requires_grad=True), torch.ones(10, 20))


@case("rt_mutation_tracking_simple", "z.sin_(); y0.add_(z): in-place ops on a graph input and "
      "on an intermediate, no repeated region", TRT + "::test_mutation_tracking_simple (later than 2.6)")
def _():
    def fn(x, y, z):
        x0 = torch.sin(x)
        y0 = torch.cos(y)
        z.sin_()
        y0.add_(z)
        return x0.sum() + y0.sum()

    return fn, (torch.rand(10, 10), torch.rand(10, 20), torch.ones(10, 20))


@case("rt_non_tensor_arg_hashing", "inner(x,w,t) = conv2d(x+x, w, None, *t): 3 calls with "
      "stride (1,1), one with stride (2,2): the 4th must not join (shapes shrunk from "
      "[32,256,56,56]/[512,256,1,1] to [2,16,8,8]/[32,16,1,1])",
      TRT + "::test_non_tensor_arg_hashing (later than 2.6)")
def _():
    def inner(x, w, t):
        y = x + x
        return torch.conv2d(y, w, None, *t)

    def fn(x, y):
        o1 = inner(x, y, ((1, 1), (0, 0), (1, 1), 1))
        o2 = inner(x, y, ((1, 1), (0, 0), (1, 1), 1))
        o3 = inner(x, y, ((1, 1), (0, 0), (1, 1), 1))
        o4 = inner(x, y, ((2, 2), (0, 0), (1, 1), 1))
        return o1.sum() + o2.sum() + o3.sum() + o4.sum()

    return fn, (torch.rand(2, 16, 8, 8), torch.nn.Parameter(torch.rand(32, 16, 1, 1)))


# Upstream stubs (`def test_...(self): pass` in the first version of
# test_graph_region_tracker.py); the programs below are ours.

@case("rt_deeply_nested_args", "region whose node takes a nested container "
      "{'a': [x0, (y0, [x0*2])], 'b': (y0,)} (opaque leaf nested_combine); 3 calls",
      TRT + "::test_deeply_nested_args (upstream stub; program ours)")
def _():
    def inner(x, y):
        x0 = x.sin()
        y0 = y.cos()
        return nested_combine({"a": [x0, (y0, [x0 * 2])], "b": (y0,)}).sum()

    def fn(x, y):
        return inner(x, y) + inner(y, x) + inner(x, x)

    return fn, (x10(), x10())


@case("rt_overlapping_regions", "g(x) = relu(x*2)+1, h(x) = g(g(x)).sum(0); h(x), h(y), "
      "g(x), g(y): g's regions nest inside h's (the biggest regions must win, no overlap)",
      TRT + "::test_overlapping_regions (upstream stub; program ours)")
def _():
    def g(x):
        return torch.relu(x * 2) + 1

    def h(x):
        return g(g(x)).sum(0)

    def fn(x, y):
        a = h(x)
        b = h(y)
        c = g(x)
        d = g(y)
        return a + b, c + d

    return fn, (x10(), x10())


@case("rt_non_node_args", "inner(x, k, alpha, dim) = torch.add(x*k, x, alpha=alpha).sum(dim): "
      "same structure, calls differ only in constants (k=2/3, alpha=1/0.5, dim=1/0); only the "
      "two equal calls may be merged", TRT + "::test_non_node_args (upstream stub; program ours)")
def _():
    def inner(x, k, alpha, dim):
        return torch.add(x * k, x, alpha=alpha).sum(dim=dim)

    def fn(x, y):
        o1 = inner(x, 2, 1, 1)
        o2 = inner(y, 2, 1, 1)
        o3 = inner(x, 3, 1, 1)
        o4 = inner(x, 2, 0.5, 1)
        o5 = inner(x, 2, 1, 0)
        return o1 + o2 + o3 + o4 + o5

    return fn, (x10(), x10())


@case("rt_different_input_args_for_region", "inner(a,b) = (a*2 + b*3).sum() called as "
      "inner(x,x), inner(x,y), inner(y,y): identical ops, but the first region has ONE "
      "external input used twice and the second has two",
      TRT + "::test_different_input_args_for_region (upstream stub; program ours)")
def _():
    def inner(a, b):
        return (a * 2 + b * 3).sum()

    def fn(x, y):
        o1 = inner(x, x)
        o2 = inner(x, y)
        o3 = inner(y, y)
        return o1 + o2 * 10 + o3 * 100

    return fn, (x10(), x10())


@case("rt_no_cycles_introduced", "a = first(x) (sin, *2); b = cos(a) / tan(a) (differs); "
      "c = second(a, b) (a+b), twice: the identical part {sin, mul, add} has the "
      "non-identical b between its nodes, so collapsing it would create a cycle",
      TRT + "::test_no_cycles_introduced (upstream stub; program ours)")
def _():
    def first(x):
        return torch.sin(x) * 2

    def second(a, b):
        return a + b

    def fn(x, y):
        a1 = first(x)
        b1 = torch.cos(a1)
        c1 = second(a1, b1)
        a2 = first(y)
        b2 = torch.tan(a2)
        c2 = second(a2, b2)
        return c1 + c2

    return fn, (x10(), x10())


@case("rt_tensor_only_outputs", "inner(x): h = relu(x+1); n = h.size(1); returns (h*2, n): a "
      "region output that is not a tensor (an int from size) is used outside",
      TRT + "::test_tensor_only_outputs (upstream stub; program ours)")
def _():
    def inner(x):
        h = torch.relu(x + 1)
        n = h.size(1)
        return h * 2, n

    def fn(x, y):
        a, n1 = inner(x)
        b, n2 = inner(y)
        return a.sum(0) * n1 + b.sum(0) * n2

    return fn, (x10(), x10())


# ---- extra edge cases ---------------------------------------------------------------------


@case("kwargs", "inner uses kwargs with tensor values (clamp(min=lo, max=hi)), scalar kwargs "
      "(add alpha=2, sum dim=1 keepdim=True, softmax dim=-1); inner_swapped writes the clamp "
      "kwargs in the other order (max=, min=): same meaning, different dict order; "
      "lo, hi = bounds[0], bounds[1]",
      "ours")
def _():
    def inner(x, y, lo, hi):
        a = torch.clamp(x, min=lo, max=hi)
        b = torch.add(a, y, alpha=2)
        c = torch.sum(b, dim=1, keepdim=True)
        return F.softmax(c * a, dim=-1)

    def inner_swapped(x, y, lo, hi):
        a = torch.clamp(x, max=hi, min=lo)
        b = torch.add(a, y, alpha=2)
        c = torch.sum(b, dim=1, keepdim=True)
        return F.softmax(c * a, dim=-1)

    def fn(x, y, bounds):
        lo = bounds[0]
        hi = bounds[1]
        o1 = inner(x, y, lo, hi)
        o2 = inner(y, x, lo, hi)
        o3 = inner_swapped(x, y, lo, hi)
        return o1 + o2 + o3

    # lo/hi come from one stacked input: two inputs first read at the same bytecode
    # instruction (here: the clamp) make PyTorch 2.6 crash before it looks at any kwargs
    # (their placeholders form a region group with no node args; see dedup_param_transfer).
    bounds = torch.stack([torch.full((10, 10), 0.25), torch.full((10, 10), 0.75)])
    return fn, (x10(), x10(), bounds)


@case("tuple_in_tuple_out", "inner(pair) unpacks a tuple argument and returns a tuple "
      "(relu(a+b), abs(a-b)); fn splits a sum with torch.split and returns a nested tuple "
      "(getitem, (region outputs), the split node itself)", "ours")
def _():
    def inner(pair):
        a, b = pair
        s = a + b
        d = a - b
        return (s.relu(), d.abs())

    def fn(x, y):
        p1 = inner((x, y))
        p2 = inner((y, x))
        parts = torch.split(p1[0] + p2[1], 5)
        return parts[0], (p1[1], p2[0]), parts

    return fn, (x10(), x10())


@case("input_mutation_add_", "inner(x, y): x.add_(1); (x*y).sum(), called on two different "
      "graph inputs: each region mutates its own placeholder", "ours")
def _():
    def inner(x, y):
        x.add_(1)
        return (x * y).sum()

    def fn(x, y, z):
        o1 = inner(x, y)
        o2 = inner(z, y)
        return o1 + o2

    return fn, (x10(), x10(), x10())


@case("alias_view_args", "inner(a, b): a.add_(1); (a*b).sum() called with b = a.view(10, 10): "
      "the two arguments alias, so the mutation of a is visible through b", "ours")
def _():
    def inner(a, b):
        a.add_(1)
        return (a * b).sum()

    def fn(x, y):
        o1 = inner(x, x.view(10, 10))
        o2 = inner(y, y.view(10, 10))
        return o1 + o2

    return fn, (x10(), x10())


@case("alias_return_view", "inner(x) returns (x.view(-1), sum); called twice on the same x; "
      "then a.mul_(2) on the first view: the second region's output b (another view of x) "
      "changes too", "ours")
def _():
    def inner(x):
        v = x.view(-1)
        return v, v.sum()

    def fn(x):
        a, sa = inner(x)
        b, sb = inner(x)
        a.mul_(2)
        return b + sa + sb

    return fn, (x10(),)


@case("autocast_region", "inner(x, w) runs mm + relu under torch.autocast('cpu', bfloat16) "
      "(recorded as _enter_autocast/_exit_autocast nodes, as Dynamo prints them); called twice, "
      "on w[0] and w[1] of one stacked weight input",
      "ours", version="26",
      tracer="symbolic_trace with a Tracer that records autocast enter/exit nodes")
def _():
    def inner(x, w):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            h = torch.mm(x, w)
            h = torch.relu(h)
        return h.float().sum(dim=0)

    def fn(x, w):
        return inner(x, w[0]) + inner(x, w[1])

    # One stacked weight input: two same-shaped inputs first read at the same bytecode
    # instruction would crash 2.6's tracker before autocast is even looked at (see kwargs).
    return fn, (torch.rand(8, 8), torch.rand(2, 8, 8))


@case("autocast_mixed", "inner(x, w) = mm(sin(x), w): one call outside and one inside "
      "torch.autocast('cpu', bfloat16): same ops and input types, different autocast state "
      "(fp32 vs bf16 result)", "ours", version="26",
      tracer="symbolic_trace with a Tracer that records autocast enter/exit nodes")
def _():
    def inner(x, w):
        return torch.mm(torch.sin(x), w)

    def fn(x, w):
        o1 = inner(x, w)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            o2 = inner(x, w)
        return o1 + o2.float()

    return fn, (torch.rand(8, 8), torch.rand(8, 8))


@case("loop_constants", "sum(torch.sin(x + i) * torch.cos(x) for i in range(3)): the three "
      "regions differ only in the constant i", "ours")
def _():
    def fn(x):
        return sum(torch.sin(x + i) * torch.cos(x) for i in range(3))

    return fn, (torch.randn(8),)


@case("loop_different_ops", "for act in (sin, cos, tanh): x = act(x*2) + 1: same source line, "
      "the regions differ only in the called function", "ours")
def _():
    def fn(x):
        for act in (torch.sin, torch.cos, torch.tanh):
            x = act(x * 2) + 1
        return x

    return fn, (torch.randn(8),)


class MLP(nn.Module):
    def __init__(self, d=16, h=32):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.fc2 = nn.Linear(h, d)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class ResidualMLPStack(nn.Module):
    def __init__(self, n=6, d=16, h=32):
        super().__init__()
        self.layers = nn.ModuleList([MLP(d, h) for _ in range(n)])

    def forward(self, x):
        for mlp in self.layers:
            x = x + mlp(x)
        return x


class FunctionalMLP(nn.Module):
    def __init__(self, d=16, h=32):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(h, d) * 0.1)
        self.b1 = nn.Parameter(torch.zeros(h))
        self.w2 = nn.Parameter(torch.randn(d, h) * 0.1)
        self.b2 = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        return F.linear(torch.relu(F.linear(x, self.w1, self.b1)), self.w2, self.b2)


class FunctionalResidualMLPStack(ResidualMLPStack):
    def __init__(self, n=6, d=16, h=32):
        nn.Module.__init__(self)
        self.layers = nn.ModuleList([FunctionalMLP(d, h) for _ in range(n)])


@case("residual_mlp_stack", "6 layers of x = x + fc2(relu(fc1(x))), separate nn.Linear(16,32)/"
      "(32,16) weights per layer (call_module nodes layers.N.fc1/fc2)", "ours")
def _():
    return ResidualMLPStack().eval(), (torch.randn(4, 16),)


@case("residual_mlp_stack_functional", "the same stack with F.linear on per-layer "
      "nn.Parameters (get_attr nodes layers.N.w1 ... instead of call_module)", "ours")
def _():
    return FunctionalResidualMLPStack().eval(), (torch.randn(4, 16),)


@case("residual_mlp_stack_weights_as_args", "the same stack as a plain function, the 24 "
      "weights passed as inputs (placeholders): no parameters at all", "ours")
def _():
    def mlp(x, w1, b1, w2, b2):
        return F.linear(torch.relu(F.linear(x, w1, b1)), w2, b2)

    def fn(x, w1_0, b1_0, w2_0, b2_0, w1_1, b1_1, w2_1, b2_1, w1_2, b1_2, w2_2, b2_2,
           w1_3, b1_3, w2_3, b2_3, w1_4, b1_4, w2_4, b2_4, w1_5, b1_5, w2_5, b2_5):
        ws = [w1_0, b1_0, w2_0, b2_0, w1_1, b1_1, w2_1, b2_1, w1_2, b1_2, w2_2, b2_2,
              w1_3, b1_3, w2_3, b2_3, w1_4, b1_4, w2_4, b2_4, w1_5, b1_5, w2_5, b2_5]
        for i in range(6):
            x = x + mlp(x, *ws[4 * i:4 * i + 4])
        return x

    ws = []
    for _ in range(6):
        ws += [torch.randn(32, 16) * 0.1, torch.zeros(32), torch.randn(16, 32) * 0.1, torch.zeros(16)]
    return fn, (torch.randn(4, 16),) + tuple(ws)


@case("residual_mlp_stack_stacked_weights", "the same stack as a plain function taking 4 "
      "stacked weight tensors W1[6,32,16], B1[6,32], W2[6,16,32], B2[6,16]; layer i uses "
      "W1[i], ...: the per-layer regions differ only in the getitem index", "ours")
def _():
    def mlp(x, w1, b1, w2, b2):
        return F.linear(torch.relu(F.linear(x, w1, b1)), w2, b2)

    def fn(x, W1, B1, W2, B2):
        for i in range(6):
            x = x + mlp(x, W1[i], B1[i], W2[i], B2[i])
        return x

    return fn, (torch.randn(4, 16), torch.randn(6, 32, 16) * 0.1, torch.randn(6, 32) * 0.1,
                torch.randn(6, 16, 32) * 0.1, torch.randn(6, 16) * 0.1)


# ---------------------------------------------------------------------------
# Tracing
# ---------------------------------------------------------------------------


def build(c):
    seed()
    return c["builder"]()


def fx_text(c):
    prog, _ = build(c)
    if "Tracer that records" in c["tracer"]:
        graph = StateTracer().trace(prog)
        gm = torch.fx.GraphModule(prog if isinstance(prog, nn.Module) else nn.Module(), graph)
    else:
        gm = torch.fx.symbolic_trace(prog)
    graph = c["fx_fn"](gm) if c["fx_fn"] else gm.graph
    text = str(graph)
    if ADDRESS_RE.search(text):
        raise RuntimeError("graph text contains a memory address")
    assert text.startswith("graph("), c["name"]
    return text


def count_nodes(text):
    return sum(1 for line in text.split("\n")[1:]
               if line.startswith("    %") or line.startswith("    return "))


# ---------------------------------------------------------------------------
# PyTorch 2.6 dedup runs
# ---------------------------------------------------------------------------


def _clone_inputs(inputs):
    out = []
    for t in inputs:
        if isinstance(t, nn.Parameter):
            out.append(nn.Parameter(t.detach().clone(), requires_grad=t.requires_grad))
        elif isinstance(t, torch.Tensor):
            out.append(t.detach().clone().requires_grad_(t.requires_grad))
        else:
            out.append(t)
    return tuple(out)


def _flat_tensors(obj):
    from torch.utils._pytree import tree_flatten
    leaves, _ = tree_flatten(obj)
    return leaves


def _compare(ref, got):
    """(allclose, max_abs_diff) over all leaves (tensors compared by value, others by ==)."""
    r, g = _flat_tensors(ref), _flat_tensors(got)
    if len(r) != len(g):
        return False, None
    ok, worst = True, 0.0
    for a, b in zip(r, g):
        if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
            a, b = a.detach(), b.detach()
            if a.shape != b.shape or a.dtype != b.dtype:
                ok = False
                continue
            a, b = a.float(), b.float()
            if not torch.allclose(a, b, equal_nan=True):
                ok = False
            if a.numel():
                worst = max(worst, float((a - b).abs().max()))
        elif a != b:
            ok = False
    return ok, worst


def _clean_msg(e):
    msg = str(e)
    # Dynamo appends "from user code: ..." and advice; keep what precedes them.
    for cut in ("from user code:", "Set TORCH_LOGS", "You can suppress this exception",
                "Original traceback:"):
        msg = msg.split(cut)[0]
    msg = ADDRESS_RE.sub("0x?", msg.strip())
    lines = [l.rstrip() for l in msg.splitlines() if l.strip()]
    if len(lines) > 4:
        lines = lines[:4] + ["..."]
    return "\n".join(lines)


def _where(e):
    for fr in reversed(traceback.extract_tb(e.__traceback__)):
        if "/torch/" in fr.filename:
            p = fr.filename[fr.filename.rindex("/torch/") + 1:]
            return "%s:%d %s: %s" % (p, fr.lineno, fr.name, (fr.line or "").strip())
    return ""


def _short_exc(e):
    """type/message of the exception; cause = the innermost chained exception (e.g. what
    the backend raised inside BackendCompilerFailed), where = its innermost torch frame."""
    inner = e
    seen = set()
    while id(inner) not in seen:
        seen.add(id(inner))
        nxt = getattr(inner, "inner_exception", None) or inner.__cause__
        if nxt is None:
            break
        inner = nxt
    out = {"type": type(e).__name__, "message": _clean_msg(e)}
    if inner is not e:
        if out["type"] == "BackendCompilerFailed":
            out["message"] = "the backend raised"
        out["cause"] = "%s: %s" % (type(inner).__name__, _clean_msg(inner))
    out["where"] = _where(inner) or _where(e)
    # The last frame inside PyTorch's dedup code (graph_deduplication / graph_region_tracker)
    # on the way to the error, if any: tells which step of the pass failed.
    chain, x = [], e
    while x is not None and x not in chain:
        chain.append(x)
        x = getattr(x, "inner_exception", None) or x.__cause__ or x.__context__
    for x in chain:
        for fr in traceback.extract_tb(x.__traceback__):
            if fr.filename.endswith(("graph_deduplication.py", "graph_region_tracker.py")):
                out["dedup_frame"] = "%s:%d %s: %s" % (
                    fr.filename[fr.filename.rindex("/torch/") + 1:], fr.lineno, fr.name,
                    (fr.line or "").strip())
    return out


def _describe_graph(gm):
    """Subgraph names -> number of compute nodes, and invoke_subgraph calls per subgraph."""
    subs, calls = {}, collections.Counter()
    for name, mod in gm.named_children():
        if isinstance(mod, torch.fx.GraphModule) and name.startswith("subgraph"):
            subs[name] = sum(1 for n in mod.graph.nodes if n.op not in ("placeholder", "output"))
    for n in gm.graph.nodes:
        if n.op == "call_function" and n.target is torch.ops.higher_order.invoke_subgraph:
            calls[n.args[1]] += 1
    return [{"subgraph": s, "nodes": subs[s], "invoke_subgraph_calls": calls.get(s, 0)}
            for s in sorted(subs)]


def dynamo_dedup(c):
    import torch._dynamo
    import torch._dynamo.graph_deduplication as gd
    import torch._dynamo.graph_region_tracker as grt
    from torch._dynamo.testing import AotEagerAndRecordGraphs

    for helper in LEAF_HELPERS:
        torch._dynamo.allow_in_graph(helper)

    regions, skipped = [], []
    orig_get = grt.GraphRegionTracker.get_identical_regions
    orig_alias = gd.has_potential_input_alias_or_mutation

    def get_identical_regions(self, graph):
        groups = orig_get(self, graph)
        regions.append([[[n.name for n in r] for r in g] for g in groups])
        return groups

    crash_groups = []
    orig_expand = grt.fully_expand_region_group

    def fully_expand_region_group(regions_, seen_nodes, is_identical_fn):
        try:
            return orig_expand(regions_, seen_nodes, is_identical_fn)
        except Exception:
            crash_groups.append(["%s %s" % (r[0].op, r[0].name) for r in regions_])
            raise

    def alias_check(gm, inputs, *a, **k):
        res = orig_alias(gm, inputs, *a, **k)
        if res:
            skipped.append(1)
        return res

    result = {"case": c["name"]}
    ref_prog, ref_inputs = build(c)
    torch._dynamo.reset()
    prog, inputs = build(c)
    eager_inputs = _clone_inputs(ref_inputs)
    comp_inputs = _clone_inputs(inputs)
    ref = ref_prog(*eager_inputs)

    backend = AotEagerAndRecordGraphs()
    grt.GraphRegionTracker.get_identical_regions = get_identical_regions
    grt.fully_expand_region_group = fully_expand_region_group
    gd.has_potential_input_alias_or_mutation = alias_check
    got, exc = None, None
    try:
        with torch._dynamo.config.patch(use_graph_deduplication=True):
            got = torch.compile(prog, backend=backend)(*comp_inputs)
    except Exception as e:  # record what PyTorch did
        exc = _short_exc(e)
    finally:
        grt.GraphRegionTracker.get_identical_regions = orig_get
        grt.fully_expand_region_group = orig_expand
        gd.has_potential_input_alias_or_mutation = orig_alias
        torch._dynamo.reset()

    # Baseline: the same compile without dedup, to tell dedup's errors from others.
    base_prog, base_inputs = build(c)
    base_inputs = _clone_inputs(base_inputs)
    try:
        with torch._dynamo.config.patch(use_graph_deduplication=False):
            base_out = torch.compile(base_prog, backend=AotEagerAndRecordGraphs())(*base_inputs)
        ok_out, _ = _compare(ref, base_out)
        ok_in, _ = _compare(eager_inputs, base_inputs)
        result["without_dedup"] = "correct" if ok_out and ok_in else "wrong"
    except Exception as e:
        result["without_dedup"] = "crashed: %s" % type(e).__name__
    finally:
        torch._dynamo.reset()

    result["graphs"] = len(backend.graphs)
    result["region_groups"] = regions
    result["regions_skipped_alias_or_mutation"] = len(skipped)
    result["subgraphs"] = [_describe_graph(gm) for gm in backend.graphs]
    result["exception"] = exc
    if crash_groups:
        result["crash_region_group_origins"] = crash_groups[0]
    if exc is None:
        ok_out, d_out = _compare(ref, got)
        ok_in, d_in = _compare(eager_inputs, comp_inputs)
        result["outputs_allclose"] = ok_out
        result["inputs_allclose_after_run"] = ok_in
        result["correct"] = ok_out and ok_in
        result["max_abs_diff"] = float("%.6g" % max(d_out or 0.0, d_in or 0.0))
    else:
        result["correct"] = None

    return result


# ---------------------------------------------------------------------------
# README
# ---------------------------------------------------------------------------


def _dedup_summary(r):
    if r is None:
        return "not run", "", ""
    groups = [g for per_graph in r["region_groups"] for g in per_graph]
    if groups:
        found = "; ".join("%d x %d nodes" % (len(g), len(g[0])) for g in groups)
    else:
        found = "none" if r["region_groups"] else "- (crashed while growing regions)"
    subs = [s for per_graph in r["subgraphs"] for s in per_graph]
    if subs:
        replaced = ", ".join("%s: %d calls" % (s["subgraph"], s["invoke_subgraph_calls"]) for s in subs)
    else:
        replaced = "-"
    if r["regions_skipped_alias_or_mutation"]:
        replaced += " (%d regions skipped: alias/mutation)" % r["regions_skipped_alias_or_mutation"]
    if r["exception"]:
        e = r["exception"]
        msg = e["message"].splitlines()[0] if e["message"] else ""
        verdict = "**crashed**: %s%s" % (e["type"], ": " + msg if msg else "")
        if e.get("cause"):
            verdict += " <- %s" % e["cause"].splitlines()[0]
        if e["where"]:
            verdict += " at `%s`" % ":".join(e["where"].split(":")[:2]).replace("torch/", "", 1)
        if e.get("dedup_frame") and e["dedup_frame"].split(" ")[0] != e["where"].split(" ")[0]:
            verdict += ", from `%s`" % " ".join(e["dedup_frame"].split(" ")[:2]).replace(
                "torch/", "", 1)
        if r.get("crash_region_group_origins"):
            o = r["crash_region_group_origins"]
            verdict += "; group seeds with no node args: %s" % ", ".join(
                "`%s`" % x for x in o[:3]) + (" ... (%d)" % len(o) if len(o) > 3 else "")
    elif r["correct"]:
        verdict = "correct"
    else:
        bad = []
        if not r["outputs_allclose"]:
            bad.append("outputs")
        if not r["inputs_allclose_after_run"]:
            bad.append("mutated inputs")
        verdict = "**WRONG** (%s differ, max abs diff %g)" % (" and ".join(bad), r["max_abs_diff"])
    if r.get("without_dedup") and r["without_dedup"] != "correct":
        verdict += "; without dedup: %s" % r["without_dedup"]
    if r["graphs"] > 1:
        verdict += "; %d graphs (graph break)" % r["graphs"]
    return found, replaced, verdict


FINDINGS = """\
## How PyTorch 2.6's dedup fails here (observed with 2.6.0+debian)

Its `GraphRegionTracker` keys a node by (global state, source file, line, bytecode
offset, tensor metadata of the node's tensor arguments): the target and every non-tensor
argument are left out, and a placeholder / get_attr has no arguments at all.

1. **Crash: region group whose seeds have no node arguments**
   (`assert current_node is not None`, graph_region_tracker.py:308). Two graph inputs or
   parameters first read at the same bytecode instruction get the same key and form a
   group that cannot grow: `dedup_tuple_return`, `dedup_param_transfer`, and all
   `residual_mlp_stack*` variants with per-layer weights (nn.Linear, F.linear on
   nn.Parameters, weights passed as 24 inputs), `kwargs` before its inputs were stacked.
   Shapes do not matter (a placeholder has no arguments to take metadata from); PyTorch's
   own 2.6 tests dodge it only because they read x and y first on different lines.
2. **Wrong result: constants and targets are not part of the key.** Regions that differ
   only in a constant (`loop_constants`: x+1 vs x+2; `rt_non_node_args`: k, alpha, dim;
   `rt_non_tensor_arg_hashing`: conv stride; `residual_mlp_stack_stacked_weights`:
   W1[i], so all 6 layers run with layer 0's weights) or only in the called function
   (`loop_different_ops`: sin/cos/tanh) are merged, and every call runs the first region's
   code.
3. **Wrong result: external inputs are matched by position, not checked.**
   `rt_different_input_args_for_region`: the first region, inner(x, x), reads x twice, so
   the subgraph has one input; the call for inner(x, y) passes y alone (the argument at
   the recorded node/argument position) and x is lost.
4. **Crash: subgraph nodes out of order.** A region is the reversed backward-BFS order,
   which is not topological when a region node feeds two others: the copied subgraph
   reads a value before defining it (UnboundLocalError when the alias/mutation check runs
   it): `rt_nested_args` (in 2.6 its region-tracker test passes; the full pass crashes),
   `rt_deeply_nested_args`, `kwargs`.
5. **Crash: no cycle check.** `rt_no_cycles_introduced`: collapsing {sin, mul, add}
   while b = cos(a) stays outside makes b read the subgraph's output before the call;
   the backend fails ("Node b1 referenced nonexistent value getitem").
6. **Wrong result: autocast ignored.** The global-state key has no autocast state, and
   the call is placed after the region's last node: in `autocast_region` the mm/relu move
   out of the autocast block (run in fp32); in `autocast_mixed` the call inside the
   autocast block reuses the subgraph of the fp32 region and returns fp32 values where
   eager computes in bf16.

What it gets right: every upstream 2.6 test program, grad-mode separation
(`rt_mismatched_global_state`), dtype separation, nested regions (`rt_overlapping_regions`
keeps only the two big ones), and it refuses (NYI, leaves the region) regions whose
subgraph would mutate or return an alias of an input; the results stay correct there.
""".splitlines()


def write_readme(out_dir):
    results = {}
    path = os.path.join(out_dir, RESULTS_FILE)
    if os.path.exists(path):
        with open(path) as f:
            results = {r["case"]: r for r in json.load(f)}
    lines = [
        "# Dedup / region-tracking golden inputs",
        "",
        "Generated by `%s` (do not edit by hand). From the repository root:" % THIS_SCRIPT,
        "",
        "```",
        "/usr/bin/python3 %s                # the 1.13 cases" % THIS_SCRIPT,
        "../shared/tools/torch26 python3 %s # the 2.6 cases + PyTorch 2.6 dedup runs" % THIS_SCRIPT,
        "```",
        "",
        "- `<case>.fx`: exactly `str(gm.graph)` (+ one trailing newline) of the program, traced by",
        "  `torch.fx.symbolic_trace` under the PyTorch version in the table (1.13 prints",
        "  `[#users=N]`, 2.6 prints `[num_users=N]`). Each case is traced once, by one version.",
        "  Cases traced by 2.6 are those 1.13 cannot trace: autocast (only 2.x has the call",
        "  target `torch.amp.autocast_mode._enter_autocast`) and tuple unpacking of a traced",
        "  value (1.13's `Proxy.__iter__` cannot read Python 3.11 bytecode).",
        "  Plain symbolic_trace drops `with torch.no_grad()` / `with torch.autocast(...)`;",
        "  the cases whose tracer says so use a `torch.fx.Tracer` subclass that records them as",
        "  the nodes Dynamo emits (`torch._C._set_grad_enabled(False)`, `_enter_autocast(...)` /",
        "  `_exit_autocast(%enter)`). In-place `+=` on a traced tensor is recorded as",
        "  `operator.add` by symbolic_trace (both versions); explicit `x.add_()` stays `add_`.",
        "- `%s`: per case, what PyTorch 2.6.0 (Debian) made of the program with its own" % RESULTS_FILE,
        "  deduplication (`torch._dynamo.config.use_graph_deduplication = True`,",
        "  `torch.compile(backend=AotEagerAndRecordGraphs())` as in PyTorch's tests): the region",
        "  groups its `GraphRegionTracker` returned (node names of its Dynamo graph, not those of",
        "  the `.fx` file), the subgraphs and `invoke_subgraph` calls it made, regions it skipped",
        "  for input alias/mutation, the exception when compilation crashed, and whether the",
        "  compiled result matched eager: `torch.allclose` of every output and of every input",
        "  after the run (inputs mutated in place must end equal too).",
        "  `//passes/dedup:dedup_torch26_test` reads it: wherever 2.6's result was correct, fxpp",
        "  must save at least as many nodes to compile (a subgraph of n nodes called k times",
        "  saves k*n - n - k) as 2.6 did.",
        "",
        "Programs are those of PyTorch's `%s` and `%s` (tests of" % (TDD, TRT),
        "the 2.6 release and later), rebuilt as plain functions; 'later than 2.6' tests exist",
        "only after the 2.6 release and are run against 2.6 all the same; 'upstream stub' tests",
        "were `pass` upstream, so the program is ours. Sizes are the tests' (x: [10,10],",
        "y: [10,20]) unless noted. Forward only (no backward).",
        "",
        "Regions found = PyTorch's region groups as `regions x nodes per region`; calls =",
        "`invoke_subgraph` calls left in the Dynamo graph. Every program was also compiled",
        "without dedup; the result says so only where that was not correct too (so every",
        "WRONG below is dedup's doing).",
        "",
        "`dedup_cycle_detection_simple.fx` is invalid on purpose (a cycle; a node uses one",
        "defined after it): a golden test that parses and dedups every `*.fx` here must expect",
        "an error for it. Files not listed here (e.g. hand-written goldens) are not made by",
        "the script.",
        "",
        "| case | program | origin | `.fx` traced by | nodes | PyTorch 2.6 regions found | "
        "PyTorch 2.6 replaced | PyTorch 2.6 result |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for c in CASES:
        fx = os.path.join(out_dir, c["name"] + ".fx")
        nodes = ""
        if os.path.exists(fx):
            with open(fx) as f:
                nodes = str(count_nodes(f.read()))
        tracer = "PyTorch %s `%s`" % (VERSION_NAME[c["version"]], c["tracer"]) \
            if c["tracer"] == "symbolic_trace" else "PyTorch %s %s" % (VERSION_NAME[c["version"]], c["tracer"])
        if c["dynamo"]:
            found, replaced, verdict = _dedup_summary(results.get(c["name"]))
        else:
            found, replaced, verdict = "-", "-", "not run: " + c["note"]
        lines.append("| `%s` | %s | %s | %s | %s | %s | %s | %s |" % (
            c["name"], c["desc"].replace("|", "\\|"), c["origin"].replace("test/dynamo/", ""),
            tracer, nodes, found, replaced, verdict))
    lines += [""] + FINDINGS + [""]
    with open(os.path.join(out_dir, "README.md"), "w") as f:
        f.write("\n".join(lines))


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default=DEFAULT_OUT, help="output directory (default %(default)s)")
    p.add_argument("--only", nargs="*", help="only these case names")
    p.add_argument("--no-dynamo", action="store_true", help="2.6: skip the dedup runs")
    p.add_argument("--readme-only", action="store_true", help="only rewrite README.md")
    a = p.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    names = {c["name"] for c in CASES}
    assert len(names) == len(CASES), "duplicate case name"
    for n in a.only or []:
        if n not in names:
            p.error("unknown case %s" % n)
    if a.readme_only:
        write_readme(a.out)
        return 0

    wanted = [c for c in CASES if not a.only or c["name"] in a.only]
    failed = []
    written = 0
    for c in wanted:
        if c["version"] != VERSION_TAG:
            continue
        try:
            text = fx_text(c)
        except Exception as e:
            failed.append((c["name"], "%s: %s" % (type(e).__name__, e)))
            continue
        with open(os.path.join(a.out, c["name"] + ".fx"), "w") as f:
            f.write(text.rstrip("\n") + "\n")
        written += 1
    print("torch %s: wrote %d .fx files to %s" % (torch.__version__, written, a.out))

    if IS_TORCH2 and not a.no_dynamo:
        path = os.path.join(a.out, RESULTS_FILE)
        results = {}
        if os.path.exists(path):
            with open(path) as f:
                results = {r["case"]: r for r in json.load(f)}
        for c in wanted:
            if not c["dynamo"]:
                results.pop(c["name"], None)
                continue
            r = dynamo_dedup(c)
            results[c["name"]] = r
            print("  %-40s %s" % (c["name"], " | ".join(_dedup_summary(r))))
        order = [c["name"] for c in CASES if c["name"] in results]
        with open(path, "w") as f:
            json.dump([results[n] for n in order], f, indent=1, sort_keys=True)
            f.write("\n")
    write_readme(a.out)
    for name, why in failed:
        print("  FAILED %s: %s" % (name, why))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
