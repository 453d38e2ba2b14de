"""Scalar ALU instructions on a group of waves (``group.Group``), each wave's SGPRs gathered into one numpy array:
the loops of a kernel run their counters and address arithmetic for every wave at once.  Each handler computes what
its ``ops_salu`` handler computes wave by wave (same rules, the module docstring there), on int64 lanes (32-bit
values, products of two 32-bit values; ``s_mul_hi_u32`` on uint64); the branches split the group by each wave's
outcome.  A handler returns True (the group goes on to the next instruction), a dict (program counter -> the waves
going there: a branch), or False where an operand is outside what it reads (VCC, EXEC, M0 or 64-bit operands), and
``lockstep`` runs the instruction wave by wave."""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.ops_salu import _sx
from frontends.devices.gfx942.state import M32, NSGPR

I32 = (-2**31, 2**31)


def _get(g, op, ftype: str = "b32"):
    """A 32-bit scalar source in each wave of the group (int64), or None where it is not an SGPR or a constant."""
    if op.kind == "s" and op.count == 1 and op.index < NSGPR:
        i = op.index
        return np.array([s[i] for s in g.sgprs()], np.int64)
    if op.kind in ("imm", "fimm"):
        return np.full(len(g.idx), g.members()[0].sread(op, ftype) & M32, np.int64)  # the same bits in every wave
    return None


def _put(g, op, values) -> None:
    i = op.index
    for s, v in zip(g.sgprs(), (values & M32).tolist()):
        s[i] = v


def _scc(g, cond) -> None:
    for w, c in zip(g.members(), cond.astype(np.int64).tolist()):
        w.scc = c


def _dst(op) -> bool:
    return op.kind == "s" and op.count == 1 and op.index < NSGPR


def _signed(v):
    return np.where(v >= 2**31, v - 2**32, v)


def _two(g, ins, ftype="b32"):
    if not _dst(ins.ops[0]) or len(ins.ops) < 3:
        return None
    a, b = _get(g, ins.ops[1], ftype), _get(g, ins.ops[2], ftype)
    return None if a is None or b is None else (a, b)


def _arith(kind):
    def run(g, ins, ctx):
        ab = _two(g, ins)
        if ab is None:
            return False
        a, b = ab
        if kind == "add_u32":
            r = a + b
            _scc(g, r > M32)
        elif kind == "sub_u32":
            r = a - b
            _scc(g, r < 0)
        else:
            r = _signed(a) + _signed(b) if kind == "add_i32" else _signed(a) - _signed(b)
            _scc(g, (r < I32[0]) | (r >= I32[1]))
        _put(g, ins.ops[0], r)
        return True
    return run


def _logic(f):
    def run(g, ins, ctx):
        ab = _two(g, ins, ins.op[-3:])
        if ab is None:
            return False
        r = f(*ab) & M32
        _put(g, ins.ops[0], r)
        _scc(g, r != 0)
        return True
    return run


def _mul(hi: bool):
    def run(g, ins, ctx):
        ab = _two(g, ins)
        if ab is None:
            return False
        a, b = ab
        r = (a.astype(np.uint64) * b.astype(np.uint64)) >> np.uint64(32) if hi else _signed(a) * _signed(b)
        _put(g, ins.ops[0], r.astype(np.int64) if hi else r)
        return True
    return run


def _k(kind):
    def run(g, ins, ctx):
        if not _dst(ins.ops[0]):
            return False
        d, k = _signed(_get(g, ins.ops[0])), _sx(ins.ops[1].value, 16)
        r = d + k if kind == "add" else d * k
        if kind == "add":
            _scc(g, (r < I32[0]) | (r >= I32[1]))
        _put(g, ins.ops[0], r)
        return True
    return run


def _mov(g, ins, ctx):
    v = _get(g, ins.ops[1], ins.op[-3:])
    if v is None or not _dst(ins.ops[0]):
        return False
    _put(g, ins.ops[0], v)
    return True


def _movk(g, ins, ctx):
    if not _dst(ins.ops[0]):
        return False
    _put(g, ins.ops[0], np.full(len(g.idx), _sx(ins.ops[1].value, 16) & M32, np.int64))
    return True


def _cselect(g, ins, ctx):
    ab = _two(g, ins, ins.op[-3:])
    if ab is None:
        return False
    scc = np.array([w.scc for w in g.members()], np.int64)
    _put(g, ins.ops[0], np.where(scc != 0, *ab))
    return True


def _cmp(pred, signed: bool, k: bool = False):
    def run(g, ins, ctx):
        a = _get(g, ins.ops[0])
        b = np.int64(ins.ops[1].value & 0xFFFF) if k else _get(g, ins.ops[1])
        if a is None or b is None:
            return False
        if signed:
            a, b = _signed(a), (np.int64(_sx(int(b), 16)) if k else _signed(b))
        _scc(g, pred(a, b))
        return True
    return run


def _branch(cond):
    def run(g, ins, ctx):
        taken = np.array([bool(cond(w)) for w in g.members()], bool)
        if ins.target == g.pc + 1 or taken.all():  # a branch to the next instruction goes there either way
            return {ins.target if taken.all() else g.pc + 1: g.idx}
        return {ins.target: g.idx[taken], g.pc + 1: g.idx[~taken]}
    return run


PRED = {"eq": np.equal, "lg": np.not_equal, "gt": np.greater, "ge": np.greater_equal, "lt": np.less,
        "le": np.less_equal}
OPS = {
    "s_add_u32": _arith("add_u32"), "s_sub_u32": _arith("sub_u32"), "s_add_i32": _arith("add_i32"),
    "s_sub_i32": _arith("sub_i32"),
    "s_and_b32": _logic(lambda a, b: a & b), "s_or_b32": _logic(lambda a, b: a | b),
    "s_xor_b32": _logic(lambda a, b: a ^ b), "s_andn2_b32": _logic(lambda a, b: a & ~b),
    "s_lshl_b32": _logic(lambda a, b: a << (b & 31)), "s_lshr_b32": _logic(lambda a, b: a >> (b & 31)),
    "s_ashr_i32": _logic(lambda a, b: _signed(a) >> (b & 31)),
    "s_mul_i32": _mul(False), "s_mul_hi_u32": _mul(True), "s_addk_i32": _k("add"), "s_mulk_i32": _k("mul"),
    "s_mov_b32": _mov, "s_movk_i32": _movk, "s_cselect_b32": _cselect,
    "s_branch": _branch(lambda w: True), "s_cbranch_scc0": _branch(lambda w: not w.scc),
    "s_cbranch_scc1": _branch(lambda w: w.scc), "s_cbranch_vccz": _branch(lambda w: w.vcc == 0),
    "s_cbranch_vccnz": _branch(lambda w: w.vcc != 0), "s_cbranch_execz": _branch(lambda w: w.exec == 0),
    "s_cbranch_execnz": _branch(lambda w: w.exec != 0),
}
for _p, _f in PRED.items():
    OPS[f"s_cmp_{_p}_i32"], OPS[f"s_cmp_{_p}_u32"] = _cmp(_f, True), _cmp(_f, False)
    OPS[f"s_cmpk_{_p}_i32"], OPS[f"s_cmpk_{_p}_u32"] = _cmp(_f, True, True), _cmp(_f, False, True)
