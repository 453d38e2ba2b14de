"""Scalar and vector memory: ``s_load_*``/``s_buffer_load_*`` (SMEM), ``buffer_*`` (MUBUF through a V# resource
descriptor), ``global_*`` and ``flat_*`` (to global memory), ``scratch_*`` (each lane's private segment of
``private_segment_fixed_size`` bytes, addressed by vaddr + saddr + offset; gfx942 initializes flat scratch itself,
so the kernel gets no scratch SGPRs; accesses outside the segment read 0, write nothing, and are reported; each
lane's ``written`` shadow says which private bytes a store wrote, and a load of others is recorded with its first
lane and offset: ``Report.unwritten_private``).
Every operation completes before the next instruction (see the package docstring on ``s_waitcnt``); cache-policy
bits (glc, slc, nt, sc0, sc1) change no value, and cache write-back/invalidate instructions do nothing.

Buffer addressing and range checking (CDNA3 ISA reference, "Buffer Instructions"; gem5's MUBUF ``calcAddr``): a
raw buffer (stride 0, no swizzle, no idxen, no add-tid) addresses ``base + soffset + voffset (offen) + offset``,
the buffer offset ``voffset + offset`` computed in 32 bits (LLVM relies on it wrapping).
Range checking is per dword of the access (a sub-dword access as a whole): a piece is in range only if it ends at
or below ``num_records - soffset``; out-of-range pieces read 0 and are not stored, and each is reported.  This
per-piece rule is the gfx942 behaviour LLVM/MLIR describe (llvm-project#135014: a 2-dword load straddling the end
reads 0 for the straddling dword); strided, swizzled and indexed buffers raise.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.memory import from_bytes, to_bytes
from frontends.devices.gfx942.state import LANES

SIZE = {"ubyte": 1, "sbyte": 1, "byte": 1, "ushort": 2, "sshort": 2, "short": 2, "dword": 4, "dwordx2": 8,
        "dwordx3": 12, "dwordx4": 16, "dwordx8": 32, "dwordx16": 64}
CACHE = {"glc", "slc", "nt", "sc0", "sc1"}
ALL = np.ones(LANES, bool)


def _mods(ins, allowed):
    extra = set(ins.mods) - allowed - CACHE
    if extra:
        raise Unmodelled(f"modifier {sorted(extra)[0]} on {ins.op}", ins)


def _kind(op: str) -> tuple[str, str]:
    """buffer_load_ushort -> ("load", "ushort"); global_store_short_d16_hi -> ("store", "short_d16_hi")."""
    _, verb, rest = op.split("_", 2)
    return verb, rest


def _extend(b: np.ndarray, kind: str) -> np.ndarray:
    """Loaded bytes (64, n) -> (dwords, 64) register values for a load of kind."""
    if kind in ("sbyte", "sshort"):
        n = 1 if kind == "sbyte" else 2
        v = from_bytes(b, 1)[0].astype(np.int64)
        v = np.where(v >= 2**(8 * n - 1), v - 2**(8 * n), v)
        return (v & 0xFFFFFFFF).astype(np.uint32)[None]
    return from_bytes(b, max(1, (b.shape[1] + 3) // 4))


def _load_into(w, ins, kind: str, b: np.ndarray, lanes: np.ndarray) -> None:
    dst = ins.ops[0]
    if "d16" in kind:
        v = from_bytes(b, 1)[0]
        if kind.startswith("sbyte"):
            v = np.where(v >= 128, v | 0xFF00, v).astype(np.uint32)
        old = w.vread(dst)
        v = (old & 0xFFFF0000) | (v & 0xFFFF) if not kind.endswith("_hi") else (old & 0xFFFF) | (v << 16)
        w.vwrite(dst, v.astype(np.uint32), lanes, 1)
        return
    regs = _extend(b, kind)
    w.vwrite(dst, regs, lanes, regs.shape[0])


def _store_bytes(w, ins, kind: str, data_op) -> np.ndarray:
    n = SIZE[kind.split("_d16")[0]]
    regs = w.vregs(data_op, max(1, n // 4))
    if kind.endswith("d16_hi"):
        regs = regs >> np.uint32(16)
    return to_bytes(regs, n)


# -- buffers
def descriptor(w, op, ins) -> tuple[int, int]:
    """(base, num_records) of a raw V#; other buffer kinds raise."""
    d = w.sread(op)
    base, stride, swizzle = d & (2**48 - 1), (d >> 48) & 0x3FFF, (d >> 63) & 1
    num_records, word3 = (d >> 64) & 0xFFFFFFFF, (d >> 96) & 0xFFFFFFFF
    if stride or swizzle or (word3 >> 23) & 1:
        raise Unmodelled(f"strided/swizzled/add-tid buffer (stride {stride}, swizzle {swizzle})", ins)
    return base, num_records


def _buffer(w, ins, ctx):
    _mods(ins, {"offen", "offset"})
    verb, kind = _kind(ins.op)
    data, vaddr, rsrc, soff = ins.ops[:4]
    base, records = descriptor(w, rsrc, ins)
    so = w.sread(soff)
    voff = w.vread(vaddr).astype(np.int64) if ins.mods.get("offen") else np.zeros(LANES, np.int64)
    off = (voff + ins.mods.get("offset", 0)) & 0xFFFFFFFF  # 32-bit: LLVM puts -128 in the VGPR, 128 in offset
    n = SIZE[kind.split("_d16")[0]]
    lanes = w.lanes()
    ok = _in_range(off, n, records - so)  # (64, pieces)
    addrs = np.uint64(base + so) + off.astype(np.uint64)
    whole = bool(ok.all())
    if not whole:
        bad = lanes[:, None] & ~ok
        if bad.any():
            ctx.oob_buffer(ins, int(bad.any(axis=1).sum()), int(off[bad.any(axis=1)][0]))
    if verb == "load":
        if whole:
            b = ctx.mem.gather(addrs, n, lanes)
        elif n < 4:
            b = ctx.mem.gather(addrs, n, lanes & ok[:, 0])
        else:  # piece by piece: the in-range dwords of a straddling access are read, the others are 0
            b = np.concatenate([ctx.mem.gather(addrs + np.uint64(4 * p), 4, lanes & ok[:, p])
                                for p in range(ok.shape[1])], axis=1)
        _load_into(w, ins, kind, b, lanes)
    elif verb == "store":
        b = _store_bytes(w, ins, kind, data)
        if whole:
            ctx.mem.scatter(addrs, b, lanes)
        else:
            for p in range(ok.shape[1]):
                size = min(4, n)
                ctx.mem.scatter(addrs + np.uint64(4 * p), b[:, 4 * p:4 * p + size], lanes & ok[:, p])
    else:
        raise Unmodelled(f"buffer {verb}", ins)


def _in_range(off: np.ndarray, n: int, limit: int) -> np.ndarray:
    if n < 4:
        return (off >= 0)[:, None] & (off + n <= limit)[:, None]
    ends = off[:, None] + 4 * (np.arange(n // 4) + 1)
    return (off >= 0)[:, None] & (ends <= limit)


# -- global / flat
def _global_addr(w, ins, vaddr, saddr):
    off = ins.mods.get("offset", 0)
    if saddr is None or saddr.kind == "off":
        return (w.vread(vaddr, "u64").astype(np.uint64) + np.uint64(off & (2**64 - 1)))
    return (np.uint64(w.sread(saddr)) + w.vread(vaddr).astype(np.uint64) + np.uint64(off & (2**64 - 1)))


def _global(w, ins, ctx):
    _mods(ins, {"offset"})
    verb, kind = _kind(ins.op)
    lanes = w.lanes()
    if verb == "load":
        dst, vaddr, *rest = ins.ops
        addrs = _global_addr(w, ins, vaddr, rest[0] if rest else None)
        n = SIZE[kind.split("_d16")[0]]
        _load_into(w, ins, kind, ctx.mem.gather(addrs, n, lanes), lanes)
    elif verb == "store":
        vaddr, data, *rest = ins.ops
        addrs = _global_addr(w, ins, vaddr, rest[0] if rest else None)
        ctx.mem.scatter(addrs, _store_bytes(w, ins, kind, data), lanes)
    else:
        raise Unmodelled(f"{ins.op.split('_')[0]} {verb}", ins)


# -- scratch (private memory): gfx942's architected flat scratch gives each lane its own byte address space
def _scratch_addr(w, ins, vaddr, saddr) -> np.ndarray:
    a = np.full(LANES, ins.mods.get("offset", 0), np.int64)
    if vaddr.kind != "off":
        a = a + w.vread(vaddr).astype(np.int64)
    if saddr.kind != "off":
        a = a + w.sread(saddr)
    return a & 0xFFFFFFFF  # a 32-bit private address, as the buffer offset


def _scratch_bytes(w, ins, ctx, addrs, n):
    idx = addrs[:, None] + np.arange(n)
    inside = (idx[:, 0] >= 0) & (idx[:, -1] < w.scratch.shape[1])
    bad = w.lanes() & ~inside
    if bad.any():  # past a dynamic stack's private bytes (launch.HIP_STACK): the stack overflowed
        overflow = " (a stack overflow)" if ctx.kernel.descriptor.get("uses_dynamic_stack") else ""
        ctx.report.oob_local.append((ctx.kernel.name, ins.text + overflow, int(bad.sum())))
    return np.clip(idx, 0, max(w.scratch.shape[1] - 1, 0)), inside


def _scratch(w, ins, ctx):
    _mods(ins, {"offset"})
    verb, kind = _kind(ins.op)
    lanes = w.lanes()
    n = SIZE[kind.split("_d16")[0]]
    if verb == "load":
        dst, vaddr, saddr = ins.ops
        idx, inside = _scratch_bytes(w, ins, ctx, _scratch_addr(w, ins, vaddr, saddr), n)
        b = np.where(inside[:, None], np.take_along_axis(w.scratch, idx, axis=1), 0).astype(np.uint8)
        seen = unwritten(w.written, idx, lanes & inside)
        if seen is not None:
            ctx.report.unwritten_private.append((ctx.kernel.name, ctx.workgroup, w.id, ins.text, *seen))
        _load_into(w, ins, kind, b, lanes)
    else:
        vaddr, data, saddr = ins.ops
        idx, inside = _scratch_bytes(w, ins, ctx, _scratch_addr(w, ins, vaddr, saddr), n)
        b = _store_bytes(w, ins, kind, data)
        for lane in np.flatnonzero(lanes & inside):
            w.scratch[lane, idx[lane]] = b[lane]
            w.written[lane, idx[lane]] = True


def unwritten(written: np.ndarray, idx: np.ndarray, on: np.ndarray):
    """Of one wave's private load (``idx``: each lane's byte offsets, ``on``: the lanes that read them), where it
    reads bytes no store wrote: (its first such lane, that lane's first such offset, how many lanes), or None."""
    fresh = ~np.take_along_axis(written, idx, axis=1) & on[:, None]
    lanes = fresh.any(axis=1)
    if not lanes.any():
        return None
    lane = int(np.argmax(lanes))
    return lane, int(idx[lane, np.argmax(fresh[lane])]), int(lanes.sum())


# -- scalar
def _s_load(w, ins, ctx):
    _mods(ins, set())
    dst, base_op, off_op = ins.ops
    n = 4 * dst.count
    if ins.op.startswith("s_buffer_load"):
        base, records = descriptor(w, base_op, ins)
        off = w.sread(off_op)
        b = ctx.mem.gather(np.array([base + off], np.uint64), n, ALL[:1])[0]
        ok = np.repeat(off + 4 * (np.arange(n // 4) + 1) <= records, 4)
        b = np.where(ok, b, 0).astype(np.uint8)
    else:
        addr = w.sread(base_op) + (off_op.value if off_op.kind == "imm" else w.sread(off_op))
        b = ctx.mem.gather(np.array([addr], np.uint64), n, ALL[:1])[0]
    w.swrite(dst, int.from_bytes(b.tobytes(), "little"))


def _cache(w, ins, ctx):
    """Cache write-back/invalidate: no data moves in a model without caches."""
    _mods(ins, set())


OPS = {"buffer_inv": _cache, "buffer_wbl2": _cache, "buffer_wbinvl1_vol": _cache, "buffer_wbinvl1": _cache}
for _k in SIZE:
    OPS[f"s_load_{_k}"] = _s_load
    OPS[f"s_buffer_load_{_k}"] = _s_load
for _k in ("ubyte", "sbyte", "ushort", "sshort", "dword", "dwordx2", "dwordx3", "dwordx4", "ubyte_d16",
           "ubyte_d16_hi", "sbyte_d16", "sbyte_d16_hi", "short_d16", "short_d16_hi"):
    OPS[f"buffer_load_{_k}"] = _buffer
    OPS[f"global_load_{_k}"] = _global
    OPS[f"flat_load_{_k}"] = _global
    OPS[f"scratch_load_{_k}"] = _scratch
for _k in ("byte", "short", "dword", "dwordx2", "dwordx3", "dwordx4", "byte_d16_hi", "short_d16_hi"):
    OPS[f"buffer_store_{_k}"] = _buffer
    OPS[f"global_store_{_k}"] = _global
    OPS[f"flat_store_{_k}"] = _global
    OPS[f"scratch_store_{_k}"] = _scratch
