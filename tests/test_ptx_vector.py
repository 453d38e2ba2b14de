"""The vector PTX machine (frontends/devices/ptx/vector.py) against the thread-at-a-time reference machine
(reference.py): the same outputs byte for byte and the same facts (counts, first places, the fault and its message)
on hand-written kernels that diverge, loop, synchronise and fault across several blocks, and on the faults it finds
by itself (the rerun on the reference switched off).  The H200's outputs and generated cases through both machines
are in test_ptx_vector_cases.py."""
import numpy as np
import pytest

from frontends.devices.ptx import Memory, kernels, vlaunch
from frontends.devices.ptx.errors import KernelFault, OutOfBounds, SharedRace
from frontends.devices.ptx.machine import launch
from tests.ptx_compare import engine
from tests.ptx_kernel import kernel_text

# out[gid] = a loop of (tid % 5) rounds of x = x * 3 + tid, with a branch on ctaid, over several blocks
DIVERGE = """mov.u32 %r1, %tid.x; mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mad.lo.s32 %r4, %r2, %r3, %r1;
rem.u32 %r5, %r1, 5; mov.u32 %r6, 0; mov.u32 %r7, 1;
LOOP: setp.ge.u32 %p1, %r6, %r5; @%p1 bra DONE; mad.lo.s32 %r7, %r7, 3, %r1; add.s32 %r6, %r6, 1; bra LOOP;
DONE: setp.eq.u32 %p2, %r2, 1; @%p2 bra ODD; shl.b32 %r7, %r7, 1; ODD: mul.wide.u32 %rd1, %r4, 4;
add.s64 %rd2, %rd0, %rd1; st.global.u32 [%rd2], %r7;"""

# each thread writes shared[tid], waits at the barrier, reads its neighbour's, after a loop of tid % 3 rounds
EXCHANGE = """mov.u32 %r1, %tid.x; mov.u32 %r6, 0;
SPIN: setp.ge.u32 %p1, %r6, %r1; @%p1 bra WRITE; add.s32 %r6, %r6, 1; setp.lt.u32 %p3, %r6, 3; @%p3 bra SPIN;
WRITE: shl.b32 %r2, %r1, 2; mov.u32 %r3, smem; add.s32 %r4, %r3, %r2; add.s32 %r9, %r1, 7;
st.shared.u32 [%r4], %r9; bar.sync 0; add.s32 %r5, %r1, 1; rem.u32 %r5, %r5, %ntid.x; shl.b32 %r5, %r5, 2;
add.s32 %r5, %r3, %r5; ld.shared.u32 %r8, [%r5]; mov.u32 %r10, %ctaid.x; mad.lo.s32 %r11, %r10, %ntid.x, %r1;
mul.wide.u32 %rd1, %r11, 4; add.s64 %rd2, %rd0, %rd1; st.global.u32 [%rd2], %r8;"""


def _both(body: str, grid=(1, 1, 1), block=(32, 1, 1), shared=0, out_bytes=4096, outside="fault"):
    records = []
    for name in ("reference", "vector"):
        memory = Memory(outside=outside)
        out = memory.alloc(out_bytes)
        k = kernels([kernel_text(body, shared)])["k"]
        with engine(name):
            try:
                launch(k, memory, [out], grid, block)
                got = bytes(memory.bufs[0])
            except KernelFault as e:
                got = (type(e).__name__, str(e))
        records.append((got, memory.stats, memory.places))
    return records


def test_diverging_loops_over_several_blocks_give_the_reference_bytes():
    ref, vec = _both(DIVERGE, grid=(3, 1, 1), block=(40, 1, 1))
    assert ref == vec and ref[0][:4] != bytes([0xFF]) * 4


def test_lanes_that_loop_apart_meet_at_the_barrier_and_exchange_through_shared_memory():
    ref, vec = _both(EXCHANGE, grid=(2, 1, 1), block=(64, 1, 1), shared=256)
    assert ref == vec
    got = np.frombuffer(vec[0][:512], np.uint32)
    assert got[:64].tolist() == [(i + 1) % 64 + 7 for i in range(64)]


def test_unwritten_reads_are_counted_with_the_reference_first_places():
    # thread t reads %r20 (never written) once before and, for t < 3, once after the barrier: the first five places
    # are the reference's order (block, then rounds between barriers, then thread), not the vector's
    body = """mov.u32 %r1, %tid.x; add.s32 %r2, %r20, 1; bar.sync 0; setp.lt.u32 %p1, %r1, 3; @%p1 add.s32 %r3, %r20, 2;
    setp.eq.u32 %p2, %r1, 5; @%p2 add.s32 %r4, %r21, 1;"""
    ref, vec = _both(body, grid=(2, 1, 1), block=(8, 1, 1))
    assert ref == vec and ref[1]["unwritten register reads"] == 2 * (8 + 3 + 1)


def test_padding_reads_and_their_places_match_the_reference():
    body = """mov.u32 %r1, %tid.x; mul.wide.u32 %rd1, %r1, 4; add.s64 %rd2, %rd0, %rd1; ld.global.u32 %r2, [%rd2+32];
    st.global.u32 [%rd2], %r2;"""
    ref, vec = _both(body, block=(8, 1, 1), out_bytes=40)
    assert ref == vec and ref[1]["reads past the end of a buffer"] == 6


def test_a_fault_names_the_reference_first_place():
    # lane 1 faults at the first store, lane 0 only at the second: run as vectors, lane 1's fault comes first; one
    # thread after another, lane 0's does, and that is the one named
    body = """mov.u32 %r1, %tid.x; mul.wide.u32 %rd1, %r1, 1000; add.s64 %rd2, %rd0, %rd1; setp.eq.u32 %p1, %r1, 0;
    @!%p1 st.global.u32 [%rd2], %r1; add.s64 %rd3, %rd0, 3000; st.global.u32 [%rd3], %r1;"""
    ref, vec = _both(body, block=(4, 1, 1), out_bytes=512)
    assert ref == vec and ref[0][0] == "OutOfBounds" and "offset 3000" in ref[0][1]


@pytest.mark.parametrize("body, fault", [
    ("mov.u32 %r1, %tid.x; mul.wide.u32 %rd1, %r1, 512; add.s64 %rd2, %rd0, %rd1; st.global.u32 [%rd2], %r1;",
     OutOfBounds),
    ("mov.u32 %r1, smem; st.shared.u32 [%r1], %tid.x;", SharedRace),  # two lanes of one store, one byte
    ("mov.u32 %r1, smem; mov.u32 %r2, %tid.x; setp.eq.u32 %p1, %r2, 1; @%p1 st.shared.u32 [%r1], %r2; "
     "ld.shared.u32 %r3, [%r1];", SharedRace),  # a read of what another lane wrote, no barrier between
])
def test_the_vector_machine_finds_faults_itself(body, fault, monkeypatch):
    monkeypatch.setattr(vlaunch, "RERUN_LIMIT", -1)  # keep the vector machine's own fault
    memory = Memory()
    out = memory.alloc(64)
    with engine("vector"), pytest.raises(fault):
        launch(kernels([kernel_text(body, 16)])["k"], memory, [out], (1, 1, 1), (4, 1, 1))


def test_reads_of_one_byte_by_many_lanes_then_a_write_by_one_are_a_race(monkeypatch):
    monkeypatch.setattr(vlaunch, "RERUN_LIMIT", -1)
    body = """mov.u32 %r1, smem; ld.shared.u32 %r3, [%r1]; mov.u32 %r2, %tid.x; setp.eq.u32 %p1, %r2, 2;
    @%p1 st.shared.u32 [%r1], %r2;"""
    memory = Memory()
    with engine("vector"), pytest.raises(SharedRace):
        launch(kernels([kernel_text(body, 16)])["k"], memory, [memory.alloc(64)], (1, 1, 1), (4, 1, 1))


def test_a_launch_larger_than_one_batch_runs_in_batches_with_the_same_bytes(monkeypatch):
    monkeypatch.setattr(vlaunch, "LANES", 64)
    ref, vec = _both(EXCHANGE, grid=(5, 1, 1), block=(64, 1, 1), shared=256, out_bytes=5 * 256)
    assert ref == vec


@pytest.mark.parametrize("signed", [False, True])
def test_the_high_half_of_a_64_bit_product_is_the_exact_products(signed):
    from frontends.devices.ptx.vops import mul_hi64
    rng = np.random.default_rng(1)
    a = np.concatenate([rng.integers(0, 2 ** 64, 200, np.uint64, endpoint=False),
                        np.array([0, 1, 2 ** 63, 2 ** 64 - 1, 2 ** 63 - 1], np.uint64)])
    b = a[::-1].copy()

    def exact(x: int, y: int) -> int:
        if signed:
            x, y = x - (x >> 63 << 64), y - (y >> 63 << 64)
        return (x * y >> 64) & (2 ** 64 - 1)
    assert mul_hi64(a, b, signed).tolist() == [exact(int(x), int(y)) for x, y in zip(a, b)]


@pytest.mark.parametrize("body", [
    "mov.u32 %r1, smem; st.shared.u32 [%r1], %tid.x;",  # two lanes of one store
    "mov.u32 %r1, smem; mov.u32 %r2, %tid.x; setp.eq.u32 %p1, %r2, 0; @%p1 st.shared.u32 [%r1], %r2; "
    "ld.shared.u32 %r3, [%r1];",  # a read of what another lane wrote (lane 0, first in both orders)
    "mov.u32 %r1, smem; ld.shared.u32 %r3, [%r1+4]; mov.u32 %r2, %tid.x; setp.eq.u32 %p1, %r2, 2; "
    "@%p1 st.shared.u32 [%r1+4], %r2;",  # a write of what several lanes read
])
def test_a_race_the_vector_machine_finds_is_worded_as_the_reference_words_it(body, monkeypatch):
    # where both orders meet the same race first (where they do not, the launch reruns on the reference: above)
    messages = []
    for name in ("reference", "vector"):
        monkeypatch.setattr(vlaunch, "RERUN_LIMIT", -1)
        memory = Memory()
        with engine(name), pytest.raises(SharedRace) as e:
            launch(kernels([kernel_text(body, 16)])["k"], memory, [memory.alloc(64)], (1, 1, 1), (4, 1, 1))
        messages.append(str(e.value))
    assert messages[0] == messages[1]


@pytest.mark.parametrize("op", ["add", "sub", "mul"])
@pytest.mark.parametrize("bits", [16, 32])
def test_native_half_and_single_arithmetic_rounds_as_the_scalar_form(op, bits):
    # every class of value (zeros, subnormals, normals, the largest, infinities, NaNs) against ops_float's rounding
    # of the binary64 result
    from frontends.devices.ptx.ops_float import FAST
    from frontends.devices.ptx.values import F16, F32, decode, encode
    from frontends.devices.ptx.vops_float import NATIVE, native
    f = F16 if bits == 16 else F32
    rng = np.random.default_rng(bits)
    x = rng.integers(0, 2 ** bits, 20000, dtype=np.uint64)
    y = np.concatenate([rng.integers(0, 2 ** bits, 10000, dtype=np.uint64), x[:10000] ^ np.uint64(1 << (bits - 1))])
    got = native(NATIVE[op], x, y, f)
    want = [encode(FAST[op](decode(int(a), f), decode(int(b), f)), f) for a, b in zip(x, y)]
    assert got.tolist() == want


@pytest.mark.parametrize("outside", ["fault", "zero"])
def test_registers_of_32_bits_or_less_held_as_uint32_read_as_the_reference_reads_them(outside):
    # mul.wide.u32 of values near 2^32 needs the whole 64-bit product (a uint32 register widened before it); a 16-bit
    # register written on some lanes reads its fill elsewhere (all ones, or zero) and is noted, as on the reference
    body = """mov.u32 %r1, %tid.x; mov.u32 %r2, -1; sub.u32 %r3, %r2, %r1; mul.wide.u32 %rd1, %r3, %r3;
    mul.wide.u32 %rd3, %r1, 16; add.s64 %rd2, %rd0, %rd3; st.global.u64 [%rd2], %rd1;
    setp.lt.u32 %p1, %r1, 3; @%p1 mov.b16 %rs9, 0x7123; add.s16 %rs2, %rs9, 1; cvt.u32.u16 %r4, %rs2;
    st.global.u32 [%rd2+8], %r4;"""
    ref, vec = _both(body, block=(8, 1, 1), out_bytes=128, outside=outside)
    assert ref == vec and ref[1]["unwritten register reads"] == 5
    assert np.frombuffer(vec[0][:8], np.uint64)[0] == (2 ** 32 - 1) ** 2
