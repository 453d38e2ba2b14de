"""Private (scratch) memory of the gfx942 simulator: a per-byte written shadow beside each lane's private segment, in
the wave-by-wave machine and the lockstep machine alike; a load of bytes no store of that lane wrote is recorded
(``Report.unwritten_private``, the fact ``unwritten_private_reads``) with its first lane and offset, in the
wave-by-wave order, and a run without such loads keeps the facts it had before (no new key)."""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.gfx942 import launch as launcher
from frontends.devices.gfx942 import lockstep
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.device import fault, observed
from frontends.devices.gfx942.memory import Memory

# even lanes store their id at private offset 8; then every lane loads offsets 4..11 and 8..11; workgroup 1 skips
# the last load (a scalar branch: the waves of the two workgroups part and meet again)
HALF_WRITTEN = """s_load_dwordx2 s[8:9], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\tv_and_b32_e32 v1, 1, v0
\tv_cmp_eq_u32_e32 vcc, 0, v1
\ts_and_saveexec_b64 s[10:11], vcc
\tscratch_store_dword off, v0, off offset:8
\ts_or_b64 exec, exec, s[10:11]
\tscratch_load_dwordx2 v[2:3], off, off offset:4
\tscratch_load_dword v4, off, off offset:8
\ts_cmp_eq_u32 s2, 1
\ts_cbranch_scc1 .LBB0_1
\tscratch_load_dword v4, off, off offset:8
.LBB0_1:
\ts_waitcnt vmcnt(0)
\tv_lshlrev_b32_e32 v5, 2, v0
\tv_mov_b32_e32 v6, s2
\tv_lshlrev_b32_e32 v6, 9, v6
\tv_add_u32_e32 v5, v5, v6
\tglobal_store_dword v5, v4, s[8:9]"""

# each lane stores a dword at its own private offset 4 * (lane & 3) and loads the one at 4 * ((lane + 1) & 3): an
# address per lane (a gather, not the columns every lane shares), every lane reading a dword it did not write
PER_LANE = """v_and_b32_e32 v1, 3, v0
\tv_lshlrev_b32_e32 v1, 2, v1
\tscratch_store_dword v1, v0, off
\tv_add_u32_e32 v2, 1, v0
\tv_and_b32_e32 v2, 3, v2
\tv_lshlrev_b32_e32 v2, 2, v2
\tscratch_load_dword v3, v2, off"""

# every lane stores then loads its own private dwords: nothing unwritten is read
WRITTEN_FIRST = """v_mov_b32_e32 v1, 7
\tscratch_store_dwordx2 off, v[0:1], off offset:4
\tscratch_load_dwordx2 v[2:3], off, off offset:4"""


def _run(engine: str, monkeypatch, body: str, private: int = 16):
    monkeypatch.setattr(launcher, "ENGINE", engine)
    k = assemble(body, private_segment_fixed_size=private, kernarg_size=8)
    mem = Memory()
    out = mem.alloc(2 * 128 * 4, 0)
    report = launcher.launch(k, (2, 1, 1), (128, 1, 1), out.to_bytes(8, "little"), mem)
    return report, np.frombuffer(mem.get(out, 2 * 128 * 4), np.uint32)


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_a_load_of_private_bytes_no_store_wrote_is_recorded_at_its_first_lane_and_offset(engine, monkeypatch):
    report, out = _run(engine, monkeypatch, HALF_WRITTEN)
    assert out[0] == 0 and out[2] == 2 and out[1] == 0xFFFFFFFF  # odd lanes read the fill: nobody wrote it
    first = report.unwritten_private[:3]
    assert first == [("k", (0, 0, 0), 0, "scratch_load_dwordx2 v[2:3], off, off offset:4", 0, 4, 64),
                     ("k", (0, 0, 0), 0, "scratch_load_dword v4, off, off offset:8", 1, 8, 32),
                     ("k", (0, 0, 0), 0, "scratch_load_dword v4, off, off offset:8", 1, 8, 32)]
    assert len(report.unwritten_private) == 2 * 3 + 2 * 2  # workgroup 1 skips the third load
    fact = observed(report)["unwritten_private_reads"]
    assert fact["count"] == 10
    assert fact["first"][1] == ("k: scratch_load_dword v4, off, off offset:8 (workgroup (0, 0, 0), wave 0, lane 1, "
                                "offset 8; 32 lanes)")
    assert report.clean() and fault(report) is None  # a fact, not a fault: hardware reads what scratch held


def test_the_lockstep_machine_records_them_in_the_reference_order_without_handing_over(monkeypatch):
    want, want_out = _run("reference", monkeypatch, HALF_WRITTEN)
    handovers = lockstep.COUNT["handovers"]
    got, got_out = _run("lockstep", monkeypatch, HALF_WRITTEN)
    assert lockstep.COUNT["handovers"] == handovers
    assert got.unwritten_private == want.unwritten_private
    assert got_out.tobytes() == want_out.tobytes()


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_a_load_at_an_address_per_lane_is_checked_lane_by_lane(engine, monkeypatch):
    report, _ = _run(engine, monkeypatch, PER_LANE)
    want = [("k", (wg, 0, 0), wave, "scratch_load_dword v3, v2, off", 0, 4, 64) for wg in range(2) for wave in range(2)]
    assert report.unwritten_private == want


@pytest.mark.parametrize("engine", ["reference", "lockstep"])
def test_private_bytes_written_before_they_are_read_record_nothing_and_add_no_fact(engine, monkeypatch):
    report, _ = _run(engine, monkeypatch, WRITTEN_FIRST)
    assert report.unwritten_private == []
    assert set(observed(report)) == {"out_of_range_buffer_accesses", "reads_past_allocation_end"}
    assert "private reads" not in report.summary()
