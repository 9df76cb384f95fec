"""The public writing API: to_json_dict, dumps and dump."""

import json

import torch.fx

from . import _capture, _files, _graph, _program, _weights


def to_json_dict(obj):
    """The protobuf-JSON-mapping dict of an ExportedProgram or a GraphModule."""
    if _program.is_exported_program(obj):
        return _program.exported_program_dict(obj)
    if isinstance(obj, torch.fx.GraphModule):
        return _graph.graph_module_file_dict(obj)
    raise TypeError(
        f"fxpp.dump expects a torch.export.ExportedProgram or a torch.fx.GraphModule, "
        f"not {type(obj).__module__}.{type(obj).__qualname__}")


def _format(value, depth, width):
    """JSON text of `value`: compact where it fits in `width` columns, else one
    member per line (readable diffs without a line per number)."""
    compact = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
    if len(compact) + depth <= width or not isinstance(value, (dict, list)) or not value:
        return compact
    pad = " " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_format(v, depth + 1, width)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    items = [pad + _format(v, depth + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"


def dumps(obj, width=100):
    """`obj` as JSON text (see to_json_dict), ending with a newline."""
    return _format(to_json_dict(obj), 0, width) + "\n"


def dump(obj, path, width=100, weights=True, example_inputs=None):
    """Writes `obj` to `path` as JSON, as protobuf binary when `path` ends
    in .pb/.binpb (the fast lossless format for big graphs), or as fxg when
    it ends in .fxg (fxpp's readable golden text); the last two need the
    compiled extension fxpp._C. The files appear complete or not at all:
    an error leaves an earlier dump at `path` as it was. A symlink's target
    is written; a device or FIFO is written into, never replaced (fxpp's
    _files).

    weights: also write its parameters, buffers and constants (and the
    objects of leaf modules) to the side file `weights_path(path)`
    (`model.json` -> `model.weights.pt`), which fxpp.load reads.
    example_inputs: for a GraphModule whose nodes lack tensor metadata
    (PyTorch 1.13's symbolic_trace and make_fx), run shape propagation on
    them first.
    """
    # Both files are complete before either replaces an earlier dump, so a
    # failure (a module torch.save cannot write) leaves the old pair as it was.
    _files.write_files(dump_files(obj, path, width, weights, example_inputs))


def dump_files(obj, path, width=100, weights=True, example_inputs=None):
    """What dump(...) writes, as (path, write) pairs for
    _files.write_files: callers writing more files with a dump commit them
    together."""
    if example_inputs is not None and isinstance(obj, torch.fx.GraphModule):
        _capture.propagate_shapes(obj, tuple(example_inputs))
    if path.endswith((".pb", ".binpb", ".fxg")):
        from . import _C, _program
        program = _program.is_exported_program(obj)
        if path.endswith(".fxg"):
            convert = _C.program_json_to_fxg if program else _C.module_json_to_fxg
        else:
            convert = _C.program_json_to_binary if program else _C.module_json_to_binary
        data = convert(json.dumps(to_json_dict(obj), ensure_ascii=False, allow_nan=False))
    else:
        data = dumps(obj, width=width).encode("utf-8")
    files = [(path, lambda f: f.write(data))]
    if weights:
        side_file = _weights.weights_path(path)
        if _files.is_kernel_path(path) and _files.writes_in_place(path):
            raise ValueError(f"fxpp.dump: {path} is not a file its weights can go beside "
                             f"(they would be a new file {side_file}); pass weights=False")
        collected = _weights.collect_weights(obj)
        files.append((side_file, lambda f: _weights.write_weights(collected, f)))
    return files
