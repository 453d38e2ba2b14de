"""What compiled GPU code reached: the readers of frontends/devices/reach.py on code written as the ISAs spell it,
the campaign's tallies (fuzz/campaign/reach.py), and real IREE GPU compiles of a case with partial tiles."""
from pathlib import Path

import pytest

from frontends.devices import reach
from fuzz.campaign.reach import PATHS, Reach, reached_paths
from tests import ROOT, small

GFX942 = """
	.amdhsa_kernel main_dispatch_0
		.amdhsa_group_segment_fixed_size 8192
	.end_amdhsa_kernel
main_dispatch_0:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	v_cmp_gt_u32_e32 vcc, 0x7f, v0
	s_and_saveexec_b64 s[2:3], vcc
	global_load_dwordx4 v[4:7], v[2:3], off
	ds_write_b128 v1, v[4:7]
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_mfma_f32_16x16x16_f16 a[0:3], v[8:9], v[10:11], a[0:3]
	v_mfma_f32_16x16x16_f16 a[4:7], v[8:9], v[12:13], a[4:7]
	global_store_short v[2:3], v5, off
	s_endpgm
"""

PTX = """
.visible .entry main_dispatch_0(.param .u64 p0)
{
	.shared .align 16 .b8 tile[4096];
	setp.lt.u32 	%p1, %r1, 95;
	@%p1 ld.global.nc.v4.u32 	{%r2, %r3, %r4, %r5}, [%rd1];
	st.shared.v4.u32 	[%rd2], {%r2, %r3, %r4, %r5};
	bar.sync 	0;
	ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r6, %r7, %r8, %r9}, [%rd3];
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r6, %r7, %r8, %r9}, {%r10, %r11}, {%f1, %f2, %f3, %f4};
	st.global.f32 	[%rd4], %f1;
	ret;
}
"""

CUDA_C = """#define __shfl_sync(mask, var, lane, width) __syncthreads()
extern "C" __global__ void __launch_bounds__(128) main_kernel(half* __restrict__ A, float* __restrict__ C) {
  __shared__ alignas(64) half A_shared[2048];
  __shared__ float red_buf[32];
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> C_frag;
  __syncthreads();
  nvcuda::wmma::mma_sync(C_frag, A_frag, B_frag, C_frag);
}
"""


def test_gfx942_assembly_shows_mfma_lds_barrier_widest_access_and_exec_mask():
    r = reach.gfx942(GFX942)
    assert r == {"matrix": ["v_mfma_f32_16x16x16_f16"], "shared": True, "shared_bytes": 8192, "barriers": 1,
                 "vector_bytes": 16, "masked": True}


def test_gfx942_code_without_them_reaches_none():
    r = reach.gfx942("main:\n\tglobal_load_dword v1, v[2:3], off\n\tglobal_store_dword v[2:3], v1, off\n\ts_endpgm\n")
    assert r == {"matrix": [], "shared": False, "shared_bytes": 0, "barriers": 0, "vector_bytes": 4, "masked": False}
    assert reached_paths(r) == []


def test_ptx_shows_mma_ldmatrix_shared_barrier_vector_width_and_predicated_access():
    r = reach.ptx(PTX)
    assert r["matrix"] == ["ldmatrix.sync.aligned.m8n8.x4.shared.b16",
                           "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"]
    assert (r["shared"], r["shared_bytes"], r["barriers"], r["vector_bytes"], r["masked"]) == (True, 4096, 1, 16, True)


def test_cuda_c_counts_its_own_code_not_the_macros_and_leaves_unread_facts_unknown():
    r = reach.cuda_c(CUDA_C)
    assert r == {"matrix": ["nvcuda::wmma::mma_sync"], "shared": True, "shared_bytes": 2048 * 2 + 32 * 4,
                 "barriers": 1, "vector_bytes": None, "masked": None}


def test_merge_takes_what_any_kernel_reached():
    a, b = reach.gfx942(GFX942), reach.gfx942("main:\n\tglobal_load_dword v1, v[2:3], off\n")
    m = reach.merge([b, a])
    assert m["kernels"] == 2 and m["matrix"] == a["matrix"] and m["barriers"] == 1 and m["masked"] is True
    assert reach.merge([]) == {}


def test_a_linked_gfx942_code_object_is_read_kernel_by_kernel():
    """IREE links a module's dispatches (a batch's cases, a case's dispatches) into one code object: each kernel gets
    its own instructions and descriptor, never its neighbour's MFMA or LDS."""
    body = GFX942.replace(".amdhsa_group_segment_fixed_size 8192\n\t.end_amdhsa_kernel\n", "").split("main_dispatch_0:")
    linked = (f"case0_dispatch_0_matmul:{body[1]}\t.size case0_dispatch_0_matmul, .Lfunc_end0-case0_dispatch_0_matmul\n"
              "\t.amdhsa_kernel case0_dispatch_0_matmul\n\t\t.amdhsa_group_segment_fixed_size 8192\n\t.end_amdhsa_kernel\n"
              "case1_dispatch_0_generic:\n\tglobal_load_dword v1, v[2:3], off\n\ts_endpgm\n"
              "\t.size case1_dispatch_0_generic, .Lfunc_end1-case1_dispatch_0_generic\n"
              "\t.amdhsa_kernel case1_dispatch_0_generic\n\t\t.amdhsa_group_segment_fixed_size 0\n\t.end_amdhsa_kernel\n")
    got = reach.gfx942_kernels(linked)
    assert got["case0_dispatch_0_matmul"] == reach.gfx942(GFX942)
    assert got["case1_dispatch_0_generic"] == {"matrix": [], "shared": False, "shared_bytes": 0, "barriers": 0,
                                               "vector_bytes": 4, "masked": False}


def test_a_ptx_module_of_several_entries_gives_each_the_shared_memory_it_names():
    entry = PTX.replace(".shared .align 16 .b8 tile[4096];", "").replace("main_dispatch_0", "case0_dispatch_0_mm")
    module = ("\n.extern .shared .align 16 .b8 __dynamic_shared_memory__[];\n"
              + entry.replace("[%rd2]", "[__dynamic_shared_memory__]")
              + ".visible .entry case1_dispatch_0_add(.param .u64 p0)\n{\n\tld.global.f32 \t%f1, [%rd1];\n\tret;\n}\n")
    got = reach.ptx_kernels(module)
    assert got["case0_dispatch_0_mm"]["shared"] and got["case0_dispatch_0_mm"]["matrix"]
    assert got["case1_dispatch_0_add"] == {"matrix": [], "shared": False, "shared_bytes": 0, "barriers": 0,
                                           "vector_bytes": 4, "masked": False}


def test_a_campaign_tallies_per_configuration_the_share_of_gpu_cases_reaching_each_path():
    def row(config, record, pipelines=None):
        facts = {"reached": record, **({"pipelines": pipelines} if pipelines else {})}
        return {"results": [{"config": config, "facts": facts}, {"config": "iree:cpu-O2", "facts": {}}]}
    tally = Reach()
    tally.add(row("iree:gfx942-O2", {**reach.gfx942(GFX942), "workgroups": 6}, {"d0": ["TileAndFuse"]}))
    tally.add(row("iree:gfx942-O2", reach.gfx942("main:\n\ts_endpgm\n"), {"d0": ["VectorDistribute"]}))
    [t] = tally.table()
    assert t["config"] == "iree:gfx942-O2" and t["cases"] == 2  # the CPU configuration has no GPU code
    assert t["shares"] == {name: 0.5 for name, _ in PATHS}
    assert t["pipelines"] == {"TileAndFuse": 1, "VectorDistribute": 1}
    assert t["matrix"] == {"v_mfma_f32_16x16x16_f16": 1}


@pytest.mark.compilers
def test_iree_gpu_compiles_of_partial_tiles_record_matrix_tiles_workgroups_and_pipelines():
    import frontends
    from fuzz.case.workload import load
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case

    case = load(Path(ROOT, "tests/cases/f16-matmul-partial-tiles.json"))
    configs = [c for c in frontends.all_configs() if c.name in ("iree:gfx942-O2", "iree:cuda-sm80-O2", "iree:cpu-O2")]
    lane = Lane.for_configs(configs)
    try:
        report = run_case(lane, case, configs, compile_only=frozenset(c.name for c in configs))
    finally:
        lane.close()
    got = {r.config: r.facts for r in report.results}
    amd, nv = got["iree:gfx942-O2"]["reached"], got["iree:cuda-sm80-O2"]["reached"]
    assert any(m.startswith("v_mfma_") for m in amd["matrix"]), amd
    assert any(m.startswith("mma.sync") for m in nv["matrix"]), nv
    for r in (amd, nv):
        assert r["workgroups"] > 1 and r["shared"] and r["barriers"], r
    assert amd["masked"], amd  # 127 rows: the last tile's lanes are switched off
    assert all(got[c]["pipelines"] for c in ("iree:gfx942-O2", "iree:cuda-sm80-O2"))
    assert "reached" not in got["iree:cpu-O2"]


def test_the_campaign_summary_and_report_show_what_gpu_code_reached(tmp_path):
    import json

    from fuzz.campaign import driver as campaign
    from fuzz.publish import report
    from tests import fake_frontend as fake

    campaign.run(campaign.Settings(4, 3, tmp_path, (fake.EXACT, fake.GPU_PROFILE), jobs=1, swarm=small()))
    [row] = json.loads((tmp_path / "summary.json").read_text())["reached"]
    assert row["config"] == "fake:gpu-profile" and row["cases"] == 4
    assert row["shares"]["matrix"] == 1 and row["shares"]["lanes masked"] == 0
    assert row["shares"]["workgroups > 1"] == 1  # the fake launches as many workgroups as its case name has letters
    text = report.write(tmp_path, corpus=None).read_text()
    assert "GPU paths reached" in text and "v_mfma_f32_16x16x16_f16 4" in text
