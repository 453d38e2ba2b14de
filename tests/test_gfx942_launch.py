"""Launching on the gfx942 simulator: the initial wave state of the AMDHSA ABI (kernarg pointer and preloaded
kernarg SGPRs, work-group ids, packed work-item ids, EXEC of a partial wave), the kernarg layout IREE's HIP HAL
fills (binding pointers, then push constants, at the metadata's offsets), and the refusals."""
from __future__ import annotations

import numpy as np
import pytest

from frontends.devices.gfx942 import Unmodelled
from frontends.devices.gfx942.asm import assemble, parse
from frontends.devices.gfx942.device import fault
from frontends.devices.gfx942.launch import launch
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.kernarg import kernarg

# each work-item stores (workgroup id x, its packed work-item id, preloaded kernarg dword 2 = s4) at out + 12 * flat id
STORE_IDS = """s_load_dwordx2 s[8:9], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\tv_and_b32_e32 v1, 0x3ff, v0
\tv_bfe_u32 v2, v0, 10, 10
\tv_mad_u32_u24 v1, v2, 4, v1
\tv_mad_u32_u24 v1, s6, 8, v1
\tv_mul_u32_u24_e32 v1, 12, v1
\tv_mov_b32_e32 v2, s6
\tv_mov_b32_e32 v3, v0
\tv_mov_b32_e32 v4, s4
\tglobal_store_dwordx3 v1, v[2:4], s[8:9]"""


def test_initial_state_gives_ids_and_preloaded_kernargs():
    k = assemble(STORE_IDS, user_sgpr_count=6, user_sgpr_kernarg_preload_length=4, next_free_vgpr=8,
                 accum_offset=8)
    mem = Memory()
    out = mem.alloc(12 * 16, 0)
    args = out.to_bytes(8, "little") + (0xABCD).to_bytes(4, "little") + bytes(4)
    report = launch(k, (2, 1, 1), (4, 2, 1), args, mem)
    got = np.frombuffer(mem.get(out, 12 * 16), np.uint32).reshape(16, 3)
    for wg in range(2):
        for y in range(2):
            for x in range(4):
                assert got[wg * 8 + y * 4 + x].tolist() == [wg, x | (y << 10), 0xABCD]
    assert report.clean()


@pytest.mark.parametrize("components", [0, 1, 2])
def test_v0_holds_only_the_work_item_id_components_the_descriptor_enables(components):
    # TIDIG_COMP_CNT (.amdhsa_system_vgpr_workitem_id): 0 gives x alone, 1 x and y, 2 all three; the rest of v0 is 0.
    # LLVM relies on it: IREE's gfx942 slow_memcpy (workgroup 4x32x1, reads only x) indexes with v0 unmasked.
    k = assemble("s_load_dwordx2 s[8:9], s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n\tv_and_b32_e32 v1, 0x3ff, v0\n\t"
                 "v_bfe_u32 v2, v0, 10, 10\n\tv_bfe_u32 v3, v0, 20, 10\n\tv_mad_u32_u24 v2, v3, 2, v2\n\t"
                 "v_mad_u32_u24 v1, v2, 4, v1\n\tv_lshlrev_b32_e32 v1, 2, v1\n\tglobal_store_dword v1, v0, s[8:9]",
                 system_vgpr_workitem_id=components)
    mem = Memory()
    out = mem.alloc(4 * 16, 0)
    launch(k, (1, 1, 1), (4, 2, 2), out.to_bytes(8, "little"), mem)
    got = np.frombuffer(mem.get(out, 4 * 16), np.uint32).reshape(2, 2, 4)  # [z][y][x]: each at its own word
    ids = np.array([[[x | (y << 10) * (components >= 1) | (z << 20) * (components >= 2) for x in range(4)]
                     for y in range(2)] for z in range(2)], np.uint32)
    seen = {0: (slice(0, 1), slice(0, 1)), 1: (slice(0, 1), slice(None)), 2: (slice(None), slice(None))}[components]
    want = np.zeros_like(ids)  # the work-items whose ids v0 does not carry store to (x, 0, 0)'s word: the same value
    want[seen] = ids[seen]
    assert got.tolist() == want.tolist()


def test_a_partial_wave_enables_only_existing_work_items():
    k = assemble("s_mov_b64 s[10:11], exec\n\tv_mov_b32_e32 v1, s10\n\tv_mov_b32_e32 v2, s11\n\t"
                 "v_lshlrev_b32_e32 v3, 3, v0\n\tglobal_store_dwordx2 v3, v[1:2], s[8:9]\n\ts_nop 0")
    k.code.insert(0, assemble("s_load_dwordx2 s[8:9], s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)").code[0])
    mem = Memory()
    out = mem.alloc(8 * 70, 0)
    launch(k, (1, 1, 1), (70, 1, 1), out.to_bytes(8, "little"), mem)
    got = np.frombuffer(mem.get(out, 8 * 70), np.uint64)
    assert got[0] == 2**64 - 1 and got[64] == 0b111111 and got[69] == 0b111111


def test_kernarg_puts_pointers_then_push_constants_at_the_metadata_offsets():
    k = assemble("s_nop 0", kernarg_size=24)
    k.meta = {".args": [{".value_kind": "global_buffer", ".offset": 0, ".size": 8},
                        {".value_kind": "global_buffer", ".offset": 8, ".size": 8},
                        {".value_kind": "by_value", ".offset": 16, ".size": 4},
                        {".value_kind": "by_value", ".offset": 20, ".size": 4}]}
    raw = kernarg(k, [0x1122334455, 0x66], [7, -1])
    assert raw == (0x1122334455).to_bytes(8, "little") + (0x66).to_bytes(8, "little") + bytes([7, 0, 0, 0]) + \
        b"\xff" * 4


def test_hidden_arguments_come_from_the_launch_and_runtime_pointers_are_reserved():
    k = assemble("s_nop 0", kernarg_size=40)
    k.meta = {".args": [{".value_kind": "global_buffer", ".offset": 0, ".size": 8},
                        {".value_kind": "hidden_block_count_y", ".offset": 8, ".size": 4},
                        {".value_kind": "hidden_group_size_x", ".offset": 12, ".size": 2},
                        {".value_kind": "hidden_remainder_x", ".offset": 14, ".size": 2},
                        {".value_kind": "hidden_global_offset_x", ".offset": 16, ".size": 8},
                        {".value_kind": "hidden_grid_dims", ".offset": 24, ".size": 2},
                        {".value_kind": "hidden_hostcall_buffer", ".offset": 32, ".size": 8}]}
    mem = Memory()
    raw = kernarg(k, [0x66], [], (5, 7, 1), (64, 2, 1), mem)
    le = int.from_bytes
    assert le(raw[8:12], "little") == 7 and le(raw[12:14], "little") == 64 and le(raw[14:24], "little") == 0
    assert le(raw[24:26], "little") == 3 and le(raw[32:40], "little") == mem.runtime["hidden_hostcall_buffer"]
    with pytest.raises(Unmodelled, match="hidden_block_count_y"):
        kernarg(k, [0x66], [])  # no launch to take them from


def test_a_kernel_that_dereferences_a_runtime_pointer_stops_unmodelled():
    k = assemble("s_load_dwordx2 s[8:9], s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n\t"
                 "s_load_dword s10, s[8:9], 0x0\n\ts_waitcnt lgkmcnt(0)", user_sgpr_count=2,
                 user_sgpr_kernarg_segment_ptr=1, kernarg_size=8)
    k.meta = {".args": [{".value_kind": "hidden_hostcall_buffer", ".offset": 0, ".size": 8}]}
    mem = Memory()
    with pytest.raises(Unmodelled, match="a read of the HIP runtime.s hidden_hostcall_buffer"):
        launch(k, (1, 1, 1), (64, 1, 1), kernarg(k, [], [], (1, 1, 1), (64, 1, 1), mem), mem)


def test_a_block_other_than_the_required_workgroup_size_is_refused():
    k = assemble("s_nop 0")
    k.meta = {".reqd_workgroup_size": [64, 1, 1]}
    with pytest.raises(ValueError, match="requires workgroup size"):
        launch(k, (1, 1, 1), (128, 1, 1), b"", Memory())


def test_unoptimized_user_sgprs_come_in_abi_order_and_the_dispatch_packet_holds_the_launch():
    k = assemble("s_load_dwordx2 s[10:11], s[4:5], 0x0\n\ts_load_dword s12, s[0:1], 0x4\n\t"
                 "s_load_dword s13, s[0:1], 0xc\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32_e32 v1, s12\n\t"
                 "v_mov_b32_e32 v2, s13\n\tv_mov_b32_e32 v3, 0\n\tv_mov_b32_e32 v4, s6\n\t"
                 "global_store_dwordx3 v3, v[1:2], s[10:11]\n\tglobal_store_dword v3, v4, s[10:11] offset:8",
                 user_sgpr_dispatch_ptr=1, user_sgpr_queue_ptr=1, user_sgpr_dispatch_id=1, user_sgpr_count=8,
                 next_free_vgpr=8, accum_offset=8)
    mem = Memory()
    out = mem.alloc(16, 0)
    launch(k, (3, 1, 1), (64, 2, 1), out.to_bytes(8, "little"), mem)
    assert np.frombuffer(mem.get(out, 12), np.uint32).tolist() == [64 | 2 << 16, 3 * 64, 0]  # x|y sizes, grid x, id
    with pytest.raises(Unmodelled, match="hsa_queue"):  # the runtime's queue is not modelled: reading it stops
        k2 = assemble("s_load_dword s12, s[2:3], 0x0\n\ts_waitcnt lgkmcnt(0)", user_sgpr_dispatch_ptr=1,
                      user_sgpr_queue_ptr=1, user_sgpr_count=6)
        launch(k2, (1, 1, 1), (64, 1, 1), bytes(8), Memory())


@pytest.mark.parametrize("field", ["user_sgpr_private_segment_buffer", "user_sgpr_flat_scratch_init"])
def test_descriptor_features_outside_the_model_raise(field):
    k = assemble("s_nop 0", **{field: 1})
    with pytest.raises(Unmodelled, match=field):
        launch(k, (1, 1, 1), (64, 1, 1), b"", Memory())


@pytest.mark.parametrize("field,value", [("float_denorm_mode_32", 1), ("float_denorm_mode_16_64", 0),
                                         ("float_round_mode_32", 1)])
def test_float_modes_outside_the_model_are_refused(field, value):
    k = assemble("s_nop 0", **{field: value})  # flush-in-only f32, flushed f16/f64, round toward +inf
    with pytest.raises(Unmodelled, match="MODE"):
        launch(k, (1, 1, 1), (64, 1, 1), b"", Memory())


def test_parse_reads_descriptor_and_metadata_of_a_listing():
    text = """\t.text
k:
\ts_endpgm
.Lfunc_end0:
\t.amdhsa_kernel k
\t\t.amdhsa_group_segment_fixed_size 512
\t\t.amdhsa_kernarg_size 16
\t.end_amdhsa_kernel
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .name:           k
    .reqd_workgroup_size:
      - 256
      - 1
      - 1
\t
...
\t.end_amdgpu_metadata
"""
    k = parse(text)["k"]
    assert (k.lds_bytes, k.kernarg_size, k.workgroup_size) == (512, 16, (256, 1, 1))


def test_a_branch_to_an_unknown_label_is_refused_when_decoding():
    with pytest.raises(Unmodelled, match="unknown label"):
        assemble("s_branch .LBB9_9")


def test_dynamic_lds_follows_the_static_segment_and_its_size_is_a_hidden_argument():
    # IREE 3.3/3.4 kernels: group_segment_fixed_size 0, the LDS passed at launch (the export's workgroup_local_memory)
    k = assemble("v_lshlrev_b32_e32 v1, 2, v0\n\tds_write_b32 v1, v0 offset:256\n\ts_barrier\n\t"
                 "ds_read_b32 v2, v1 offset:256", group_segment_fixed_size=0, kernarg_size=8)
    k.meta = {".args": [{".value_kind": "hidden_dynamic_lds_size", ".offset": 0, ".size": 4}]}
    assert launch(k, (1, 1, 1), (64, 1, 1), b"", Memory()).oob_local  # without it every access is outside
    report = launch(k, (1, 1, 1), (64, 1, 1), b"", Memory(), dynamic_lds=512)
    assert report.clean()
    assert kernarg(k, [], [], (1, 1, 1), (64, 1, 1), Memory(), 512)[:4] == (512).to_bytes(4, "little")


def test_a_dynamic_stack_gets_the_hip_runtime_s_1024_bytes_and_overflowing_it_is_a_fault():
    body = ("v_mov_b32_e32 v1, 7\n\tscratch_store_dword off, v1, off offset:{}\n\t"
            "scratch_load_dword v2, off, off offset:{}")
    k = assemble(body.format(1020, 1020), uses_dynamic_stack=1, private_segment_fixed_size=16)
    assert launch(k, (1, 1, 1), (64, 1, 1), b"", Memory()).clean()
    k = assemble(body.format(1024, 1024), uses_dynamic_stack=1, private_segment_fixed_size=16)
    report = launch(k, (1, 1, 1), (64, 1, 1), b"", Memory())
    assert report.oob_local and "stack overflow" in report.oob_local[0][1]
    assert "stack overflow" in str(fault(report))
