#!/usr/bin/env python3
"""Tests of fxpp.torch, the in-process passes (fxpp._C), on real models
under the running torch (Debian's 1.13 in CI; PyTorch 2.6 by hand, see
docs/PYTHON.md): results run and equal eager, keep parameters, buffers
and node metadata, and the compile backend works.

  bazel test //testing/realmodels:inprocess_test
"""

import collections
import copy
import operator
import os
import random
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
import torch.fx  # noqa: E402
import torch.nn as nn  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402
from torch.fx.passes.shape_prop import ShapeProp  # noqa: E402

import fxpp.torch  # noqa: E402
from realmodels import models  # noqa: E402


def _aten_graph(model, inputs):
    """An ATen-level graph (make_fx): parameters as get_attr constants,
    repeated layers as repeated regions."""
    with torch.no_grad():
        return make_fx(model)(*inputs)


def _call_targets(gm):
    return {str(n.target) for n in gm.graph.nodes if n.op == "call_function"}


class Mutating(nn.Module):
    """In-place ops on an intermediate and on the input."""

    def forward(self, x):
        y = x * 2
        y.add_(1)
        y.relu_()
        x.mul_(3)
        return y + x


class ReturnsAttributes(nn.Module):
    """A parameter and a buffer returned as outputs."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("scale", torch.full((4,), 2.0))

    def forward(self, x):
        return self.lin(x) * self.scale, self.lin.weight, self.scale


class VarArgs(nn.Module):
    """Extra positional arguments after one with a default."""

    def forward(self, x, scale=2.0, *rest):
        return x * scale + rest[0] - rest[1]


class Scaled(nn.Module):
    def forward(self, x, scale=2.0):
        return x * scale


class ReadsRunningMean(nn.Module):
    """Reads its BatchNorm's running mean, then calls the BatchNorm, which
    in training updates that mean in place."""

    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
        shifted = torch.add(x, self.bn.running_mean)
        return self.bn(x), shifted


class DrawsAroundAnEncoderLayer(nn.Module):
    """Draws, runs a TransformerEncoderLayer (a leaf for symbolic_trace,
    whose dropout draws in training), draws again."""

    def __init__(self):
        super().__init__()
        self.enc = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.5, batch_first=True)

    def forward(self, x):
        return torch.rand_like(x), self.enc(x), torch.rand_like(x)


class UpdatesStatistics(nn.Module):
    """Calls its BatchNorm for the running statistics alone (training)."""

    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
        self.bn(x)
        return x.relu()


class ScalesItsLayer(nn.Module):
    """Writes its layer's weight, then calls the layer (frozen weights:
    nothing stops the write at run time)."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.requires_grad_(False)

    def forward(self, x):
        self.lin.weight.data.mul_(2)
        return self.lin(x)


class InProcessTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.resnet, cls.resnet_inputs = models.MODELS["resnet18"].build()
        cls.gpt, cls.gpt_inputs = models.MODELS["gpt12"].build()

    def assert_same_outputs(self, expected_module, actual_module, inputs):
        with torch.no_grad():
            expected = expected_module(*inputs)
            actual = actual_module(*inputs)
        torch.testing.assert_close(actual, expected, rtol=1e-4, atol=1e-5)

    def assert_same_draws(self, expected_module, actual_module, x, seed):
        """Run from the same seed, both give exactly the same outputs: the
        result draws the original's random numbers, in its order."""
        torch.manual_seed(seed)
        expected = expected_module(x)
        torch.manual_seed(seed)
        for want, got in zip(expected, actual_module(x)):
            self.assertTrue(torch.equal(want, got))

    def assert_same_state(self, original, result, fqn_map=None):
        """Every parameter and buffer of the original is in the result, as
        the very same tensor (under its new path after a split)."""
        fqn_map = fqn_map or {}
        state = list(original.named_parameters()) + list(original.named_buffers())
        self.assertTrue(state)
        for name, tensor in state:
            owner, _, leaf = name.rpartition(".")
            path = f"{fqn_map[owner]}.{leaf}" if owner in fqn_map else fqn_map.get(name, name)
            value = result
            for part in path.split("."):
                value = getattr(value, part)
            self.assertIs(value, tensor, name)

    # ---- dedup ----------------------------------------------------------------
    def test_dedup_resnet_aten(self):
        gm = _aten_graph(self.resnet, self.resnet_inputs)
        ShapeProp(gm).propagate(*self.resnet_inputs)
        deduped = fxpp.torch.dedup(gm)
        self.assertIsNot(deduped, gm)
        subgraphs = [n for n in deduped.graph.nodes
                     if n.op == "call_module" and n.target.startswith("subgraph_")]
        self.assertGreater(len(subgraphs), 2)
        self.assertLess(len(deduped.graph.nodes), len(gm.graph.nodes))
        self.assert_same_outputs(self.resnet, deduped, self.resnet_inputs)
        self.assert_same_outputs(gm, deduped, self.resnet_inputs)
        # Kept nodes carry their metadata: the example values ShapeProp recorded.
        before = {n.name: n.meta for n in gm.graph.nodes}
        kept = [n for n in deduped.graph.nodes if n.name in before and n.op != "output"]
        self.assertGreater(len(kept), 10)
        for n in kept:
            if "tensor_meta" in before[n.name]:
                self.assertIs(n.meta["tensor_meta"], before[n.name]["tensor_meta"], n.name)
        # The original is unchanged.
        self.assert_same_outputs(self.resnet, gm, self.resnet_inputs)

    def test_dedup_transformer(self):
        gm = _aten_graph(self.gpt, self.gpt_inputs)
        deduped = fxpp.torch.dedup(gm, min_region_size=3)
        calls = [n for n in deduped.graph.nodes if n.op == "call_module"]
        self.assertGreaterEqual(len(calls), 12)  # one region per layer at least
        self.assert_same_outputs(self.gpt, deduped, self.gpt_inputs)
        self.assertEqual(len(dict(deduped.named_parameters())) + len(dict(deduped.named_buffers())),
                         len(dict(gm.named_parameters())) + len(dict(gm.named_buffers())))

    # ---- split_by_tags --------------------------------------------------------
    def _tagged(self, gm, inputs, boundary):
        ShapeProp(gm).propagate(*inputs)
        nodes = list(gm.graph.nodes)
        for i, n in enumerate(nodes):
            n.tag = "first" if i < len(nodes) * boundary else "second"
        return gm

    def test_split_by_tags_matches_pytorch(self):
        from torch.fx.passes.split_utils import split_by_tags as torch_split
        for model, gm, inputs in (
                (self.resnet, torch.fx.symbolic_trace(self.resnet), self.resnet_inputs),
                (self.gpt, _aten_graph(self.gpt, self.gpt_inputs), self.gpt_inputs)):
            gm = self._tagged(gm, inputs, 0.5)
            split, fqn_map = fxpp.torch.split_by_tags(gm, ["first", "second"],
                                                     return_fqn_mapping=True)
            reference = torch_split(gm, ["first", "second"])
            self.assertEqual([name for name, _ in split.named_children()], ["first", "second"])
            self.assertEqual(split.code, reference.code)
            for tag in ("first", "second"):
                self.assertEqual(getattr(split, tag).code, getattr(reference, tag).code)
            self.assert_same_outputs(model, split, inputs)
            self.assert_same_state(gm, split, fqn_map)
            self.assertEqual(sorted(split.state_dict()), sorted(reference.state_dict()))
            # Metadata: every node of the submodules that came from the
            # original keeps its node.meta entries.
            before = {n.name: n.meta for n in gm.graph.nodes}
            for n in split.first.graph.nodes:
                if n.op in ("call_module", "call_function") and "tensor_meta" in before[n.name]:
                    self.assertIs(n.meta["tensor_meta"], before[n.name]["tensor_meta"])

    def test_split_by_tags_return_tuple(self):
        gm = self._tagged(torch.fx.symbolic_trace(self.resnet), self.resnet_inputs, 0.3)
        split = fxpp.torch.split_by_tags(gm, ["first", "second"], return_tuple=True)
        self.assertIn("return (", split.first.code)
        self.assert_same_outputs(self.resnet, split, self.resnet_inputs)

    def test_split_by_tags_errors(self):
        gm = torch.fx.symbolic_trace(self.resnet)
        with self.assertRaisesRegex(ValueError, "tag"):
            fxpp.torch.split_by_tags(gm, ["first"])

    def test_split_by_tags_returned_attributes(self):
        """Attributes the graph returns directly are fetched on the split's
        root under their node's name, which is not their path for a nested
        one (lin_weight) or a second read (scale_1): the original tensors."""
        from torch.fx.passes.split_utils import split_by_tags as torch_split
        model = ReturnsAttributes().eval()
        inputs = (torch.randn(3, 4),)
        gm = self._tagged(torch.fx.symbolic_trace(model), inputs, 0.5)
        self.assertEqual({n.name for n in gm.graph.nodes if n.op == "get_attr"} -
                         {n.target for n in gm.graph.nodes if n.op == "get_attr"},
                         {"lin_weight", "scale_1"})
        split = fxpp.torch.split_by_tags(gm, ["first", "second"])
        self.assertEqual(split.code, torch_split(gm, ["first", "second"]).code)
        self.assertIs(split.lin_weight, model.lin.weight)
        self.assertIs(split.scale_1, model.scale)
        self.assert_same_outputs(model, split, inputs)

    def test_split_by_tags_is_called_like_the_original(self):
        """The split takes `*rest` and defaults as the original does
        (PyTorch's split_by_tags makes `rest` one argument and drops
        defaults)."""
        def split(model):
            gm = torch.fx.symbolic_trace(model)
            for n in gm.graph.nodes:
                n.tag = "first" if n.op == "placeholder" else "second"
            return fxpp.torch.split_by_tags(gm, ["first", "second"])
        x, a, b = torch.randn(3), torch.randn(3), torch.randn(3)
        torch.testing.assert_close(split(Scaled())(x), x * 2.0)
        if torch.__version__ < "2":
            self.skipTest("PyTorch 1.13's symbolic_trace cannot trace *args on Python 3.11")
        split_varargs = split(VarArgs())
        torch.testing.assert_close(split_varargs(x, 3.0, a, b), VarArgs()(x, 3.0, a, b))
        torch.testing.assert_close(split_varargs(x, 2.0, a, b, a), VarArgs()(x, 2.0, a, b, a))

    def test_split_by_tags_refuses_to_move_a_read_across_a_module_call(self):
        """The running mean read before the call (tagged to run after it)
        would see the call's update; PyTorch's split_by_tags returns that."""
        gm = torch.fx.symbolic_trace(ReadsRunningMean().train())
        for n in gm.graph.nodes:
            n.tag = "call" if n.op in ("placeholder", "call_module") else "read"
        with self.assertRaisesRegex(ValueError, "node 'bn' \\(component 'call'\\) may write "
                                                "'bn_running_mean', which component 'read' reads"):
            fxpp.torch.split_by_tags(gm, ["call", "read"])
        split = fxpp.torch.split_by_tags(gm, ["read", "call"])
        x = torch.randn(8, 4)
        expected = ReadsRunningMean().train()(x)
        for want, got in zip(expected, split(x)):
            torch.testing.assert_close(got, want)

    def test_split_by_tags_keeps_the_draws_of_module_calls_in_order(self):
        """The encoder layer's dropout draws between the two rand_likes: a
        tag order running the second before the layer draws other numbers
        (PyTorch's split_by_tags does)."""
        torch.manual_seed(0)
        gm = torch.fx.symbolic_trace(DrawsAroundAnEncoderLayer().train())
        for n in gm.graph.nodes:
            n.tag = "layer" if n.op in ("call_module", "output") else "draws"
        with self.assertRaisesRegex(ValueError, "draws random numbers after 'enc'"):
            fxpp.torch.split_by_tags(gm, ["draws", "layer"])
        for n in gm.graph.nodes:
            n.tag = "first" if n.op == "placeholder" or n.name == "rand_like" else "rest"
        split = fxpp.torch.split_by_tags(gm, ["first", "rest"])
        self.assert_same_draws(gm, split, torch.randn(2, 3, 8), seed=1)

    def test_dedup_keeps_the_order_of_random_draws(self):
        """Seeded, the deduplicated graph draws the numbers the original
        draws: randn_like, drawn between the first block's draw and its
        end, stays after that draw."""
        def blocks(x):
            first = torch.rand_like(x)
            between = torch.randn_like(x)
            a = (first * x).sin()
            b = (torch.rand_like(x) * x).sin()
            return a, between, b
        gm = make_fx(blocks)(torch.randn(4))
        deduplicated = fxpp.torch.dedup(gm, min_region_size=2)
        self.assertTrue(any(n.op == "call_module" for n in deduplicated.graph.nodes))
        self.assert_same_draws(gm, deduplicated, torch.randn(4), seed=0)

    # ---- functionalize, pipelines ----------------------------------------------
    def test_functionalize_refuses_a_module_call_after_a_write_to_its_state(self):
        """The functionalized write would reach lin.weight only after the
        call of lin, which would compute with the old weight."""
        gm = torch.fx.symbolic_trace(ScalesItsLayer())
        for entry in (fxpp.torch.functionalize,
                      lambda g: fxpp.torch.run(g, "functionalize,dedup,dce")):
            with self.assertRaisesRegex(ValueError, "calls module 'lin', which reads 'lin.weight', "
                                                    "after '\\w+' wrote it"):
                entry(gm)

    def test_functionalize(self):
        x = torch.randn(3, 4)
        gm = make_fx(Mutating())(x.clone())
        self.assertTrue(any(t.endswith("_.Tensor") or t.endswith("_.default")
                            for t in _call_targets(gm)))
        functional = fxpp.torch.functionalize(gm)
        in_place = [t for t in _call_targets(functional)
                    if t.split(".")[-2].endswith("_") and "copy_" not in t]
        self.assertEqual(in_place, [])
        expected_input, actual_input = x.clone(), x.clone()
        expected = Mutating()(expected_input)
        actual = functional(actual_input)
        torch.testing.assert_close(actual, expected)
        torch.testing.assert_close(actual_input, expected_input)  # the input mutation stays

    @unittest.skipUnless(hasattr(torch.library, "custom_op"), "torch.library.custom_op: 2.4+")
    def test_functionalize_custom_operators(self):
        """The schemas of custom operators come from the operators
        themselves: one that writes nothing stays a call, one that writes
        its argument is called through auto_functionalized (as PyTorch's
        functionalization does), and the buffer it writes is updated."""
        @torch.library.custom_op("fxpptest::scale_", mutates_args=("x",))
        def scale_(x: torch.Tensor, s: float) -> None:
            x.mul_(s)

        scale_.register_fake(lambda x, s: None)

        @torch.library.custom_op("fxpptest::halves", mutates_args=())
        def halves(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            return x * 0.5, x - 0.5

        halves.register_fake(lambda x: (torch.empty_like(x), torch.empty_like(x)))

        class UsesCustomOps(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("acc", torch.ones(4))

            def forward(self, x):
                a, b = halves(x)
                a.add_(1)
                scale_(self.acc, 2.0)
                return a * b + self.acc

        x = torch.randn(3, 4)
        gm = torch.export.export(UsesCustomOps(), (x,)).module()
        functional = fxpp.torch.functionalize(gm)
        targets = _call_targets(functional)
        self.assertIn("auto_functionalized", targets)
        self.assertIn("fxpptest.halves.default", targets)
        self.assertNotIn("fxpptest.scale_.default", targets)
        self.assertNotIn("aten.add_.Tensor", targets)
        expected_module = UsesCustomOps()
        expected = expected_module(x)
        torch.testing.assert_close(functional(x), expected)
        torch.testing.assert_close(functional.acc, expected_module.acc)

    def test_dce_keeps_a_module_call_that_updates_state(self):
        """The BatchNorm's result is unused, its update of the running
        statistics is not (PyTorch's DCE drops the call)."""
        x = torch.randn(8, 4)
        model = UpdatesStatistics().train()
        result = fxpp.torch.run(torch.fx.symbolic_trace(model), "dce")
        self.assertIn("bn", [n.target for n in result.graph.nodes if n.op == "call_module"])
        expected = UpdatesStatistics().train()
        expected(x)
        result(x)
        torch.testing.assert_close(result.get_submodule("bn").running_mean,
                                   expected.bn.running_mean)

    def test_run_keeps_input_mutations(self):
        """run()'s functionalize keeps input mutations unless told not to:
        the result returns what the module returns and writes its inputs as
        it does (the pass's own default, extra leading outputs, broke the
        compile backend: Dynamo unpacks the outputs it expects)."""
        x = torch.randn(3, 4)
        gm = make_fx(Mutating())(x.clone())
        for pipeline in ("functionalize,dedup,dce", "dce,functionalize{}"):
            expected_input, actual_input = x.clone(), x.clone()
            expected = Mutating()(expected_input)
            actual = fxpp.torch.run(gm, pipeline)(actual_input)
            torch.testing.assert_close(actual, expected)
            torch.testing.assert_close(actual_input, expected_input)
        new_x, result = fxpp.torch.run(gm, "functionalize{keep_input_mutations=false}")(x.clone())
        torch.testing.assert_close(result, Mutating()(x.clone()))
        torch.testing.assert_close(new_x, x * 3)
        compiled = fxpp.torch.backend(passes="functionalize,dce", then="eager")(gm, [x.clone()])
        actual_input = x.clone()
        torch.testing.assert_close(compiled(actual_input), Mutating()(x.clone()))
        torch.testing.assert_close(actual_input, x * 3)

    def test_functionalize_refuses_writes_to_aliased_attributes(self):
        """symbolic_trace keeps `self.cache_t` (a view of the buffer cache)
        as a constant: a write to cache shows through it, which
        functionalize, writing cache back at the end, cannot keep."""
        gm = torch.fx.symbolic_trace(models.CacheView())
        with self.assertRaisesRegex(ValueError, "writes attribute 'cache', which shares its "
                                                "storage with '\\w+'"):
            fxpp.torch.functionalize(gm)
        fxpp.torch.dedup(gm)  # keeps the write in place: nothing to refuse

    def test_run_pipeline(self):
        gm = _aten_graph(self.gpt, self.gpt_inputs)
        result = fxpp.torch.run(gm, "functionalize{keep_input_mutations=true},dedup,dce")
        self.assertIsNot(result, gm)
        self.assert_same_outputs(self.gpt, result, self.gpt_inputs)
        self.assertIs(fxpp.torch.run(gm, "topo_sort"), gm)  # no change: the module itself
        with self.assertRaisesRegex(ValueError, "no_such_pass"):
            fxpp.torch.run(gm, "no_such_pass")
        self.assertIn("dedup", fxpp.torch.passes())

    def test_metadata_round_trip(self):
        gm = _aten_graph(self.gpt, self.gpt_inputs)
        for i, n in enumerate(gm.graph.nodes):
            n.meta["stack_trace"] = f'File "model.py", line {i}, in forward'
            n.meta["nn_module_stack"] = {"transformer": type(self.gpt.transformer)}
            n.meta["custom"] = object()
        # A pass that copies the whole graph (split) keeps every entry.
        for n in gm.graph.nodes:
            n.tag = "all"
        split = fxpp.torch.split_by_tags(gm, ["all"])
        before = {n.name: n for n in gm.graph.nodes}
        checked = 0
        for n in split.all.graph.nodes:
            if n.op in ("call_function", "call_method", "call_module"):
                source = before[n.name]
                self.assertEqual(n.meta["stack_trace"], source.meta["stack_trace"])
                self.assertEqual(n.meta["nn_module_stack"], source.meta["nn_module_stack"])
                self.assertIs(n.meta["custom"], source.meta["custom"])
                self.assertEqual(n.type, source.type)
                checked += 1
        self.assertGreater(checked, 50)

    def test_nested_arguments_are_result_nodes(self):
        """Lists and dicts in arguments (FX's immutable_list/immutable_dict)
        hold the result graph's nodes, with their users recorded."""
        class Concat(nn.Module):
            def forward(self, x):
                unused = x * 3  # noqa: F841 - dead code dce removes
                return torch.cat([x.sin(), x.cos()], dim=0)

        gm = torch.fx.symbolic_trace(Concat())
        result = fxpp.torch.run(gm, "dce")
        self.assertIsNot(result, gm)
        cat = next(n for n in result.graph.nodes if n.target is torch.cat)
        self.assertEqual(len(cat.all_input_nodes), 2)
        for node in cat.all_input_nodes:
            self.assertIs(node.graph, result.graph)
            self.assertIn(cat, node.users)
        x = torch.randn(2, 3)
        self.assert_same_outputs(gm, result, (x,))

    # ---- the compile backend --------------------------------------------------------
    def test_backend(self):
        """The backend callable as Dynamo calls it: (GraphModule, example
        inputs) -> a callable. Debian's 1.13 has no torch._dynamo; with it
        (2.x), torch.compile runs it too."""
        gm = _aten_graph(self.gpt, self.gpt_inputs)
        compiled = fxpp.torch.backend(passes="dedup", then="eager")(gm, list(self.gpt_inputs))
        self.assert_same_outputs(self.gpt, compiled, self.gpt_inputs)
        if hasattr(torch, "compile"):  # 2.x: fxpp's dedup in front of Inductor
            model = torch.compile(self.gpt, backend=fxpp.torch.backend("dedup", then="inductor"))
            self.assert_same_outputs(self.gpt, model, self.gpt_inputs)


    def test_backend_with_inputs_sharing_storage(self):
        """A functionalized graph writes an input back only at its end: a
        call whose written input shares storage with another input (Dynamo
        lifts a buffer and a view of it kept as an attribute as two inputs)
        runs the original graph, and sees the write as eager does."""

        def write_then_read(x, y):
            x.add_(1)
            return y * 2

        base = torch.zeros(4)
        gm = make_fx(write_then_read)(base.clone(), base.clone().view(2, 2))
        compiled = fxpp.torch.backend("functionalize,dce", then="eager")(
            gm, [base.clone(), base.clone().view(2, 2)])
        for aliased in (True, False):
            x = torch.zeros(4)
            y = x.view(2, 2) if aliased else torch.zeros(2, 2)
            torch.testing.assert_close(compiled(x, y), torch.full((2, 2), 2.0 if aliased else 0.0))
            torch.testing.assert_close(x, torch.ones(4))
        if hasattr(torch, "compile"):  # 2.x: through Dynamo, buffer and view as inputs
            for then in ("eager", "inductor"):
                torch._dynamo.reset()
                model, reference = models.CacheView(), models.CacheView()
                compiled = torch.compile(model, backend=fxpp.torch.backend("functionalize",
                                                                           then=then))
                x = torch.randn(2, 3)
                for _ in range(2):
                    torch.testing.assert_close(compiled(x), reference(x))
                    torch.testing.assert_close(model.cache, reference.cache)
            torch._dynamo.reset()


    @unittest.skipUnless(hasattr(torch.library, "custom_op"), "custom_op: PyTorch 2.4+")
    def test_custom_operators(self):
        """A custom operator may write its arguments; only its schema says,
        and fxpp's IR does not carry it: dce keeps an unused call (PyTorch's
        DCE keeps it by its schema), functionalize refuses the graph, dedup
        keeps it in order."""
        bump = _bump_operator()

        def f(x, y):
            a = x * 1
            bump(a, y)
            return a + 1

        x, y = torch.ones(3), torch.ones(3)
        gm = make_fx(f)(x.clone(), y.clone())
        for pipeline in ("dce", "dedup", "dedup,dce"):
            torch.testing.assert_close(fxpp.torch.run(gm, pipeline)(x, y), f(x, y))
        with self.assertRaisesRegex(ValueError, "node 'bump' .*an operator outside ATen whose "
                                                "schema fxpp does not know"):
            fxpp.torch.run(gm, "functionalize,dedup,dce")


_BUMP = []


def _bump_operator():
    """torch.ops.fxpp_test.bump(x, y): x += y, a custom operator whose name
    says nothing of the write (defined once per process)."""
    if not _BUMP:
        @torch.library.custom_op("fxpp_test::bump", mutates_args={"x"})
        def bump(x: torch.Tensor, y: torch.Tensor) -> None:
            x.add_(y)

        @bump.register_fake
        def _(x, y):
            return None

        _BUMP.append(torch.ops.fxpp_test.bump)
    return _BUMP[0]


class SweepModelsTest(unittest.TestCase):
    """Models realmodels/sweep.py found bugs on: every pass fxpp.torch
    offers, on their symbolic_trace and make_fx graphs, runs like eager."""

    def test_passes_run_like_eager(self):
        for name in ("repeated_blocks", "int_bool"):
            model, inputs = models.MODELS[name].build()
            traced = torch.fx.symbolic_trace(model)
            ShapeProp(traced).propagate(*inputs)
            for tracer, gm in (("symbolic_trace", traced), ("make_fx", _aten_graph(model, inputs))):
                for pipeline in ("dedup", "functionalize", "functionalize,dedup,dce"):
                    with self.subTest(model=name, tracer=tracer, pipeline=pipeline):
                        result = fxpp.torch.run(gm, pipeline)
                        with torch.no_grad():
                            torch.testing.assert_close(result(*inputs), model(*inputs))
                deduped = fxpp.torch.dedup(gm)
                if name == "repeated_blocks" and tracer == "make_fx":  # the blocks
                    self.assertTrue(any(n.op == "call_module" and n.target.startswith("subgraph")
                                        for n in deduped.graph.nodes), tracer)


def _stable_order_reference(graph):
    """The order PyTorch's stable_topological_sort (2.x's
    torch._inductor.pattern_matcher; Debian's 1.13 has none) gives, written
    from its contract: nodes keep their order, except that a node reading a
    node not placed yet waits for the last such input (argument order,
    repeats counted) and comes right after it; nodes that waited for a node
    come, in their order, right after it, each followed by its own waiters.
    Relinks `graph` into that order; AssertionError on a cycle. Under 2.x
    the tests check it against PyTorch's own too."""
    placed, order = set(), []
    waiters = collections.defaultdict(list)
    to_offer = list(reversed(graph.nodes))  # a stack: the next node on top
    while to_offer:
        node = to_offer.pop()
        inputs = []
        torch.fx.node.map_arg((node.args, node.kwargs), inputs.append)
        missing = [n for n in inputs if n not in placed]
        if missing:
            waiters[missing[-1]].append(node)
            continue
        placed.add(node)
        order.append(node)
        to_offer.extend(reversed(waiters.pop(node, [])))
    assert not waiters and len(order) == len(graph.nodes), "the graph has a cycle"
    for earlier, node in zip(order, order[1:]):
        if earlier.next is not node:
            earlier.append(node)


def _references():
    """(name, sort) of every reference: the contract written out, and
    PyTorch's own where this torch has it."""
    refs = [("the contract (_stable_order_reference)", _stable_order_reference)]
    try:
        from torch._inductor.pattern_matcher import stable_topological_sort
        refs.append(("torch._inductor.pattern_matcher", stable_topological_sort))
    except ImportError:
        pass
    return refs


def _move_randomly(graph, seed, moves):
    """Moves `moves` random nodes before random others (the same moves on
    every copy of a graph). Placeholders keep their order among themselves
    (it is the forward's signature, which no sort restores)."""
    rng = random.Random(seed)
    for _ in range(moves):
        nodes = list(graph.nodes)
        node = rng.choice([n for n in nodes if n.op != "placeholder"])
        before = rng.choice(nodes)
        if before is not node:
            before.prepend(node)


def _names(graph):
    return [n.name for n in graph.nodes]


class StableTopologicalSortTest(unittest.TestCase):
    """fxpp.torch.stable_topological_sort: in place, the order node for node
    PyTorch's stable_topological_sort's."""

    @classmethod
    def setUpClass(cls):
        cls.gpt, cls.gpt_inputs = models.MODELS["gpt12"].build()
        cls.gm = _aten_graph(cls.gpt, cls.gpt_inputs)

    def assert_sorts_like_pytorch(self, make_unsorted):
        """Sorts one fresh copy with fxpp and one with each reference; the
        node orders must be the same. Returns fxpp's sorted module."""
        ours = make_unsorted()
        before = _names(ours.graph)
        self.assertIsNone(fxpp.torch.stable_topological_sort(ours.graph))
        for name, reference in _references():
            theirs = make_unsorted()
            self.assertEqual(_names(theirs.graph), before)
            reference(theirs.graph)
            self.assertEqual(_names(ours.graph), _names(theirs.graph), name)
        nodes = list(ours.graph.nodes)
        if hasattr(nodes[0], "_sort_key"):  # 2.x orders nodes by it: relinking kept it so
            self.assertTrue(all(a < b for a, b in zip(nodes, nodes[1:])))
        ours.graph.lint()
        return ours, before

    def unsorted_gpt(self, move):
        def make():
            gm = copy.deepcopy(self.gm)  # deepcopy wants a sorted graph: move after
            move(gm.graph)
            return gm
        return make

    def test_random_moves(self):
        for seed in range(4):
            with self.subTest(seed=seed):
                make = self.unsorted_gpt(lambda g: _move_randomly(g, seed, 40))
                sorted_gm, before = self.assert_sorts_like_pytorch(make)
                self.assertNotEqual(_names(sorted_gm.graph), before)
                sorted_gm.recompile()
                self.assert_same_outputs(sorted_gm)

    def test_every_tenth_call_to_the_front(self):
        """The benchmark's unsorted graph (bench_inprocess.py): only the
        nodes moved to the front move back (PyTorch's loop relinks every
        node after them until they are placed: most of the graph)."""
        moved_to_front = []

        def move(graph):
            nodes = list(graph.nodes)
            first = next(n for n in nodes if n.op != "placeholder")
            moved_to_front[:] = [n for n in nodes if n.op == "call_function" and n is not first][::10]
            for n in moved_to_front:
                first.prepend(n)
        self.assert_sorts_like_pytorch(self.unsorted_gpt(move))
        unsorted = self.unsorted_gpt(move)()
        moved = fxpp.torch._extension().stable_topological_sort(unsorted.graph)
        self.assertGreater(moved, 0)
        self.assertLessEqual(moved, len(moved_to_front))

    def test_placeholder_get_attr_and_output_moved(self):
        """A placeholder and get_attr nodes after their users, the output in
        the middle and a node after it: as in PyTorch's sort, the output
        waits for its inputs, and a node after it that is ready stays after
        it."""
        def move(graph):
            nodes = list(graph.nodes)
            placeholder = next(n for n in nodes if n.op == "placeholder")
            list(placeholder.users)[-1].append(placeholder)
            for n in [n for n in nodes if n.op == "get_attr"][::3]:
                list(n.users)[-1].append(n)
            output = nodes[-1]
            with graph.inserting_after(output):
                graph.create_node("call_function", torch.ops.aten.relu.default, (placeholder,),
                                  name="after")
            nodes[len(nodes) // 2].prepend(output)
        self.assertTrue(any(n.op == "get_attr" for n in self.gm.graph.nodes))
        sorted_gm, _ = self.assert_sorts_like_pytorch(self.unsorted_gpt(move))
        self.assertEqual([n.name for n in sorted_gm.graph.nodes][-2:], ["output", "after"])
        sorted_gm.recompile()
        self.assert_same_outputs(sorted_gm)

    def test_repeated_inputs(self):
        """A node waits for the missing input it reads last, repeats counted
        (PyTorch's _args): here `c` waits for `a`, not for `b` (the last of
        its node._input_nodes), and so is placed before `d`."""
        def make():
            graph = torch.fx.Graph()
            x = graph.placeholder("x")
            b = graph.call_function(torch.neg, (x,))
            a = graph.call_function(torch.relu, (x,))
            c = graph.call_function(torch.stack, ([a, b, a],))
            d = graph.call_function(torch.sin, (a,))
            graph.output((c, d))
            for n in (c, d):
                b.prepend(n)  # x c d b a output
            return torch.fx.GraphModule(torch.nn.Module(), graph)
        ours, _ = self.assert_sorts_like_pytorch(make)
        self.assertEqual(_names(ours.graph), ["x", "neg", "relu", "stack", "sin", "output"])

    def test_sorted_graph_unchanged(self):
        gm = copy.deepcopy(self.gm)
        nodes = list(gm.graph.nodes)
        code = gm.code
        self.assertIsNone(fxpp.torch.stable_topological_sort(gm.graph))
        self.assertEqual(list(gm.graph.nodes), nodes)
        self.assertIs(fxpp.torch.stable_topological_sort(gm), gm)
        self.assertIs(gm.code, code)  # not recompiled

    def test_module_and_submodule_sorted_in_place(self):
        """Given a GraphModule: its graph and its submodules' graphs sorted
        in place and recompiled; the module itself comes back."""
        inner = copy.deepcopy(self.gm)

        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                self.inner = inner

            def forward(self, x):
                return self.inner(x) * 2 + 1

        class KeepGraphModules(torch.fx.Tracer):
            def is_leaf_module(self, m, qualname):
                return isinstance(m, torch.fx.GraphModule) or super().is_leaf_module(m, qualname)

        root = Outer()
        outer = torch.fx.GraphModule(root, KeepGraphModules().trace(root))
        self.assertIs(outer.inner, inner)  # called as a module, the very object
        expected = self.outputs(outer)
        _move_randomly(inner.graph, 7, 30)
        x, call, mul, add, output = outer.graph.nodes
        add.prepend(output)
        x.append(mul)  # x mul call output add
        order_inner = _names(inner.graph)
        self.assertIs(fxpp.torch.stable_topological_sort(outer), outer)
        self.assertIs(outer.inner, inner)
        self.assertNotEqual(_names(inner.graph), order_inner)
        for graph in (outer.graph, inner.graph):
            seen = set()
            for n in graph.nodes:
                self.assertTrue(all(i in seen for i in n.all_input_nodes), n.name)
                seen.add(n)
        self.assertEqual(list(outer.graph.nodes)[-1].op, "output")
        torch.testing.assert_close(self.outputs(outer), expected)

    def test_cycle(self):
        graph = copy.deepcopy(self.gm).graph
        nodes = [n for n in graph.nodes if n.op == "call_function"]
        first, second = nodes[3], next(iter(nodes[3].users))
        first.args = (second,) + tuple(first.args[1:])  # first reads second, which reads first
        order = _names(graph)
        with self.assertRaisesRegex(
                ValueError, f"cycle: {first.name} -> {second.name} -> {first.name}"):
            fxpp.torch.stable_topological_sort(graph)
        self.assertEqual(_names(graph), order)  # unchanged
        for _, reference in _references():  # PyTorch: an assertion
            with self.assertRaises(AssertionError):
                reference(graph)

    def test_run_topo_sort_copies(self):
        """run(gm, "topo_sort") is the copying form (fxpp's pass): the input
        stays as it is; on graphs whose output is last, the same order."""
        make = self.unsorted_gpt(lambda g: _move_randomly(g, 3, 40))
        unsorted = make()
        self.assertEqual(list(unsorted.graph.nodes)[-1].op, "output")
        order = _names(unsorted.graph)
        result = fxpp.torch.run(unsorted, "topo_sort")
        self.assertIsNot(result, unsorted)
        self.assertEqual(_names(unsorted.graph), order)
        expected = make()
        fxpp.torch.stable_topological_sort(expected.graph)
        self.assertEqual(_names(result.graph), _names(expected.graph))
        self.assertIs(fxpp.torch.run(result, "topo_sort"), result)
        self.assert_same_outputs(result)

    def outputs(self, module):
        with torch.no_grad():
            return module(*self.gpt_inputs)

    def assert_same_outputs(self, module):
        torch.testing.assert_close(self.outputs(module), self.outputs(self.gpt),
                                   rtol=1e-4, atol=1e-5)


class ConversionMetadataTest(unittest.TestCase):
    """What the conversion reads into the IR's metadata: the fast sources
    (meta['tensor_meta'], a FakeTensor's fake_device) give what the
    FakeTensors themselves say, node for node (fxpp._C's meta_lines)."""

    @staticmethod
    def meta_lines(gm):
        return dict(fxpp.torch._extension().Module(gm, False).meta_lines())

    def assert_fast_equals_slow(self, gm):
        """The same metadata with and without tensor_meta, except the memory
        format, which only TensorMetadata records."""
        if not any("tensor_meta" in n.meta and "val" in n.meta for n in gm.graph.nodes):
            self.skipTest("this torch's make_fx records no val with its tensor_meta")
        with_records = self.meta_lines(gm)
        self.assertIn("memory_format=", "".join(with_records.values()))
        without_format = {name: re.sub(r" memory_format=\w+", "", text)
                          for name, text in with_records.items()}
        records = {n: n.meta.pop("tensor_meta") for n in gm.graph.nodes if "tensor_meta" in n.meta}
        try:
            self.assertEqual(without_format, self.meta_lines(gm))
        finally:
            for n, record in records.items():
                n.meta["tensor_meta"] = record
        return with_records

    def test_tensor_meta_and_fake_tensor_agree(self):
        x = torch.randn(2, 8, 16)
        gm = _aten_graph(nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 48)), (x,))
        lines = self.assert_fast_equals_slow(gm)
        self.assertTrue(any(isinstance(n.meta.get("val"), tuple) for n in gm.graph.nodes))
        self.assertTrue(any("f32[2, 8, 48]" in text for text in lines.values()), lines)

    def test_symbolic_shapes(self):
        def f(x):
            return torch.cat([x, x]).sum(0) + x.shape[0]

        try:
            gm = make_fx(f, tracing_mode="symbolic")(torch.randn(3, 4))
        except Exception as e:  # noqa: BLE001: make_fx's symbolic mode varies by torch
            self.skipTest(f"no symbolic make_fx here: {e}")
        lines = self.assert_fast_equals_slow(gm)
        # A symbolic dim: `s0` on 2.x, `t0.size(0)` on 1.13.
        self.assertTrue(any(re.search(r"f32\[[^\]]*[a-z]", text) for text in lines.values()),
                        lines)

    def test_tuple_values_from_getitem_users(self):
        """A multi-output op's tuple or list value (native_layer_norm, split)
        takes the elements its getitem users describe from their metadata,
        the others from its own FakeTensors: the IR's metadata is the same
        with every user's metadata, with half of it and with none (every
        element read from the FakeTensors), and the way back keeps the
        node's own value object (the source's recorded metadata is
        complete)."""
        def f(x):
            a, b, c = nn.functional.layer_norm(x, (16,)).chunk(3, dim=1)
            x.sum()  # dead: dce changes the graph, so it is rebuilt
            return a + 1, b.relu(), c

        gm = _aten_graph(f, (torch.randn(2, 8, 16),))
        multi = [n for n in gm.graph.nodes if isinstance(n.meta.get("val"), (tuple, list))]
        getitems = [u for n in multi for u in n.users if u.target is operator.getitem]
        if not any("tensor_meta" in u.meta for u in getitems):
            self.skipTest("this torch's make_fx records no tensor_meta on getitem nodes")
        self.assertGreater(len(getitems), len(multi))
        lines = [self.meta_lines(gm)]
        removed = {}
        try:
            for users in (getitems[::2], getitems[1::2]):
                for u in users:
                    removed[u] = (u.meta.pop("val", None), u.meta.pop("tensor_meta", None))
                lines.append(self.meta_lines(gm))
        finally:
            for u, (val, record) in removed.items():
                u.meta.update(val=val, tensor_meta=record)
        for n in multi:
            self.assertIn("f32[", lines[0][n.name])
            self.assertEqual(lines[0][n.name], lines[1][n.name], n.name)
            self.assertEqual(lines[0][n.name], lines[2][n.name], n.name)
        out = fxpp.torch.run(gm, "dce")
        self.assertLess(len(out.graph.nodes), len(gm.graph.nodes))
        out_nodes = {n.name: n for n in out.graph.nodes}
        for n in multi:
            self.assertIs(out_nodes[n.name].meta["val"], n.meta["val"], n.name)

    def test_meta_keys_compared_by_value(self):
        """Meta dicts whose keys are equal strings but not the interned
        literals (made at run time) read the same."""
        gm = _aten_graph(nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 48)), (torch.randn(2, 8, 16),))
        for i, n in enumerate(gm.graph.nodes):
            n.meta.update(stack_trace=f"File m.py, line {i}", seq_nr=i)
        expected = self.meta_lines(gm)
        self.assertIn("seq_nr", "".join(expected.values()))
        originals = {n: n.meta for n in gm.graph.nodes}
        for n in gm.graph.nodes:
            n.meta = {"".join(list(k)): v for k, v in n.meta.items()}
            self.assertTrue(all(k is not o for k, o in zip(n.meta, originals[n])))
        try:
            self.assertEqual(expected, self.meta_lines(gm))
        finally:
            for n, meta in originals.items():
                n.meta = meta

    @staticmethod
    def layer_stack_graph():
        layers = [m for _ in range(4) for m in (nn.Linear(16, 16), nn.ReLU())]
        return _aten_graph(nn.Sequential(*layers), (torch.randn(2, 16),))

    @staticmethod
    def own_copy(value):
        """`value` with every str in it a new object, as export makes them."""
        if isinstance(value, str):
            return "".join(list(value))
        if isinstance(value, (tuple, list)):
            return type(value)(ConversionMetadataTest.own_copy(v) for v in value)
        if isinstance(value, dict):
            return {ConversionMetadataTest.own_copy(k): ConversionMetadataTest.own_copy(v)
                    for k, v in value.items()}
        return value

    def assert_same_without_sharing(self, gm, key, lines):
        """`lines` are what `gm` reads as when every node's meta[key] is an
        object of its own, strings included."""
        for n in gm.graph.nodes:
            n.meta[key] = self.own_copy(n.meta[key])
        self.assertEqual(lines, self.meta_lines(gm))

    def test_module_stack_entries_under_shared_keys(self):
        """Export gives each node an nn_module_stack dict of its own, whose
        keys the nodes of a module share and whose (path, type) tuples and
        type names are new objects: entries under one key object that change
        path or type from node to node read as written, types given as text
        or as classes."""
        gm = self.layer_stack_graph()
        nodes = list(gm.graph.nodes)
        key = "L__self___layer"
        types = ["torch.nn.modules.linear.Linear", nn.LayerNorm, "torch.nn.modules.linear.Linear",
                 nn.Linear, "my.Module"]
        for i, n in enumerate(nodes):
            n.meta["nn_module_stack"] = {"L__self__": ("", "M"),
                                         key: (f"layer{i % 3}", self.own_copy(types[i % 5]))}
        lines = self.meta_lines(gm)
        for i, n in enumerate(nodes):
            ty = types[i % 5]
            name = ty if isinstance(ty, str) else fxpp._values.qualified_type_name(ty)
            self.assertIn(f"nn_module_stack: '{key}': ('layer{i % 3}', '{name}')\n",
                          lines[n.name])
        self.assert_same_without_sharing(gm, "nn_module_stack", lines)

    def test_module_stacks_that_change_depth_and_order(self):
        """Stacks that grow, shrink, reorder and change a path from node to
        node (each is compared with the previous node's, entry by entry)
        read as written."""
        gm = self.layer_stack_graph()
        nodes = list(gm.graph.nodes)
        root, a, b = ("L__self__", ("", "M")), ("L__self___a", ("a", "A")), \
            ("L__self___a_b", ("a.b", "B"))
        stacks = [[root], [root, a, b], [root, a], [root, a], [b, a, root], [a, b],
                  [root, ("L__self___a", ("a2", "A"))], [root, a, b], [root, a, b]]
        for i, n in enumerate(nodes):
            n.meta["nn_module_stack"] = self.own_copy(dict(stacks[i % len(stacks)]))
        lines = self.meta_lines(gm)
        for i, n in enumerate(nodes):
            read = [line for line in lines[n.name].splitlines()
                    if line.startswith("nn_module_stack: ")]
            self.assertEqual(read, [f"nn_module_stack: '{key}': ('{path}', '{ty}')"
                                    for key, (path, ty) in stacks[i % len(stacks)]], n.name)

    def test_source_fn_stacks(self):
        """source_fn_stack lists shared by nodes, and entries that are
        lists rather than tuples, read as written."""
        gm = self.layer_stack_graph()
        nodes = list(gm.graph.nodes)
        shared = [("linear", nn.Linear), ("relu", torch.relu)]
        for i, n in enumerate(nodes):
            n.meta["source_fn_stack"] = (shared if i % 4 < 2 else
                                         [[f"fn{i}", "torch.add"]] if i % 4 == 2 else
                                         [(f"fn{i}", nn.Linear)])
        lines = self.meta_lines(gm)
        for i, n in enumerate(nodes):
            expected = ("source_fn_stack: ('linear', 'torch.nn.modules.linear.Linear')\n"
                        "source_fn_stack: ('relu', " if i % 4 < 2 else
                        f"source_fn_stack: ('fn{i}', 'torch.add')\n" if i % 4 == 2 else
                        f"source_fn_stack: ('fn{i}', 'torch.nn.modules.linear.Linear')\n")
            self.assertIn(expected, lines[n.name])
        self.assert_same_without_sharing(gm, "source_fn_stack", lines)

    def test_metadata_changed_while_converting(self):
        """Converting runs Python code (a node's type is named by its repr),
        which may change the metadata of nodes the conversion has looked at
        ahead of time: it reads what they hold when their turn comes."""
        gm = self.layer_stack_graph()
        nodes = list(gm.graph.nodes)
        for i, n in enumerate(nodes):
            n.meta.update(stack_trace=f"File m.py, line {i}", seq_nr=i,
                          nn_module_stack={"L__self__": ("", "M")})

        class RewritesLaterNodes:
            def __repr__(self):
                for j, n in enumerate(nodes[3:]):
                    n.meta["stack_trace"] = f"File changed.py, line {j}"
                    n.meta["seq_nr"] = 1000 + j
                    n.meta["nn_module_stack"] = {"L__self__": ("", f"Changed{j}")}
                return "RewritesLaterNodes"

        nodes[2].type = RewritesLaterNodes()
        lines = self.meta_lines(gm)
        self.assertGreater(len(nodes), 20)
        for j, n in enumerate(nodes[3:]):
            self.assertIn(f"changed.py, line {j}", lines[n.name])
            self.assertIn(f"seq_nr: {1000 + j}\n", lines[n.name])
            self.assertIn(f"'Changed{j}')", lines[n.name])

    def test_argument_whose_class_claims_node(self):
        """An argument whose __class__ says torch.fx.Node is a Node to
        isinstance, though its type is a list's: the conversion still asks
        isinstance for such a type (no per-type shortcut), so it is not read
        as a list but refused as a node of no graph."""
        class ClaimsNode(list):
            name = "claims_node"
            __class__ = property(lambda self: torch.fx.Node)

        gm = _aten_graph(nn.ReLU(), (torch.randn(2, 3),))
        node = next(n for n in gm.graph.nodes if n.op == "call_function")
        # Set where the args property would not make it an immutable_list.
        node._args = (node._args[0], ClaimsNode([1]))
        self.assertIsInstance(node._args[1], torch.fx.Node)
        with self.assertRaisesRegex(ValueError, "'claims_node' is not a node defined before it"):
            fxpp.torch._extension().Module(gm, False)

    def test_fake_device(self):
        """FakeTensors on alternating devices (faked: no GPU needed), each
        with a device object of its own: the device is read per tensor
        (fake_device), not taken from a cache by mistake."""
        from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode

        x = torch.randn(2, 3)
        gm = _aten_graph(nn.Sequential(nn.ReLU(), nn.Tanh(), nn.ReLU()), (x,))
        mode = FakeTensorMode()
        nodes = [n for n in gm.graph.nodes if n.op == "call_function"]
        devices = ["cuda:0", "cpu"]
        for i, n in enumerate(nodes):
            n.meta["val"] = FakeTensor(mode, torch.empty(2, 3, device="meta"),
                                       torch.device(devices[i % 2]))
            n.meta.pop("tensor_meta", None)
        self.assertEqual([str(n.meta["val"].device) for n in nodes][:2], devices)
        lines = self.meta_lines(gm)
        for i, n in enumerate(nodes):
            self.assertIn(f" {devices[i % 2]}", lines[n.name], n.name)
            self.assertNotIn(f" {devices[1 - i % 2]}", lines[n.name], n.name)


@unittest.skipUnless(
    hasattr(torch, "export"),
    "this torch has no torch.export (Debian's PyTorch 1.13), so there is no ExportedProgram to "
    "unflatten; these tests run under PyTorch 2.6 (docs/PYTHON.md)")
class UnflattenTest(unittest.TestCase):
    """fxpp.torch.unflatten against torch.export.unflatten on the real programs
    of testing/exported (tools/python/make_export_fixtures.py's cases)."""

    @classmethod
    def setUpClass(cls):
        import make_export_fixtures
        cls.fixtures = make_export_fixtures

    def check(self, name):
        import copy
        _, make, expected_from = self.fixtures.CASES[name]
        # PyTorch's unflatten edits its input: each side gets its own copy.
        original = make()
        reference_ep = self.fixtures.CASES[expected_from][1]() if expected_from else original
        expected = torch.export.unflatten(copy.deepcopy(reference_ep))
        ep = copy.deepcopy(original)
        before = {k: v.clone() for k, v in ep.state_dict.items()}
        actual = fxpp.torch.unflatten(ep)
        # The same module tree, graphs, state and printed code as PyTorch's.
        described, reference = self.fixtures.describe(actual), self.fixtures.describe(expected)
        if expected_from:
            # The code's comments quote stack traces, which differ between
            # two exports of the model.
            del described["readable"], reference["readable"]
        if any(isinstance(m, torch.fx.GraphModule) for m in original.graph_module.children()):
            # PyTorch adds higher-order ops' subgraphs in set order (its
            # _copy_graph_attrs), which varies between runs: order aside.
            del described["readable"], reference["readable"]
            for d in (described, reference):
                d["modules"].sort(key=lambda m: m["fqn"])
        self.assertEqual(described, reference)
        # Parameters and buffers are the program's own tensors (an
        # InterpreterModuleDispatcher holds its buffers as plain attributes).
        for fqn, tensor in ep.state_dict.items():
            self.assertIs(operator.attrgetter(fqn)(actual), tensor, fqn)
        # Same outputs, twice (buffer mutations carry over between calls),
        # starting from the same state.
        for fqn, value in before.items():
            ep.state_dict[fqn].data.copy_(value)
        args, kwargs = reference_ep.example_inputs
        for _ in range(2):
            with torch.no_grad():
                torch.testing.assert_close(actual(*args, **kwargs), expected(*args, **kwargs))
        for fqn, value in expected.state_dict().items():
            torch.testing.assert_close(actual.state_dict()[fqn], value, msg=fqn)

    def test_every_program(self):
        for name in self.fixtures.CASES:
            with self.subTest(name):
                self.check(name)

    def test_where_pytorch_is_wrong(self):
        # make_pytorch_wrong_export_fixtures' programs: PyTorch's unflattened
        # module fails or computes something else; fxpp's computes what the
        # program does, writes to its input included, or fxpp refuses it.
        import make_pytorch_wrong_export_fixtures as wrong
        for name, (_, make) in wrong.CASES.items():
            with self.subTest(name):
                ep = make()
                args, kwargs = ep.example_inputs
                expected_args = copy.deepcopy(args)
                if name in wrong.FXPP_REFUSES:
                    with self.assertRaises(ValueError):
                        fxpp.torch.unflatten(ep)
                    continue
                with torch.no_grad():
                    expected = copy.deepcopy(ep).module()(*expected_args, **kwargs)
                    actual = fxpp.torch.unflatten(ep)(*args, **kwargs)
                torch.testing.assert_close(actual, expected)
                torch.testing.assert_close(args, expected_args)

    def test_pytree_types_that_cannot_be_serialized(self):
        # A namedtuple goes in, to the program and to a submodule, and
        # torch.return_types.max comes out: pytree cannot serialize either
        # (torch.export.save refuses the program), unflatten takes them.
        pair = collections.namedtuple("Pair", "first second")

        class Inner(nn.Module):
            def forward(self, p):
                return torch.max(p.first * p.second, dim=-1)

        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                self.inner = Inner()

            def forward(self, p, *, scale):
                found = self.inner(pair(p.first * scale, p.second))
                return found, found.values + 1

        args, kwargs = (pair(torch.randn(2, 4), torch.randn(4)),), {"scale": 2.0}
        ep = torch.export.export(Outer(), args, kwargs)
        expected = torch.export.unflatten(copy.deepcopy(ep))(*args, **kwargs)
        actual = fxpp.torch.unflatten(ep)(*args, **kwargs)
        self.assertIs(type(actual[0]), torch.return_types.max)
        torch.testing.assert_close(actual, expected)
        with self.assertRaisesRegex(ValueError, "cannot be written: .*Pair"):
            fxpp.dumps(ep)

    def test_subgraphs_nested_in_subgraphs(self):
        # A cond in a cond's branch: the inner branches are the outer
        # branch's own submodules, named like the program's root ones
        # (true_graph_0 inside true_graph_0), not those.
        class Nested(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(4, 4)

            def forward(self, x):
                def outer_true(y):
                    return torch.cond(y.mean() > 0, lambda z: self.lin(z).relu(),
                                      lambda z: z * 2, (y,)) + 1

                return torch.cond(x.sum() > 0, outer_true, lambda y: self.lin(y).tanh(), (x,))

        x = torch.randn(3, 4)
        ep = torch.export.export(Nested(), (x,))
        expected = torch.export.unflatten(copy.deepcopy(ep))
        ep = copy.deepcopy(ep)  # as PyTorch's: its subgraphs' classes renamed GraphModule
        actual = fxpp.torch.unflatten(ep)
        inner = actual.true_graph_0.true_graph_0
        self.assertIsNot(inner, actual.true_graph_0)
        self.assertIs(inner, ep.graph_module.true_graph_0.true_graph_0)
        described, reference = self.fixtures.describe(actual), self.fixtures.describe(expected)
        for d in (described, reference):
            del d["readable"]  # subgraphs in set order (test_every_program)
            d["modules"].sort(key=lambda m: m["fqn"])
        self.assertEqual(described, reference)
        for sign in (1, -1):
            torch.testing.assert_close(actual(sign * x.abs()), expected(sign * x.abs()))

    def test_random_draws_nothing_reads_are_kept(self):
        # The buffer mutation makes unflatten rewrite the program, dead code
        # removed; the unused draw still advances the generator.
        class Draws(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("calls", torch.zeros(()))

            def forward(self, x):
                self.calls.add_(1)
                torch.rand(3)
                return x + torch.randn_like(x)

        x = torch.randn(2, 3)
        ep = torch.export.export(Draws(), (x,))
        torch.manual_seed(0)
        expected = Draws()(x)
        unflattened = fxpp.torch.unflatten(ep)
        torch.manual_seed(0)
        torch.testing.assert_close(unflattened(x), expected)

    def test_metadata_kept(self):
        ep = self.fixtures.CASES["transformer"][1]()
        actual = fxpp.torch.unflatten(ep)
        flat = {n.name: n for n in ep.graph.nodes if n.op == "call_function"}
        checked = set()
        for _, module in actual.named_modules():
            for node in getattr(module, "graph", torch.fx.Graph()).nodes:
                source = flat.get(node.name)
                if node.op == "call_function" and source is not None:
                    self.assertIs(node.meta["val"], source.meta["val"])
                    self.assertEqual(node.meta["nn_module_stack"], source.meta["nn_module_stack"])
                    self.assertEqual(node.meta.get("stack_trace"), source.meta.get("stack_trace"))
                    checked.add(node.name)
        self.assertEqual(checked, set(flat))  # every call, with its metadata

    def test_exported_program_input(self):
        ep = self.fixtures.CASES["transformer"][1]()
        deduped = fxpp.torch.dedup(ep)
        args, kwargs = ep.example_inputs
        with torch.no_grad():
            torch.testing.assert_close(deduped(*args, **kwargs), ep.module()(*args, **kwargs))

    def test_not_a_program(self):
        with self.assertRaises(TypeError):
            fxpp.torch.unflatten(torch.nn.Linear(2, 2))

    def test_program_files_in_every_format(self):
        # fxpp.dump writes a program as JSON, .pb and .fxg, and each reads
        # back (through the extension) as the very program the JSON holds.
        import tempfile
        from fxpp import _C
        for name in ("transformer", "buffers", "preserved_calls"):
            ep = self.fixtures.CASES[name][1]()
            with tempfile.TemporaryDirectory() as tmp, self.subTest(name):
                as_json = {}
                for ext in ("json", "pb", "fxg"):
                    path = os.path.join(tmp, f"p.{ext}")
                    fxpp.dump(ep, path, weights=False)
                    with open(path, "rb") as f:
                        as_json[ext] = _C.file_to_json(f.read(), path)
                with open(os.path.join(tmp, "p.fxg"), "rb") as f:
                    self.assertTrue(f.read().startswith(b"fxg 1\nprogram\n"))
                self.assertEqual(as_json["pb"], as_json["json"])
                self.assertEqual(as_json["fxg"], as_json["json"])


if __name__ == "__main__":
    unittest.main()
