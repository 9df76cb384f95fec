"""fxpp for PyTorch: its passes in process, and the bridge to its file formats.

    import fxpp
    gm = fxpp.torch.dedup(torch.fx.symbolic_trace(model))  # in process (fxpp._C)

fxpp.torch runs fxpp's C++ passes on torch.fx graph modules and returns
torch objects (see fxpp/torch.py). The bridge writes PyTorch programs in
fxpp's formats and reads them back:

    import fxpp
    fxpp.dump(torch.export.export(model, args), "model.json")  # ExportedProgram
    fxpp.dump(torch.fx.symbolic_trace(model), "model.json")    # GraphModule
    module = fxpp.load("model.json")  # weights from model.weights.pt, written by dump

An ``ExportedProgram`` is written as ``export/exported_program.proto``'s JSON
mapping (the C++ side reads it with ``ReadExportedProgram``); a
``torch.fx.GraphModule`` as ``ir/proto/fxpp.proto``'s (``ReadModule``,
``bazel run //tools:fmt``). Plain Python, no build step; works with PyTorch
1.13 (GraphModules) and 2.x (GraphModules and exported programs).

Modules: ``_values`` (arguments, metadata, enum tables), ``_graph`` (graphs
and module trees), ``_program`` (exported programs), ``_dump`` (the API).
Reading back: ``_load`` (``fxpp.load(path, weights=...)`` -> a runnable
``torch.nn.Module``), ``_weights`` (the weights side file), ``_capture``
(tracing), ``_check`` (run and compare); ``python3 -m fxpp dump|load|check``.
"""

from . import torch
from ._dump import dump, dumps, to_json_dict
from ._load import LoadError, load, loads
from ._weights import collect_weights, save_weights, weights_path

__all__ = ["torch", "dump", "dumps", "to_json_dict", "load", "loads", "LoadError", "collect_weights",
           "save_weights", "weights_path"]
