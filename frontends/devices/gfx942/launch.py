"""Start a grid: ``launch(kernel, grid, block, kernarg, memory) -> Report``.

The initial wave state follows the AMDHSA code object v5 ABI for gfx942 (LLVM AMDGPUUsage, "Initial Kernel
Execution State"), as the kernel descriptor enables it: user SGPRs from s0 (the kernarg segment pointer, then the
``kernarg_preload_length`` dwords of kernarg preloaded from ``kernarg_preload_offset``), then the system SGPRs
(work-group id x, y, z) at ``user_sgpr_count``; v0 holds the packed work-item id (x in bits 0-9, y in 10-19, z in
20-29, gfx90a and later) with the components ``system_vgpr_workitem_id`` enables (COMPUTE_PGM_RSRC2.TIDIG_COMP_CNT:
0 x alone, 1 x and y, 2 all three; the others read 0, as LLVM assumes when it drops the 0x3ff mask of a kernel that
never reads y: ``SITargetLowering::allocateSpecialEntryInputVGPRs``; a hand-written listing without the field gets
all three); EXEC enables the lanes of the work-items that exist.  The kernarg segment is placed
in ``memory`` as the HIP runtime carves it from its pool (``memory.KERNARG_ALIGN``: 128-byte aligned, owning the
slack up to the next 128 bytes, which reads as unwritten memory and is reported as an over-read, not a fault).
Scratch is gfx942's architected flat scratch: each lane gets ``private_segment_fixed_size`` private bytes, or the
HIP runtime's stack (``HIP_STACK``) for a kernel with a dynamic stack (filled with ``memory.FILL``, as unwritten
memory), and no SGPR.  Dynamic LDS (``launch``'s ``dynamic_lds``) follows the static segment.
The user SGPRs unoptimized code asks for (``--opt-bisect-limit`` keeps them) come in the ABI's order before the
kernarg pointer: the dispatch pointer (to the HSA kernel dispatch packet of the launch, laid out here as the HSA
spec defines it: workgroup and grid sizes, segment sizes, the kernarg address), the queue pointer (the runtime's
queue: an address no allocation holds, so a kernel that reads it raises) and after it the dispatch id (0 here).
Each wave's MODE starts with the descriptor's float fields (``denorm.initial``: f32 denormals kept or flushed).
Descriptors that ask for a private segment buffer, flat scratch init, or float modes outside ``denorm`` raise.
"""
from __future__ import annotations


import numpy as np

from frontends.devices.errors import GlobalRace
from frontends.devices.gfx942 import denorm, lockstep
from frontends.devices.gfx942.errors import Report, Unmodelled
from frontends.devices.gfx942.machine import Context, bind, run_workgroup
from frontends.devices.gfx942.memory import FILL, KERNARG_ALIGN
from frontends.devices.gfx942.state import Wave, from_mask
from frontends.devices.simcore import GlobalWrites

UNSUPPORTED = ("user_sgpr_private_segment_buffer", "user_sgpr_flat_scratch_init", "user_sgpr_private_segment_size",
               "system_sgpr_workgroup_info")
# A kernel whose stack the compiler cannot bound (.amdhsa_uses_dynamic_stack) gets the HIP runtime's stack: ROCm/clr
# (rocvirtual.cpp) dispatches it with max(the device's stack size, private_segment_fixed_size) private bytes per lane,
# at most 16 KiB; the stack size is 1,024 bytes unless hipDeviceSetLimit(hipLimitStackSize) changes it (device.hpp
# stack_size_{1024}).  Past it, an access is outside the private segment: a stack overflow, reported as a fault.
HIP_STACK = 1024
MAX_PRIVATE = 16 * 1024
# "lockstep": the waves of many workgroups at once (lockstep.py), handing over to the reference where it must;
# "reference": every workgroup's waves one after another (machine.py), what lockstep must equal byte for byte
ENGINE = "lockstep"


def _ids(linear: int, grid) -> tuple:
    return linear % grid[0], linear // grid[0] % grid[1], linear // (grid[0] * grid[1])


def _check(kernel) -> None:
    d = kernel.descriptor
    for key in UNSUPPORTED:
        if d.get(key):
            raise Unmodelled(f"kernel descriptor .amdhsa_{key} {d[key]} ({kernel.name})")
    denorm.initial(d)  # raises for float modes outside the model


def dispatch_packet(kernel, grid: tuple, block: tuple, kernarg_addr: int, dynamic_lds: int = 0) -> bytes:
    """The 64-byte HSA kernel dispatch packet (hsa_kernel_dispatch_packet_t) of a launch: setup (3 dimensions),
    workgroup size (u16 x3), grid size in work-items (u32 x3), private and group segment sizes, kernel object (0:
    none here), kernarg address, completion signal (0)."""
    d = kernel.descriptor
    return (b"\0\0" + (3).to_bytes(2, "little") + b"".join(int(b).to_bytes(2, "little") for b in block) + b"\0\0"
            + b"".join((int(g) * int(b)).to_bytes(4, "little") for g, b in zip(grid, block))
            + private_size(kernel).to_bytes(4, "little")
            + ((kernel.lds_bytes or 0) + dynamic_lds).to_bytes(4, "little") + bytes(8)
            + kernarg_addr.to_bytes(8, "little") + bytes(16))


def _user_sgprs(kernel, kernarg_addr: int, kernarg: bytes, packet: int = 0, queue: int = 0) -> tuple[dict, list]:
    """The user SGPRs (the same in every workgroup of a launch) and where each workgroup's (x, y, z) ids go:
    [(register, axis)]."""
    d = kernel.descriptor
    regs, n = {}, 0
    for key, value in (("user_sgpr_dispatch_ptr", packet), ("user_sgpr_queue_ptr", queue),
                       ("user_sgpr_kernarg_segment_ptr", kernarg_addr)):
        if d.get(key):
            regs[n], regs[n + 1] = value & 0xFFFFFFFF, value >> 32
            n += 2
    if d.get("user_sgpr_dispatch_id"):
        regs[n], regs[n + 1] = 0, 0
        n += 2
    start = d.get("user_sgpr_kernarg_preload_offset", 0)
    padded = kernarg + bytes(4 * d.get("user_sgpr_kernarg_preload_length", 0) + 4 * start)
    for i in range(d.get("user_sgpr_kernarg_preload_length", 0)):
        regs[n + i] = int.from_bytes(padded[4 * (start + i):4 * (start + i) + 4], "little")
    n = d.get("user_sgpr_count", n)
    ids = []
    for axis, key in enumerate(("x", "y", "z")):
        if d.get(f"system_sgpr_workgroup_id_{key}", 1 if key == "x" else 0):
            ids.append((n, axis))
            n += 1
    return regs, ids


def private_size(kernel) -> int:
    """Private bytes per lane, as the HIP runtime dispatches the kernel (``HIP_STACK``)."""
    fixed = kernel.descriptor.get("private_segment_fixed_size", 0)
    return min(max(HIP_STACK, fixed), MAX_PRIVATE) if kernel.descriptor.get("uses_dynamic_stack") else fixed


def _waves(kernel, block: tuple, sgprs: dict) -> list[Wave]:
    bx, by, bz = block
    total = bx * by * bz
    nv = kernel.descriptor.get("accum_offset", kernel.descriptor.get("next_free_vgpr", 1))
    na = max(kernel.descriptor.get("next_free_vgpr", 0) - nv, int(kernel.meta.get(".agpr_count", 0)), 1)
    waves = []
    private = private_size(kernel)
    ids = kernel.descriptor.get("system_vgpr_workitem_id", 2)  # the work-item id components v0 is given
    for wid in range((total + 63) // 64):
        w = Wave(max(kernel.descriptor.get("next_free_vgpr", 1), nv), na, wid)
        w.scratch = np.full((64, private), FILL, np.uint8)
        w.written = np.zeros((64, private), bool)
        w.mode = denorm.initial(kernel.descriptor)
        for i, v in sgprs.items():
            w.s[i], w.sw[i] = v, True
        flat = wid * 64 + np.arange(64)
        x, y, z = flat % bx, (flat // bx) % by, flat // (bx * by)
        w.v[0] = (x | (y << 10) * (ids >= 1) | (z << 20) * (ids >= 2)).astype(np.uint32)
        w.exec = from_mask(flat < total)
        waves.append(w)
    return waves


def _clone(t: Wave, sgprs: dict, shared: bool = False) -> Wave:
    """A fresh wave with the state of ``t`` (registers, private segment and its written shadow, EXEC, MODE) and the
    SGPRs ``sgprs``; ``shared``: its VGPRs, AGPRs and private segment (and shadow) are ``t``'s own arrays, for a
    caller that copies them before anything writes them (``group.Batch`` copies them into its arrays and gives the
    wave views of those)."""
    w = Wave.__new__(Wave)
    w.__dict__.update(t.__dict__)
    w.s, w.sw, w._mask, w.loaded = list(t.s), list(t.sw), t._mask.copy(), dict(t.loaded)
    w.unread = []
    if not shared:
        w.v, w.a, w.scratch, w.written = t.v.copy(), t.a.copy(), t.scratch.copy(), t.written.copy()
    for i, v in sgprs.items():
        w.s[i], w.sw[i] = v, True  # the ABI's initial SGPRs count as written (``state.Wave.sw``)
    return w


def launch(kernel, grid: tuple, block: tuple, kernarg: bytes, memory, report: Report | None = None,
           counts: dict | None = None, dynamic_lds: int = 0) -> Report:
    """Run ``kernel`` over ``grid`` workgroups of ``block`` work-items with ``dynamic_lds`` bytes of dynamic group
    memory (hipModuleLaunchKernel's sharedMemBytes: the runtime gives a workgroup the static segment plus these,
    ROCm/clr rocvirtual.cpp ``group_segment_size = ldsUsage + sharedMemBytes``, and the kernel finds them after
    its static segment); returns the report of what hardware would not flag (out-of-range and LDS race records)."""
    _check(kernel)
    want = kernel.workgroup_size
    if want and tuple(want) != tuple(block):
        raise ValueError(f"{kernel.name} requires workgroup size {want}, launched with {block}")
    if any(ins.fn is None for ins in kernel.code):
        bind(kernel)
    report = report if report is not None else Report()
    kernarg = bytes(kernarg).ljust(max(kernel.kernarg_size, len(kernarg)), b"\0")
    addr = memory.alloc(len(kernarg), 0, KERNARG_ALIGN, "kernarg segment")
    memory.put(addr, kernarg)
    packet = queue = 0
    if kernel.descriptor.get("user_sgpr_dispatch_ptr"):
        packet = memory.alloc(64, 0, 64, "dispatch packet")  # one 64-byte slot of the queue's ring
        memory.put(packet, dispatch_packet(kernel, grid, block, addr, dynamic_lds))
    if kernel.descriptor.get("user_sgpr_queue_ptr"):
        queue = memory.runtime_object("hsa_queue")
    groups = [(gx + grid[0] * (gy + grid[1] * gz), (gx, gy, gz))
              for gz in range(grid[2]) for gy in range(grid[1]) for gx in range(grid[0])]

    template = []  # the waves of a workgroup before its SGPRs are set: the same for every workgroup of the grid
    user, ids = _user_sgprs(kernel, addr, kernarg, packet, queue)

    def make(wg, shared: bool = False):
        if not template:
            template.extend(_waves(kernel, block, {}))
        sgprs = {**user, **{reg: wg[axis] for reg, axis in ids}}
        return [_clone(t, sgprs, shared) for t in template]
    lds = kernel.lds_bytes + dynamic_lds
    waves = -(-block[0] * block[1] * block[2] // 64)  # a workgroup's waves: "threads" of its global stores
    memory.writes = GlobalWrites(memory.bases.astype(np.int64), (memory.ends - memory.bases).astype(np.int64), waves)
    try:
        if not (ENGINE == "lockstep" and lockstep.run(kernel, grid, groups, make, memory, report, counts, lds)):
            memory.writes = GlobalWrites(memory.writes.bases, memory.writes.sizes, waves)  # the lockstep's: undone
            for linear, wg in groups:  # the reference: each workgroup's waves one after another (machine.py)
                ctx = Context(kernel, memory, report, lds)
                ctx.workgroup, ctx.counts, ctx.first_wave = wg, counts, linear * waves
                run_workgroup(make(wg), kernel.code, ctx)
        memory.writes.check(lambda t: f"wave {t % waves} of workgroup {_ids(t // waves, grid)}")
    except GlobalRace as e:
        report.global_races.append((kernel.name, str(e)))
    finally:
        memory.writes = memory.who = None
    for kind, a in memory.faults:
        report.oob_global.append((kernel.name, kind, a))
    memory.faults.clear()
    report.overreads.extend((kernel.name, *o) for o in memory.overreads)
    memory.overreads.clear()
    return report
