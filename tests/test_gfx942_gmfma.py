"""The group MFMA's exact f64 path (``gmfma``): where ``_exact_bound`` proves every partial sum exact, the stack's
f64 sum rounded once gives what exact rational arithmetic gives (ops_mfma's definition) on every wave, the zero's
sign included; where a sum could round (a term lost between two that cancel, a range past 53 bits, a non-finite
input) the bound refuses and the rationals' answer still comes out (``ops_mfma._exact_dot``)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from frontends.devices.gfx942 import gmfma, ops_mfma
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.group import Batch, Group
from frontends.devices.gfx942.state import Wave
from tests.test_gfx942_mfma import _rational

LINES = {"f16": "v_mfma_f32_16x16x16_f16 v[4:7], v[0:1], v[2:3], v[4:7]",
         "bf16": "v_mfma_f32_32x32x8bf16_1k v[4:19], v[0:1], v[2:3], v[4:19]",
         "f32": "v_mfma_f32_16x16x4_f32 v[4:7], v0, v2, v[4:7]"}


def _codes(values: np.ndarray, t: str) -> np.ndarray:
    """Values (exact in type t) as the uint32 registers hold them, two 16-bit elements to a dword."""
    if t == "f32":
        return values.astype(np.float32).view(np.uint32)
    half = values.astype(np.float16).view(np.uint16) if t == "f16" else \
        (values.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return np.ascontiguousarray(half).view(np.uint32)


def _waves(rng, t: str, draw) -> list:
    """Nine waves whose A and B registers hold ``draw(rng, shape)`` values and whose accumulators hold integers."""
    waves = []
    for i in range(9):
        w = Wave(20, 4, i)
        w.sw = [True] * len(w.sw)  # its SGPRs hold the values given (0 unless set), as if written
        w.v[0:4] = _codes(draw(rng, (4, 64) if t == "f32" else (4, 128)), t)
        w.v[4:] = rng.integers(-9, 10, (16, 64)).astype(np.float32).view(np.uint32)
        w.exec = 2**64 - 1
        waves.append(w)
    return waves


def _run(t: str, draw, seed: int = 0):
    """The group handler on the waves, the wave-by-wave handler on copies: (exact path taken, the batch, the copies
    after, the registers before, the instruction)."""
    from frontends.devices.gfx942.machine import bind
    k = assemble(LINES[t])
    bind(k)
    ins = k.code[0]
    waves = _waves(np.random.default_rng(seed), t, draw)
    before, copies = copy.deepcopy(waves), copy.deepcopy(waves)
    batch = Batch(waves, np.zeros(len(waves), np.int64), 0)
    rows, kk, _, src = ops_mfma.shape(ins.op)
    g = Group(batch, np.arange(len(waves)))
    a, b = (gmfma._codes(g, op, rows, kk, gmfma.EXACT[src][0]) for op in ins.ops[1:3])
    exact = gmfma._exact_bound(a, b, gmfma._c(g, ins.ops[3], rows), kk, src)
    with np.errstate(all="ignore"):
        assert gmfma.mfma(g, ins, None) is True
        for c in copies:
            ins.fn(c, ins, None)
    return exact, batch, copies, before, ins


def _rationals(w, ins) -> np.ndarray:
    """Wave ``w``'s D by exact rational arithmetic, laid out in its registers (ops_mfma's layouts)."""
    rows, k, _, src = ops_mfma.shape(ins.op)
    kpl = k // (64 // rows)
    nsrc, nd = max(1, kpl * ops_mfma.ELEM_BITS[src] // 32), rows * rows // 64
    a_el, b_el = (ops_mfma._elements(w.vregs(op, nsrc), ops_mfma.ELEM_BITS[src], src) for op in ins.ops[1:3])
    (lane, e), d_idx = ops_mfma._index(rows, k, kpl)
    C = w.vregs(ins.ops[3], nd)[d_idx].view(np.float32).astype(np.float64)
    return ops_mfma._scatter_d(_rational(a_el[lane, e], b_el[lane, e].T, C).view(np.uint32), rows, nd, d_idx)


def _ints(rng, shape):
    return rng.integers(-2, 3, shape).astype(np.float64)


def _wide(rng, shape):  # integers times powers of two over 12 bits of range, cancelling: exact sums
    return rng.integers(-3, 4, shape) * 2.0 ** rng.integers(-4, 7, shape)


def _lost(rng, shape):  # 2**20 and 2**-14 terms: a sum over 53 bits of range, which f64 may round
    return rng.choice([2.0**15, -2.0**15, 2.0**-14, 1.0], shape)


def _zeros(rng, shape):  # negative zeros whose products (and sums with the integer accumulators) are exact
    return np.where(rng.random(shape) < 0.5, -0.0, 0.0)


def _nan(rng, shape):
    v = _ints(rng, shape)
    v[0, 5] = np.nan
    return v


@pytest.mark.parametrize("t", sorted(LINES))
@pytest.mark.parametrize("draw,exact", [(_ints, True), (_wide, True), (_zeros, True), (_lost, False), (_nan, False)])
def test_the_group_mfma_equals_the_rationals_on_the_exact_path_and_off_it(t, draw, exact):
    took, batch, copies, before, ins = _run(t, draw)
    # f32's 24 digits put the bound on the lowest bit 23 below the smallest magnitude: the wide range misses it
    assert took == (exact and not (t == "f32" and draw is _wide))
    nd = ins.ops[0].count
    for i, (c, w) in enumerate(zip(copies, before)):
        assert (batch.v[:, i * 64:(i + 1) * 64] == c.v).all(), i  # the wave-by-wave machine's bits
        if i < 2 and draw is not _nan:
            assert (batch.v[4:4 + nd, i * 64:(i + 1) * 64] == _rationals(w, ins)).all(), i


def test_the_bound_refuses_a_range_one_bit_past_exact():
    """K * max|A| * max|B| + max|C| against 2**(51 + q): integers (q = 0 for A and B from their smallest
    magnitude 1, so q = -20 with f16's 11 digits) whose bound reaches 2**31 pass only below it."""
    def codes(v, dtype=np.float16):
        return np.array(v, dtype).view(np.uint16 if dtype == np.float16 else np.uint32).reshape(1, 1, 1, -1)
    one_c = codes([0.0], np.float32)
    a = codes([1.0, 2.0**15])  # smallest 1: q_a = -10; largest 2**15
    assert gmfma._exact_bound(a, codes([1.0, 2.0**10]), one_c, 16, "f16")  # 16 * 2**25 = 2**29 < 2**31
    assert not gmfma._exact_bound(a, codes([1.0, 2.0**12]), one_c, 16, "f16")  # 2**31: not below
    assert not gmfma._exact_bound(a, codes([1.0, np.inf]), one_c, 16, "f16")
    c = codes([2.0**-30], np.float32)  # C's lowest bit 2**-53: q = -53, the bound must be below 2**-2
    assert not gmfma._exact_bound(a, codes([1.0]), c, 16, "f16")
    assert gmfma._exact_bound(codes([0.0]), codes([1.0]), c, 16, "f16")  # A zero: C alone
