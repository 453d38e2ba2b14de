"""Vector integer and bitwise ALU (VOP1/VOP2/VOP3 forms): lane-wise on exact Python-width integers (int64 numpy
arrays; 64-bit values as uint64), wrapped to the destination width by ``lanes.to_bits``.  Semantics from the CDNA3
ISA reference: shift counts use the low 5 (32-bit), 4 (16-bit) or 6 (64-bit) bits of the shift operand, which for
the ``*rev`` forms is src0; 24-bit multiplies read the low 24 bits (signed for i24); ``v_bfe`` takes offset and
width from the low 5 bits of src1 and src2; ``v_perm_b32`` selects bytes of {src0, src1} by the bytes of src2
(8..11: the sign of byte 1, 3, 5, 7 spread; 12: 0x00; 13 and above: 0xFF); ``v_dot4c_i32_i8`` adds the signed
byte dot product to the destination.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.valu import elementwise, table

U, I, B = "u32", "i32", "b32"
U16, I16 = "u16", "i16"
M = 0xFFFFFFFF


def _u64(v):
    return np.asarray(v).astype(np.uint64)


def _perm(s0, s1, s2):
    """Per lane a 16-entry byte table: bytes 0..7 of {S0, S1}, the signs of bytes 1, 3, 5, 7 spread, 0x00, 0xFF."""
    both = ((_u64(s0) << np.uint64(32)) | _u64(s1)).astype("<u8").view(np.uint8).reshape(-1, 8)
    signs = ((both[:, 1::2] >> 7) * 0xFF).astype(np.uint8)
    table = np.concatenate([both, signs, np.zeros((len(both), 1), np.uint8), np.full((len(both), 3), 0xFF, np.uint8)],
                           axis=1)
    sel = np.minimum(_u64(s2).astype("<u4").view(np.uint8).reshape(-1, 4), 15)
    return np.take_along_axis(table, sel.astype(np.int64), axis=1).copy().view("<u4").ravel().astype(np.int64)


def _align(a, b, shift):
    return ((_u64(a) << np.uint64(32) | _u64(b)) >> _u64(shift)) & np.uint64(M)


def _i8(v, dtype=np.int64):
    """(64,) values -> (64, 4) signed bytes, low byte first."""
    return (np.asarray(v).astype(np.uint32).astype("<u4").view(np.int8).reshape(-1, 4)).astype(dtype)


def _dot4(a, b, acc):
    p = (_i8(a, np.int32) * _i8(b, np.int32))  # |product| <= 2**14: int32 is exact, summed by column (no reduce)
    return acc + (p[:, 0] + p[:, 1] + p[:, 2] + p[:, 3])


def _bfe(signed):
    def f(a, off, width):
        off, width = off & 31, width & 31
        v = (a >> off) & ((1 << width) - 1)
        if signed:
            v = np.where((width > 0) & (v >> np.maximum(width - 1, 0) & 1 == 1), v - (1 << width), v)
        return np.where(width == 0, 0, v)
    return f


def _med3(a, b, c):
    return np.maximum(np.minimum(a, b), np.minimum(np.maximum(a, b), c))


def _ffbh(a):
    out = np.full(a.shape, -1, np.int64)
    for bit in range(32):
        out = np.where((out < 0) & ((a >> (31 - bit)) & 1 == 1), bit, out)
    return out


def _ffbh_i(a):
    """V_FFBH_I32 (CDNA3 ISA): the count of leading bits equal to the sign bit (the first of bits 30..0, from the
    top, that differs from bit 31, as 1..31); -1 when every bit equals the sign bit (0 and -1)."""
    sign = (a >> 31) & 1
    out = np.full(a.shape, -1, np.int64)
    for i in range(1, 32):
        out = np.where((out < 0) & (((a >> (31 - i)) & 1) != sign), i, out)
    return out


def _ffbl(a):
    out = np.full(a.shape, -1, np.int64)
    for bit in range(31, -1, -1):
        out = np.where((a >> bit) & 1 == 1, bit, out)
    return out


def _popcount(a):
    return sum((a >> k) & 1 for k in range(32))


ROWS = {
    "v_add_u32": (U, (U, U), lambda a, b: a + b), "v_sub_u32": (U, (U, U), lambda a, b: a - b),
    "v_subrev_u32": (U, (U, U), lambda a, b: b - a),
    "v_add_i32": (I, (I, I), lambda a, b: a + b), "v_sub_i32": (I, (I, I), lambda a, b: a - b),
    "v_add_u16": (U16, (U16, U16), lambda a, b: a + b), "v_sub_u16": (U16, (U16, U16), lambda a, b: a - b),
    "v_subrev_u16": (U16, (U16, U16), lambda a, b: b - a),
    "v_add_i16": (I16, (I16, I16), lambda a, b: a + b), "v_sub_i16": (I16, (I16, I16), lambda a, b: a - b),
    "v_mul_lo_u16": (U16, (U16, U16), lambda a, b: a * b),
    "v_lshlrev_b16": (U16, (U16, U16), lambda a, b: b << (a & 15)),
    "v_lshrrev_b16": (U16, (U16, U16), lambda a, b: b >> (a & 15)),
    "v_ashrrev_i16": (I16, (U16, I16), lambda a, b: b >> (a & 15)),
    "v_max_u16": (U16, (U16, U16), np.maximum), "v_min_u16": (U16, (U16, U16), np.minimum),
    "v_max_i16": (I16, (I16, I16), np.maximum), "v_min_i16": (I16, (I16, I16), np.minimum),
    "v_mad_u16": (U16, (U16, U16, U16), lambda a, b, c: a * b + c),
    "v_mad_legacy_u16": (U16, (U16, U16, U16), lambda a, b, c: a * b + c),
    "v_mad_i16": (I16, (I16, I16, I16), lambda a, b, c: a * b + c),
    "v_mad_legacy_i16": (I16, (I16, I16, I16), lambda a, b, c: a * b + c),
    "v_mad_u32_u16": (U, (U16, U16, U), lambda a, b, c: a * b + c),
    "v_mad_i32_i16": (I, (I16, I16, I), lambda a, b, c: a * b + c),
    "v_and_b32": (B, (B, B), lambda a, b: a & b), "v_or_b32": (B, (B, B), lambda a, b: a | b),
    "v_xor_b32": (B, (B, B), lambda a, b: a ^ b), "v_not_b32": (B, (B,), lambda a: ~a),
    "v_xnor_b32": (B, (B, B), lambda a, b: ~(a ^ b)),
    "v_lshlrev_b32": (B, (U, B), lambda a, b: b << (a & 31)), "v_lshrrev_b32": (B, (U, U), lambda a, b: b >> (a & 31)),
    "v_ashrrev_i32": (I, (U, I), lambda a, b: b >> (a & 31)),
    "v_lshlrev_b64": ("b64", (U, "u64"), lambda a, b: b << _u64(a & 63)),
    "v_lshrrev_b64": ("b64", (U, "u64"), lambda a, b: b >> _u64(a & 63)),
    "v_lshl_add_u64": ("u64", ("u64", U, "u64"), lambda a, b, c: (a << _u64(b & 7)) + c),  # shift 0..4 (gfx940)
    "v_ashrrev_i64": ("i64", (U, "i64"), lambda a, b: b >> (a & 63)),
    "v_mul_lo_u32": (U, (U, U), lambda a, b: (a * b) & M),
    "v_mul_hi_u32": (U, (U, U), lambda a, b: (_u64(a) * _u64(b)) >> np.uint64(32)),
    "v_mul_hi_i32": (I, (I, I), lambda a, b: (a * b) >> 32),
    "v_mul_u32_u24": (U, ("u24", "u24"), lambda a, b: a * b),
    "v_mul_i32_i24": (I, ("i24", "i24"), lambda a, b: a * b),
    "v_mul_hi_u32_u24": (U, ("u24", "u24"), lambda a, b: (a * b) >> 32),
    "v_mul_hi_i32_i24": (I, ("i24", "i24"), lambda a, b: (a * b) >> 32),
    "v_mad_u32_u24": (U, ("u24", "u24", U), lambda a, b, c: a * b + c),
    "v_mad_i32_i24": (I, ("i24", "i24", I), lambda a, b, c: a * b + c),
    "v_add3_u32": (U, (U, U, U), lambda a, b, c: a + b + c),
    "v_lshl_add_u32": (U, (U, U, U), lambda a, b, c: ((a << (b & 31)) & M) + c),
    "v_add_lshl_u32": (U, (U, U, U), lambda a, b, c: ((a + b) & M) << (c & 31)),
    "v_lshl_or_b32": (B, (U, U, U), lambda a, b, c: ((a << (b & 31)) & M) | c),
    "v_and_or_b32": (B, (B, B, B), lambda a, b, c: (a & b) | c),
    "v_or3_b32": (B, (B, B, B), lambda a, b, c: a | b | c),
    "v_xad_u32": (U, (U, U, U), lambda a, b, c: (a ^ b) + c),
    "v_bfe_u32": (U, (U, U, U), _bfe(False)), "v_bfe_i32": (I, (U, U, U), _bfe(True)),
    "v_bfi_b32": (B, (B, B, B), lambda a, b, c: (a & b) | (~a & c & M)),
    "v_bfm_b32": (B, (U, U), lambda a, b: ((1 << (a & 31)) - 1) << (b & 31)),
    "v_alignbit_b32": (B, (U, U, U), lambda a, b, c: _align(a, b, c & 31)),
    "v_alignbyte_b32": (B, (U, U, U), lambda a, b, c: _align(a, b, 8 * (c & 3))),
    "v_max_u32": (U, (U, U), np.maximum), "v_min_u32": (U, (U, U), np.minimum),
    "v_max_i32": (I, (I, I), np.maximum), "v_min_i32": (I, (I, I), np.minimum),
    "v_max3_u32": (U, (U, U, U), lambda a, b, c: np.maximum(np.maximum(a, b), c)),
    "v_min3_u32": (U, (U, U, U), lambda a, b, c: np.minimum(np.minimum(a, b), c)),
    "v_max3_i32": (I, (I, I, I), lambda a, b, c: np.maximum(np.maximum(a, b), c)),
    "v_min3_i32": (I, (I, I, I), lambda a, b, c: np.minimum(np.minimum(a, b), c)),
    "v_max3_i16": (I16, (I16, I16, I16), lambda a, b, c: np.maximum(np.maximum(a, b), c)),
    "v_min3_i16": (I16, (I16, I16, I16), lambda a, b, c: np.minimum(np.minimum(a, b), c)),
    "v_max3_u16": (U16, (U16, U16, U16), lambda a, b, c: np.maximum(np.maximum(a, b), c)),
    "v_min3_u16": (U16, (U16, U16, U16), lambda a, b, c: np.minimum(np.minimum(a, b), c)),
    "v_med3_i32": (I, (I, I, I), _med3), "v_med3_u32": (U, (U, U, U), _med3),
    "v_med3_i16": (I16, (I16, I16, I16), _med3), "v_med3_u16": (U16, (U16, U16, U16), _med3),
    "v_mov_b32": (B, (B,), lambda a: a), "v_mov_b64": ("b64", ("b64",), lambda a: a),
    "v_bcnt_u32_b32": (U, (U, U), lambda a, b: _popcount(a) + b),
    "v_ffbh_u32": (U, (U,), _ffbh), "v_ffbl_b32": (U, (U,), _ffbl), "v_ffbh_i32": (U, (U,), _ffbh_i),
    "v_bfrev_b32": (B, (U,), lambda a: sum(((a >> k) & 1) << (31 - k) for k in range(32))),
    "v_perm_b32": (B, (U, U, U), _perm),
    "v_sad_u32": (U, (U, U, U), lambda a, b, c: np.abs(a - b) + c),
    "v_pack_b32_f16": (B, (U16, U16), lambda a, b: a | (b << 16)),  # bits moved as they are: neg/abs raise
}
OPS = table(ROWS)
OPS["v_dot4c_i32_i8"] = elementwise(I, (U, U), _dot4, accumulate=True)
