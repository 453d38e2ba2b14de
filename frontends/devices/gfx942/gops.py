"""The handlers a group of waves (``group.Group``) needs of its own, where the wave-by-wave one reads a scalar value
as a Python integer: buffer and global loads and stores (each wave's V# or SGPR base); MFMA (each wave's own
matrices) is ``gmfma``'s.  Each gives what ``ops_mem``'s handlers give wave by wave, and runs as a group only
where that can note nothing: an access every enabled lane makes inside one allocation's requested bytes and, for a
buffer, inside its range.  Elsewhere it returns ``False`` and ``lockstep`` runs the instruction wave by wave (the
out-of-range record, the over-read or the fault then comes from ``ops_mem`` itself, in the wave-by-wave order).
A load of bytes, halves or dwords whose addresses are aligned to the element reads the elements straight from the
arena (what ``ops_mem``'s byte gather and repacking give; a buffer's as rows, ``gmem``); a buffer access with few
lanes enabled (``SPARSE``: a guarded copy's edge) works on those lanes alone; ``handler`` says which handler a group
runs."""
from __future__ import annotations

import bisect

import numpy as np

from frontends.devices.gfx942 import glane, gmem, gmfma, gsalu, gvalu, ops_ds, ops_mem, ops_mfma, ops_salu, ops_vlane
from frontends.devices.gfx942.memory import BASE, to_bytes
from frontends.devices.gfx942.ops_mem import SIZE, _kind, _load_into, _mods, _store_bytes
from frontends.devices.gfx942.state import LANES, M64, NSGPR


def _quiet(mem, addrs: np.ndarray, n: int, lanes: np.ndarray, full: bool = False) -> bool:
    """Whether every enabled lane's ``n`` bytes at ``addrs`` lie in one allocation's requested bytes."""
    a = addrs if full else addrs[lanes]
    return a.size == 0 or bool(mem._place(a, n)[0].all())


def _move(g, ins, ctx, verb, kind, addrs, lanes, data_op) -> bool:
    n = SIZE[kind.split("_d16")[0]]
    full = lanes is g._lanes and g._full  # every lane of the batch: no lane to leave out
    if not _quiet(ctx.mem, addrs, n, lanes, full):
        return False
    if verb == "load" and kind in _DIRECT and _direct(g, ins, ctx.mem, kind, addrs, lanes, full):
        return True
    if verb == "load":
        _load_into(g, ins, kind, ctx.mem.gather(addrs, n, lanes), lanes)
    else:
        ctx.mem.scatter(addrs, _store_bytes(g, ins, kind, data_op), lanes, g.b.lane_wave)
    return True


_DIRECT = gmem.DIRECT


def _direct(g, ins, mem, kind, addrs, lanes, full) -> bool:
    """A load whose enabled lanes' addresses are aligned to its element (and inside requested bytes: ``_quiet``),
    read as elements straight into the registers (bytes and halves sign- or zero-extended to 32 bits, as
    ``ops_mem._extend``); False (nothing done) where an address is not aligned."""
    off = (addrs - np.uint64(BASE)).astype(np.int64)
    return _read(g, ins, mem, kind, off if full else np.where(lanes, off, 0), lanes)


def _read(g, ins, mem, kind, off, lanes) -> bool:
    """``_direct`` at arena offsets ``off`` (a lane left out holds any offset inside the arena: it is not
    written)."""
    view, dtype = _DIRECT[kind]
    size = np.dtype(view).itemsize
    if size > 1 and (off & (size - 1)).any():
        return False
    k = max(1, SIZE[kind] // 4)
    elems = mem.arena.view(view)
    if k == 1:
        elems = elems[off // size if size > 1 else off][None]
    else:
        elems = elems[(off // size)[None, :] + np.arange(k)[:, None]]
    words = elems.astype(np.int32 if dtype in (np.int8, np.int16) else np.uint32).view(np.uint32)
    g.vwrite(ins.ops[0], words, lanes, k)
    return True


def _inside(mem, off, n: int, lanes, full: bool):
    """Where every enabled lane's ``n`` bytes at arena offsets ``off`` lie in one allocation's requested bytes (the
    common case, ``memory.Memory._place``'s first test): an offset a lane left out may read; else None."""
    a = off if full else off[lanes]
    if a.size == 0:
        return None
    lo, hi = int(a.min()), int(a.max())
    k = bisect.bisect_right(mem._bases, BASE + lo) - 1
    return lo if k >= 0 and BASE + hi + n <= mem._ends[k] else None


def buffer(g, ins, ctx) -> bool:
    _mods(ins, {"offen", "offset"})
    verb, kind = _kind(ins.op)
    if verb not in ("load", "store"):
        return False
    data, vaddr, rsrc, soff = ins.ops[:4]
    key = ("v#", rsrc, soff)
    kept = g.b.memo.get(key)  # the V# of the buffer instruction before (gmem.remember)
    if kept is not None and kept[0] is g.idx:
        found = kept[1]
    else:
        found = _descriptors(g, rsrc, soff)
        g.b.memo[key] = (g.idx, found)
    if found is None:
        return False
    base, limit = found
    n = SIZE[kind.split("_d16")[0]]
    offset = ins.mods.get("offset", 0)
    lanes = g.lanes()
    if "d16" not in kind and not (lanes is g._lanes and g._full):
        on = np.flatnonzero(lanes)
        if len(on) * SPARSE <= len(lanes):
            done = _sparse(g, ins, ctx, verb, kind, base, limit, on)
            if done is not None:
                return done
    if verb == "load" and kind in _DIRECT and gmem.buffer_load(g, ins, ctx.mem, kind, base, limit):
        return True
    if verb == "store" and kind in gmem.STORE and gmem.buffer_store(g, ins, ctx.mem, kind, base, limit):
        return True
    if not ins.mods.get("offen"):
        off = np.full(g.b.n * LANES, offset & 0xFFFFFFFF, np.int64)
    elif vaddr.kind == "v" and vaddr.count == 1 and vaddr.index < len(g.v) and 0 <= offset:
        off = g.v[vaddr.index].astype(np.int64)  # a fresh array (the register is read, not kept)
        if offset:
            off += offset
            off &= 0xFFFFFFFF
    else:
        off = (g.vread(vaddr).astype(np.int64) + offset) & 0xFFFFFFFF
    full = lanes is g._lanes and g._full
    bad = off + (n if n < 4 else 4 * (n // 4)) > np.repeat(limit, LANES)  # the last piece's end (ops_mem._in_range)
    if (bad if full else bad & lanes).any():
        return False  # a piece out of range: recorded wave by wave
    off += np.repeat(base - BASE, LANES)  # arena offsets: base >= 0 (a V# and a 32-bit soffset), no wrapping
    if verb == "load" and kind in _DIRECT:
        at = _inside(ctx.mem, off, n, lanes, full)
        if at is not None and _read(g, ins, ctx.mem, kind, off if full else np.where(lanes, off, at), lanes):
            return True
    return _move(g, ins, ctx, verb, kind, (off + BASE).astype(np.uint64), lanes, data)


SPARSE = 8  # a buffer access with at most one lane in this many of the batch enabled works on those lanes alone


def _sparse(g, ins, ctx, verb: str, kind: str, base, limit, on: np.ndarray):
    """The buffer ``ins`` on the enabled lanes ``on`` (indices into the batch's lanes) alone, what ``buffer`` does on
    every lane under the mask: True (done), False (a piece out of range or outside the requested bytes: wave by
    wave) or None (an operand this form does not read: ``buffer``'s own path)."""
    data, vaddr = ins.ops[:2]
    n, offset = SIZE[kind], ins.mods.get("offset", 0)
    k = max(1, n // 4)
    if data.kind not in ("v", "a") or data.index + k > len(g._regs(data)):
        return None
    wave = on // LANES
    if not ins.mods.get("offen"):
        off = np.full(len(on), offset & 0xFFFFFFFF, np.int64)
    elif vaddr.kind == "v" and vaddr.count == 1 and vaddr.index < len(g.v) and 0 <= offset:
        off = (g.v[vaddr.index][on].astype(np.int64) + offset) & 0xFFFFFFFF
    else:
        return None
    if (off + (n if n < 4 else 4 * (n // 4)) > limit[wave]).any():
        return False  # a piece out of range (ops_mem._in_range): recorded wave by wave
    addrs = (off + base[wave]).astype(np.uint64)  # base >= 0 (a V# and a 32-bit soffset), no wrapping
    every = np.ones(len(on), bool)
    if not _quiet(ctx.mem, addrs, n, every, True):
        return False
    regs = g._regs(data)
    if verb == "load":  # the lanes' bytes as ops_mem._load_into extends them
        for j, row in enumerate(ops_mem._extend(ctx.mem.gather(addrs, n, every), kind)):
            regs[data.index + j][on] = row
    else:  # in lane order, as Memory.scatter keeps it
        ctx.mem.scatter(addrs, to_bytes(regs[data.index:data.index + k][:, on], n), every, wave)
    return True


def _descriptors(g, rsrc, soff):
    """Each wave's raw V# base + soffset and its range (num_records - soffset), over the batch's waves; None where
    a V# is not in SGPRs, or not raw (``ops_mem.descriptor`` refuses it wave by wave)."""
    if rsrc.kind != "s" or rsrc.count != 4 or rsrc.index + 4 > NSGPR:
        return None
    if not (soff.kind in ("imm", "fimm") or soff.kind == "s" and soff.count == 1):
        return None
    g.defined(rsrc.index, 4)
    d = g.b.s[g.sel, rsrc.index:rsrc.index + 4]
    whole = isinstance(g.sel, slice)
    so = g.sget(soff)[:1] if whole and soff.kind != "s" else g.sget(soff)
    so = so.astype(np.int64)
    if (d == d[0]).all() and (so == so[0]).all():  # one V# and soffset in every wave (the common case)
        d, so = d[:1], so[:1]
        if whole and not (d[0, 1] >> 16 & 0x3FFF or d[0, 1] >> 31 or d[0, 3] >> 23 & 1):  # raw: as below
            b0 = int(d[0, 0] + ((d[0, 1] & 0xFFFF) << 32) + so[0])
            return np.full(g.b.n, b0, np.int64), np.full(g.b.n, int(d[0, 2] - so[0]), np.int64)
    stride, swizzle, add_tid = (d[:, 1] >> 16) & 0x3FFF, d[:, 1] >> 31, (d[:, 3] >> 23) & 1
    if stride.any() or swizzle.any() or add_tid.any():
        return None
    base, limit = np.zeros(g.b.n, np.int64), np.zeros(g.b.n, np.int64)
    base[g.sel] = d[:, 0] + ((d[:, 1] & 0xFFFF) << 32) + so
    limit[g.sel] = d[:, 2] - so
    return base, limit


def global_(g, ins, ctx) -> bool:
    _mods(ins, {"offset"})
    verb, kind = _kind(ins.op)
    if verb not in ("load", "store"):
        return False
    if verb == "load":
        dst, vaddr, *rest = ins.ops
        data = None
    else:
        vaddr, data, *rest = ins.ops
    saddr = rest[0] if rest else None
    off = np.uint64(ins.mods.get("offset", 0) & M64)
    if saddr is None or saddr.kind == "off":
        addrs = g.vread(vaddr, "u64").astype(np.uint64) + off
    else:
        addrs = np.repeat(g.each(saddr), LANES) + g.vread(vaddr).astype(np.uint64) + off
    return _move(g, ins, ctx, verb, kind, addrs, g.lanes(), data)


def scratch(g, ins, ctx) -> bool:
    """``scratch_*`` of the group's lanes at once, each in its own row of the batch's private segments (and of their
    written shadow); an access outside its lane's segment goes wave by wave (``ops_mem._scratch`` reports it)."""
    _mods(ins, {"offset"})
    verb, kind = _kind(ins.op)
    if verb == "load":
        dst, vaddr, saddr = ins.ops
    else:
        vaddr, data, saddr = ins.ops
    n, rows = SIZE[kind.split("_d16")[0]], g.b.scratch
    a = np.full(g.b.n * LANES, ins.mods.get("offset", 0), np.int64)
    if vaddr.kind != "off":
        a = a + g.vread(vaddr).astype(np.int64)
    if saddr.kind != "off":
        a = a + np.repeat(g.each(saddr), LANES).astype(np.int64)
    a &= 0xFFFFFFFF  # a 32-bit private address (ops_mem._scratch_addr)
    lanes = g.lanes()
    if ((a < 0) | (a + n > rows.shape[1]))[lanes].any():
        return False
    first = int(a[0])
    if (a == first).all() and first + n <= rows.shape[1]:  # one address in every lane: columns, not a gather
        at = slice(first, first + n)
        idx = np.broadcast_to(np.arange(first, first + n), (len(a), n))
    else:
        at = idx = np.clip(a[:, None] + np.arange(n), 0, max(rows.shape[1] - 1, 0))
    if verb == "load":
        _unwritten(g, ins, _take(g.b.written, at), idx, lanes)
        _load_into(g, ins, kind, np.ascontiguousarray(_take(rows, at)), lanes)
    else:
        b = _store_bytes(g, ins, kind, data)
        on = np.flatnonzero(lanes)
        if isinstance(at, slice):
            rows[on, at] = b[on]
            g.b.written[on, at] = True
        else:
            rows[on[:, None], idx[on]] = b[on]
            g.b.written[on[:, None], idx[on]] = True
    return True


def _take(rows: np.ndarray, at) -> np.ndarray:
    """Each lane's bytes ``at`` (a slice: the same columns in every lane; an array: each lane's own)."""
    return rows[:, at] if isinstance(at, slice) else np.take_along_axis(rows, at, axis=1)


def _unwritten(g, ins, written: np.ndarray, idx: np.ndarray, lanes: np.ndarray) -> None:
    """Each wave's record of a private load of bytes no store wrote (``ops_mem.unwritten``; ``written``: the shadow
    of the bytes ``idx`` each lane reads), left in the batch's ``unwritten`` for the scheduler to key as the
    wave-by-wave order meets it."""
    fresh = ~written & lanes[:, None]
    if not fresh.any():
        return
    hit = fresh.any(axis=1)  # per lane
    per_wave = hit.reshape(g.b.n, LANES)
    waves = np.flatnonzero(per_wave.any(axis=1))
    rows = waves * LANES + np.argmax(per_wave[waves], axis=1)  # each wave's first such lane
    offsets = idx[rows, np.argmax(fresh[rows], axis=1)]  # and its first such byte
    counts = per_wave[waves].sum(axis=1)
    g.b.unwritten += [(i, ins.text, r - i * LANES, off, n)
                      for i, r, off, n in zip(waves.tolist(), rows.tolist(), offsets.tolist(), counts.tolist())]


def s_load(g, ins, ctx) -> bool:
    """``s_load_*`` of every wave of the group in one gather (``s_buffer_load`` goes wave by wave)."""
    _mods(ins, set())
    dst, base_op, off_op = ins.ops
    if ins.op.startswith("s_buffer_load") or dst.kind != "s" or dst.index + dst.count > NSGPR:
        return False
    n = 4 * dst.count
    off = off_op.value if off_op.kind == "imm" else g.sget(off_op).astype(object)
    addrs = g.sget(base_op).astype(object) + off  # Python integers: an address outside 64 bits is seen, not wrapped
    if any(a < 0 or a > M64 for a in addrs.tolist()):
        return False  # as the wave-by-wave handler meets it
    addrs = addrs.astype(np.uint64)
    every = np.ones(len(addrs), bool)
    if not _quiet(ctx.mem, addrs, n, every):
        return False
    rows = np.ascontiguousarray(ctx.mem.gather(addrs, n, every))
    g.b.s[g.idx, dst.index:dst.index + dst.count] = rows.view("<u4").reshape(len(addrs), dst.count)
    g.wrote(dst.index, dst.count)
    return True


def _lanewise(fn):
    def run(g, ins, ctx) -> bool:
        fn(g, ins, ctx)
        return True
    return run


def handler(fn, ins):
    """The group handler of an instruction bound to ``fn`` (None: it runs wave by wave): this module's, ``gsalu``'s,
    ``glane``'s, ``gvalu``'s, or a lane-wise handler itself (its DPP form included: ``dpp.move`` keeps each wave's lanes apart).
    A group handler returns True (done: the group goes on), a dict (program counter -> waves: a branch, ``gsalu``)
    or False (not for a group after all: the instruction runs wave by wave)."""
    if fn in _OWN:
        return _OWN[fn]
    for table, own in ((ops_salu.OPS, gsalu.OPS), (ops_vlane.OPS, glane.OPS), (ops_ds.OPS, glane.OPS)):
        if ins.op in own and fn is table.get(ins.op):  # the handler bound as is (not wrapped: ``denorm``)
            return own[ins.op]
    own = gvalu.handler(ins, fn)
    if own is not None:
        return own
    return _lanewise(fn) if getattr(fn, "lockstep", False) else None


_OWN = {ops_mem._buffer: buffer, ops_mem._global: global_, ops_mfma._mfma: gmfma.mfma, ops_mem._s_load: s_load,
        ops_mem._scratch: scratch,
        **{f: _lanewise(f) for f in (ops_ds._read, ops_ds._write, ops_ds._read2, ops_ds._write2)}}
