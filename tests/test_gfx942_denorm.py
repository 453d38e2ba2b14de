"""f32 denormal flushing on the gfx942 simulator (frontends/devices/gfx942/denorm.py), from the definitions: MODE's
FP_DENORM field 0 reads a denormal f32 input as a zero of its sign and writes a denormal result as a zero of its sign
(IREE's attention kernels declare it and set it to 3 around the division macro with s_setreg_imm32_b32); an
instruction whose flushing behaviour the model does not define refuses when a denormal reaches it.  Expected values
are computed by hand from IEEE-754 bit patterns, never by the simulator."""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.gfx942 import Unmodelled, denorm
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.errors import Report
from frontends.devices.gfx942.machine import Context, bind, run_workgroup
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.state import Wave

TINY = 0x00000001  # 2**-149, the smallest f32 denormal
NEG_TINY = 0x80000001
TWO_100 = 0x71800000  # 2**100
TWO_M100 = 0x0D800000  # 2**-100
TWO_M30 = 0x30800000  # 2**-30
TWO_M130 = 0x00080000  # 2**-130 = 2**-149 * 2**19: a denormal
TWO_M49 = 0x27000000  # 2**-149 * 2**100


def run(body: str, v: dict, mode: int = 0, exec_=2**64 - 1):
    k = assemble(body, float_denorm_mode_32=mode)
    bind(k)
    w = Wave(64, 16)
    w.mode = denorm.initial(k.descriptor)
    for r, val in v.items():
        w.v[r] = np.uint32(val)
    w.exec = exec_
    run_workgroup([w], k.code, Context(k, Memory(), Report(), 0))
    return w


def test_a_denormal_input_is_read_as_zero_and_the_register_keeps_its_bits():
    w = run("v_mul_f32_e32 v2, v0, v1", {0: TINY, 1: TWO_100})
    assert w.v[2][0] == 0 and w.v[0][0] == TINY  # flushed for the multiply only
    assert run("v_mul_f32_e32 v2, v0, v1", {0: TINY, 1: TWO_100}, mode=3).v[2][0] == TWO_M49


def test_a_flushed_input_keeps_its_sign():
    assert run("v_add_f32_e32 v2, v0, v1", {0: NEG_TINY, 1: 0x80000000}).v[2][0] == 0x80000000  # -0 + -0


def test_a_denormal_result_is_written_as_zero_of_its_sign():
    assert run("v_mul_f32_e32 v2, v0, v1", {0: TWO_M100, 1: TWO_M30}).v[2][0] == 0
    assert run("v_mul_f32_e64 v2, -v0, v1", {0: TWO_M100, 1: TWO_M30}).v[2][0] == 0x80000000
    assert run("v_mul_f32_e32 v2, v0, v1", {0: TWO_M100, 1: TWO_M30}, mode=3).v[2][0] == TWO_M130


def test_fma_and_the_packed_f32_ops_flush_both_ways():
    w = run("v_fma_f32 v3, v0, v1, v2", {0: TINY, 1: TWO_100, 2: 0x3F800000})
    assert w.v[3][0] == 0x3F800000  # 0 * 2**100 + 1
    w = run("v_pk_mul_f32 v[4:5], v[0:1], v[2:3]", {0: TINY, 1: TWO_M100, 2: TWO_100, 3: TWO_M30})
    assert (w.v[4][0], w.v[5][0]) == (0, 0)  # a flushed input; a denormal product


def test_s_setreg_switches_f32_denormals_on_and_off():
    body = ("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3\n\tv_mul_f32_e32 v2, v0, v1\n\t"
            "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0\n\tv_mul_f32_e32 v3, v0, v1")
    w = run(body, {0: TINY, 1: TWO_100})
    assert w.v[2][0] == TWO_M49 and w.v[3][0] == 0
    assert w.mode == 3 << 6  # back to f32 flushed (bits 5:4 = 0), f16/f64 kept (bits 7:6 = 3), nearest even


def test_disabled_lanes_are_neither_flushed_nor_written():
    w = run("v_mul_f32_e32 v0, v0, v1", {0: TINY, 1: TWO_100}, exec_=1)
    assert w.v[0][0] == 0 and w.v[0][1] == TINY


def test_an_instruction_whose_flush_is_not_defined_refuses_only_when_a_denormal_reaches_it():
    assert run("v_max_f32_e32 v2, v0, v1", {0: 0x3F800000, 1: 0x40000000}).v[2][0] == 0x40000000
    with pytest.raises(Unmodelled, match="denormal f32 input of v_max_f32"):
        run("v_max_f32_e32 v2, v0, v1", {0: TINY, 1: 0x80000000})
    with pytest.raises(Unmodelled, match="denormal f32 result of v_exp_f32"):
        run("v_exp_f32_e32 v1, v0", {0: 0xC3020000})  # exp2(-130)


def test_f16_arithmetic_keeps_its_denormals():
    assert run("v_mul_f16_e32 v2, v0, v1", {0: 0x0001, 1: 0x4000}).v[2][0] == 0x0002  # 2**-24 * 2


@pytest.mark.parametrize("setreg", ["hwreg(HW_REG_MODE, 0, 2), 1", "hwreg(HW_REG_MODE, 6, 2), 0",
                                    "hwreg(HW_REG_MODE, 8, 1), 0", "hwreg(HW_REG_TRAPSTS, 0, 1), 1"])
def test_a_mode_outside_the_model_refuses(setreg):
    with pytest.raises(Unmodelled):
        run(f"s_setreg_imm32_b32 {setreg}", {})


def test_an_sgpr_pair_s_unread_neighbour_may_hold_any_bits():
    # IREE's attention kernel: v_pk_mul_f32 v[2:3], v[6:7], s[6:7] op_sel_hi:[1,0] reads s6 for both halves; s7 is
    # another kernel argument whose bits look like a denormal f32.  It is flushed for the instruction, then restored.
    k = assemble("v_pk_mul_f32 v[2:3], v[0:1], s[6:7] op_sel_hi:[1,0]", float_denorm_mode_32=0)
    bind(k)
    w = Wave(64, 16)
    w.mode = denorm.initial(k.descriptor)
    w.v[0], w.v[1], w.s[6], w.s[7], w.exec = 0x3F800000, 0x40400000, 0x40000000, 0x7FFF, 2**64 - 1
    run_workgroup([w], k.code, Context(k, Memory(), Report(), 0))
    assert (w.v[2][0], w.v[3][0], w.s[7]) == (0x40000000, 0x40C00000, 0x7FFF)  # 1 * 2, 3 * 2; s7 as it was


def test_a_dpp_form_over_its_own_flushed_source_refuses():
    # row_mask leaves EXEC-enabled lanes unwritten: which of them held a flushed input cannot be restored
    with pytest.raises(Unmodelled, match="denormal f32 input of v_add_f32"):
        run("v_add_f32_dpp v0, v0, v1 row_shr:1 row_mask:0x1 bank_mask:0xf", {0: TINY, 1: 0x3F800000})
    w = run("v_add_f32_dpp v2, v0, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1", {0: TINY, 1: 0x3F800000})
    assert w.v[2][1] == 0x3F800000 and w.v[0][1] == TINY  # 0 + 1 from lane 0's flushed input; v0 kept


def test_a_mixed_precision_fma_refuses_a_denormal_f32_source_and_ignores_its_f16_ones():
    with pytest.raises(Unmodelled, match="v_fma_mixlo_f16"):
        run("v_fma_mixlo_f16 v3, v0, v1, v2", {0: TINY, 1: 0x3F800000, 2: 0})  # all three read as f32
    w = run("v_fma_mixlo_f16 v3, v0, v1, v2 op_sel_hi:[1,1,1]", {0: 0x3C00, 1: 0x3C00, 2: 0x0001})
    assert w.v[3][0] & 0xFFFF == 0x3C00  # f16 1 * 1 + 2**-24 rounds to 1; 0x0001 is an f16 here, not an f32
