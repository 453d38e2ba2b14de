"""Buffer loads and stores of a group of waves (``group.Group``) as rows: the elements ``ops_mem._buffer`` moves
lane by lane (through ``Memory.gather``/``scatter`` and the byte repacking of ``ops_mem``), moved straight between
the registers and the arena as (waves x 64) elements, for the accesses where that can note nothing: every piece in
range, every lane inside one allocation's requested bytes, every address aligned to its element (``DIRECT``'s and
``STORE``'s kinds).  Anything else returns False and ``gops.buffer`` takes the instruction (its own paths, or wave
by wave for what must be recorded).

Where every wave of the group has EXEC full and its lanes' offsets follow one pattern from a first lane (lane l at
``first + P[l]`` in every wave, ``P`` shared: consecutive elements, one element, any small span), the checks are
made on the first lanes and ``P`` alone, and a load reads each wave's elements as one strided window of the arena
(a copy of a row, not 64 separate reads); other loads are checked and read lane by lane.  Both give the same
elements.  A store is written as rows only where no two of its lanes write one byte (each wave's lanes apart, the
waves' spans apart), so that the order of the lanes, which ``Memory.scatter`` keeps, cannot matter.

Buffer instructions that follow one another (a kernel's run of loads through a few address registers) share what
depends only on registers they do not write: each group's lane pattern of an address register and its V#s are kept
in ``Batch.memo`` and ``remember`` keeps that true (any other instruction forgets everything before it runs; a load
forgets its own data registers after).  Where the waves' first elements step evenly (every wave reading the same
elements is common: a filter's weights), the rows are a strided view of the arena instead of a gather.
"""
from __future__ import annotations

import bisect

import numpy as np
from numpy.lib.stride_tricks import as_strided

from frontends.devices.gfx942.memory import BASE
from frontends.devices.gfx942.ops_mem import SIZE
from frontends.devices.gfx942.state import LANES, M64

# load kind -> (the arena's element view, the element's type: bytes and halves sign- or zero-extended to 32 bits)
DIRECT = {"ubyte": ("u1", np.uint8), "sbyte": ("i1", np.int8), "ushort": ("<u2", np.uint16),
          "sshort": ("<i2", np.int16), **{k: ("<u4", np.uint32) for k in ("dword", "dwordx2", "dwordx3", "dwordx4")}}
STORE = {"byte": "u1", "short": "<u2", **{k: "<u4" for k in ("dword", "dwordx2", "dwordx3", "dwordx4")}}
DENSE = 2  # a lane pattern spanning at most DENSE x 64 elements per register is read as one window per wave
_U = np.uint32


def buffer_load(g, ins, mem, kind: str, base: np.ndarray, limit: np.ndarray) -> bool:
    """The load ``ins`` of ``kind`` through each wave's V# ``base`` (+ soffset) and range ``limit`` (arrays over
    the batch's waves, ``gops._descriptors``); False (nothing done) where it is not for rows."""
    words, dst = max(1, SIZE[kind] // 4), ins.ops[0]
    if dst.kind != "v" or dst.index + words > len(g.v):
        return False
    raw = _vaddr(g, ins)
    if raw is None:
        return False
    found = _lane_pattern(g, ins, raw)
    if found is not None:
        rows, first, p = found
        return _pattern(g, ins, mem, kind, base[rows], limit[rows], first, p, rows)
    offset = ins.mods.get("offset", 0) & 0xFFFFFFFF
    return _lanes(g, ins, mem, kind, base, limit, raw + _U(offset) if offset else raw)


def buffer_store(g, ins, mem, kind: str, base: np.ndarray, limit: np.ndarray) -> bool:
    """The store ``ins`` of ``kind`` (``STORE``) as rows where every wave has EXEC full, its lanes follow one
    pattern, the checks of a load pass and no two lanes write one byte (then the order of the lanes cannot
    matter); False (nothing done) elsewhere."""
    words, data = max(1, SIZE[kind] // 4), ins.ops[0]
    raw = _vaddr(g, ins) if data.kind == "v" and data.index + words <= len(g.v) else None
    found = None if raw is None else _lane_pattern(g, ins, raw)
    if found is None:
        return False
    rows, first, p = found
    base, n = base[rows], SIZE[kind]
    lo, hi = first + int(p.min()), first + int(p.max())
    at = _checked(mem, kind, base, limit[rows], lo, hi, int(np.bitwise_or.reduce(first)) | int(np.bitwise_or.reduce(p)))
    starts = np.sort(base + first)
    if at is None or (np.diff(np.sort(p)) < n).any() or (np.diff(starts) < int(p.max()) + n).any():
        return False  # lanes writing one byte: the lane order of Memory.scatter decides (gops.buffer)
    view = STORE[kind]
    size = np.dtype(view).itemsize
    elems = mem.arena.view(view)
    idx = ((base - BASE + first) // size)[:, None] + p // size
    for j in range(words):
        vals = g.v[data.index + j].reshape(g.b.n, LANES)[rows]
        elems[idx + j if j else idx] = vals.astype(view)  # the register's low bytes (little-endian memory)
    return True


def _vaddr(g, ins):
    """Each lane's VGPR offset as (waves, 64) uint32 (0 without ``offen``); None where it is not one VGPR."""
    vaddr, shape = ins.ops[1], (g.b.n, LANES)
    if not ins.mods.get("offen"):
        return np.broadcast_to(_U(0), shape)
    if vaddr.kind == "v" and vaddr.count == 1 and vaddr.index < len(g.v):
        return g.v[vaddr.index].reshape(shape)
    return None


def _lane_pattern(g, ins, raw):
    """(the group's waves, each wave's first lane's buffer offset, the pattern p) where every group wave has EXEC
    full and lane l's offset is its first lane's + p[l] in every wave; else None.  The lanes' part is remembered
    for the next buffer instructions of the group (``remember``)."""
    vaddr = ins.ops[1].index if ins.mods.get("offen") else None
    key = ("lanes", vaddr)
    kept = g.b.memo.get(key)
    if kept is not None and kept[0] is g.idx and kept[1] == g.b.epoch:
        found = kept[2]
    else:
        found = _pattern_of(g, raw)
        g.b.memo[key] = (g.idx, g.b.epoch, found)
    if found is None:
        return None
    rows, low, p = found
    # lane l at first + p[l] modulo 2**32: where that passes 2**32 - 1, the range check refuses it (a range is
    # below 2**32), so first + p[l] is each lane's offset wherever it is used
    first = (low + (ins.mods.get("offset", 0) & 0xFFFFFFFF)) & 0xFFFFFFFF  # ops_mem: mod 2**32
    return rows, first, p


def _pattern_of(g, raw):
    """(rows, each wave's first lane's VGPR offset as int64, p) of ``_lane_pattern``, before the offset; or None."""
    rows = _rows(g)
    if rows is None:
        return None
    low = raw[rows, 0] if isinstance(rows, np.ndarray) else raw[:, 0]
    pattern = (raw[rows] if isinstance(rows, np.ndarray) else raw) - low[:, None]
    p = pattern[0]
    if not (pattern == p).all():
        return None
    return rows, low.astype(np.int64), p.astype(np.int64)


def remember(batch, ins, buffer: bool, ran: bool) -> None:
    """Keep ``batch.memo`` (each group's lane patterns and V#s, shared by buffer instructions that follow one
    another) true around instruction ``ins``: before it runs (``ran`` False) any instruction but a buffer one may
    change any register, EXEC included, so everything is forgotten; after it ran, a buffer instruction has changed
    no SGPR and no EXEC, and of the VGPRs only its data registers (a load's, an atomic's return): those are
    forgotten."""
    if not batch.memo:
        return
    if not buffer:
        batch.memo.clear()
    elif ran and not ins.op.startswith("buffer_store"):
        dst = ins.ops[0]
        gone = range(dst.index, dst.index + max(dst.count, 4))  # a load's registers: at most four
        for key in [k for k in batch.memo if k[0] == "lanes" and k[1] in gone]:
            del batch.memo[key]


def _rows(g):
    """The group's waves (a slice: the whole batch) where every one has EXEC full, else None."""
    if g._full:
        return slice(None)
    if len(g.idx) and (g.b.exec[g.idx] == np.uint64(M64)).all():
        return g.idx
    return None


def _checked(mem, kind, base, limit, lo, hi, align) -> int | None:
    """The arena offset of the lowest byte where every wave's offsets ``lo``..``hi`` (int64 per wave) are in range,
    inside one allocation's requested bytes and aligned (``align``: each wave's offsets' low bits OR-ed); else
    None."""
    n = SIZE[kind]
    if len(lo) == 0 or (hi + (n if n < 4 else 4 * (n // 4)) > limit).any():
        return None  # a piece out of range (ops_mem._in_range): recorded wave by wave
    first, last = int((base + lo).min()), int((base + hi).max())
    k = bisect.bisect_right(mem._bases, first) - 1
    if k < 0 or last + n > mem._ends[k]:
        return None
    size = np.dtype(DIRECT[kind][0] if kind in DIRECT else STORE[kind]).itemsize
    if size > 1 and (int(np.bitwise_or.reduce(base)) | align) & (size - 1):
        return None
    return first - BASE


def _pattern(g, ins, mem, kind, base, limit, first, pattern, rows) -> bool:
    lo, hi = first + int(pattern.min()), first + int(pattern.max())
    at = _checked(mem, kind, base, limit, lo, hi, int(np.bitwise_or.reduce(first)) | int(np.bitwise_or.reduce(pattern)))
    if at is None:
        return False
    view, dtype = DIRECT[kind]
    size = np.dtype(view).itemsize
    elems = mem.arena.view(view)
    start, p = (base - BASE + first) // size, pattern // size  # the elements of each wave's first lane, the pattern
    words = max(1, SIZE[kind] // 4)
    span = int(p.max()) + words
    if span > DENSE * LANES * words:  # sparse lanes: each element read alone
        for j in range(words):
            _write(g, ins.ops[0].index + j, elems[start[:, None] + p + j], dtype, rows)
        return True
    window = as_strided(elems, shape=(len(elems) - span + 1, span), strides=(size, size))
    win = _spans(window, start)  # each wave's span of elements (inside one allocation: _checked)
    packed = span == LANES * words and (p == np.arange(LANES) * words).all()  # lane after lane
    for j in range(words):
        if packed:
            got = win.reshape(len(win), LANES, words)[:, :, j]
        elif span == words:  # one address in every lane
            got = np.broadcast_to(win[:, j:j + 1], (len(win), LANES))
        else:
            got = win[:, p + j]
        _write(g, ins.ops[0].index + j, got, dtype, rows)
    return True


def _spans(window, start: np.ndarray) -> np.ndarray:
    """``window[start]``: as a view where the waves' starts step evenly (every wave reading the same elements is
    the common case: a filter's weights), else gathered."""
    step = int(start[1] - start[0]) if len(start) > 1 else 0
    if step >= 0 and (len(start) < 3 or (np.diff(start) == step).all()):
        row, col = window.strides
        return as_strided(window[int(start[0]):], shape=(len(start), window.shape[1]), strides=(step * row, col))
    return window[start]


def _write(g, reg: int, got, dtype, rows) -> None:
    got = got.astype(np.int32).view(_U) if dtype in (np.int8, np.int16) else got
    out = g.v[reg].reshape(g.b.n, LANES)
    out[rows] = got  # bytes and halves zero-extended by the store's cast


def _lanes(g, ins, mem, kind, base, limit, off) -> bool:
    """Lane by lane: each wave's lowest and highest enabled offsets checked, every enabled lane read."""
    on = g.lanes().reshape(off.shape)
    has = on.any(axis=1)
    lo = np.where(on, off, _U(0xFFFFFFFF)).min(axis=1).astype(np.int64)[has]
    hi = np.where(on, off, _U(0)).max(axis=1).astype(np.int64)[has]
    at = _checked(mem, kind, base[has], limit[has], lo, hi, int(np.bitwise_or.reduce(np.where(on, off, _U(0)),
                                                                                       axis=None)))
    if at is None:
        return False
    view, dtype = DIRECT[kind]
    size = np.dtype(view).itemsize
    idx = np.where(on, (off // _U(size) if size > 1 else off) + ((base - BASE) // size)[:, None], at // size)
    elems = mem.arena.view(view)
    for j in range(max(1, SIZE[kind] // 4)):
        got = elems[idx + j if j else idx]
        got = got.astype(np.int32).view(_U) if dtype in (np.int8, np.int16) else got
        np.copyto(g.v[ins.ops[0].index + j].reshape(off.shape), got, where=on, casting="unsafe")
    return True
