"""Global stores whose final value depends on the order the gfx942 waves ran in, or on which lane of one instruction
lands last, are a race (``errors.GlobalRace``, the report's ``global_races``) on both machines (wave by wave and
lockstep) with the same words; a wave's own later instruction, a barrier between two waves of a workgroup, and stores
of one value order or define the byte.  A wave is one thread of ``simcore.GlobalWrites``: its instructions run in
order, the lanes of one instruction do not (the ISA leaves which lane's write lands unspecified)."""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.errors import GlobalRace
from frontends.devices.gfx942 import launch as launcher
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.device import fault
from frontends.devices.gfx942.memory import Memory

ENGINES = ["reference", "lockstep"]
HEAD = """s_load_dwordx2 s[8:9], s[0:1], 0x0
\tv_mov_b32_e32 v2, 0
\tv_lshrrev_b32_e32 v1, 6, v0
\tv_readfirstlane_b32 s12, v1
\ts_waitcnt lgkmcnt(0)
"""


def _run(engine, monkeypatch, body: str, grid: int = 1, block: int = 64):
    monkeypatch.setattr(launcher, "ENGINE", engine)
    k = assemble(HEAD + body, kernarg_size=8)
    mem = Memory()
    out = mem.alloc(64, 0)
    report = launcher.launch(k, (grid, 1, 1), (block, 1, 1), out.to_bytes(8, "little"), mem)
    return fault(report), np.frombuffer(mem.get(out, 16), np.uint32)


@pytest.mark.parametrize("engine", ENGINES)
def test_lanes_of_one_store_writing_different_values_to_one_address_race(engine, monkeypatch):
    got, _ = _run(engine, monkeypatch, "\tglobal_store_dword v2, v0, s[8:9]")
    assert isinstance(got, GlobalRace)
    assert "global byte 0 of a 64-byte allocation: two lanes of one instruction of wave 0 of workgroup (0, 0, 0) " \
           "stored 0x00 and 0x01" in str(got)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_later_store_of_the_same_wave_and_one_value_from_every_lane_leave_a_defined_byte(engine, monkeypatch):
    body = "\tglobal_store_dword v2, v0, s[8:9]\n\tv_mov_b32_e32 v3, 7\n\tglobal_store_dword v2, v3, s[8:9]"
    got, out = _run(engine, monkeypatch, body)
    assert got is None and out[0] == 7


@pytest.mark.parametrize("engine", ENGINES)
def test_a_barrier_orders_two_waves_of_a_workgroup_and_without_it_they_race(engine, monkeypatch):
    """Wave 0 stores 1, the workgroup passes s_barrier, wave 1 stores 2: 2 is left; without the barrier, a race."""
    body = """\ts_cmp_eq_u32 s12, 0
\ts_cbranch_scc0 .LBB0_1
\tv_mov_b32_e32 v3, 1
\tglobal_store_dword v2, v3, s[8:9]
.LBB0_1:
\t{barrier}
\ts_cmp_eq_u32 s12, 1
\ts_cbranch_scc0 .LBB0_2
\tv_mov_b32_e32 v3, 2
\tglobal_store_dword v2, v3, s[8:9]
.LBB0_2:
\ts_nop 0"""
    got, out = _run(engine, monkeypatch, body.format(barrier="s_barrier"), block=128)
    assert got is None and out[0] == 2
    got, _ = _run(engine, monkeypatch, body.format(barrier="s_nop 0"), block=128)
    assert isinstance(got, GlobalRace)
    assert "wave 0 of workgroup (0, 0, 0) stored 0x01 and wave 1 of workgroup (0, 0, 0) stored 0x02 with no " \
           "barrier between" in str(got)


@pytest.mark.parametrize("engine", ENGINES)
def test_workgroups_are_never_ordered(engine, monkeypatch):
    body = "\ts_barrier\n\tv_mov_b32_e32 v3, s2\n\tglobal_store_dword v2, v3, s[8:9]\n\ts_barrier"
    got, _ = _run(engine, monkeypatch, body, grid=2)
    assert isinstance(got, GlobalRace)
    assert "wave 0 of workgroup (0, 0, 0) stored 0x00 and wave 0 of workgroup (1, 0, 0) stored 0x01" in str(got)


@pytest.mark.parametrize("engine", ENGINES)
def test_waves_storing_their_own_words_are_no_race(engine, monkeypatch):
    body = "\tv_lshlrev_b32_e32 v2, 2, v1\n\tglobal_store_dword v2, v1, s[8:9]"
    got, out = _run(engine, monkeypatch, body, block=256)
    assert got is None and list(out[:4]) == [0, 1, 2, 3]
