"""Warp-collective instructions, run once per warp when every live lane of it stands at the instruction.

* ``mma.sync.aligned.m16n8k16.row.col`` with f16 A and B and an f16 or f32 accumulator, or bf16 A and B and an
  f32 accumulator (the fragment layouts of the PTX ISA, "Matrix Fragments for mma.m16n8k16", the same for both
  16-bit types): D = A x B + C, each element's 16 products (exact) and C
  summed exactly, then rounded once: toward zero for an f32 accumulator (tensor cores truncate: Fasi et al.,
  "Numerical behavior of NVIDIA tensor cores", PeerJ CS 2021; it reproduces the H200's f32 values of the corpus,
  where rounding to nearest was 1 ulp off), to nearest for f16.  The hardware's alignment of the terms before its
  truncation is not modelled; the ``gpu`` profile's reduction bound covers such differences.
* ``activemask.b32``: the warp's live lanes (all of them stand at it, or the machine reports a divergence);
* ``shfl.sync.{up,down,bfly,idx}.b32 d[|p]`` with the ISA's lane arithmetic (clamp and segment mask in ``c``); ``p``
  is true where the source lane is in range (else d is the lane's own ``a``); a source lane outside the member mask,
  exited or missing gives all ones (the ISA leaves the value undefined; TVM's warp reductions over fewer than 32
  threads read such lanes and discard what they read) and is counted (``state.SHUFFLE``); a lane running it
  outside its own member mask raises.
"""
from __future__ import annotations

import math
from fractions import Fraction

from frontends.devices.ptx.decode import Reg, Vec
from frontends.devices.ptx.errors import CannotSimulate, KernelFault
from frontends.devices.ptx.state import SHUFFLE
from frontends.devices.ptx.values import BF16, F16, F32, decode, encode


MMA_LOG = None  # a list to record every mma.sync as (block, A, B, C, D) float arrays (the findings' evidence)
SWAP_ACC = False  # an ablation for the MMA finding's evidence: elements 1 and 2 of every lane's C/D fragment swapped


class WarpFault(KernelFault):
    symptom = "warp-collective fault"


def build_mma(ins):
    mods = ins.mods
    if mods[:4] != ("sync", "aligned", "m16n8k16", "row") or mods[4] != "col" or len(mods) != 9:
        raise CannotSimulate(f"mma.{'.'.join(mods)}", ins.text)
    dt, at, bt, ct = mods[5:9]
    if not ((at == bt == "f16" and dt in ("f16", "f32") and ct in ("f16", "f32")) or
            (at == bt == "bf16" and dt == ct == "f32")):  # the ISA's m16n8k16 floating-point forms
        raise CannotSimulate(f"mma.{'.'.join(mods)}", ins.text)
    ab = BF16 if at == "bf16" else F16
    d, a, b, c = (x.items for x in ins.args)

    def run(m, warp):
        A = [[0.0] * 16 for _ in range(16)]
        B = [[0.0] * 8 for _ in range(16)]
        C = [[0.0] * 8 for _ in range(16)]
        for lane, t in enumerate(warp):
            g, tig = lane >> 2, lane % 4
            av = _halves(m, t, a, ab)
            for i in range(8):
                A[g + 8 * ((i >> 1) & 1)][tig * 2 + (i & 1) + 8 * (i >> 2)] = av[i]
            bv = _halves(m, t, b, ab)
            for i in range(4):
                B[tig * 2 + (i & 1) + 8 * (i >> 1)][g] = bv[i]
            cv = _halves(m, t, c) if ct == "f16" else [decode(m.val(t, r, 32), F32) for r in c]
            if SWAP_ACC:
                cv[1], cv[2] = cv[2], cv[1]
            for i in range(4):
                C[g + 8 * (i >> 1)][tig * 2 + (i & 1)] = cv[i]
        if MMA_LOG is not None:
            _log(m, A, B, C)
        for lane, t in enumerate(warp):
            g, tig = lane >> 2, lane % 4
            out = []
            for i in range(4):
                row, col = g + 8 * (i >> 1), tig * 2 + (i & 1)
                out.append([A[row][k] * B[k][col] for k in range(16)] + [C[row][col]])
            if SWAP_ACC:
                out[1], out[2] = out[2], out[1]
            if dt == "f16":
                h = [encode(math.fsum(terms), F16) for terms in out]
                m.put(t, d[0], h[0] | h[1] << 16, 32)
                m.put(t, d[1], h[2] | h[3] << 16, 32)
            else:
                for i in range(4):
                    m.put(t, d[i], truncated_sum(out[i]), 32)
    return run


def _log(m, A, B, C) -> None:
    import numpy as np
    a, b, c = np.array(A), np.array(B), np.array(C)
    MMA_LOG.append((m.ctaid, a, b, c, a @ b + c))


def truncated_sum(terms: list[float]) -> int:
    """The f32 bits of the exact sum of ``terms`` (exact binary64 values) rounded toward zero: binary64's
    correctly rounded sum (``math.fsum``) gives it unless that sum is itself an f32 value the exact one may lie
    just inside of, where exact rationals decide."""
    s = math.fsum(terms)
    if not math.isfinite(s):
        return encode(s, F32)
    bits = encode(s, F32, "rz")
    if decode(bits, F32) == s:
        exact = sum(Fraction(x) for x in terms)
        if exact != Fraction(s):
            bits = encode(exact, F32, "rz")
    return bits


def _halves(m, t, regs, f=F16) -> list[float]:
    out = []
    for r in regs:
        v = m.val(t, r, 32)
        out += [decode(v & 0xFFFF, f), decode(v >> 16, f)]
    return out


def shfl_source(mode: str, lane: int, b: int, c: int) -> tuple[int, bool]:
    """The lane a ``shfl.sync`` reads and its predicate (PTX ISA pseudo-code); an out-of-range source reads the
    own lane."""
    bval, cval, mask = b & 0x1F, c & 0x1F, (c >> 8) & 0x1F
    max_lane = (lane & mask) | (cval & ~mask)
    min_lane = lane & mask
    if mode == "up":
        j = lane - bval
        ok = j >= max_lane
    elif mode == "down":
        j, ok = lane + bval, lane + bval <= max_lane
    elif mode == "bfly":
        j = lane ^ bval
        ok = j <= max_lane
    else:
        j = min_lane | (bval & ~mask)
        ok = j <= max_lane
    return (j if ok else lane), ok


def build_shfl(ins):
    mods = ins.mods
    if len(mods) != 3 or mods[0] != "sync" or mods[1] not in ("up", "down", "bfly", "idx") or mods[2] != "b32":
        raise CannotSimulate(f"shfl.{'.'.join(mods)}", ins.text)
    if isinstance(ins.args[0], Vec) or len(ins.args) != 5:
        raise CannotSimulate(f"shfl.{'.'.join(mods)} with {len(ins.args)} operands", ins.text)
    d, a, b, c, member = ins.args
    pair = getattr(d, "name", "").split("|")  # d|p: p is true where the source lane is in range
    if len(pair) > 2:
        raise CannotSimulate("shfl.sync with more than two destinations", ins.text)
    d, p = Reg(pair[0]) if len(pair) == 2 else d, Reg(pair[1]) if len(pair) == 2 else None
    mode = mods[1]

    def run(m, warp):
        by_lane = {t.flat % 32: t for t in warp}
        values = {lane: m.val(t, a, 32) for lane, t in by_lane.items()}
        for lane, t in by_lane.items():
            mask = m.val(t, member, 32)
            j, ok = shfl_source(mode, lane, m.val(t, b, 32), m.val(t, c, 32))
            if not (mask >> lane) & 1:
                raise WarpFault(f"{ins.text}: lane {lane} runs it outside its own member mask")
            if not (mask >> j) & 1 or j not in values:  # the ISA: the value read is undefined
                m.g.note(SHUFFLE, lambda: f"{m._place(t)}: lane {lane} reads lane {j}")
                t.scratch = (0 if m.g.outside == "zero" else 0xFFFFFFFF), ok
                continue
            t.scratch = values[j], ok
        for t in by_lane.values():
            m.put(t, d, t.scratch[0], 32)
            if p is not None:
                m.put(t, p, int(t.scratch[1]), 1)
    return run


def build_activemask(ins):
    """activemask.b32 d: the lanes running together with this one; here, every live lane of the warp (they all
    stand at this instruction: lanes that diverged from it make the machine report a divergence)."""
    if ins.mods != ("b32",):
        raise CannotSimulate(f"activemask.{'.'.join(ins.mods)}", ins.text)
    (d,) = ins.args

    def run(m, warp):
        mask = sum(1 << (t.flat % 32) for t in warp)
        for t in warp:
            m.put(t, d, mask, 32)
    return run


COLLECTIVES = {"mma": build_mma, "shfl": build_shfl, "activemask": build_activemask}  # with wmma: ops_wmma
