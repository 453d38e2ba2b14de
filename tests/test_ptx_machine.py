"""The PTX simulator's machine: what it reports instead of guessing (memcheck-like out-of-bounds accesses, reads of
registers no one wrote, racecheck-like shared-memory races between barriers, barrier deadlocks), warp shuffles by
the ISA's lane arithmetic, setp/selp/ld/st, and the decoder naming what it cannot simulate."""
import pytest

from frontends.devices.ptx import kernels
from frontends.devices.ptx.errors import (
    BarrierFault,
    CannotSimulate,
    KernelFault,
    OutOfBounds,
    Runaway,
    SharedRace,
    UninitializedRegister,
)
from frontends.devices.ptx.state import ALIGN, FILL, SHUFFLE
from tests.ptx_kernel import f16, f32, kernel_text, one, regs, run


def test_global_loads_and_stores_reach_the_allocation_with_sign_or_zero_extension():
    _, mem, out = run("mov.b32 %r1, 0x80; st.global.b8 [%rd0+3], %r1; ld.global.s8 %r2, [%rd0+3]; "
                      "ld.global.u8 %r3, [%rd0+3]; st.global.b32 [%rd0+4], %r2; st.global.b32 [%rd0+8], %r3;")
    assert mem.read(out + 4, 4) == 0xFFFFFF80 and mem.read(out + 8, 4) == 0x80


def test_vector_loads_fill_each_register_in_turn():
    got = regs("mov.b64 %rd1, 0x0706050403020100; st.global.b64 [%rd0], %rd1; "
               "ld.global.v4.b16 {%rs1, %rs2, %rs3, %rs4}, [%rd0];")[0]
    assert [got[f"%rs{i}"] for i in range(1, 5)] == [0x0100, 0x0302, 0x0504, 0x0706]


def test_a_read_in_the_allocations_rounding_gives_the_fill_byte_and_is_counted():
    _, mem, _ = run("ld.global.b32 %r1, [%rd0+64]; st.global.b32 [%rd0], %r1;")
    assert mem.read(mem.bases[0], 4) == int.from_bytes(bytes([FILL]) * 4, "little")
    assert mem.stats["reads past the end of a buffer"] == 1


def test_a_read_outside_every_allocation_is_out_of_bounds():
    with pytest.raises(OutOfBounds, match="offset 256 of the nearest allocation"):
        run(f"ld.global.b32 %r1, [%rd0+{ALIGN}];")


def test_a_write_past_the_size_allocated_is_out_of_bounds_even_inside_the_rounding():
    with pytest.raises(OutOfBounds, match="write past the size allocated"):
        run("mov.b32 %r1, 1; st.global.b32 [%rd0+62], %r1;")


def test_a_shared_write_past_its_size_is_out_of_bounds_and_a_read_in_the_allocation_unit_is_counted():
    with pytest.raises(OutOfBounds, match="shared access"):
        run("mov.b32 %r1, 1; st.shared.b32 [smem+16], %r1;", shared=16)
    _, mem, _ = run("ld.shared.b32 %r1, [smem+16];", shared=16)
    assert mem.stats["shared reads past its size"] == 1
    with pytest.raises(OutOfBounds, match="shared access"):
        run("ld.shared.b32 %r1, [smem+128];", shared=16)


def test_a_register_no_one_wrote_reads_all_ones_and_is_counted():
    _, mem, out = run("add.s32 %r2, %r1, 1; st.global.b32 [%rd0], %r2;")
    assert mem.read(out, 4) == 0 and mem.stats["unwritten register reads"] == 1


def test_a_branch_guarded_by_an_unwritten_predicate_is_reported():
    with pytest.raises(UninitializedRegister, match="%p3"):
        run("@%p3 bra DONE; DONE: mov.b32 %r1, 1;")


def test_an_address_from_an_unwritten_register_is_reported():
    with pytest.raises(UninitializedRegister, match="%rd5"):
        run("ld.global.b32 %r1, [%rd5];")


def _tid(body: str) -> str:
    return "mov.u32 %r1, %tid.x; cvt.u64.u32 %rd1, %r1; mov.u64 %rd2, smem; " + body


def test_two_threads_writing_one_shared_word_between_barriers_is_a_race():
    with pytest.raises(SharedRace, match="wrote it while thread 0 wrote"):
        run(_tid("st.shared.b32 [smem], %r1;"), threads=2, shared=16)


def test_a_write_read_by_another_thread_without_a_barrier_is_a_race_and_with_one_is_not():
    body = "shl.b64 %rd3, %rd1, 2; add.s64 %rd4, %rd2, %rd3; st.shared.b32 [%rd4], %r1; {bar} " \
           "xor.b64 %rd5, %rd3, 4; add.s64 %rd6, %rd2, %rd5; ld.shared.b32 %r2, [%rd6];"
    with pytest.raises(SharedRace, match="no barrier between"):  # lane 0 read lane 1's word before lane 1 wrote it
        run(_tid(body.format(bar="")), threads=2, shared=16)
    got = regs(_tid(body.format(bar="bar.sync 0;")), threads=2, shared=16)
    assert [g["%r2"] for g in got] == [1, 0]


@pytest.mark.parametrize("engine", ["vector", "reference"])
def test_a_typed_shared_variable_holds_its_type_times_its_count(engine, monkeypatch):
    """NVVM demotes a scalar shared variable to a typed declaration (``.u32 name$_0``, no brackets): 4 bytes, as a
    ``.f32 name[3]`` is 12; a write past them is out of bounds, on both machines."""
    from frontends.devices.ptx.machine import ENGINE_ENV
    monkeypatch.setenv(ENGINE_ENV, engine)
    body = "mov.b32 %r1, 7; st.shared.u32 [acc$_0], %r1; bar.sync 0; ld.shared.u32 %r2, [acc$_0];"
    text = kernel_text(body).replace("ld.param", ".shared .align 64 .u32 acc$_0;\n.shared .align 4 .f32 buf[3];\n"
                                     "ld.param", 1)
    from frontends.devices.ptx import Memory
    from frontends.devices.ptx.machine import launch
    k = kernels([text])["k"]
    assert k.shared == {"acc$_0": 4, "buf": 12}
    assert launch(k, Memory(), [0], (1, 1, 1), (1, 1, 1))[0].regs["%r2"] == 7
    k = kernels([text.replace("[acc$_0], %r1", "[buf+12], %r1")])["k"]
    with pytest.raises(OutOfBounds, match="shared access"):
        launch(k, Memory(), [0], (1, 1, 1), (1, 1, 1))


def test_threads_reading_one_shared_word_is_no_race():
    got = regs(_tid("mov.b32 %r2, 7; setp.eq.u32 %p1, %r1, 0; @%p1 st.shared.b32 [smem], %r2; bar.sync 0; "
                    "ld.shared.b32 %r3, [smem];"), threads=3, shared=16)
    assert [g["%r3"] for g in got] == [7, 7, 7]


def test_a_thread_that_never_ends_after_a_barrier_others_skip_is_a_runaway(monkeypatch):
    # bar.sync counts arrivals at barrier 0 wherever they are (PTX ISA, bar.sync), and exited threads no longer
    # count: thread 0 skips the first barrier, both pass, thread 0 exits, thread 1 passes the second alone and loops
    from frontends.devices.ptx import reference, vector
    monkeypatch.setattr(reference, "MAX_STEPS", 5000)  # the step limit, lowered so that the test is quick
    monkeypatch.setattr(vector, "MAX_STEPS", 5000)
    k = "mov.u32 %r1, %tid.x; setp.eq.u32 %p1, %r1, 0; @%p1 bra SKIP; bar.sync 0; SKIP: bar.sync 0; " \
        "mov.u32 %r2, %r1; LOOP: setp.eq.u32 %p2, %r1, 1; @%p2 bra LOOP;"
    with pytest.raises(Runaway, match="thread \\(1, 0, 0\\) ran 5000 instructions"):
        run(k, threads=2)


def test_threads_waiting_at_a_barrier_and_at_a_warp_collective_are_a_deadlock():
    k = "mov.u32 %r1, %tid.x; setp.eq.u32 %p1, %r1, 0; @%p1 bra B; " \
        "shfl.sync.idx.b32 %r2, %r1, 0, 31, 0xffffffff; B: bar.sync 0;"
    with pytest.raises(BarrierFault, match="different synchronisations"):
        run(k, threads=2)


def _shfl(mode: str, b: int, c: int) -> list[int]:
    got = regs(f"mov.u32 %r1, %tid.x; add.s32 %r2, %r1, 100; shfl.sync.{mode}.b32 %r3, %r2, {b}, {c}, -1;",
               threads=32)
    return [g["%r3"] - 100 for g in got]


def test_shfl_lanes_follow_the_isa_arithmetic():
    assert _shfl("bfly", 1, 31) == [i ^ 1 for i in range(32)]
    assert _shfl("up", 1, 0) == [0] + list(range(31))  # lane 0 has no source: its own value
    assert _shfl("down", 2, 31) == [i + 2 if i + 2 <= 31 else i for i in range(32)]
    assert _shfl("idx", 5, 31) == [5] * 32
    assert _shfl("idx", 3, 0x181F)[:16] == [3] * 8 + [11] * 8  # segments of 8 lanes (mask 0x18 in c[12:8])


def test_shfl_predicate_destination_says_whether_the_source_lane_was_in_range():
    got = regs("mov.u32 %r1, %tid.x; shfl.sync.down.b32 %r3|%p1, %r1, 4, 31, -1; selp.u32 %r4, 1, 0, %p1;",
               threads=32)
    assert [g["%r4"] for g in got] == [1] * 28 + [0] * 4  # tvm:cuda-dlight's warp reductions (generated case 1010)
    assert [g["%r3"] for g in got] == [i + 4 for i in range(28)] + list(range(28, 32))


def test_shfl_from_a_lane_not_running_reads_all_ones_and_is_counted():
    threads, memory, _ = run("mov.u32 %r1, %tid.x; activemask.b32 %r2; shfl.sync.down.b32 %r3|%p1, %r1, 2, 31, %r2;",
                             threads=4)  # lanes 2 and 3 read lanes 4 and 5: undefined in the ISA
    assert [t.regs["%r3"] for t in threads] == [2, 3, 0xFFFFFFFF, 0xFFFFFFFF]
    assert memory.stats[SHUFFLE] == 2 and "lane 3 reads lane 5" in memory.places[SHUFFLE][1]


def test_shfl_by_a_lane_outside_its_own_member_mask_is_a_fault():
    with pytest.raises(KernelFault, match="outside its own member mask"):
        run("mov.u32 %r1, %tid.x; shfl.sync.idx.b32 %r3, %r1, 0, 31, 1;", threads=2)


def test_setp_on_nan_is_false_ordered_and_true_unordered():
    nan = 0x7FFFFFFF
    assert one(f"mov.b32 %f1, {nan}; mov.b32 %f2, {f32(1.0)}; setp.lt.f32 %p1, %f1, %f2;", "%p1") == 0
    assert one(f"mov.b32 %f1, {nan}; mov.b32 %f2, {f32(1.0)}; setp.ltu.f32 %p1, %f1, %f2;", "%p1") == 1
    assert one(f"mov.b32 %f1, {nan}; setp.ne.f32 %p1, %f1, %f1;", "%p1") == 0
    assert one(f"mov.b32 %f1, {nan}; setp.nan.f32 %p1, %f1, %f1;", "%p1") == 1
    assert one(f"mov.b32 %f1, 0; mov.b32 %f2, 0x80000000; setp.eq.f32 %p1, %f1, %f2;", "%p1") == 1


def test_setp_f16x2_sets_the_first_predicate_from_the_low_halves():
    got = regs(f"mov.b32 %r1, {f16(1.0) | f16(5.0) << 16}; mov.b32 %r2, {f16(2.0) | f16(3.0) << 16}; "
               "setp.le.f16x2 %p1|%p2, %r1, %r2;")[0]
    assert (got["%p1"], got["%p2"]) == (1, 0)


def test_setp_compares_signed_and_unsigned_as_typed():
    assert one("mov.b32 %r1, -1; setp.lt.s32 %p1, %r1, 0;", "%p1") == 1
    assert one("mov.b32 %r1, -1; setp.lt.u32 %p1, %r1, 0;", "%p1") == 0
    assert one("mov.b32 %r1, -1; setp.hi.u32 %p1, %r1, 0; selp.b32 %r2, 10, 20, %p1;", "%r2") == 10


def test_mov_packs_and_unpacks_vectors_low_part_first():
    assert one("mov.b16 %rs1, 0x1111; mov.b16 %rs2, 0x2222; mov.b32 %r1, {%rs1, %rs2};", "%r1") == 0x22221111
    got = regs("mov.b32 %r1, 0x22221111; mov.b32 {%rs1, %rs2}, %r1;")[0]
    assert (got["%rs1"], got["%rs2"]) == (0x1111, 0x2222)


def test_writes_keep_the_declared_width_of_the_register():
    assert one("mov.b64 %rd1, 0x123456789; cvt.u32.u64 %r1, %rd1;", "%r1") == 0x23456789


@pytest.mark.parametrize("line, named", [
    ("atom.global.add.u32 %r1, [%rd0], 1;", "instruction atom"), ("ld.relaxed.gpu.global.b32 %r1, [%rd0];", "relaxed"),
    ("bar.sync 1, 64;", "bar.sync"), ("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, "
                                      "{%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};", "m16n8k8"),
    ("setp.lt.and.s32 %p1, %r1, %r2, %p2;", "combining"), ("setp.lt.s32 %p1|%p2, %r1, %r2;", "two destinations"), ("testp.finite.f32 %p1, %f1;", "instruction testp")])
def test_the_decoder_names_what_it_cannot_simulate(line, named):
    with pytest.raises(CannotSimulate, match=named):
        kernels([kernel_text(line)])


def test_module_scope_globals_are_placed_in_global_memory_with_their_initializers():
    text = kernel_text("ld.global.u32 %r1, [table+4]; st.global.b32 [%rd0], %r1;").replace(
        ".visible .entry", ".global .align 4 .u32 table[2] = {7, 9};\n.visible .entry")
    from frontends.devices.ptx import Memory
    from frontends.devices.ptx.machine import launch
    memory = Memory()
    out = memory.alloc(4)
    launch(kernels([text])["k"], memory, [out], (1, 1, 1), (1, 1, 1))
    assert memory.read(out, 4) == 9


def test_a_module_level_const_array_is_not_simulated():
    text = kernel_text("mov.b32 %r1, 1;").replace(".visible .entry", ".const .align 4 .b8 table[4];\n.visible .entry")
    with pytest.raises(CannotSimulate, match="module-level directive"):
        kernels([text])


@pytest.mark.parametrize("engine", ["vector", "reference"])
def test_a_kernel_over_cudas_local_memory_limit_is_refused_before_it_runs(engine, monkeypatch):
    """IREE once emitted a 135,107,988,821,114,868-byte local depot: both machines died allocating it (MemoryError,
    numpy's dimension limit). The device refuses such a module (512 KiB a thread); so does the simulator, by name."""
    from frontends.devices.errors import OverLimit
    from frontends.devices.ptx import Memory
    from frontends.devices.ptx.machine import LOCAL_LIMIT, launch
    monkeypatch.setenv("KERNELFUZZ_PTX_ENGINE", engine)
    for size, refused in ((LOCAL_LIMIT, False), (LOCAL_LIMIT + 1, True), (135107988821114868, True)):
        text = kernel_text("st.global.b32 [%rd0], 0;").replace(
            "ld.param.u64", f".local .align 4 .b8 __local_depot0[{size}];\nld.param.u64")
        k, memory = kernels([text])["k"], Memory()
        out = memory.alloc(64)
        if refused:
            with pytest.raises(OverLimit, match="bytes of local memory per thread, over CUDA's 524,288"):
                launch(k, memory, [out], (1, 1, 1), (1, 1, 1))
        else:
            launch(k, memory, [out], (1, 1, 1), (1, 1, 1))
            assert memory.read(out, 4) == 0
