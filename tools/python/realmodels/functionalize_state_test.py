"""Numerical proof for //tools:functionalize (issue 6): on every program of
passes/functionalize/testdata, the functionalized graph computes the same
outputs *and* leaves the same final input/buffer state as the original.

Run under Debian's torch 1.13 (testing/realmodels/run_python.sh):
  - the original graph runs on copies of random inputs, mutating them;
  - the default functionalized graph must not touch its inputs, must return
    the new value of each mutated input at the output the report names, and
    the original outputs after them;
  - the --keep_input_mutations graph must leave its inputs exactly as the
    original left them (it ends with copy_ into them) and return the same
    outputs.
Programs that only record a buffer assignment (export's `self.buf = x`) have
no mutation in the original graph to compare against; for those the outputs
are compared, and the two modes must agree on the buffer's new value.
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import torch

import fxpp

TESTDATA = "passes/functionalize/testdata"
FMT = "tools/fmt"
FUNCTIONALIZE = "tools/functionalize"

_DTYPES = {
    "SCALAR_TYPE_FLOAT32": torch.float32,
    "SCALAR_TYPE_FLOAT64": torch.float64,
    "SCALAR_TYPE_INT64": torch.int64,
    "SCALAR_TYPE_INT32": torch.int32,
    "SCALAR_TYPE_BOOL": torch.bool,
}

# "user input arg0_1 (input 0) mutated -> output 0 = add"
_MUTATION = re.compile(r"^\s+(user input|buffer) (\S+) \(input (\d+)\) (mutated|assigned) -> output (\d+) = ")


def run(command):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise AssertionError("%s failed:\n%s" % (" ".join(command), done.stderr))
    return done.stdout


def tool_flags(case):
    """--buffers/--assign from the case's .options file, as the golden test uses it."""
    buffers, assigns = [], []
    options = os.path.join(TESTDATA, case + ".options")
    if os.path.exists(options):
        for line in open(options):
            words = line.split()
            if words and words[0] == "buffer":
                buffers.append(words[1])
            elif words and words[0] == "assign":
                assigns.append("%s=%s" % (words[1], words[2]))
    flags = []
    if buffers:
        flags.append("--buffers=" + ",".join(buffers))
    if assigns:
        flags.append("--assign=" + ",".join(assigns))
    return flags


def random_inputs(program_json, generator):
    """One tensor per placeholder, from its recorded shape and dtype."""
    inputs = []
    for node in program_json["module"]["graph"]["nodes"]:
        if node["op"] != "OP_KIND_PLACEHOLDER":
            continue
        tensor = node["meta"]["val"]["tensor"]
        shape = [int(d["value"]) for d in tensor.get("shape", [])]
        dtype = _DTYPES[tensor["dtype"]]
        if dtype.is_floating_point:
            value = torch.randn(shape, generator=generator, dtype=dtype)
        elif dtype == torch.bool:
            value = torch.rand(shape, generator=generator) > 0.5
        else:
            value = torch.randint(0, 3, shape, generator=generator, dtype=dtype)
        inputs.append(value)
    return inputs


def as_list(outputs):
    if isinstance(outputs, (tuple, list)):
        return list(outputs)
    return [outputs]


def same(a, b):
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return a.dtype == b.dtype and a.shape == b.shape and torch.allclose(
            a.double(), b.double(), rtol=1e-5, atol=1e-6, equal_nan=True)
    return a == b


def check_case(case, work):
    fxg = os.path.join(TESTDATA, case + ".fxg")
    original_json = os.path.join(work, case + ".json")
    run([FMT, fxg, "-o", original_json])
    functional_json = os.path.join(work, case + ".functional.json")
    report = run([FUNCTIONALIZE, fxg, "-o", functional_json] + tool_flags(case))
    kept_json = os.path.join(work, case + ".kept.json")
    run([FUNCTIONALIZE, fxg, "--keep_input_mutations", "-o", kept_json] + tool_flags(case))

    mutations = [_MUTATION.match(line) for line in report.splitlines()]
    mutations = [(int(m.group(3)), int(m.group(5)), m.group(4)) for m in mutations if m]
    program = json.load(open(original_json))
    original = fxpp.load(original_json, weights={})
    functional = fxpp.load(functional_json, weights={})
    kept = fxpp.load(kept_json, weights={})

    generator = torch.Generator().manual_seed(0)
    inputs = random_inputs(program, generator)
    original_inputs = [t.clone() for t in inputs]
    original_outputs = as_list(original(*original_inputs))

    # Default: inputs untouched, new values returned first.
    functional_inputs = [t.clone() for t in inputs]
    functional_outputs = as_list(functional(*functional_inputs))
    for before, after in zip(inputs, functional_inputs):
        assert same(before, after), "%s: the functional graph mutated an input" % case
    mutated_outputs = set()
    for input_index, output_index, how in mutations:
        mutated_outputs.add(output_index)
        if how == "mutated":
            assert same(functional_outputs[output_index], original_inputs[input_index]), (
                "%s: output %d is not input %d's final value" % (case, output_index, input_index))
    rest = [o for i, o in enumerate(functional_outputs) if i not in mutated_outputs]
    assert len(rest) == len(original_outputs), "%s: %d outputs, expected %d" % (
        case, len(rest), len(original_outputs))
    for i, (a, b) in enumerate(zip(rest, original_outputs)):
        assert same(a, b), "%s: output %d differs" % (case, i)

    # keep_input_mutations: the same final inputs, the same outputs.
    kept_inputs = [t.clone() for t in inputs]
    kept_outputs = as_list(kept(*kept_inputs))
    assigned = {index: out for index, out, how in mutations if how == "assigned"}
    for i, (a, b) in enumerate(zip(kept_inputs, original_inputs)):
        if i in assigned:
            # The original graph only records the assignment; both modes
            # must agree on the buffer's new value.
            assert same(a, functional_outputs[assigned[i]]), (
                "%s: assigned buffer %d differs between the two modes" % (case, i))
            continue
        assert same(a, b), "%s: input %d ends differently with copy_" % (case, i)
    assert len(kept_outputs) == len(original_outputs), "%s: %d outputs with copy_, expected %d" % (
        case, len(kept_outputs), len(original_outputs))
    for i, (a, b) in enumerate(zip(kept_outputs, original_outputs)):
        assert same(a, b), "%s: output %d differs with copy_" % (case, i)
    return len(mutations)


def main():
    cases = sorted(os.path.basename(p)[:-len(".fxg")] for p in glob.glob(TESTDATA + "/*.fxg"))
    assert cases, "no functionalize programs found"
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        for case in cases:
            try:
                mutations = check_case(case, work)
                print("ok   %-24s %d input mutation(s): outputs and final state equal" % (
                    case, mutations))
            except Exception as error:  # report every case, then fail
                failures += 1
                print("FAIL %-24s %s" % (case, error))
    print("functionalize_state_test: %d passed, %d failed" % (len(cases) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
