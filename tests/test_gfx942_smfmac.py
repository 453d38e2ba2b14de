"""The sparse MFMA ``v_smfmac_f32_16x16x32_{f16,bf16}`` on the gfx942 simulator (frontends/devices/gfx942/ops_smfmac.py).

Each test places a 2:4-sparse A (compressed, with its per-lane 2-bit indices), a dense B and an accumulator in
registers by the CDNA3 layout written out here lane by lane, runs the single instruction and compares D with numpy's
A @ B + C; then the lane-pair trick of IREE's VDMFMA (even lanes pick positions {0, 1}, odd ones {2, 3}) as a whole.
"""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.gfx942 import Unmodelled
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.errors import Report
from frontends.devices.gfx942.machine import Context, bind, run_workgroup
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.state import Wave


def _code(x: float, src: str) -> int:
    if src == "f16":
        return int(np.array(x, np.float16).view(np.uint16))
    return int(np.array(x, np.float32).view(np.uint32)) >> 16


def _run(src, A, B, C, sel, op_suffix=""):
    """A dense 16x32 (its nonzeros where ``sel`` says), B 32x16, C 16x16; sel (64, 4) positions 0-3 per lane."""
    a, b = np.zeros((2, 64), np.uint32), np.zeros((4, 64), np.uint32)
    c, idx = np.zeros((4, 64), np.uint32), np.zeros((1, 64), np.uint32)
    for lane in range(64):
        row, base = lane % 16, 8 * (lane // 16)
        for e in range(4):  # value e: group e // 2 of the lane's 8 K positions, at position sel[lane, e]
            a[e // 2, lane] |= np.uint32(_code(A[row, base + 4 * (e // 2) + sel[lane, e]], src) << (16 * (e % 2)))
            idx[0, lane] |= np.uint32(int(sel[lane, e]) << (2 * e))
        for e in range(8):  # B[k][j]: lane j + 16 * (k // 8), element k % 8
            b[e // 2, lane] |= np.uint32(_code(B[base + e, row], src) << (16 * (e % 2)))
        for r in range(4):  # D[i][j]: lane j + 16 * (i // 4), register i % 4
            c[r, lane] = np.array(C[4 * (lane // 16) + r, row], np.float32).view(np.uint32)
    k = assemble(f"v_smfmac_f32_16x16x32_{src} v[32:35], v[0:1], v[8:11], v16{op_suffix}")
    bind(k)
    w = Wave(64, 4)
    w.exec = 2**64 - 1
    w.v[0:2], w.v[8:12], w.v[32:36], w.v[16:17] = a, b, c, idx
    run_workgroup([w], k.code, Context(k, Memory(), Report(), 0))
    got = np.zeros((16, 16))
    for lane in range(64):
        for r in range(4):
            got[4 * (lane // 16) + r, lane % 16] = np.array(w.v[32 + r, lane], np.uint32).view(np.float32)
    return got


def _sparse(rng, sel):
    A = np.zeros((16, 32))
    for lane in range(64):
        for e in range(4):
            A[lane % 16, 8 * (lane // 16) + 4 * (e // 2) + sel[lane, e]] = rng.integers(-8, 8) / 2
    return A


@pytest.mark.parametrize("src", ["f16", "bf16"])
def test_one_sparse_mfma_computes_the_expanded_a_times_b_plus_d(src):
    rng = np.random.default_rng(11)
    # two distinct positions per group of four, drawn per lane (ascending, as a 2:4 pattern is written)
    sel = np.array([[*sorted(rng.choice(4, 2, replace=False)), *sorted(rng.choice(4, 2, replace=False))]
                    for _ in range(64)])
    A, B = _sparse(rng, sel), rng.integers(-8, 8, (32, 16)) / 2
    C = rng.integers(-100, 100, (16, 16)).astype(np.float64)
    np.testing.assert_array_equal(_run(src, A, B, C, sel), A @ B + C)


def test_the_vdmfma_lane_pair_trick_sums_to_the_dense_rows():
    """Sparse rows 2p (positions {0, 1}: index 0x44) and 2p+1 ({2, 3}: 0xEE) together hold dense row p: the sum of
    D's rows 2p and 2p+1 is the 8-row dense product (the design IREE's VDMFMA lowering relies on)."""
    rng = np.random.default_rng(3)
    dense, B = rng.integers(-8, 8, (8, 32)) / 2, rng.integers(-8, 8, (32, 16)) / 2
    sel = np.array([[0, 1, 0, 1] if (lane % 16) % 2 == 0 else [2, 3, 2, 3] for lane in range(64)])
    A = np.zeros((16, 32))
    for p in range(8):
        for g in range(8):
            A[2 * p, 4 * g:4 * g + 2] = dense[p, 4 * g:4 * g + 2]
            A[2 * p + 1, 4 * g + 2:4 * g + 4] = dense[p, 4 * g + 2:4 * g + 4]
    got = _run("f16", A, B, np.zeros((16, 16)), sel)
    np.testing.assert_array_equal(got[0::2] + got[1::2], dense @ B)


def test_an_index_naming_one_position_twice_and_a_broadcast_modifier_refuse():
    sel = np.array([[1, 1, 0, 2]] * 64)
    with pytest.raises(Unmodelled, match="twice"):
        _run("f16", np.zeros((16, 32)), np.zeros((32, 16)), np.zeros((16, 16)), sel)
    with pytest.raises(Unmodelled, match="modifier"):
        _run("f16", np.zeros((16, 32)), np.zeros((32, 16)), np.zeros((16, 16)), np.array([[0, 1, 0, 1]] * 64),
             " abid:1")
