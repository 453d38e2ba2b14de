"""Reads of SGPRs that neither the ABI's initial state nor an instruction wrote, in the gfx942 simulator: each wave
tracks which SGPRs it wrote (``state.Wave.sw``; ``group.Batch.sw`` in the lockstep machine), a read of one it did
not write reads 0 and is recorded (``Report.unwritten_sgpr``, the fact ``unwritten_sgpr_reads``) per wave and
instruction, one record per register (a 64-bit pair with one half written: that half alone), never a fault; the
lockstep machine hands such a launch over, so both machines give the same records in the same order.  A kernel that
reads only the ABI's registers and ones it wrote records nothing and keeps the facts it had."""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.gfx942 import launch as launcher
from frontends.devices.gfx942 import lockstep
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.device import fault, observed
from frontends.devices.gfx942.memory import Memory

# the finding's shape (GlobalISel's s_bfe_i64 of a pair whose high half nothing wrote), and a register only
# workgroup 1 writes (a scalar branch: the waves of the two workgroups part, then read it together)
UNWRITTEN = """s_load_dwordx2 s[8:9], s[0:1], 0x0
\ts_cmp_eq_u32 s2, 1
\ts_cbranch_scc0 .LBB0_1
\ts_mov_b32 s5, 7
.LBB0_1:
\tv_readfirstlane_b32 s4, v0
\ts_add_u32 s6, s4, s5
\tv_lshrrev_b32_e32 v1, 6, v0
\tv_readfirstlane_b32 s12, v1
\ts_bfe_i64 s[10:11], s[12:13], 0x300000
\ts_add_u32 s6, s6, s10
\ts_waitcnt lgkmcnt(0)
\tv_lshlrev_b32_e32 v2, 2, v0
\tv_mov_b32_e32 v3, s2
\tv_lshlrev_b32_e32 v3, 9, v3
\tv_add_u32_e32 v2, v2, v3
\tv_mov_b32_e32 v4, s6
\tglobal_store_dword v2, v4, s[8:9]"""

# the same values from registers the ABI (s[0:1] the kernarg pointer, s2 the workgroup id x, s3 the id y where the
# descriptor enables it) and the kernel wrote: an SMEM load, v_readfirstlane, v_readlane, s_mov, 64-bit writes
WRITTEN = """s_load_dwordx2 s[8:9], s[0:1], 0x0
\ts_mov_b32 s5, 7
\tv_readfirstlane_b32 s4, v0
\ts_add_u32 s6, s4, s5
\tv_lshrrev_b32_e32 v1, 6, v0
\ts_mov_b64 s[12:13], 0
\tv_readlane_b32 s12, v1, 0
\ts_bfe_i64 s[10:11], s[12:13], 0x300000
\ts_add_u32 s6, s6, s3
\ts_waitcnt lgkmcnt(0)
\tv_lshlrev_b32_e32 v2, 2, v0
\tv_mov_b32_e32 v3, s2
\tv_lshlrev_b32_e32 v3, 9, v3
\tv_add_u32_e32 v2, v2, v3
\tv_mov_b32_e32 v4, s6
\tglobal_store_dword v2, v4, s[8:9]"""

# s_cselect reads the operand SCC selects: an unwritten one it does not select is not read
SELECT = """s_load_dwordx2 s[8:9], s[0:1], 0x0
\ts_cmp_eq_u32 s2, 1
\ts_cselect_b32 s6, s2, s20
\ts_waitcnt lgkmcnt(0)
\tv_lshlrev_b32_e32 v2, 2, v0
\tv_mov_b32_e32 v3, s2
\tv_lshlrev_b32_e32 v3, 9, v3
\tv_add_u32_e32 v2, v2, v3
\tv_mov_b32_e32 v4, s6
\tglobal_store_dword v2, v4, s[8:9]"""


def _run(engine: str, monkeypatch, body: str, **descriptor):
    monkeypatch.setattr(launcher, "ENGINE", engine)
    k = assemble(body, kernarg_size=8, **descriptor)
    mem = Memory()
    out = mem.alloc(2 * 128 * 4, 0)
    report = launcher.launch(k, (2, 1, 1), (128, 1, 1), out.to_bytes(8, "little"), mem)
    return report, np.frombuffer(mem.get(out, 2 * 128 * 4), np.uint32)


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_a_read_of_an_sgpr_nothing_wrote_reads_0_and_is_recorded_per_wave_and_register(engine, monkeypatch):
    report, out = _run(engine, monkeypatch, UNWRITTEN)
    bfe = "s_bfe_i64 s[10:11], s[12:13], 0x300000"
    assert report.unwritten_sgpr == [
        ("k", (0, 0, 0), 0, "s_add_u32 s6, s4, s5", 5), ("k", (0, 0, 0), 0, bfe, 13),  # s5: workgroup 0 skips it
        ("k", (0, 0, 0), 1, "s_add_u32 s6, s4, s5", 5), ("k", (0, 0, 0), 1, bfe, 13),
        ("k", (1, 0, 0), 0, bfe, 13), ("k", (1, 0, 0), 1, bfe, 13)]  # only the unwritten half of the pair
    # the values are what 0 gives: lane 0's id + s5 (0 in workgroup 0, 7 in 1) + the wave's number (s13 read as 0)
    assert out[[0, 64, 128, 192]].tolist() == [0, 65, 7, 72]
    fact = observed(report)["unwritten_sgpr_reads"]
    assert fact["count"] == 6
    assert fact["first"][1] == ("k: `s_bfe_i64 s[10:11], s[12:13], 0x300000` reads s13, which neither the ABI nor "
                                "an instruction wrote (workgroup (0, 0, 0), wave 0)")
    assert report.clean() and fault(report) is None  # a fact, not a fault: the verdict stays the values'
    assert "6 reads of unwritten SGPRs" in report.summary()


def test_both_machines_give_the_same_records_in_the_same_order(monkeypatch):
    want, want_out = _run("reference", monkeypatch, UNWRITTEN)
    got, got_out = _run("lockstep", monkeypatch, UNWRITTEN)
    assert vars(got) == vars(want)
    assert got_out.tobytes() == want_out.tobytes()


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_reads_of_abi_and_written_sgprs_record_nothing_and_add_no_fact(engine, monkeypatch):
    handovers = lockstep.COUNT["handovers"]
    report, out = _run(engine, monkeypatch, WRITTEN, system_sgpr_workgroup_id_y=1)  # s3: the workgroup id y
    assert report.unwritten_sgpr == []
    assert set(observed(report)) == {"out_of_range_buffer_accesses", "reads_past_allocation_end"}
    assert "SGPRs" not in report.summary()
    assert out[[0, 64, 128, 192]].tolist() == [7, 71, 7, 71]
    assert lockstep.COUNT["handovers"] == handovers  # the lockstep machine saw every write it ran as a group


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_the_workgroup_id_y_is_unwritten_where_the_descriptor_does_not_enable_it(engine, monkeypatch):
    report, _ = _run(engine, monkeypatch, WRITTEN)
    assert {(r[3], r[4]) for r in report.unwritten_sgpr} == {("s_add_u32 s6, s6, s3", 3)}
    assert len(report.unwritten_sgpr) == 4  # each wave of each workgroup


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_an_unwritten_operand_s_cselect_does_not_select_is_not_read(engine, monkeypatch):
    report, out = _run(engine, monkeypatch, SELECT)
    assert report.unwritten_sgpr == [("k", (0, 0, 0), w, "s_cselect_b32 s6, s2, s20", 20) for w in range(2)]
    assert out[[0, 128]].tolist() == [0, 1]


def test_kernelfuzz_run_shows_the_fact_saying_the_simulator_read_0(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    from pathlib import Path

    from fuzz.case.workload import load
    from fuzz.cli.cases import _print_report
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    report, _ = _run("reference", monkeypatch, UNWRITTEN)
    facts = {"executor": "simulated: test", **observed(report)}
    case = load(str(Path(__file__).resolve().parents[1] / "corpus/seeds/iree-sdxl-int8-conv-requant.json"))
    _print_report("case.json", CaseReport(case, (ConfigResult("iree:gfx942-O2", Verdict.EXACT, "compare",
                                                             facts=facts),)))
    out = capsys.readouterr().out
    assert ("iree:gfx942-O2: 6 unwritten sgpr reads (0 here, any value on a device), first: k: `s_add_u32 s6, s4, "
            "s5` reads s5") in out
