"""Register liveness (frontends/devices/ptx/vlive.py) and the vector machine dropping dead registers: which
registers a loop keeps and drops, and, on kernels where registers are dropped (and made again in a loop), the
reference machine's bytes, facts (unwritten reads counted with their places) and each thread's final registers."""
import pytest

from frontends.devices.ptx import Memory, kernels, vlive
from frontends.devices.ptx.machine import launch
from frontends.devices.ptx.vlive import liveness
from tests.ptx_compare import engine
from tests.ptx_kernel import kernel_text

# a loop of tid % 4 rounds: %r3 a temporary written whole each round, %r7 carried round to round, %r20 read unwritten
# by odd threads after a guarded write (a guarded write keeps the old value on the lanes it skips: not a kill)
LOOP = """mov.u32 %r1, %tid.x; rem.u32 %r5, %r1, 4; mov.u32 %r6, 0; mov.u32 %r7, 1;
LOOP: setp.ge.u32 %p1, %r6, %r5; @%p1 bra DONE; mul.lo.s32 %r3, %r6, 5; add.s32 %r7, %r7, %r3;
add.s32 %r6, %r6, 1; bra LOOP;
DONE: and.b32 %r8, %r1, 1; setp.eq.u32 %p2, %r8, 0; mov.u32 %r9, 3; @%p2 mov.u32 %r9, 4; @%p2 mov.u32 %r20, 9;
add.s32 %r10, %r9, %r20; add.s32 %r10, %r10, %r7; mov.u32 %r11, %ctaid.x; mad.lo.s32 %r12, %r11, %ntid.x, %r1;
mul.wide.u32 %rd1, %r12, 4; add.s64 %rd2, %rd0, %rd1; st.global.u32 [%rd2], %r10;"""


def _run(body: str, name: str, grid=(3, 1, 1), block=(40, 1, 1)):
    memory = Memory()
    out = memory.alloc(4096)
    k = kernels([kernel_text(body)])["k"]
    with engine(name):
        threads = launch(k, memory, [out], grid, block)
    return bytes(memory.bufs[0]), memory.stats, memory.places, [t.regs for t in threads]


def test_a_loop_temporary_dies_each_round_and_a_carried_register_lives_across_the_back_edge():
    k = kernels([kernel_text(LOOP)])["k"]
    live = liveness(k)
    add = next(pc for pc, ins in enumerate(k.code) if ins.text.startswith("add.s32 %r7"))
    assert "%r3" in live.dead[add]  # read here, overwritten whole before any later read
    loop = k.labels["LOOP"]
    assert live.live_at([loop]) >> live.bit["%r7"] & 1 and not live.live_at([loop]) >> live.bit["%r3"] & 1
    guarded = next(pc for pc, ins in enumerate(k.code) if ins.text.startswith("@%p2 mov.u32 %r9"))
    assert live.live_at([guarded]) >> live.bit["%r9"] & 1  # the lanes it skips keep the 3 written before


@pytest.mark.parametrize("block", [(40, 1, 1), (7, 1, 1)])
def test_dropped_registers_leave_bytes_facts_and_final_registers_as_the_reference_has_them(block, monkeypatch):
    dropped = []
    real = vlive.drop

    def spy(vm, dead, waiting):
        real(vm, dead, waiting)
        dropped.append(set(vm.freed))
    monkeypatch.setattr(vlive, "drop", spy)
    ref, vec = _run(LOOP, "reference", block=block), _run(LOOP, "vector", block=block)
    assert ref == vec
    assert ref[1]["unwritten register reads"] == 3 * (block[0] // 2)  # odd threads read %r20 unwritten
    assert dropped and {"%r3", "%r9"} <= dropped[-1]


def test_a_register_read_again_after_a_barrier_is_kept_until_then():
    body = """mov.u32 %r1, %tid.x; add.s32 %r2, %r1, 10; bar.sync 0; setp.lt.u32 %p1, %r1, 5; @%p1 bra SKIP;
    add.s32 %r2, %r2, 1; SKIP: mul.wide.u32 %rd1, %r1, 4; add.s64 %rd2, %rd0, %rd1; st.global.u32 [%rd2], %r2;"""
    assert _run(body, "reference", grid=(2, 1, 1), block=(16, 1, 1)) == _run(body, "vector", grid=(2, 1, 1),
                                                                              block=(16, 1, 1))
