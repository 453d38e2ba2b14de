"""Array forms of the ``wmma`` family (``ops_wmma``: its layout, its checks and its rounding), run over every warp
standing at one wmma instruction at once (``vector.Batch._collectives``; lanes sorted, whole warps).  A load
gathers every fragment element of every lane in one memory access (a lane's elements in order), a store scatters one
element of every lane per access; ``wmma.mma`` sums as ``vops_warp.mma_bits`` does (binary64 where exact, else
``ops_warp``'s scalar functions).  The fragment check (``ops_wmma._held``) runs over every warp as arrays: an operand
is known where it is uniform, equal bit for bit to a fragment written lately (kept undigested,
``ops_wmma.recent``), or else by its digest."""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx import ops_wmma
from frontends.devices.ptx.decode import Reg
from frontends.devices.ptx.errors import BarrierFault, CannotSimulate
from frontends.devices.ptx import vops_warp
from frontends.devices.ptx.vops_warp import _lane_bits, _order, _unplace, mma_bits, whole_warps

U64 = np.uint64
_LANE = np.arange(32)
# (row, column) per lane and element of each kind (``ops_wmma.SLOTS``), as arrays
RC = {kind: tuple(np.array([[f(lane, e)[i] for e in range(ops_wmma.ELEMENTS[kind])] for lane in range(32)])
                  for i in (0, 1)) for kind, f in ops_wmma.SLOTS.items()}
# A and B as ``_fragment`` takes them: the first copy of each element (a lane's first 8); C all 8
ORDER = {"a": _order((RC["a"][0][:, :8], RC["a"][1][:, :8]), (16, 16)),
         "b": _order((RC["b"][0][:, :8], RC["b"][1][:, :8]), (16, 16)), "c": _order(RC["c"], (16, 16))}


def collective(ins):
    """The array form of any warp-collective instruction: wmma here, the others in ``vops_warp``."""
    if ins.op != "wmma":
        return vops_warp.collective(ins)
    run = ins.cache.get("vector")
    if run is None:
        run = ins.cache["vector"] = build(ins)
    return run


def build(ins):
    verb, matrix, layout, ty, space = ops_wmma._parse(ins)
    ops = ops_wmma._operands(ins)
    if verb == "mma":
        return _mma(ins, ops, *ty)
    (regs, kind), = ops
    frag = [Reg(r) for r in regs]
    addr, stride = (ins.args[1], ins.args[2]) if verb == "load" else (ins.args[0], ins.args[2])
    size = 2 if ty == "f16" else 4
    rows, cols = RC[matrix]
    per = 2 if ty == "f16" else 1

    def places(vm, lanes) -> np.ndarray:
        """Per lane and element, the address it reads or writes."""
        sel = _sel(vm, lanes)
        base = np.broadcast_to(np.asarray(vm.address(addr, sel), np.int64), (len(lanes),)).reshape(-1, 32)
        ld = np.broadcast_to(np.asarray(vm.val(stride, 32, sel)).astype(np.int64), (len(lanes),)).reshape(-1, 32)
        if (base != base[:, :1]).any() or (ld != ld[:, :1]).any():
            raise CannotSimulate(f"{ins.text}: address or stride differs across the warp (undefined in PTX)")
        if (base[:, 0] % 32).any():
            raise CannotSimulate(f"{ins.text}: address not 32-byte aligned (undefined in PTX)")
        ld = ld[:, :1, None]
        if ld.min() == ld.max():  # one stride for every warp: the element offsets made once
            ld = ld[:1]
        inner = size * (rows * ld + cols if layout == "row" else cols * ld + rows)
        return (base[:, :, None] + inner).reshape(len(lanes), -1)

    def load(vm, lanes):
        _whole(ins, vm, lanes)
        at = places(vm, lanes)
        per_lane = at.shape[1]  # every element of every lane in one access, lane by lane (a lane's in order)
        vals = vm.load(space, at.ravel(), size, np.repeat(lanes, per_lane)).reshape(-1, per_lane)
        _put_fragment(vm, lanes, frag, vals[:, 0::2] | (vals[:, 1::2] << U64(16)) if per == 2 else vals, kind)

    def store(vm, lanes):
        _whole(ins, vm, lanes)
        bits = _held(vm, lanes, frag, kind, ins).reshape(len(lanes), -1).astype(U64)
        at = places(vm, lanes)
        for e in range(at.shape[1]):
            v = (bits[:, e // 2] >> U64(16 * (e % 2))) & U64(0xFFFF) if per == 2 else bits[:, e]
            vm.store(space, at[:, e], size, v, lanes)
    return load if verb == "load" else store


def _whole(ins, vm, lanes) -> None:
    if not whole_warps(vm, lanes):
        raise BarrierFault(f"{ins.text}: a warp with fewer than 32 lanes at a wmma instruction")


def _sel(vm, lanes):
    """``lanes`` as the machine's lane selector: every lane of the batch as a slice (views, no gathers)."""
    return slice(None) if len(lanes) == vm.n else lanes


def _bits(vm, lanes, regs) -> np.ndarray:
    """(warps, 32, registers) uint32: each warp's fragment bits, lane-major."""
    return _lane_bits(vm, regs, _sel(vm, lanes), len(lanes), False).reshape(-1, 32, len(regs))


def _held(vm, lanes, regs, kind, ins) -> np.ndarray:
    """``ops_wmma._held`` for every warp at once; the bits.  A warp's operand is known where it is uniform, equal bit
    for bit to a fragment of its kind written lately (``ops_wmma.recent``, compared as arrays), or else whose digest
    is among those written (``ops_wmma.fragments``, which digests the recent ones first)."""
    bits = _bits(vm, lanes, regs)
    rows = bits.reshape(len(bits), -1)
    first = rows[:, :1]
    known = (rows == first).all(1)
    if kind[1] == "f16":
        known &= (first[:, 0] & np.uint32(0xFFFF)) == (first[:, 0] >> np.uint32(16))
    names = tuple(r.name for r in regs)
    latest = sorted(reversed(ops_wmma.recent(vm.g)), key=lambda e: e[1] != names)  # these registers' own first
    for was, _, written in latest:
        if known.all():
            break
        if was == kind and written.shape == rows.shape:
            known |= (rows == written).all(1)
    if not known.all():
        done = ops_wmma.fragments(vm.g)
        if not all((kind, ops_wmma.digest_bytes(row)) in done for row in np.ascontiguousarray(rows[~known])):
            raise CannotSimulate(ops_wmma.refusal(regs), ins.text)
    return bits


RECENT = 32  # fragments kept undigested: a loop's A, B and accumulator tiles, double-buffered


def _put_fragment(vm, lanes, regs, values: np.ndarray, kind) -> None:
    """Write a fragment (``values``: lanes x registers) and note what each warp's registers now hold (as ``put``
    leaves them: masked to each register's width)."""
    held = np.empty(values.shape, np.uint32)
    sel = _sel(vm, lanes)
    for i, r in enumerate(regs):
        vm.put(r, values[:, i], 32, sel)
        held[:, i] = values[:, i] & (U64(0xFFFFFFFF) & U64(vm.k.masks[r.name]))
    recent = ops_wmma.recent(vm.g)
    recent.append((kind, tuple(r.name for r in regs), held.reshape(-1, 32 * len(regs))))
    if len(recent) > RECENT:
        kind, _, rows = recent.pop(0)
        ops_wmma.defer(vm.g, kind, rows)


def _mma(ins, ops, dt: str, ct: str):
    d, a, b, c = ([Reg(r) for r in regs] for regs, _ in ops)

    def run(vm, lanes):
        _whole(ins, vm, lanes)
        held = [_held(vm, lanes, [Reg(r) for r in regs], kind, ins) for regs, kind in ops[1:]]
        a16, b16 = (_matrix(bits, 4, ORDER[k], True) for bits, k in zip(held, "ab"))
        cb = _matrix(held[2], len(c), ORDER["c"], ct == "f16")
        out = _unplace(mma_bits(a16, b16, cb, "f16", ct, dt), RC["d"], 8)
        _put_fragment(vm, lanes, d, out[:, 0::2] | (out[:, 1::2] << U64(16)) if dt == "f16" else out, ops[0][1])
    return run


def _matrix(bits: np.ndarray, count: int, order: np.ndarray, half: bool) -> np.ndarray:
    """A (warps, 16, 16) matrix of the first ``count`` registers of each warp's fragment bits (``_held``'s), 16-bit
    halves (low first) or 32-bit, placed as ``order`` says (``vops_warp._fragment``'s placing)."""
    lane = np.ascontiguousarray(bits[:, :, :count])
    lane = lane.view(np.uint16) if half else lane
    return lane.reshape(len(bits), -1).take(order, axis=1).reshape(-1, 16, 16)
