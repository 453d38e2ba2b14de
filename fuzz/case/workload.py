"""The workload model: one fuzz case as a frozen, versioned value.

A case is a DAG of ops over named input tensors: an op may read any input or
any earlier op, a value may feed several ops, and a case may have several
outputs.  Every op declares its numeric semantics (accumulator dtype,
rounding, saturation, zero points) in the case itself, so the case means the
same thing to the reference, to TVM and to IREE.  Each op family lives in its
own module under ``fuzz.case.ops`` and is re-exported here, the one entry point
the rest of kernelfuzz imports:

* ``fuzz.case.ops.conv``: ``conv2d``, plain or quantized;
* ``fuzz.case.ops.generic``: ``generic`` loop nests over (quasi-)affine maps
  (``fuzz.case.ops.affine``) with a scalar body (``fuzz.case.ops.expr``, whose
  ``SCALAR_OPS`` table declares every body op's meaning);
* ``fuzz.case.ops.named``: ``matmul`` (batched, transposed, quantized),
  ``pool2d`` (max, sum), ``pad``;
* ``fuzz.case.ops.attention``: ``attention`` (Q, K, V, an optional additive or boolean mask, a scale);
* ``fuzz.case.ops.reshape``: ``reshape`` (collapse, expand, transpose): the layout ops importers emit.

Convs and matmuls may accumulate into an init operand (``fuzz.case.ops.init``: a bias or a tensor).

JSON is the only serialization (never pickle).  Files are versioned: a case
is written as ``kernelfuzz.case/1`` when it uses only what version 1 knew
(convs without zero points, generics with affine maps and the version-1 body
ops), else as ``kernelfuzz.case/2``, and as ``kernelfuzz.case/3`` when it uses the importer forms (an init
operand, a reshape, an f32 x f32 conv); all three are read.  A case file is untrusted input:
``load``/``from_json`` check every field's type and range, names and the resource limits of
``fuzz.case.untrusted`` before anything is drawn or computed, and raise ``WorkloadError`` (with the
file: ``CaseFileError``) with a one-line message naming the field and the fix.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from math import prod
from typing import Any, Union

from fuzz.case import untrusted as U
from fuzz.case.dynamic import check_marks
from fuzz.case.ops.affine import Affine, Div, parse_affine  # noqa: F401  (re-exported)
from fuzz.case.ops.base import (  # noqa: F401
    CONV_DTYPES,
    DTYPE_BYTES,
    DTYPES,
    FLOAT_DTYPES,
    FP8_DTYPES,
    INT_DTYPES,
    INT_RANGE,
    NUMPY_DTYPE,
    check,
    names,
    representable,
)
from fuzz.case.ops import int4
from fuzz.case.ops.conv import Conv2d, conv_out_shape  # noqa: F401
from fuzz.case.ops.expr import (  # noqa: F401
    BINARY_OPS,
    EXPR_OPS,
    PREDICATES,
    SCALAR_OPS,
    Expr,
    expr_dtype,
    expr_from_json,
    expr_nodes,
    expr_ops,
    expr_to_json,
)
from fuzz.case.ops.generic import REDUCE_OPS, Generic  # noqa: F401
from fuzz.case.ops.attention import Attention
from fuzz.case.ops.init import FORMS_VERSION
from fuzz.case.ops.named import Matmul, Pad, Pool2d
from fuzz.case.ops.reshape import Reshape
from fuzz.case.untrusted import CaseFileError, WorkloadError  # noqa: F401  (re-exported: the errors of a case)

FORMATS = ("kernelfuzz.case/1", "kernelfuzz.case/2", "kernelfuzz.case/3")  # index + 1 is the version
FORMAT = FORMATS[-1]
DISTRIBUTIONS = ("int", "normal", "positive", "wide")
Op = Union[Conv2d, Generic, Matmul, Pool2d, Pad, Attention, Reshape]
OP_KINDS = {"conv2d": Conv2d, "generic": Generic, "matmul": Matmul, "pool2d": Pool2d, "pad": Pad,
            "attention": Attention, "reshape": Reshape}


# --------------------------------------------------------------------------
# Input tensors and their value specifications


@dataclass(frozen=True)
class ValueSpec:
    """How an input's values are generated (see ``fuzz.case.values``).

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
    dynamic: tuple[int, ...] = ()  # dims the compilers see as unknown until run time (fuzz/case/dynamic.py)


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
    swarm: tuple[str, ...] = ()  # generator features switched off when it was drawn (fuzz/generate/swarm.py)
    cpus: tuple[tuple[str, str, str], ...] = ()  # (configuration, CPU, its features) an ``expect`` was recorded on,
    #                                              for configurations that compile for the host's CPU

    def cpu_for(self, config: str) -> dict | None:
        """The CPU ``config``'s expected verdict was recorded on ({"name", "features"}), if the case says."""
        return next(({"name": n, "features": f} for c, n, f in self.cpus if c == config), None)

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
        return max([1] + [op.version() for op in self.ops] + [2 for t in self.inputs if t.dynamic or t.dtype == int4.STORAGE]
                   + [FORMS_VERSION for _ in _f32_convs(self)])


def _f32_convs(case: Case) -> list[str]:
    """Convs of f32 images (format version 3: version 2 had none)."""
    convs = [op for op in case.ops if isinstance(op, Conv2d) and op.acc == "f32"]
    try:
        types = case.tensor_types() if convs else {}
    except WorkloadError:  # an invalid draw (a reducer's candidate) still prints; loading it will say what is wrong
        return []
    return [op.name for op in convs if types[op.inputs[0]][1] == "f32"]


# --------------------------------------------------------------------------
# Shape inference and validation


def elements(case: Case) -> int:
    """Elements of every tensor a case holds (inputs, intermediates, outputs): the size campaigns and the reducer
    compare."""
    return sum(prod(shape) for shape, _ in case.tensor_types().values())


def _check_size(name: str, shape: tuple[int, ...], dtype: str, total: list[int]) -> None:
    """Resource limits (fuzz/case/untrusted.py), checked before any value is drawn or computed."""
    n = prod(shape)
    check(len(shape) <= U.MAX_RANK and n <= U.MAX_TENSOR_ELEMENTS,
          f"{name}: shape {U.show(list(shape))} exceeds the limit of rank {U.MAX_RANK} and "
          f"{U.MAX_TENSOR_ELEMENTS} elements; use a smaller shape", "limit")
    total[0] += n * DTYPE_BYTES[dtype]
    check(total[0] <= U.MAX_TOTAL_BYTES, f"{name}: the case's values exceed the limit of {U.MAX_TOTAL_BYTES} bytes "
                                         "together; use smaller tensors", "limit")


def _input_types(case: Case, total: list[int]) -> dict[str, tuple[tuple[int, ...], str]]:
    types: dict[str, tuple[tuple[int, ...], str]] = {}
    for t in case.inputs:
        check(t.name not in types, f"input {t.name!r} is defined twice; rename one")
        check(t.dtype in DTYPES, f"input {t.name!r}: dtype {t.dtype!r} is not one of {DTYPES}")
        check(all(isinstance(n, int) and n >= 1 for n in t.shape), f"input {t.name!r}: shape {t.shape} needs positive sizes")
        check(t.values.dist in DISTRIBUTIONS, f"input {t.name!r}: distribution {t.values.dist!r} is not one of {DISTRIBUTIONS}")
        _check_size(f"input {t.name!r}", t.values.base_shape or t.shape, t.dtype, total)
        check_marks(t.name, t.shape, t.dynamic)
        int4.check_input(t.name, t.dtype, t.values.dist)
        types[t.name] = (t.shape, t.dtype)
    return types


def infer_types(case: Case) -> dict[str, tuple[tuple[int, ...], str]]:
    total = [0]  # bytes of every value so far
    types = _input_types(case, total)
    for op in case.ops:
        check(op.name not in types, f"op {op.name!r}: name already used; names must be unique")
        for name in op.inputs:
            check(name in types, f"op {op.name!r}: input {name!r} is not defined before it; ops must be in topological order")
        types[op.name] = op.result_type(types)
        int4.check_op(op, types)
        _check_size(f"op {op.name!r}", *types[op.name], total)
    check(bool(case.outputs), "outputs: a case needs at least one output")
    check(len(set(case.outputs)) == len(case.outputs), f"outputs: {list(case.outputs)} names a value twice")
    inputs = {t.name for t in case.inputs}
    for name in case.outputs:
        check(name in types, f"outputs: {name!r} is not an input or op of the case")
        check(name not in inputs, f"outputs: {name!r} is a case input; outputs must be computed by ops")
    return types


# --------------------------------------------------------------------------
# JSON


def _op_from_json(j: Any, k: int) -> Op:
    where = f"ops[{k}]"
    check(isinstance(j, dict) and "kind" in j, f"{where}: expected an op object with a kind, got {U.show(j)}", "type")
    kind = U.text(j["kind"], where + ".kind", tuple(OP_KINDS))
    return OP_KINDS[kind].from_json(j, where)


def to_json(case: Case) -> dict:
    return {
        "format": FORMATS[case.version() - 1],
        "name": case.name,
        "note": case.note,
        **({"swarm": list(case.swarm)} if case.swarm else {}),
        "inputs": [{"name": t.name, "shape": list(t.shape), "dtype": t.dtype,
                    **({"dynamic": list(t.dynamic)} if t.dynamic else {}),
                    "values": {k: list(v) if isinstance(v, tuple) else v
                               for k, v in vars(t.values).items() if v is not None}}
                   for t in case.inputs],
        "ops": [op.to_json() for op in case.ops],
        "outputs": list(case.outputs),
        **({"schedules": {c: json.loads(t) for c, t in case.schedules}} if case.schedules else {}),
        **({"expect": dict(case.expect)} if case.expect else {}),
        **({"cpus": {c: {"name": n, "features": f} for c, n, f in case.cpus}} if case.cpus else {}),
    }


_VALUE_KEYS = ("dist", "seed"), ("low", "high", "scale", "sha256", "base_shape", "base_offset")


def _values_from_json(v: Any, where: str, dtype: str, shape: tuple[int, ...]) -> ValueSpec:
    U.fields(v, where, *_VALUE_KEYS)
    dist = U.text(v["dist"], where + ".dist", DISTRIBUTIONS)
    lo, hi = INT_RANGE.get(dtype, INT_RANGE["i32"])
    low, high = U.integer(v.get("low", 0), where + ".low", lo, hi), U.integer(v.get("high", 0), where + ".high", lo, hi)
    check(low <= high, f"{where}: low {low} > high {high}; swap them", "range")
    scale = U.number(v.get("scale", 1.0), where + ".scale")
    most = U.MAX_WIDE_SCALE if dist == "wide" else 1e300
    check(0 <= scale <= most, f"{where}.scale: {scale} is out of range; use a number in [0, {most:g}]", "range")
    sha = v.get("sha256")
    check(sha is None or isinstance(sha, str) and U.SHA256.fullmatch(sha),
          f"{where}.sha256: {U.show(sha)} is not a hex digest; delete it to have it recomputed", "type")
    base = v.get("base_shape")
    base = None if base is None else U.integers(base, where + ".base_shape", 1, U.MAX_TENSOR_ELEMENTS, len(shape))
    off = v.get("base_offset")
    off = None if off is None else U.integers(off, where + ".base_offset", 0, U.MAX_TENSOR_ELEMENTS, len(shape))
    check(all(o + n <= b for b, n, o in zip(base or shape, shape, off or (0,) * len(shape))),
          f"{where}.base_shape {list(base or shape)} at offset {list(off or ())} must cover the shape {list(shape)}",
           "range")
    return ValueSpec(dist, U.integer(v["seed"], where + ".seed", 0, U.MAX_SEED), low, high, scale, sha, base, off)


def _tensor_from_json(j: Any, k: int) -> Tensor:
    where = f"inputs[{k}]"
    U.fields(j, where, ("name", "shape", "dtype", "values"), ("dynamic",))
    shape = U.integers(j["shape"], where + ".shape", 1, U.MAX_TENSOR_ELEMENTS, most=U.MAX_RANK)
    dtype = U.text(j["dtype"], where + ".dtype", DTYPES)
    dynamic = U.integers(j.get("dynamic", []), where + ".dynamic", 0, U.MAX_RANK, most=U.MAX_RANK)
    return Tensor(U.tensor_name(j["name"], where + ".name"), shape, dtype,
                  _values_from_json(j["values"], where + ".values", dtype, shape), dynamic)


def _configs_map(j: Any, where: str, value) -> tuple:
    """An object keyed by configuration names (``schedules``, ``expect``), as sorted pairs."""
    check(isinstance(j, dict), f"{where}: expected an object mapping configuration names to values", "type")
    for c in j:
        check(U.CONFIG_NAME.fullmatch(c), f"{where}: {U.show(c)} is not a configuration name (like tvm:cpu)", "name")
    return tuple(sorted((c, value(t, f"{where}[{c!r}]")) for c, t in j.items()))


def _trace(t: Any, where: str) -> str:
    """A schedule trace in its frontend's own format: a non-empty list (TVM: [instructions, decisions]) or, for a
    pipeline of several kernels (Relax), a non-empty object of such lists keyed by kernel name."""
    per_kernel = isinstance(t, dict) and t and all(isinstance(v, list) and v for v in t.values())
    check((isinstance(t, list) and t) or per_kernel, f"{where}: a schedule trace is a non-empty list (or an object of "
           "them per kernel); delete it to have it redrawn", "type")
    return json.dumps(t, separators=(",", ":"))


_CASE_KEYS = ("format", "inputs", "ops", "outputs"), ("name", "note", "swarm", "schedules", "expect", "cpus")


def _cpu(j: Any, where: str) -> tuple[str, str]:
    U.fields(j, where, ("name", "features"))
    return U.text(j["name"], where + ".name", most=64), U.text(j["features"], where + ".features", most=8192)


def from_json(j: Any) -> Case:
    """A case from parsed JSON, checked field by field, then for types and resource limits
    (``fuzz.case.untrusted``) before anything is drawn or computed."""
    check(isinstance(j, dict), "case: expected a JSON object at the top level", "type")
    fmt = j.get("format")
    check(fmt in FORMATS, f"case format {U.show(fmt)} is unknown; this kernelfuzz reads only {', '.join(FORMATS)}",
          "version")
    U.fields(j, "case", *_CASE_KEYS)
    for key, most in (("inputs", U.MAX_INPUTS), ("ops", U.MAX_OPS), ("outputs", U.MAX_INPUTS + U.MAX_OPS)):
        check(isinstance(j[key], list), f"{key}: expected a list, got {U.show(j[key])}", "type")
        check(len(j[key]) <= most, f"{key}: {len(j[key])} items exceed the limit of {most}", "limit")
    case = Case(tuple(_tensor_from_json(t, k) for k, t in enumerate(j["inputs"])),
                tuple(_op_from_json(o, k) for k, o in enumerate(j["ops"])),
                names(j["outputs"], "outputs", U.MAX_INPUTS + U.MAX_OPS),
                U.case_name(j.get("name", "case"), "name"), U.text(j.get("note", ""), "note", most=U.MAX_NOTE),
                _configs_map(j.get("schedules", {}), "schedules", _trace),
                _configs_map(j.get("expect", {}), "expect", lambda v, w: U.text(v, w, most=40)),
                _swarm(j.get("swarm", []), "swarm"),
                tuple((c, *cpu) for c, cpu in _configs_map(j.get("cpus", {}), "cpus", _cpu)))
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


def _swarm(v: Any, where: str) -> tuple[str, ...]:
    """The generator features a case's swarm draw switched off (provenance: names are not checked against the
    registry, which lives above this leaf module)."""
    check(isinstance(v, list) and len(v) <= 256,
          f"{where}: expected a list of the feature names switched off (`kernelfuzz features`), got {U.show(v)}",
          "type")
    return tuple(U.text(x, f"{where}[{k}]", most=64) for k, x in enumerate(v))


def dumps(case: Case) -> str:
    return _pretty(to_json(case)) + "\n"


def load(path) -> Case:
    """Read and check a case file: encoding, JSON, format version, every field's type and range, names, resource
    limits.  Any problem is a one-line ``CaseFileError`` naming the file, the field and the fix.
    (``fuzz.casefile.load`` adds what needs the layers above: verdict names and value digests.)"""
    j = U.read_json(path)
    try:
        return from_json(j)
    except WorkloadError as e:
        raise CaseFileError(path, str(e), e.kind) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        # a check this loader lacks: still one line, and tests/test_front_door.py counts these as its failures
        raise CaseFileError(path, f"malformed case ({type(e).__name__}: {e})", "malformed") from None
