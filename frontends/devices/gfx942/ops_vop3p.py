"""Packed math (VOP3P): ``v_pk_*`` on two 16-bit halves or two f32 dwords, and the dot products.

From the CDNA3 ISA reference: the low result uses, per source, the half (dword) ``op_sel`` selects; the high result
the half ``op_sel_hi`` selects (default: high); ``neg_lo``/``neg_hi`` negate a float source's selected value for the
low/high result; ``clamp`` saturates (floats to [0, 1], integers to their range).  An inline constant or a scalar
source supplies its 32 bits.  Inline constants follow the hardware behaviour LLVM documents (``AMDGPUBaseInfo.cpp``,
``getInlineEncodingV216``, which notes that the ISA reference is misleading here): an integer constant is its
sign-extended 32-bit value; a float constant of an f16 op is the f16 in the low half and 0 in the high half (so
``op_sel_hi`` 1 reads 0); of a u16/i16 op, the f32 bit pattern.  A packed f32 source is 64 bits; an inline constant
supplies its low dword, and what gfx942 reads as its high dword is documented nowhere we found: no ISA reference text
we could read says; LLVM's SelectionDAG never reads it (a splat constant gets ``op_sel_hi`` 0, so both results read
the low dword; any other pair goes through registers); LLVM's rule that a scalar operand is replicated to both dwords
is gfx1250's alone (``hasPKF32InstsReplicatingLower32BitsOfScalarInput``, llvm/llvm-project#168458); only AMD's
emulator replicates inline constants on gfx942 (ROCm/rocm-systems#10589), a model, not the hardware.  So a constant
read as the low dword, and a zero constant (zero however it is widened), are modelled; a nonzero constant read as the
high dword raises (IREE 3.12 and later emit it under GlobalISel: LLVM's SIFoldOperands folds the splat register pair
GlobalISel selects into one inline constant and leaves ``op_sel_hi`` 1).
Dot products (``v_dot2_f32_f16``, ``v_dot2c_f32_f16``, ``v_dot4_i32_i8``, ``v_dot4_u32_u8``, ``v_dot8_i32_i4``,
``v_dot2_i32_i16``, ``v_dot2_u32_u16``) compute exact products and round the sum once (integers: exact, wrapped to
32 bits unless clamp); whether the hardware rounds f16 dot products once is not documented: treat their last bit
with the ``gpu`` tolerance.
Mixed precision (``v_fma_mix_f32``, ``v_fma_mixlo_f16``, ``v_fma_mixhi_f16``): source i is an f32 when
``op_sel_hi[i]`` is 0 (the default LLVM prints nothing for) and the f16 in the half ``op_sel[i]`` selects when it is
1; ``-``/``|..|`` on a source (LLVM's spelling of the neg_lo/neg_hi bits of a mix op) negate / take the absolute
value after that selection; the product and sum round once, to f32 (``mixlo``/``mixhi``: to f16, written to the low
/ high half, the other half kept).  A constant read as an f16 raises (its encoding for a mix op is not documented).
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import FLOAT, fma, from_bits, is_float, sat, to_bits

MODS = {"op_sel", "op_sel_hi", "neg_lo", "neg_hi", "clamp"}


def _check(ins):
    extra = set(ins.mods) - MODS
    if extra or ins.enc not in ("", "e32", "e64"):
        raise Unmodelled(f"modifier {sorted(extra)[0] if extra else ins.enc} on {ins.op}", ins)


def _constant_type(t: str) -> str:
    """How a float inline constant is encoded for a packed op of type t (see the module docstring)."""
    return t if t in ("f16", "f32") else "f32"


def _halves(w, ins, i: int, t: str, nsrc: int):
    """(low-result value, high-result value) of source i."""
    op = ins.ops[1 + i]
    wide = t == "f32" or t == "b32"
    raw = w.vread(op, _constant_type(t) if op.kind == "fimm" else "b64" if wide else "b32")
    if wide and op.kind not in ("v", "a") and op.count == 1:
        raw = raw & np.uint64(0xFFFFFFFF)
    if op.abs:
        raise Unmodelled("abs on a packed source", ins)
    sel = ins.mods.get("op_sel", [0] * nsrc)
    hi = ins.mods.get("op_sel_hi", [1] * nsrc)
    shift = 32 if wide else 16
    if op.kind in ("imm", "fimm") and hi[i] and op.value != 0 and wide:
        raise Unmodelled("a nonzero constant read as the high dword of a packed f32 source", ins)
    out = []
    for which, neg in ((sel[i], ins.mods.get("neg_lo", [0] * nsrc)[i]), (hi[i], ins.mods.get("neg_hi", [0] * nsrc)[i])):
        v = from_bits((raw.astype(np.uint64) >> np.uint64(shift * which)), t)
        if neg or (op.neg and which == sel[i]):
            if not is_float(t):
                raise Unmodelled("neg on an integer packed source", ins)
            v = -v
        out.append(v)
    return out


def _packed(t: str, nsrc: int, f):
    def run(w, ins, ctx):
        _check(ins)
        srcs = [_halves(w, ins, i, t, nsrc) for i in range(nsrc)]
        res = []
        with np.errstate(all="ignore"):
            for half in (0, 1):
                r = f(*[s[half] for s in srcs])
                if ins.mods.get("clamp"):
                    r = np.clip(np.nan_to_num(r, nan=0), 0, 1).astype(FLOAT[t]) if is_float(t) else sat(r, t)
                res.append(to_bits(r, t).astype(np.uint64))
        if t == "f32":
            w.vwrite(ins.ops[0], res[0] | (res[1] << np.uint64(32)), None, 2)
        else:
            w.vwrite(ins.ops[0], ((res[0] & np.uint64(0xFFFF)) | (res[1] << np.uint64(16))).astype(np.uint32), None, 1)
    run.lockstep = True  # lane-wise: runs on a group of waves (``lockstep``) as on one wave
    return run


def _pk_mov_b32(w, ins, ctx):
    """D[31:0] = S0's dword op_sel[0] selects, D[63:32] = S1's dword op_sel[1] selects (op_sel_hi unused): the
    CDNA3 reference's "D.u[63:32] = S1.u[31:0]; D.u[31:0] = S0.u[31:0]" with op_sel, as gem5 models it and as
    LLVM expands a 64-bit move (src0 op_sel 0, src1 op_sel 1).  A constant or a single SGPR supplies its low dword;
    its high dword (op_sel 1) raises, as do neg and clamp (undefined here)."""
    _check(ins)
    if ins.mods.get("neg_lo") or ins.mods.get("neg_hi") or ins.mods.get("clamp"):
        raise Unmodelled("neg or clamp on v_pk_mov_b32 (undefined)", ins)
    sel = ins.mods.get("op_sel", [0, 0])
    lo, hi = (_pk_dword(w, ins, i, sel[i]) for i in (0, 1))
    w.vwrite(ins.ops[0], lo | (hi << np.uint64(32)), None, 2)


def _pk_dword(w, ins, i: int, which: int) -> np.ndarray:
    op = ins.ops[1 + i]
    if op.abs or op.neg or op.kind == "fimm":
        raise Unmodelled("a float constant, abs or neg on a v_pk_mov_b32 source", ins)
    pair = op.kind in ("v", "a") or op.count == 2
    if which and not pair:
        raise Unmodelled("the high dword of a 32-bit v_pk_mov_b32 source", ins)
    raw = w.vread(op, "b64" if pair else "b32").astype(np.uint64)
    return (raw >> np.uint64(32 * which)) & np.uint64(0xFFFFFFFF)


def _lanes(v, bits, n, signed):
    out = []
    for k in range(n):
        x = (v.astype(np.int64) >> (bits * k)) & ((1 << bits) - 1)
        out.append(np.where(x >= 1 << (bits - 1), x - (1 << bits), x) if signed else x)
    return out


def _dot_int(bits, n, signed, dst):
    def run(w, ins, ctx):
        _check(ins)
        a, b = (from_bits(w.vread(o), "u32") for o in ins.ops[1:3])
        c = from_bits(w.vread(ins.ops[3] if len(ins.ops) > 3 else ins.ops[0]), dst)
        r = c + sum(x * y for x, y in zip(_lanes(a, bits, n, signed), _lanes(b, bits, n, signed)))
        w.vwrite(ins.ops[0], to_bits(sat(r, dst) if ins.mods.get("clamp") else r, dst))
    return run


def _dot2_f16(w, ins, ctx):
    _check(ins)
    if ins.mods.get("op_sel") or ins.mods.get("neg_lo") or ins.mods.get("neg_hi"):
        raise Unmodelled("op_sel/neg on a dot product", ins)
    a, b = (w.vread(o) for o in ins.ops[1:3])
    c = from_bits(w.vread(ins.ops[3] if len(ins.ops) > 3 else ins.ops[0]), "f32").astype(np.float64)
    lo = [from_bits(x, "f16").astype(np.float64) for x in (a, b)]
    hi = [from_bits(x >> np.uint32(16), "f16").astype(np.float64) for x in (a, b)]
    with np.errstate(all="ignore"):
        r = fma(lo[0] * lo[1], 1.0, hi[0] * hi[1] + c, "f32")  # exact products; one rounding of the sum
    w.vwrite(ins.ops[0], to_bits(r, "f32"))


def _mix_source(w, ins, i: int) -> np.ndarray:
    op = ins.ops[1 + i]
    f16 = (ins.mods.get("op_sel_hi") or [0, 0, 0])[i]
    if f16 and op.kind in ("imm", "fimm"):
        raise Unmodelled("a constant read as an f16 source of a mix op", ins)
    raw = w.vread(op, "f32" if op.kind == "fimm" else "b32")
    if f16:
        v = from_bits(raw >> np.uint32(16 * (ins.mods.get("op_sel") or [0, 0, 0])[i]), "f16").astype(np.float32)
    else:
        v = from_bits(raw, "f32")
    v = np.abs(v) if op.abs else v
    return -v if op.neg else v


def _fma_mix(dst: str, half: int | None):
    """half: None for the f32 result; 0 / 1 for the f16 result written to the low / high half."""
    def run(w, ins, ctx):
        extra = set(ins.mods) - {"op_sel", "op_sel_hi", "clamp"}
        if extra or ins.enc not in ("", "e64"):
            raise Unmodelled(f"modifier {sorted(extra)[0] if extra else ins.enc} on {ins.op}", ins)
        a, b, c = (_mix_source(w, ins, i) for i in range(3))
        with np.errstate(all="ignore"):
            r = fma(a, b, c, dst)
            if ins.mods.get("clamp"):
                r = np.where(np.isnan(r), 0, np.clip(r, 0, 1)).astype(FLOAT[dst])
        bits = to_bits(r, dst)
        if half is not None:
            old = w.vread(ins.ops[0])
            bits = (old & np.uint32(0xFFFF0000)) | bits if half == 0 else (old & np.uint32(0xFFFF)) | (bits << np.uint32(16))
        w.vwrite(ins.ops[0], bits.astype(np.uint32))
    return run


def _f(t):
    return lambda a, b, c: fma(a, b, c, t)


OPS = {
    "v_pk_add_f16": _packed("f16", 2, lambda a, b: a + b), "v_pk_mul_f16": _packed("f16", 2, lambda a, b: a * b),
    "v_pk_fma_f16": _packed("f16", 3, _f("f16")), "v_pk_max_f16": _packed("f16", 2, np.fmax),
    "v_pk_min_f16": _packed("f16", 2, np.fmin),
    "v_pk_add_f32": _packed("f32", 2, lambda a, b: a + b), "v_pk_mul_f32": _packed("f32", 2, lambda a, b: a * b),
    "v_pk_fma_f32": _packed("f32", 3, _f("f32")), "v_pk_mov_b32": _pk_mov_b32,
    "v_pk_add_u16": _packed("u16", 2, lambda a, b: a + b), "v_pk_sub_u16": _packed("u16", 2, lambda a, b: a - b),
    "v_pk_add_i16": _packed("i16", 2, lambda a, b: a + b), "v_pk_sub_i16": _packed("i16", 2, lambda a, b: a - b),
    "v_pk_mul_lo_u16": _packed("u16", 2, lambda a, b: a * b),
    "v_pk_mad_u16": _packed("u16", 3, lambda a, b, c: a * b + c),
    "v_pk_mad_i16": _packed("i16", 3, lambda a, b, c: a * b + c),
    "v_pk_max_i16": _packed("i16", 2, np.maximum), "v_pk_min_i16": _packed("i16", 2, np.minimum),
    "v_pk_max_u16": _packed("u16", 2, np.maximum), "v_pk_min_u16": _packed("u16", 2, np.minimum),
    "v_pk_lshlrev_b16": _packed("u16", 2, lambda a, b: b << (a & 15)),
    "v_pk_lshrrev_b16": _packed("u16", 2, lambda a, b: b >> (a & 15)),
    "v_pk_ashrrev_i16": _packed("i16", 2, lambda a, b: b >> (a & 15)),
    "v_dot4_i32_i8": _dot_int(8, 4, True, "i32"), "v_dot4_u32_u8": _dot_int(8, 4, False, "u32"),
    "v_dot8_i32_i4": _dot_int(4, 8, True, "i32"), "v_dot2_i32_i16": _dot_int(16, 2, True, "i32"),
    "v_dot2_u32_u16": _dot_int(16, 2, False, "u32"),
    "v_dot2_f32_f16": _dot2_f16, "v_dot2c_f32_f16": _dot2_f16,
    "v_fma_mix_f32": _fma_mix("f32", None), "v_fma_mixlo_f16": _fma_mix("f16", 0),
    "v_fma_mixhi_f16": _fma_mix("f16", 1),
}
