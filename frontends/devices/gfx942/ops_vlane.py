"""VALU instructions whose result is (or uses) a lane mask or a scalar: compares (``v_cmp*``, ``v_cmpx*``,
``v_cmp_class``), ``v_cndmask_b32``, the carry chain (``v_add_co_u32``, ``v_addc_co_u32``, ``v_sub*_co_u32``,
``v_mad_u64_u32``, ``v_mad_i64_i32``), lane access (``v_readfirstlane_b32``, ``v_readlane_b32``,
``v_writelane_b32``, ``v_mbcnt_lo_u32_b32`` / ``v_mbcnt_hi_u32_b32``: src1 plus the number of set bits of src0 among
the low / high 32 bits of the mask of the lanes below this one) and register moves between VGPRs and AGPRs (``v_accvgpr_*``, ``v_swap_b32``).

A compare writes a 64-bit mask to VCC (e32) or to its scalar destination (e64, SDWA); lanes EXEC disables get 0;
``v_cmpx`` also writes EXEC.  Float compares are IEEE (ordered ones false on NaN, the ``n*`` ones their negation,
``o``/``u`` ordered/unordered).  Carry-outs are masks under the same rule.  ``v_cmp_class`` tests src1's bits
against src0's class (0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf).
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import from_bits, to_bits
from frontends.devices.gfx942.vector import check_mods, source, write

INT_PRED = {"f": lambda a, b: np.zeros(a.shape, bool), "lt": np.less, "eq": np.equal, "le": np.less_equal,
            "gt": np.greater, "ne": np.not_equal, "lg": np.not_equal, "ge": np.greater_equal,
            "t": lambda a, b: np.ones(a.shape, bool)}
FLOAT_PRED = {"f": INT_PRED["f"], "lt": np.less, "eq": np.equal, "le": np.less_equal, "gt": np.greater,
              "lg": lambda a, b: (a < b) | (a > b), "ge": np.greater_equal,
              "o": lambda a, b: ~(np.isnan(a) | np.isnan(b)), "u": lambda a, b: np.isnan(a) | np.isnan(b),
              "nge": lambda a, b: ~(a >= b), "nlg": lambda a, b: ~((a < b) | (a > b)), "ngt": lambda a, b: ~(a > b),
              "nle": lambda a, b: ~(a <= b), "neq": lambda a, b: ~(a == b), "nlt": lambda a, b: ~(a < b),
              "tru": INT_PRED["t"]}


def _mask_dst(w, ins, lanes: np.ndarray, also_exec: bool = False) -> None:
    w.mask_write(ins.ops[0], lanes & w.lanes(), also_exec)


def _cmp(pred, t, cmpx):
    def run(w, ins, ctx):
        check_mods(ins)
        a, b = source(w, ins, 0, t), source(w, ins, 1, t)
        with np.errstate(all="ignore"):
            _mask_dst(w, ins, np.asarray(pred(a, b), bool), cmpx)
    return run


def _class(t):
    def run(w, ins, ctx):
        check_mods(ins)
        x = source(w, ins, 0, t)
        m = source(w, ins, 1, "u32")
        neg = np.signbit(x)
        fin = np.finfo(x.dtype)
        sub = (x != 0) & (np.abs(x) < fin.tiny)
        quiet_bit = {np.float16: 0x200, np.float32: 0x400000}[x.dtype.type]
        raw = x.view({np.float16: np.uint16, np.float32: np.uint32}[x.dtype.type]).astype(np.int64)
        nan = np.isnan(x)
        cls = np.select([nan & (raw & quiet_bit == 0), nan, np.isinf(x) & neg, neg & ~sub & (x != 0),
                         neg & sub, neg & (x == 0), (x == 0), sub, ~np.isinf(x)],
                        [0, 1, 2, 3, 4, 5, 6, 7, 8], 9)
        _mask_dst(w, ins, ((m >> cls) & 1) == 1, ins.op.startswith("v_cmpx"))
    return run


def _cndmask(w, ins, ctx):
    check_mods(ins)
    t = "f32" if any(o.neg or o.abs for o in ins.ops[1:3]) else "b32"
    a, b = source(w, ins, 0, t), source(w, ins, 1, t)
    sel = w.mask_read(ins.ops[3])
    write(w, ins, to_bits(np.where(sel, b, a), t), t)


def _carry(kind):
    """v_add_co_u32 / v_sub_co_u32 / v_subrev_co_u32 / v_addc_co_u32 / v_subb_co_u32 / v_subbrev_co_u32.

    Their SDWA form (``SDWA_CARRY``; LLVM's SDWA peephole writes ``v_sub_co_u32_sdwa v2, vcc, v0, v8
    src0_sel:WORD_0 ...`` for the low half of a value): SDWA selects each source's field, zero- or (``sext()``)
    sign-extended to 32 bits (``vector.source``), and the opcode runs on those 32-bit operands as it is defined
    ("D.u = S0.u - S1.u; VCC = S1.u > S0.u": the borrow of the selected operands).  Only dst_sel:DWORD is taken: where
    the carry-out comes from when a byte or word of the sum is written the reference does not say.  clamp, output
    modifiers, DPP and the carry-in forms' SDWA are refused."""
    def run(w, ins, ctx):
        check_mods(ins)
        ins.ndst = 2
        if ins.enc == "dpp" or ins.mods.get("clamp") or "mul" in ins.mods or "div" in ins.mods or \
                ins.mods.get("op_sel"):
            raise Unmodelled(f"{ins.op} with DPP, clamp, op_sel or an output modifier", ins)
        if ins.enc == "sdwa":
            if len(ins.ops) > 4 or ins.mods.get("dst_sel", "DWORD") != "DWORD":
                raise Unmodelled(f"{ins.op} in SDWA form with a carry-in or a dst_sel other than DWORD", ins)
            a, b = (source(w, ins, i, "u32") for i in (0, 1))
        else:
            a, b = (from_bits(w.vread(o), "u32") for o in ins.ops[2:4])
        cin = w.mask_read(ins.ops[4]).astype(np.int64) if len(ins.ops) > 4 else 0
        if kind == "add":
            r = a + b + cin
            out = r > 0xFFFFFFFF
        else:
            x, y = (b, a) if kind == "subrev" else (a, b)
            r = x - y - cin
            out = r < 0
        lanes = w.lanes()
        w.vwrite(ins.ops[0], to_bits(r, "u32"), lanes)
        w.mask_write(ins.ops[1], out & lanes)
    return run


SDWA_CARRY = ("v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32")  # their SDWA forms are modelled (``_carry``)


def _mad64(signed):
    def run(w, ins, ctx):
        if ins.mods:
            check_mods(ins)
            if ins.mods.get("clamp"):
                raise Unmodelled("clamp on v_mad_*64", ins)
        t = "i32" if signed else "u32"
        a, b = (from_bits(w.vread(o), t).astype(object) for o in ins.ops[2:4])
        c = from_bits(w.vread(ins.ops[4], "b64"), "i64" if signed else "u64").astype(object)
        r = a * b + c
        lanes = w.lanes()
        lo = np.array([int(x) & (2**64 - 1) for x in r], np.uint64)
        carry = np.array([not (-2**63 <= int(x) < 2**63) if signed else int(x) >= 2**64 for x in r], bool)
        w.vwrite(ins.ops[0], lo, lanes, 2)
        w.mask_write(ins.ops[1], carry & lanes)
    return run


def _readfirstlane(w, ins, ctx):
    lanes = np.flatnonzero(w.lanes())
    v = w.vread(ins.ops[1])
    w.swrite(ins.ops[0], int(v[lanes[0] if len(lanes) else 0]))


def _readlane(w, ins, ctx):
    w.swrite(ins.ops[0], int(w.vread(ins.ops[1])[w.sread(ins.ops[2]) & 63]))


def _writelane(w, ins, ctx):
    lane = np.zeros(64, bool)
    lane[w.sread(ins.ops[2]) & 63] = True
    w.vwrite(ins.ops[0], np.full(64, w.sread(ins.ops[1]) & 0xFFFFFFFF, np.uint32), lane)


def _mbcnt(high: bool):
    below = (np.uint64(1) << np.arange(64, dtype=np.uint64)) - np.uint64(1)  # lane l: bits 0..l-1
    part = ((below >> np.uint64(32)) if high else below) & np.uint64(0xFFFFFFFF)

    def run(w, ins, ctx):
        check_mods(ins)
        if ins.enc not in ("", "e32", "e64") or any(op.abs or op.neg for op in ins.ops):
            raise Unmodelled(f"{ins.enc or 'a modifier'} on {ins.op}", ins)
        s0, s1 = source(w, ins, 0, "u32"), source(w, ins, 1, "u32")
        bits = part & s0.astype(np.uint64)
        count = np.array([int(x).bit_count() for x in bits], np.uint64)
        write(w, ins, ((count + s1.astype(np.uint64)) & np.uint64(0xFFFFFFFF)).astype(np.uint32), "u32")
    return run


def _move(w, ins, ctx):
    """v_accvgpr_read_b32 / v_accvgpr_write_b32 / v_accvgpr_mov_b32: a dword between VGPRs and AGPRs."""
    check_mods(ins)
    w.vwrite(ins.ops[0], w.vread(ins.ops[1]))


def _swap(w, ins, ctx):
    a, b = w.vread(ins.ops[0]), w.vread(ins.ops[1])
    w.vwrite(ins.ops[0], b)
    w.vwrite(ins.ops[1], a)


OPS = {"v_cndmask_b32": _cndmask, "v_accvgpr_read_b32": _move, "v_accvgpr_write_b32": _move,
       "v_accvgpr_mov_b32": _move, "v_swap_b32": _swap, "v_readfirstlane_b32": _readfirstlane,
       "v_readlane_b32": _readlane,
       "v_writelane_b32": _writelane, "v_mbcnt_lo_u32_b32": _mbcnt(False), "v_mbcnt_hi_u32_b32": _mbcnt(True),
       "v_add_co_u32": _carry("add"), "v_addc_co_u32": _carry("add"), "v_sub_co_u32": _carry("sub"),
       "v_subb_co_u32": _carry("sub"), "v_subrev_co_u32": _carry("subrev"), "v_subbrev_co_u32": _carry("subrev"),
       "v_mad_u64_u32": _mad64(False), "v_mad_i64_i32": _mad64(True),
       "v_cmp_class_f32": _class("f32"), "v_cmp_class_f16": _class("f16"),
       "v_cmpx_class_f32": _class("f32"), "v_cmpx_class_f16": _class("f16")}
for _x in ("v_cmp", "v_cmpx"):
    for _t in ("i16", "u16", "i32", "u32", "i64", "u64"):
        for _p, _f in INT_PRED.items():
            OPS[f"{_x}_{_p}_{_t}"] = _cmp(_f, _t, _x == "v_cmpx")
    for _t in ("f16", "f32", "f64"):
        for _p, _f in FLOAT_PRED.items():
            OPS[f"{_x}_{_p}_{_t}"] = _cmp(_f, _t, _x == "v_cmpx")
PER_WAVE = ("v_readfirstlane_b32", "v_readlane_b32", "v_writelane_b32", "v_mbcnt_lo_u32_b32", "v_mbcnt_hi_u32_b32")
for _name, _fn in OPS.items():
    _fn.ndst = 1
    _fn.modifiable = _name.startswith("v_cmp") or _name == "v_cndmask_b32" or _name in SDWA_CARRY
    _fn.lockstep = _name not in PER_WAVE  # lane-wise (masks through mask_read/mask_write): runs on a group of waves
for _k in ("v_add_co_u32", "v_addc_co_u32", "v_sub_co_u32", "v_subb_co_u32", "v_subrev_co_u32",
           "v_subbrev_co_u32", "v_mad_u64_u32", "v_mad_i64_i32"):
    OPS[_k].ndst = 2
