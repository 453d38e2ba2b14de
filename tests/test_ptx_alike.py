"""Lanes of one warp storing the same bytes to one shared word in one instruction (IREE's warp reductions: every
lane holds the butterfly-reduced sum and stores it to ``shared[warp]``): the CUDA guide lands one of the writes, so
the value is defined and it is no race, only counted (``state.ALIKE``), on both PTX machines alike; different
bytes, another warp or another instruction still race, named at the same first place."""
import numpy as np
import pytest

from frontends.devices.ptx import Memory, kernels, vlaunch
from frontends.devices.ptx.errors import KernelFault, SharedRace
from frontends.devices.ptx.machine import launch
from frontends.devices.ptx.state import ALIKE
from frontends.devices.simcore import RaceShadow
from tests.ptx_kernel import kernel_text

# each lane of warp w stores VALUE to shared[w], a barrier, each thread reads shared[tid % 2] into out[gid]
STORE = """mov.u32 %r1, %tid.x; shr.u32 %r2, %r1, 5; mov.u32 %r3, %ctaid.x; {value}
shl.b32 %r5, %r2, 2; mov.u32 %r6, smem; add.s32 %r7, %r6, %r5; st.shared.u32 [%r7], %r4; bar.sync 0;
and.b32 %r8, %r1, 1; shl.b32 %r8, %r8, 2; add.s32 %r8, %r6, %r8; ld.shared.u32 %r9, [%r8];
mad.lo.s32 %r10, %r3, %ntid.x, %r1; mul.wide.u32 %rd1, %r10, 4; add.s64 %rd2, %rd0, %rd1; st.global.u32 [%rd2], %r9;"""
PER_WARP = "mad.lo.s32 %r4, %r3, 100, %r2; add.s32 %r4, %r4, 7;"  # one value per warp: ctaid * 100 + warp + 7
PER_LANE = "mad.lo.s32 %r4, %r3, 100, %r1;"  # lanes differ
GRID, BLOCK = (2, 1, 1), (64, 1, 1)
RACE = SharedRace.__name__


def _run(body: str, name: str, monkeypatch, own: bool = False):
    """One machine's (output bytes or fault, stats, places); ``own``: the vector machine's own fault stands."""
    from tests.ptx_compare import engine
    if own:
        monkeypatch.setattr(vlaunch, "RERUN_LIMIT", -1)
    memory = Memory()
    out = memory.alloc(GRID[0] * BLOCK[0] * 4)
    with engine(name):
        try:
            launch(kernels([kernel_text(body, 16)])["k"], memory, [out], GRID, BLOCK)
            got = bytes(memory.bufs[0])
        except KernelFault as e:
            got = (type(e).__name__, str(e))
    return got, dict(memory.stats), dict(memory.places)


@pytest.mark.parametrize("own", [False, True])
def test_a_warp_storing_one_value_to_one_word_is_no_race_and_is_counted_on_both_machines(own, monkeypatch):
    ref = _run(STORE.format(value=PER_WARP), "reference", monkeypatch)
    vec = _run(STORE.format(value=PER_WARP), "vector", monkeypatch, own)
    assert ref == vec
    got = np.frombuffer(ref[0][:GRID[0] * BLOCK[0] * 4], np.uint32).reshape(GRID[0], BLOCK[0])
    assert got.tolist() == [[b * 100 + t % 2 + 7 for t in range(BLOCK[0])] for b in range(GRID[0])]
    assert ref[1][ALIKE] == GRID[0] * 2 * 31  # each warp: 31 stores met a lower lane's alike


@pytest.mark.parametrize("value, where", [
    (PER_LANE, "thread 1 wrote it while thread 0 wrote it"),  # different bytes
    ("mov.u32 %r4, 7; mov.u32 %r2, 0;", "thread 32 wrote it while thread 31 wrote it"),  # two warps, one word
])
def test_different_bytes_or_another_warp_still_race_at_the_same_first_place(value, where, monkeypatch):
    ref = _run(STORE.format(value=value), "reference", monkeypatch)
    vec = _run(STORE.format(value=value), "vector", monkeypatch)
    assert ref == vec and ref[0][0] == RACE and where in ref[0][1]
    assert _run(STORE.format(value=value), "vector", monkeypatch, own=True)[0][0] == RACE  # found by itself too


def test_the_same_value_from_two_instructions_of_one_warp_races(monkeypatch):
    # lanes 0-15 store 7 at one st.shared, lanes 16-31 store 7 at another: two instructions, not one write
    body = """mov.u32 %r1, %tid.x; mov.u32 %r4, 7; mov.u32 %r6, smem; setp.lt.u32 %p1, %r1, 16;
    @%p1 st.shared.u32 [%r6], %r4; @!%p1 st.shared.u32 [%r6], %r4;"""
    ref = _run(body, "reference", monkeypatch)
    assert ref == _run(body, "vector", monkeypatch) and ref[0][0] == RACE
    assert "thread 16 wrote it while thread 15 wrote it" in ref[0][1]


def test_a_byte_written_alike_then_written_again_by_one_of_the_lanes_races(monkeypatch):
    body = """mov.u32 %r1, %tid.x; mov.u32 %r4, 7; mov.u32 %r6, smem; st.shared.u32 [%r6], %r4;
    setp.eq.u32 %p1, %r1, 31; @%p1 st.shared.u32 [%r6], %r1;"""
    ref = _run(body, "reference", monkeypatch)
    assert ref == _run(body, "vector", monkeypatch) and ref[0][0] == RACE
    assert _run(body, "vector", monkeypatch, own=True)[0][0] == RACE
    assert "thread 31 wrote it while other lanes of its warp wrote it" in ref[0][1]


def test_the_shadow_without_keys_keeps_every_meeting_of_two_lanes_a_race():
    shadow = RaceShadow(16)
    index = RaceShadow.bytes(np.array([0, 0]), 4)
    race, _, _ = shadow.write(index, np.array([[0], [1]], np.int32))
    assert race.any() and shadow.alike == 0
    shadow.barrier()
    race, _, _ = shadow.write(index, np.array([[0], [1]], np.int32), lambda: np.zeros(index.shape, np.int64))
    assert not race.any() and shadow.alike == 1
