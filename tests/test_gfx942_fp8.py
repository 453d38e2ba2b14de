"""gfx942's float8 instructions (frontends/devices/gfx942/ops_fp8.py, ops_mfma.py) against the formats' definitions:
fp8 is E4M3 with bias 8, bf8 E5M2 with bias 16, both with denormals, no infinities, no negative zero and 0x80 their
NaN (CDNA3 ISA reference; MLIR's f8E4M3FNUZ, f8E5M2FNUZ).  Expected f32 bit patterns are worked out by hand."""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.gfx942 import Unmodelled
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.errors import Report
from frontends.devices.gfx942.machine import Context, bind, run_workgroup
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.state import Wave

QNAN = 0x7FC00000


def run(body: str, v: dict, nv: int = 32):
    k = assemble(body)
    bind(k)
    w = Wave(nv, 16)
    for r, val in v.items():
        w.v[r] = np.uint32(val)
    w.exec = 2**64 - 1
    run_workgroup([w], k.code, Context(k, Memory(), Report(), 0))
    return w


@pytest.mark.parametrize("fmt,byte,bits", [
    ("fp8", 0x7F, 0x43700000),  # the largest: 1.875 * 2**(15 - 8) = 240
    ("fp8", 0x08, 0x3C000000),  # the smallest normal: 2**(1 - 8)
    ("fp8", 0x01, 0x3A800000),  # the smallest denormal: 2**(1 - 8) * 1/8 = 2**-10
    ("fp8", 0xFF, 0xC3700000),  # -240
    ("fp8", 0x00, 0x00000000),
    ("fp8", 0x80, QNAN),  # no negative zero: the NaN
    ("bf8", 0x7F, 0x47600000),  # 1.75 * 2**(31 - 16) = 57344
    ("bf8", 0x04, 0x38000000),  # 2**(1 - 16)
    ("bf8", 0x01, 0x37000000),  # 2**(1 - 16) * 1/4 = 2**-17
    ("bf8", 0x80, QNAN),
])
def test_one_byte_widens_exactly(fmt, byte, bits):
    assert run(f"v_cvt_f32_{fmt}_e32 v1, v0", {0: 0xAB00 | byte}).v[1][0] == bits  # byte 0; byte 1 ignored


def test_sdwa_picks_the_byte_and_the_word():
    w = run("v_cvt_f32_fp8_sdwa v1, v0 src0_sel:BYTE_2\n\tv_cvt_f32_bf8_sdwa v2, v0 src0_sel:BYTE_3", {0: 0x40400000})
    assert w.v[1][0] == 0x3F800000 and w.v[2][0] == 0x3F800000  # fp8 0x40 = 2**(8 - 8), bf8 0x40 = 2**(16 - 16)
    w = run("v_cvt_pk_f32_fp8_e32 v[2:3], v0\n\tv_cvt_pk_f32_fp8_sdwa v[4:5], v1 src0_sel:WORD_1",
            {0: 0xC038, 1: 0xC0380000})
    assert (w.v[2][0], w.v[3][0]) == (0x3F000000, 0xBF800000) == (w.v[4][0], w.v[5][0])  # 0x38: 0.5, 0xC0: -1.0


def test_the_vop3_byte_select_and_the_narrowing_conversions_are_not_modelled():
    with pytest.raises(Unmodelled):
        run("v_cvt_f32_fp8_e64 v1, v0 op_sel:[1,0]", {0: 0})
    with pytest.raises(Unmodelled, match="v_cvt_pk_fp8_f32"):
        run("v_cvt_pk_fp8_f32 v1, v0, v0", {0: 0})


@pytest.mark.parametrize("op,a,b,c,want", [
    ("v_mfma_f32_16x16x32_fp8_fp8", 0x40404040, 0x38383838, 0, 0x41800000),  # 32 * (1.0 * 0.5) = 16
    ("v_mfma_f32_16x16x32_fp8_bf8", 0x48484848, 0xB8B8B8B8, 0x3F800000, 0xC1700000),  # 32 * (2 * -0.25) + 1 = -15
    ("v_mfma_f32_32x32x16_bf8_bf8", 0x3C3C3C3C, 0x3C3C3C3C, 0, 0x40800000),  # bf8 0x3C = 2**(15 - 16): 16 * 0.25
])
def test_an_fp8_mfma_sums_exact_products_of_its_formats(op, a, b, c, want):
    nd = 4 if "16x16" in op else 16
    w = run(f"{op} v[4:{3 + nd}], v[0:1], v[2:3], v[4:{3 + nd}]",
            {0: a, 1: a, 2: b, 3: b, **{4 + i: c for i in range(nd)}})
    assert (w.v[4:4 + nd] == want).all()


def test_an_fp8_mfma_refuses_a_denormal_input_and_propagates_a_nan():
    with pytest.raises(Unmodelled, match="denormal fp8"):
        run("v_mfma_f32_16x16x32_fp8_fp8 v[4:7], v[0:1], v[2:3], v[4:7]", {0: 0x01, 2: 0x40404040, 3: 0x40404040})
    w = run("v_mfma_f32_16x16x32_fp8_fp8 v[4:7], v[0:1], v[2:3], v[4:7]", {0: 0x80, 2: 0x40404040, 3: 0x40404040})
    assert np.isnan(w.v[4:8].view(np.float32)).any()
