"""python3 -m fxpp dump|load|check: the bridge from the command line.

  python3 -m fxpp dump torchvision.models:resnet18 r18.json --tracer make_fx \\
      --shape 1,3,64,64 --save-inputs in.pt --save-outputs out.pt
  bazel run //tools:dedup -- $PWD/r18.json -o $PWD/r18.dedup.json
  python3 -m fxpp check r18.dedup.json --weights r18.weights.pt --inputs in.pt --expect out.pt

dump writes the JSON and its weights side file (`r18.weights.pt`); load
prints the rebuilt module's code (and runs it with --inputs); check runs
it and compares with saved outputs. Errors go to stderr with exit status 1.
"""

import argparse
import importlib
import os
import sys

import torch

from . import _capture, _check, _dump, _files, _load, _program, _weights


def _model_from_spec(spec):
    """`package.module:name` (an nn.Module, GraphModule or ExportedProgram, or
    a function of no arguments returning one), or a file: `.pt2` from
    torch.export.save, anything else from torch.save of a module."""
    if ":" in spec and not os.path.exists(spec):
        module_name, _, attr = spec.partition(":")
        obj = importlib.import_module(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
        if not isinstance(obj, torch.nn.Module) and callable(obj):
            obj = obj()
        return obj
    if spec.endswith(".pt2"):
        return torch.export.load(spec)
    return _weights.load_trusted(spec)


def _example_inputs(args):
    if args.inputs:
        return _check.read_inputs(args.inputs)
    torch.manual_seed(args.seed)
    shapes = [tuple(int(d) for d in s.split(",")) for s in args.shape]
    return tuple(torch.randn(s) for s in shapes), {}


def _dump_cmd(args):
    obj = _model_from_spec(args.spec)
    inputs, kwargs = _example_inputs(args)
    if kwargs:
        raise ValueError("dump traces positional inputs only; the inputs file has kwargs")
    if isinstance(obj, torch.nn.Module) and not args.train:
        obj.eval()
    if _program.is_exported_program(obj):
        reference = obj.module()
    else:
        if not inputs and args.tracer != "symbolic_trace":
            raise ValueError(f"--tracer={args.tracer} needs example inputs (--shape or --inputs)")
        reference = obj
        obj, inputs = _capture.capture(obj, inputs, args.tracer)
        if args.tracer == "dynamo":  # the graph takes the parameters as inputs too
            reference = obj
    files = _dump.dump_files(obj, args.out, weights=not args.no_weights)
    if args.save_inputs:
        files.append((args.save_inputs, lambda f: _check.write_inputs(f, inputs)))
    if args.save_outputs:
        outputs = _check.run(reference, inputs)
        files.append((args.save_outputs, lambda f: torch.save(outputs, f)))
    _files.write_files(files)


def _load_module(args):
    return _load.load(args.file, weights=args.weights, fqn_map=args.fqn_map)


def _load_cmd(args):
    module = _load_module(args)
    for name, sub in [("", module)] + list(module.named_modules())[1:]:
        if isinstance(sub, torch.fx.GraphModule):
            print(f"# {name or '(root)'}: {type(sub).__name__}{sub.code}")
    if args.inputs:
        inputs, kwargs = _check.read_inputs(args.inputs)
        outputs = _check.run(module, inputs, kwargs)
        if args.save_outputs:
            _files.write_files([(args.save_outputs, lambda f: torch.save(outputs, f))])
        else:
            print(outputs)


def _check_cmd(args):
    module = _load_module(args)
    inputs, kwargs = _check.read_inputs(args.inputs)
    expected = _weights.load_trusted(args.expect)
    result = _check.compare(expected, _check.run(module, inputs, kwargs), args.rtol, args.atol)
    print(f"{args.file}: {result.message}")
    return 0 if result.equal else 1


def _parser():
    parser = argparse.ArgumentParser(prog="python3 -m fxpp", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    dump = commands.add_parser("dump", help="trace a model and write it as fxpp JSON")
    dump.add_argument("spec", help="package.module:name, or a torch.save / torch.export.save file")
    dump.add_argument("out", help="the JSON file to write (weights go to OUT-stem.weights.pt)")
    dump.add_argument("--tracer", choices=_capture.TRACERS, default="symbolic_trace")
    dump.add_argument("--shape", action="append", default=[],
                      help="an example input of this shape (random, float32), e.g. 1,3,64,64; "
                           "repeat for several inputs")
    dump.add_argument("--inputs", help="example inputs file (torch.save({'args': (...)}))")
    dump.add_argument("--seed", type=int, default=0, help="seed of the --shape inputs")
    dump.add_argument("--train", action="store_true", help="keep the model in training mode")
    dump.add_argument("--no-weights", action="store_true", help="do not write the weights file")
    dump.add_argument("--save-inputs", help="write the (flat) inputs of the captured graph here")
    dump.add_argument("--save-outputs", help="write the model's outputs on them here")
    dump.set_defaults(run=_dump_cmd)

    for name, helptext, fn in (("load", "rebuild a module and print its code", _load_cmd),
                               ("check", "rebuild, run and compare with saved outputs",
                                _check_cmd)):
        sub = commands.add_parser(name, help=helptext)
        sub.add_argument("file", help="an fxpp JSON file (a dump or a tool's output)")
        sub.add_argument("--weights", help="weights side file (default: FILE-stem.weights.pt)")
        sub.add_argument("--fqn-map", help="split's --fqn_map output, for a split module")
        sub.add_argument("--inputs", required=name == "check", help="inputs file")
        if name == "load":
            sub.add_argument("--save-outputs", help="write the outputs here instead of printing")
        else:
            sub.add_argument("--expect", required=True, help="expected outputs (torch.save)")
            sub.add_argument("--rtol", type=float, default=1e-4)
            sub.add_argument("--atol", type=float, default=1e-5)
        sub.set_defaults(run=fn)
    return parser


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except (_load.LoadError, ValueError, OSError, ImportError, AttributeError) as e:
        print(f"fxpp {args.command}: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
