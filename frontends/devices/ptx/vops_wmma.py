"""Array forms of the ``wmma`` family (``ops_wmma``: its layout, its checks and its rounding), run over every warp
standing at one wmma instruction at once (``vector.Batch._collectives``; lanes sorted, whole warps).  Loads and
stores gather and scatter one fragment element of every lane per memory access; ``wmma.mma`` sums as
``vops_warp.build_mma`` does (binary64 where exact, else ``ops_warp``'s scalar functions)."""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx import ops_wmma
from frontends.devices.ptx.decode import Reg
from frontends.devices.ptx.errors import BarrierFault, CannotSimulate
from frontends.devices.ptx import vops_warp
from frontends.devices.ptx.vops_warp import _fragment, _grains, _least_grain, _round

U64 = np.uint64
_LANE = np.arange(32)
# (row, column) per lane and element of each kind (``ops_wmma.SLOTS``), as arrays
RC = {kind: tuple(np.array([[f(lane, e)[i] for e in range(ops_wmma.ELEMENTS[kind])] for lane in range(32)])
                  for i in (0, 1)) for kind, f in ops_wmma.SLOTS.items()}


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
        base = np.broadcast_to(np.asarray(vm.address(addr, lanes), np.int64), (len(lanes),)).reshape(-1, 32)
        ld = np.broadcast_to(vm.val(stride, 32, lanes).astype(np.int64), (len(lanes),)).reshape(-1, 32)
        if (base != base[:, :1]).any() or (ld != ld[:, :1]).any():
            raise CannotSimulate(f"{ins.text}: address or stride differs across the warp (undefined in PTX)")
        if (base[:, 0] % 32).any():
            raise CannotSimulate(f"{ins.text}: address not 32-byte aligned (undefined in PTX)")
        inner = rows * ld[:, :1, None] + cols if layout == "row" else cols * ld[:, :1, None] + rows
        return (base[:, :, None] + size * inner).reshape(len(lanes), -1)

    def load(vm, lanes):
        _whole(ins, vm, lanes)
        at = places(vm, lanes)
        vals = np.stack([vm.load(space, at[:, e], size, lanes) for e in range(at.shape[1])], 1)
        for i, r in enumerate(frag):
            v = vals[:, 2 * i] | (vals[:, 2 * i + 1] << U64(16)) if per == 2 else vals[:, i]
            vm.put(r, v, 32, lanes)
        _wrote(vm, lanes, frag, kind)

    def store(vm, lanes):
        _whole(ins, vm, lanes)
        bits = _held(vm, lanes, frag, kind, ins).reshape(len(lanes), -1).astype(U64)
        at = places(vm, lanes)
        for e in range(at.shape[1]):
            v = (bits[:, e // 2] >> U64(16 * (e % 2))) & U64(0xFFFF) if per == 2 else bits[:, e]
            vm.store(space, at[:, e], size, v, lanes)
    return load if verb == "load" else store


def _whole(ins, vm, lanes) -> None:
    if len(lanes) % 32 or (vm.flat[lanes].reshape(-1, 32) % 32 != _LANE).any():
        raise BarrierFault(f"{ins.text}: a warp with fewer than 32 lanes at a wmma instruction")


def _bits(vm, lanes, regs) -> np.ndarray:
    """(warps, 32, registers) uint32: each warp's fragment bits, lane-major."""
    return np.stack([np.broadcast_to(vm.val(r, 32, lanes), (len(lanes),)) for r in regs], 1).astype(
        np.uint32).reshape(-1, 32, len(regs))


def _held(vm, lanes, regs, kind, ins) -> np.ndarray:
    """``ops_wmma._held`` for every warp; the bits."""
    bits, known = _bits(vm, lanes, regs), ops_wmma.fragments(vm.g)
    for w in bits:
        if not ops_wmma.uniform(w, kind) and (kind, ops_wmma.digest(w)) not in known:
            raise CannotSimulate(ops_wmma.refusal(regs), ins.text)
    return bits


def _wrote(vm, lanes, regs, kind) -> None:
    known = ops_wmma.fragments(vm.g)
    for w in _bits(vm, lanes, regs):
        known.add((kind, ops_wmma.digest(w)))


def _mma(ins, ops, dt: str, ct: str):
    d, a, b, c = ([Reg(r) for r in regs] for regs, _ in ops)
    first8 = {k: (RC[k][0][:, :8], RC[k][1][:, :8]) for k in "ab"}  # A and B: the first copy of each element

    def run(vm, lanes):
        _whole(ins, vm, lanes)
        for (regs, kind) in ops[1:]:
            _held(vm, lanes, [Reg(r) for r in regs], kind, ins)
        w = len(lanes) // 32
        a16 = _fragment(vm, a[:4], lanes, w, (16, 16), first8["a"], True)
        b16 = _fragment(vm, b[:4], lanes, w, (16, 16), first8["b"], True)
        cb = _fragment(vm, c, lanes, w, (16, 16), RC["c"], ct == "f16")
        grain = np.minimum(_least_grain(a16, 2, "f16")[:, :, None] + _least_grain(b16, 1, "f16")[:, None, :],
                           _grains(cb, 11, 5) if ct == "f16" else _grains(cb, 24, 8))
        A, B = a16.view(np.float16).astype(np.float64), b16.view(np.float16).astype(np.float64)
        C = cb.view(np.float16 if ct == "f16" else np.float32).astype(np.float64)
        out = _round(A, B, C, grain, dt)[:, RC["d"][0], RC["d"][1]].reshape(-1, 8)
        if dt == "f16":
            for i in range(4):
                vm.put(d[i], out[:, 2 * i] | (out[:, 2 * i + 1] << U64(16)), 32, lanes)
        else:
            for i in range(8):
                vm.put(d[i], out[:, i], 32, lanes)
        _wrote(vm, lanes, d, ops[0][1])
    return run
