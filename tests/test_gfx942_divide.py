"""The gfx942 simulator runs LLVM AMDGPU's 32-bit unsigned division expansion exactly (frontends/devices/gfx942/
ops_vfloat.py's ``v_rcp_iflag_f32``): the reciprocal estimate, then the integer refinement; every quotient of the
expansion must equal Python's ``//`` for divisors and dividends across the 32-bit range (the refinement is correct
for any estimate within an ulp, so a wrong reciprocal or a wrong integer op shows as a wrong quotient)."""
import numpy as np

from tests.test_gfx942_isa import run

UDIV = """v_cvt_f32_u32_e32 v2, v1
\tv_sub_u32_e32 v3, 0, v1
\tv_rcp_iflag_f32_e32 v2, v2
\tv_mul_f32_e32 v2, 0x4f7ffffe, v2
\tv_cvt_u32_f32_e32 v2, v2
\tv_mul_lo_u32 v3, v3, v2
\tv_mul_hi_u32 v3, v2, v3
\tv_add_u32_e32 v2, v2, v3
\tv_mul_hi_u32 v2, v0, v2
\tv_mul_lo_u32 v3, v2, v1
\tv_add_u32_e32 v4, 1, v2
\tv_sub_u32_e32 v0, v0, v3
\tv_cmp_ge_u32_e32 vcc, v0, v1
\tv_cndmask_b32_e32 v2, v2, v4, vcc
\tv_sub_u32_e32 v3, v0, v1
\tv_cndmask_b32_e32 v0, v0, v3, vcc
\tv_add_u32_e32 v3, 1, v2
\tv_cmp_ge_u32_e32 vcc, v0, v1
\tv_cndmask_b32_e32 v0, v2, v3, vcc"""  # LLVM's udiv i32 for gfx9 (AMDGPUCodeGenPrepare's expandDivRem32)


def test_llvms_udiv32_expansion_gives_every_quotient_exactly():
    rng = np.random.default_rng(7)
    for _ in range(20):
        d = rng.integers(1, 2**32, 64, dtype=np.uint64) >> rng.integers(0, 32, 64).astype(np.uint64)
        d = np.maximum(d, 1)
        n = rng.integers(0, 2**32, 64, dtype=np.uint64)
        w = run(UDIV, v={0: n, 1: d})
        assert w.v[0].tolist() == (n // d).tolist()
    edge_d = np.array([1, 2, 3, 7, 2**31, 2**32 - 1, 2**16 + 1, 641] * 8, np.uint64)
    edge_n = np.array([2**32 - 1, 0, 2**31, 2**32 - 2] * 16, np.uint64)
    assert run(UDIV, v={0: edge_n, 1: edge_d}).v[0].tolist() == (edge_n // edge_d).tolist()
