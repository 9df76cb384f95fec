"""Values in fxpp.proto's JSON mapping: arguments, tensor and node metadata.

Field names are the .proto names; 64-bit integers are JSON strings, as
protobuf's JSON mapping writes them. Enum tables map both ways so that a
reader can share them.
"""

import json
import math
import struct

import torch
import torch.fx

from ._targets import callable_name  # noqa: F401 (part of this module's API)

# torch attribute name -> fxpp.proto ScalarType (ir/torch_enums.h order).
_DTYPE_NAMES = [
    ("uint8", "UINT8"), ("int8", "INT8"), ("int16", "INT16"), ("int32", "INT32"),
    ("int64", "INT64"), ("float16", "FLOAT16"), ("float32", "FLOAT32"),
    ("float64", "FLOAT64"), ("complex32", "COMPLEX32"), ("complex64", "COMPLEX64"),
    ("complex128", "COMPLEX128"), ("bool", "BOOL"), ("qint8", "QINT8"),
    ("quint8", "QUINT8"), ("qint32", "QINT32"), ("bfloat16", "BFLOAT16"),
    ("quint4x2", "QUINT4X2"), ("quint2x4", "QUINT2X4"),
    ("float8_e5m2", "FLOAT8_E5M2"), ("float8_e4m3fn", "FLOAT8_E4M3FN"),
    ("float8_e5m2fnuz", "FLOAT8_E5M2FNUZ"), ("float8_e4m3fnuz", "FLOAT8_E4M3FNUZ"),
    ("uint16", "UINT16"), ("uint32", "UINT32"), ("uint64", "UINT64"),
]
_MEMORY_FORMAT_NAMES = [
    ("contiguous_format", "CONTIGUOUS"), ("channels_last", "CHANNELS_LAST"),
    ("channels_last_3d", "CHANNELS_LAST_3D"), ("preserve_format", "PRESERVE"),
]
_LAYOUT_NAMES = [
    ("strided", "STRIDED"), ("sparse_coo", "SPARSE_COO"), ("sparse_csr", "SPARSE_CSR"),
    ("sparse_csc", "SPARSE_CSC"), ("sparse_bsr", "SPARSE_BSR"), ("sparse_bsc", "SPARSE_BSC"),
    ("_mkldnn", "MKLDNN"), ("jagged", "JAGGED"),
]


def _enum_table(pairs, prefix):
    """{torch object: proto enum name} for the objects this torch has."""
    table = {}
    for attr, name in pairs:
        obj = getattr(torch, attr, None)
        if obj is not None:
            table[obj] = prefix + name
    return table


DTYPES = _enum_table(_DTYPE_NAMES, "SCALAR_TYPE_")
MEMORY_FORMATS = _enum_table(_MEMORY_FORMAT_NAMES, "MEMORY_FORMAT_")
LAYOUTS = _enum_table(_LAYOUT_NAMES, "LAYOUT_")

# Operators that appear as values (with_effects' callee); 1.13 lacks some.
_OPERATOR_TYPES = tuple(
    t for t in (getattr(torch._ops, name, None)
                for name in ("OpOverload", "OpOverloadPacket", "HigherOrderOperator"))
    if isinstance(t, type))

_CANONICAL_NAN_BITS = struct.unpack("<Q", struct.pack("<d", float("nan")))[0]


def int64(value):
    """An int64/fixed64 field: a JSON string, as protobuf's JSON mapping writes it."""
    return str(int(value))


def float_fields(value):
    """{float_value} or, for floats JSON cannot spell exactly (-0.0, NaNs
    other than the canonical one), {float_bits} (see fxpp.proto)."""
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    if math.isnan(value):
        return {"float_value": "NaN"} if bits == _CANONICAL_NAN_BITS else {"float_bits": int64(bits)}
    if value == 0 and math.copysign(1.0, value) < 0:
        return {"float_bits": int64(bits)}
    if math.isinf(value):
        return {"float_value": "Infinity" if value > 0 else "-Infinity"}
    return {"float_value": value}


def qualified_type_name(cls):
    """`torch.nn.modules.linear.Linear` for a class; builtins keep their bare name."""
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def _is_sym(value, name):
    cls = getattr(torch, name, None)
    return cls is not None and isinstance(value, cls)


def argument(value, names=None):
    """A node argument (fxpp.proto Argument); `names` maps renamed nodes
    (see _graph.node_names) to their names."""
    if value is None:
        return {"none": {}}
    if isinstance(value, bool):
        return {"bool_value": value}
    if isinstance(value, int):
        if -(2 ** 63) <= value < 2 ** 63:
            return {"int_value": int64(value)}
        return {"opaque": repr(value)}
    if isinstance(value, float):
        return float_fields(value)
    if isinstance(value, str):
        return {"string_value": value}
    if isinstance(value, torch.fx.Node):
        return {"node": names.get(value, value.name) if names else value.name}
    if isinstance(value, torch.Size):
        # FX prints it as `torch.Size([2, 3])`, which fxpp reads as opaque.
        return {"opaque": repr(value)}
    if isinstance(value, list):
        return {"list": {"elements": [argument(v, names) for v in value]}}
    if isinstance(value, tuple):
        return {"tuple": {"elements": [argument(v, names) for v in value]}}
    if isinstance(value, dict):
        return {"dict": {"entries": [{"key": argument(k, names), "value": argument(v, names)}
                                     for k, v in value.items()]}}
    if isinstance(value, slice):
        return {"slice": {"start": argument(value.start, names),
                          "stop": argument(value.stop, names),
                          "step": argument(value.step, names)}}
    if isinstance(value, torch.dtype) and value in DTYPES:
        return {"dtype": DTYPES[value]}
    if isinstance(value, torch.device):
        return {"device": str(value)}
    if isinstance(value, torch.memory_format) and value in MEMORY_FORMATS:
        return {"memory_format": MEMORY_FORMATS[value]}
    if isinstance(value, torch.layout) and value in LAYOUTS:
        return {"layout": LAYOUTS[value]}
    if _is_sym(value, "SymInt"):
        return {"sym_int": str(value)}
    if value is Ellipsis:
        return {"ellipsis": {}}
    if isinstance(value, _OPERATOR_TYPES):
        # An operator passed as a value (with_effects, higher-order ops).
        return {"opaque": callable_name(value)}
    return {"opaque": repr(value)}


def _dims(dims):
    out = []
    for d in dims:
        if isinstance(d, int):
            out.append({"value": int64(d)})
        else:
            # A SymInt: concrete when its expression is a plain number.
            text = str(d)
            out.append({"value": text} if text.lstrip("-").isdigit() else {"expr": text})
    return out


def tensor_meta(t, memory_format=None):
    """A tensor, FakeTensor or TensorMetadata as fxpp.proto TensorMeta."""
    meta = {"shape": _dims(t.shape)}
    stride = None
    if isinstance(t, torch.Tensor):
        try:
            stride = t.stride()
        except (RuntimeError, NotImplementedError):
            stride = None
    else:
        stride = getattr(t, "stride", None)
    if stride is not None:
        meta["stride"] = _dims(stride)
    if t.dtype not in DTYPES:
        raise ValueError(f"fxpp has no scalar type for {t.dtype}")
    meta["dtype"] = DTYPES[t.dtype]
    device = getattr(t, "device", None)
    meta["device"] = str(device) if device is not None else "cpu"
    meta["requires_grad"] = bool(getattr(t, "requires_grad", False))
    if memory_format is not None and memory_format in MEMORY_FORMATS:
        meta["memory_format"] = MEMORY_FORMATS[memory_format]
    return meta


def _is_tensor_metadata(value):
    return type(value).__name__ == "TensorMetadata" and hasattr(value, "shape")


def value_meta(value):
    """A node's value (meta val / tensor_meta / example_value) as ValueMeta."""
    if value is None:
        return {"none": {}}
    if isinstance(value, torch.Tensor):
        return {"tensor": tensor_meta(value)}
    if _is_tensor_metadata(value):
        return {"tensor": tensor_meta(value, getattr(value, "memory_format", None))}
    if isinstance(value, bool):
        return {"bool_value": value}
    if isinstance(value, int):
        return {"int_value": int64(value)} if -(2 ** 63) <= value < 2 ** 63 else \
            {"opaque": repr(value)}
    if isinstance(value, float):
        return float_fields(value)
    if _is_sym(value, "SymInt"):
        return {"sym_int": str(value)}
    if _is_sym(value, "SymFloat"):
        return {"sym_float": str(value)}
    if _is_sym(value, "SymBool"):
        return {"sym_bool": str(value)}
    if isinstance(value, list):
        return {"list": {"elements": [value_meta(v) for v in value]}}
    if isinstance(value, tuple):
        return {"tuple": {"elements": [value_meta(v) for v in value]}}
    return {"opaque": repr(value)}


# Meta keys with fields of their own in NodeMeta; the others go to `extra`.
_MODELED_KEYS = {"val", "tensor_meta", "example_value", "stack_trace", "nn_module_stack",
                 "source_fn_stack", "tag", "seq_nr"}


def _plain_json(value):
    """`value` as plain JSON data, or None when it is not (objects, tensors)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        if isinstance(value, float) and not math.isfinite(value):
            return None
        return value
    if isinstance(value, (list, tuple)):
        items = [_plain_json(v) for v in value]
        return None if any(i is None and v is not None for i, v in zip(items, value)) else items
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        items = {k: _plain_json(v) for k, v in value.items()}
        return None if any(items[k] is None and value[k] is not None for k in value) else items
    return None


def _type_string(ty):
    return ty if isinstance(ty, str) else qualified_type_name(ty)


def node_meta(meta):
    """node.meta as NodeMeta, or None when there is nothing to keep."""
    out = {}
    for key in ("val", "tensor_meta", "example_value"):
        if key in meta:
            out["val"] = value_meta(meta[key])
            break
    if isinstance(meta.get("stack_trace"), str):
        out["stack_trace"] = meta["stack_trace"]
    stack = meta.get("nn_module_stack")
    if stack:
        entries = []
        for key, entry in stack.items():
            if isinstance(entry, tuple):  # PyTorch 2.x: key -> (path, type)
                path, ty = entry[0], entry[1]
            else:  # PyTorch 1.13: path -> type
                path, ty = key, entry
            entries.append({"key": str(key), "path": str(path), "type": _type_string(ty)})
        out["nn_module_stack"] = entries
    sources = meta.get("source_fn_stack")
    if sources:
        out["source_fn_stack"] = [
            {"name": str(name), "target": target if isinstance(target, str) else
             callable_name(target) if not isinstance(target, type) else
             qualified_type_name(target)}
            for name, target in sources]
    if isinstance(meta.get("tag"), str):
        out["tag"] = meta["tag"]
    if isinstance(meta.get("seq_nr"), int):
        out["seq_nr"] = int64(meta["seq_nr"])
    extra = []
    for key, value in meta.items():
        if key in _MODELED_KEYS:
            continue
        plain = _plain_json(value)
        if plain is not None:
            extra.append({"key": key, "json_text": json.dumps(plain, sort_keys=True)})
    if extra:
        out["extra"] = extra
    return out or None


def untyped_storage(tensor):
    """The storage a tensor views, in both PyTorch 1.13 and 2.x."""
    if hasattr(tensor, "untyped_storage"):  # PyTorch 2.x
        return tensor.untyped_storage()
    return tensor.storage().untyped()  # 1.13


def storage_key(tensor):
    """(device, storage address), equal for tensors that share storage; None
    for a tensor without storage of its own to share (not strided, on the
    meta device, or empty)."""
    if tensor.layout != torch.strided or tensor.device.type == "meta":
        return None
    address = untyped_storage(tensor).data_ptr()
    return (str(tensor.device), address) if address else None
