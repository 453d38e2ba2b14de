"""Hand-written cases for every construct of the wrong-code territory (DAG patterns, named ops, quasi-affine
maps, integer and float body ops), shared by the lowering, mutant and reducer tests.

Each builder returns a valid case with defined semantics.  Exact-input cases (``EXACT``) have zero-width
bounds: every correct compilation reproduces the reference bit for bit.
"""
from __future__ import annotations

from fuzz.case import workload as W

IN0, IN1, IN2 = (W.Expr("in", index=k) for k in range(3))


def c(dtype: str, v: float) -> W.Expr:
    return W.Expr("const", dtype=dtype, value=float(v))


def e(op: str, *args: W.Expr, **kw) -> W.Expr:
    return W.Expr(op, tuple(args), **kw)


def ints(name: str, shape, lo: int, hi: int, dtype: str = "i32", seed: int | None = None) -> W.Tensor:
    return W.Tensor(name, tuple(shape), dtype, W.ValueSpec("int", seed if seed is not None else sum(map(ord, name)), lo, hi))


def floats(name: str, shape, dtype: str = "f32", dist: str = "normal", scale: float = 1.0) -> W.Tensor:
    return W.Tensor(name, tuple(shape), dtype, W.ValueSpec(dist, sum(map(ord, name)), scale=scale))


def ident(n: int, dims=None) -> tuple[W.Affine, ...]:
    return tuple(W.Affine(tuple(int(i == d) for i in range(n))) for d in (range(n) if dims is None else dims))


def elementwise(name: str, inputs: tuple[str, ...], shape, body: W.Expr, out: str, maps=None) -> W.Generic:
    n = len(shape)
    return W.Generic(name, inputs, tuple(shape), ("parallel",) * n, maps or tuple(ident(n) for _ in inputs), body, out)


def _nonzero(x: W.Expr) -> W.Expr:
    """x >= 0 ? x + 1 : x: a divisor of either sign that is never 0."""
    return e("select", x, c("i32", 0), e("add", x, c("i32", 1)), x, pred="ge")


def integer_division() -> W.Case:
    """floordiv, floormod, truncdiv, truncmod of signed values by signed tensor values and by constants."""
    shape = (4, 9)
    ops = tuple(elementwise(f"{op}_t", ("a", "b"), shape, e(op, IN0, _nonzero(IN1)), "i32")
                for op in ("floordiv", "floormod", "truncdiv", "truncmod"))
    ops += (elementwise("by_const", ("a",), shape, e("add", e("floordiv", IN0, c("i32", -3)),
                                                      e("truncmod", IN0, c("i32", 5))), "i32"),)
    return W.Case((ints("a", shape, -60, 60), ints("b", shape, -7, 7)), ops, tuple(op.name for op in ops),
                  "integer-division")


def shifts_and_bits() -> W.Case:
    shape = (5, 7)
    amount = e("and", IN1, c("i32", 7))
    ops = (elementwise("shl", ("a", "b"), shape, e("shl", IN0, amount), "i32"),
           elementwise("shr", ("a", "b"), shape, e("shr", IN0, amount), "i32"),
           elementwise("bits", ("a", "b"), shape, e("xor", e("or", IN0, IN1), e("and", IN0, e("neg", IN1))), "i32"),
           elementwise("absneg", ("a",), shape, e("sub", e("abs", IN0), e("neg", IN0)), "i32"))
    return W.Case((ints("a", shape, -1000, 1000), ints("b", shape, -100, 100)), ops, tuple(op.name for op in ops),
                  "shifts-and-bits")


def int8_ops() -> W.Case:
    """i8 operands divided, shifted and masked in i8 (no widening): the narrow-type paths."""
    shape = (3, 16)
    nz = e("select", IN1, c("i8", 0), e("add", e("and", IN1, c("i8", 15)), c("i8", 1)), e("or", IN1, c("i8", -16)),
           pred="ge")  # 1..16 or -16..-1
    body = e("xor", e("floordiv", IN0, nz), e("shr", IN0, e("and", IN1, c("i8", 7))))
    ops = (elementwise("q", ("a", "b"), shape, e("xor", body, e("floormod", IN0, nz)), "i8"),)
    return W.Case((ints("a", shape, -127, 127, "i8"), ints("b", shape, -128, 127, "i8")), ops, ("q",), "int8-ops")


def float_ops(dtype: str = "f32") -> W.Case:
    """div and sqrt (correctly rounded), tanh and sigmoid (declared budgets) over realistic values."""
    shape = (6, 10)
    denom = e("add", e("abs", IN1), c(dtype, 0.5))
    ops = (elementwise("div", ("a", "b"), shape, e("div", IN0, denom), dtype),
           elementwise("sqrt", ("a",), shape, e("sqrt", e("abs", IN0)), dtype),
           elementwise("tanh", ("a",), shape, e("tanh", e("mul", IN0, c(dtype, 3.0))), dtype),
           elementwise("sigmoid", ("a",), shape, e("sigmoid", e("mul", IN0, c(dtype, 4.0))), dtype))
    return W.Case((floats("a", shape, dtype), floats("b", shape, dtype)), ops, tuple(op.name for op in ops),
                  f"float-ops-{dtype}")


def erf_ops(dtype: str = "f32") -> W.Case:
    """erf (declared budget) over values out to about 10, where it saturates (TVM's float16 rocm erf overshoots 1
    from 2.236 on), and the erf GELU 0.5 x (1 + erf(x / sqrt(2)))."""
    shape = (8, 16)
    gelu = e("mul", e("mul", c(dtype, 0.5), IN0), e("add", c(dtype, 1.0), e("erf", e("mul", c(dtype, 0.70703125),
                                                                                          IN0))))
    ops = (elementwise("erf", ("a",), shape, e("erf", IN0), dtype), elementwise("gelu", ("a",), shape, gelu, dtype))
    return W.Case((floats("a", shape, dtype, scale=3.0),), ops, ("erf", "gelu"), f"erf-ops-{dtype}")


def quasi_affine(compound: bool = False) -> W.Case:
    """Reads through floordiv / mod maps: single-dimension forms (IREE tiles them), or compound ones."""
    maps = ("(d0*4 + d1) floordiv 3", "d1 mod 3 + d0 floordiv 2") if compound else ("d0 floordiv 2", "d1 mod 3")
    amap = tuple(W.parse_affine(t, 2, "t") for t in maps)
    read = elementwise("gather", ("a",), (6, 5), e("mul", IN0, c("i32", 3)), "i32", maps=(amap,))
    red = W.Generic("sum", ("b", "w"), (6, 4), ("parallel", "reduction"),
                    ((W.parse_affine("d0 floordiv 3", 2, "t"), W.parse_affine("d1", 2, "t")),
                     (W.parse_affine("d1", 2, "t"), W.parse_affine("d0 mod 2", 2, "t"))),
                    e("mul", IN0, IN1), "i32", "add")
    a_shape = tuple(m.range((6, 5))[1] + 1 for m in amap)
    return W.Case((ints("a", a_shape, -9, 9), ints("b", (2, 4), -9, 9), ints("w", (4, 2), -9, 9)), (read, red),
                  ("gather", "sum"), "quasi-affine-compound" if compound else "quasi-affine")


def matmuls() -> W.Case:
    """matmul in every named form: f16 -> f32 plain and transposed, batch i8 -> i32, quantized (2-d, 3-d)."""
    ts = (ints("a", (6, 8), -8, 8, "f16"), ints("bt", (5, 8), -8, 8, "f16"), ints("at", (8, 6), -8, 8, "f16"),
          ints("b", (8, 5), -8, 8, "f16"), ints("x", (2, 4, 9), -128, 127, "i8"), ints("y", (2, 9, 3), -128, 127, "i8"),
          ints("yt", (2, 3, 9), -128, 127, "i8"))
    ops = (W.Matmul("mm", ("a", "b"), "f32"), W.Matmul("mm_tb", ("a", "bt"), "f32", "b"),
           W.Matmul("mm_ta", ("at", "b"), "f16", "a"), W.Matmul("bmm", ("x", "y"), "i32"),
           W.Matmul("bmm_tb", ("x", "yt"), "i32", "b"), W.Matmul("qbmm", ("x", "y"), "i32", zero_points=(3, -5)),
           W.Matmul("qmm_tb", ("x", "yt"), "i32", "b", zero_points=(-2, 7)))
    return W.Case(ts, ops, tuple(op.name for op in ops), "matmuls")


def quantized_matmul_2d() -> W.Case:
    ts = (ints("a", (5, 7), -128, 127, "i8"), ints("b", (7, 4), -128, 127, "i8"))
    return W.Case(ts, (W.Matmul("qmm", ("a", "b"), "i32", zero_points=(-128, 5)),), ("qmm",), "quantized-matmul")


def pools_and_pad() -> W.Case:
    """pad with a non-zero value, then max and sum pools of it (NHWC and NCHW, strided, dilated)."""
    ts = (ints("x", (1, 7, 6, 3), -50, 50, "f16"), ints("y", (2, 3, 8, 7), -100, 100, "i8"))
    ops = (W.Pad("xp", ("x",), (0, 1, 2, 0), (0, 2, 1, 0), -64.0),
           W.Pool2d("maxp", ("xp",), "max", "NHWC", (3, 3), (2, 1), (1, 1), "f16"),
           W.Pool2d("sump", ("xp",), "sum", "NHWC", (2, 3), (1, 2), (2, 1), "f32"),
           W.Pad("yp", ("y",), (0, 0, 1, 1), (0, 0, 1, 0), 7.0),
           W.Pool2d("maxq", ("yp",), "max", "NCHW", (2, 2), (2, 2), (1, 1), "i32"),
           W.Pool2d("sumq", ("yp",), "sum", "NCHW", (3, 2), (1, 1), (1, 2), "i32", "generic"))
    return W.Case(ts, ops, ("maxp", "sump", "maxq", "sumq", "yp"), "pools-and-pad")


def quantized_convs() -> W.Case:
    """Quantized convs (padding holds the image zero point): NHWC, NCHW, depthwise, grouped (generic)."""
    ts = (ints("x", (1, 6, 7, 4), -128, 127, "i8"), ints("w", (3, 2, 4, 3), -128, 127, "i8"),
          ints("xc", (1, 4, 5, 6), -128, 127, "i8"), ints("wc", (2, 4, 3, 3), -128, 127, "i8"),
          ints("wd", (3, 3, 1, 4), -128, 127, "i8"), ints("wg", (2, 2, 2, 4), -128, 127, "i8"))
    ops = (W.Conv2d("q_nhwc", ("x", "w"), "NHWC", (1, 2), (1, 1), (1, 0, 2, 1), 1, "i32", zero_points=(-7, 3)),
           W.Conv2d("q_nchw", ("xc", "wc"), "NCHW", (1, 1), (1, 2), (0, 1, 1, 1), 1, "i32", zero_points=(5, -2)),
           W.Conv2d("q_dw", ("x", "wd"), "NHWC", (1, 1), (1, 1), (1, 1, 1, 1), 4, "i32", zero_points=(12, 0)),
           W.Conv2d("q_grp", ("x", "wg"), "NHWC", (2, 1), (1, 1), (0, 0, 0, 0), 2, "i32", zero_points=(-1, -1)))
    return W.Case(ts, ops, tuple(op.name for op in ops), "quantized-convs")


def softmax(dtype: str = "f32", n: int = 4, k: int = 12, scale: int = 8) -> W.Case:
    """max-reduce, subtract with broadcast, exp, sum-reduce, divide: four generics, two values used twice."""
    x = ints("x", (n, k), -scale, scale, dtype)
    row = (W.Affine((1, 0)),)
    full = ident(2)
    ops = (W.Generic("m", ("x",), (n, k), ("parallel", "reduction"), (full,), IN0, dtype, "max"),
           W.Generic("e", ("x", "m"), (n, k), ("parallel", "parallel"), (full, row), e("exp", e("sub", IN0, IN1)), dtype),
           W.Generic("s", ("e",), (n, k), ("parallel", "reduction"), (full,), IN0, dtype, "add"),
           W.Generic("y", ("e", "s"), (n, k), ("parallel", "parallel"), (full, row), e("div", IN0, IN1), dtype))
    return W.Case((x,), ops, ("y",), f"softmax-{dtype}")


def layer_norm(dtype: str = "f32", n: int = 3, k: int = 16) -> W.Case:
    """mean, variance (sum of squared deviations / k), then (x - mean) / sqrt(var + 1): bounded, no rsqrt."""
    x = floats("x", (n, k), dtype)
    row, full = (W.Affine((1, 0)),), ident(2)
    inv_k = c(dtype, 1.0 / k)
    ops = (W.Generic("sum", ("x",), (n, k), ("parallel", "reduction"), (full,), IN0, dtype, "add"),
           W.Generic("mean", ("sum",), (n,), ("parallel",), (ident(1),), e("mul", IN0, inv_k), dtype),
           W.Generic("ssd", ("x", "mean"), (n, k), ("parallel", "reduction"), (full, row),
                     e("mul", e("sub", IN0, IN1), e("sub", IN0, IN1)), dtype, "add"),
           W.Generic("y", ("x", "mean", "ssd"), (n, k), ("parallel", "parallel"), (full, row, row),
                     e("div", e("sub", IN0, IN1), e("sqrt", e("add", e("mul", IN2, inv_k), c(dtype, 1.0)))), dtype))
    return W.Case((x,), ops, ("y", "mean"), f"layer-norm-{dtype}")


def residual_and_two_consumers() -> W.Case:
    """A same-padded conv whose input is added back to its output (residual), and a conv read by two ops."""
    x, w = ints("x", (1, 6, 6, 4), -3, 3, "f16"), ints("w", (3, 3, 4, 4), -3, 3, "f16")
    conv = W.Conv2d("conv", ("x", "w"), "NHWC", (1, 1), (1, 1), (1, 1, 1, 1), 1, "f32")
    res = elementwise("res", ("conv", "x"), (1, 6, 6, 4), e("add", IN0, e("cast", IN1, dtype="f32")), "f32")
    relu = elementwise("relu", ("conv",), (1, 6, 6, 4), e("max", IN0, c("f32", 0.0)), "f32")
    pool = W.Generic("chsum", ("conv",), (1, 6, 6, 4), ("parallel",) * 3 + ("reduction",), (ident(4),), IN0, "f32", "add")
    return W.Case((x, w), (conv, res, relu, pool), ("res", "relu", "chsum"), "residual-two-consumers")


EXACT = (integer_division, shifts_and_bits, int8_ops, quasi_affine, matmuls, quantized_matmul_2d, pools_and_pad,
         quantized_convs, residual_and_two_consumers)
INEXACT = (float_ops, softmax, layer_norm)
