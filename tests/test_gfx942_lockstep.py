"""The gfx942 lockstep machine (frontends/devices/gfx942/lockstep.py) against the wave-by-wave machine it must equal
byte for byte: memory, every record of the report and its order.  Hand-written kernels cover what lockstep changes
(waves of several workgroups at once, a scalar loop whose trip count differs per wave, a barrier exchanging LDS
between waves, buffer loads past the range on some waves of some workgroups, a race it hands over); each scalar ALU
instruction and branch ``gsalu`` runs on a group, and each lane-crossing instruction ``glane`` (and DPP) runs on one,
is checked against its wave-by-wave handler on edge values (the other waves of the batch untouched); a sample of the
gfx942 validation's generated cases (tests/bench_gfx942.py) and one program of tests/data/gpu/ cover IREE's kernels
(all of them: `make bench --only sim`)."""
from __future__ import annotations

import copy
import tempfile

import numpy as np
import pytest

from frontends.devices.gfx942 import launch as launcher
from frontends.devices.gfx942 import gsalu, lockstep, ops_salu
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.group import Batch, Group
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.state import Wave

# out[flat] = in[wg * 256 + 255 - tid] (read through a 1000-byte buffer: 0 past it) + 3 * (its wave + 1)
EXCHANGE = """s_load_dwordx4 s[4:7], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s8, s4
\ts_and_b32 s9, s5, 0xffff
\ts_mov_b32 s10, 1000
\ts_mov_b32 s11, 0
\tv_and_b32_e32 v1, 0x3ff, v0
\ts_lshl_b32 s12, s2, 8
\tv_add_u32_e32 v2, s12, v1
\tv_lshlrev_b32_e32 v3, 2, v2
\tbuffer_load_dword v4, v3, s[8:11], 0 offen
\ts_waitcnt vmcnt(0)
\tv_lshlrev_b32_e32 v5, 2, v1
\tds_write_b32 v5, v4
\ts_waitcnt lgkmcnt(0)
\ts_barrier
\tv_sub_u32_e32 v6, 255, v1
\tv_lshlrev_b32_e32 v6, 2, v6
\tds_read_b32 v7, v6
\ts_waitcnt lgkmcnt(0)
\tv_lshrrev_b32_e32 v8, 6, v1
\tv_readfirstlane_b32 s13, v8
\ts_add_u32 s13, s13, 1
.LBB0_1:
\tv_add_u32_e32 v7, 3, v7
\ts_sub_u32 s13, s13, 1
\ts_cmp_lg_u32 s13, 0
\ts_cbranch_scc1 .LBB0_1
\tglobal_store_dword v3, v7, s[6:7]"""


def _launch(engine: str, monkeypatch, body: str, grid: tuple, block: tuple, lds: int, size_in: int, size_out: int):
    monkeypatch.setattr(launcher, "ENGINE", engine)
    k = assemble(body, group_segment_fixed_size=lds, kernarg_size=16)
    mem = Memory()
    src, out = mem.alloc(size_in, 0), mem.alloc(size_out, 0)
    mem.put(src, np.arange(size_in // 4, dtype=np.uint32).tobytes())
    before = dict(lockstep.COUNT)
    report = launcher.launch(k, grid, block, src.to_bytes(8, "little") + out.to_bytes(8, "little"), mem)
    handed = lockstep.COUNT["handovers"] - before["handovers"]
    return mem.get(out, size_out), report, handed


def test_waves_of_several_workgroups_in_lockstep_give_the_reference_s_memory_and_records(monkeypatch):
    args = (EXCHANGE, (3, 1, 1), (256, 1, 1), 1024, 4096, 3 * 1024)
    got, report, handed = _launch("lockstep", monkeypatch, *args)
    want, ref_report, _ = _launch("reference", monkeypatch, *args)
    assert handed == 0 and got == want and report == ref_report
    flat = np.arange(3 * 256)
    mirror = flat // 256 * 256 + 255 - flat % 256
    expect = np.where(mirror < 250, mirror, 0) + 3 * (flat % 256 // 64 + 1)  # by the ISA's definitions
    assert np.frombuffer(got, np.uint32).tolist() == expect.tolist()
    # buffer loads past the range: wave 3 of workgroup 0 (6 lanes), then every wave of workgroups 1 and 2, in order
    assert [lanes for _, _, lanes, _ in report.oob_buffer] == [6] + [64] * 8


RACE = """v_mov_b32_e32 v1, 0
\tds_write_b32 v1, v0
\ts_waitcnt lgkmcnt(0)"""


def test_an_lds_race_hands_the_launch_over_and_the_reference_names_it(monkeypatch):
    args = (RACE, (2, 1, 1), (128, 1, 1), 64, 16, 16)
    got, report, handed = _launch("lockstep", monkeypatch, *args)
    want, ref_report, _ = _launch("reference", monkeypatch, *args)
    assert handed == 1 and got == want and report == ref_report
    assert [(wg, byte) for _, wg, _, byte in report.lds_races] == [((0, 0, 0), 0), ((1, 0, 0), 0)]


@pytest.mark.compilers
@pytest.mark.parametrize("index", [0, 1, 2])
def test_generated_cases_of_the_gfx942_validation_run_the_same_on_both_machines(index, monkeypatch):
    from tests.bench_gfx942_lockstep import compare
    same, what = compare(index, tempfile.mkdtemp())
    assert same and not what, what  # these three compile: an empty difference means both machines ran


EDGES = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFF8000, 31, 32]
PAIRS = ("s[2:3]", "s[4:5]", "s[6:7]")


def _scalar_lines(op: str) -> list[str]:
    if op.startswith(("s_cmpk", "s_addk", "s_mulk")):
        return [f"{op} s3, 0x8001", f"{op} s3, 0x7ff"]
    if op == "s_movk_i32":
        return [f"{op} s2, 0x8001"]
    if op.endswith("_u64"):
        return [f"{op} s[4:5], s[6:7]", f"{op} s[4:5], -3", f"{op} s[4:5], vcc"]
    if op.startswith(("s_cmp_", "s_bitcmp", "s_bitset")):
        return [f"{op} s3, s4", f"{op} s3, -3", f"{op} s3, 0x12345678"]
    if "saveexec" in op:
        return [f"{op} s[2:3], s[4:5]", f"{op} s[2:3], vcc", f"{op} vcc, -3"]
    if op.startswith("s_bfe"):  # offset and width fields in range: 8 bits at 4, 31 bits at 1, 1 bit at 31
        return [f"{op} s2, s3, {ctl}" for ctl in ("0x80004", "0x1f0001", "0x1001f", "s4")]
    wide = op.endswith(("_b64", "_i64"))
    d, a, b = PAIRS if wide else ("s2", "s3", "s4")
    if op.startswith(("s_mov_", "s_not_", "s_abs_", "s_bcnt1_", "s_sext_")):
        extra = [f"{op} exec, s[4:5]", f"{op} vcc, exec"] if wide else [f"{op} m0, s3", f"{op} exec_lo, vcc_hi"]
        return [f"{op} {d}, {a}", f"{op} {d}, -3", *extra]
    return [f"{op} {d}, {a}, {b}", f"{op} {d}, -3, {b}", f"{op} {d}, {a}, 0x12345678", f"{op} {d}, vcc, {a}"]


def _scalar_waves(rng) -> list:
    waves = []
    for i in range(40):
        w = Wave(4, 1, i)
        w.sw = [True] * len(w.sw)  # its SGPRs hold the values given (0 unless set), as if written
        w.s[2:8] = [EDGES[(i + j) % 8] ^ (int(rng.integers(0, 2**32)) if (i + j) % 3 == 0 else 0) for j in range(6)]
        w.s[3], w.s[4] = EDGES[i % 8], EDGES[i // 5]
        w.scc, w.m0 = i % 2, EDGES[(i + 3) % 8]
        w.vcc = EDGES[i % 8] | EDGES[(i + 1) % 8] << 32
        w.exec = [2**64 - 1, 0, 1 << 63, 0x0000FFFF0000FFFF][i % 4]
        waves.append(w)
    return waves


def _scalar_state(b, i: int) -> tuple:
    return b.s[i, :8].tolist(), int(b.scc[i]), int(b.vcc[i]), int(b.exec[i]), int(b.m0[i])


def _wave_state(w) -> tuple:
    return w.s[:8], w.scc, w.vcc, w.exec, w.m0


@pytest.mark.parametrize("op", sorted(op for op in gsalu.OPS if "branch" not in op))
def test_each_scalar_alu_instruction_on_a_group_equals_it_wave_by_wave(op):
    from frontends.devices.gfx942.machine import bind
    rng = np.random.default_rng(0)
    for line in _scalar_lines(op):
        k = assemble(line)
        bind(k)
        ins = k.code[0]
        waves = _scalar_waves(rng)
        copies = copy.deepcopy(waves)
        batch = Batch(waves, np.zeros(40, np.int64), 0)
        group = np.arange(0, 40, 3)  # some waves of the batch: the others keep their state
        assert gsalu.OPS[op](Group(batch, group), ins, None) is True
        for i, c in enumerate(copies):
            if i % 3 == 0:
                ins.fn(c, ins, None)
            assert _scalar_state(batch, i) == _wave_state(c), (line, i)


@pytest.mark.parametrize("op", sorted(op for op in gsalu.OPS if "branch" in op))
def test_each_branch_on_a_group_splits_it_by_each_wave_s_outcome(op):
    k = assemble(f"{op} .L1\n\ts_nop 0\n.L1:\n\ts_endpgm")
    ins = k.code[0]
    waves = _scalar_waves(np.random.default_rng(1))
    batch = Batch(waves, np.zeros(40, np.int64), 0)
    group = np.arange(1, 40, 2)
    went = gsalu.OPS[op](Group(batch, group, 0), ins, None)
    for w in waves:
        w.pc = 1
        ops_salu.OPS[op](w, ins, None)
    want = {}
    for i in group.tolist():
        want.setdefault(waves[i].pc, []).append(i)
    assert {pc: list(v) for pc, v in went.items() if len(v)} == want


@pytest.mark.compilers
def test_a_program_kept_in_tests_data_gpu_runs_the_same_on_both_machines():
    from tests.bench_gfx942_lockstep import compare_program, gpu_programs
    what, text, inputs = next(p for p in gpu_programs() if p[0].startswith("campaign"))
    same, diff = compare_program(what, text, inputs, tempfile.mkdtemp())
    assert same and not diff, diff


LANE_LINES = {
    "v_readfirstlane_b32": ["v_readfirstlane_b32 s2, v1", "v_readfirstlane_b32 m0, v2"],
    "v_readlane_b32": ["v_readlane_b32 s2, v1, s3", "v_readlane_b32 s2, v2, 63", "v_readlane_b32 s2, v1, s4"],
    "v_writelane_b32": ["v_writelane_b32 v1, s3, s4", "v_writelane_b32 v1, -3, s3", "v_writelane_b32 v2, s5, 70"],
    "v_mbcnt_lo_u32_b32": ["v_mbcnt_lo_u32_b32 v1, -1, 0", "v_mbcnt_lo_u32_b32 v1, s3, v2"],
    "v_mbcnt_hi_u32_b32": ["v_mbcnt_hi_u32_b32 v1, -1, v1", "v_mbcnt_hi_u32_b32 v1, s4, v2"],
    "ds_swizzle_b32": ["ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16)", "ds_swizzle_b32 v1, v2 offset:0x801b",
                       "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,3)", "ds_swizzle_b32 v3, v2 offset:0x41f"],
    "ds_bpermute_b32": ["ds_bpermute_b32 v1, v2, v3", "ds_bpermute_b32 v1, v3, v2 offset:4"],
    "ds_permute_b32": ["ds_permute_b32 v1, v2, v3", "ds_permute_b32 v1, v3, v2 offset:8"],
    "dpp": ["v_mov_b32_dpp v1, v2 row_shr:1 row_mask:0xf bank_mask:0xf",
            "v_mov_b32_dpp v1, v2 row_shr:3 row_mask:0xf bank_mask:0xf bound_ctrl:1",
            "v_add_u32_dpp v1, v2, v3 row_bcast:15 row_mask:0xa bank_mask:0xf",
            "v_max_f32_dpp v1, v2, v3 row_bcast:31 row_mask:0xc bank_mask:0xf",
            "v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0x5",
            "v_add_f32_dpp v1, v2, v3 wave_shr:1 row_mask:0xf bank_mask:0xf",
            "v_mov_b32_dpp v1, v3 row_ror:7 row_mask:0xf bank_mask:0xf",
            "v_mov_b32_dpp v1, v2 row_mirror row_mask:0xf bank_mask:0xf"],
}
EXECS = [2**64 - 1, 0, 1 << 63, 1, 0xAAAAAAAAAAAAAAAA, 0xFFFFFFFF00000000, 0x8000000000000001]


def _lane_waves(rng) -> list:
    """Waves with lane values at the edges (lane addresses colliding, beyond 63 lanes, negative), EXEC patterns
    with no, one and every lane, lane selectors at and past 63."""
    waves = []
    for i in range(21):
        w = Wave(4, 1, i)
        w.sw = [True] * len(w.sw)  # its SGPRs hold the values given (0 unless set), as if written
        w.v[1] = rng.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
        w.v[2] = rng.integers(0, 64, 64) * 4 + rng.integers(-4, 260, 64) * (i % 3 == 0)  # lane addresses
        w.v[3] = np.where(rng.random(64) < 0.3, 0xFFFFFFFC, rng.integers(0, 2**32, 64, dtype=np.uint64)).astype(np.uint32)
        w.s[3], w.s[4], w.s[5] = [0, 63, 64, 0xFFFFFFFF, 5, 32, 1][i % 7], EDGES[i % 8], EDGES[(i + 2) % 8]
        w.exec, w.m0, w.vcc = EXECS[i % 7], 7, EXECS[(i + 3) % 7]
        waves.append(w)
    return waves


@pytest.mark.parametrize("op", sorted(LANE_LINES))
def test_each_lane_crossing_instruction_on_a_group_equals_it_wave_by_wave(op):
    from frontends.devices.gfx942 import gops
    from frontends.devices.gfx942.machine import bind
    rng = np.random.default_rng(2)
    for line in LANE_LINES[op]:
        k = assemble(line)
        bind(k)
        ins = k.code[0]
        handler = gops.handler(ins.fn, ins)
        assert handler is not None, line  # the instruction runs on a group, not wave by wave
        waves = _lane_waves(rng)
        copies = copy.deepcopy(waves)
        batch = Batch(waves, np.zeros(len(waves), np.int64), 0)
        group = np.array([0, 2, 3, 5, 6, 7, 8, 10, 11, 13, 14, 17, 20])  # EXEC patterns all met, some waves left out
        with np.errstate(all="ignore"):  # IEEE results, as the machines run them
            assert handler(Group(batch, group), ins, None) is True
            for i, c in enumerate(copies):
                if i in group:
                    ins.fn(c, ins, None)
                assert _scalar_state(batch, i) == _wave_state(c), (line, i)
                assert (batch.v[:, i * 64:(i + 1) * 64] == c.v).all(), (line, i)
