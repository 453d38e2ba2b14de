"""MFMA (matrix fused multiply-add, VOP3P-MAI): D = A x B + C for one wave, with CDNA3's register layouts.

Layouts (checked against AMD's matrix instruction calculator, ``ROCm/amd_matrix_instruction_calculator``, for
CDNA3; see tests/test_gfx942_mfma.py), for the single-block instructions ``v_mfma_{f32,i32}_{16x16,32x32}xK_*``,
with ``kpl`` the K elements each lane holds (K/4 for 16x16, K/2 for 32x32) packed low-first in its registers:

- A[i][k] in lane ``i + R*(k // kpl)``, element ``k % kpl``; B[k][j] in lane ``j + R*(k // kpl)``, element ``k % kpl``
  (R = 16 or 32, the rows of the block);
- 16x16: D[i][j] in lane ``j + 16*(i // 4)``, register ``i % 4``;
  32x32: D[i][j] in lane ``j + 32*((i // 4) % 2)``, register ``4*(i // 8) + i % 4``.

C and D use the same layout.  Products are exact and the sum with C is rounded once to f32 (the hardware's
internal rounding of long dot products is not documented: its last bits are the ``gpu`` tolerance's business);
i8 products accumulate exactly and wrap to 32 bits.  The fp8/bf8 forms (``v_mfma_f32_{16x16x32,32x32x16}_{fp8,bf8}_
{fp8,bf8}``: A's format, then B's) hold their K elements as the i8 forms do, decoded as ``ops_fp8`` defines the
formats; a denormal fp8 input raises (the manual does not say how the matrix core treats it).  Multi-block (``_2b``,
``_4b``, ``_16b``), f64, xf32 and the ``cbsz``/``abid``/``blgp`` broadcast controls raise, as does an MFMA under a
partial EXEC.
"""
from __future__ import annotations

import functools
import re
from fractions import Fraction

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import from_bits

NAME = re.compile(r"^v_mfma_(f32|i32)_(16|32)x(16|32)x(\d+)_?(f16|bf16|i8|f32)(_1k)?$")
FP8 = re.compile(r"^v_mfma_(f32)_(16|32)x(16|32)x(\d+)_(fp8|bf8)_(fp8|bf8)$")  # A's format, then B's
ELEM_BITS = {"f16": 16, "bf16": 16, "i8": 8, "f32": 32, "fp8": 8, "bf8": 8}


def shape(op: str):
    """(rows, K, accumulator type, A's element type), None for an MFMA outside the model."""
    m = NAME.match(op) or FP8.match(op)
    if not m or m.group(2) != m.group(3):
        return None
    return int(m.group(2)), int(m.group(4)), m.group(1), m.group(5)


def b_type(op: str, a: str) -> str:
    """B's element type: the fp8 forms name it second, the others share A's."""
    m = FP8.match(op)
    return m.group(6) if m else a


def a_lane(rows: int, kpl: int, i, k):
    return i + rows * (k // kpl), k % kpl


def d_place(rows: int, i, j):
    """(lane, register) of D[i][j]."""
    if rows == 16:
        return j + 16 * (i // 4), i % 4
    return j + 32 * ((i // 4) % 2), 4 * (i // 8) + i % 4


def _elements(regs: np.ndarray, bits: int, src: str) -> np.ndarray:
    """(nregs, 64) dwords -> (64, kpl) values, element e of a lane in bits [bits*e, bits*(e+1)) of its registers."""
    per = 32 // bits
    raw = regs.astype(np.uint64)
    out = []
    for r in range(regs.shape[0]):
        for e in range(per):
            out.append((raw[r] >> np.uint64(bits * e)) & np.uint64(2**bits - 1))
    vals = np.array(out)  # (kpl, 64)
    if src == "f16":
        v = from_bits(vals, "f16").astype(np.float64)
    elif src == "bf16":
        v = (vals.astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)
    elif src == "f32":
        v = from_bits(vals, "f32").astype(np.float64)
    elif src in ("fp8", "bf8"):
        v = _fp8(vals, src)
    else:
        v = np.where(vals >= 128, vals.astype(np.int64) - 256, vals.astype(np.int64))
    return v.T


def _fp8(vals: np.ndarray, fmt: str) -> np.ndarray:
    """fp8 (E4M3FNUZ) or bf8 (E5M2FNUZ) bytes -> their values (ops_fp8's formats).  A denormal input raises: how the
    matrix core treats one is not documented, and the model refuses where the manual is silent."""
    from frontends.devices.gfx942.ops_fp8 import decode
    b = vals.astype(np.uint32)
    m = 3 if fmt == "fp8" else 2  # mantissa bits: E4M3, E5M2
    if np.any(((b >> np.uint32(m)) & np.uint32((1 << (7 - m)) - 1) == 0) & (b & np.uint32((1 << m) - 1) != 0)):
        raise Unmodelled(f"a denormal {fmt} input to an MFMA")
    return decode(b, fmt).view(np.float32).astype(np.float64)


@functools.lru_cache(maxsize=None)
def _index(rows: int, k: int, kpl: int):
    """Index tables: (lane, element) of A[i][k] (and of B[k][j], transposed), (register, lane) of D[i][j]."""
    ii, kk = np.meshgrid(np.arange(rows), np.arange(k), indexing="ij")
    a = a_lane(rows, kpl, ii, kk)
    di, dj = np.meshgrid(np.arange(rows), np.arange(rows), indexing="ij")
    lane, reg = d_place(rows, di, dj)
    return a, (reg, lane)


def _scatter_d(mat: np.ndarray, rows: int, nregs: int, d_idx) -> np.ndarray:
    out = np.zeros((nregs, 64), np.uint32)
    out[d_idx] = mat
    return out


def _mfma(w, ins, ctx):
    sh = shape(ins.op)
    if sh is None:
        raise Unmodelled(f"instruction {ins.op} (multi-block, f64 or xf32 MFMA)", ins)
    if any(ins.mods.get(m) for m in ins.mods):
        raise Unmodelled(f"modifier {sorted(ins.mods)[0]} on {ins.op}", ins)
    if w.exec != 2**64 - 1:
        raise Unmodelled(f"{ins.op} under a partial EXEC mask", ins)
    rows, k, dst_t, src_t = sh
    b_t = b_type(ins.op, src_t)
    kpl = k // (4 if rows == 16 else 2)
    nsrc = max(1, kpl * ELEM_BITS[src_t] // 32)
    nd = rows * rows // 64
    a_el = _elements(w.vregs(ins.ops[1], nsrc), ELEM_BITS[src_t], src_t)
    b_el = _elements(w.vregs(ins.ops[2], nsrc), ELEM_BITS[b_t], b_t)
    (lane, e), d_idx = _index(rows, k, kpl)
    A, B = a_el[lane, e], b_el[lane, e].T  # A[i][k]; B[k][j] (B's lanes follow j as A's follow i)
    c = w.vregs(ins.ops[3], nd)[d_idx]
    if dst_t == "i32":
        C = c.astype(np.int64)
        C = np.where(C >= 2**31, C - 2**32, C)
        D = (A.astype(np.int64) @ B.astype(np.int64) + C) & 0xFFFFFFFF
        bits = D.astype(np.uint32)
    else:
        C = c.view(np.float32).astype(np.float64)
        with np.errstate(all="ignore"):
            bits = _exact_dot(A, B, C).view(np.uint32)
    w.vwrite(ins.ops[0], _scatter_d(bits, rows, nd, d_idx), np.ones(64, bool), nd)


def _exact_dot(A, B, C):
    """A @ B + C rounded once to f32, for one matrix or a stack of them (BLAS multiplies each of a stack as it would
    alone, so the result does not depend on stacking).  The f64 matmul is within n * 2^-53 * (|A| @ |B| + |C|) of
    the exact sum; where that interval rounds to one f32, that f32 is the answer; elsewhere, where the f64 sum is
    exact (``_exact_in_f64``) it is rounded, and otherwise exact rational arithmetic decides."""
    s = A @ B + C
    magnitude = np.abs(A) @ np.abs(B) + np.abs(C)
    bound = (A.shape[-1] + 2) * 2.0**-52 * magnitude
    out = s.astype(np.float32)
    unsure = ((s - bound).astype(np.float32) != out) | ((s + bound).astype(np.float32) != out)
    unsure &= np.isfinite(s)
    if unsure.any():
        at = np.nonzero(unsure)
        exact = _exact_in_f64(A, B, C, magnitude, at) & (np.abs(s[at]) < 2.0**127)  # f32's overflow: rationals
        done = tuple(x[exact] for x in at)
        out[done] = np.where(s[done] == 0, 0.0, s[done]).astype(np.float32)  # the exact zero rounds to +0
        unsure[done] = False
    for *lead, i, j in zip(*np.nonzero(unsure)):
        a, b = A[(*lead, i)], B[(*lead, slice(None), j)]
        out[(*lead, i, j)] = _round_f32(sum((Fraction(x) for x in (*(a * b), C[(*lead, i, j)])), Fraction(0)))
    return out


def _exact_in_f64(A, B, C, magnitude, at):
    """Whether, at the places ``at`` (np.nonzero's indices of D), the f64 A @ B + C holds the exact sum, in any
    order of summation: every product is exact (f16, bf16, fp8 and f32 significands multiply within 53 bits) and a
    multiple of 2**q (q: the lowest set bit of A's row plus that of B's column, or C's), so is every partial sum; a
    sum of magnitude below 2**(52+q) (one bit spare for the rounding of ``magnitude``, the sum of the terms'
    magnitudes) is then representable, and no step rounds."""
    *lead, i, j = at
    qa, qb = _low_bit(A).min(axis=-1)[(*lead, i)], _low_bit(B).min(axis=-2)[(*lead, j)]
    q, m = np.minimum(qa + qb, _low_bit(C[at])), magnitude[at]
    return np.isfinite(m) & (m < np.ldexp(1.0, np.clip(52 + q, -1070, 1000)))


def _low_bit(x: np.ndarray) -> np.ndarray:
    """The exponent of each value's lowest set significand bit (x = odd * 2**t); a large number for zero and for
    non-finite values (these are ruled out by the magnitude, which they make infinite or nan)."""
    finite = np.isfinite(x) & (x != 0)
    m, e = np.frexp(np.where(finite, x, 1.0))
    sig = (np.abs(m) * 2.0**53).astype(np.int64)
    _, low = np.frexp((sig & -sig).astype(np.float64))  # sig & -sig = 2**(low - 1)
    return np.where(finite, e - 53 + low - 1, 1 << 20)


def _round_f32(x: Fraction) -> np.float32:
    """The f32 nearest to x (ties to even), without rounding through f64."""
    f = np.float32(float(x))
    best = f
    for g in (np.nextafter(f, np.float32(-np.inf)), np.nextafter(f, np.float32(np.inf))):
        if not np.isfinite(g):
            continue
        d_g, d_b = abs(Fraction(float(g)) - x), abs(Fraction(float(best)) - x)
        if d_g < d_b or d_g == d_b and int(g.view(np.uint32)) % 2 == 0:
            best = g
    return best


OPS = {name: _mfma for name in (
    "v_mfma_f32_16x16x16_f16", "v_mfma_f32_32x32x8_f16", "v_mfma_f32_16x16x16_bf16", "v_mfma_f32_32x32x8_bf16",
    "v_mfma_f32_16x16x16bf16_1k", "v_mfma_f32_32x32x8bf16_1k", "v_mfma_i32_16x16x32_i8", "v_mfma_i32_32x32x16_i8",
    "v_mfma_f32_16x16x4_f32", "v_mfma_f32_32x32x2_f32",
    *(f"v_mfma_f32_{s}_{a}_{b}" for s in ("16x16x32", "32x32x16") for a in ("fp8", "bf8") for b in ("fp8", "bf8")))}
