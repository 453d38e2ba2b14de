"""Named ops beyond conv: ``matmul`` (batched, transposed, quantized), ``pool2d`` (max, sum) and ``pad``.

* ``matmul``: ``C[m, n] = sum_k A[m, k] * B[k, n]``, inputs converted exactly
  to ``acc`` and the products accumulated in it.  3-d operands carry a
  leading batch dim (batch_matmul).  ``transpose`` ``"a"`` stores A as K x M,
  ``"b"`` stores B as N x K.  ``zero_points`` (i8 -> i32 only) make it the
  quantized matmul: ``sum_k (A - za) * (B - zb)``.  An optional third input is the init the sum starts
  from (``fuzz.case.ops.init``: a bias per N or a tensor of the result's shape, in ``acc``).
* ``pool2d``: a window of ``window`` taps with stride and dilation over an
  NHWC or NCHW image, no padding (pad first with ``pad``); each tap converted
  exactly to ``acc`` and combined by ``max`` or ``sum`` (the sum in any
  order, like a float reduction).
* ``pad``: ``low`` / ``high`` elements added before / after each dim, filled
  with ``value`` (exactly representable in the dtype), as ``tensor.pad``.

``form`` tells a linalg lowering to spell a matmul or pool as the named op or
as its ``linalg.generic`` twin.  ``as_generic`` gives that twin in the
workload model itself (the reference and TVM evaluate it): its maps read the
pool window through reduction dims that no operand reads plainly, so it is
not a valid standalone generic (linalg needs a window operand for that).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from fuzz.case import untrusted as U
from fuzz.case.ops.affine import Affine
from fuzz.case.ops.base import (
    CONV_DTYPES,
    DTYPES,
    check,
    check_points,
    check_zero_points,
    exact_int,
    form,
    names,
    num,
    op_name,
    read_zero_points,
    representable,
    widens,
)
from fuzz.case.ops.expr import Expr
from fuzz.case.ops.generic import Generic
from fuzz.case.ops.init import FORMS_VERSION, init_of, init_shape

MATMUL_DTYPES = CONV_DTYPES | {("f32", "f32")}
TRANSPOSES = ("none", "a", "b")
POOL_MODES = ("max", "sum")


def _dim(d: int, n: int, coeffs: dict[int, int] | None = None) -> Affine:
    coeffs = coeffs or {d: 1}
    return Affine(tuple(coeffs.get(i, 0) for i in range(n)))


def _operand(index: int, dtype: str, acc: str, zero_point: int | None) -> Expr:
    e = Expr("in", index=index)
    e = e if dtype == acc else Expr("cast", (e,), dtype=acc)
    return e if zero_point is None else Expr("sub", (e, Expr("const", dtype=acc, value=float(zero_point))))


@dataclass(frozen=True)
class Matmul:
    name: str
    inputs: tuple[str, ...]  # A, B (, init: fuzz/case/ops/init.py)
    acc: str = "f32"
    transpose: str = "none"  # "a": A is stored K x M; "b": B is stored N x K
    zero_points: tuple[int, int] | None = None  # (A, B): the quantized matmul
    form: str = "named"
    kind: str = field(default="matmul", init=False)

    def version(self) -> int:
        return 2 if init_of(self) is None else FORMS_VERSION

    def to_json(self) -> dict:
        j = {"kind": "matmul", "name": self.name, "inputs": list(self.inputs), "acc": self.acc,
             "transpose": self.transpose}
        if self.zero_points is not None:
            j["zero_points"] = list(self.zero_points)
        return {**j, **({"form": self.form} if self.form != "named" else {})}

    @staticmethod
    def from_json(j: dict, where: str) -> "Matmul":
        U.fields(j, where, ("kind", "name", "inputs", "acc"), ("transpose", "zero_points", "form"))
        inputs = names(j["inputs"], where + ".inputs", 3)
        check(len(inputs) in (2, 3), f"{where}: matmul takes [A, B] or [A, B, init], got {list(inputs)}")
        return Matmul(op_name(j, where), inputs, U.text(j["acc"], where + ".acc", DTYPES),
                      U.text(j.get("transpose", "none"), where + ".transpose", TRANSPOSES), read_zero_points(j, where),
                      form(j, where))

    def sizes(self, types: dict) -> tuple[int | None, int, int, int]:
        """(batch or None, M, N, K) from the operand shapes (K as A holds it)."""
        a = types[self.inputs[0]][0]
        m, k = (a[-1], a[-2]) if self.transpose == "a" else (a[-2], a[-1])
        return (a[0] if len(a) == 3 else None), m, self._n_k(types)[0], k

    def _n_k(self, types: dict) -> tuple[int, int]:
        b = types[self.inputs[1]][0]
        return (b[-2], b[-1]) if self.transpose == "b" else (b[-1], b[-2])

    def reduction_length(self, types: dict) -> int:
        return self.sizes(types)[3]

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        (a, at), (b, bt) = types[self.inputs[0]], types[self.inputs[1]]
        check(len(a) == len(b) and len(a) in (2, 3), f"{where}: matmul needs two 2-d or two 3-d operands, got {a} and {b}")
        check(len(a) == 2 or a[0] == b[0], f"{where}: batch sizes {a[0]} and {b[0]} differ")
        check(at == bt, f"{where}: A is {at} but B is {bt}; cast one of them first")
        check((at, self.acc) in MATMUL_DTYPES,
              f"{where}: {at} inputs with {self.acc} accumulation unsupported; use one of {sorted(MATMUL_DTYPES)}")
        check_zero_points(self.zero_points, at, self.acc, where)
        batch, m, n, k = self.sizes(types)
        k2 = self._n_k(types)[1]
        check(k == k2, f"{where}: A has K={k} but B has K={k2} (transpose {self.transpose!r})")
        macs = (batch or 1) * m * n * k  # the reference contracts in bounded blocks, as a conv's (fuzz/judge/matmul.py)
        check(macs <= U.MAX_CONV_MACS, f"{where}: matmul (batch, M, N, K) {[batch or 1, m, n, k]}: {macs} multiply-adds "
                                       f"exceed the limit of {U.MAX_CONV_MACS}; use smaller sizes", "limit")
        out = ((batch,) if batch else ()) + (m, n)
        init_shape(self, out, types, len(out) - 1)
        return out, self.acc

    def as_generic(self, types: dict) -> Generic:
        """The twin of the products' sum (the init, if any, is not in it: ``fuzz.case.ops.init``)."""
        batch, *mnk = self.sizes(types)
        lead = 0 if batch is None else 1
        nd = lead + 3
        bd, m, n, k = (0,) * lead, lead, lead + 1, lead + 2
        amap = bd + ((k, m) if self.transpose == "a" else (m, k))
        bmap = bd + ((n, k) if self.transpose == "b" else (k, n))
        dtype = types[self.inputs[0]][1]
        za, zb = self.zero_points or (None, None)
        body = Expr("mul", (_operand(0, dtype, self.acc, za), _operand(1, dtype, self.acc, zb)))
        return Generic(self.name, self.inputs[:2], (batch,) * lead + tuple(mnk), ("parallel",) * (nd - 1) + ("reduction",),
                       (tuple(_dim(d, nd) for d in amap), tuple(_dim(d, nd) for d in bmap)), body, self.acc, "add")

    def describe(self) -> str:
        zp = f" zero points {list(self.zero_points)}" if self.zero_points else ""
        zp += f" into {init_of(self)}" if init_of(self) else ""
        return f"matmul transpose {self.transpose} acc {self.acc}{zp}" + (" (generic form)" if self.form == "generic" else "")


@dataclass(frozen=True)
class Pool2d:
    name: str
    inputs: tuple[str]
    mode: str  # "max" | "sum"
    layout: str  # "NHWC" | "NCHW"
    window: tuple[int, int]
    stride: tuple[int, int] = (1, 1)
    dilation: tuple[int, int] = (1, 1)
    acc: str = "f32"
    form: str = "named"
    kind: str = field(default="pool2d", init=False)

    def version(self) -> int:
        return 2

    def reduction_length(self, types: dict) -> int:
        return self.window[0] * self.window[1]

    def to_json(self) -> dict:
        j = {"kind": "pool2d", "name": self.name, "inputs": list(self.inputs), "mode": self.mode,
             "layout": self.layout, "window": list(self.window), "stride": list(self.stride),
             "dilation": list(self.dilation), "acc": self.acc}
        return {**j, **({"form": self.form} if self.form != "named" else {})}

    @staticmethod
    def from_json(j: dict, where: str) -> "Pool2d":
        U.fields(j, where, ("kind", "name", "inputs", "mode", "layout", "window", "acc"), ("stride", "dilation", "form"))
        inputs = names(j["inputs"], where + ".inputs", 1)
        check(len(inputs) == 1, f"{where}: pool2d takes one image, got {list(inputs)}")
        most = U.MAX_CONV_ATTR
        return Pool2d(op_name(j, where), inputs, U.text(j["mode"], where + ".mode", POOL_MODES),
                      U.text(j["layout"], where + ".layout", ("NHWC", "NCHW")),
                      U.integers(j["window"], where + ".window", 1, most, 2),
                      U.integers(j.get("stride", [1, 1]), where + ".stride", 1, most, 2),
                      U.integers(j.get("dilation", [1, 1]), where + ".dilation", 1, most, 2),
                      U.text(j["acc"], where + ".acc", DTYPES), form(j, where))

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        x, xt = types[self.inputs[0]]
        check(self.layout in ("NHWC", "NCHW"), f"{where}: layout {self.layout!r} must be NHWC or NCHW")
        check(len(x) == 4, f"{where}: pool2d needs a 4-d image, got {x}")
        check(all(v >= 1 for v in self.window + self.stride + self.dilation),
              f"{where}: window, stride and dilation must be >= 1")
        check(widens(xt, self.acc), f"{where}: {xt} taps cannot be held exactly in {self.acc}; use {xt} or a wider acc")
        n, h, w, c = x if self.layout == "NHWC" else (x[0], x[2], x[3], x[1])
        oh = (h - self.dilation[0] * (self.window[0] - 1) - 1) // self.stride[0] + 1
        ow = (w - self.dilation[1] * (self.window[1] - 1) - 1) // self.stride[1] + 1
        check(oh >= 1 and ow >= 1, f"{where}: the dilated window does not fit the image (output {oh}x{ow}); pad it first")
        check_points((n, oh, ow, c) + tuple(self.window), where, "pool loops (N, OH, OW, C, window)")
        return ((n, oh, ow, c) if self.layout == "NHWC" else (n, c, oh, ow)), self.acc

    def as_generic(self, types: dict) -> Generic:
        out, _ = self.result_type(types)
        (sh, sw), (dh, dw) = self.stride, self.dilation
        if self.layout == "NHWC":  # loops (n, oh, ow, c, kh, kw)
            xmap = (_dim(0, 6), _dim(1, 6, {1: sh, 4: dh}), _dim(2, 6, {2: sw, 5: dw}), _dim(3, 6))
        else:  # loops (n, c, oh, ow, kh, kw)
            xmap = (_dim(0, 6), _dim(1, 6), _dim(2, 6, {2: sh, 4: dh}), _dim(3, 6, {3: sw, 5: dw}))
        dtype = types[self.inputs[0]][1]
        return Generic(self.name, self.inputs, tuple(out) + tuple(self.window), ("parallel",) * 4 + ("reduction",) * 2,
                       (xmap,), _operand(0, dtype, self.acc, None), self.acc, "max" if self.mode == "max" else "add")

    def describe(self) -> str:
        return (f"pool2d {self.mode} {self.layout} window {list(self.window)} stride {list(self.stride)} "
                f"dilation {list(self.dilation)} acc {self.acc}" + (" (generic form)" if self.form == "generic" else ""))


@dataclass(frozen=True)
class Pad:
    name: str
    inputs: tuple[str]
    low: tuple[int, ...]
    high: tuple[int, ...]
    value: float = 0.0
    kind: str = field(default="pad", init=False)

    def version(self) -> int:
        return 2

    def reduction_length(self, types: dict) -> int:
        return 1

    def to_json(self) -> dict:
        return {"kind": "pad", "name": self.name, "inputs": list(self.inputs), "low": list(self.low),
                "high": list(self.high), "value": num(self.value)}

    @staticmethod
    def from_json(j: dict, where: str) -> "Pad":
        U.fields(j, where, ("kind", "name", "inputs", "low", "high", "value"))
        inputs = names(j["inputs"], where + ".inputs", 1)
        check(len(inputs) == 1, f"{where}: pad takes one tensor, got {list(inputs)}")
        most = U.MAX_TENSOR_ELEMENTS
        return Pad(op_name(j, where), inputs, U.integers(j["low"], where + ".low", 0, most, most=U.MAX_RANK),
                   U.integers(j["high"], where + ".high", 0, most, most=U.MAX_RANK),
                   exact_int(j["value"], where + ".value"))

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        x, xt = types[self.inputs[0]]
        check(len(self.low) == len(self.high) == len(x),
              f"{where}: low {list(self.low)} and high {list(self.high)} need one entry per dim of {list(x)}")
        check(all(p >= 0 for p in self.low + self.high), f"{where}: pad amounts must be >= 0")
        check(xt in DTYPES and representable(self.value, xt),
              f"{where}: pad value {self.value!r} is not exactly representable in {xt}")
        return tuple(n + lo + hi for n, lo, hi in zip(x, self.low, self.high)), xt

    def describe(self) -> str:
        return f"pad low {list(self.low)} high {list(self.high)} value {num(self.value)}"
