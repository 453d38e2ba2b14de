"""Floating-point instructions (PTX ISA, "Floating-Point Instructions", "Half Precision Floating-Point
Instructions") on .f16, .f16x2 (each half alone), .f32, .f32x2 (sm_100+: each 32-bit half of a .b64 alone) and
.f64, and the mixed-precision ``add``/``sub``/``fma`` ``.f32.f16`` and ``.f32.bf16`` (sm_100+: the 16-bit operands
converted exactly to f32, then the f32 operation with its one rounding).

IEEE operations (``add``, ``sub``, ``mul``, ``fma``, ``mad.rn``, ``div.rn``, ``rcp.rn``, ``sqrt.rn`` and the other
rounding modes) are correctly rounded from the exact result: ``add``/``sub``/``mul`` in binary64 (exact before one
rounding for these formats), ``fma`` through an error-free sum that falls back to exact rationals when the binary64
sum sits on a rounding midpoint.  ``.ftz`` flushes subnormal f32 operands and results; ``.sat`` clamps to [0, 1]
(NaN to 0).  An ``add``/``mul`` without a rounding modifier is computed as ``.rn``: the driver may contract it into
an FMA on the device (the ``gpu`` numerics profile allows contraction).

Approximate instructions follow one stated model: the exact function computed in binary64 and rounded to the
destination (``ex2``, ``lg2``, ``rcp``, ``rsqrt``, ``sqrt``, ``sin``, ``cos``, ``tanh`` ``.approx``;
``div.approx`` and ``div.full``), i.e. within an ulp of the exact value, inside the ISA's documented maxima
(ex2 2 ulp, rcp 1 ulp, div.full 2 ulp, sin/cos 2^-20.9 absolute on [-pi, pi], tanh 2^-11 relative) and the ``gpu``
profile's budgets; where the ISA defines a result outside that (``div.approx`` by |b| > 2^126 gives 0) it is
followed.  A device's approximations can be further off than this model (tanh.approx notably): such a verdict is
the device's, not visible here.
"""
from __future__ import annotations

import math
import struct
from fractions import Fraction

from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.values import F16, F32, MODES, decode, encode, flush, fmt

IEEE = ("add", "sub", "mul", "fma", "mad", "div", "rcp", "sqrt")
APPROX = {"ex2": lambda x: 2.0 ** x if x < 1024 else math.inf, "lg2": math.log2, "rcp": lambda x: 1 / x,
          "rsqrt": lambda x: 1 / math.sqrt(x), "sqrt": math.sqrt, "sin": math.sin, "cos": math.cos,
          "tanh": math.tanh}


BF16_OPS = ("add", "sub", "mul", "fma", "min", "max", "neg", "abs")  # the ISA's .bf16/.bf16x2 forms


def float_type(ins) -> tuple[str, bool]:
    ty = ins.mods[-1] if ins.mods else ""
    if ty not in ("f16", "f16x2", "f32", "f32x2", "f64", "bf16", "bf16x2") or \
            (ty == "f32x2" and ins.op not in ("add", "sub", "mul", "fma")) or \
            (ty.startswith("bf16") and ins.op not in BF16_OPS):
        raise CannotSimulate(f"{ins.op} of type .{ty}", ins.text)
    return ty.removesuffix("x2"), ty.endswith("x2")


def _mods(ins, allowed: set) -> tuple[str | None, bool, bool]:
    """(rounding mode, ftz, sat) after checking every modifier is one this instruction supports here."""
    mids = set(ins.mods[:-1])
    if mids - allowed:
        raise CannotSimulate(f"{ins.op}.{'.'.join(sorted(mids - allowed))}.{ins.mods[-1]}", ins.text)
    mode = next((m for m in ins.mods if m in MODES), None)
    return mode, "ftz" in mids, "sat" in mids


def lanes(ins, compute, w_in=None):
    """The run function of an elementwise float instruction: ``compute(*bit patterns) -> bits`` per value (each
    half of an .f16x2 or .f32x2 register alone)."""
    ty, pair = float_type(ins)
    f = fmt(ty)
    d, srcs = ins.args[0], ins.args[1:]
    w = f.bits
    ins.cache["map"] = (compute, w, pair)  # the vector machine maps ``compute`` over its lanes
    if not pair and len(srcs) == 2:  # the common case, without the generator
        a, b = srcs
        return lambda m, t: m.put(t, d, compute(m.val(t, a, w), m.val(t, b, w)), w)
    if not pair:
        return lambda m, t: m.put(t, d, compute(*(m.val(t, s, w) for s in srcs)), w)

    low = (1 << w) - 1

    def run(m, t):
        vals = [m.val(t, s, 2 * w) for s in srcs]
        lo = compute(*(v & low for v in vals))
        hi = compute(*(v >> w for v in vals))
        m.put(t, d, lo | (hi << w), 2 * w)
    return run


def _finish(bits: int, f, ftz: bool, sat: bool) -> int:
    if ftz:
        bits = flush(bits, f)
    if sat:
        x = decode(bits, f)
        bits = encode(0.0, f) if math.isnan(x) or x <= 0 else encode(1.0, f) if x >= 1 else bits
    return bits


def _inputs(bits, f, ftz):
    return [decode(flush(b, f) if ftz else b, f) for b in bits]


def round_exact(x: Fraction, f, mode: str, zero_negative: bool) -> int:
    if x == 0:
        return encode(-0.0 if zero_negative else 0.0, f)
    return encode(x, f, mode)


def fma(a: float, b: float, c: float, f, mode: str) -> int:
    """a*b+c rounded once: the product of two f16/f32 values is exact in binary64; the binary64 sum is exact
    when TwoSum's error is 0, and rounds right unless it lies on a midpoint of ``f`` (then exact rationals)."""
    p = a * b
    if not (math.isfinite(p) and math.isfinite(c)) or f.bits == 64 or mode != "rn":
        if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
            return encode(p + c, f)
        exact = Fraction(a) * Fraction(b) + Fraction(c)
        return round_exact(exact, f, mode, (p == 0 and c == 0 and math.copysign(1, p) < 0 and
                                            math.copysign(1, c) < 0) or (mode == "rm"))
    s = p + c
    bp = s - c
    err = (p - bp) + (c - (s - bp))
    low = 53 - f.precision
    if err != 0 and ((_dbits(s) & ((1 << low) - 1)) == 1 << (low - 1) or abs(s) < 2.0 ** (f.emin + 1)):
        return encode(Fraction(a) * Fraction(b) + Fraction(c), f, mode)
    return encode(s, f)


def _dbits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def arith(op: str, v: list, f, mode: str) -> int:
    a, b = v[0], v[1]
    if op == "fma" or op == "mad":
        return fma(a, b, v[2], f, mode)
    if op == "sub":
        op, b = "add", -b
    if not (math.isfinite(a) and math.isfinite(b)):
        return encode(a + b if op == "add" else a * b, f)
    if mode == "rn" and f.bits < 64:  # exact in binary64 before its one rounding (or correctly double-rounded)
        return encode(a + b if op == "add" else a * b, f)
    exact = Fraction(a) + Fraction(b) if op == "add" else Fraction(a) * Fraction(b)
    if op == "add":
        neg = (math.copysign(1, a) < 0 and math.copysign(1, b) < 0) or mode == "rm"
    else:
        neg = (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0)
    return round_exact(exact, f, mode, neg)


def divide(a: float, b: float, f, mode: str, approx: bool) -> int:
    if approx and 2.0 ** 126 < abs(b) < math.inf:  # ISA: div.approx.f32 by |b| in (2^126, 2^128) gives 0
        return encode(math.copysign(0.0, a) * math.copysign(1, b), f) if math.isfinite(a) else f.nan
    if math.isnan(a) or math.isnan(b) or (a == 0 and b == 0) or (math.isinf(a) and math.isinf(b)):
        return f.nan
    sign = math.copysign(1, a) * math.copysign(1, b)
    if b == 0 or math.isinf(a):
        return encode(sign * math.inf, f)
    if math.isinf(b) or a == 0:
        return encode(sign * 0.0, f)
    return encode(Fraction(a) / Fraction(b), f, mode)


FAST = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y}


MIXED = ("f16", "bf16")  # add/sub/fma .f32.{f16,bf16}: the 16-bit operand(s) first, then f32 ones


def build_mixed(ins):
    """add{.rnd}{.sat}.f32.atype d, a, c (d = a + c), sub (d = a - c) and fma.rnd{.sat}.f32.abtype d, a, b, c (d =
    a * b + c): a (and b) of .atype, exactly converted to f32; one rounding of the f32 result (.rn by default)."""
    op, (*mids, _, src) = ins.op, ins.mods
    if op not in ("add", "sub", "fma") or set(mids) - {*MODES, "sat"} or (op == "fma" and not set(mids) & set(MODES)):
        raise CannotSimulate(f"{op}.{'.'.join(ins.mods)}", ins.text)
    mode, sat, half = next((x for x in mids if x in MODES), "rn"), "sat" in mids, fmt(src)
    d, *srcs = ins.args
    narrow = 2 if op == "fma" else 1

    def run(m, t):
        v = [decode(m.val(t, x, 16), half) for x in srcs[:narrow]] + [decode(m.val(t, srcs[narrow], 32), F32)]
        m.put(t, d, _finish(arith(op, v, F32, mode), F32, False, sat), 32)
    return run


def build_arith(ins):
    if len(ins.mods) >= 2 and ins.mods[-2] == "f32" and ins.mods[-1] in MIXED:
        return build_mixed(ins)
    ty, _ = float_type(ins)
    op = ins.op
    if op == "mad" and not any(m in MODES for m in ins.mods):
        raise CannotSimulate(f"mad.{ty} without a rounding mode (legacy mad)", ins.text)
    if "relu" in ins.mods or ty == "bf16":
        return build_half(ins, ty)
    mode, ftz, sat = _mods(ins, {*MODES, "ftz", "sat"})
    f, mode = fmt(ty), mode or "rn"
    if ftz and f is not F32:
        raise CannotSimulate(f"{op}.ftz.{ty}", ins.text)
    if mode == "rn" and not (ftz or sat) and f.bits < 64 and op in FAST:  # binary64 is exact before the rounding
        fast = FAST[op]
        return lanes(ins, lambda a, b: encode(fast(decode(a, f), decode(b, f)), f))
    return lanes(ins, lambda *bits: _finish(arith(op, _inputs(bits, f, ftz), f, mode), f, ftz, sat))


def build_half(ins, ty: str):
    """The .bf16/.bf16x2 arithmetic (add, sub, mul: .rn or none; fma: .rn required) and ``fma.rn.relu`` on f16 and
    bf16: the exact result rounded once to nearest (binary64 holds a bf16 sum or product exactly enough: its 53 bits
    are more than twice bf16's 8, plus 2); .relu then gives +0 for a negative result and keeps a NaN canonical.  No
    .ftz or .sat on these forms (the ISA has none for bf16)."""
    mids = set(ins.mods[:-1])
    allowed = {"rn", "relu"} if ins.op == "fma" else {"rn"}
    if mids - allowed or (ins.op == "fma" and "rn" not in mids) or ("relu" in mids and ty not in ("f16", "bf16")):
        raise CannotSimulate(f"{ins.op}.{'.'.join(ins.mods)}", ins.text)
    f, op, relu = fmt(ty), ins.op, "relu" in mids

    def compute(*bits):
        r = arith(op, [decode(b, f) for b in bits], f, "rn")
        x = decode(r, f)
        return encode(0.0, f) if relu and not math.isnan(x) and x < 0 else r
    return lanes(ins, compute)


def build_div(ins):
    ty, _ = float_type(ins)
    approx = "approx" in ins.mods or "full" in ins.mods
    mode, ftz, _ = _mods(ins, {*MODES, "ftz", "approx", "full"} if ty == "f32" else {*MODES})
    if not approx and mode is None:
        raise CannotSimulate(f"div.{ty} without a rounding mode", ins.text)
    f = fmt(ty)
    ap = "approx" in ins.mods
    return lanes(ins, lambda a, b: _finish(divide(*_inputs((a, b), f, ftz), f, mode or "rn", ap), f, ftz, False))


def unary_exact(op: str, x: float, f, mode: str) -> int:
    if op == "rcp":
        return divide(1.0, x, f, mode, False)
    if math.isnan(x) or x < 0:
        return f.nan
    if x == 0 or math.isinf(x):
        return encode(x, f)
    if f.bits < 64 and mode == "rn":
        return encode(math.sqrt(x), f)  # binary64 sqrt is correctly rounded, and exact enough to round again
    raise CannotSimulate(f"sqrt.{mode}.{f.name}")


def approx(op: str, x: float, f) -> int:
    if math.isnan(x):
        return f.nan
    special = {("rcp", 0.0): math.copysign(math.inf, x), ("rsqrt", 0.0): math.copysign(math.inf, x),
               ("lg2", 0.0): -math.inf, ("sqrt", 0.0): x}
    if x == 0 and (op, 0.0) in special:
        return encode(special[(op, 0.0)], f)
    if math.isinf(x):
        inf = {"ex2": 0.0 if x < 0 else math.inf, "lg2": math.inf if x > 0 else math.nan,
               "rcp": math.copysign(0.0, x), "rsqrt": 0.0 if x > 0 else math.nan,
               "sqrt": math.inf if x > 0 else math.nan, "tanh": math.copysign(1.0, x)}
        return encode(inf.get(op, math.nan), f)
    if x < 0 and op in ("lg2", "rsqrt", "sqrt"):
        return f.nan
    return encode(APPROX[op](x), f)


def build_unary(ins):
    """rcp, sqrt (.rn and the like, or .approx), rsqrt, ex2, lg2, sin, cos, tanh (.approx only)."""
    ty, _ = float_type(ins)
    op, f = ins.op, fmt(ty)
    is_approx = "approx" in ins.mods
    mode, ftz, _ = _mods(ins, {"approx", "ftz", *MODES})
    if not is_approx and (op not in ("rcp", "sqrt") or mode is None):
        raise CannotSimulate(f"{op}.{'.'.join(ins.mods)}", ins.text)
    if (is_approx and f is not F32 and not (op in ("ex2", "tanh") and f is F16)) or (ftz and f is not F32):
        raise CannotSimulate(f"{op}.{'.'.join(ins.mods)}", ins.text)
    if is_approx:
        return lanes(ins, lambda b: _finish(approx(op, _inputs((b,), f, ftz)[0], f), f, ftz, False))
    return lanes(ins, lambda b: _finish(unary_exact(op, _inputs((b,), f, ftz)[0], f, mode), f, ftz, False))


def minmax(op: str, a: float, b: float, f, nan: bool) -> int:
    if math.isnan(a) or math.isnan(b):
        if nan or (math.isnan(a) and math.isnan(b)):
            return f.nan
        return encode(b if math.isnan(a) else a, f)
    if a == 0 and b == 0:  # -0 is below +0
        neg = math.copysign(1, a) < 0, math.copysign(1, b) < 0
        return encode(-0.0 if (any(neg) if op == "min" else all(neg)) else 0.0, f)
    return encode(min(a, b) if op == "min" else max(a, b), f)


def build_minmax(ins):
    ty, _ = float_type(ins)
    _, ftz, _ = _mods(ins, {"NaN"} if ty == "bf16" else {"ftz", "NaN"})
    f, op, nan = fmt(ty), ins.op, "NaN" in ins.mods
    return lanes(ins, lambda a, b: _finish(minmax(op, *_inputs((a, b), f, ftz), f, nan), f, ftz, False))


def build_sign(ins):
    """neg, abs (the sign bit; .ftz flushes first), copysign d, a, b (b with a's sign)."""
    ty, _ = float_type(ins)
    _, ftz, _ = _mods(ins, set() if ty == "bf16" else {"ftz"})
    f = fmt(ty)
    top = 1 << (f.bits - 1)
    if ins.op == "copysign":
        return lanes(ins, lambda a, b: (b & ~top) | (a & top))
    fn = (lambda b: b ^ top) if ins.op == "neg" else (lambda b: b & ~top)
    return lanes(ins, lambda b: fn(flush(b, f) if ftz else b))


FLOAT_BUILDERS = {
    "add": build_arith, "sub": build_arith, "mul": build_arith, "fma": build_arith, "mad": build_arith,
    "div": build_div, "rcp": build_unary, "sqrt": build_unary, "rsqrt": build_unary, "ex2": build_unary,
    "lg2": build_unary, "sin": build_unary, "cos": build_unary, "tanh": build_unary, "min": build_minmax,
    "max": build_minmax, "neg": build_sign, "abs": build_sign, "copysign": build_sign,
}
