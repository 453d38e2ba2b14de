"""The gfx942 simulator instruction by instruction, against the CDNA3 ISA reference's definitions at edge values.

Each test runs a few instructions in one wave64 (``frontends.devices.gfx942.asm.assemble``) with registers set
beforehand and compares with the value the ISA reference defines, computed here by hand, never by the simulator.
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

ALL = 2**64 - 1


def f32(x) -> int:
    return int(np.array(x, np.float32).view(np.uint32))


def as_f32(bits) -> float:
    return float(np.array(bits, np.uint32).view(np.float32))


def run(body: str, v=None, s=None, exec_=ALL, waves=1, lds=0, mem=None, report=None):
    k = assemble(body, group_segment_fixed_size=lds)
    bind(k)
    ws = []
    for wid in range(waves):
        w = Wave(64, 16, wid)
        for r, val in (v or {}).items():
            val = val(wid) if callable(val) else val
            w.v[r] = np.asarray(val, np.int64).astype(np.uint32) if np.ndim(val) else np.uint32(val & 0xFFFFFFFF)
        for r, val in (s or {}).items():
            w.s[r] = val & 0xFFFFFFFF
        w.exec = exec_
        ws.append(w)
    ctx = Context(k, mem or Memory(), report or Report(), lds)
    run_workgroup(ws, k.code, ctx)
    return ws[0] if waves == 1 else ws


LANE = np.arange(64)


# -- VALU integer
def test_v_add_u32_wraps_and_clamp_saturates():
    w = run("v_add_u32_e32 v2, v0, v1\n\tv_add_u32_e64 v3, v0, v1 clamp", v={0: 0xFFFFFFFF, 1: 2})
    assert w.v[2][0] == 1 and w.v[3][0] == 0xFFFFFFFF


def test_v_sub_u32_clamp_stops_at_zero():
    w = run("v_sub_u32_e64 v2, v0, v1 clamp", v={0: 1, 1: 2})
    assert w.v[2][0] == 0


def test_v_mul_i32_i24_reads_the_low_24_bits_signed():
    w = run("v_mul_i32_i24_e32 v2, v0, v1", v={0: 0xFF800000, 1: 2})  # low 24 bits 0x800000 = -2**23
    assert int(w.v[2][0]) == (-(2**24)) & 0xFFFFFFFF


def test_v_mad_u32_u24_ignores_the_high_byte():
    w = run("v_mad_u32_u24 v3, v0, v1, v2", v={0: 0xFF000003, 1: 0xAB000005, 2: 7})
    assert w.v[3][0] == 22


def test_v_perm_b32_selects_bytes_signs_and_constants():
    # {S0, S1} = 0x80FF7F01_11223344: selector bytes (high to low) 0x0C (0x00), 0x0D (0xFF), 0x08 (sign of byte 1
    # = byte 0x33 -> 0x00), 0x07 (byte 7 = 0x80)
    w = run("v_perm_b32 v3, v0, v1, v2", v={0: 0x80FF7F01, 1: 0x11223344, 2: 0x0C0D0807})
    assert w.v[3][0] == 0x00FF0080


def test_v_perm_b32_sign_selector_spreads_a_set_sign_bit():
    w = run("v_perm_b32 v3, v0, v1, v2", v={0: 0x80000000, 1: 0, 2: 0x0B0B0B0B})  # sign of byte 7
    assert w.v[3][0] == 0xFFFFFFFF


def test_v_dot4c_i32_i8_adds_signed_byte_products_to_the_destination():
    w = run("v_dot4c_i32_i8_e32 v2, v0, v1", v={0: 0x80808080, 1: 0x80808001, 2: 5})
    assert int(w.v[2][0]) == 5 + 3 * 128 * 128 + (-128 * 1)


def test_v_bfe_i32_sign_extends_the_field():
    w = run("v_bfe_i32 v1, v0, 4, 4\n\tv_bfe_u32 v2, v0, 4, 4", v={0: 0x000000F0})
    assert w.v[1][0] == 0xFFFFFFFF and w.v[2][0] == 0xF


def test_v_lshlrev_b16_zeroes_the_high_half_on_gfx9():
    w = run("v_lshlrev_b16_e32 v1, 1, v0", v={0: 0x12348001, 1: 0xFFFFFFFF})
    assert w.v[1][0] == 0x0002


def test_v_mad_u64_u32_carries_into_its_scalar_destination():
    w = run("v_mad_u64_u32 v[2:3], s[4:5], v0, v1, v[2:3]", v={0: 0xFFFFFFFF, 1: 0xFFFFFFFF, 2: 0xFFFFFFFF,
                                                                  3: 0xFFFFFFFF})
    total = 0xFFFFFFFF * 0xFFFFFFFF + 2**64 - 1
    assert (int(w.v[3][0]) << 32 | int(w.v[2][0])) == total % 2**64
    assert w.s[4] == 0xFFFFFFFF and w.s[5] == 0xFFFFFFFF


def test_v_add_co_u32_and_v_addc_co_u32_chain_a_64_bit_add():
    w = run("v_add_co_u32_e32 v4, vcc, v0, v2\n\tv_addc_co_u32_e32 v5, vcc, v1, v3, vcc",
            v={0: 0xFFFFFFFF, 1: 1, 2: 1, 3: 2})
    assert w.v[4][0] == 0 and w.v[5][0] == 4 and w.vcc == 0


# -- VALU float
def test_v_fma_f32_rounds_once():
    a = f32(1 + 2**-12)
    w = run("v_fma_f32 v3, v0, v0, v1\n\tv_mul_f32_e32 v4, v0, v0\n\tv_add_f32_e32 v4, v4, v1",
            v={0: a, 1: f32(-1.0)})
    assert as_f32(w.v[3][0]) == 2**-11 + 2**-24  # fused: exact
    assert as_f32(w.v[4][0]) == 2**-11  # separately rounded: the product's tie went to even


def test_v_fma_f32_does_not_round_twice_through_f64():
    # a*b = 1 + 2**-11 + 2**-24 is a tie in f32; + 2**-80 lifts it above the tie: the exact result rounds up
    w = run("v_fma_f32 v3, v0, v0, v1", v={0: f32(1 + 2**-12), 1: f32(2.0**-80)})
    assert as_f32(w.v[3][0]) == 1 + 2**-11 + 2**-23


def test_v_cvt_i32_f32_truncates_saturates_and_maps_nan_to_zero():
    vals = np.array([-2.7, 3e9, -3e9, np.nan] + [0.0] * 60, np.float32).view(np.uint32)
    w = run("v_cvt_i32_f32_e32 v1, v0", v={0: vals})
    assert [int(x) for x in w.v[1][:4].view(np.int32)] == [-2, 2**31 - 1, -2**31, 0]


def test_v_cvt_f16_f32_rounds_a_tie_to_even():
    w = run("v_cvt_f16_f32_e32 v1, v0", v={0: f32(1 + 2**-11), 1: 0xFFFFFFFF})
    assert w.v[1][0] == 0x3C00  # 1.0, high half zeroed


def test_v_max_f32_returns_the_number_when_the_other_operand_is_nan():
    w = run("v_max_f32_e32 v2, v0, v1", v={0: 0x7FC00000, 1: f32(-3.0)})
    assert as_f32(w.v[2][0]) == -3.0


def test_input_and_output_modifiers():
    w = run("v_add_f32_e64 v2, -v0, |v1| mul:2\n\tv_add_f32_e64 v3, v0, v1 clamp", v={0: f32(1.5), 1: f32(-4.0)})
    assert as_f32(w.v[2][0]) == 5.0 and as_f32(w.v[3][0]) == 0.0


def test_v_fmac_f16_keeps_the_high_half_and_v_add_f16_zeroes_it():
    one, two = 0x3C00, 0x4000
    w = run("v_fmac_f16_e32 v2, v0, v1\n\tv_add_f16_e32 v3, v0, v1",
            v={0: 0xAAAA0000 | one, 1: two, 2: 0xBEEF0000 | one, 3: 0xFFFF0000})
    assert w.v[2][0] == 0xBEEF0000 | 0x4200 and w.v[3][0] == 0x4200  # 1*2+1 = 3.0; 1+2 = 3.0


def test_v_cmp_class_f32_tests_the_class_bits():
    vals = np.array([np.inf, -0.0, 1e-40, 1.0] + [0.0] * 60, np.float32).view(np.uint32)
    w = run("v_cmp_class_f32_e64 s[2:3], v0, v1", v={0: vals, 1: (1 << 9) | (1 << 5) | (1 << 7)})
    assert (w.s[2] & 0xF) == 0b0111


# -- SDWA, DPP, packed
def test_sdwa_selects_bytes_with_sign_extension():
    w = run("v_add_u32_sdwa v2, sext(v0), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_1",
            v={0: 0x0000FF00, 1: 0x00050000})
    assert w.v[2][0] == 4  # -1 + 5


def test_sdwa_dst_sel_word_1_preserves_the_rest():
    w = run("v_mov_b32_sdwa v1, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0",
            v={0: 0x1234ABCD, 1: 0x99998888})
    assert w.v[1][0] == 0xABCD8888


def test_dpp_quad_perm_and_row_shr_with_and_without_bound_ctrl():
    w = run("v_mov_b32_dpp v1, v0 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf\n\t"
            "v_mov_b32_dpp v2, v0 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1\n\t"
            "v_mov_b32_dpp v3, v0 row_shr:1 row_mask:0xf bank_mask:0xf", v={0: LANE + 100, 3: 7})
    assert list(w.v[1][:4]) == [103, 102, 101, 100]
    assert w.v[2][0] == 0 and w.v[2][1] == 100 and w.v[2][16] == 0
    assert w.v[3][0] == 7 and w.v[3][17] == 116  # no bound_ctrl: the invalid lane is not written


def test_v_pk_add_f16_with_op_sel():
    one, two = 0x3C00, 0x4000
    w = run("v_pk_add_f16 v2, v0, v1 op_sel:[1,0] op_sel_hi:[0,1]", v={0: (two << 16) | one, 1: (one << 16) | one})
    assert w.v[2][0] == (0x4000 << 16) | 0x4200  # low: hi(v0)+lo(v1) = 3; high: lo(v0)+hi(v1) = 2


def test_v_pk_mul_f32_multiplies_both_dwords():
    w = run("v_pk_mul_f32 v[4:5], v[0:1], v[2:3]", v={0: f32(2.0), 1: f32(3.0), 2: f32(5.0), 3: f32(-1.0)})
    assert as_f32(w.v[4][0]) == 10.0 and as_f32(w.v[5][0]) == -3.0


# -- scalar and control flow
def test_s_add_u32_and_s_addc_u32_carry_through_scc():
    w = run("s_add_u32 s4, s0, s2\n\ts_addc_u32 s5, s1, s3", s={0: 0xFFFFFFFF, 1: 0, 2: 1, 3: 0})
    assert (w.s[4], w.s[5], w.scc) == (0, 1, 0)


def test_s_bfe_i32_and_s_cselect():
    w = run("s_bfe_i32 s2, s0, 0x40004\n\ts_cmp_lt_i32 s2, 0\n\ts_cselect_b32 s3, 11, 22", s={0: 0xF0})
    assert w.s[2] == 0xFFFFFFFF and w.s[3] == 11


def test_exec_mask_control_flow_skips_the_disabled_lanes():
    body = ("v_cmp_gt_u32_e32 vcc, 3, v0\n\ts_and_saveexec_b64 s[2:3], vcc\n\ts_cbranch_execz .LBB0_2\n\t"
            "v_mov_b32_e32 v1, 5\n.LBB0_2:\n\ts_or_b64 exec, exec, s[2:3]\n\tv_add_u32_e32 v1, 1, v1")
    w = run(body, v={0: LANE})
    assert list(w.v[1][:5]) == [6, 6, 6, 1, 1] and w.exec == ALL


def test_s_cbranch_execz_jumps_when_no_lane_is_left():
    body = ("v_cmp_gt_u32_e32 vcc, 0, v0\n\ts_and_saveexec_b64 s[2:3], vcc\n\ts_cbranch_execz .LBB0_2\n\t"
            "s_mov_b32 s9, 1\n.LBB0_2:\n\ts_or_b64 exec, exec, s[2:3]")
    assert run(body, v={0: LANE}, s={9: 0}).s[9] == 0


# -- memory
def _buffer(mem, base, size):
    return {0: base & 0xFFFFFFFF, 1: (base >> 32) & 0xFFFF, 2: size, 3: 0x27000}


def test_buffer_load_out_of_range_reads_zero_and_is_reported():
    mem, rep = Memory(), Report()
    base = mem.alloc(16)
    mem.put(base, np.arange(4, dtype=np.uint32).tobytes())
    w = run("buffer_load_dword v1, v0, s[0:3], 0 offen offset:4", v={0: LANE * 4}, s=_buffer(mem, base, 16),
            mem=mem, report=rep)
    assert list(w.v[1][:4]) == [1, 2, 3, 0] and len(rep.oob_buffer) == 1 and rep.oob_buffer[0][2] == 61


def test_buffer_load_straddling_the_end_reads_its_in_range_dwords():
    mem = Memory()
    base = mem.alloc(12)
    mem.put(base, np.array([7, 8, 9], np.uint32).tobytes())
    w = run("buffer_load_dwordx2 v[2:3], v0, s[0:3], 0 offen", v={0: 8}, s=_buffer(mem, base, 12), mem=mem,
            exec_=1)
    assert (w.v[2][0], w.v[3][0]) == (9, 0)


def test_buffer_store_out_of_range_is_dropped():
    mem = Memory()
    base = mem.alloc(8, fill=0)
    run("buffer_store_dword v1, v0, s[0:3], 0 offen", v={0: LANE * 4, 1: LANE + 1}, s=_buffer(mem, base, 8),
        mem=mem)
    assert np.frombuffer(mem.get(base, 8), np.uint32).tolist() == [1, 2]


def test_global_load_with_a_scalar_base():
    mem = Memory()
    base = mem.alloc(256)
    mem.put(base, np.arange(64, dtype=np.uint32).tobytes())
    w = run("global_load_dword v1, v0, s[0:1] offset:4", v={0: LANE * 4}, s={0: base & 0xFFFFFFFF, 1: base >> 32},
            mem=mem, exec_=(1 << 63) - 1)
    assert w.v[1][0] == 1 and w.v[1][62] == 63


def test_s_load_dwordx2_reads_kernarg_memory():
    mem = Memory()
    base = mem.alloc(16)
    mem.put(base, (0x1111).to_bytes(4, "little") + (0x2222).to_bytes(4, "little") * 3)
    w = run("s_load_dwordx2 s[4:5], s[0:1], 0x4", s={0: base & 0xFFFFFFFF, 1: base >> 32}, mem=mem)
    assert (w.s[4], w.s[5]) == (0x2222, 0x2222)


# -- LDS
def test_ds_write_then_read2_within_one_wave():
    w = run("ds_write_b32 v0, v1\n\tds_read2_b32 v[2:3], v4 offset1:1", v={0: LANE * 4, 1: LANE * 10, 4: LANE * 4},
            lds=256 + 4, exec_=ALL)
    assert w.v[2][5] == 50 and w.v[3][5] == 60


def test_ds_swizzle_quad_perm_and_bpermute():
    w = run("ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,1,0,3,2)\n\tds_bpermute_b32 v2, v3, v0",
            v={0: LANE + 100, 3: ((LANE + 1) % 64) * 4})
    assert list(w.v[1][:4]) == [101, 100, 103, 102] and w.v[2][63] == 100 and w.v[2][0] == 101


def test_lds_race_between_waves_is_reported_and_a_barrier_removes_it():
    mine = {0: lambda wid: LANE * 4 + 256 * wid, 1: lambda wid: LANE + wid, 3: lambda wid: LANE * 4 + 256 * (1 - wid)}
    racy, rep = Report(), Report()
    run("ds_write_b32 v0, v1\n\tds_read_b32 v2, v3", v=mine, waves=2, lds=512, report=racy)
    ws = run("ds_write_b32 v0, v1\n\ts_barrier\n\tds_read_b32 v2, v3", v=mine, waves=2, lds=512, report=rep)
    assert len(racy.lds_races) == 2 and not rep.lds_races  # wave 1 writes what wave 0 read, reads what it wrote
    assert ws[0].v[2][3] == 4 and ws[1].v[2][3] == 3  # each wave read the other's values after the barrier


# -- refusal
def test_an_unmodelled_instruction_raises_naming_it():
    with pytest.raises(Unmodelled, match="v_mad_f32"):
        run("v_mad_f32 v3, v0, v1, v2")


def test_an_unknown_modifier_raises_naming_it():
    with pytest.raises(Unmodelled, match="frobnicate"):
        run("v_add_f32_e64 v2, v0, v1 frobnicate")


def test_a_vop2_op_without_sdwa_support_refuses_its_sdwa_form():
    with pytest.raises(Unmodelled, match="SDWA"):
        run("v_add_co_u32_sdwa v2, vcc, v0, v1 dst_sel:DWORD")


# -- the f32 division macro as LLVM emits it for gfx942 (from an IREE 3.13 dump)
DIVIDE = """v_div_scale_f32 v3, s[0:1], v1, v1, v0
\tv_rcp_f32_e32 v6, v3
\tv_div_scale_f32 v8, vcc, v0, v1, v0
\tv_fma_f32 v10, -v3, v6, 1.0
\tv_fmac_f32_e32 v6, v10, v6
\tv_mul_f32_e32 v10, v8, v6
\tv_fma_f32 v12, -v3, v10, v8
\tv_fmac_f32_e32 v10, v12, v6
\tv_fma_f32 v3, -v3, v10, v8
\tv_div_fmas_f32 v3, v3, v6, v10
\tv_div_fixup_f32 v2, v3, v1, v0"""


def test_the_division_macro_rounds_correctly_and_fixes_up_special_cases():
    num = np.array([1, 2, 0, 5, 0, 7, np.inf, -6, np.nan] + [1] * 55, np.float32)
    den = np.array([3, 7, 5, 0, 0, -np.inf, 2, 0.1, 1] + [1] * 55, np.float32)
    w = run(DIVIDE, v={0: num.view(np.uint32), 1: den.view(np.uint32)})
    got = w.v[2][:9].view(np.float32)
    with np.errstate(all="ignore"):
        want = num[:9] / den[:9]  # IEEE division, correctly rounded
    np.testing.assert_array_equal(got, want)
    assert np.signbit(got[5]) and w.v[2][4] == 0xFFC00000  # 7/-inf = -0; 0/0 is the NaN 0xffc00000


def test_v_div_scale_f32_refuses_operands_that_need_scaling():
    with pytest.raises(Unmodelled, match="v_div_scale_f32"):
        run(DIVIDE, v={0: f32(1e-38), 1: f32(3e38)})


def test_s_waitcnt_with_two_counters_decodes_and_does_nothing():
    w = run("v_mov_b32_e32 v1, 3\n\ts_waitcnt vmcnt(0) lgkmcnt(0)", v={1: 0})
    assert w.v[1][0] == 3


def test_op_sel_on_an_op_without_16_bit_operands_raises():
    with pytest.raises(Unmodelled, match="op_sel"):
        run("v_add_u32_e64 v2, v0, v1 op_sel:[1,0,0]")


def test_a_float_constant_of_a_packed_f16_op_is_an_f16():
    w = run("v_pk_mul_f16 v1, v0, 0.5 op_sel_hi:[1,0]", v={0: (0x4400 << 16) | 0x4000})  # (2.0, 4.0) * 0.5
    assert w.v[1][0] == (0x4000 << 16) | 0x3C00


def test_scratch_is_private_to_each_lane_and_bounded_by_the_segment():
    k = assemble("scratch_store_dword off, v0, off offset:4\n\tscratch_load_dword v1, off, off offset:4\n\t"
                 "scratch_load_dword v2, v3, off", private_segment_fixed_size=8)
    bind(k)
    w = Wave(64, 1)
    w.scratch = np.zeros((64, 8), np.uint8)
    w.exec, w.v[0], w.v[3] = ALL, LANE + 10, np.where(LANE == 0, 4, 8).astype(np.uint32)
    rep = Report()
    run_workgroup([w], k.code, Context(k, Memory(), rep, 0))
    assert (w.v[1] == LANE + 10).all()  # each lane reads back its own value
    assert w.v[2][0] == 10 and w.v[2][1] == 0 and rep.oob_local[0][2] == 63  # offset 8: outside the 8 bytes


def test_v_pack_b32_f16_packs_two_halves():
    w = run("v_pack_b32_f16 v2, v0, v1 op_sel:[1,0,0]", v={0: 0x3C000000, 1: 0x1234C000})
    assert w.v[2][0] == 0xC0003C00


def test_agpr_moves_and_an_mfma_accumulating_in_agprs():
    # A = all 1.0 (f16), B = all 2.0: every D element is 16 * 2 + C; C comes from AGPRs written from v4
    body = ("v_accvgpr_write_b32 a0, v4\n\tv_accvgpr_write_b32 a1, v4\n\tv_accvgpr_write_b32 a2, v4\n\t"
            "v_accvgpr_write_b32 a3, v4\n\tv_mfma_f32_16x16x16_f16 a[0:3], v[0:1], v[2:3], a[0:3]\n\t"
            "v_accvgpr_read_b32 v5, a3")
    w = run(body, v={0: 0x3C003C00, 1: 0x3C003C00, 2: 0x40004000, 3: 0x40004000, 4: f32(0.5)})
    assert as_f32(w.v[5][0]) == 32.5 and as_f32(w.a[0][17]) == 32.5


def test_lds_is_allocated_in_512_byte_granules_and_accesses_beyond_read_zero_and_are_reported():
    rep = Report()
    w = run("ds_write_b32 v2, v1\n\tds_read_b32 v3, v2\n\tds_read_b32 v4, v0", v={0: LANE * 16, 1: 7, 2: 500},
            lds=16, report=rep, exec_=ALL)
    assert w.v[3][0] == 7  # byte 500 lies in the 512-byte granule of a 16-byte group segment
    assert w.v[4][31] == 0xFFFFFFFF  # inside the granule, never written: the fill pattern of unwritten memory
    assert w.v[4][32] == 0 and rep.oob_local == [("k", "LDS", 32)]  # lanes at 512..1008: outside, read 0


def test_packed_f16_float_constants_have_a_zero_high_half_and_integers_are_sign_extended():
    # LLVM AMDGPUBaseInfo getInlineEncodingV216: f16 constant in the low half, 0 in the high; integers sign-extended
    w = run("v_pk_max_f16 v1, v0, -4.0\n\tv_pk_add_u16 v2, v3, -1", v={0: 0xC800C800, 3: 0x00050005})
    assert w.v[1][0] == (0x0000 << 16) | 0xC400  # low max(-8, -4) = -4; high max(-8, +0.0) = +0
    assert w.v[2][0] == 0x00040004


# -- more definitions at their edges
def test_64_bit_shifts_scalar_and_vector():
    w = run("s_lshl_b64 s[2:3], s[0:1], 33\n\tv_lshrrev_b64 v[2:3], 4, v[0:1]\n\tv_ashrrev_i64 v[4:5], 63, v[0:1]",
            s={0: 1, 1: 0}, v={0: 0x00000010, 1: 0x80000000})
    assert (w.s[2], w.s[3]) == (0, 2)
    assert (w.v[2][0], w.v[3][0]) == (0x00000001, 0x08000000)
    assert (w.v[4][0], w.v[5][0]) == (0xFFFFFFFF, 0xFFFFFFFF)


def test_v_cmp_u64_compares_register_pairs():
    lo, hi = np.zeros(64, np.int64), np.zeros(64, np.int64)
    lo[:2], hi[2] = [53, 54], 1
    w = run("v_cmp_gt_u64_e64 s[4:5], 54, v[0:1]", v={0: lo, 1: hi})
    assert w.s[4] & 0b111 == 0b001  # 53 < 54; 54 is not; 2**32 is not


def test_bit_counting_and_alignment_ops():
    w = run("v_bcnt_u32_b32 v1, v0, 5\n\tv_ffbh_u32_e32 v2, v0\n\tv_ffbl_b32_e32 v3, v0\n\t"
            "v_alignbit_b32 v4, v0, v5, 8\n\tv_bfrev_b32_e32 v6, v0", v={0: 0x00F00000, 5: 0x11223344})
    assert (w.v[1][0], w.v[2][0], w.v[3][0]) == (9, 8, 20)
    assert w.v[4][0] == 0x00112233 and w.v[6][0] == 0x00000F00


def test_v_ffbh_of_zero_is_all_ones():
    assert run("v_ffbh_u32_e32 v1, v0", v={0: 0}).v[1][0] == 0xFFFFFFFF


def test_v_cvt_f32_ubyte_and_v_sad_u32():
    w = run("v_cvt_f32_ubyte2_e32 v1, v0\n\tv_sad_u32 v2, v3, v4, 10", v={0: 0x00FE0000, 3: 3, 4: 8})
    assert as_f32(w.v[1][0]) == 254.0 and w.v[2][0] == 15


def test_v_readlane_and_v_writelane():
    w = run("v_readlane_b32 s4, v0, 5\n\tv_writelane_b32 v1, s4, 60", v={0: LANE * 3, 1: 0})
    assert w.s[4] == 15 and w.v[1][60] == 15 and w.v[1][59] == 0


def test_v_readfirstlane_reads_the_first_enabled_lane():
    w = run("v_readfirstlane_b32 s4, v0", v={0: LANE + 40}, exec_=0b1100)
    assert w.s[4] == 42


def test_sdwa_unused_sext_sign_extends_the_written_field():
    w = run("v_mov_b32_sdwa v1, v0 dst_sel:BYTE_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_1", v={0: 0x8000, 1: 0})
    assert w.v[1][0] == 0xFFFFFF80


def test_dpp_row_bcast15_and_row_mirror():
    w = run("v_mov_b32_dpp v1, v0 row_bcast:15 row_mask:0xa bank_mask:0xf\n\t"
            "v_mov_b32_dpp v2, v0 row_mirror row_mask:0xf bank_mask:0xf", v={0: LANE, 1: 999})
    assert w.v[1][16] == 15 and w.v[1][0] == 999 and w.v[1][40] == 999 and w.v[1][63] == 47  # rows 1 and 3 only
    assert w.v[2][0] == 15 and w.v[2][17] == 30


def test_d16_loads_fill_one_half_and_keep_the_other():
    mem = Memory()
    base = mem.alloc(4)
    mem.put(base, bytes([0x34, 0x12, 0xFF, 0x00]))
    w = run("buffer_load_short_d16_hi v1, v0, s[0:3], 0 offen\n\tbuffer_load_sbyte_d16 v2, v3, s[0:3], 0 offen",
            v={0: 0, 1: 0xAAAABBBB, 2: 0xCCCCDDDD, 3: 2}, s=_buffer(mem, base, 4), mem=mem, exec_=1)
    assert w.v[1][0] == 0x1234BBBB and w.v[2][0] == 0xCCCCFFFF


def test_global_load_sbyte_sign_extends_and_store_byte_d16_hi_stores_the_high_half():
    mem = Memory()
    base = mem.alloc(8, fill=0)
    mem.put(base, bytes([0x80]))
    s = {0: base & 0xFFFFFFFF, 1: base >> 32}
    w = run("global_load_sbyte v1, v0, s[0:1]\n\tglobal_store_byte_d16_hi v0, v2, s[0:1] offset:4",
            v={0: 0, 2: 0x00AB0000}, s=s, mem=mem, exec_=1)
    assert w.v[1][0] == 0xFFFFFF80 and mem.get(base + 4, 1) == b"\xab"


def test_s_buffer_load_reads_through_a_descriptor_and_zeroes_beyond_num_records():
    mem = Memory()
    base = mem.alloc(16)
    mem.put(base, np.array([5, 6, 7, 8], np.uint32).tobytes())
    w = run("s_buffer_load_dwordx2 s[8:9], s[0:3], 0x8", s=_buffer(mem, base, 12), mem=mem)
    assert (w.s[8], w.s[9]) == (7, 0)


def test_ds_permute_moves_data_forward_and_write2st64_strides_by_64_elements():
    w = run("ds_permute_b32 v1, v2, v0\n\tds_write2st64_b32 v3, v0, v4 offset1:1\n\tds_read_b32 v5, v6",
            v={0: LANE, 2: ((LANE + 1) % 64) * 4, 3: 0, 4: 77, 6: 256}, lds=512, exec_=1)
    assert w.v[1][1] == 0 and w.v[5][0] == 77  # lane 0 sent its value to lane 1; second element at 64 * 4 bytes


def test_the_buffer_offset_wraps_at_32_bits():
    mem = Memory()
    base = mem.alloc(16)
    mem.put(base, np.array([9, 8, 7, 6], np.uint32).tobytes())
    w = run("s_movk_i32 s12, 0xff80\n\tv_mov_b32_e32 v0, s12\n\tbuffer_load_dword v1, v0, s[0:3], 0 offen offset:132",
            s=_buffer(mem, base, 16), mem=mem, exec_=1)
    assert w.v[1][0] == 8  # 0xffffff80 + 132 = 4 (mod 2**32)
