"""Memory as the HIP runtime allocates it (frontends/devices/gfx942/memory.py): a kernarg segment owns its pool slack
up to the next 128 bytes, a global allocation its page; a read that runs past the requested end inside that granule
reads the requested bytes as stored and the rest as unwritten memory, and is a fact (an over-read), not a fault; a
read that leaves the granule and any write past the requested end is a fault; a kernel that uses over-read bytes
comes out wrong."""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.device import fault, observed
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.launch import launch
from frontends.devices.gfx942.memory import FILL, KERNARG_ALIGN, PAGE, Memory
from frontends.devices.gfx942.kernarg import kernarg

LANE = np.arange(64)
ONE = np.arange(64) == 0

# The head of TVM's ROCm kernel with three pointers and three i32 dims (kernarg_size 36): LLVM merges the three dim
# loads at 0x18 into one s_load_dwordx4, reading bytes 24..39.  Lane 0 stores s12..s15 to the output pointer (0x10).
TVM_HEAD = """s_load_dwordx2 s[10:11], s[0:1], 0x10
\ts_load_dwordx4 s[12:15], s[0:1], 0x18
\ts_waitcnt lgkmcnt(0)
\tv_mov_b32_e32 v1, s12
\tv_mov_b32_e32 v2, s13
\tv_mov_b32_e32 v3, s14
\tv_mov_b32_e32 v4, s15
\tv_mov_b32_e32 v5, 0
\tglobal_store_dwordx4 v5, v[1:4], s[10:11]"""
THREE_POINTERS_THREE_DIMS = [{".value_kind": "global_buffer", ".offset": 8 * i, ".size": 8} for i in range(3)] + \
    [{".value_kind": "by_value", ".offset": 24 + 4 * i, ".size": 4} for i in range(3)]


def _tvm_head():
    k = assemble(TVM_HEAD, kernarg_size=36)
    k.meta = {".args": THREE_POINTERS_THREE_DIMS}
    mem = Memory()
    out = mem.alloc(16, 0)
    report = launch(k, (1, 1, 1), (64, 1, 1), kernarg(k, [0, 0, out], [7, 8, 9]), mem)
    return np.frombuffer(mem.get(out, 16), np.uint32).tolist(), report


def test_the_widened_kernarg_load_reads_the_dims_as_passed_and_is_an_over_read_not_a_fault():
    got, report = _tvm_head()
    assert got[:3] == [7, 8, 9]  # the dims the kernel uses, as stored
    assert report.clean() and not report.oob_global
    assert report.overreads == [("k", "kernarg segment", 24, 16, 36, 1)]
    fact = observed(report)["reads_past_allocation_end"]
    assert fact["count"] == 1 and "16 bytes at offset 24 of a 36-byte kernarg segment" in fact["first"][0]
    assert fault(report) is None


def test_a_kernel_that_uses_the_over_read_dword_gets_unwritten_memory():
    got, _ = _tvm_head()
    assert got[3] == int.from_bytes(bytes([FILL]) * 4, "little")  # no one's data: s15 is poison, never 0 or a dim


def test_the_kernarg_slack_ends_at_the_pool_alignment():
    mem = Memory()
    base = mem.alloc(36, 0, KERNARG_ALIGN, "kernarg segment")
    mem.gather(np.array([base + KERNARG_ALIGN - 4], np.uint64), 4, ONE[:1])
    assert mem.overreads and not mem.faults
    mem.gather(np.array([base + KERNARG_ALIGN - 4], np.uint64), 8, ONE[:1])  # 4 bytes into the next segment
    assert mem.faults == [("read", base + KERNARG_ALIGN - 4)]


def test_a_straddling_global_read_keeps_its_inside_bytes_and_poisons_only_the_outside_ones():
    mem = Memory()
    base = mem.alloc(6, 0)
    mem.put(base, bytes([1, 2, 3, 4, 5, 6]))
    got = mem.gather(np.full(64, base + 4, np.uint64), 4, LANE < 3)
    assert got[0].tolist() == [5, 6, FILL, FILL] and got[5].tolist() == [0, 0, 0, 0]  # a disabled lane reads 0
    assert mem.overreads == [("global allocation", 4, 4, 6, 3)] and not mem.faults


def test_a_read_past_the_page_the_runtime_rounded_to_is_a_fault():
    mem = Memory()
    base = mem.alloc(100)
    mem.gather(np.array([base + PAGE - 4], np.uint64), 4, ONE[:1])  # the page's last dword: inside the granule
    assert not mem.faults and len(mem.overreads) == 1
    got = mem.gather(np.array([base + 96], np.uint64) + np.uint64(PAGE), 4, ONE[:1])
    assert mem.faults == [("read", base + 96 + PAGE)] and got[0].tolist() == [FILL] * 4


def test_a_write_past_the_requested_end_writes_nothing_and_is_a_fault():
    mem = Memory()
    base = mem.alloc(8, 0)
    addrs = base + 4 * LANE[:3].astype(np.uint64)
    mem.scatter(addrs, np.full((3, 4), 0xAB, np.uint8), np.ones(3, bool))
    assert mem.get(base, 8) == b"\xab" * 8 and mem.faults == [("write", base + 8)]


def test_an_over_read_is_reported_once_per_instruction_with_the_lanes_that_made_it():
    mem = Memory()
    base = mem.alloc(256, 0)
    mem.gather(base + 4 * LANE.astype(np.uint64), 8, np.ones(64, bool))  # lane 63 reads bytes 252..259
    assert mem.overreads == [("global allocation", 252, 8, 256, 1)]
