"""Reads and writes before their ``s_waitcnt`` on the gfx942 simulator (``frontends/devices/gfx942/waitcnt.py``).

Each kernel is a few hand-written instructions whose verdict follows from the counters' definitions (CDNA3 ISA,
LLVM AMDGPUUsage "Memory Model GFX942" and SIInsertWaitcnts.cpp): vmcnt counts loads and stores in issue order,
LDS operations complete in order among themselves, SMEM loads in any order, a FLAT load's data comes back through
vmcnt while its lgkmcnt part may complete early; a hazard needs the lanes of the load and of the instruction to
meet.  Both machines run each kernel and must report the same."""
from __future__ import annotations

import pytest

from frontends.devices.errors import MissingWait
from frontends.devices.gfx942 import launch as launcher
from frontends.devices.gfx942 import waitcnt
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.device import fault, observed
from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.memory import Memory

# s[8:9]: the buffer; v1: the lane's byte offset; v[6:7]: the lane's flat address; v8: its LDS address
HEAD = r"""s_load_dwordx2 s[8:9], s[0:1], 0x0
	v_lshlrev_b32_e32 v1, 2, v0
	v_mov_b32_e32 v8, v1
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v7, s9
	v_add_co_u32_e32 v6, vcc, s8, v1
	v_addc_co_u32_e32 v7, vcc, 0, v7, vcc
"""
ENGINES = ["reference", "lockstep"]


def _run(engine: str, monkeypatch, body: str):
    monkeypatch.setattr(launcher, "ENGINE", engine)
    k = assemble(HEAD + body, kernarg_size=8, group_segment_fixed_size=256)
    mem = Memory()
    buf = mem.alloc(2 * 64 * 4, 0)
    return launcher.launch(k, (2, 1, 1), (64, 1, 1), buf.to_bytes(8, "little"), mem)


def _found(engine, monkeypatch, body: str) -> list:
    """(instruction, register, first lane, lanes) of each report."""
    report = _run(engine, monkeypatch, body)
    return [(text, reg, lane, lanes) for _, _, _, _, text, reg, _, lane, lanes in report.missing_waits]


def _both(monkeypatch, body: str) -> list:
    got = _found("reference", monkeypatch, body)
    assert _found("lockstep", monkeypatch, body) == got
    return got


LOAD_USE = "global_load_dword v2, v1, s[8:9]\n\tv_add_u32_e32 v3, 1, v2"


def test_a_load_read_with_no_wait_is_reported_in_every_lane_of_every_wave(monkeypatch):
    assert _both(monkeypatch, LOAD_USE) == [("v_add_u32_e32 v3, 1, v2", "v2", 0, 64)] * 2


def test_a_vmcnt_0_wait_covers_the_load(monkeypatch):
    assert _both(monkeypatch, "global_load_dword v2, v1, s[8:9]\n\ts_waitcnt vmcnt(0)\n\tv_add_u32_e32 v3, 1, v2") == []


def test_the_raw_simm16_form_of_the_wait_is_read_as_its_fields(monkeypatch):
    # 0xc07f: vmcnt 63 (bits 15:14 and 3:0), lgkmcnt 0: no vector wait; 0x0f70: vmcnt 0, lgkmcnt 15
    assert _both(monkeypatch, "global_load_dword v2, v1, s[8:9]\n\ts_waitcnt 0xc07f\n\tv_add_u32_e32 v3, 1, v2") != []
    assert _both(monkeypatch, "global_load_dword v2, v1, s[8:9]\n\ts_waitcnt 0xf70\n\tv_add_u32_e32 v3, 1, v2") == []


def test_vmcnt_n_leaves_only_the_last_n_loads_outstanding(monkeypatch):
    two = "global_load_dword v2, v1, s[8:9]\n\tglobal_load_dword v3, v1, s[8:9] offset:4\n\ts_waitcnt vmcnt(1)\n\t"
    assert _both(monkeypatch, two + "v_mov_b32_e32 v4, v2") == []
    assert _both(monkeypatch, two + "v_mov_b32_e32 v4, v3") == [("v_mov_b32_e32 v4, v3", "v3", 0, 64)] * 2


def test_a_store_counts_in_vmcnt_on_gfx9(monkeypatch):
    body = "global_load_dword v2, v1, s[8:9]\n\tglobal_store_dword v1, v0, s[8:9] offset:256\n\ts_waitcnt vmcnt(1)\n\t"
    assert _both(monkeypatch, body + "v_mov_b32_e32 v4, v2") == []


def test_a_write_of_a_register_a_load_still_writes_is_reported_but_not_a_later_load_of_the_same_counter(monkeypatch):
    assert _both(monkeypatch, "global_load_dword v2, v1, s[8:9]\n\tv_mov_b32_e32 v2, 0") == \
        [("v_mov_b32_e32 v2, 0", "v2", 0, 64)] * 2
    assert _both(monkeypatch, "global_load_dword v2, v1, s[8:9]\n\tglobal_load_dword v2, v1, s[8:9] offset:4") == []
    assert _both(monkeypatch, "ds_read_b32 v2, v8\n\tglobal_load_dword v2, v1, s[8:9]") != []  # two counters


def test_smem_loads_complete_out_of_order_so_only_lgkmcnt_0_covers_them(monkeypatch):
    two = "s_load_dword s12, s[0:1], 0x0\n\ts_load_dword s13, s[0:1], 0x4\n\ts_waitcnt lgkmcnt(1)\n\t"
    assert _both(monkeypatch, two + "s_add_u32 s14, s12, 1") == [("s_add_u32 s14, s12, 1", "s12", 0, 0)] * 2
    assert _both(monkeypatch, two.replace("lgkmcnt(1)", "lgkmcnt(0)") + "s_add_u32 s14, s12, 1") == []


def test_lds_loads_complete_in_order_whatever_smem_is_in_flight(monkeypatch):
    body = "ds_read_b32 v2, v8\n\ts_load_dword s12, s[0:1], 0x0\n\tds_read_b32 v3, v8 offset:4\n\ts_waitcnt lgkmcnt(1)\n\t"
    assert _both(monkeypatch, body + "v_mov_b32_e32 v4, v2") == []
    assert _both(monkeypatch, body + "v_mov_b32_e32 v4, v3") != []
    assert _both(monkeypatch, body + "s_mov_b32 s14, s12") != []


def test_a_flat_load_counts_in_vmcnt_and_its_data_waits_for_vmcnt(monkeypatch):
    body = "global_load_dword v2, v1, s[8:9]\n\tflat_load_dword v3, v[6:7]\n\ts_waitcnt vmcnt(1)\n\tv_mov_b32_e32 v4, v2"
    assert _both(monkeypatch, body) == []
    assert _both(monkeypatch, "flat_load_dword v3, v[6:7]\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v4, v3") != []


def test_a_flat_load_may_report_lgkmcnt_early_so_it_orders_no_lds_load(monkeypatch):
    body = "ds_read_b32 v2, v8\n\tflat_load_dword v3, v[6:7]\n\ts_waitcnt lgkmcnt(1)\n\tv_mov_b32_e32 v4, v2"
    assert _both(monkeypatch, body) == [("v_mov_b32_e32 v4, v2", "v2", 0, 64)] * 2


def test_s_barrier_does_not_wait_on_gfx942(monkeypatch):
    assert _both(monkeypatch, "global_load_dword v2, v1, s[8:9]\n\ts_barrier\n\tv_mov_b32_e32 v4, v2") != []


def test_stores_left_outstanding_at_the_end_need_no_wait(monkeypatch):
    assert _both(monkeypatch, "global_store_dword v1, v0, s[8:9]") == []


# lanes 0..2 load; afterwards the instruction runs in lanes 0..63 (they meet in 3 lanes) or in lanes 3..63 (never)
FEW = r"""v_cmp_gt_u32_e32 vcc, 3, v0
	s_and_saveexec_b64 s[20:21], vcc
	global_load_dword v2, v1, s[8:9]
	s_or_b64 exec, exec, s[20:21]
"""


def test_a_hazard_needs_the_lanes_of_the_load_and_the_instruction_to_meet(monkeypatch):
    assert _both(monkeypatch, FEW + "v_mov_b32_e32 v4, v2") == [("v_mov_b32_e32 v4, v2", "v2", 0, 3)] * 2
    others = FEW + "v_cmp_le_u32_e32 vcc, 3, v0\n\ts_and_b64 exec, exec, vcc\n\tv_mov_b32_e32 v4, v2"
    assert _both(monkeypatch, others) == []


def test_a_cross_lane_read_is_reported_only_where_the_load_wrote_every_lane(monkeypatch):
    assert _both(monkeypatch, FEW + "v_readlane_b32 s12, v2, 0") == []
    assert _both(monkeypatch, LOAD_USE.replace("v_add_u32_e32 v3, 1, v2", "v_readlane_b32 s12, v2, 5")) != []


def test_a_report_is_a_fact_and_the_runs_fault(monkeypatch):
    report = _run("lockstep", monkeypatch, LOAD_USE)
    fact = observed(report)["reads_before_wait"]
    assert fact["count"] == 2
    assert fact["first"][0] == ("k: `v_add_u32_e32 v3, 1, v2` (instruction 8, workgroup (0, 0, 0), wave 0) touches v2 "
                                "before `global_load_dword v2, v1, s[8:9]` returns (lane 0; 64 lanes)")
    assert isinstance(fault(report), MissingWait) and not report.clean()
    fine = _run("lockstep", monkeypatch, "global_store_dword v1, v0, s[8:9]")
    assert "reads_before_wait" not in observed(fine) and fault(fine) is None


def test_a_wait_operand_outside_the_model_raises(monkeypatch):
    with pytest.raises(Unmodelled, match="s_waitcnt operand"):
        _run("reference", monkeypatch, "s_waitcnt vmcnt_sat(70)")


def test_every_memory_instruction_the_simulator_runs_has_a_counter():
    from frontends.devices.gfx942.machine import TABLE
    for op in TABLE:
        ins = assemble(f"{op} v1, v2, s[4:7], 0" if op.startswith("buffer_") else f"{op} v1, v[2:3]"
                       if op.startswith(("global_", "flat_", "scratch_")) else f"{op} v1, v2" if op.startswith("ds_")
                       else "s_load_dword s4, s[0:1], 0x0" if op.startswith(waitcnt.SMEM_LOADS) else "s_nop 0").code[0]
        ins.op = op
        s = waitcnt.shape(ins)
        memory = op.startswith(waitcnt.VMEM + ("ds_", "s_load_", "s_buffer_load_"))
        assert (s.stream not in ("", "wait")) == memory, op


def test_waves_that_meet_with_different_loads_outstanding_are_judged_each_by_its_own(monkeypatch):
    # workgroup 0 skips the load (its id is s2): at the join the waves of the two workgroups hold different states
    body = "s_cmp_eq_u32 s2, 0\n\ts_cbranch_scc1 .LBB0_1\n\tglobal_load_dword v2, v1, s[8:9]\n.LBB0_1:\n\tv_mov_b32_e32 v4, v2"
    for engine in ENGINES:
        report = _run(engine, monkeypatch, body)
        assert [(wg, text) for _, wg, _, _, text, *_ in report.missing_waits] == [((1, 0, 0), "v_mov_b32_e32 v4, v2")]
    from frontends.devices.gfx942 import lockstep
    handovers = lockstep.COUNT["handovers"]
    waited = body.replace(".LBB0_1:\n", ".LBB0_1:\n\ts_waitcnt vmcnt(0)\n")
    assert _run("lockstep", monkeypatch, waited).missing_waits == []
    assert lockstep.COUNT["handovers"] == handovers  # the lockstep machine followed both states itself


def test_the_fault_names_the_instructions_before_the_kernel_and_classes_by_its_symptom(monkeypatch):
    from fuzz.reduce.predicate import fault_class
    failure = fault(_run("lockstep", monkeypatch, LOAD_USE))
    assert str(failure).startswith("2 register accesses before the s_waitcnt of their load, first "
                                   "`v_add_u32_e32 v3, 1, v2` touching v2 before `global_load_dword v2, v1, s[8:9]`")
    assert fault_class(f"simulated: {failure.symptom}: {failure}") == "register access before its wait"
