"""The host side of an IREE HIP module on the gfx942 simulator (``frontends.iree.host`` on ``frontends.devices.gfx942.device``), on a
hand-written stream program (tests/data/gfx942/stream/) in the shape IREE 3.13 emits."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from frontends.devices.gfx942.errors import Report
from frontends.iree.host import exports
from frontends.iree.simulated import run_module

DATA = Path(__file__).parent / "data/gfx942/stream"


def test_a_dispatch_a_hoisted_constant_and_outputs_in_return_order():
    a, b = np.arange(64, dtype=np.int32), np.arange(64, dtype=np.int32) * -3
    report = Report()
    first, second = run_module(str(DATA / "et.mlir"), str(DATA), [a, b], "gfx942", report=report)
    np.testing.assert_array_equal(first, a + b)  # @main returns the dispatch's half first
    np.testing.assert_array_equal(second, np.full(64, 3, np.int32))  # the initializer's fill, copied
    assert report.clean()


def test_ssa_names_of_the_initializer_do_not_leak_into_main():
    """The initializer's %1 aliases its %result; @main's %1 is the second input.  Mixing the two scopes bound
    the output buffer as the kernel's second input (generated cases 154 and 170 of the default space)."""
    a, b = np.ones(64, np.int32), np.full(64, 10, np.int32)
    first, _ = run_module(str(DATA / "et.mlir"), str(DATA), [a, b], "gfx942")
    assert (first == 11).all()


def test_exports_reads_workgroup_counts_and_sizes():
    assert exports((DATA / "et.mlir").read_text()) == {"main_dispatch_0_add": ((1, 1, 1), (64, 1, 1), 0)}


def test_coverage_counts_forms_and_names_what_would_raise(tmp_path):
    from frontends.devices.gfx942.coverage import measure
    (tmp_path / "x.rocmasm").write_text((DATA / "add.rocmasm").read_text().replace(
        "v_add_u32_e32 v2, v2, v3", "v_mad_f32 v2, v2, v3, v3\n\tv_addc_co_u32_sdwa v2, vcc, v2, v3, vcc"))
    cov = measure([DATA, tmp_path])
    assert cov.uses["global_load_dword"] == 4 and len(cov.folders["global_load_dword"]) == 2
    assert cov.missing == {"v_mad_f32", "v_addc_co_u32_sdwa"}
    assert cov.lines()[0].endswith("1 folders need only modelled ones")


def test_an_input_returned_as_is_is_a_result(tmp_path):
    """IREE folds an identity program to ``util.return %arg0``: no dispatch, no export (generated case 262 of the
    validation, seed 1798449618, raised KeyError)."""
    text = ('  util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view {\n'
            '    util.return %arg0 : !hal.buffer_view\n  }\n')
    a = np.arange(12, dtype=np.float16).reshape(3, 4)
    (tmp_path / "et.mlir").write_text(text)
    (out,) = run_module(str(tmp_path / "et.mlir"), str(tmp_path), [a], "gfx942")
    np.testing.assert_array_equal(out, a)
    assert out.dtype == np.float16 and out is not a


def test_an_export_s_workgroup_local_memory_is_the_kernel_s_dynamic_lds(tmp_path):
    """IREE 3.3/3.4 kernels declare no static LDS (group_segment_fixed_size 0) and take the export's
    workgroup_local_memory at launch; without it every LDS access was reported out of its segment."""
    (tmp_path / "add.rocmasm").write_text((DATA / "add.rocmasm").read_text().replace(
        "v_add_u32_e32 v2, v2, v3", "v_add_u32_e32 v2, v2, v3\n\tds_write_b32 v1, v2\n\ts_waitcnt lgkmcnt(0)\n\t"
        "ds_read_b32 v2, v1\n\ts_waitcnt lgkmcnt(0)"))
    et = (DATA / "et.mlir").read_text()
    a, b = np.arange(64, dtype=np.int32), np.ones(64, np.int32)
    (tmp_path / "et.mlir").write_text(et)
    report = Report()
    run_module(str(tmp_path / "et.mlir"), str(tmp_path), [a, b], "gfx942", report=report)
    assert report.oob_local  # no LDS at all
    (tmp_path / "et.mlir").write_text(et.replace("subgroup_size = 64>",
                                                 "subgroup_size = 64, workgroup_local_memory = 256>"))
    report = Report()
    first, _ = run_module(str(tmp_path / "et.mlir"), str(tmp_path), [a, b], "gfx942", report=report)
    np.testing.assert_array_equal(first, a + b)
    assert report.clean()
