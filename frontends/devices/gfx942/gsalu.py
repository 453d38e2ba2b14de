"""Scalar ALU instructions and branches on a group of waves (``group.Group``), on the batch's scalar arrays (SGPRs,
SCC, VCC, EXEC, M0 over the waves): a kernel's loop counters, address arithmetic and branches run for every wave
at once.  Each handler computes what its ``ops_salu`` handler computes wave by wave (same rules, the module
docstring there; the same operand types, so a constant reads as the same bits), on uint64 (64-bit values) or
int64 (32-bit values, carries, products of two 32-bit values).  A handler returns True (the group goes on to the
next instruction) or a dict (program counter -> the waves going there: a branch, splitting the group by each
wave's outcome); ``s_brev_b32`` and the 64-bit bit-field extracts are left to the wave-by-wave handlers
(``lockstep``).  An operand a group cannot hold (a scalar of more than two dwords) raises ``group.Handover``."""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.group import _CONST
from frontends.devices.gfx942.ops_salu import _sx, _width
from frontends.devices.gfx942.state import M32, M64, NSGPR

U = np.uint64
MASK = {32: U(M32), 64: U(M64)}
I32 = (-2**31, 2**31)


def _s32(v) -> np.ndarray:
    """32-bit values (any integer array) as signed int64."""
    v = np.asarray(v).astype(np.int64) & M32
    return np.where(v >= 2**31, v - 2**32, v)


def _get(g, op, ftype: str = "b32", bits: int = 32) -> np.ndarray:
    return g.sget(op, ftype) & MASK[bits]


def _put32(g, op, r) -> None:
    g.sput(op, np.asarray(r) & M32)


def _scc(g, cond) -> None:
    g.b.scc[g.sel] = cond


def _src32(g, op, ftype: str = "b32"):
    """A 32-bit source of every group wave as int64 values below 2**32, for the handlers' one-dword forms: an SGPR
    read in place (no copy, no mask: the batch holds 32-bit values), a constant as one Python integer (the bits
    ``Wave.sread`` gives it); None where ``_get`` must read it."""
    if op.kind == "s" and op.count == 1 and op.index < NSGPR:
        g.defined(op.index)
        return g.b.s[g.sel, op.index]
    if op.kind in ("imm", "fimm"):
        return int(_CONST.sread(op, ftype)) & M32
    return None


def _out32(g, op, res, scc=None) -> bool:
    """Write a one-dword result (int64 below 2**32, or an int) to SGPR ``op`` of every group wave, then SCC."""
    g.b.s[g.sel, op.index] = res
    g.wrote(op.index)
    if scc is not None:
        _scc(g, scc)
    return True


def _fast(op) -> bool:
    return op.kind == "s" and op.count == 1 and op.index < NSGPR


def _overflow(a, b, res):
    """Signed overflow of res = a + b in 32 bits: a and b of one sign, the result of the other."""
    return ((a ^ res) & (b ^ res)) >> 31 & 1 != 0


def _ashr(a, n, bits):
    if bits == 32:
        return (_s32(a) >> n.astype(np.int64)).astype(U)
    return (a.view(np.int64) >> n.astype(np.int64)).view(U)


LOGIC = {"and": lambda a, b, m: a & b, "or": lambda a, b, m: a | b, "xor": lambda a, b, m: a ^ b,
         "andn2": lambda a, b, m: a & ~b, "orn2": lambda a, b, m: a | (~b & m), "nand": lambda a, b, m: ~(a & b),
         "nor": lambda a, b, m: ~(a | b), "xnor": lambda a, b, m: ~(a ^ b),
         "lshl": lambda a, b, m: a << (b & U(m.bit_length() - 1)), "lshr": lambda a, b, m: a >> (b & U(m.bit_length() - 1)),
         "ashr": lambda a, b, m: _ashr(a, b & U(m.bit_length() - 1), m.bit_length()),
         "bfm": lambda a, b, m: ((U(1) << (a & U(31))) - U(1)) << (b & U(31))}


FAST_LOGIC = {"and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
              "lshl": lambda a, b: (a << (b & 31)) & M32, "lshr": lambda a, b: a >> (b & 31)}


def _logic(f, scc=True, fast=None):
    def run(g, ins, ctx):
        if fast is not None and _fast(ins.ops[0]):
            a, b = (_src32(g, o, ins.op[-3:]) for o in ins.ops[1:3])
            if a is not None and b is not None:
                r = fast(a, b)
                return _out32(g, ins.ops[0], r, r != 0)
        bits = _width(ins.op)
        m = MASK[bits]
        a, b = (_get(g, o, ins.op[-3:], bits) for o in ins.ops[1:3])
        r = f(a, b, int(m)) & m
        g.sput(ins.ops[0], r)
        if scc:
            _scc(g, r != 0)
        return True
    return run


def _unary(f, scc=True):
    def run(g, ins, ctx):
        bits = _width(ins.op)
        r = np.asarray(f(_get(g, ins.ops[1], "b32", bits))).astype(U) & MASK[bits]
        g.sput(ins.ops[0], r)
        if scc:
            _scc(g, r != 0)
        return True
    return run


def _arith(kind):
    def run(g, ins, ctx):
        if _fast(ins.ops[0]):
            a, b = (_src32(g, o) for o in ins.ops[1:3])
            if a is not None and b is not None:
                return _arith32(g, ins, kind, a, b)
        a, b = (_get(g, o).astype(np.int64) for o in ins.ops[1:3])
        carry = g.b.scc[g.idx] if kind in ("addc_u32", "subb_u32") else 0
        if kind in ("add_u32", "addc_u32"):
            r = a + b + carry
            _scc(g, r > M32)
        elif kind in ("sub_u32", "subb_u32"):
            r = a - b - carry
            _scc(g, r < 0)
        else:  # add_i32 / sub_i32: SCC = signed overflow
            r = _s32(a) + _s32(b) if kind == "add_i32" else _s32(a) - _s32(b)
            _scc(g, (r < I32[0]) | (r >= I32[1]))
        _put32(g, ins.ops[0], r)
        return True
    return run


def _arith32(g, ins, kind: str, a, b) -> bool:
    """``_arith`` on int64 values below 2**32: the same bits and SCC (a carry, a borrow, a signed overflow)."""
    carry = g.b.scc[g.sel] if kind in ("addc_u32", "subb_u32") else 0
    if kind in ("add_u32", "addc_u32"):
        r = a + b + carry
        return _out32(g, ins.ops[0], r & M32, r > M32)
    if kind in ("sub_u32", "subb_u32"):
        r = a - b - carry
        return _out32(g, ins.ops[0], r & M32, r < 0)
    if kind == "add_i32":
        res = (a + b) & M32
        return _out32(g, ins.ops[0], res, _overflow(a, b, res))
    res = (a - b) & M32  # sub_i32: a = res + b overflows where a - b does
    return _out32(g, ins.ops[0], res, _overflow(res, b, a))


def _shift_add(n):
    def run(g, ins, ctx):
        r = (_get(g, ins.ops[1]).astype(np.int64) << n) + _get(g, ins.ops[2]).astype(np.int64)
        _scc(g, r > M32)
        _put32(g, ins.ops[0], r)
        return True
    return run


def _bfe(signed):
    def run(g, ins, ctx):
        src = _get(g, ins.ops[1]).astype(np.int64)
        ctl = g.sget(ins.ops[2]).astype(np.int64)  # a 32-bit operand: below 2**32
        off, width = ctl & 31, (ctl >> 16) & 0x7F
        r = (src >> off) & ((np.int64(1) << np.minimum(width, 32)) - 1)  # src >> off has at most 32 bits
        if signed:
            sub = (width > 0) & (width < 32)
            top = np.int64(1) << np.where(sub, width - 1, 0)
            r = np.where(sub & ((r & top) != 0), r - 2 * top, r)
        r &= M32
        _put32(g, ins.ops[0], r)
        _scc(g, r != 0)
        return True
    return run


def _minmax(signed, pick_min):
    def run(g, ins, ctx):
        a, b = (_get(g, o).astype(np.int64) for o in ins.ops[1:3])
        ka, kb = (_s32(a), _s32(b)) if signed else (a, b)
        first = ka < kb if pick_min else ka > kb
        _put32(g, ins.ops[0], np.where(first, a, b))
        _scc(g, first)
        return True
    return run


def _cmp(pred, signed, bits=32):
    def run(g, ins, ctx):
        if bits == 32:
            a, b = (_src32(g, o) for o in ins.ops[0:2])
            if a is not None and b is not None:  # signed order: the unsigned order with the sign bits flipped
                _scc(g, pred(a ^ 2**31, b ^ 2**31) if signed else pred(a, b))
                return True
        a, b = (_get(g, o, "b32", bits) for o in ins.ops[0:2])
        if signed:
            a, b = _s32(a), _s32(b)
        _scc(g, pred(a, b))
        return True
    return run


def _cmpk(pred, signed):
    def run(g, ins, ctx):
        a, k = _get(g, ins.ops[0]).astype(np.int64), ins.ops[1].value & 0xFFFF
        a, k = (_s32(a), _sx(k, 16)) if signed else (a, k)
        _scc(g, pred(a, np.int64(k)))
        return True
    return run


def _bitcmp(one: bool):
    def run(g, ins, ctx):
        bit = (g.sget(ins.ops[0]) >> (g.sget(ins.ops[1]) & U(31))) & U(1)
        _scc(g, bit == (1 if one else 0))
        return True
    return run


def _bitset(one: bool):
    def run(g, ins, ctx):  # the reference's s_bitset0/1_b32 (ops_salu.py), over the group's waves
        bit, old = U(1) << (_get(g, ins.ops[1]) & U(31)), _get(g, ins.ops[0])
        _put32(g, ins.ops[0], old | bit if one else old & ~bit)
        return True
    return run


def _saveexec(f):
    def run(g, ins, ctx):
        s0 = g.sget(ins.ops[1])
        old = g.b.exec[g.idx].copy()
        g.sput(ins.ops[0], old)
        new = f(s0, old)
        g.b.exec[g.idx] = new
        g.exec_changed()
        _scc(g, new != 0)
        return True
    return run


def _mov(g, ins, ctx):
    g.sput(ins.ops[0], g.sget(ins.ops[1], ins.op[-3:]))
    return True


def _movk(g, ins, ctx):
    g.sput(ins.ops[0], np.full(len(g.idx), _sx(ins.ops[1].value, 16) & M32, U))
    return True


def _cselect(g, ins, ctx):
    a, b = (g.sget(o, ins.op[-3:]) for o in ins.ops[1:3])
    g.sput(ins.ops[0], np.where(g.b.scc[g.idx] != 0, a, b))
    return True


def _k(kind):
    def run(g, ins, ctx):
        if _fast(ins.ops[0]):
            g.defined(ins.ops[0].index)
            a, k = g.b.s[g.sel, ins.ops[0].index], _sx(ins.ops[1].value, 16)
            if kind == "add":
                res = (a + (k & M32)) & M32
                return _out32(g, ins.ops[0], res, _overflow(a, k & M32, res))
            return _out32(g, ins.ops[0], (a * k) & M32)
        d, k = _s32(_get(g, ins.ops[0])), _sx(ins.ops[1].value, 16)
        r = d + k if kind == "add" else d * k
        if kind == "add":
            _scc(g, (r < I32[0]) | (r >= I32[1]))
        _put32(g, ins.ops[0], r)
        return True
    return run


def _mul(kind):
    def run(g, ins, ctx):
        a, b = (_get(g, o) for o in ins.ops[1:3])
        if kind == "i32":
            r = _s32(a) * _s32(b)
        elif kind == "hi_u32":
            r = (a * b) >> U(32)  # two 32-bit values: the product fits 64 bits
        else:
            r = (_s32(a) * _s32(b)) >> 32
        _put32(g, ins.ops[0], r)
        return True
    return run


def _pack(hi_a, hi_b):
    def run(g, ins, ctx):
        a, b = (_get(g, o) for o in ins.ops[1:3])
        lo = (a >> U(16)) if hi_a else a & U(0xFFFF)
        hi = (b >> U(16)) if hi_b else b & U(0xFFFF)
        g.sput(ins.ops[0], lo | (hi << U(16)))
        return True
    return run


def _branch(cond):
    def run(g, ins, ctx):
        taken = np.ones(len(g.idx), bool) if cond is None else cond(g.b)[g.idx]
        if ins.target == g.pc + 1 or taken.all():  # a branch to the next instruction goes there either way
            return {ins.target if taken.all() else g.pc + 1: g.idx}
        return {ins.target: g.idx[taken], g.pc + 1: g.idx[~taken]}
    return run


def _sext(bits):
    return _unary(lambda v: np.where((v >> U(bits - 1)) & U(1) != 0, v | U(M32 ^ (2**bits - 1)), v & U(2**bits - 1)),
                  scc=False)


PRED = {"eq": np.equal, "lg": np.not_equal, "gt": np.greater, "ge": np.greater_equal, "lt": np.less,
        "le": np.less_equal}
SAVE = {"and": lambda s, e: s & e, "or": lambda s, e: s | e, "xor": lambda s, e: s ^ e, "andn2": lambda s, e: s & ~e,
        "orn2": lambda s, e: s | ~e, "nand": lambda s, e: ~(s & e), "nor": lambda s, e: ~(s | e),
        "xnor": lambda s, e: ~(s ^ e), "andn1": lambda s, e: ~s & e, "orn1": lambda s, e: ~s | e}
OPS = {
    **{f"s_{n}_{t}": _logic(LOGIC[n], fast=FAST_LOGIC.get(n) if t == "b32" else None) for t in ("b32", "b64")
       for n in ("and", "or", "xor", "andn2", "orn2", "nand", "nor", "xnor")},
    **{f"s_{n}_{t}": _logic(LOGIC[n], fast=FAST_LOGIC[n] if t == "b32" else None) for n in ("lshl", "lshr")
       for t in ("b32", "b64")},
    "s_ashr_i32": _logic(LOGIC["ashr"]), "s_ashr_i64": _logic(LOGIC["ashr"]),
    "s_bfm_b32": _logic(LOGIC["bfm"], scc=False),
    "s_not_b32": _unary(lambda v: ~v), "s_not_b64": _unary(lambda v: ~v),
    "s_abs_i32": _unary(lambda v: np.abs(_s32(v))), "s_bcnt1_i32_b32": _unary(np.bitwise_count),
    "s_sext_i32_i8": _sext(8), "s_sext_i32_i16": _sext(16),
    "s_mov_b32": _mov, "s_mov_b64": _mov, "s_movk_i32": _movk, "s_cselect_b32": _cselect, "s_cselect_b64": _cselect,
    **{f"s_{k}": _arith(k) for k in ("add_u32", "addc_u32", "sub_u32", "subb_u32", "add_i32", "sub_i32")},
    **{f"s_lshl{n}_add_u32": _shift_add(n) for n in (1, 2, 3, 4)},
    "s_bfe_u32": _bfe(False), "s_bfe_i32": _bfe(True),
    "s_min_i32": _minmax(True, True), "s_min_u32": _minmax(False, True),
    "s_max_i32": _minmax(True, False), "s_max_u32": _minmax(False, False),
    "s_mul_i32": _mul("i32"), "s_mul_hi_u32": _mul("hi_u32"), "s_mul_hi_i32": _mul("hi_i32"),
    "s_addk_i32": _k("add"), "s_mulk_i32": _k("mul"),
    "s_pack_ll_b32_b16": _pack(False, False), "s_pack_lh_b32_b16": _pack(False, True),
    "s_pack_hh_b32_b16": _pack(True, True),
    **{f"s_{n}_saveexec_b64": _saveexec(f) for n, f in SAVE.items()},
    "s_cmp_eq_u64": _cmp(np.equal, False, 64), "s_cmp_lg_u64": _cmp(np.not_equal, False, 64),
    "s_bitcmp0_b32": _bitcmp(False), "s_bitcmp1_b32": _bitcmp(True),
    "s_bitset0_b32": _bitset(False), "s_bitset1_b32": _bitset(True),
    "s_branch": _branch(None), "s_cbranch_scc0": _branch(lambda b: b.scc == 0),
    "s_cbranch_scc1": _branch(lambda b: b.scc != 0), "s_cbranch_vccz": _branch(lambda b: b.vcc == 0),
    "s_cbranch_vccnz": _branch(lambda b: b.vcc != 0), "s_cbranch_execz": _branch(lambda b: b.exec == 0),
    "s_cbranch_execnz": _branch(lambda b: b.exec != 0),
}
for _p, _f in PRED.items():
    OPS[f"s_cmp_{_p}_i32"], OPS[f"s_cmp_{_p}_u32"] = _cmp(_f, True), _cmp(_f, False)
    OPS[f"s_cmpk_{_p}_i32"], OPS[f"s_cmpk_{_p}_u32"] = _cmpk(_f, True), _cmpk(_f, False)
