#!/usr/bin/env python3
"""fxpp.dump's protobuf binary (.pb), the fast lossless format for big
graphs, and its fxg: what it writes is binary protobuf (fxg text), and
fxpp's tools read it back as exactly the module its JSON holds, metadata
included (example values, stack traces, nn_module_stack, seq_nr); fxpp.load
reads both back into a module that runs.

  bazel test //testing/realmodels:dump_pb_test
"""

import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

import fxpp  # noqa: E402
from realmodels import models  # noqa: E402

FMT = os.path.join("tools", "fmt")


def _fmt(path, to):
    return subprocess.run([FMT, path, f"--to={to}"], check=True, capture_output=True).stdout


class DumpPbTest(unittest.TestCase):
    def test_pb_reads_back_as_the_json_module(self):
        model, inputs = models.MODELS["gpt12"].build()
        with torch.no_grad():
            gm = make_fx(model)(*inputs)
        for i, n in enumerate(gm.graph.nodes):
            n.meta["stack_trace"] = f'  File "model.py", line {i % 40}, in forward\n    x = f(x)\n'
            n.meta["nn_module_stack"] = {f"L__self___h_{i // 40}": (f"h.{i // 40}", "Block")}
            n.meta["seq_nr"] = i
        with tempfile.TemporaryDirectory() as tmp:
            pb, js = os.path.join(tmp, "m.pb"), os.path.join(tmp, "m.json")
            fxpp.dump(gm, pb, weights=False, example_inputs=inputs)
            fxpp.dump(gm, js, weights=False)
            with open(pb, "rb") as f:
                data = f.read()
            self.assertFalse(data.lstrip().startswith(b"{"), "dump wrote JSON to a .pb path")
            self.assertLess(len(data), os.path.getsize(js) / 2)
            from_pb, from_json = _fmt(pb, "fxg"), _fmt(js, "fxg")
            self.assertGreater(from_pb.count(b"# stack_trace:"), 500)
            self.assertIn(b"# nn_module_stack: 'L__self___h_0'", from_pb)
            self.assertIn(b"# val: f32[", from_pb)
            self.assertEqual(from_pb, from_json)
            # The tools' own .pb (string table, format version 2) is the same
            # module too.
            again = os.path.join(tmp, "again.pb")
            with open(again, "wb") as f:
                f.write(_fmt(pb, "pb"))
            self.assertEqual(_fmt(again, "fxg"), from_json)

    def test_fxg_and_pb_load_back_as_the_json_module(self):
        model, inputs = models.MODELS["gpt12"].build()
        with torch.no_grad():
            gm = make_fx(model)(*inputs)
            expected = gm(*inputs)
        with tempfile.TemporaryDirectory() as tmp:
            paths = {ext: os.path.join(tmp, f"m_{ext}.{ext}") for ext in ("json", "pb", "fxg")}
            for path in paths.values():
                fxpp.dump(gm, path, example_inputs=inputs)
            with open(paths["fxg"], "rb") as f:
                self.assertTrue(f.read().startswith(b"fxg 1\nmodule: "))
            self.assertEqual(_fmt(paths["fxg"], "fxg"), _fmt(paths["json"], "fxg"))
            for ext, path in paths.items():
                loaded = fxpp.load(path)
                with torch.no_grad():
                    got = loaded(*inputs)
                torch.testing.assert_close(got, expected, msg=ext)
            with open(os.path.join(tmp, "bad.fxg"), "w") as f:
                f.write("fxg 1\nmodule: GraphModule\ngraph():  # typed\n    return (x,)\n")
            with self.assertRaisesRegex(fxpp.LoadError, r"bad\.fxg:4:13: .*'x'"):
                fxpp.load(os.path.join(tmp, "bad.fxg"))


if __name__ == "__main__":
    unittest.main()
