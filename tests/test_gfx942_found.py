"""gfx942 simulator semantics that the generated-case validation (tests/bench_gfx942.py, issue 38 item 3c) found
wrong, each checked against the instruction's definition (CDNA3 ISA reference, gem5's Vega model, LLVM AMDGPU),
computed here by hand, never by the simulator."""
from __future__ import annotations

from tests.gfx942_wave import run

V0, V1, V2, V3 = 0x11111111, 0x22222222, 0x33333333, 0x44444444


def _pk_mov(mods: str):
    w = run(f"v_pk_mov_b32 v[4:5], v[0:1], v[2:3]{mods}", v={0: V0, 1: V1, 2: V2, 3: V3})
    return int(w.v[4][0]), int(w.v[5][0])


def test_v_pk_mov_b32_takes_its_high_dword_from_src1():
    """D.u[31:0] = S0.u[31:0], D.u[63:32] = S1.u[31:0] (CDNA3 reference); op_sel[0] picks S0's dword for the low
    result, op_sel[1] S1's for the high one.  The simulator took both from S0 (via op_sel_hi), so IREE's
    `v_pk_mov_b32 v[22:23], v[6:7], v[8:9] op_sel:[1,0]` (a pair {v7, v8}) read {v7, v7}: validation cases 354 and
    486 (f32 min/max reductions, every gfx942 configuration out of bound)."""
    assert _pk_mov("") == (V0, V2)
    assert _pk_mov(" op_sel:[1,0]") == (V1, V2)
    assert _pk_mov(" op_sel:[0,1]") == (V0, V3)  # LLVM's 64-bit move of v[0:1] is this form with S0 == S1
    assert _pk_mov(" op_sel:[1,1]") == (V1, V3)


def test_v_pk_mov_b32_from_an_sgpr_pair_and_a_constant():
    """LLVM's 64-bit move from SGPRs, ``v_pk_mov_b32 v[4:5], s[0:1], s[0:1] op_sel:[0,1]``, copies the pair; an
    integer inline constant supplies its 32 bits as the low dword (op_sel_hi plays no part)."""
    w = run("v_pk_mov_b32 v[4:5], s[0:1], s[0:1] op_sel:[0,1]", s={0: V0, 1: V1})
    assert (int(w.v[4][0]), int(w.v[5][0])) == (V0, V1)
    w = run("v_pk_mov_b32 v[4:5], 5, v[2:3] op_sel:[0,1]", v={2: V2, 3: V3})
    assert (int(w.v[4][0]), int(w.v[5][0])) == (5, V3)


def _lds_negative_base(engine: str):
    """IREE's row norm (1 x 127 f32, issue 50's real-size hunt) walks LDS with a base that counts up from -504:
    ``v8 = 0xFFFFFE08`` and ``ds_read2_b64 v[2:5], v8 offset0:63 offset1:64`` reads bytes 0..15 (the 32-bit sum
    wraps; LLVM folds the offset whatever the base's sign on CI and later).  Lane i stores i at byte 4 i first."""
    from frontends.devices.gfx942.errors import Report
    report = Report()
    w = run("v_lshlrev_b32_e32 v1, 2, v0\n\tds_write_b32 v1, v0\n\ts_waitcnt lgkmcnt(0)\n\t"
            "ds_read2_b64 v[2:5], v8 offset0:63 offset1:64\n\tds_read_b64 v[6:7], v8 offset:520\n\t"
            "ds_write2_b32 v8, v9, v9 offset0:127 offset1:128\n\ts_waitcnt lgkmcnt(0)\n\tds_read_b32 v10, v11",
            v={0: list(range(64)), 8: 0xFFFFFE08, 9: 77, 11: 4}, lds=256, report=report, engine=engine)
    return w, report


def test_lds_address_is_a_wrapping_32_bit_sum_on_both_engines():
    """A negative base plus the offset addresses the wrapped byte, not one 4 GiB away (which the simulator reported
    as an LDS access outside the segment: a false `runtime-error` on every gfx942 configuration)."""
    for engine in ("reference", "lockstep"):
        w, report = _lds_negative_base(engine)
        assert not report.oob_local, engine
        assert [int(w.v[r][5]) for r in range(2, 8)] == [0, 1, 2, 3, 4, 5], engine
        # ds_write2_b32 at -504 + 4*127 = 4 and -504 + 4*128 = 8: lane 1's and lane 2's words become 77
        assert int(w.v[10][0]) == 77, engine


def test_s_bitset_sets_or_clears_the_bit_its_source_s_low_five_bits_name():
    """S_BITSET1_B32: D.u[S0.u[4:0]] = 1; S_BITSET0_B32: = 0; the rest of D and SCC kept (CDNA3 reference).  AMDGPU's
    iterative ILP scheduler left an ``s_or_b32 sN, sN, 0x...`` of one bit that LLVM shrinks to ``s_bitset1_b32``
    (issue 50's backend-option hunt, an attention kernel); both engines ran no listing with it before."""
    for engine in ("reference", "lockstep"):
        w = run("s_cmp_eq_u32 0, 0\n\ts_bitset1_b32 s2, s3\n\ts_bitset0_b32 s4, s5\n\ts_bitset1_b32 s6, 35",
                s={2: 0x1, 3: 0xFFFFFFE4, 4: 0xFFFFFFFF, 5: 31, 6: 0}, engine=engine)
        assert (int(w.s[2]), int(w.s[4]), int(w.s[6]), int(w.scc)) == (0x11, 0x7FFFFFFF, 0x8, 1), engine  # E4: bit 4
