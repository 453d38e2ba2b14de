"""The ``wmma`` family (``wmma.load``, ``wmma.mma``, ``wmma.store``, shape ``m16n16k16``, f16 A and B, an f16 or f32
accumulator): warp-collective, run once per warp when all 32 lanes stand at the instruction (``ops_warp``).

The PTX ISA leaves the fragments' distribution over the warp's threads unspecified ("implementation-defined"), so
this model treats fragments as opaque: it holds each fragment in a layout of its own choosing, the one ``mma.sync
.m16n8k16`` uses, twice (the A fragment's 16 halves per thread are its ``m16n8k16`` A fragment, held twice as the
hardware's 8 registers hold each element twice; B's are the ``m16n8k16`` B fragments of columns 0-7 and 8-15, held
twice; C and D are the ``m16n8k16`` C fragments of columns 0-7 then 8-15).  What a kernel computes through fragments
that only ``wmma`` instructions consume is the same whatever the layout, so it is computed exactly; two checks
refuse ("wmma fragment element accessed by position") any other kernel:

* before it runs (``check_fragments``): an ordinary instruction other than a register ``mov`` reads a register that
  can hold a fragment element (one a wmma wrote, or a ``mov`` copied from such a register);
* as it runs (``_held``): a fragment operand of a wmma holds neither one value in every element
  (``wmma::fill_fragment``) nor, bit for bit in every lane, a fragment of its kind some wmma of the run wrote
  (copies through ``mov``, as NVRTC makes of a loop's accumulators, keep that; a permutation does not).

``wmma.mma``: D = A x B + C, each element's 16 products (exact) and C summed exactly and rounded once, as
``ops_warp`` rounds ``mma.sync`` (toward zero for f32, to nearest for f16): ``m16n16k16`` runs as two ``m16n8k16``
tensor-core operations on sm_80 and later.  Loads and stores go through the machine's memory element by element
from the lane that holds the element (bounds, races and unwritten reads as for ``ld``/``st``); the address and
stride must be one for the whole warp and the address 32-byte aligned (the ISA leaves anything else undefined:
refused).
"""
from __future__ import annotations

import hashlib
import math

import numpy as np

from frontends.devices.ptx import ops_warp
from frontends.devices.ptx.decode import Addr, Reg, Vec
from frontends.devices.ptx.errors import BarrierFault, CannotSimulate
from frontends.devices.ptx.values import F16, F32, decode, encode

POSITION = "wmma fragment element accessed by position"
SPACES = {"shared": "shared", "shared::cta": "shared", "global": "global"}


def _a_slot(lane: int, e: int) -> tuple[int, int]:
    g, tig, i = lane >> 2, lane % 4, e % 8
    return g + 8 * ((i >> 1) & 1), tig * 2 + (i & 1) + 8 * (i >> 2)


def _b_slot(lane: int, e: int) -> tuple[int, int]:
    g, tig, i = lane >> 2, lane % 4, e % 8
    return tig * 2 + (i & 1) + 8 * ((i >> 1) & 1), g + 8 * (i >> 2)


def _acc_slot(lane: int, e: int) -> tuple[int, int]:
    g, tig, i = lane >> 2, lane % 4, e % 4
    return g + 8 * (i >> 1), tig * 2 + (i & 1) + 8 * (e >> 2)


SLOTS = {"a": _a_slot, "b": _b_slot, "c": _acc_slot, "d": _acc_slot}
ELEMENTS = {"a": 16, "b": 16, "c": 8, "d": 8}  # per thread (A and B hold each element twice)


def _regs(kind: str, ty: str) -> int:
    """Registers of a fragment: 32-bit each, two f16 or one f32."""
    return ELEMENTS[kind] // (2 if ty == "f16" else 1)


def _parse(ins):
    """(verb, matrix or None, layouts, type(s), space, fragment operands) of a modelled wmma; else refuse."""
    mods, name = ins.mods, "wmma." + ".".join(ins.mods)
    verb = mods[0] if mods else ""
    if ins.op != "wmma" or len(mods) < 7 or mods[1 + (verb != "mma"):3 + (verb != "mma")] != ("sync", "aligned"):
        raise CannotSimulate(name, ins.text)
    if verb == "mma":
        if len(mods) != 8 or mods[3:6] != ("row", "col", "m16n16k16") or not {mods[6], mods[7]} <= {"f16", "f32"}:
            raise CannotSimulate(name, ins.text)  # TVM's forms; other layouts, shapes and types unmodelled
        return "mma", None, None, (mods[6], mods[7]), None
    if verb not in ("load", "store") or len(mods) not in (7, 8) or mods[5] != "m16n16k16":
        raise CannotSimulate(name, ins.text)
    matrix, layout, ty = mods[1], mods[4], mods[-1]
    space = SPACES.get(mods[6]) if len(mods) == 8 else "generic"
    ok = (mods[0] == "load" and matrix in "abc" and (ty == "f16" or (matrix == "c" and ty == "f32"))) or \
         (mods[0] == "store" and matrix == "d" and ty in ("f16", "f32"))
    if not ok or layout not in ("row", "col") or space is None or len(ins.args) != 3:
        raise CannotSimulate(name + (" without a stride" if ok and len(ins.args) == 2 else ""), ins.text)
    return mods[0], matrix, layout, ty, space


def _operands(ins) -> list[tuple[tuple, tuple]]:
    """Each fragment operand of a wmma: (its registers, its kind: ("a", layout) / ("b", layout) / ("acc", type))."""
    verb, matrix, layout, ty, _ = _parse(ins)
    if verb == "mma":
        dt, ct = ty
        kinds = [("acc", dt), ("a", "row"), ("b", "col"), ("acc", ct)]
        sizes = [_regs("d", dt), _regs("a", "f16"), _regs("b", "f16"), _regs("c", ct)]
        ops = list(ins.args)
    else:
        kinds = [("acc", ty) if matrix in "cd" else (matrix, layout)]
        sizes = [_regs(matrix, ty)]
        ops = [ins.args[0] if verb == "load" else ins.args[1]]
    if len(ops) != len(kinds):
        raise CannotSimulate(f"{ins.op}.{'.'.join(ins.mods)} with {len(ins.args)} operands", ins.text)
    out = []
    for o, kind, n in zip(ops, kinds, sizes):
        if not isinstance(o, Vec) or len(o.items) != n or not all(isinstance(r, Reg) for r in o.items):
            raise CannotSimulate(f"wmma fragment operand {o} (expected {n} registers)", ins.text)
        out.append((tuple(r.name for r in o.items), kind))
    return out


def build_wmma(ins):
    verb, matrix, layout, ty, space = _parse(ins)
    if verb == "mma":
        return _build_mma(ins, *ty)
    (regs, kind), = _operands(ins)
    frag = [Reg(r) for r in regs]
    addr, stride = (ins.args[1], ins.args[2]) if verb == "load" else (ins.args[0], ins.args[2])
    size = 2 if ty == "f16" else 4
    slot = SLOTS[matrix]

    def offsets(m, warp) -> tuple[int, int]:
        got = {(m.address(t, addr), m.val(t, stride, 32)) for t in warp}
        if len(got) != 1:
            raise CannotSimulate(f"{ins.text}: address or stride differs across the warp (undefined in PTX)")
        (base, ld), = got
        if base % 32:
            raise CannotSimulate(f"{ins.text}: address {base:#x} not 32-byte aligned (undefined in PTX)")
        return base, ld

    def place(base, ld, row, col) -> int:
        return base + size * (row * ld + col if layout == "row" else col * ld + row)

    def load(m, warp):
        _whole(ins, warp)
        base, ld = offsets(m, warp)
        for t in warp:
            lane, vals = t.flat % 32, []
            for e in range(ELEMENTS[matrix]):
                vals.append(m.load(t, space, place(base, ld, *slot(lane, e)), size))
            _put(m, t, frag, vals, ty)
        _wrote(m, warp, frag, kind)

    def store(m, warp):
        _whole(ins, warp)
        _held(m, warp, frag, kind, ins)
        base, ld = offsets(m, warp)
        for t in warp:
            lane, vals = t.flat % 32, _get(m, t, frag, ty)
            for e in range(ELEMENTS[matrix]):
                m.store(t, space, place(base, ld, *slot(lane, e)), size, vals[e])
    return load if verb == "load" else store


def _whole(ins, warp):
    if len(warp) != 32 or sorted(t.flat % 32 for t in warp) != list(range(32)):
        raise BarrierFault(f"{ins.text}: {len(warp)} lanes of 32 at a wmma instruction")
    return ins


def _get(m, t, regs, ty) -> list[int]:
    if ty == "f32":
        return [m.val(t, r, 32) for r in regs]
    return [h for r in regs for v in [m.val(t, r, 32)] for h in (v & 0xFFFF, v >> 16)]


def _put(m, t, regs, vals, ty) -> None:
    if ty == "f32":
        for r, v in zip(regs, vals):
            m.put(t, r, v, 32)
    else:
        for i, r in enumerate(regs):
            m.put(t, r, vals[2 * i] | vals[2 * i + 1] << 16, 32)


def _build_mma(ins, dt: str, ct: str):
    ops = _operands(ins)
    d, a, b, c = ([Reg(r) for r in x] for x, _ in ops)

    def matrix(m, warp, regs, kind, ty):
        out = [[0.0] * 16 for _ in range(16)]
        for t in warp:
            for e, bits in enumerate(_get(m, t, regs, ty)[:8]):  # A and B: the first copy of each element
                row, col = SLOTS[kind](t.flat % 32, e)
                out[row][col] = decode(bits, F16 if ty == "f16" else F32)
        return out

    def run(m, warp):
        _whole(ins, warp)
        for (regs, kind) in ops[1:]:
            _held(m, warp, [Reg(r) for r in regs], kind, ins)
        A, B, C = matrix(m, warp, a, "a", "f16"), matrix(m, warp, b, "b", "f16"), matrix(m, warp, c, "c", ct)
        for t in warp:
            vals = []
            for e in range(8):
                row, col = _acc_slot(t.flat % 32, e)
                terms = [A[row][k] * B[k][col] for k in range(16)] + [C[row][col]]
                vals.append(encode(math.fsum(terms), F16) if dt == "f16" else ops_warp.truncated_sum(terms))
            _put(m, t, d, vals, dt)
        _wrote(m, warp, d, ops[0][1])
    return run


COLLECTIVES = {**ops_warp.COLLECTIVES, "wmma": build_wmma}  # every warp-collective family, for the machines


def check_fragments(kernel) -> None:
    """Refuse (``POSITION``) a kernel where an ordinary instruction other than a register ``mov`` reads a register
    holding a fragment element: a register a wmma wrote, or one copied from such a register by ``mov``."""
    held = {r for ins in kernel.code if ins.op == "wmma" for i, (regs, _) in enumerate(_operands(ins))
            if ins.mods[0] == "load" or (ins.mods[0] == "mma" and i == 0) for r in regs}
    copies = [(ins.args[0].name, ins.args[1].name) for ins in kernel.code if _copy(kernel, ins)]
    grown = True
    while grown:  # the registers a fragment element can reach through copies
        new = {d for d, src in copies if src in held and d not in held}
        held |= new
        grown = bool(new)
    for ins in kernel.code:
        if ins.op == "wmma" or _copy(kernel, ins):
            continue
        srcs = ins.args[1:] if ins.args and ins.op not in ("st", "red", "bar", "barrier", "bra") else ins.args
        reads = {r for o in srcs for r in _names(o)} | ({ins.pred} if ins.pred else set())
        if reads & held:
            raise CannotSimulate(f"{POSITION}: {sorted(reads & held)[0]} read by an ordinary instruction", ins.text)


def _copy(kernel, ins) -> bool:
    """A whole-register copy (``mov`` between registers of one width), which moves an element without reading it."""
    a = ins.args
    return ins.op == "mov" and len(a) == 2 and all(isinstance(x, Reg) for x in a) and \
        kernel.regs.get(a[0].name) == kernel.regs.get(a[1].name) == 32


def fragments(g) -> set:
    """The fragments wmma instructions wrote in this run (on global memory ``g``), as (kind, ``digest``); those the
    vector machine left undigested (``recent``, ``defer``) are digested first."""
    while recent(g):
        kind, _, rows = recent(g).pop(0)
        remember(g, kind, rows)
    while _deferred(g):
        remember(g, *_take_deferred(g))
    return _digested(g)


DEFERRED = 64 << 20  # bytes of fragments past ``recent`` kept undigested (most runs never need their digests)


def defer(g, kind, rows) -> None:
    """A fragment leaving ``recent`` (``recent``'s rows): kept undigested until ``fragments`` is asked, the oldest
    digested once more than ``DEFERRED`` bytes are kept."""
    _deferred(g).append((kind, rows))
    g.wmma_deferred_bytes = getattr(g, "wmma_deferred_bytes", 0) + rows.nbytes
    while g.wmma_deferred_bytes > DEFERRED:
        remember(g, *_take_deferred(g))


def _deferred(g) -> list:
    if not hasattr(g, "wmma_deferred"):
        g.wmma_deferred = []
    return g.wmma_deferred


def _take_deferred(g) -> tuple:
    kind, rows = _deferred(g).pop(0)
    g.wmma_deferred_bytes -= rows.nbytes
    return kind, rows


def _digested(g) -> set:
    if not hasattr(g, "wmma_fragments"):
        g.wmma_fragments = set()
    return g.wmma_fragments


def remember(g, kind, rows) -> None:
    """Digest fragments (``recent``'s form) into ``fragments``."""
    _digested(g).update((kind, digest_bytes(row)) for row in rows)


def recent(g) -> list:
    """Fragments the vector machine wrote and has not digested yet: (kind, the registers, rows of contiguous uint32
    bits, one row per warp as ``digest`` reads it), the latest last.  A row equal to one of them is known without a
    digest."""
    if not hasattr(g, "wmma_recent"):
        g.wmma_recent = []
    return g.wmma_recent


def digest(bits) -> bytes:
    """A fragment's register bits (lane-major, uint32) as a 128-bit digest (a collision: about 2^-128)."""
    return digest_bytes(np.ascontiguousarray(bits, np.uint32).tobytes())


def digest_bytes(data) -> bytes:
    """``digest`` of bits already laid out as its bytes (a contiguous uint32 buffer)."""
    return hashlib.blake2b(data, digest_size=16).digest()


def uniform(bits: np.ndarray, kind) -> bool:
    """One value in every element (for f16 registers, both halves alike)."""
    return bool((bits == bits.flat[0]).all()) and (kind[1] != "f16" or int(bits.flat[0]) & 0xFFFF ==
                                                     int(bits.flat[0]) >> 16)


def _bits(m, warp, regs) -> np.ndarray:
    return np.array([[m.val(t, r, 32) for r in regs] for t in sorted(warp, key=lambda t: t.flat)], np.uint32)


def _held(m, warp, regs, kind, ins) -> None:
    """Refuse an operand that holds neither one value in every element nor bits a wmma wrote as a fragment of this
    kind: only those mean the same matrix whatever the hardware's layout."""
    bits = _bits(m, warp, regs)
    if not uniform(bits, kind) and (kind, digest(bits)) not in fragments(m.g):
        raise CannotSimulate(refusal(regs), ins.text)


def refusal(regs) -> str:
    return f"{POSITION}: {{{', '.join(r.name for r in regs)}}} holds no whole fragment"


def _wrote(m, warp, regs, kind) -> None:
    fragments(m.g).add((kind, digest(_bits(m, warp, regs))))


def _names(o) -> list[str]:
    if isinstance(o, Reg):
        return [n for n in o.name.split("|")]
    if isinstance(o, Vec):
        return [n for x in o.items for n in _names(x)]
    if isinstance(o, Addr) and isinstance(o.base, Reg):
        return [o.base.name]
    return []
