"""MFMA on a group of waves (``group.Group``): what ``ops_mfma._mfma`` computes wave by wave, for every wave of the
group at once, each wave's matrices one of a stack.

The registers are read as reshapes (``ops_mfma``'s layouts, with H = 64 / rows lane groups): A[i][q*kpl + e] is
element e of lane i + rows*q, B[q*kpl + e][j] element e of lane j + rows*q, and D[i][j] with i = 4*H*b + 4*h + r
lies in register 4*b + r, lane rows*h + j (C the same).

- i8: products (|p| <= 2**14) summed over K <= 32 stay below 2**24, so the f32 matmul is exact; the sum with C wraps
  to 32 bits in int32.
- f16, bf16 and f32 sources where the f64 sum is provably exact for every wave of the group (``_exact_bound``):
  A @ B + C in f64, rounded once to f32.  That is ``ops_mfma._exact_dot``'s answer: its sum is then exact too, and
  it rounds the exact sum (its interval, its exact-f64 branch and its rationals all give the f32 nearest the exact
  value; an exact zero sum of terms not all zero is +0 in IEEE arithmetic, as ``_exact_dot`` makes it).
- anything else (fp8 and bf8, sums that may round, a non-finite input): the matrices gathered as ``ops_mfma`` does
  and ``ops_mfma._exact_dot`` on the stack, as before.
"""
from __future__ import annotations

import math

import numpy as np

from frontends.devices.gfx942 import ops_mfma
from frontends.devices.gfx942.state import LANES, M64

# source type -> (bits of an element's code, magnitude mask, the first non-finite magnitude, significand bits,
# the lowest set bit any value can have)
EXACT = {"f16": (16, 0x7FFF, 0x7C00, 11, -24), "bf16": (16, 0x7FFF, 0x7F80, 8, -133),
         "f32": (32, 0x7FFFFFFF, 0x7F800000, 24, -149)}
_C = EXACT["f32"]


def mfma(g, ins, ctx) -> bool:
    """ops_mfma._mfma on each wave of the group, the matrices of all of them multiplied at once."""
    sh = ops_mfma.shape(ins.op)
    if sh is None or ins.mods or (g.b.exec[g.idx] != np.uint64(M64)).any():
        return False  # refused wave by wave, as ops_mfma words it
    rows, k, dst_t, src_t = sh
    if src_t == "i8" and dst_t == "i32":
        return _mfma_i8(g, ins, rows, k)
    if dst_t != "f32":
        return False  # ops_mfma's OPS names no other
    if src_t in EXACT and ops_mfma.b_type(ins.op, src_t) == src_t and _mfma_exact(g, ins, rows, k, src_t):
        return True
    return _mfma_float(g, ins, rows, k, src_t)


def _mine(g, op, n: int) -> np.ndarray:
    """n registers from ``op`` of the group's waves: (n, waves, 64)."""
    regs = g.vregs(op, n).reshape(n, g.b.n, LANES)
    return regs if isinstance(g.sel, slice) else regs[:, g.idx]


def _codes(g, op, rows: int, k: int, bits: int) -> np.ndarray:
    """(waves, H, rows, kpl) element codes of a source: element e of a lane's registers, low register and bits
    first (uint8, uint16 or uint32 by ``bits``)."""
    m, H = len(g.idx), LANES // rows
    kpl = k // H
    regs = _mine(g, op, max(1, kpl * bits // 32))
    view = {8: np.int8, 16: np.uint16, 32: np.uint32}[bits]
    return np.ascontiguousarray(regs.transpose(1, 2, 0)).view(view).reshape(m, H, rows, kpl)


def _a(codes: np.ndarray) -> np.ndarray:
    m, H, rows, kpl = codes.shape
    return codes.transpose(0, 2, 1, 3).reshape(m, rows, H * kpl)


def _b(codes: np.ndarray) -> np.ndarray:
    m, H, rows, kpl = codes.shape
    return codes.transpose(0, 1, 3, 2).reshape(m, H * kpl, rows)


def _c(g, op, rows: int) -> np.ndarray:
    """C of each group wave, (waves, rows, rows) uint32."""
    m, H, nd = len(g.idx), LANES // rows, rows * rows // 64
    return _mine(g, op, nd).reshape(nd // 4, 4, m, H, rows).transpose(2, 0, 3, 1, 4).reshape(m, rows, rows)


def _put_d(g, ins, D: np.ndarray, rows: int) -> None:
    """D of each group wave ((waves, rows, rows) uint32) into the destination registers."""
    m, H, nd = len(g.idx), LANES // rows, rows * rows // 64
    sub = D.reshape(m, nd // 4, H, 4, rows).transpose(1, 3, 0, 2, 4).reshape(nd, m, LANES)
    if isinstance(g.sel, slice):
        out = sub
    else:
        out = np.zeros((nd, g.b.n, LANES), np.uint32)
        out[:, g.idx] = sub
    g.vwrite(ins.ops[0], out.reshape(nd, -1), g.lanes(), nd)


def _mfma_i8(g, ins, rows: int, k: int) -> bool:
    """The i8 MFMA of every group wave (the module docstring)."""
    A = _a(_codes(g, ins.ops[1], rows, k, 8)).astype(np.float32)
    B = _b(_codes(g, ins.ops[2], rows, k, 8)).astype(np.float32)
    C = _c(g, ins.ops[3], rows)
    _put_d(g, ins, ((A @ B).astype(np.int32) + C.view(np.int32)).view(np.uint32), rows)
    return True


def _mfma_exact(g, ins, rows: int, k: int, t: str) -> bool:
    """The f16, bf16 or f32 MFMA of every group wave as one f64 stack, where ``_exact_bound`` proves the sum exact;
    False (nothing written) elsewhere."""
    bits = EXACT[t][0]
    a, b = (_codes(g, op, rows, k, bits) for op in ins.ops[1:3])
    c = _c(g, ins.ops[3], rows)
    if not _exact_bound(a, b, c, k, t):
        return False
    A, B = (_values(x, t) for x in (_a(a), _b(b)))
    D = A @ B + c.view(np.float32).astype(np.float64)
    _put_d(g, ins, D.astype(np.float32).view(np.uint32), rows)
    return True


def _values(codes: np.ndarray, t: str) -> np.ndarray:
    if t == "f16":
        return codes.view(np.float16).astype(np.float64)
    if t == "bf16":
        return (codes.astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)
    return codes.view(np.float32).astype(np.float64)


def _exact_bound(a, b, c, k: int, t: str) -> bool:
    """Whether every partial sum of A @ B + C, in any order, is exact in f64 for every wave: each input finite, every
    product a multiple of 2**(qa + qb) and every C a multiple of 2**qc (q: a lower bound of the lowest set bit, from
    the smallest non-zero magnitude), and K * max|A| * max|B| + max|C| below 2**(51 + min(qa + qb, qc)) (two bits
    spare: then each partial sum is an integer multiple of 2**q below 2**51 of them, held exactly) and below 2**126
    (the f32 result finite, as ``_exact_dot`` requires of its exact branch)."""
    ranges = [_range(x, *EXACT[t][1:]) for x in (a, b)] + [_range(c, *_C[1:])]
    if any(r is None for r in ranges):
        return False
    (amax, qa), (bmax, qb), (cmax, qc) = ranges
    q = min(qa + qb, qc)
    bound = k * amax * bmax + cmax
    return bound == 0 or bound < math.ldexp(1.0, min(51 + q, 126))


def _range(codes, mask: int, inf: int, digits: int, lowest: int):
    """(the largest magnitude, a lower bound of every value's lowest set bit) of the codes' values; None where one
    is not finite.  A value of magnitude at least 2**e has its lowest set bit at e - (digits - 1) or above."""
    mag = codes & codes.dtype.type(mask)
    top = int(mag.max())
    if top >= inf:
        return None
    if top == 0:
        return 0.0, math.inf
    low = int((mag - mag.dtype.type(1)).min()) + 1  # the smallest non-zero magnitude (zeros wrap to the top)
    small, big = (_float(v, digits) for v in (low, top))
    return big, max(lowest, math.frexp(small)[1] - 1 - (digits - 1))


def _float(code: int, digits: int) -> float:
    """The value of a magnitude's code: f16 (11 digits), bf16 (8: the top half of an f32) or f32 (24)."""
    if digits == 11:
        return float(np.array([code], np.uint16).view(np.float16)[0])
    return float(np.array([code << 16 if digits == 8 else code], np.uint32).view(np.float32)[0])


def _mfma_float(g, ins, rows: int, k: int, src_t: str) -> bool:
    """The matrices gathered as ``ops_mfma._mfma`` gathers them, ``ops_mfma._exact_dot`` on the stack."""
    b_t = ops_mfma.b_type(ins.op, src_t)
    kpl = k // (4 if rows == 16 else 2)
    nsrc = max(1, kpl * ops_mfma.ELEM_BITS[src_t] // 32)
    nd = rows * rows // 64
    m = len(g.idx)
    (lane, e), (reg, dlane) = ops_mfma._index(rows, k, kpl)

    def mine(regs):  # (r, batch lanes) -> (r, the group's lanes)
        return regs.reshape(regs.shape[0], g.b.n, LANES)[:, g.idx].reshape(regs.shape[0], -1)

    a_el = ops_mfma._elements(mine(g.vregs(ins.ops[1], nsrc)), ops_mfma.ELEM_BITS[src_t], src_t).reshape(m, LANES, -1)
    b_el = ops_mfma._elements(mine(g.vregs(ins.ops[2], nsrc)), ops_mfma.ELEM_BITS[b_t], b_t).reshape(m, LANES, -1)
    A, B = a_el[:, lane, e], b_el[:, lane, e].transpose(0, 2, 1)
    c = mine(g.vregs(ins.ops[3], nd)).reshape(nd, m, LANES)[reg, :, dlane].transpose(2, 0, 1)  # (m, rows, rows)
    C = c.view(np.float32).astype(np.float64)
    with np.errstate(all="ignore"):
        bits = ops_mfma._exact_dot(A, B, C).view(np.uint32)
    out = np.zeros((nd, g.b.n, LANES), np.uint32)
    sub = np.zeros((nd, m, LANES), np.uint32)
    sub[reg, :, dlane] = bits.transpose(1, 2, 0)
    out[:, g.idx] = sub
    g.vwrite(ins.ops[0], out.reshape(nd, -1), g.lanes(), nd)
    return True
