"""``cvt`` (PTX ISA, "Data Movement and Conversion Instructions: cvt"): every pair of integer and float types.

* integer -> integer: the source value (sign- or zero-extended per its type) truncated to the destination type,
  or with ``.sat`` clamped to its range; a destination narrower than its register is sign- or zero-extended into
  it (per the destination type);
* float -> float: widening is exact (``.ftz`` flushes f32 subnormals); narrowing rounds per ``.rn``/``.rz``/
  ``.rm``/``.rp``; ``.rni``/``.rzi``/``.rmi``/``.rpi`` round to an integral value in the same format; ``.sat``
  clamps to [0, 1] (NaN to 0); a NaN becomes the canonical NaN;
* float -> integer (``.rni``/``.rzi``/``.rmi``/``.rpi`` required): saturates to the destination's range, NaN -> 0;
* integer -> float (``.rn``/``.rz``/``.rm``/``.rp`` required): the integer rounded once;
* ``cvt.rn.f16x2.f32 d, a, b``: a to the upper half, b to the lower.
``.relu``, ``.satfinite`` and the other packed forms raise ``CannotSimulate``.
"""
from __future__ import annotations

import math
from fractions import Fraction

from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.values import F32, MODES, decode, encode, flush, fmt, signed

INTEGRAL = {"rni": lambda x: float(round(x)),  # Python rounds half to even, as .rni does
            "rzi": lambda x: float(math.trunc(x)), "rmi": lambda x: float(math.floor(x)),
            "rpi": lambda x: float(math.ceil(x))}
_MODE_OF = {"rni": "rn", "rzi": "rz", "rmi": "rm", "rpi": "rp"}


def _kind(ty: str, ins) -> tuple[str, int]:
    if ty in ("f16", "bf16", "f32", "f64"):
        return "f", fmt(ty).bits
    if len(ty) >= 2 and ty[0] in "sub" and ty[1:] in ("8", "16", "32", "64"):
        return ty[0], int(ty[1:])
    raise CannotSimulate(f"cvt of type .{ty}", ins.text)


def build_cvt(ins):
    mods = ins.mods
    known = {*MODES, *INTEGRAL, "ftz", "sat"}
    flags = [m for m in mods if m in known]
    types = [m for m in mods if m not in known]
    if len(types) != 2:
        raise CannotSimulate(f"cvt.{'.'.join(mods)}", ins.text)
    dt, st = types
    rnd = next((m for m in flags if m in MODES or m in INTEGRAL), None)
    ftz, sat = "ftz" in flags, "sat" in flags
    if dt in ("f16x2", "bf16x2") and st == "f32" and rnd == "rn" and not (ftz or sat):
        return _pair(ins, fmt(dt[:-2]))
    (dk, dw), (sk, sw) = _kind(dt, ins), _kind(st, ins)
    d, a = ins.args
    conv = _converter(ins, dk, dt, sk, st, rnd, ftz, sat)
    ins.cache["convert"] = (conv, sw)  # the vector machine maps ``conv`` over its lanes
    return lambda m, t: m.put(t, d, conv(m.val(t, a, sw)), m.width(d))


def _converter(ins, dk, dt, sk, st, rnd, ftz, sat):
    if sk != "f" and dk != "f":
        if rnd or ftz:
            raise CannotSimulate(f"cvt.{'.'.join(ins.mods)}", ins.text)
        return lambda v: _int_to_int(v, sk, st, dk, dt, sat)
    if sk == "f" and dk == "f":
        return _float_to_float(ins, fmt(st), fmt(dt), rnd, ftz, sat)
    if sk == "f":
        if rnd not in INTEGRAL:
            raise CannotSimulate(f"cvt.{'.'.join(ins.mods)} (float to integer needs .rni/.rzi/.rmi/.rpi)", ins.text)
        return lambda v: _float_to_int(decode(flush(v, F32) if ftz and st == "f32" else v, fmt(st)), rnd, dk,
                                       int(dt[1:]))
    if rnd not in MODES or ftz:
        raise CannotSimulate(f"cvt.{'.'.join(ins.mods)} (integer to float needs .rn/.rz/.rm/.rp)", ins.text)
    f = fmt(dt)
    sw = int(st[1:])
    return lambda v: _sat(encode(Fraction(signed(v, sw) if sk == "s" else v), f, rnd) if v else 0, f, sat)


def _int_to_int(v: int, sk, st, dk, dt, sat) -> int:
    sw, dw = int(st[1:]), int(dt[1:])
    x = signed(v, sw) if sk == "s" else v & ((1 << sw) - 1)
    if sat:
        lo, hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dk == "s" else (0, (1 << dw) - 1)
        x = max(lo, min(hi, x))
    x &= (1 << dw) - 1
    return signed(x, dw) if dk == "s" else x  # sign-extended into a wider register


def _float_to_int(x: float, rnd: str, dk: str, dw: int) -> int:
    if math.isnan(x):
        return 0
    lo, hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dk == "s" else (0, (1 << dw) - 1)
    if math.isinf(x):
        return hi if x > 0 else lo
    r = int(INTEGRAL[rnd](x))
    return max(lo, min(hi, r))


def _sat(bits: int, f, sat: bool) -> int:
    if not sat:
        return bits
    x = decode(bits, f)
    return encode(0.0, f) if math.isnan(x) or x <= 0 else encode(1.0, f) if x >= 1 else bits


def _float_to_float(ins, sf, df, rnd, ftz, sat):
    if ftz and F32 not in (sf, df):
        raise CannotSimulate(f"cvt.{'.'.join(ins.mods)}", ins.text)
    integral = rnd in INTEGRAL
    if integral and sf != df:
        raise CannotSimulate(f"cvt.{'.'.join(ins.mods)} (integral rounding between formats)", ins.text)
    narrowing = df.precision < sf.precision or df.emax < sf.emax
    if narrowing and rnd not in MODES:
        raise CannotSimulate(f"cvt.{'.'.join(ins.mods)} (narrowing needs .rn/.rz/.rm/.rp)", ins.text)
    if not narrowing and not integral and rnd is not None and sf != df:
        raise CannotSimulate(f"cvt.{'.'.join(ins.mods)} (a rounding mode on a widening cvt)", ins.text)

    def conv(v: int) -> int:
        x = decode(flush(v, sf) if ftz and sf == F32 else v, sf)
        if math.isnan(x):
            return _sat(df.nan, df, sat)
        if integral and math.isfinite(x):
            x = math.copysign(INTEGRAL[rnd](x), x)
        bits = encode(x, df, rnd if narrowing else "rn")
        return _sat(flush(bits, df) if ftz and df == F32 else bits, df, sat)
    return conv


def _pair(ins, f):
    d, a, b = ins.args
    return lambda m, t: m.put(t, d, encode(decode(m.val(t, b, 32), F32), f) |
                              (encode(decode(m.val(t, a, 32), F32), f) << 16), 32)


BUILDERS = {"cvt": build_cvt}
