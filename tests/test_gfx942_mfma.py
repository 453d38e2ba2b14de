"""MFMA on the gfx942 simulator against AMD's matrix instruction calculator (CDNA3 register layouts).

tests/data/gfx942/mfma_layouts.json holds, per instruction, the calculator's --matrix-layout tables for A, B and D
(which matrix element each lane's register element holds).  Each test places known matrices in registers by
those tables (not by the simulator's formulas), runs the single MFMA instruction, reads D back by the table and
compares it with numpy's A @ B + C.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.errors import Report
from frontends.devices.gfx942.machine import Context, bind, run_workgroup
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.ops_mfma import a_lane, d_place, shape
from frontends.devices.gfx942.state import Wave

LAYOUTS = json.loads((Path(__file__).parent / "data/gfx942/mfma_layouts.json").read_text())["layouts"]
BITS = {"f16": 16, "bf16": 16, "i8": 8, "f32": 32}


def _pack(table, mat, bits, nregs, encode):
    regs = np.zeros((nregs, 64), np.uint64)
    per = 32 // bits
    for lane, slot, r, c in table:
        regs[slot // per, lane] |= np.uint64(encode(mat[r, c])) << np.uint64(bits * (slot % per))
    return regs.astype(np.uint32)


def _encoder(src):
    if src == "f16":
        return lambda x: int(np.array(x, np.float16).view(np.uint16))
    if src == "bf16":
        return lambda x: int(np.array(x, np.float32).view(np.uint32)) >> 16
    if src == "f32":
        return lambda x: int(np.array(x, np.float32).view(np.uint32))
    return lambda x: int(x) & 0xFF


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_the_simulator_layout_formulas_match_the_calculator(name):
    rows, k, _, src = shape(name)
    kpl = k // (4 if rows == 16 else 2)
    for lane, slot, i, kk in LAYOUTS[name]["A"]:
        assert a_lane(rows, kpl, i, kk) == (lane, slot)
    for lane, slot, kk, j in LAYOUTS[name]["B"]:
        assert a_lane(rows, kpl, j, kk) == (lane, slot)
    for lane, reg, i, j in LAYOUTS[name]["D"]:
        assert d_place(rows, i, j) == (lane, reg)


def _run(name, A, B, C):
    rows, k, dst, src = shape(name)
    nsrc = max(1, (k // (4 if rows == 16 else 2)) * BITS[src] // 32)
    nd = rows * rows // 64
    enc = _encoder(src)
    a = _pack(LAYOUTS[name]["A"], A, BITS[src], nsrc, enc)
    b = _pack(LAYOUTS[name]["B"], B, BITS[src], nsrc, enc)
    c = _pack(LAYOUTS[name]["D"], C, 32, nd, _encoder("f32") if dst == "f32" else lambda x: int(x) & 0xFFFFFFFF)
    k_ = assemble(f"{name} v[32:{32 + nd - 1}], v[0:{nsrc - 1}], v[8:{8 + nsrc - 1}], v[16:{16 + nd - 1}]")
    bind(k_)
    w = Wave(64, 4)
    w.exec = 2**64 - 1
    w.v[0:nsrc], w.v[8:8 + nsrc], w.v[16:16 + nd] = a, b, c
    run_workgroup([w], k_.code, Context(k_, Memory(), Report(), 0))
    got = np.zeros((rows, rows))
    for lane, reg, i, j in LAYOUTS[name]["D"]:
        bits = np.array(w.v[32 + reg, lane], np.uint32)
        got[i, j] = bits.view(np.float32) if dst == "f32" else bits.view(np.int32)
    return got


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_one_mfma_computes_a_times_b_plus_c(name):
    rows, k, dst, src = shape(name)
    rng = np.random.default_rng(7)
    if src == "i8":
        A, B = rng.integers(-128, 128, (rows, k)), rng.integers(-128, 128, (k, rows))
        C = rng.integers(-2**20, 2**20, (rows, rows))
    else:  # small integers and halves: exact in every source type, so the sum is exact too
        A, B = rng.integers(-8, 8, (rows, k)) / 2, rng.integers(-8, 8, (k, rows)) / 2
        C = rng.integers(-100, 100, (rows, rows)).astype(np.float64)
    np.testing.assert_array_equal(_run(name, A, B, C), A @ B + C)


def test_an_f32_mfma_rounds_the_exact_sum_once():
    """1 + 2^-24 + 2^-60 rounds up to 1 + 2^-23; a sum rounded to f64 first would lose 2^-60 and tie to 1."""
    A, B, C = np.zeros((16, 4)), np.zeros((4, 16)), np.zeros((16, 16))
    A[0, 0], B[0, 0], A[0, 1], B[1, 0], C[0, 0] = 2.0**-12, 2.0**-12, 2.0**-30, 2.0**-30, 1.0
    assert _run("v_mfma_f32_16x16x4_f32", A, B, C)[0, 0] == 1 + 2.0**-23


def test_an_mfma_under_a_partial_exec_refuses():
    from frontends.devices.gfx942 import Unmodelled
    k_ = assemble("v_mfma_f32_16x16x16_f16 v[32:35], v[0:1], v[8:9], 0")
    bind(k_)
    w = Wave(64, 4)
    w.exec = 1
    with pytest.raises(Unmodelled, match="partial EXEC"):
        run_workgroup([w], k_.code, Context(k_, Memory(), Report(), 0))


def _rational(A, B, C):
    """A @ B + C in exact rational arithmetic, rounded once to f32 (ops_mfma's definition, element by element)."""
    from fractions import Fraction

    from frontends.devices.gfx942.ops_mfma import _round_f32
    out = np.zeros(C.shape, np.float32)
    for i, j in np.ndindex(*C.shape):
        out[i, j] = _round_f32(sum((Fraction(x) for x in (*(A[i] * B[:, j]), C[i, j])), Fraction(0)))
    return out


def _hard_sums(rng):
    """Matrices whose f64 sums are exact (small integers cancelling to zero, negative zeros) and ones where they
    are not (f32 values over 2**120 of range, products near the subnormals, halfway cases, a small term lost
    between two that cancel)."""
    ints = rng.integers(-2, 3, (16, 16)).astype(np.float64), rng.integers(-2, 3, (16, 16)).astype(np.float64)
    zeros = -np.zeros((16, 16)), np.zeros((16, 16))
    wide = ((rng.normal(size=(16, 4)) * 2.0 ** rng.integers(-60, 60, (16, 4))).astype(np.float32).astype(np.float64),
            rng.normal(size=(4, 16)).astype(np.float32).astype(np.float64))
    tiny = (rng.normal(size=(16, 4)) * 2.0**-70).astype(np.float32).astype(np.float64), wide[1] * 2.0**-70
    half = np.full((16, 4), 2.0**-12), np.full((4, 16), 2.0**-12)
    halves = rng.integers(-8, 8, (16, 16)) / 2, rng.integers(-8, 8, (16, 16)) / 2
    lost = np.array([[1.0, 2.0**-60 * (i + 1), -1.0, 2.0**-30 * (i % 3)] for i in range(16)]), np.ones((4, 16))
    for (A, B), C in ((ints, -(ints[0] @ ints[1])), (zeros, -np.zeros((16, 16))), (zeros, np.zeros((16, 16))),
                      (wide, rng.normal(size=(16, 16)).astype(np.float32).astype(np.float64)),
                      (tiny, np.zeros((16, 16))), (half, np.ones((16, 16))), (halves, halves[0] @ halves[1] * -1),
                      (lost, np.zeros((16, 16)))):  # 1 + 2**-60 - 1: f64 loses the 2**-60
        yield A, B, C


def test_the_exact_dot_equals_rational_arithmetic_bit_for_bit_alone_and_stacked():
    """Its shortcuts (the interval, the exact f64 sum) give what exact rationals give, the zero's sign included,
    and a stack of matrices gives what each gives alone."""
    from frontends.devices.gfx942.ops_mfma import _exact_dot
    cases = list(_hard_sums(np.random.default_rng(11)))
    for A, B, C in cases:
        want = _rational(A, B, C)
        assert (_exact_dot(A, B, C).view(np.uint32) == want.view(np.uint32)).all()
    for k in (16, 4):
        same = [c for c in cases if c[0].shape == (16, k)]
        stacked = _exact_dot(*(np.stack(m) for m in zip(*same)))
        assert all((stacked[i].view(np.uint32) == _rational(*c).view(np.uint32)).all() for i, c in enumerate(same))
