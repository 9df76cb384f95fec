#!/usr/bin/env python3
"""Tests of the Python bridge on small hand-made cases: fxpp.load of every
argument kind, invoke_subgraph, exported programs, weights lookup, errors
naming the node, the command line, and the output comparison.

  PYTHONPATH=tools/python /usr/bin/python3 tools/python/realmodels/bridge_test.py
"""

import collections
import contextlib
import importlib.util
import io
import json
import math
import os
import stat
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.utils.parametrize as parametrize  # noqa: E402

import fxpp  # noqa: E402
from fxpp import __main__ as cli  # noqa: E402
from fxpp import _capture, _check, _files, _weights  # noqa: E402
from realmodels import models  # noqa: E402


def node(name, op, target, args=(), kwargs=None):
    out = {"name": name, "op": "OP_KIND_" + op, "target": target, "args": list(args)}
    if kwargs:
        out["kwargs"] = [{"name": k, "value": v} for k, v in kwargs.items()]
    return out


def ref(name):
    return {"node": name}


def graph_file(nodes, children=(), state=()):
    module = {"class_name": "GraphModule", "graph": {"nodes": nodes}}
    if children:
        module["children"] = [{"name": n, "module": m} for n, m in children]
    if state:
        module["state"] = list(state)
    return {"format_version": 1, "module": module}


def _has_extension():
    """Whether fxpp._C is built (Bazel's runfiles have it), which .pb and
    .fxg dumps need."""
    return importlib.util.find_spec("fxpp._C") is not None


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def tensor_meta(shape, dtype="FLOAT32"):
    return {"shape": [{"value": str(d)} for d in shape], "dtype": "SCALAR_TYPE_" + dtype,
            "device": "cpu"}


class LoadArgumentsTest(unittest.TestCase):
    def test_every_argument_kind_is_rebuilt(self):
        nodes = [
            node("x", "PLACEHOLDER", "x"),
            # torch.full(size, fill, dtype=..., device=..., layout=...)
            node("full", "CALL_FUNCTION", "torch.full",
                 [{"opaque": "torch.Size([2, 3])"}, {"float_value": 1.5}],
                 {"dtype": {"dtype": "SCALAR_TYPE_FLOAT64"}, "device": {"device": "cpu"},
                  "layout": {"layout": "LAYOUT_STRIDED"}}),
            node("contig", "CALL_METHOD", "contiguous", [ref("full")],
                 {"memory_format": {"memory_format": "MEMORY_FORMAT_CONTIGUOUS"}}),
            node("sliced", "CALL_FUNCTION", "operator.getitem",
                 [ref("contig"), {"tuple": {"elements": [
                     {"ellipsis": {}},
                     {"slice": {"start": {"int_value": "1"}, "stop": {"none": {}},
                                "step": {"none": {}}}}]}}]),
            node("inf", "CALL_FUNCTION", "operator.add",
                 [{"float_value": "Infinity"}, {"float_bits": str(0x8000000000000000)}]),
            node("cat", "CALL_FUNCTION", "torch.cat",
                 [{"list": {"elements": [ref("x"), ref("x")]}}], {"dim": {"int_value": "0"}}),
            node("flag", "CALL_FUNCTION", "operator.not_", [{"bool_value": False}]),
            node("out", "OUTPUT", "output", [{"tuple": {"elements": [
                ref("sliced"), ref("inf"), ref("cat"), ref("flag"),
                {"dict": {"entries": [{"key": {"string_value": "k"},
                                       "value": {"none": {}}}]}}]}}]),
        ]
        module = fxpp.loads(json.dumps(graph_file(nodes)))
        sliced, inf, cat, flag, extra = module(torch.ones(2))
        self.assertEqual(sliced.dtype, torch.float64)
        self.assertEqual(list(sliced.shape), [2, 2])
        self.assertTrue(math.isinf(inf) and inf > 0)
        self.assertEqual(cat.tolist(), [1.0, 1.0, 1.0, 1.0])
        self.assertIs(flag, True)
        self.assertEqual(extra, {"k": None})

    def test_negative_zero_keeps_its_sign(self):
        nodes = [node("neg_zero", "CALL_FUNCTION", "operator.mul",
                      [{"float_bits": str(0x8000000000000000)}, {"float_value": 1.0}]),
                 node("out", "OUTPUT", "output", [ref("neg_zero")])]
        self.assertEqual(math.copysign(1.0, fxpp.loads(json.dumps(graph_file(nodes)))()), -1.0)

    def test_camel_case_field_names_are_accepted(self):
        text = json.dumps(graph_file([node("x", "PLACEHOLDER", "x"),
                                      node("y", "CALL_FUNCTION", "torch.neg", [ref("x")]),
                                      node("out", "OUTPUT", "output", [ref("y")])]))
        text = text.replace("format_version", "formatVersion").replace("class_name", "className")
        self.assertEqual(fxpp.loads(text)(torch.tensor([2.0])).item(), -2.0)


class LoadErrorsTest(unittest.TestCase):
    def assertLoadError(self, nodes, *fragments, **kwargs):
        with self.assertRaises(fxpp.LoadError) as caught:
            fxpp.loads(json.dumps(graph_file(nodes, **kwargs)))
        for fragment in fragments:
            self.assertIn(fragment, str(caught.exception))

    def test_unknown_target_names_the_node(self):
        self.assertLoadError(
            [node("x", "PLACEHOLDER", "x"),
             node("frob", "CALL_FUNCTION", "torch.ops.aten.no_such_op.default", [ref("x")]),
             node("out", "OUTPUT", "output", [ref("frob")])],
            "node 'frob'", "torch.ops.aten.no_such_op.default", "has no attribute")

    def test_function_of_a_script_names_the_node(self):
        self.assertLoadError([node("helper", "CALL_FUNCTION", "__main__.my_helper"),
                              node("out", "OUTPUT", "output", [ref("helper")])],
                             "node 'helper'", "__main__.my_helper")

    def test_reference_to_a_later_node(self):
        self.assertLoadError([node("a", "CALL_FUNCTION", "torch.neg", [ref("b")]),
                              node("b", "PLACEHOLDER", "b"),
                              node("out", "OUTPUT", "output", [ref("a")])],
                             "node 'a'", "'b' is not a node defined before it")

    def test_symbolic_sizes_cannot_run(self):
        self.assertLoadError([node("z", "CALL_FUNCTION", "torch.zeros", [{"sym_int": "s0"}]),
                              node("out", "OUTPUT", "output", [ref("z")])],
                             "node 'z'", "symbolic size (s0)")

    def test_unknown_opaque_value(self):
        self.assertLoadError([node("f", "CALL_FUNCTION", "torch.neg", [{"opaque": "<object>"}]),
                              node("out", "OUTPUT", "output", [ref("f")])],
                             "node 'f'", "'<object>'")

    def test_missing_weights_name_the_state(self):
        self.assertLoadError(
            [node("w", "GET_ATTR", "weight"), node("out", "OUTPUT", "output", [ref("w")])],
            "'weight'", "float32[2, 3]", "no weights given",
            state=[{"name": "weight", "kind": "STATE_KIND_PARAMETER",
                    "tensor": tensor_meta([2, 3])}])

    def test_leaf_module_without_its_object(self):
        self.assertLoadError(
            [node("x", "PLACEHOLDER", "x"), node("fc", "CALL_MODULE", "fc", [ref("x")]),
             node("out", "OUTPUT", "output", [ref("fc")])],
            "module 'fc'", "torch.nn.modules.linear.Linear", "constructor arguments",
            children=[("fc", {"class_name": "torch.nn.modules.linear.Linear"})])

    def test_not_an_fxpp_file(self):
        with self.assertRaises(fxpp.LoadError) as caught:
            fxpp.loads("{}")
        self.assertIn("not an fxpp JSON file", str(caught.exception))


def invoke_graph(tuple_operands):
    """x -> invoke_subgraph(subgraph_0 = (a, b) -> (a * b,)) on (x, x + 1)."""
    operands = [ref("x"), ref("x1")]
    args = [ref("subgraph_0"), {"string_value": "subgraph_0"}]
    args += [{"tuple": {"elements": operands}}] if tuple_operands else operands
    nodes = [node("subgraph_0", "GET_ATTR", "subgraph_0"), node("x", "PLACEHOLDER", "x"),
             node("x1", "CALL_FUNCTION", "operator.add", [ref("x"), {"int_value": "1"}]),
             node("invoke", "CALL_FUNCTION", "torch.ops.higher_order.invoke_subgraph", args),
             node("item", "CALL_FUNCTION", "operator.getitem", [ref("invoke"), {"int_value": "0"}]),
             node("out", "OUTPUT", "output", [ref("item")])]
    sub = {"class_name": "GraphModule", "graph": {"nodes": [
        node("a", "PLACEHOLDER", "a"), node("b", "PLACEHOLDER", "b"),
        node("mul", "CALL_FUNCTION", "operator.mul", [ref("a"), ref("b")]),
        node("out", "OUTPUT", "output", [{"tuple": {"elements": [ref("mul")]}}])]}}
    return graph_file(nodes, children=[("subgraph_0", sub)])


class InvokeSubgraphTest(unittest.TestCase):
    def test_flat_operands_run_the_subgraph(self):
        module = fxpp.loads(json.dumps(invoke_graph(tuple_operands=False)))
        self.assertEqual(module(torch.tensor([2.0])).item(), 6.0)
        self.assertIn("subgraph_0", [m for m, _ in module.named_children()])

    def test_pytorch_26_tuple_operands_run_the_subgraph(self):
        module = fxpp.loads(json.dumps(invoke_graph(tuple_operands=True)))
        self.assertEqual(module(torch.tensor([2.0])).item(), 6.0)


class ExportedProgramTest(unittest.TestCase):
    def test_parameters_inputs_and_buffer_mutations(self):
        graph = [node("p_w", "PLACEHOLDER", "p_w"), node("b_count", "PLACEHOLDER", "b_count"),
                 node("x", "PLACEHOLDER", "x"),
                 node("mul", "CALL_FUNCTION", "torch.ops.aten.mul.Tensor", [ref("x"), ref("p_w")]),
                 node("add", "CALL_FUNCTION", "torch.ops.aten.add.Tensor",
                      [ref("b_count"), {"int_value": "1"}]),
                 node("out", "OUTPUT", "output",
                      [{"tuple": {"elements": [ref("add"), ref("mul")]}}])]
        state = {"class_name": "torch.nn.Module", "state": [
            {"name": "w", "kind": "STATE_KIND_PARAMETER", "tensor": tensor_meta([2])},
            {"name": "count", "kind": "STATE_KIND_BUFFER", "tensor": tensor_meta([]),
             "persistent": True}]}
        def spec(kind, name, target=None):
            out = {"kind": kind, "arg": {"tensor": {"name": name}}}
            if target:
                out["target"] = target
            return out

        program = {
            "format_version": 1, "graph_module": graph_file(graph),
            "graph_signature": {
                "input_specs": [spec("INPUT_KIND_PARAMETER", "p_w", "w"),
                                spec("INPUT_KIND_BUFFER", "b_count", "count"),
                                spec("INPUT_KIND_USER_INPUT", "x")],
                "output_specs": [spec("OUTPUT_KIND_BUFFER_MUTATION", "add", "count"),
                                 spec("OUTPUT_KIND_USER_OUTPUT", "mul")]},
            "state": {"format_version": 1, "module": state}}
        weights = {"w": torch.tensor([2.0, 3.0]), "count": torch.tensor(0.0)}
        module = fxpp.loads(json.dumps(program), weights=weights)
        self.assertEqual(module(torch.tensor([1.0, 1.0])).tolist(), [2.0, 3.0])
        module(torch.tensor([1.0, 1.0]))
        self.assertEqual(module.count.item(), 2.0)

    @unittest.skipUnless(hasattr(torch, "export"), "torch.export is PyTorch 2.x's")
    def test_call_structure_of_the_exported_forward(self):
        """A loaded program, or ep.module(), takes and returns what the
        exported forward did: nested and keyword arguments, one tensor
        alone, a dict."""
        class Nested(nn.Module):
            def forward(self, pair, mapping, *, scale=2.0):
                a, (b,) = pair
                return {"out": a * scale + b - mapping["c"][0], "n": [a.sum()]}

        class Single(nn.Module):
            def forward(self, x):
                return x.relu()

        x = torch.randn(2, 3)
        for model, args, kwargs in (
                (Nested(), ((x, (x + 1,)), {"c": [x * 2]}), {"scale": 3.0}),
                (Single(), (x,), {})):
            ep = torch.export.export(model, args, kwargs)
            expected = model(*args, **kwargs)
            for program in (ep, ep.module()):  # the program, and its module (a pytree CodeGen)
                with tempfile.TemporaryDirectory() as tmp:
                    path = os.path.join(tmp, "p.json")
                    fxpp.dump(program, path)
                    module = fxpp.load(path)
                actual = module(*args, **kwargs)
                self.assertEqual(type(actual), type(expected))
                torch.testing.assert_close(actual, expected)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.norm = nn.BatchNorm1d(4)

    def forward(self, x):
        return torch.relu(self.norm(self.fc(x))) + x


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.register_buffer("scale", torch.tensor([0.5, 1.0, 1.5, 2.0]))

    def forward(self, x):
        return self.blocks(x) * self.scale


# A namedtuple input (module level: pickle saves classes by name).
Pair = collections.namedtuple("Pair", "first second")


class WriteFilesTest(unittest.TestCase):
    """fxpp._files.write_files, what dump and save_weights write with."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        self.first, self.second = (os.path.join(self.dir, name) for name in ("first", "second"))
        with open(self.first, "wb") as f:
            f.write(b"old")

    def write_both(self):
        _files.write_files([(self.first, lambda f: f.write(b"new first")),
                            (self.second, lambda f: f.write(b"new second"))])

    def test_a_failed_rename_puts_back_the_files_renamed_before_it(self):
        rename = os.replace

        def fail_on_second(source, target):
            if target == self.second:
                raise OSError("the rename failed")
            rename(source, target)

        with mock.patch.object(os, "replace", side_effect=fail_on_second):
            with self.assertRaisesRegex(OSError, "the rename failed"):
                self.write_both()
        self.assertEqual(_read(self.first), b"old")
        self.assertEqual(os.listdir(self.dir), ["first"])  # no temporary or backup left
        self.write_both()
        self.assertEqual((_read(self.first), _read(self.second)), (b"new first", b"new second"))
        self.assertEqual(sorted(os.listdir(self.dir)), ["first", "second"])

    def test_a_failed_write_replaces_nothing(self):
        def fail(f):
            raise RuntimeError("cannot write")

        with self.assertRaisesRegex(RuntimeError, "cannot write"):
            _files.write_files([(self.first, lambda f: f.write(b"new")), (self.second, fail)])
        self.assertEqual(_read(self.first), b"old")
        self.assertEqual(os.listdir(self.dir), ["first"])

    def test_two_outputs_to_one_file_are_refused(self):
        with self.assertRaisesRegex(ValueError, "two outputs go to one file"):
            _files.write_files([(self.first, lambda f: f.write(b"a")),
                                (os.path.join(self.dir, ".", "first"), lambda f: f.write(b"b"))])
        self.assertEqual(_read(self.first), b"old")


class RoundTripTest(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)
        self.model = Stack().eval()
        self.x = torch.randn(3, 4)
        self.dir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))

    def dump(self, tracer):
        obj, _ = _capture.capture(self.model, (self.x,), tracer)
        path = os.path.join(self.dir, f"{tracer}.json")
        fxpp.dump(obj, path)
        return path

    def test_symbolic_trace_with_leaf_modules(self):
        path = self.dump("symbolic_trace")
        self.assertTrue(path.endswith(".json"))
        self.assertTrue(os.path.exists(os.path.join(self.dir, "symbolic_trace.weights.pt")))
        loaded = fxpp.load(path)  # the side file is found next to the JSON
        self.assertTrue(torch.equal(loaded(self.x), self.model(self.x)))
        block = loaded.get_submodule("blocks.0")
        self.assertIsInstance(block.norm, nn.BatchNorm1d)
        # The leaf module is a copy: the loaded model's state is its own.
        self.assertIsNot(block.fc.weight, self.model.blocks[0].fc.weight)

    def test_make_fx_graph_with_the_model_as_weights(self):
        obj, _ = _capture.capture(self.model, (self.x,), "make_fx")
        self.assertTrue(all(n.op == "output" or "tensor_meta" in n.meta
                            for n in obj.graph.nodes), "shapes were propagated")
        path = os.path.join(self.dir, "m.json")
        fxpp.dump(obj, path)
        loaded = fxpp.load(path, weights=obj)
        self.assertTrue(torch.equal(loaded(self.x), self.model(self.x)))

    def test_dump_propagates_shapes_and_writes_weights(self):
        gm = torch.fx.symbolic_trace(self.model)  # 1.13: no tensor metadata
        path = os.path.join(self.dir, "plain.json")
        fxpp.dump(gm, path, example_inputs=(self.x,))
        with open(path) as f:
            nodes = json.load(f)["module"]["graph"]["nodes"]
        self.assertEqual(nodes[1]["meta"]["val"]["tensor"]["shape"],
                         [{"value": "3"}, {"value": "4"}])
        self.assertTrue(os.path.exists(fxpp.weights_path(path)))
        bare = os.path.join(self.dir, "bare.json")
        fxpp.dump(gm, bare, weights=False)
        self.assertFalse(os.path.exists(fxpp.weights_path(bare)))

    def test_moved_state_is_found_through_the_fqn_map_and_by_suffix(self):
        path = self.dump("symbolic_trace")
        with open(path) as f:
            root = json.load(f)
        # Nest the whole tree one level down, as split does per submodule.
        inner = root["module"]
        outer = {"class_name": "GraphModule", "children": [{"name": "part0", "module": inner}],
                 "graph": {"nodes": [node("x", "PLACEHOLDER", "x"),
                                     node("call", "CALL_MODULE", "part0", [ref("x")]),
                                     node("out", "OUTPUT", "output", [ref("call")])]}}
        moved = json.dumps({"format_version": 1, "module": outer})
        weights = fxpp.weights_path(path)
        for fqn_map in (None, {"blocks.0.fc": "part0.blocks.0.fc"}):
            loaded = fxpp.loads(moved, weights=weights, fqn_map=fqn_map)
            self.assertTrue(torch.equal(loaded(self.x), self.model(self.x)))

    def test_tied_weights_stay_tied(self):
        class Tied(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(5, 4)
                self.head = nn.Linear(4, 5, bias=False)
                self.head.weight = self.emb.weight

            def forward(self, idx):
                return self.head(self.emb(idx))

        model = Tied().eval()
        idx = torch.tensor([[0, 3, 4]])
        obj, _ = _capture.capture(model, (idx,), "symbolic_trace")
        path = os.path.join(self.dir, "tied.json")
        fxpp.dump(obj, path)
        with open(path) as f:
            module = json.load(f)["module"]
        groups = {child["name"]: child["module"]["state"][0].get("storage_group")
                  for child in module["children"]}
        self.assertEqual(groups, {"emb": 1, "head": 1})
        loaded = fxpp.load(path, weights=obj)
        self.assertIs(loaded.emb.weight, loaded.head.weight)
        self.assertTrue(torch.equal(loaded(idx), model(idx)))

    def test_state_sharing_storage_keeps_sharing_it(self):
        """A constant that views a buffer (symbolic_trace's
        _tensor_constant0 for `self.cache_t`): after a load, writes to the
        buffer show through the constant, as in the module dumped."""
        x = torch.ones(2, 3)
        gm = torch.fx.symbolic_trace(models.CacheView())
        path = os.path.join(self.dir, "cache_view.json")
        fxpp.dump(gm, path)
        loaded = fxpp.load(path)
        self.assertTrue(torch.equal(loaded(x), x))
        self.assertTrue(torch.equal(loaded(x), 2 * x))
        self.assertTrue(torch.equal(gm.cache, torch.zeros(3, 2)))  # a copy was written

    def test_state_sharing_storage_is_refused_by_functionalize(self):
        """The dump records which state tensors share storage
        (storage_group): the functionalize tool, which would write the
        buffer back only at the end while the constant viewing it is read
        before, refuses the graph instead of computing a stale value."""
        gm = torch.fx.symbolic_trace(models.CacheView())
        path = os.path.join(self.dir, "cache_view.json")
        fxpp.dump(gm, path)
        with open(path) as f:
            state = json.load(f)["module"]["state"]
        groups = {entry["name"]: entry.get("storage_group") for entry in state}
        # PyTorch 1.13 reads the constant as `cache_t`, 2.x as `_tensor_constant0`.
        view = next(name for name in groups if name != "cache")
        self.assertEqual(groups, {"cache": 1, view: 1})
        out = os.path.join(self.dir, "functional.json")
        for flags in ([], ["--keep_input_mutations"]):
            done = subprocess.run(["tools/functionalize", path, "-o", out] + flags,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            self.assertEqual(done.returncode, 1, done.stderr)
            self.assertIn(f"writes attribute 'cache', which shares its storage with '{view}'",
                          done.stderr)
            self.assertFalse(os.path.exists(out))

    def test_wrong_weights_are_refused(self):
        path = self.dump("symbolic_trace")
        weights = _weights.load_trusted(fxpp.weights_path(path))
        weights["tensors"]["scale"] = torch.zeros(5)
        with self.assertRaises(fxpp.LoadError) as caught:
            fxpp.load(path, weights=weights)
        self.assertIn("state 'scale': the JSON says float32[4], the weights hold torch.float32 [5]",
                      str(caught.exception))

    def test_a_module_that_cannot_be_saved_leaves_the_earlier_dump(self):
        path = self.dump("symbolic_trace")
        weights = fxpp.weights_path(path)
        before = {p: _read(p) for p in (path, weights)}
        model = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
        parametrize.register_parametrization(model[0], "weight", nn.Tanh())
        with self.assertRaises(ValueError) as caught:
            fxpp.dump(torch.fx.symbolic_trace(model), path)
        self.assertIn("module '0' is parametrized (torch.nn.utils.parametrize: weight)",
                      str(caught.exception))
        # Neither the graph nor its weights changed, and no temporary is left.
        self.assertEqual({p: _read(p) for p in (path, weights)}, before)
        self.assertEqual(sorted(os.listdir(self.dir)), sorted(os.path.basename(p) for p in before))
        self.assertTrue(torch.equal(fxpp.load(path)(self.x), self.model(self.x)))

    def test_complex_scalars_round_trip(self):
        # Complex arguments are kept as their repr, which load parses back.
        class Rotate(nn.Module):
            def forward(self, x):
                z = torch.view_as_complex(x) * (1 - 2j) + 0.5j
                return torch.view_as_real(z * complex(-0.0, -0.0) + z * complex(float("inf"), 1))

        model, x = Rotate(), torch.randn(3, 2)
        gm = torch.fx.symbolic_trace(model)
        for ext in ("json", "pb", "fxg") if _has_extension() else ("json",):
            path = os.path.join(self.dir, f"rotate.{ext}")
            fxpp.dump(gm, path)
            torch.testing.assert_close(fxpp.load(path)(x), model(x), rtol=0, atol=0,
                                       equal_nan=True, msg=ext)

    def test_a_symlinked_dump_stays_a_link_and_keeps_its_mode(self):
        # The link's target is written (the link stays a link), and an
        # existing file keeps its mode; a new file gets 0666 minus the umask.
        real = os.path.join(self.dir, "real.json")
        with open(real, "w") as f:
            f.write("old")
        os.chmod(real, 0o600)
        link = os.path.join(self.dir, "link.json")
        os.symlink("real.json", link)
        gm = torch.fx.symbolic_trace(self.model)
        fxpp.dump(gm, link)
        self.assertTrue(os.path.islink(link))
        self.assertEqual(os.stat(real).st_mode & 0o777, 0o600)
        self.assertTrue(torch.equal(fxpp.load(link)(self.x), self.model(self.x)))
        umask = os.umask(0)
        os.umask(umask)
        self.assertEqual(os.stat(fxpp.weights_path(link)).st_mode & 0o777, 0o666 & ~umask)

    def test_paths_a_dump_cannot_replace_fail_before_writing(self):
        gm = torch.fx.symbolic_trace(self.model)
        dangling = os.path.join(self.dir, "dangling.json")
        os.symlink("missing/nowhere.json", dangling)
        folder = os.path.join(self.dir, "folder.json")
        os.mkdir(folder)
        for path, message in ((dangling, "is a symlink to a missing file"),
                              (folder, "is a directory"),
                              (os.path.join(self.dir, "no", "such.json"), "No such file")):
            with self.assertRaises((ValueError, OSError)) as caught:
                fxpp.dump(gm, path)
            self.assertIn(message, str(caught.exception))
        self.assertEqual(sorted(os.listdir(self.dir)), ["dangling.json", "folder.json"])
        self.assertEqual(os.listdir(folder), [])
        # The side file of a dump to a device would be a new file under /dev.
        with self.assertRaises(ValueError) as caught:
            fxpp.dump(gm, "/dev/null")
        self.assertIn("/dev/null.weights.pt", str(caught.exception))
        self.assertFalse(os.path.exists("/dev/null.weights.pt"))

    def test_a_dump_to_a_fifo_writes_into_it(self):
        # A FIFO (like a device) is written in place, never replaced by a
        # file; the side file goes beside it.
        import threading
        fifo = os.path.join(self.dir, "pipe.json")
        os.mkfifo(fifo)
        received = []
        reader = threading.Thread(target=lambda: received.append(_read(fifo)), daemon=True)
        reader.start()
        gm = torch.fx.symbolic_trace(self.model)
        fxpp.dump(gm, fifo)
        reader.join(timeout=30)
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))
        self.assertEqual(received, [fxpp.dumps(gm).encode("utf-8")])
        self.assertTrue(os.path.isfile(fxpp.weights_path(fifo)))

    @unittest.skipUnless(hasattr(torch, "export"), "ep.module(): PyTorch 2.x's")
    def test_calling_convention_pytree_cannot_serialize_is_kept(self):
        # ep.module() takes and returns what forward does, through pytree
        # specs: here a namedtuple and torch.return_types.max, which
        # treespec_dumps cannot write; the weights file pickles them.
        def export(pair_class):
            class TakesAPair(nn.Module):
                def forward(self, p, *, scale):
                    return torch.max(p.first * scale, dim=-1), p.second

            inputs = (pair_class(torch.randn(2, 4), torch.randn(3)),)
            return torch.export.export(TakesAPair(), inputs, {"scale": 2.0}).module(), inputs

        gm, inputs = export(Pair)
        path = os.path.join(self.dir, "pair.json")
        fxpp.dump(gm, path)
        loaded = fxpp.load(path)
        expected, actual = gm(*inputs, scale=2.0), loaded(*inputs, scale=2.0)
        self.assertIs(type(actual[0]), torch.return_types.max)
        self.assertTrue(all(torch.equal(a, b) for a, b in zip(
            torch.utils._pytree.tree_leaves(actual), torch.utils._pytree.tree_leaves(expected))))
        # A namedtuple class defined in a function cannot be pickled: a
        # clear error, and the earlier dump stays.
        before = sorted(os.listdir(self.dir))
        with self.assertRaisesRegex(ValueError, "cannot hold the module's objects: .*LocalPair"):
            fxpp.dump(export(collections.namedtuple("LocalPair", "first second"))[0], path)
        self.assertEqual(sorted(os.listdir(self.dir)), before)
        self.assertTrue(torch.equal(fxpp.load(path)(*inputs, scale=2.0)[1], inputs[0].second))


class CommandLineTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))

    def run_cli(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main([str(a) for a in argv])
        return status, out.getvalue(), err.getvalue()

    def test_dump_load_check(self):
        d = self.dir
        status, _, err = self.run_cli(
            "dump", "torch.nn:Tanh", f"{d}/tanh.json", "--tracer", "make_fx", "--shape", "2,3",
            "--save-inputs", f"{d}/in.pt", "--save-outputs", f"{d}/out.pt")
        self.assertEqual(status, 0, err)
        status, out, err = self.run_cli("check", f"{d}/tanh.json", "--inputs", f"{d}/in.pt",
                                        "--expect", f"{d}/out.pt")
        self.assertEqual((status, err), (0, ""))
        self.assertIn("equal", out)
        status, out, _ = self.run_cli("load", f"{d}/tanh.json")
        self.assertEqual(status, 0)
        self.assertIn("torch.ops.aten.tanh.default", out)
        # Outputs that differ fail the check.
        torch.save(torch.zeros(2, 3), f"{d}/zeros.pt")
        status, out, _ = self.run_cli("check", f"{d}/tanh.json", "--inputs", f"{d}/in.pt",
                                      "--expect", f"{d}/zeros.pt")
        self.assertEqual(status, 1)
        self.assertIn("max abs diff", out)

    def test_a_dump_whose_outputs_file_cannot_be_written_writes_nothing(self):
        d = self.dir
        os.mkdir(f"{d}/folder")
        status, _, err = self.run_cli(
            "dump", "torch.nn:Tanh", f"{d}/tanh.json", "--tracer", "make_fx", "--shape", "2,3",
            "--save-inputs", f"{d}/in.pt", "--save-outputs", f"{d}/folder")
        self.assertEqual(status, 1)
        self.assertIn("cannot write", err)
        self.assertIn("folder: it is a directory", err)
        self.assertEqual(sorted(os.listdir(d)), ["folder"])

    def test_errors_name_the_node_and_exit_1(self):
        path = os.path.join(self.dir, "bad.json")
        with open(path, "w") as f:
            json.dump(graph_file([node("odd", "CALL_FUNCTION", "torch.no_such_function"),
                                  node("out", "OUTPUT", "output", [ref("odd")])]), f)
        status, _, err = self.run_cli("load", path)
        self.assertEqual(status, 1)
        self.assertIn("fxpp load: error: node 'odd'", err)


class SchemaFaithfulTest(unittest.TestCase):
    def test_aten_copy_is_a_new_tensor(self):
        """aten.copy(self, src) returns a new tensor; 1.13's returns src
        itself, and a functionalized graph then sees later writes to src."""
        nodes = [
            node("x", "PLACEHOLDER", "x"),
            node("src", "PLACEHOLDER", "src"),
            node("copy", "CALL_FUNCTION", "torch.ops.aten.copy.default", [ref("x"), ref("src")]),
            node("add_", "CALL_FUNCTION", "torch.ops.aten.add_.Tensor",
                 [ref("src"), {"float_value": 1.0}]),
            node("output", "OUTPUT", "output", [ref("copy")]),
        ]
        module = fxpp.loads(json.dumps(graph_file(nodes)))
        self.assertEqual(module(torch.zeros(2), torch.ones(2)).tolist(), [1.0, 1.0])


class CompareTest(unittest.TestCase):
    def test_differences_are_found(self):
        a = (torch.ones(2), [torch.zeros(3)])
        self.assertTrue(_check.compare(a, (torch.ones(2), [torch.zeros(3)])).equal)
        self.assertFalse(_check.compare(a, (torch.ones(2), [torch.full((3,), 0.1)])).equal)
        self.assertFalse(_check.compare(a, (torch.ones(2),)).equal)
        as_ints = (torch.ones(2), [torch.zeros(3, dtype=torch.int64)])
        self.assertFalse(_check.compare(a, as_ints).equal)
        nan = torch.tensor([float("nan")])
        self.assertTrue(_check.compare(nan, nan.clone()).equal)
        self.assertFalse(_check.compare(3, 4).equal)


if __name__ == "__main__":
    unittest.main()
