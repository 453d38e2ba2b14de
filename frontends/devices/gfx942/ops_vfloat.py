"""Vector floating-point ALU and conversions, f16/f32 (and the f64 moves and conversions IREE emits).

Arithmetic is IEEE-754 round-to-nearest-even with denormals kept (the descriptor's FLOAT_DENORM_MODE 3, which
IREE's kernels declare; ``machine`` refuses other modes): numpy computes +, -, *, / and sqrt correctly rounded in
the operand type (f16 through f32, which is exact enough that rounding twice cannot differ: 24 >= 2*11+2 bits).
Fused multiply-add rounds once (``lanes.fma``).  ``v_min``/``v_max`` return the other operand when one is NaN (IEEE
mode).  Conversions to integers truncate toward zero, saturate, and give 0 for NaN; ``v_cvt_pkrtz_f16_f32`` rounds
toward zero.  The transcendental approximations (``v_exp``, ``v_log``, ``v_rcp`` and ``v_rcp_iflag`` (LLVM's 32-bit
integer division expansion), ``v_rsq``, ``v_sqrt``, ``v_sin``,
``v_cos``) are modelled as correctly rounded: the hardware is within 1 ulp of that, and the comparison profile
``gpu`` allows it.  ``v_mad_f32``/``v_mac_f32`` (unfused, denormals flushed) are not modelled.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import fma
from frontends.devices.gfx942.valu import elementwise, table

F, H, D = "f32", "f16", "f64"


def _cvt_int(lo, hi):
    def f(x):
        x = np.asarray(x, np.float64)
        return np.where(np.isnan(x), 0, np.clip(np.trunc(np.nan_to_num(x, nan=0.0)), lo, hi)).astype(np.int64)
    return f


def _rtz_f16(x):
    """f32 -> f16 rounded toward zero."""
    x = np.asarray(x, np.float32)
    r = x.astype(np.float16)
    over = np.isfinite(x) & (np.abs(r.astype(np.float32)) > np.abs(x))
    step = np.nextafter(r, np.float16(0))
    return np.where(over, step, r).astype(np.float16)


def _pkrtz(a, b):
    lo = _rtz_f16(a).view(np.uint16).astype(np.int64)
    hi = _rtz_f16(b).view(np.uint16).astype(np.int64)
    return lo | (hi << 16)


def _fma(t):
    return lambda a, b, c: fma(a, b, c, t)


def _fract(x):
    return np.where(np.isinf(x), np.nan, x - np.floor(x)).astype(x.dtype)


def _in64(f, t):
    """A transcendental computed in f64 and rounded once to t."""
    np_t = {F: np.float32, H: np.float16}[t]
    return lambda x: f(np.asarray(x, np.float64)).astype(np_t)


def _ldexp(x, e):
    return np.ldexp(np.asarray(x), np.clip(e, -1000, 1000).astype(np.int32)).astype(x.dtype)


def _frexp_mant(x):
    m, _ = np.frexp(x)
    return np.where(np.isfinite(x), m, x).astype(x.dtype)


def _frexp_exp(x):
    _, e = np.frexp(x)
    return np.where(np.isfinite(x), e, 0).astype(np.int64)


def _div_fixup(t):
    """v_div_fixup (S0 the quotient estimate, S1 the denominator, S2 the numerator), the ISA pseudocode's branches
    in order: NaN operands, 0/0 and inf/inf (the NaN 0xffc00000 / 0xfe00), x/0 and inf/y (signed inf), x/inf and
    0/y (signed zero), else +-|S0|.  Its underflow branch (exponents apart by more than the type's denormal range)
    raises: the f16 threshold is not written down."""
    limit = {F: -150, H: -25}[t]
    nan_bits = {F: np.uint32(0xFFC00000), H: np.uint16(0xFE00)}[t]

    def f(q, den, num):
        neg = np.signbit(den) ^ np.signbit(num)
        big = np.where(neg, -np.inf, np.inf).astype(q.dtype)
        zero = np.where(neg, -0.0, 0.0).astype(q.dtype)
        bad_nan = np.full(q.shape, nan_bits).view(q.dtype)
        exp = lambda x: np.frexp(x.astype(np.float64))[1]
        under = np.isfinite(num) & np.isfinite(den) & (num != 0) & (den != 0) & (exp(num) - exp(den) < limit + 1)
        if under.any():
            raise Unmodelled(f"v_div_fixup_{t} underflow branch")
        return np.select([np.isnan(num), np.isnan(den), (den == 0) & (num == 0), np.isinf(den) & np.isinf(num),
                          (den == 0) | np.isinf(num), np.isinf(den) | (num == 0)],
                         [num, den, bad_nan, bad_nan, big, zero], np.where(neg, -np.abs(q), np.abs(q))).astype(q.dtype)
    return f


def _mul_legacy(a, b):
    return np.where((a == 0) | (b == 0), np.float32(0), a * b).astype(np.float32)


def _rows(t):
    s = t[1:]
    return {
        f"v_add_f{s}": (t, (t, t), lambda a, b: a + b), f"v_sub_f{s}": (t, (t, t), lambda a, b: a - b),
        f"v_subrev_f{s}": (t, (t, t), lambda a, b: b - a), f"v_mul_f{s}": (t, (t, t), lambda a, b: a * b),
        f"v_fma_f{s}": (t, (t, t, t), _fma(t)),
        f"v_max_f{s}": (t, (t, t), np.fmax), f"v_min_f{s}": (t, (t, t), np.fmin),
        f"v_max3_f{s}": (t, (t, t, t), lambda a, b, c: np.fmax(np.fmax(a, b), c)),
        f"v_min3_f{s}": (t, (t, t, t), lambda a, b, c: np.fmin(np.fmin(a, b), c)),
        f"v_med3_f{s}": (t, (t, t, t), lambda a, b, c: np.fmax(np.fmin(a, b), np.fmin(np.fmax(a, b), c))),
        f"v_rndne_f{s}": (t, (t,), np.rint), f"v_trunc_f{s}": (t, (t,), np.trunc),
        f"v_floor_f{s}": (t, (t,), np.floor), f"v_ceil_f{s}": (t, (t,), np.ceil),
        f"v_fract_f{s}": (t, (t,), _fract),
        f"v_exp_f{s}": (t, (t,), _in64(np.exp2, t)), f"v_log_f{s}": (t, (t,), _in64(np.log2, t)),
        f"v_rcp_f{s}": (t, (t,), _in64(lambda x: 1.0 / x, t)),
        f"v_rsq_f{s}": (t, (t,), _in64(lambda x: 1.0 / np.sqrt(x), t)),
        f"v_sqrt_f{s}": (t, (t,), np.sqrt),
        f"v_sin_f{s}": (t, (t,), _in64(lambda x: np.sin(2 * np.pi * x), t)),
        f"v_cos_f{s}": (t, (t,), _in64(lambda x: np.cos(2 * np.pi * x), t)),
        f"v_ldexp_f{s}": (t, (t, "i32"), _ldexp),
        f"v_frexp_mant_f{s}": (t, (t,), _frexp_mant),
        f"v_div_fixup_f{s}": (t, (t, t, t), _div_fixup(t)),
    }


ROWS = {
    **_rows(F), **_rows(H),
    "v_mul_legacy_f32": (F, (F, F), _mul_legacy),
    "v_rcp_iflag_f32": (F, (F,), _in64(lambda x: 1.0 / x, F)),  # v_rcp_f32 reporting through a flag, not a trap
    "v_frexp_exp_i32_f32": ("i32", (F,), _frexp_exp), "v_frexp_exp_i16_f16": ("i16", (H,), _frexp_exp),
    "v_cvt_f32_f16": (F, (H,), lambda x: x.astype(np.float32)),
    "v_cvt_f16_f32": (H, (F,), lambda x: x.astype(np.float16)),
    "v_cvt_f64_f32": (D, (F,), lambda x: x.astype(np.float64)),
    "v_cvt_f32_f64": (F, (D,), lambda x: x.astype(np.float32)),
    "v_cvt_f32_i32": (F, ("i32",), lambda x: x.astype(np.float32)),
    "v_cvt_f32_u32": (F, ("u32",), lambda x: x.astype(np.float32)),
    "v_cvt_f64_i32": (D, ("i32",), lambda x: x.astype(np.float64)),
    "v_cvt_f64_u32": (D, ("u32",), lambda x: x.astype(np.float64)),
    "v_cvt_f16_i16": (H, ("i16",), lambda x: x.astype(np.float16)),
    "v_cvt_f16_u16": (H, ("u16",), lambda x: x.astype(np.float16)),
    "v_cvt_i32_f32": ("i32", (F,), _cvt_int(-2**31, 2**31 - 1)),
    "v_cvt_u32_f32": ("u32", (F,), _cvt_int(0, 2**32 - 1)),
    "v_cvt_i32_f64": ("i32", (D,), _cvt_int(-2**31, 2**31 - 1)),
    "v_cvt_u32_f64": ("u32", (D,), _cvt_int(0, 2**32 - 1)),
    "v_cvt_i16_f16": ("i16", (H,), _cvt_int(-2**15, 2**15 - 1)),
    "v_cvt_u16_f16": ("u16", (H,), _cvt_int(0, 2**16 - 1)),
    **{f"v_cvt_f32_ubyte{k}": (F, ("u32",), lambda x, k=k: ((x >> (8 * k)) & 0xFF).astype(np.float32))
       for k in range(4)},
    "v_cvt_pkrtz_f16_f32": ("b32", (F, F), _pkrtz),
    "v_add_f64": (D, (D, D), lambda a, b: a + b), "v_mul_f64": (D, (D, D), lambda a, b: a * b),
    "v_max_f64": (D, (D, D), np.fmax), "v_min_f64": (D, (D, D), np.fmin),
    # V_TRUNC_F64, CDNA3 ISA reference (AMD's machine-readable ISA file, as gem5's Vega model quotes it): "D.d =
    # trunc(S0.d), return integer part of S0.d" (C's trunc): exact, the sign kept (-0.5 -> -0.0), infinities and NaN
    # through (only that a NaN stays a NaN is tested, not its payload); f64
    # denormals are always kept in this model (``denorm``), so a denormal truncates to a zero of its sign
    "v_trunc_f64": (D, (D,), np.trunc),
}
OPS = table(ROWS)
# v_fmamk (D = S0*K + S1) and v_fmaak (D = S0*S1 + K) are written with K in its place: fma in written order
for _t in (F, H):
    OPS[f"v_fmamk_f{_t[1:]}"] = OPS[f"v_fmaak_f{_t[1:]}"] = elementwise(_t, (_t, _t, _t), _fma(_t))
OPS["v_fmac_f32"] = elementwise(F, (F, F), _fma(F), accumulate=True)
OPS["v_fmac_f16"] = elementwise(H, (H, H), _fma(H), accumulate=True)
