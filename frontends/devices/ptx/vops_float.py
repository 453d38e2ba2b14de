"""Array forms of the float instructions and conversions that dominate real kernels (``ops_float``, ``ops_cvt``):
f16/f32 ``add``/``sub``/``mul``/``fma`` (``.rn``, with ``.ftz``/``.sat``; each half of an ``.x2`` alone), ``min``/``max``,
``neg``/``abs``/``copysign``, ``setp`` on floats (bf16 too), and ``cvt`` between f16, f32, f64 and integers of up
to 32 bits under ``.rn``/``.rzi``/``.rni``/``.rmi``/``.rpi``.

They compute what the scalar forms compute, the same way: binary64 arithmetic then one rounding to the format
(``numpy``'s conversions round to nearest, ties to even, as ``struct`` does), the canonical NaN, ``fma`` through the
same error-free sum, whose rare lanes on a rounding midpoint go to the scalar ``ops_float.fma`` (exact rationals);
``fma.rn.f32`` of two factors converted from f16 in float32 (``vops_fma``: exact there, no check per lane).  A ``cvt``
from f16 of a register's same values is copied from the batch's earlier conversion (``vregs``' ``derived``).
Anything else returns ``None`` (``scalar.mapped`` maps the family's own per-value function over the lanes).
"""
from __future__ import annotations

import sys

import numpy as np

from frontends.devices.ptx import ops_float, vops_fma
from frontends.devices.ptx.ops_cvt import INTEGRAL
from frontends.devices.ptx.ops_move import FLOAT_CMP
from frontends.devices.ptx.values import BF16, F16, F32, F64, MODES, fmt
from frontends.devices.ptx.vmemory import wide

U64 = np.uint64
LITTLE = sys.byteorder == "little"
_VIEW = {16: (np.uint16, np.float16), 32: (np.uint32, np.float32), 64: (np.uint64, np.float64)}


def dec(bits, f) -> np.ndarray:
    """Bit patterns -> exact binary64 values (bf16: its bits are float32's top half, so widened there)."""
    if f is BF16:  # a signalling NaN widens to a quiet one: still NaN, the only use made of it
        with np.errstate(invalid="ignore"):
            return (np.asarray(bits, U64).astype(np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32) \
                .astype(np.float64)
    u, fl = _VIEW[f.bits]
    return np.asarray(bits, U64).astype(u).view(fl).astype(np.float64)


def enc(x: np.ndarray, f, finite: bool = False) -> np.ndarray:
    """Binary64 values rounded to nearest (ties to even) in format ``f``, as uint64 bits; NaN is the canonical NaN
    (``finite``: the caller knows there is none, and takes the bits in the format's own width)."""
    u, fl = _VIEW[f.bits]
    with np.errstate(over="ignore", invalid="ignore"):
        bits = x.astype(fl).view(u)
    if finite:
        return bits
    bits = bits.astype(U64)
    nan = np.isnan(x)
    if nan.any():
        bits[nan] = f.nan
    return bits


def flush(bits, f) -> np.ndarray:
    exp = (bits >> U64(f.precision - 1)) & U64((1 << f.exp_bits) - 1)
    man = bits & U64((1 << (f.precision - 1)) - 1)
    return np.where((exp == 0) & (man != 0), bits & U64(1 << (f.bits - 1)), bits)


def finish(bits, f, ftz: bool, sat: bool):
    if ftz:
        bits = flush(bits, f)
    if sat:
        x = dec(bits, f)
        bits = np.where(np.isnan(x) | (x <= 0), U64(0), np.where(x >= 1, enc(np.ones(1), f)[0], bits))
    return bits


def elementwise(ins, compute):
    """``run`` applying ``compute(*bit arrays) -> bit array`` to the operands (each half of an .x2 alone)."""
    ty, pair = ops_float.float_type(ins)
    w = fmt(ty).bits
    d, srcs = ins.args[0], ins.args[1:]

    def run(vm, sel):
        n = len(vm.lanes(sel))
        if not pair:  # every ``compute`` reads the low ``w`` bits only (casts, tables modulo 2^w, bitwise ops)
            vm.put(d, compute(*[wide(vm.raw(s, w, sel), n) for s in srcs]), w, sel)
            return
        vals = [wide(vm.val(s, 2 * w, sel), n) for s in srcs]
        low = U64((1 << w) - 1)
        lo, hi = compute(*(v & low for v in vals)), compute(*(v >> U64(w) for v in vals))
        vm.put(d, lo | (hi << U64(w)), 2 * w, sel)
    return run


def build_arith(ins):
    if len(ins.mods) >= 2 and ins.mods[-2] == "f32" and ins.mods[-1] in ops_float.MIXED:
        return None
    ty, _ = ops_float.float_type(ins)
    mode, ftz, sat = ops_float._mods(ins, {*MODES, "ftz", "sat"})
    f, op = fmt(ty), ins.op
    if (mode or "rn") != "rn" or f is F64:
        return None
    if op in NATIVE and not (ftz or sat):
        return elementwise(ins, lambda x, y: native(NATIVE[op], x, y, f))
    if op in ("fma", "mad") and f is F32 and not (ftz or sat or ins.mods[-1] == "f32x2"):
        return vops_fma.build(ins, elementwise(ins, lambda *bits: fma(*(f32_view(b) for b in bits), f)))

    def compute(*bits):
        if op in ("fma", "mad") and f is F32 and not ftz:  # ``fma`` widens as it computes: read in place
            return finish(fma(*(f32_view(b) for b in bits), f), f, ftz, sat)
        x = [dec(flush(b, f) if ftz else b, f) for b in bits]
        if op in ("fma", "mad"):
            return finish(fma(*x, f), f, ftz, sat)
        with np.errstate(over="ignore", invalid="ignore"):
            r = x[0] + x[1] if op == "add" else x[0] - x[1] if op == "sub" else x[0] * x[1]
        return finish(enc(r, f), f, ftz, sat)
    return elementwise(ins, compute)


NATIVE = {"add": np.add, "sub": np.subtract, "mul": np.multiply}


HALF = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)  # f16 bit pattern -> its f32 value


def native(fn, x, y, f):
    """``fn`` in the format itself, f16 in f32 as numpy's own f16 loops compute it (the operands read from a table,
    one array pass each): one correctly rounded result, as the scalar form's binary64 result rounded again is
    (binary64 and f32 carry more than twice the format's precision plus two bits, so the second rounding never
    differs: Figueroa, "When is double rounding innocuous?", 1995)."""
    u, fl = _VIEW[f.bits]
    with np.errstate(all="ignore"):
        if f.bits == 16:
            r = fn(HALF.take(_index(x), mode="wrap"), HALF.take(_index(y), mode="wrap"))  # the low 16 bits
        else:
            r = fn(f32_view(x), f32_view(y))
        bits = r.astype(fl).view(u).astype(U64)
    nan = np.isnan(r)
    if nan.any():
        bits[nan] = f.nan
    return bits


def f32_view(bits) -> np.ndarray:
    """f32 bit patterns held as uint32, or as uint64 (the low 32 bits), as float32 values: a view where they are a
    uint32 array or a whole uint64 one (little-endian: the first of each pair), else a copy."""
    if isinstance(bits, np.ndarray) and bits.ndim == 1:
        if bits.dtype == np.uint32:
            return bits.view(np.float32)
        if LITTLE and bits.dtype == U64 and bits.flags.c_contiguous:
            return bits.view(np.float32)[::2]
    return np.asarray(bits, U64).astype(np.uint32).view(np.float32)


def _index(bits) -> np.ndarray:
    """16-bit patterns held as uint64, as table indices (a view where they are an array: the same bits)."""
    return bits.view(np.int64) if isinstance(bits, np.ndarray) and bits.dtype == U64 else np.asarray(bits, np.intp)


def fma(a, b, c, f):
    """``ops_float.fma`` over arrays (binary64 values, or binary32 ones, which convert exactly): the binary64 sum
    where it rounds right, the scalar form elsewhere."""
    with np.errstate(over="ignore", invalid="ignore"):
        p = np.multiply(a, b, dtype=np.float64)  # exact: binary64 holds the product of two binary32 values
        s = np.add(p, c, dtype=np.float64)
    low = 53 - f.precision
    if np.isfinite(s).all():  # then so are the product, c, a and b: only inexact sums may need the scalar form
        # an inexact sum needs it on a rounding midpoint of the format or near its subnormals; those few lanes
        # are found first and only they are checked for exactness
        mid = (s.view(U64) & U64((1 << low) - 1)) == U64(1 << (low - 1))
        near = np.flatnonzero(mid | (np.abs(s) < 2.0 ** (f.emin + 1)))
        slow = near[_inexact(np.broadcast_to(p, s.shape)[near], np.broadcast_to(c, s.shape)[near], s[near])]
        out = enc(s, f, finite=True)
    else:
        finite_in = np.isfinite(a) & np.isfinite(b) & np.isfinite(c)
        mid = (s.view(U64) & U64((1 << low) - 1)) == U64(1 << (low - 1))
        inexact = _inexact(p, c, s)
        slow = np.flatnonzero(finite_in & (~(np.isfinite(p) & np.isfinite(c)) |
                                           (inexact & (mid | (np.abs(s) < 2.0 ** (f.emin + 1))))))
        out = enc(s, f)  # where an input is not finite, s is p + c: the scalar form's answer
    for i in slow:
        out[i] = ops_float.fma(float(a[i]), float(b[i]), float(c[i]), f, "rn")
    return out


def _inexact(p, c, s) -> np.ndarray:
    """Whether ``s`` (the binary64 sum of ``p`` and ``c``) differs from the exact sum: TwoSum's error is not 0."""
    with np.errstate(over="ignore", invalid="ignore"):
        bp = s - c
        return (p - bp) + (c - (s - bp)) != 0


def build_minmax(ins):
    ty, _ = ops_float.float_type(ins)
    _, ftz, _ = ops_float._mods(ins, {"ftz", "NaN"})
    f, is_min, nan = fmt(ty), ins.op == "min", "NaN" in ins.mods

    def compute(x, y):
        a, b = dec(flush(x, f) if ftz else x, f), dec(flush(y, f) if ftz else y, f)
        r = (np.minimum if nan else np.fmin)(a, b) if is_min else (np.maximum if nan else np.fmax)(a, b)
        zeros = (a == 0) & (b == 0)
        neg = (np.signbit(a) | np.signbit(b)) if is_min else (np.signbit(a) & np.signbit(b))
        r = np.where(zeros, np.where(neg, -0.0, 0.0), r)
        return finish(enc(r, f), f, ftz, False)
    return elementwise(ins, compute)


def build_sign(ins):
    ty, _ = ops_float.float_type(ins)
    _, ftz, _ = ops_float._mods(ins, {"ftz"})
    f = fmt(ty)
    top = U64(1 << (f.bits - 1))
    if ins.op == "copysign":
        return elementwise(ins, lambda a, b: (b & ~top) | (a & top))
    neg = ins.op == "neg"
    return elementwise(ins, lambda b: (flush(b, f) if ftz else b) ^ top if neg else (flush(b, f) if ftz else b) & ~top)


def _compare(cmp: str, f):
    fn, unordered = FLOAT_CMP[cmp], cmp.endswith("u") or cmp == "nan"

    def compare(x, y):
        a, b = dec(x, f), dec(y, f)
        with np.errstate(invalid="ignore"):
            return np.where(np.isnan(a) | np.isnan(b), unordered, fn(a, b))
    return compare


def build_setp(ins):
    cmp, ty = ins.mods
    d, a, b = ins.args
    pair = getattr(d, "name", "").split("|")
    if ty in ("f16x2", "bf16x2") and len(pair) == 2:
        from frontends.devices.ptx.decode import Reg
        lo, hi, half = Reg(pair[0]), Reg(pair[1]), _compare(cmp, fmt(ty[:-2]))

        def run2(vm, sel):  # each operand read twice, as the scalar form reads (and counts) them
            vm.put(lo, half(vm.val(a, 16, sel), vm.val(b, 16, sel)).astype(U64), 1, sel)
            vm.put(hi, half(vm.val(a, 32, sel) >> U64(16), vm.val(b, 32, sel) >> U64(16)).astype(U64), 1, sel)
        return run2
    if ty not in ("f16", "bf16", "f32", "f64") or len(pair) != 1:
        return None
    f = fmt(ty)
    fn = _compare(cmp, f)
    return lambda vm, sel: vm.put(d, fn(vm.val(a, f.bits, sel), vm.val(b, f.bits, sel)).astype(U64), 1, sel)


ROUND = {"rni": np.rint, "rzi": np.trunc, "rmi": np.floor, "rpi": np.ceil}


def build_cvt(ins):
    """The common ``cvt`` forms (see the module docstring); others: None."""
    known = {*MODES, *INTEGRAL, "ftz", "sat"}
    flags = {m for m in ins.mods if m in known}
    types = [m for m in ins.mods if m not in known]
    if len(types) != 2 or "sat" in flags or len(ins.args) != 2:
        return None
    (dt, st), d, a = types, *ins.args
    ftz = "ftz" in flags
    floats = ("f16", "f32", "f64")
    rnd = next(iter(flags - {"ftz"}), None)
    if dt in floats and st in floats and rnd in (None, "rn") and not (ftz and F32 not in (fmt(st), fmt(dt))):
        sf, df = fmt(st), fmt(dt)
        if rnd is None and (df.precision < sf.precision):
            return None

        def convert(v):
            bits = enc(dec(flush(v, sf) if ftz and sf is F32 else v, sf), df)
            return flush(bits, df) if ftz and df is F32 else bits

        if sf is F16:  # every source pattern converted once, by the same code: the table is that code's answer
            table = _halves(convert)  # "wrap" indexes by the low 16 bits, as ``dec`` reads them
            return _table_cvt(ins, table, df is F32 and vops_fma.exact_f16(table))
        return lambda vm, sel: vm.put(d, convert(vm.val(a, sf.bits, sel)), vm.width(d), sel)
    if st in floats and dt[0] in "su" and dt[1:] in ("8", "16", "32") and rnd in ROUND:
        return _float_to_int(ins, fmt(st), dt, ROUND[rnd], ftz)
    if st[0] in "su" and st[1:] in ("8", "16", "32") and dt in floats and rnd == "rn" and not ftz:
        return _int_to_float(ins, st, fmt(dt))
    if all(t[0] in "bsu" and t[1:] in ("8", "16", "32", "64") for t in types) and not flags:
        return _int_to_int(ins, st, dt)
    return None


def _table_cvt(ins, table: np.ndarray, half: bool):
    """``cvt`` from f16 through ``table`` (``half``: its results are f16 values, ``vm.halves``); a conversion the
    batch already made of the same register's same values into a 32-bit register is copied (``vm.derived``)."""
    d, a = ins.args
    key = ins.mods

    def run(vm, sel):
        width = vm.width(d)
        done = vm.derived(key, a, sel) if width == 32 else None
        if done is not None:
            vm.put(d, done, width, sel, half)
            return
        version = vm.current(a, sel)
        vm.put(d, table.take(_index(vm.raw(a, 16, sel)), mode="wrap"), width, sel, half)
        if version is not None and width == 32 and d[0] != a[0]:
            vm.derive(key, a, version, d)
    return run


def _halves(convert) -> np.ndarray:
    """``convert`` of every 16-bit pattern, indexed by the pattern (its bits, uint32 where they fit: a smaller
    table, and a narrower value ``put`` widens as it stores)."""
    table = np.asarray(convert(np.arange(1 << 16, dtype=U64)), U64)
    return table.astype(np.uint32) if int(table.max()) >> 32 == 0 else table


def _int_to_int(ins, st, dt):
    """``ops_cvt._int_to_int`` without .sat: the source extended per its type, truncated, extended per the
    destination's."""
    d, a = ins.args
    sw, dw = int(st[1:]), int(dt[1:])

    def run(vm, sel):
        x = np.asarray(vm.sval(a, sw, sel) if st[0] == "s" else vm.val(a, sw, sel)).astype(U64)
        if dw < 64:
            x = x & U64((1 << dw) - 1)
            if dt[0] == "s":
                top = np.int64(1 << (dw - 1))
                x = ((x.astype(np.int64) ^ top) - top).astype(U64)
        vm.put(d, x, vm.width(d), sel)
    return run


def _float_to_int(ins, sf, dt, rounding, ftz):
    d, a = ins.args
    dw = int(dt[1:])
    lo, hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dt[0] == "s" else (0, (1 << dw) - 1)

    def run(vm, sel):
        v = vm.val(a, sf.bits, sel)
        x = dec(flush(v, sf) if ftz and sf is F32 else v, sf)
        with np.errstate(invalid="ignore"):
            r = np.clip(rounding(x), lo, hi)
        r = np.where(np.isnan(x), 0, r).astype(np.int64)
        vm.put(d, r.astype(U64), vm.width(d), sel)
    return run


def _int_to_float(ins, st, df):
    d, a = ins.args
    sw = int(st[1:])

    def run(vm, sel):
        v = vm.sval(a, sw, sel) if st[0] == "s" else vm.val(a, sw, sel)
        vm.put(d, enc(np.asarray(v).astype(np.float64), df), vm.width(d), sel)
    return run


BUILDERS = {"add": build_arith, "sub": build_arith, "mul": build_arith, "fma": build_arith, "mad": build_arith,
            "min": build_minmax, "max": build_minmax, "neg": build_sign, "abs": build_sign, "copysign": build_sign,
            "cvt": build_cvt}


def build(ins):
    """The array form of a float instruction or ``cvt``, or None."""
    ty = ins.mods[-1] if ins.mods else ""
    if ins.op == "cvt":
        return build_cvt(ins)
    if ins.op not in BUILDERS or ty not in ("f16", "f16x2", "f32", "f64"):  # bf16: mapped (scalar.mapped)
        return None
    if ins.op == "mad" and not any(m in MODES for m in ins.mods):
        return None
    return BUILDERS[ins.op](ins)
