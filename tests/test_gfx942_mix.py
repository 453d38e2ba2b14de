"""The gfx942 simulator's mixed-precision FMA (``v_fma_mix*``) and lane-count (``v_mbcnt_*``) instructions, against
the CDNA3 ISA reference's definitions, with the expected values computed here by hand (never by the simulator).

Both were met unmodelled in the issue-40 gfx942 campaign: TVM's ROCm kernels use ``v_fma_mix_f32`` for f16 x f32
products and ``v_mbcnt_lo``/``hi`` to compute the lane id."""
from __future__ import annotations

import numpy as np
import pytest

from tests.gfx942_wave import as_f32, f32, run

from frontends.devices.gfx942 import Unmodelled


def f16(x) -> int:
    return int(np.array(x, np.float16).view(np.uint16))


def test_v_fma_mix_f32_reads_f16_halves_where_op_sel_hi_says_and_negates_after_selecting():
    # src0 f16 (low half 1.5, high half 7), src1 f32 2.0, src2 f16 (low half 0.25): -1.5 * 2 + 0.25
    w = run("v_fma_mix_f32 v3, -v0, v1, v2 op_sel_hi:[1,0,1]",
            v={0: f16(1.5) | (f16(7.0) << 16), 1: f32(2.0), 2: f16(0.25) | (f16(-9.0) << 16)})
    assert as_f32(w.v[3][0]) == -2.75


def test_v_fma_mix_f32_op_sel_picks_the_high_half_and_no_op_sel_hi_means_f32():
    w = run("v_fma_mix_f32 v3, v0, v1, v2 op_sel:[1,0,0] op_sel_hi:[1,0,0]",
            v={0: f16(1.5) | (f16(7.0) << 16), 1: f32(2.0), 2: f32(0.5)})
    assert as_f32(w.v[3][0]) == 14.5
    w = run("v_fma_mix_f32 v3, v0, v1, v2", v={0: f32(3.0), 1: f32(2.0), 2: f32(0.5)})
    assert as_f32(w.v[3][0]) == 6.5


def test_v_fma_mix_f32_rounds_once():
    # (1 + 2**-10) * (1 + 2**-14) - 1 = 2**-10 + 2**-14 + 2**-24 exactly (15 significant bits); rounding the
    # product to f32 first would drop the 2**-24 (a tie to even at 1.0's ulp 2**-23).
    w = run("v_fma_mix_f32 v3, v0, v1, v2 op_sel_hi:[1,0,0]",
            v={0: f16(1 + 2**-10), 1: f32(1 + 2**-14), 2: f32(-1.0)})
    assert as_f32(w.v[3][0]) == 2**-10 + 2**-14 + 2**-24


def test_v_fma_mix_f32_abs_and_clamp():
    w = run("v_fma_mix_f32 v3, |v0|, v1, v2 op_sel_hi:[1,0,0] clamp", v={0: f16(-3.0), 1: f32(0.25), 2: f32(0.0)})
    assert as_f32(w.v[3][0]) == 0.75
    w = run("v_fma_mix_f32 v3, v0, v1, v2 clamp", v={0: f32(4.0), 1: f32(1.0), 2: f32(0.0)})
    assert as_f32(w.v[3][0]) == 1.0


def test_v_fma_mixlo_and_mixhi_f16_round_to_f16_and_keep_the_other_half():
    w = run("v_fma_mixlo_f16 v3, v0, v1, v2 op_sel_hi:[1,1,0]",
            v={0: f16(1.5), 1: f16(3.0), 2: f32(2**-12), 3: 0xABCD0000})
    assert w.v[3][0] == 0xABCD0000 | f16(4.5)  # 4.5 + 2**-12 rounds to 4.5 in f16
    w = run("v_fma_mixhi_f16 v3, v0, v1, v2 op_sel_hi:[1,1,0]", v={0: f16(1.5), 1: f16(3.0), 2: f32(0.0), 3: 0x1234})
    assert w.v[3][0] == 0x1234 | (f16(4.5) << 16)


def test_a_constant_read_as_an_f16_mix_source_raises():
    with pytest.raises(Unmodelled, match="constant read as an f16"):
        run("v_fma_mix_f32 v3, 1.0, v1, v2 op_sel_hi:[1,0,0]", v={1: f32(1.0), 2: f32(0.0)})


def test_v_mbcnt_lo_then_hi_of_all_ones_is_the_lane_id():
    w = run("v_mbcnt_lo_u32_b32 v0, -1, 0\n\tv_mbcnt_hi_u32_b32 v0, -1, v0")
    assert list(w.v[0]) == list(range(64))


def test_v_mbcnt_counts_the_set_bits_below_the_lane_and_adds_src1():
    # s0 = bits 0 and 2 (low half), s1 = bit 1 of the high half (lane 33)
    w = run("v_mbcnt_lo_u32_b32 v1, s0, v2\n\tv_mbcnt_hi_u32_b32 v3, s1, 0", s={0: 0b101, 1: 0b10}, v={2: 10})
    lo = [10 + sum(1 for b in (0, 2) if b < lane) for lane in range(64)]
    hi = [1 if lane > 33 else 0 for lane in range(64)]
    assert list(w.v[1]) == lo and list(w.v[3]) == hi


def test_a_global_address_near_2_to_the_64_reads_as_unwritten_and_is_reported_not_wrapped_into_an_allocation():
    # A negative 64-bit pointer (-2): a + n wraps past 2**64 and once passed the "inside" check, so the arena was
    # indexed at a negative offset (an IndexError, kernelfuzz's internal error on tvm:rocm-dlight seed1416666367).
    from frontends.devices.gfx942.memory import Memory
    mem = Memory()
    base = mem.alloc(64, fill=7)
    addrs = np.full(64, base, np.uint64)
    addrs[3] = np.uint64(2**64 - 2)
    lanes = np.ones(64, bool)
    out = mem.gather(addrs, 4, lanes)
    assert out[0].tolist() == [7, 7, 7, 7] and out[3].tolist() == [0xFF] * 4  # outside every allocation: no one's data
    assert mem.faults == [("read", 2**64 - 2)]
    mem.scatter(addrs, np.ones((64, 4), np.uint8), lanes)
    assert mem.faults[-1] == ("write", 2**64 - 2) and mem.get(base, 4) == bytes([1, 1, 1, 1])
