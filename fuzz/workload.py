"""The workload model: one fuzz case as a frozen, versioned value.

A case is a DAG of ops over named input tensors: an op may read any input or
any earlier op, a value may feed several ops, and a case may have several
outputs.  Every op declares its numeric semantics (accumulator dtype,
rounding, saturation, zero points) in the case itself, so the case means the
same thing to the reference, to TVM and to IREE.  Each op family lives in its
own module under ``fuzz.ops`` and is re-exported here, the one entry point
the rest of kernelfuzz imports:

* ``fuzz.ops.conv``: ``conv2d``, plain or quantized;
* ``fuzz.ops.generic``: ``generic`` loop nests over (quasi-)affine maps
  (``fuzz.ops.affine``) with a scalar body (``fuzz.ops.expr``, whose
  ``SCALAR_OPS`` table declares every body op's meaning);
* ``fuzz.ops.named``: ``matmul`` (batched, transposed, quantized),
  ``pool2d`` (max, sum), ``pad``.

JSON is the only serialization (never pickle).  Files are versioned: a case
is written as ``kernelfuzz.case/1`` when it uses only what version 1 knew
(convs without zero points, generics with affine maps and the version-1 body
ops), else as ``kernelfuzz.case/2``; both are read.  ``load``/``from_json``
raise ``WorkloadError`` with a one-line message naming the field and the fix.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Union

from fuzz.ops.affine import Affine, Div, parse_affine  # noqa: F401  (re-exported)
from fuzz.ops.base import (CONV_DTYPES, DTYPES, FLOAT_DTYPES, INT_DTYPES, INT_RANGE, NUMPY_DTYPE,  # noqa: F401
                           WorkloadError, check, read_ints, representable, require)
from fuzz.ops.conv import Conv2d, conv_out_shape  # noqa: F401
from fuzz.ops.expr import (BINARY_OPS, EXPR_OPS, PREDICATES, SCALAR_OPS, Expr, expr_dtype,  # noqa: F401
                           expr_from_json, expr_nodes, expr_ops, expr_to_json)
from fuzz.ops.generic import REDUCE_OPS, Generic  # noqa: F401
from fuzz.ops.named import Matmul, Pad, Pool2d

FORMATS = ("kernelfuzz.case/1", "kernelfuzz.case/2")  # index + 1 is the version
FORMAT = FORMATS[-1]
DISTRIBUTIONS = ("int", "normal", "positive", "wide")
Op = Union[Conv2d, Generic, Matmul, Pool2d, Pad]
OP_KINDS = {"conv2d": Conv2d, "generic": Generic, "matmul": Matmul, "pool2d": Pool2d, "pad": Pad}


# --------------------------------------------------------------------------
# Input tensors and their value specifications


@dataclass(frozen=True)
class ValueSpec:
    """How an input's values are generated (see ``fuzz.values``).

    int: uniform integers in [low, high]; normal: N(0, scale); positive:
    U(0, scale); wide: random sign times 2**U(-scale, scale).  ``sha256`` of the
    materialized bytes, when present, is checked on every regeneration.
    ``base_shape``: values are drawn for this larger shape and cropped to the
    tensor's, starting at ``base_offset`` (default: the leading corner): how the
    reducer shrinks a tensor and keeps the values that made it fail.
    """

    dist: str
    seed: int
    low: int = 0
    high: int = 0
    scale: float = 1.0
    sha256: str | None = None
    base_shape: tuple[int, ...] | None = None
    base_offset: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Tensor:
    name: str
    shape: tuple[int, ...]
    dtype: str
    values: ValueSpec


# --------------------------------------------------------------------------
# The case


@dataclass(frozen=True)
class Case:
    inputs: tuple[Tensor, ...]
    ops: tuple[Op, ...]
    outputs: tuple[str, ...]
    name: str = "case"
    note: str = ""
    schedules: tuple[tuple[str, str], ...] = ()  # (configuration, schedule trace as JSON text)
    expect: tuple[tuple[str, str], ...] = ()  # (configuration, expected verdict) for corpus replay

    def schedule_for(self, config: str) -> str | None:
        """The stored schedule trace a configuration must replay, if any."""
        return dict(self.schedules).get(config)

    def with_schedule(self, config: str, trace: str) -> "Case":
        kept = tuple((c, t) for c, t in self.schedules if c != config)
        return replace(self, schedules=tuple(sorted(kept + ((config, trace),))))

    def tensor_types(self) -> dict[str, tuple[tuple[int, ...], str]]:
        """Shape and dtype of every value; validates the whole case."""
        return infer_types(self)

    def reduction_length(self) -> int:
        """Largest number of terms any single reduction in the case combines."""
        types = self.tensor_types()
        return max([1] + [op.reduction_length(types) for op in self.ops])

    def consumers(self, name: str) -> tuple[Op, ...]:
        """The ops that read value ``name``."""
        return tuple(op for op in self.ops if name in op.inputs)

    def version(self) -> int:
        """The lowest format version that holds this case."""
        return max([1] + [op.version() for op in self.ops])


# --------------------------------------------------------------------------
# Shape inference and validation


def _input_types(case: Case) -> dict[str, tuple[tuple[int, ...], str]]:
    types: dict[str, tuple[tuple[int, ...], str]] = {}
    for t in case.inputs:
        check(t.name not in types, f"input {t.name!r} is defined twice; rename one")
        check(t.dtype in DTYPES, f"input {t.name!r}: dtype {t.dtype!r} is not one of {DTYPES}")
        check(all(isinstance(n, int) and n >= 1 for n in t.shape), f"input {t.name!r}: shape {t.shape} needs positive sizes")
        check(t.values.dist in DISTRIBUTIONS, f"input {t.name!r}: distribution {t.values.dist!r} is not one of {DISTRIBUTIONS}")
        types[t.name] = (t.shape, t.dtype)
    return types


def infer_types(case: Case) -> dict[str, tuple[tuple[int, ...], str]]:
    types = _input_types(case)
    for op in case.ops:
        check(op.name not in types, f"op {op.name!r}: name already used; names must be unique")
        for name in op.inputs:
            check(name in types, f"op {op.name!r}: input {name!r} is not defined before it; ops must be in topological order")
        types[op.name] = op.result_type(types)
    check(bool(case.outputs), "outputs: a case needs at least one output")
    check(len(set(case.outputs)) == len(case.outputs), f"outputs: {list(case.outputs)} names a value twice")
    inputs = {t.name for t in case.inputs}
    for name in case.outputs:
        check(name in types, f"outputs: {name!r} is not an input or op of the case")
        check(name not in inputs, f"outputs: {name!r} is a case input; outputs must be computed by ops")
    return types


# --------------------------------------------------------------------------
# JSON


def _op_from_json(j: dict, k: int) -> Op:
    where = f"ops[{k}]"
    require(j, ("kind", "name", "inputs"), where)
    check(j["kind"] in OP_KINDS, f"{where}: kind {j['kind']!r} must be one of {', '.join(OP_KINDS)}")
    check(isinstance(j["inputs"], list), f"{where}.inputs: expected a list of value names")
    return OP_KINDS[j["kind"]].from_json(j, where)


def to_json(case: Case) -> dict:
    return {
        "format": FORMATS[case.version() - 1],
        "name": case.name,
        "note": case.note,
        "inputs": [{"name": t.name, "shape": list(t.shape), "dtype": t.dtype,
                    "values": {k: list(v) if isinstance(v, tuple) else v
                               for k, v in vars(t.values).items() if v is not None}}
                   for t in case.inputs],
        "ops": [op.to_json() for op in case.ops],
        "outputs": list(case.outputs),
        **({"schedules": {c: json.loads(t) for c, t in case.schedules}} if case.schedules else {}),
        **({"expect": dict(case.expect)} if case.expect else {}),
    }


def _tensor_from_json(j: dict, k: int) -> Tensor:
    where = f"inputs[{k}]"
    require(j, ("name", "shape", "dtype", "values"), where)
    v = j["values"]
    require(v, ("dist", "seed"), where + ".values")
    unknown = set(v) - set(ValueSpec.__dataclass_fields__)
    check(not unknown, f"{where}.values: unknown field(s) {sorted(unknown)}")
    for key in ("base_shape", "base_offset"):
        if key in v:
            v = {**v, key: read_ints(v[key], None, f"{where}.values.{key}")}
    t = Tensor(j["name"], read_ints(j["shape"], None, where + ".shape"), j["dtype"], ValueSpec(**v))
    base = t.values.base_shape
    off = t.values.base_offset or (0,) * len(t.shape)
    check(base is None or (len(base) == len(t.shape) == len(off)
                           and all(0 <= o and o + n <= b for b, n, o in zip(base, t.shape, off))),
          f"{where}.values.base_shape {base} at offset {list(off)} must have the tensor's rank and cover "
          f"its shape {t.shape}")
    return t


def from_json(j: Any) -> Case:
    check(isinstance(j, dict), "case: expected a JSON object at the top level")
    fmt = j.get("format")
    check(fmt in FORMATS, f"case format {fmt!r} is unknown; this kernelfuzz reads only {', '.join(FORMATS)}")
    require(j, ("inputs", "ops", "outputs"), "case")
    schedules = j.get("schedules", {})
    check(isinstance(schedules, dict), "schedules: expected an object mapping configuration names to traces")
    case = Case(tuple(_tensor_from_json(t, k) for k, t in enumerate(j["inputs"])),
                tuple(_op_from_json(o, k) for k, o in enumerate(j["ops"])),
                tuple(j["outputs"]), j.get("name", "case"), j.get("note", ""),
                tuple(sorted((c, json.dumps(t, separators=(",", ":"))) for c, t in schedules.items())),
                tuple(sorted(_expect(j.get("expect", {})).items())))
    case.tensor_types()
    return case


def _pretty(obj: Any, pad: str = "") -> str:
    """JSON with objects one field per line and lists (shapes, maps, bodies) on one line."""
    inner = pad + "  "
    if isinstance(obj, dict):
        rows = [f"{inner}{json.dumps(k)}: {_pretty(v, inner)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(rows) + "\n" + pad + "}"
    if isinstance(obj, list) and any(isinstance(x, dict) for x in obj):
        return "[\n" + ",\n".join(inner + _pretty(x, inner) for x in obj) + "\n" + pad + "]"
    return json.dumps(obj)


def _expect(j: Any) -> dict:
    check(isinstance(j, dict) and all(isinstance(v, str) for v in j.values()),
          "expect: expected an object mapping configuration names to verdict names")
    return j


def dumps(case: Case) -> str:
    return _pretty(to_json(case)) + "\n"


def load(path) -> Case:
    """Read and validate a case file; any problem is a WorkloadError naming the file."""
    try:
        with open(path) as f:
            j = json.load(f)
    except OSError as e:
        raise WorkloadError(f"{path}: cannot read ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise WorkloadError(f"{path}: not valid JSON ({e}); restore it from git or delete it") from None
    try:
        return from_json(j)
    except WorkloadError as e:
        raise WorkloadError(f"{path}: {e}") from None
    except (TypeError, ValueError) as e:
        raise WorkloadError(f"{path}: malformed case ({e})") from None
