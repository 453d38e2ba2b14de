"""Data movement, comparison and selection (PTX ISA: ``mov``, ``selp``, ``setp``, ``ld``, ``st``, ``cvta``).

``ld``/``st`` name their state space (``.global``, ``.shared``, ``.local``, ``.param``) or none (a generic address,
resolved by ``m.generic``); cache and eviction hints (``.nc``, ``.ca``, ``.cg``, ``.cs``, ``.lu``, ``.cv``,
``.L1::*``, ``.L2::*``) and ``.volatile`` (no caches or reordering here; races are still checked) change no value
and are accepted; ``.relaxed``/``.acquire``/``.release`` and ``.const`` raise.  A loaded ``.s8``/``.s16`` is sign-extended into a wider register, any other type
zero-extended.  ``setp`` covers the integer and float comparisons (the ``u``-suffixed ones are true on NaN) and
``.f16x2`` with two predicates, and the same on ``.bf16`` and ``.bf16x2`` (sm_90+: the bf16 values compared as IEEE
values, exactly as ``.f16``); its ``.and``/``.or``/``.xor`` combining forms and ``.ftz`` raise.
"""
from __future__ import annotations

import math

from frontends.devices.ptx.decode import Reg, Vec
from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.values import decode, fmt, signed

HINTS = {"nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt", "weak", "volatile"}  # no caches here: no value effect
SPACES = {"global", "shared", "local", "param"}
WIDTH = {"pred": 1, "f16x2": 32, "bf16x2": 32, "bf16": 16, **{f"{k}{w}": w for k in "bsuf" for w in (8, 16, 32, 64)}}


def _width(ins) -> int:
    ty = ins.mods[-1] if ins.mods else ""
    if ty not in WIDTH:
        raise CannotSimulate(f"{ins.op} of type .{ty}", ins.text)
    return WIDTH[ty]


def build_mov(ins):
    w = _width(ins)
    d, a = ins.args
    if isinstance(d, Vec):  # unpack: the low part to the first register
        parts, pw = d.items, w // len(d.items)
        return lambda m, t: [m.put(t, r, m.val(t, a, w) >> (pw * i), pw) for i, r in enumerate(parts)] and None
    if isinstance(a, Vec):
        parts, pw = a.items, w // len(a.items)
        return lambda m, t: m.put(t, d, sum(m.val(t, r, pw) << (pw * i) for i, r in enumerate(parts)), w)
    return lambda m, t: m.put(t, d, m.val(t, a, w), w)


def build_selp(ins):
    w = _width(ins)
    d, a, b, c = ins.args
    return lambda m, t: m.put(t, d, m.val(t, a, w) if m.val(t, c, 1) else m.val(t, b, w), w)


INT_CMP = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
           "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b,
           "lo": lambda a, b: a < b, "ls": lambda a, b: a <= b, "hi": lambda a, b: a > b, "hs": lambda a, b: a >= b}
FLOAT_CMP = {**{k: INT_CMP[k] for k in ("eq", "ne", "lt", "le", "gt", "ge")},
             **{k + "u": INT_CMP[k] for k in ("eq", "ne", "lt", "le", "gt", "ge")},
             "num": lambda a, b: True, "nan": lambda a, b: False}


def build_setp(ins):
    """setp.CmpOp.type p, a, b; for .f16x2 and .bf16x2, ``p|q``: p the comparison of the low halves, q of the high
    halves (the ISA's fA[0] = a[0:15], fA[1] = a[16:31])."""
    if len(ins.mods) != 2 or len(ins.args) != 3:
        raise CannotSimulate(f"setp.{'.'.join(ins.mods)} (combining form)", ins.text)
    cmp, ty = ins.mods
    d, a, b = ins.args
    pair = getattr(d, "name", "").split("|")
    if ty in ("f16x2", "bf16x2") and len(pair) == 2:
        lo, hi = Reg(pair[0]), Reg(pair[1])
        half = _float_compare(ins, cmp, ty[:-2])
        return lambda m, t: (m.put(t, lo, half(m.val(t, a, 16), m.val(t, b, 16)), 1),
                             m.put(t, hi, half(m.val(t, a, 32) >> 16, m.val(t, b, 32) >> 16), 1)) and None
    if len(pair) != 1:
        raise CannotSimulate(f"setp.{'.'.join(ins.mods)} with two destinations", ins.text)
    if ty in ("f16", "bf16", "f32", "f64"):
        fn, w = _float_compare(ins, cmp, ty), fmt(ty).bits
        return lambda m, t: m.put(t, d, fn(m.val(t, a, w), m.val(t, b, w)), 1)
    w = _width(ins)
    if cmp not in INT_CMP or (ty[0] == "b" and cmp not in ("eq", "ne")) or ty[0] not in "bsu" or not ty[1:].isdigit():
        raise CannotSimulate(f"setp.{cmp}.{ty}", ins.text)
    fn = INT_CMP[cmp]
    if ty[0] == "s":
        return lambda m, t: m.put(t, d, fn(signed(m.val(t, a, w), w), signed(m.val(t, b, w), w)), 1)
    return lambda m, t: m.put(t, d, fn(m.val(t, a, w), m.val(t, b, w)), 1)


def _float_compare(ins, cmp: str, ty: str):
    """bits, bits -> the comparison's truth (the u-suffixed ones and .nan are true on NaN)."""
    if cmp not in FLOAT_CMP:
        raise CannotSimulate(f"setp.{cmp}.{ty}", ins.text)
    f, fn, unordered = fmt(ty), FLOAT_CMP[cmp], cmp.endswith("u") or cmp == "nan"

    def compare(x: int, y: int) -> bool:
        a, b = decode(x, f), decode(y, f)
        return unordered if math.isnan(a) or math.isnan(b) else fn(a, b)
    return compare


def _memory_mods(ins) -> tuple[str, int, int]:
    """(space, element bytes, vector length) of an ld/st, after checking its modifiers."""
    space, vec = "generic", 1
    for mod in ins.mods[:-1]:
        head = mod.split("::")[0]
        if head in SPACES:
            space = head
        elif mod in ("v2", "v4"):
            vec = int(mod[1])
        elif head not in HINTS and head not in ("L1", "L2") and not mod.startswith("L2::"):
            raise CannotSimulate(f"{ins.op}.{mod}", ins.text)
    w = _width(ins)
    if w < 8:
        raise CannotSimulate(f"{ins.op}.pred", ins.text)
    return space, w // 8, vec


def build_ld(ins):
    space, n, _ = _memory_mods(ins)
    d, src = ins.args
    regs = d.items if isinstance(d, Vec) else (d,)
    sign = ins.mods[-1][0] == "s"
    w = 8 * n

    def run(m, t):
        addr = m.address(t, src)
        for i, r in enumerate(regs):
            v = m.load(t, space, addr + i * n, n)
            m.put(t, r, signed(v, w) if sign else v, m.width(r))
    return run


def build_st(ins):
    space, n, _ = _memory_mods(ins)
    dst, src = ins.args
    regs = src.items if isinstance(src, Vec) else (src,)
    w = 8 * n

    def run(m, t):
        addr = m.address(t, dst)
        for i, r in enumerate(regs):
            m.store(t, space, addr + i * n, n, m.val(t, r, w))
    return run


def build_cvta(ins):
    """cvta.SPACE.u64 d, a: the generic address of a SPACE address; cvta.to.SPACE: back."""
    to = ins.mods[0] == "to"
    space = ins.mods[1] if to else ins.mods[0]
    if space not in ("local", "shared", "global") or ins.mods[-1] not in ("u64", "u32"):
        raise CannotSimulate(f"cvta.{'.'.join(ins.mods)}", ins.text)
    d, a = ins.args
    w = int(ins.mods[-1][1:])
    if to:
        return lambda m, t: m.put(t, d, m.from_generic(m.val(t, a, w), space), w)
    return lambda m, t: m.put(t, d, m.to_generic(m.val(t, a, w), space), w)


BUILDERS = {"mov": build_mov, "selp": build_selp, "setp": build_setp, "ld": build_ld, "st": build_st,
            "cvta": build_cvta}
