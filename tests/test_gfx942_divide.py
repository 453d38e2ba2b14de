"""The gfx942 simulator on what LLVM AMDGPU emits for a division and a runtime vector index: its 32-bit unsigned
division expansion (``v_rcp_iflag_f32`` then the integer refinement, which is exact for any estimate within an ulp:
a wrong reciprocal or integer op shows as a wrong quotient against Python's ``//`` across the 32-bit range), and
VGPR indexing mode around ``v_mov_b32`` (frontends/devices/gfx942/ops_gpridx.py)."""
import numpy as np
import pytest

from frontends.devices.gfx942 import Unmodelled

from tests.gfx942_wave import run

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


def test_gpr_indexing_mode_moves_the_vgpr_a_runtime_index_picks():
    base = {r: np.full(64, 100 + r) for r in range(8)}
    w = run("s_set_gpr_idx_on s6, gpr_idx(SRC0)\n\ts_nop 2\n\tv_mov_b32_e32 v8, v2\n\ts_set_gpr_idx_off\n\t"
            "v_mov_b32_e32 v9, v2", v=base, s={6: 3})
    assert w.v[8][0] == 105 and w.v[9][0] == 102 and (w.m0 & 0xF0FF) == 3 | 1 << 12  # v[2 + 3]; then v2 again
    w = run("s_set_gpr_idx_on s6, gpr_idx(DST)\n\tv_mov_b32_e32 v1, v7\n\ts_set_gpr_idx_off", v=base, s={6: 4},
            exec_=0xFFFF)
    assert w.v[5][:16].tolist() == [107] * 16 and w.v[5][16:].tolist() == [105] * 48 and w.v[1][0] == 101
    with pytest.raises(Unmodelled, match="in GPR indexing mode"):
        run("s_set_gpr_idx_on s6, gpr_idx(SRC0)\n\tv_add_u32_e32 v8, v2, v1\n\ts_set_gpr_idx_off", v=base, s={6: 1})
