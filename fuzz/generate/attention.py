"""The ``attention`` kind: ``softmax(scale * Q K^T + mask) V`` with sizes that stress tiles.

Sizes: K2 (the softmax axis, what an online softmax tiles) from 1, primes and widths just off the tile and
vector widths (``K2_SIZES``); M, N and K1 likewise from short lists with 1 and odd sizes.  The dtype is f16, f32
or bf16, as the swarm leaves on (``DTYPES``; float8 attention not yet).  The mask is none, additive (the dtype) or
boolean (``i8``, nonzero keeps; only where K2 > 2, so rows that drop every key stay rare: such a case is undefined and
redrawn).  The scale is ``1/sqrt(K1)`` rounded to the dtype, or a power of two.

Inputs.  Realistic: normal Q, K, V and mask.  Exact: small integers (Q and K in [-2, 2], V in [-16, 16], an
additive mask in [-3, 3]), never splat: the scores are exact integers times the scale, so only exp, the folded
``scale * log2(e)`` and the sums round, and the bound stays a few ulps wide (a zero-wide bound needs scores
exactly equal within a row, e.g. K zero: a splat, which the generator never draws; tests/test_attention_bound.py
builds such cases by hand to show a one-ulp error caught).

Where ``form:generic`` is on (and every feature its ops exercise), the case holds the generic form instead
(``fuzz.case.ops.attention.decompose``): two batch matmuls around a softmax, the cross-check of the named
op on the same shapes.  Whether a seed draws attention at all is decided apart (``fuzz.generate.generator``).
"""
from __future__ import annotations

import numpy as np

from fuzz.case.ops.attention import BOOLEAN_MASK_DTYPE, Attention, decompose
from fuzz.case.workload import NUMPY_DTYPE, ValueSpec
from fuzz.generate.base import Builder

K2_SIZES = (1, 2, 3, 5, 7, 8, 13, 15, 16, 17, 31, 32, 33, 63, 65)
M_SIZES = (1, 2, 3, 4, 7, 8, 9, 16, 17)
K1_SIZES = (1, 3, 4, 8, 15, 16, 32)
N_SIZES = (1, 3, 4, 8, 9, 16)
GENERIC_NEEDS = ("body:exp", "body:sub", "body:div", "reduce:max", "reduce:add", "map:broadcast", "matmul:batch",
                 "matmul:transposed")


DTYPES = ("f16", "f32", "bf16")  # what its bound and lowerings are tested with (tests/test_attention_compilers.py)
CHAINABLE = ("f16", "f32")  # the wide space chains consumers after it, and they draw f16/f32 bodies only


def _scale(b: Builder, dtype: str, k1: int) -> float:
    options = (float(np.dtype(NUMPY_DTYPE[dtype]).type(1 / np.sqrt(k1))), 0.125, 0.5, 1.0)
    return b.ch.choice(options)


def _mask_kind(b: Builder, k2: int) -> str:
    kinds = ("none", "additive", "boolean") if k2 > 2 else ("none", "additive")
    needs = {"boolean": "dtype:" + BOOLEAN_MASK_DTYPE}
    return b.pick(kinds, lambda k: b.on(needs[k]) if k in needs else True)


def _input(b: Builder, shape: tuple[int, ...], dtype: str, bound: int) -> str:
    """A realistic (normal) tensor, or in exact mode small integers in [-bound, bound]."""
    name = b.tensor(shape, dtype, bound)
    if not b.exact:
        t = b.inputs[-1]
        b.inputs[-1] = type(t)(t.name, t.shape, t.dtype, ValueSpec("normal", t.values.seed))
    return name


def _mask(b: Builder, kind: str, shape: tuple[int, ...], dtype: str) -> tuple[str, ...]:
    if kind == "none":
        return ()
    if kind == "additive":
        return (_input(b, shape, dtype, 3),)
    name = b.tensor(shape, BOOLEAN_MASK_DTYPE, 3)
    t = b.inputs[-1]
    b.inputs[-1] = type(t)(t.name, t.shape, t.dtype, ValueSpec("int", t.values.seed, low=0, high=3))  # 1/4 dropped
    return (name,)


def generic_form(b: Builder, mask: str) -> bool:
    needs = GENERIC_NEEDS + (("body:select",) if mask == "boolean" else ())
    return b.on("form:generic") and all(b.on(f) for f in needs) and b.ch.int(0, 2) == 0


def attention(b: Builder) -> str:
    """One attention op (or its generic form) over fresh Q, K, V (and mask)."""
    dtype = b.pick(DTYPES if not b.space.consumers else CHAINABLE, b.typed)
    batch, m, k1 = b.ch.int(1, 3), b.ch.choice(M_SIZES), b.ch.choice(K1_SIZES)
    k2, n = b.ch.choice(K2_SIZES), b.ch.choice(N_SIZES)
    kind = _mask_kind(b, k2)
    q = _input(b, (batch, m, k1), dtype, 2)
    k = _input(b, (batch, k2, k1), dtype, 2)
    v = _input(b, (batch, k2, n), dtype, 16)
    op = Attention(b.name(), (q, k, v) + _mask(b, kind, (batch, m, k2), dtype), _scale(b, dtype, k1), kind)
    if not generic_form(b, kind):
        return b.add(op)
    count = iter(range(len(b.ops) + 1, len(b.ops) + 16))  # the last op keeps the name op.name took
    ops = decompose(op, b.types, lambda: f"op{next(count)}")
    for o in ops:
        b.add(o)
    return ops[-1].name
